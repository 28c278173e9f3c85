import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One daemon per home: an exclusive `flock` on `retrocamd.lock` in the state folder, held for the
/// daemon's life (the kernel lets go when the process ends, however it ends). The file says who holds
/// it (`pid=`, `bus=`), so a second daemon — on this bus or any other — can name the first and leave
/// before it touches the takes index or a clip the first is writing.
public final class InstanceLock: Sendable {
    /// The lock file's name in the state folder.
    public static let fileName = "retrocamd.lock"

    /// Who holds the lock, as its file says.
    public struct Holder: Sendable, Equatable {
        /// The holder's process id, when written.
        public var pid: Int32?
        /// The bus address the holder serves, when written.
        public var bus: String?
    }

    /// The lock is held by another live daemon (or could not be taken at all).
    public enum Failure: Error, Sendable, Equatable {
        /// Another daemon holds it; the sentence names it.
        case held(Holder, lockFile: String)
        /// The state folder or the lock file could not be opened.
        case unusable(String)

        /// The sentence to log before exiting.
        public var message: String {
            switch self {
            case .held(let holder, let file):
                let pid = holder.pid.map { "pid \($0)" } ?? "pid unknown"
                let bus = holder.bus.map { "on the bus \($0)" } ?? "on an unknown bus"
                return "This home is already owned by another retrocamd (\(pid), \(bus)): it holds \(file). "
                    + "One daemon per home keeps the takes and the index safe; use that one, or stop it first. Exiting."
            case .unusable(let text):
                return text
            }
        }
    }

    private let descriptor: Int32
    /// The lock file's path.
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Takes the lock in `stateDirectory` (made 0700 when missing) without waiting, and writes this
    /// process's pid and `bus` into it; throws `.held` naming the holder when another process has it.
    /// The corresponding C call is `flock(LOCK_EX|LOCK_NB)`.
    public static func acquire(stateDirectory: URL, bus: String) throws(Failure) -> InstanceLock {
        let folder: PrivateFolder
        do { folder = try PrivateFolder.open(stateDirectory) } catch {
            throw .unusable(error.refusal(saving: "the lock file").message)
        }
        let path = folder.path(fileName)
        let descriptor = openat(folder.descriptor, fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .unusable(FileFailure(errno, .create, path).refusal(saving: "the lock file").message)
        }
        _ = fchmod(descriptor, 0o600)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let holder = Holder(reading: descriptor)
            _ = Glibc.close(descriptor)
            if busy { throw .held(holder, lockFile: path) }
            throw .unusable("The lock file \(path) could not be locked: \(String(cString: strerror(errno))).")
        }
        let lock = InstanceLock(descriptor: descriptor, path: path)
        _ = ftruncate(descriptor, 0)
        _ = try? PrivateFolder.writeAll(Data("pid=\(getpid())\nbus=\(bus)\n".utf8), to: descriptor, path: path)
        return lock
    }

    /// Who holds the lock in `stateDirectory` now, or nil when nobody does (for tools and tests).
    public static func holder(in stateDirectory: URL) -> Holder? {
        let path = stateDirectory.appendingPathComponent(fileName).path
        let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = Glibc.close(descriptor) }
        // A shared lock is refused exactly while someone holds the exclusive one.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = flock(descriptor, LOCK_UN)
            return nil
        }
        return Holder(reading: descriptor)
    }
}

extension InstanceLock.Holder {
    /// Parses `pid=…` and `bus=…` lines from the start of the open file.
    init(reading descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let text = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        var pid: Int32?
        var bus: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("pid=") { pid = Int32(line.dropFirst(4)) }
            if line.hasPrefix("bus=") { bus = String(line.dropFirst(4)) }
        }
        self.init(pid: pid, bus: bus)
    }
}
