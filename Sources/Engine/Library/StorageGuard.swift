import Body
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Refuses a take when the disk that would hold it is nearly full.
enum StorageGuard {
    /// Bytes available to an unprivileged user on the filesystem holding `directory`.
    /// The corresponding C function is `statvfs`.
    static func freeBytes(at directory: URL) -> Int64? {
        var info = statvfs()
        guard statvfs(directory.path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// True when the filesystem holding `directory` is mounted read-only (`ST_RDONLY`).
    static func isReadOnly(_ directory: URL) -> Bool {
        var info = statvfs()
        return statvfs(directory.path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Throws `.notAllowed` when `directory` is on a read-only filesystem, `.storageFull` when fewer
    /// than `minimum` bytes are free there.
    static func check(_ directory: URL, minimum: Int64,
                      probe: (URL) -> Int64? = StorageGuard.freeBytes(at:)) throws(IntentError) {
        if isReadOnly(directory) {
            throw .notAllowed("The folder \(directory.path) is read-only, so the take cannot be saved there.")
        }
        guard let free = probe(directory) else {
            throw .storageFull("The folder \(directory.path) cannot be reached to save the take.")
        }
        if free < minimum {
            throw .storageFull("Storage is full: \(megabytes(free)) left, \(megabytes(minimum)) needed to start a take.")
        }
    }

    /// "12 MB".
    static func megabytes(_ bytes: Int64) -> String {
        "\(max(0, bytes) / (1024 * 1024)) MB"
    }
}
