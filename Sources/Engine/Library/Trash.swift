import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Moves files to a freedesktop.org Trash (Trash specification 1.0): the file
/// goes to `files/<name>` and `info/<name>.trashinfo` says where it came from.
struct Trash {
    /// The trash directory, e.g. `$XDG_DATA_HOME/Trash`.
    let directory: URL

    /// Moves `file` into the trash; returns the name it got there.
    @discardableResult
    func move(_ file: URL, deletedAt date: Date = Date()) throws(EngineError) -> String {
        let manager = FileManager.default
        let source = file.standardizedFileURL
        guard manager.fileExists(atPath: source.path) else {
            throw .notFound("The file \(source.lastPathComponent) is no longer there.")
        }
        let files = directory.appendingPathComponent("files", isDirectory: true)
        let info = directory.appendingPathComponent("info", isDirectory: true)
        do {
            for folder in [directory, files, info] {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw .trash("The Trash at \(directory.path) could not be created: \(EngineError.reason(error)).")
        }
        let contents = Trash.trashInfo(originalPath: source.path, deletedAt: date)
        let (name, infoFile) = try reserveName(for: source.lastPathComponent, files: files, info: info, contents: contents)
        let target = files.appendingPathComponent(name)
        do {
            try Trash.moveFile(from: source, to: target)
        } catch {
            try? manager.removeItem(at: infoFile)
            throw .trash("\(source.lastPathComponent) could not be moved to the Trash: \(EngineError.reason(error)).")
        }
        return name
    }

    /// The `.trashinfo` text for a file that was at `originalPath`.
    static func trashInfo(originalPath: String, deletedAt date: Date) -> String {
        "[Trash Info]\nPath=\(escapePath(originalPath))\nDeletionDate=\(deletionDate(date))\n"
    }

    /// The path URL-escaped as the spec asks (RFC 2396): unreserved characters and `/` stay.
    static func escapePath(_ path: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-_.!~*'()/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// `YYYY-MM-DDThh:mm:ss` in local time.
    static func deletionDate(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// Creates `info/<name>.trashinfo` exclusively (O_EXCL), trying `name`, `stem-2.ext`, …
    /// so two deletions of same-named files never collide.
    private func reserveName(for original: String, files: URL, info: URL,
                             contents: String) throws(EngineError) -> (String, URL) {
        let stem = (original as NSString).deletingPathExtension
        let ext = (original as NSString).pathExtension
        for attempt in 1...10_000 {
            let name = attempt == 1 ? original : (ext.isEmpty ? "\(stem)-\(attempt)" : "\(stem)-\(attempt).\(ext)")
            let infoFile = info.appendingPathComponent(name + ".trashinfo")
            if FileManager.default.fileExists(atPath: files.appendingPathComponent(name).path) { continue }
            let descriptor = open(infoFile.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw .trash("The Trash's info folder is not writable (\(String(cString: strerror(errno)))).")
            }
            let bytes = Array(contents.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            if written != bytes.count {
                try? FileManager.default.removeItem(at: infoFile)
                throw .trash("The Trash's info file could not be written.")
            }
            return (name, infoFile)
        }
        throw .trash("The Trash has too many files called \(original).")
    }

    /// Renames, or copies and deletes when the trash is on another filesystem.
    private static func moveFile(from source: URL, to target: URL) throws {
        if rename(source.path, target.path) == 0 { return }
        guard errno == EXDEV else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        try FileManager.default.copyItem(at: source, to: target)
        try FileManager.default.removeItem(at: source)
    }
}
