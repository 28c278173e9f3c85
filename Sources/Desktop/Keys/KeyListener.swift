import Foundation

/// A press or release of one of our keys.
public struct KeyEvent: Sendable, Equatable {
    /// What the key does.
    public let role: KeyRole
    /// True for the press, false for the release.
    public let isPress: Bool
    /// The key.
    public let code: KeyCode

    /// Makes an event.
    public init(role: KeyRole, isPress: Bool, code: KeyCode) {
        self.role = role
        self.isPress = isPress
        self.code = code
    }

    /// `press` or `release`, as `Shutter` takes it.
    public var phase: String { isPress ? "press" : "release" }
}

/// Why an input device could not be opened, in a sentence that says what to do.
public struct KeyDeviceProblem: Sendable, Equatable {
    /// The device path.
    public let path: String
    /// The sentence.
    public let message: String
}

/// Reads `input_event` records from event devices (or any file or pipe of them) on its own thread
/// and delivers presses and releases of the mapped keys, in order, on `events`.
///
/// Autorepeat (value 2) is ignored, and a release is only delivered after its press was seen, so
/// a key already held when listening starts cannot take a photo on its release. The keys are not
/// grabbed: the volume keys still change the volume for the rest of the desktop.
public final class KeyListener: @unchecked Sendable {
    /// Presses and releases, in the order they were read; finishes when every device has ended.
    public let events: AsyncStream<KeyEvent>
    private let continuation: AsyncStream<KeyEvent>.Continuation
    private let map: KeyMap
    private let lock = NSLock()
    private var wakePipe: (read: Int32, write: Int32)?
    private var thread: Thread?

    /// A listener for the keys of `map`; nothing is read until `start`.
    public init(map: KeyMap) {
        self.map = map
        (events, continuation) = AsyncStream.makeStream(of: KeyEvent.self)
    }

    /// Opens each path and starts reading those that opened. Answers the ones that could not be
    /// opened, each with a sentence (permission, missing device); the others are read regardless.
    @discardableResult
    public func start(paths: [String]) -> [KeyDeviceProblem] {
        var opened: [(fd: Int32, path: String)] = []
        var problems: [KeyDeviceProblem] = []
        for path in paths {
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                opened.append((fd, path))
            } else {
                problems.append(KeyDeviceProblem(path: path, message: Self.openProblem(errno: errno, path: path)))
            }
        }
        guard !opened.isEmpty else {
            continuation.finish()
            return problems
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            for device in opened { close(device.fd) }
            continuation.finish()
            return problems + [KeyDeviceProblem(path: "", message: "Could not make a wake-up pipe for the key listener (errno \(errno)).")]
        }
        lock.withLock { wakePipe = (fds[0], fds[1]) }
        let devices = opened, wakeRead = fds[0]
        let thread = Thread { [self] in readLoop(devices, wake: wakeRead) }
        thread.name = "retrocam-keys"
        lock.withLock { self.thread = thread }
        thread.start()
        return problems
    }

    /// Stops reading and finishes `events`.
    public func stop() {
        guard let pipe = lock.withLock({ wakePipe }) else { return }
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)
    }

    deinit {
        if let pipe = wakePipe {
            close(pipe.read)
            close(pipe.write)
        }
    }

    /// The thread's loop: poll the devices and the wake-up pipe, decode, deliver.
    private func readLoop(_ devices: [(fd: Int32, path: String)], wake: Int32) {
        var devices = devices
        var decoders = Array(repeating: InputEventDecoder(), count: devices.count)
        var held = Set<UInt16>()
        var buffer = [UInt8](repeating: 0, count: InputEvent.size * 64)
        defer {
            for device in devices { close(device.fd) }
            continuation.finish()
        }
        while !devices.isEmpty {
            var polled = devices.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            polled.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
            let ready = poll(&polled, nfds_t(polled.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if polled.last!.revents != 0 { return }
            var ended: [Int] = []
            for index in devices.indices where polled[index].revents != 0 {
                let count = read(devices[index].fd, &buffer, buffer.count)
                if count > 0 {
                    for event in decoders[index].decode(buffer[0..<count]) { deliver(event, held: &held) }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    ended.append(index)
                }
            }
            for index in ended.reversed() {
                close(devices[index].fd)
                devices.remove(at: index)
                decoders.remove(at: index)
            }
        }
    }

    /// Turns one record into a press or release of a mapped key, or nothing.
    private func deliver(_ event: InputEvent, held: inout Set<UInt16>) {
        guard event.type == InputEvent.keyType, let role = map.role(of: event.code) else { return }
        switch event.value {
        case 1:
            guard held.insert(event.code).inserted else { return }
            continuation.yield(KeyEvent(role: role, isPress: true, code: KeyCode(event.code)))
        case 0:
            guard held.remove(event.code) != nil else { return }
            continuation.yield(KeyEvent(role: role, isPress: false, code: KeyCode(event.code)))
        default:
            return  // 2 is autorepeat: a held key is still one press.
        }
    }

    /// A sentence for an `open` failure that says what to do about it.
    public static func openProblem(errno code: Int32, path: String) -> String {
        switch code {
        case EACCES, EPERM:
            return "No permission to read \(path). Add yourself to the 'input' group (sudo usermod -aG input $USER, then log in again) "
                + "or add a udev rule for the device; carrying on without hardware keys."
        case ENOENT, ENODEV, ENXIO:
            return "There is no input device at \(path); carrying on without it."
        default:
            return "Could not open \(path): \(String(cString: strerror(code))); carrying on without it."
        }
    }
}
