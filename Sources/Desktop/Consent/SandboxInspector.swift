import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells from `/proc` whether a process is confined, as xdg-desktop-portal does: a Flatpak app has
/// `/.flatpak-info` in its own root (read as `/proc/PID/root/.flatpak-info`, never following a link);
/// a Snap has the AppArmor label `snap.NAME.APP` or a `snap.NAME.APP-….scope` cgroup.
public struct SandboxInspector: Sendable {
    /// Where `/proc` is (tests point it at a folder of their own).
    public let proc: String

    /// Reads `proc` (default `/proc`).
    public init(proc: String = "/proc") { self.proc = proc }

    /// The sandbox of process `pid` with the bus's `securityLabel`, and its name. Blocks on `/proc`:
    /// call it off the request threads.
    public func inspect(pid: UInt32?, securityLabel: String?) -> (sandbox: Caller.Sandbox, processName: String?) {
        if let name = Self.snapName(label: securityLabel) { return (.snap(name: name), processName(pid)) }
        guard let pid else {
            return (.unidentified("The bus does not know its process, so its sandbox cannot be checked."), nil)
        }
        let name = processName(pid)
        switch flatpakInfo(pid) {
        case .absent:
            if let snap = snapNameFromCgroup(pid) { return (.snap(name: snap), name) }
            return (.none, name)
        case .text(let text):
            guard let id = Self.flatpakAppID(text) else {
                return (.unidentified("It runs in a Flatpak sandbox whose .flatpak-info names no app."), name)
            }
            return (.flatpak(appID: id), name)
        case .unreadable(let reason):
            return (.unidentified("Its root could not be inspected (\(reason)), so its sandbox cannot be checked."), name)
        }
    }

    /// `/proc/PID/comm`, trimmed.
    func processName(_ pid: UInt32?) -> String? {
        guard let pid, let text = try? String(contentsOfFile: "\(proc)/\(pid)/comm", encoding: .utf8) else { return nil }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    enum FlatpakInfo: Equatable {
        case absent
        case text(String)
        case unreadable(String)
    }

    /// The process's `/.flatpak-info`, opened relative to its root without following a link.
    func flatpakInfo(_ pid: UInt32) -> FlatpakInfo {
        let root = open("\(proc)/\(pid)/root", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { close(root) }
        let file = openat(root, ".flatpak-info", O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            return errno == ENOENT ? .absent : .unreadable(String(cString: strerror(errno)))
        }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(file, &buffer, buffer.count)
        guard count >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        return .text(String(decoding: buffer[0..<count], as: UTF8.self))
    }

    /// `name=` of the `[Application]` group of a `.flatpak-info` key file.
    static func flatpakAppID(_ text: String) -> String? {
        var group = ""
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") && line.hasSuffix("]") { group = String(line.dropFirst().dropLast()) }
            else if group == "Application", line.hasPrefix("name=") {
                let id = String(line.dropFirst(5)).trimmingCharacters(in: .whitespaces)
                return id.isEmpty ? nil : id
            }
        }
        return nil
    }

    /// The snap's name from an AppArmor label `snap.NAME.APP (enforce)`.
    static func snapName(label: String?) -> String? {
        guard let label, label.hasPrefix("snap.") else { return nil }
        let parts = label.split(separator: " ").first?.split(separator: ".") ?? []
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// The snap's name from a cgroup path segment `snap.NAME.APP-UUID.scope`.
    func snapNameFromCgroup(_ pid: UInt32) -> String? {
        guard let text = try? String(contentsOfFile: "\(proc)/\(pid)/cgroup", encoding: .utf8) else { return nil }
        return Self.snapName(cgroup: text)
    }

    static func snapName(cgroup text: String) -> String? {
        // Most callers are not snaps: one search instead of a look at every character.
        guard text.contains("snap.") else { return nil }
        for segment in text.split(whereSeparator: { $0 == "/" || $0 == "\n" || $0 == ":" }) where segment.hasPrefix("snap.") {
            let parts = segment.split(separator: ".")
            if parts.count >= 3 { return String(parts[1]) }
        }
        return nil
    }
}
