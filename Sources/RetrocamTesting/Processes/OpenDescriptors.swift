import Foundation

/// The descriptors this process has open (`/proc/self/fd`), for the tests that check none is left
/// behind and the helpers that close the rest in a child.
public enum OpenDescriptors {
    /// The descriptors open now (the listing's own directory descriptor among them, as in every listing).
    public static var current: [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap(Int32.init)
    }
}
