import Foundation

/// A program that will run after an event: its path and its name as `hooks list` shows it.
public struct HookProgram: Sendable, Equatable {
    /// The absolute path that is executed.
    public let path: String
    /// `take-saved` or `take-saved.d/copy-to-nas`: relative to the hooks folder.
    public let name: String
}

/// A file in the hooks folder that does not run, and why.
public struct SkippedHook: Sendable, Equatable {
    /// Relative to the hooks folder.
    public let name: String
    /// "group-writable (chmod g-w)", "not executable (chmod +x)", …
    public let reason: String
}

/// What runs after one event, in order, and what is skipped.
public struct HookPlan: Sendable, Equatable {
    /// The event.
    public let event: HookEvent
    /// `hooks/EVENT` first, then `hooks/EVENT.d/*` by name.
    public let programs: [HookProgram]
    /// The files that would have run but do not, with the reason.
    public let skipped: [SkippedHook]

    /// A plan; `HookFolder.plan(for:)` is the usual way to get one.
    public init(event: HookEvent, programs: [HookProgram], skipped: [SkippedHook]) {
        self.event = event
        self.programs = programs
        self.skipped = skipped
    }
}

/// The user's hooks folder (`$XDG_CONFIG_HOME/retrocam/hooks`) and the rules a program there must meet
/// to run: a regular file (a symbolic link is followed), executable by its owner, owned by the user (or
/// root), neither group- nor world-writable, in folders that are the same; hidden and backup files
/// (`.name`, `name~`) are skipped. Read afresh for every event, so a change needs no restart. Nothing
/// on the bus can add, change or point to a hook: the folder is the only way in.
public struct HookFolder: Sendable {
    /// The most programs run after one event; the rest are skipped with a reason.
    public static let maximumPrograms = 32

    /// The folder.
    public let directory: URL
    /// The user programs must belong to (root's programs are allowed too: only root can change them).
    public let uid: uid_t

    /// The hooks folder of `folders`, for the user running this process.
    public init(_ folders: AutomationFolders, uid: uid_t = geteuid()) {
        self.init(directory: folders.hooks, uid: uid)
    }

    /// A hooks folder at `directory`.
    public init(directory: URL, uid: uid_t = geteuid()) {
        self.directory = directory
        self.uid = uid
    }

    /// What runs after `event`, and what is skipped.
    public func plan(for event: HookEvent) -> HookPlan {
        var programs: [HookProgram] = []
        var skipped: [SkippedHook] = []
        func consider(_ name: String) {
            let path = directory.appendingPathComponent(name).path
            if let reason = refusal(ofProgram: path) {
                skipped.append(SkippedHook(name: name, reason: reason))
            } else if programs.count >= Self.maximumPrograms {
                skipped.append(SkippedHook(name: name, reason: "more than \(Self.maximumPrograms) programs for \(event.rawValue)"))
            } else {
                programs.append(HookProgram(path: path, name: name))
            }
        }
        if exists(directory.path) {
            if let reason = refusal(ofFolder: directory.path) {
                return HookPlan(event: event, programs: [], skipped: [SkippedHook(name: ".", reason: reason)])
            }
            if exists(directory.appendingPathComponent(event.rawValue).path) { consider(event.rawValue) }
            let folderName = event.rawValue + ".d"
            let folder = directory.appendingPathComponent(folderName).path
            if exists(folder) {
                if let reason = refusal(ofFolder: folder) {
                    skipped.append(SkippedHook(name: folderName, reason: reason))
                } else {
                    for entry in Self.sortedEntries(of: folder) {
                        let name = folderName + "/" + entry
                        if entry.hasPrefix(".") || entry.hasSuffix("~") {
                            skipped.append(SkippedHook(name: name, reason: "a hidden or backup file"))
                        } else {
                            consider(name)
                        }
                    }
                }
            }
        }
        return HookPlan(event: event, programs: programs, skipped: skipped)
    }

    /// Every event's plan, in the order of `HookEvent.allCases`.
    public func plans() -> [HookPlan] { HookEvent.allCases.map(plan(for:)) }

    /// Files in the folder named after no event (`take-saved.sh`, `take_saved`): they never run.
    public func strays() -> [SkippedHook] {
        guard exists(directory.path), refusal(ofFolder: directory.path) == nil else { return [] }
        let known = Set(HookEvent.allCases.flatMap { [$0.rawValue, $0.rawValue + ".d"] })
        return Self.sortedEntries(of: directory.path).filter { !known.contains($0) && !$0.hasPrefix(".") }.map {
            SkippedHook(name: $0, reason: "named after no event (events: \(HookEvent.names))")
        }
    }

    // MARK: Rules

    /// Why the file at `path` may not run, or nil.
    func refusal(ofProgram path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "a symbolic link to nothing" : "unreadable (\(String(cString: strerror(errno))))"
        }
        if info.st_mode & S_IFMT == S_IFDIR { return "a folder (programs for an event go in EVENT.d/)" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        if let reason = ownership(info) { return reason }
        guard info.st_mode & S_IXUSR != 0 else { return "not executable (chmod u+x)" }
        return nil
    }

    /// Why programs in the folder at `path` may not run, or nil.
    func refusal(ofFolder path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "the folder cannot be read (\(String(cString: strerror(errno))))" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "not a folder" }
        return ownership(info).map { "the folder is \($0)" }
    }

    /// Owned by someone else, or writable by others: another user could change what runs.
    private func ownership(_ info: stat) -> String? {
        if info.st_uid != uid && info.st_uid != 0 { return "owned by user \(info.st_uid), not by you" }
        if info.st_mode & S_IWOTH != 0 { return "world-writable (chmod o-w)" }
        if info.st_mode & S_IWGRP != 0 { return "group-writable (chmod g-w)" }
        return nil
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The names in a folder, sorted by their bytes (as `run-parts` and the C locale order them).
    static func sortedEntries(of path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
