import Foundation

/// Files the kernel writes as they are read (`/proc`): they report no size, and Foundation's
/// `String(contentsOfFile:)` stops after their first 4 KiB — and a `/proc/net/tcp`, `/proc/net/unix` or
/// `/proc/bus/input/devices` of a busy machine is longer than that.
public enum KernelFile {
    /// The whole text of the file at `path`, read to its end; nil when it cannot be opened.
    public static func text(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }
}
