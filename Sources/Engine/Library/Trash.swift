import Body
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Moves files to a freedesktop.org Trash (Trash specification 1.0): the file
/// goes to `files/<name>` and `info/<name>.trashinfo` says where it came from.
///
/// Every folder on the way (the Trash, `files`, `info`, the take's own folder) is opened without
/// following a link (`PrivateFolder`); the info file is created `O_CREAT|O_EXCL|O_NOFOLLOW` and the
/// file is *linked* into `files/` (which never replaces what is there), so nothing planted in the
/// Trash is followed or overwritten.
struct Trash {
    /// The trash directory, e.g. `$XDG_DATA_HOME/Trash`.
    let directory: URL

    /// Moves `file` into the trash; returns the name it got there.
    @discardableResult
    func move(_ file: URL, deletedAt date: Date = Date()) throws(IntentError) -> String {
        let source = file.standardizedFileURL
        let sourceName = source.lastPathComponent
        let origin: PrivateFolder, files: PrivateFolder, info: PrivateFolder
        do {
            origin = try PrivateFolder.open(source.deletingLastPathComponent(), create: false)
        } catch where error.code == ENOENT {
            throw .notFound("The file \(sourceName) is no longer there.")
        } catch {
            throw error.refusal(saving: "the take")
        }
        guard origin.contains(sourceName) else { throw .notFound("The file \(sourceName) is no longer there.") }
        do {
            let trash = try PrivateFolder.open(directory)
            files = try trash.subfolder("files")
            info = try trash.subfolder("info")
        } catch {
            throw .trash("The Trash at \(directory.path) cannot be used: \(error.refusal(saving: "the take").message)")
        }
        let contents = Trash.trashInfo(originalPath: source.path, deletedAt: date)
        let name = try reserveName(for: sourceName, files: files, info: info, contents: contents)
        do {
            try Trash.moveFile(sourceName, from: origin, to: name, in: files)
        } catch {
            info.remove(name + ".trashinfo")
            if error.code == ENOENT { throw .notFound("The file \(sourceName) is no longer there.") }
            throw .trash("\(sourceName) could not be moved to the Trash: \(error.reason).")
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
    private func reserveName(for original: String, files: PrivateFolder, info: PrivateFolder,
                             contents: String) throws(IntentError) -> String {
        let stem = (original as NSString).deletingPathExtension
        let ext = (original as NSString).pathExtension
        for attempt in 1...10_000 {
            let name = attempt == 1 ? original : (ext.isEmpty ? "\(stem)-\(attempt)" : "\(stem)-\(attempt).\(ext)")
            if files.contains(name) { continue }
            let descriptor: Int32
            do { descriptor = try info.createExclusive(name + ".trashinfo") } catch where error.code == EEXIST {
                continue
            } catch {
                throw .trash("The Trash's info folder cannot be written: \(error.reason).")
            }
            do {
                try PrivateFolder.writeAll(Data(contents.utf8), to: descriptor, path: info.path(name + ".trashinfo"))
                close(descriptor)
            } catch {
                close(descriptor)
                info.remove(name + ".trashinfo")
                throw .trash("The Trash's info file could not be written: \(error.reason).")
            }
            return name
        }
        throw .trash("The Trash has too many files called \(original).")
    }

    /// Links the file into `files/` (never replacing anything there) and removes the original; across
    /// filesystems, copies it into a file created exclusively, then removes the original.
    private static func moveFile(_ name: String, from origin: PrivateFolder, to target: String,
                                 in files: PrivateFolder) throws(FileFailure) {
        if linkat(origin.descriptor, name, files.descriptor, target, 0) == 0 {
            guard unlinkat(origin.descriptor, name, 0) == 0 else {
                let failure = FileFailure(errno, .move, origin.path(name))
                files.remove(target)
                throw failure
            }
            return
        }
        guard errno == EXDEV else { throw FileFailure(errno, .move, origin.path(name)) }
        let input = openat(origin.descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { throw FileFailure(errno, .read, origin.path(name)) }
        defer { close(input) }
        let output = try files.createExclusive(target)
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                let failure = FileFailure(errno, .read, origin.path(name))
                close(output)
                files.remove(target)
                throw failure
            }
            if count == 0 { break }
            do { try PrivateFolder.writeAll(Data(buffer[0..<count]), to: output, path: files.path(target)) } catch {
                close(output)
                files.remove(target)
                throw error
            }
        }
        close(output)
        origin.remove(name)
    }
}
