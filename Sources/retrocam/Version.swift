/// The client's version, as `--version` and the man page say it.
enum Version {
    /// The release.
    static let current = "0.12.0"
}
