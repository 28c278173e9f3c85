import Foundation

/// An automation that runs a step when an event happens: `retrocam automate add NAME --when EVENT STEP…`.
public struct EventAutomation: Sendable, Equatable {
    /// Its name.
    public let name: String
    /// What it runs after.
    public let event: HookEvent
    /// The step as written: `shortcut noir-portrait`, `photo`, `set decade 1970s`.
    public let step: String

    /// Makes an automation.
    public init(name: String, event: HookEvent, step: String) {
        self.name = name
        self.event = event
        self.step = step
    }
}

/// The event automations, one small file each in `$XDG_CONFIG_HOME/retrocam/automations`, named
/// `NAME.EVENT` (`portrait.camera-added`), holding the step line under a comment. The daemon reads the
/// files of an event when it happens, so an automation added or removed counts at once.
public struct EventAutomations: Sendable {
    /// The most automations of every kind together (`retrocam automate add` refuses more; the daemon runs
    /// the first this many of an event by name).
    public static let maximumCount = 1000
    /// The largest file read.
    static let maximumFileSize = 4096

    /// The folder.
    public let directory: URL

    /// The folder of `folders`.
    public init(_ folders: AutomationFolders) { directory = folders.events }

    /// The automations that run after `event`, by name (at most `maximumCount`), and a sentence for each
    /// file that cannot be used.
    public func automations(for event: HookEvent) -> (automations: [EventAutomation], problems: [String]) {
        var found: [EventAutomation] = []
        var problems: [String] = []
        let suffix = "." + event.rawValue
        let names = HookFolder.sortedEntries(of: directory.path).filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
        for file in names {
            guard found.count < Self.maximumCount else {
                problems.append("\(names.count - found.count - problems.count) more automations for \(event.rawValue) are not run: at most \(Self.maximumCount) are.")
                break
            }
            do throws(AutomationError) {
                found.append(try read(file))
            } catch {
                problems.append(error.message)
            }
        }
        return (found, problems)
    }

    /// Every event automation, by name.
    public func all() -> [EventAutomation] {
        HookFolder.sortedEntries(of: directory.path).compactMap { file in try? read(file) }
    }

    /// The names of every file here, whatever its event (for counting and for names already taken).
    public func names() -> [String] {
        HookFolder.sortedEntries(of: directory.path).compactMap { file in
            guard !file.hasPrefix("."), let dot = file.lastIndex(of: "."), HookEvent(rawValue: String(file[file.index(after: dot)...])) != nil else { return nil }
            return String(file[..<dot])
        }
    }

    /// The automation called `name`, if it is an event automation.
    public func named(_ name: String) -> EventAutomation? {
        HookEvent.allCases.lazy.compactMap { event in try? self.read(name + "." + event.rawValue) }.first
    }

    /// Writes a new automation (the caller has checked its name and step, and that the name is free).
    public func add(_ automation: EventAutomation) throws(AutomationError) {
        let file = directory.appendingPathComponent(automation.name + "." + automation.event.rawValue)
        let text = "# Retrocam automation \(automation.name): runs this step after each \(automation.event.rawValue).\n"
            + "# Written by 'retrocam automate add'; 'retrocam automate remove \(automation.name)' removes it.\n"
            + automation.step + "\n"
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: file, options: [.withoutOverwriting])
        } catch {
            throw AutomationError("Could not write \(file.path): \(error.localizedDescription)")
        }
    }

    /// Removes the automation called `name`; false when there is none.
    public func remove(_ name: String) throws(AutomationError) -> Bool {
        guard let automation = named(name) else { return false }
        let file = directory.appendingPathComponent(name + "." + automation.event.rawValue)
        do { try FileManager.default.removeItem(at: file) } catch {
            throw AutomationError("Could not remove \(file.path): \(error.localizedDescription)")
        }
        return true
    }

    /// Reads one file: its name and event from the file name, the step from its first line that is not a comment.
    func read(_ file: String) throws(AutomationError) -> EventAutomation {
        guard let dot = file.lastIndex(of: "."), let event = HookEvent(rawValue: String(file[file.index(after: dot)...])) else {
            throw AutomationError("\(file) is named after no event.")
        }
        let name = String(file[..<dot])
        try AutomationName.validate(name)
        let url = directory.appendingPathComponent(file)
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw AutomationError("The automation \(name) (\(url.path)) cannot be read.")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumFileSize + 1)) ?? Data()
        guard data.count <= Self.maximumFileSize, let text = String(data: data, encoding: .utf8) else {
            throw AutomationError("The automation \(name) (\(url.path)) is not UTF-8 text of at most \(Self.maximumFileSize) bytes.")
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let step = lines.first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else {
            throw AutomationError("The automation \(name) (\(url.path)) has no step.")
        }
        return EventAutomation(name: name, event: event, step: step)
    }
}
