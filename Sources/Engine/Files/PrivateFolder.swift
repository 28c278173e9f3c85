import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One of the camera's own folders (takes, state, Trash), opened without following a symbolic link,
/// so every file made in it is made *in it*: relative to the open folder (`openat`, `linkat`,
/// `renameat`), never through a path another process could redirect.
///
/// Opening refuses a folder that is a symbolic link, not a folder, or another user's. Folders this
/// opens as new are made 0700 whatever the umask; files are created 0600 with
/// `O_CREAT|O_EXCL|O_NOFOLLOW`, so a file, link or dangling link planted at a name is never
/// followed nor replaced: the name is skipped.
final class PrivateFolder: Sendable {
    /// The folder's path, for sentences.
    let url: URL
    /// The open folder.
    let descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Opens `url`, making it (and missing parents) 0700 first when `create`; refuses a symbolic link,
    /// a non-folder and a folder owned by another user. The corresponding C call is `open(O_DIRECTORY|O_NOFOLLOW)`.
    static func open(_ url: URL, create: Bool = true) throws(FileFailure) -> PrivateFolder {
        let path = url.standardizedFileURL.path
        if create { try makeParents(of: path) }
        var descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0, errno == ENOENT, create {
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw FileFailure(errno, .makeFolder, path) }
            descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 { _ = fchmod(descriptor, 0o700) }
        }
        guard descriptor >= 0 else { throw FileFailure(errno, .openFolder, path) }
        return try checked(PrivateFolder(url: URL(fileURLWithPath: path, isDirectory: true), descriptor: descriptor))
    }

    /// The folder `name` inside this one (made 0700 when missing), with the same checks.
    func subfolder(_ name: String) throws(FileFailure) -> PrivateFolder {
        let path = url.appendingPathComponent(name).path
        var child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if child < 0, errno == ENOENT {
            guard mkdirat(descriptor, name, 0o700) == 0 || errno == EEXIST else { throw FileFailure(errno, .makeFolder, path) }
            child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 { _ = fchmod(child, 0o700) }
        }
        guard child >= 0 else { throw FileFailure(errno, .openFolder, path) }
        return try Self.checked(PrivateFolder(url: URL(fileURLWithPath: path, isDirectory: true), descriptor: child))
    }

    /// The full path of `name` in this folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    // MARK: Creating files

    /// Creates `name` for writing, 0600, failing with `EEXIST` when anything (a link included) is there.
    /// The caller owns the returned descriptor. The corresponding C call is `openat(O_CREAT|O_EXCL|O_NOFOLLOW)`.
    func createExclusive(_ name: String) throws(FileFailure) -> Int32 {
        let descriptor = openat(self.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileFailure(errno, .create, path(name)) }
        _ = fchmod(descriptor, 0o600)
        return descriptor
    }

    /// Creates the first free name of `base.ext`, `base-2.ext`, `base-3.ext`, … exclusively; answers the
    /// name and its open descriptor (the caller closes it). A name taken by anything is skipped.
    func createUnique(base: String, extension ext: String) throws(FileFailure) -> (name: String, descriptor: Int32) {
        for counter in 1...10_000 {
            let name = Self.candidate(base: base, extension: ext, counter: counter)
            do {
                return (name, try createExclusive(name))
            } catch where error.code == EEXIST {
                continue
            }
        }
        throw FileFailure(EEXIST, .create, path("\(base).\(ext)"))
    }

    /// Writes `data` under the first free name of `base.ext`, `base-2.ext`, …: into a hidden temporary
    /// file first, then linked to its name (which never replaces anything), so the name appears only
    /// with every byte in it. On any failure nothing is left behind. Answers the file's path.
    func writeNew(_ data: Data, base: String, extension ext: String) throws(FileFailure) -> String {
        let temporary = try writeTemporary(data, hint: base)
        defer { _ = unlinkat(descriptor, temporary, 0) }
        for counter in 1...10_000 {
            let name = Self.candidate(base: base, extension: ext, counter: counter)
            if linkat(descriptor, temporary, descriptor, name, 0) == 0 { return path(name) }
            guard errno == EEXIST else { throw FileFailure(errno, .write, path(name)) }
        }
        throw FileFailure(EEXIST, .create, path("\(base).\(ext)"))
    }

    /// Replaces `name` with `data` atomically: a new 0600 temporary file, then `renameat` over the
    /// name (a link found there is replaced, never followed). Readers see the old or the new whole file.
    func replace(_ name: String, with data: Data) throws(FileFailure) {
        let temporary = try writeTemporary(data, hint: name)
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let failure = FileFailure(errno, .write, path(name))
            _ = unlinkat(descriptor, temporary, 0)
            throw failure
        }
    }

    /// The contents of `name`, read without following a link; nil when it is missing.
    func read(_ name: String, limit: Int = 64 * 1024 * 1024) throws(FileFailure) -> Data? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw FileFailure(errno, .read, path(name))
        }
        defer { _ = Glibc.close(file) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let count = Glibc.read(file, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileFailure(errno, .read, path(name)) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
        throw FileFailure(EFBIG, .read, path(name))
    }

    /// Removes the file `name` (a link is removed, not its target); a missing file is no error.
    func remove(_ name: String) {
        _ = unlinkat(descriptor, name, 0)
    }

    /// True when something (a link included) is at `name`.
    func contains(_ name: String) -> Bool {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    // MARK: Helpers

    /// A 0600 hidden file holding `data`; answers its name. Removed again when writing fails.
    private func writeTemporary(_ data: Data, hint: String) throws(FileFailure) -> String {
        for _ in 0..<100 {
            let name = ".\(hint.prefix(60)).\(UInt32.random(in: 0...UInt32.max)).partial"
            let file: Int32
            do { file = try createExclusive(name) } catch where error.code == EEXIST { continue }
            do {
                try Self.writeAll(data, to: file, path: path(name))
            } catch {
                _ = Glibc.close(file)
                _ = unlinkat(descriptor, name, 0)
                throw error
            }
            guard Glibc.close(file) == 0 else {
                let failure = FileFailure(errno, .write, path(name))
                _ = unlinkat(descriptor, name, 0)
                throw failure
            }
            return name
        }
        throw FileFailure(EEXIST, .create, path(".\(hint).partial"))
    }

    /// Writes every byte of `data` to `file`.
    static func writeAll(_ data: Data, to file: Int32, path: String) throws(FileFailure) {
        let failure: Int32? = data.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw FileFailure(failure, .write, path) }
    }

    static func candidate(base: String, extension ext: String, counter: Int) -> String {
        counter == 1 ? "\(base).\(ext)" : "\(base)-\(counter).\(ext)"
    }

    /// Makes the missing parents of `path` (0700, as the XDG base directory specification asks).
    private static func makeParents(of path: String) throws(FileFailure) {
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != "/", parent != path else { return }
        var info = stat()
        if stat(parent, &info) == 0 { return }
        try makeParents(of: parent)
        guard mkdir(parent, 0o700) == 0 || errno == EEXIST else { throw FileFailure(errno, .makeFolder, parent) }
    }

    /// Refuses a folder owned by another user (this one could not keep its files private).
    private static func checked(_ folder: PrivateFolder) throws(FileFailure) -> PrivateFolder {
        var info = stat()
        guard fstat(folder.descriptor, &info) == 0 else { throw FileFailure(errno, .openFolder, folder.url.path) }
        guard info.st_uid == geteuid() else { throw FileFailure(EPERM, .foreignFolder, folder.url.path) }
        return folder
    }
}
