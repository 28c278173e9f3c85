import Body

/// The LIBRARY's list of takes, for viewers (the viewfinder's LIBRARY page).
extension CameraController {
    /// The largest page `takes(first:count:)` answers.
    public static let takesPageLimit = 1000

    /// Up to `count` takes, newest first, starting `first` takes from the newest. Throws
    /// `invalidArguments` for a negative `first` or a `count` outside 1…`takesPageLimit`;
    /// a `first` past the end answers no takes.
    public func takes(first: Int, count: Int) async throws(IntentError) -> [CapturedTake] {
        guard first >= 0 else {
            throw .invalidArguments("The first take must be 0 or more (0 is the newest); \(first) is not.")
        }
        guard (1...Self.takesPageLimit).contains(count) else {
            throw .invalidArguments("Ask for 1 to \(Self.takesPageLimit) takes at a time, not \(count).")
        }
        let all = await device.takes()
        guard first < all.count else { return [] }
        return Array(all.reversed()[first..<min(all.count, first + count)])
    }
}
