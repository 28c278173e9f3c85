import Body
import Foundation
import XDG

/// The shortcut folders: shipped ones first, then the user's (`$XDG_CONFIG_HOME/retrocam/shortcuts`),
/// whose files win over shipped files of the same name. A name never reaches outside them.
public struct ShortcutLibrary: Sendable {
    /// The file extension of a shortcut file.
    public static let fileExtension = "retrocam"

    /// One shortcut as ListShortcuts reports it.
    public struct Entry: Sendable, Equatable {
        /// The name it is run by.
        public let name: String
        /// Its first comment, or the error that keeps it from loading.
        public let description: String
        /// The file's path.
        public let path: String
        /// True when the file loads; false when it has an error (the description says which).
        public let isValid: Bool
    }

    /// The folders searched, lowest priority first.
    public let directories: [URL]
    /// The limits every file is held to.
    public let limits: ShortcutLimits

    /// A library over `directories` (lowest priority first).
    public init(directories: [URL], limits: ShortcutLimits = ShortcutLimits()) {
        self.directories = directories
        self.limits = limits
    }

    /// The user's folder: `$XDG_CONFIG_HOME/retrocam/shortcuts`, or `~/.config/retrocam/shortcuts`.
    public static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders(environment: environment).configHome.appendingPathComponent("retrocam/shortcuts", isDirectory: true)
    }

    /// Checks a name: 1–64 characters of letters, digits, `-`, `_` and `.`, not starting with `.`;
    /// so no `/`, no `..`, no NUL, nothing that leaves the folder.
    public func validate(name: String) throws(ShortcutError) {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        }
        guard !name.isEmpty, name.count <= limits.maximumNameLength, allowed, !name.hasPrefix("."), !name.contains("..") else {
            let shown = Spoken.shortened(name)
            throw ShortcutError(.badName, file: shown.replacingOccurrences(of: "\0", with: "\\0"),
                                "A shortcut name is 1 to \(limits.maximumNameLength) letters, digits, '-', '_' or '.', and cannot start with '.' or contain '/' or '..'.")
        }
    }

    /// The file a name runs, or NotFound listing the names there are.
    public func url(of name: String) throws(ShortcutError) -> URL {
        try validate(name: name)
        let fileName = name + "." + Self.fileExtension
        for directory in directories.reversed() {
            let candidate = directory.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        let names = self.names()
        let known = names.isEmpty ? "There are no shortcuts." : "Shortcuts: \(names.joined(separator: ", "))."
        throw ShortcutError(.notFound, file: fileName, "There is no shortcut called \(name). \(known)")
    }

    /// Loads and validates a shortcut by name.
    public func load(_ name: String) throws(ShortcutError) -> Shortcut {
        let url = try url(of: name)
        return try Self.load(url: url, name: name, limits: limits)
    }

    /// Loads and validates the file at `url`, reading at most one byte more than the limit.
    public static func load(url: URL, name: String, limits: ShortcutLimits = ShortcutLimits()) throws(ShortcutError) -> Shortcut {
        let file = url.lastPathComponent
        // Only regular files (after symlinks): a FIFO or device would block or never end.
        if let isRegular = try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]).isRegularFile, !isRegular {
            throw ShortcutError(.unreadable, file: file, "This is not a regular file.")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: limits.maximumFileBytes + 1) ?? Data()
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "It could not be read (\(error.localizedDescription))." : "The file does not exist."
            throw ShortcutError(FileManager.default.fileExists(atPath: url.path) ? .unreadable : .notFound, file: url.path, reason)
        }
        return try ShortcutParser.parse(data, name: name, file: file, limits: limits)
    }

    /// Every shortcut name, sorted; a user file hides a shipped one of the same name.
    public func names() -> [String] {
        var names = Set<String>()
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for file in files where file.hasSuffix("." + Self.fileExtension) {
                let name = String(file.dropLast(Self.fileExtension.count + 1))
                if (try? validate(name: name)) != nil { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// Every shortcut with its description (or its load error) and path.
    public func entries() -> [Entry] {
        names().compactMap { name -> Entry? in
            guard let url = try? url(of: name) else { return nil }
            do throws(ShortcutError) {
                let shortcut = try Self.load(url: url, name: name, limits: limits)
                return Entry(name: name, description: shortcut.description, path: url.path, isValid: true)
            } catch {
                return Entry(name: name, description: "Invalid: \(error.description)", path: url.path, isValid: false)
            }
        }
    }
}
