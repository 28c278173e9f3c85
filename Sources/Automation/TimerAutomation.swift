import Foundation

/// An automation on a timer: a `systemd --user` timer and the service it starts, written by
/// `retrocam automate add NAME --at CALENDAR STEP…` as `retrocam-auto-NAME.timer` and `.service`. The
/// units are the automation: systemd keeps the time, nothing of Retrocam runs until it fires. The
/// service runs `retrocam step STEP` (a bus call, so D-Bus activation starts the daemon), sandboxed to
/// what a bus client needs; what it says and how it ended go to the journal.
public struct TimerAutomation: Sendable, Equatable {
    /// Every unit of ours starts with this.
    public static let unitPrefix = "retrocam-auto-"
    /// The longest step.
    public static let maximumStepLength = 512

    /// The automation's name.
    public let name: String
    /// When it runs, as systemd normalized it (`Mon..Fri *-*-* 09:00:00`).
    public let calendar: String
    /// The step: `photo`, `clip 10s`, `shortcut timelapse`, `set decade 1970s`.
    public let step: String

    /// Makes an automation; `calendar` should be systemd's normalized form.
    public init(name: String, calendar: String, step: String) {
        self.name = name
        self.calendar = calendar
        self.step = step
    }

    /// `retrocam-auto-NAME.timer`.
    public var timerUnit: String { Self.unitPrefix + name + ".timer" }
    /// `retrocam-auto-NAME.service`.
    public var serviceUnit: String { Self.unitPrefix + name + ".service" }

    /// The service unit, running `client` (the absolute path of `retrocam`).
    public func serviceText(client: String) throws(AutomationError) -> String {
        let exec = try [client, "step", "--", step].map { word throws(AutomationError) in try SystemdWords.quote(word) }
        return """
            # Retrocam automation \(name), written by 'retrocam automate add'; 'retrocam automate remove \(name)' removes it.
            # It runs one step through the bus (D-Bus activation starts retrocamd if it is not running); the
            # step's dialog and its result go to the journal: journalctl --user -u \(serviceUnit)
            [Unit]
            Description=Retrocam automation \(name): \(try SystemdWords.escapeSpecifiers(step))

            [Service]
            Type=oneshot
            ExecStart=\(exec.joined(separator: " "))
            # A shortcut may wait up to an hour in all.
            TimeoutStartSec=65min

            # --- Sandbox: the client needs the session bus (an AF_UNIX path socket) and nothing else. ---
            ProtectSystem=strict
            ProtectHome=read-only
            PrivateTmp=yes
            PrivateDevices=yes
            PrivateNetwork=yes
            RestrictAddressFamilies=AF_UNIX
            UMask=0077
            NoNewPrivileges=yes
            ProtectKernelTunables=yes
            ProtectKernelModules=yes
            ProtectKernelLogs=yes
            ProtectControlGroups=yes
            ProtectClock=yes
            ProtectHostname=yes
            LockPersonality=yes
            RestrictRealtime=yes
            RestrictNamespaces=yes
            RestrictSUIDSGID=yes
            RemoveIPC=yes
            KeyringMode=private
            MemoryDenyWriteExecute=yes
            SystemCallArchitectures=native
            SystemCallFilter=@system-service
            SystemCallErrorNumber=EPERM
            CapabilityBoundingSet=

            """
    }

    /// The timer unit.
    public func timerText() throws(AutomationError) -> String {
        let when = try SystemdWords.escapeSpecifiers(calendar)
        return """
            # Retrocam automation \(name), written by 'retrocam automate add'; 'retrocam automate remove \(name)' removes it.
            [Unit]
            Description=Retrocam automation \(name) at \(when)

            [Timer]
            OnCalendar=\(when)
            AccuracySec=1s
            Unit=\(serviceUnit)

            [Install]
            WantedBy=timers.target

            """
    }

    /// Reads an automation back from its two units' text; nil when they are not as `serviceText` and
    /// `timerText` write them (edited by hand beyond recognition).
    public static func read(name: String, timer: String, service: String) -> TimerAutomation? {
        guard let calendar = value(of: "OnCalendar", in: timer),
              let exec = value(of: "ExecStart", in: service),
              let words = SystemdWords.words(of: exec), words.count == 4, words[1] == "step", words[2] == "--" else { return nil }
        return TimerAutomation(name: name, calendar: SystemdWords.unescapeSpecifiers(calendar), step: words[3])
    }

    /// The command line the service runs, as words: what `retrocam automate run` executes where no user
    /// manager runs. Nil when the service's `ExecStart=` is not one of ours.
    public static func command(ofService service: String) -> [String]? {
        value(of: "ExecStart", in: service).flatMap(SystemdWords.words(of:))
    }

    /// The value of the first `KEY=` line.
    static func value(of key: String, in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(key + "=") {
            return String(line.dropFirst(key.count + 1))
        }
        return nil
    }
}

/// Words in unit files, as systemd reads them (systemd.syntax(7), systemd.service(7) "Command lines").
enum SystemdWords {
    /// One word in double quotes: `\` and `"` escaped, `%` doubled (specifiers) and `$` doubled (variables).
    /// Control characters (a newline would end the line and start a setting) are refused.
    static func quote(_ word: String) throws(AutomationError) -> String {
        try refuseControls(word)
        var out = "\""
        for character in word {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "%": out += "%%"
            case "$": out += "$$"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    /// Reads back a line of words `quote` wrote; nil for anything else.
    static func words(of line: String) -> [String]? {
        var words: [String] = []
        var iterator = line.makeIterator()
        while let first = iterator.next() {
            if first == " " { continue }
            guard first == "\"" else { return nil }
            var word = ""
            var closed = false
            while let character = iterator.next() {
                switch character {
                case "\\":
                    guard let escaped = iterator.next() else { return nil }
                    word.append(escaped)
                case "%", "$":
                    guard iterator.next() == character else { return nil }
                    word.append(character)
                case "\"":
                    closed = true
                default:
                    word.append(character)
                }
                if closed { break }
            }
            guard closed else { return nil }
            words.append(word)
        }
        return words
    }

    /// `%` doubled, for a setting that expands specifiers (Description=, OnCalendar=).
    static func escapeSpecifiers(_ text: String) throws(AutomationError) -> String {
        try refuseControls(text)
        return text.replacingOccurrences(of: "%", with: "%%")
    }

    /// The reverse of `escapeSpecifiers`.
    static func unescapeSpecifiers(_ text: String) -> String { text.replacingOccurrences(of: "%%", with: "%") }

    private static func refuseControls(_ text: String) throws(AutomationError) {
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw AutomationError("'\(AutomationName.shown(text))' has a control character (a line break, a tab), which a unit file cannot hold.")
        }
    }
}
