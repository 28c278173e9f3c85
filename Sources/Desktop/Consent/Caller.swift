import Foundation

/// A program calling the camera over the bus, as the bus and `/proc` describe it.
public struct Caller: Sendable, Equatable {
    /// Whether and how the program is confined.
    public enum Sandbox: Sendable, Equatable {
        /// An ordinary process of the user: trusted, as on any desktop.
        case none
        /// A Flatpak app (`/.flatpak-info` in its root names it).
        case flatpak(appID: String)
        /// A Snap (its AppArmor label or cgroup is `snap.NAME.APP`).
        case snap(name: String)
        /// Confined in a way whose app id could not be read: refused, since nobody can allow it.
        case unidentified(String)
    }

    /// The caller's unique bus name (`:1.42`).
    public let uniqueName: String
    /// Its process, when the bus knows it.
    public let pid: UInt32?
    /// Its user, when the bus knows it.
    public let uid: UInt32?
    /// Its confinement.
    public let sandbox: Sandbox
    /// The process's name (`/proc/PID/comm`), when readable.
    public let processName: String?

    /// Describes a caller.
    public init(uniqueName: String, pid: UInt32?, uid: UInt32?, sandbox: Sandbox, processName: String?) {
        self.uniqueName = uniqueName
        self.pid = pid
        self.uid = uid
        self.sandbox = sandbox
        self.processName = processName
    }

    /// The app id the desktop's permission store knows it by (Flatpak app id, Snap name); nil unconfined.
    public var appID: String? {
        switch sandbox {
        case .flatpak(let id): return id
        case .snap(let name): return name
        case .none, .unidentified: return nil
        }
    }

    /// What a person would call it: the app id when confined, else the process's name.
    public var appName: String {
        appID ?? processName ?? pid.map { "process \($0)" } ?? "the program at \(uniqueName)"
    }
}

/// Who a capture is for: a program on the bus, or a trigger of the desktop side (a key, a hotkey, the
/// notification's Stop button). Set as a task-local value around the work it asks for, so the take's
/// events (which the controller sends from that same task) can say for whom the camera filmed.
public enum Requester: Sendable, Equatable {
    /// A bus caller.
    case caller(Caller)
    /// A trigger of the desktop side, in words ("the camera key").
    case trigger(String)

    /// The requester of the work running now, if any.
    @TaskLocal public static var current: Requester?

    /// For the notification: "org.example.Cam", "busctl", "the camera key".
    public var displayName: String {
        switch self {
        case .caller(let caller): return caller.appName
        case .trigger(let words): return words
        }
    }
}
