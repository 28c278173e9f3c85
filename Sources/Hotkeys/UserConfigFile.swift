import Foundation

/// A file in the user's config that belongs to the user: read it, append to it, or replace a block of
/// ours in it, never replacing the file itself. A symbolic link (a stow or home-manager dotfile) stays
/// a link: the file it points to is edited, or the edit is refused with a sentence when that file
/// cannot be written.
struct UserConfigFile {
    /// The path the program reads (possibly a link).
    let url: URL

    /// True when the path exists (following links).
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The file the path leads to, links followed.
    var target: URL { url.resolvingSymlinksInPath() }

    /// True when the path itself is a symbolic link.
    var isLink: Bool { (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil }

    /// The text, or an error naming the file.
    func text() throws(HotkeyError) -> String {
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw HotkeyError("Could not read \(url.path): \(error.localizedDescription)")
        }
    }

    /// Refuses with a sentence when the file the path leads to cannot be written.
    func checkWritable(saying line: String) throws(HotkeyError) {
        guard access(target.path, W_OK) == 0 else {
            let via = isLink ? "\(url.path) links to \(target.path), which" : "\(url.path)"
            throw HotkeyError("\(via) cannot be written (\(String(cString: strerror(errno)))), so nothing was changed. Add this line to it where you keep it: \(line)")
        }
    }

    /// Appends `line` (on a line of its own) to the file the path leads to, in place: same file, same
    /// permissions, the link untouched.
    func append(line: String) throws(HotkeyError) {
        let existing = try text()
        let addition = (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + line + "\n"
        let fd = open(target.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw HotkeyError("Could not open \(target.path) to add a line: \(String(cString: strerror(errno))).") }
        defer { close(fd) }
        let bytes = Array(addition.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else {
            throw HotkeyError("Could not add a line to \(target.path): \(String(cString: strerror(errno))).")
        }
    }

    /// Replaces the whole text of the file the path leads to (atomically, keeping its permissions);
    /// the link, if any, keeps pointing at it.
    func replace(with text: String) throws(HotkeyError) {
        let destination = target
        let mode = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions]) as? NSNumber
        do {
            try text.write(to: destination, atomically: true, encoding: .utf8)
            if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: destination.path) }
        } catch {
            throw HotkeyError("Could not write \(destination.path): \(error.localizedDescription)")
        }
    }
}

/// A file that is wholly ours (the included hotkeys file, the KDE desktop file): written whole, its
/// folder made when missing; a link there is followed, not replaced.
struct OwnedFile {
    /// Where it goes.
    let url: URL

    /// Writes `text`, answering whether anything changed.
    @discardableResult
    func write(_ text: String) throws(HotkeyError) -> Bool {
        let destination = url.resolvingSymlinksInPath()
        if (try? String(contentsOf: destination, encoding: .utf8)) == text { return false }
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: destination, atomically: true, encoding: .utf8)
        } catch {
            throw HotkeyError("Could not write \(destination.path): \(error.localizedDescription)")
        }
        return true
    }
}
