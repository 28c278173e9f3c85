import Body
import Foundation

/// A press or release of one of our keys.
public struct KeyEvent: Sendable, Equatable {
    /// What the key does.
    public let role: KeyRole
    /// Pressed or released: what the shutter (or the action button) is handed as it is.
    public let phase: ShutterPhase
    /// The key.
    public let code: KeyCode

    /// Makes an event.
    public init(role: KeyRole, phase: ShutterPhase, code: KeyCode) {
        self.role = role
        self.phase = phase
        self.code = code
    }
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
/// a key already held when listening starts cannot take a photo on its release. When the map has the
/// volume keys, a device that carries them is grabbed (`EVIOCGRAB`) for as long as it is read, so a
/// volume press is the shutter and not also a volume change; a keyboard is never grabbed and its volume
/// keys are then ignored (`DeviceGrabPolicy`). Closing the device, on `stop` or exit, gives it back.
public final class KeyListener: @unchecked Sendable {
    /// Presses and releases, in the order they were read; finishes when every device has ended.
    public let events: AsyncStream<KeyEvent>
    private let continuation: AsyncStream<KeyEvent>.Continuation
    private let map: KeyMap
    private let control: any InputDeviceControl
    private let lock = NSLock()
    private var wakePipe: (read: Int32, write: Int32)?
    private var thread: Thread?

    /// A listener for the keys of `map`; nothing is read until `start`. `control` does the evdev ioctls.
    public init(map: KeyMap, control: any InputDeviceControl = EvdevControl()) {
        self.map = map
        self.control = control
        (events, continuation) = AsyncStream.makeStream(of: KeyEvent.self)
    }

    /// Opens each path and starts reading those that opened. Answers the ones that could not be
    /// opened, each with a sentence (permission, missing device); the others are read regardless.
    @discardableResult
    public func start(paths: [String]) -> [KeyDeviceProblem] {
        var opened: [OpenDevice] = []
        var problems: [KeyDeviceProblem] = []
        for path in paths {
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                problems.append(KeyDeviceProblem(path: path, message: Self.openProblem(errno: errno, path: path)))
                continue
            }
            var decision = DeviceGrabPolicy.decide(keys: control.keys(of: fd), map: map, path: path)
            if decision.grab {
                let error = control.grab(fd, true)
                if error != 0 { decision = DeviceGrabPolicy.failedGrab(error, map: map, path: path) }
            }
            if let problem = decision.problem { problems.append(KeyDeviceProblem(path: path, message: problem)) }
            opened.append(OpenDevice(fd: fd, path: path, grabbed: decision.grab, ignored: decision.ignored))
        }
        guard !opened.isEmpty else {
            continuation.finish()
            return problems
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            for device in opened { release(device) }
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

    /// One device being read: what was opened, whether it is grabbed, which of its keys are not ours.
    struct OpenDevice {
        let fd: Int32
        let path: String
        let grabbed: Bool
        let ignored: Set<UInt16>
    }

    /// Gives a grabbed device back to the desktop and closes it.
    private func release(_ device: OpenDevice) {
        if device.grabbed { _ = control.grab(device.fd, false) }
        close(device.fd)
    }

    /// The thread's loop: poll the devices and the wake-up pipe, decode, deliver.
    private func readLoop(_ devices: [OpenDevice], wake: Int32) {
        var devices = devices
        var decoders = Array(repeating: InputEventDecoder(), count: devices.count)
        var held = Set<UInt16>()
        var buffer = [UInt8](repeating: 0, count: InputEvent.size * 64)
        defer {
            for device in devices { release(device) }
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
                    for event in decoders[index].decode(buffer[0..<count]) where !devices[index].ignored.contains(event.code) {
                        deliver(event, held: &held)
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    ended.append(index)
                }
            }
            for index in ended.reversed() {
                release(devices[index])
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
            continuation.yield(KeyEvent(role: role, phase: .press, code: KeyCode(event.code)))
        case 0:
            guard held.remove(event.code) != nil else { return }
            continuation.yield(KeyEvent(role: role, phase: .release, code: KeyCode(event.code)))
        default:
            return  // 2 is autorepeat: a held key is still one press.
        }
    }

    /// A sentence for an `open` failure that says what to do about it.
    public static func openProblem(errno code: Int32, path: String) -> String {
        switch code {
        case EACCES, EPERM:
            return "No permission to read \(path). Install udev/70-retrocam-keys.rules (it gives the user at the seat the camera and "
                + "button devices through logind's uaccess, never a keyboard), then plug the device again or run "
                + "'sudo udevadm trigger --subsystem-match=input'; carrying on without hardware keys."
        case ENOENT, ENODEV, ENXIO:
            return "There is no input device at \(path); carrying on without it."
        default:
            return "Could not open \(path): \(String(cString: strerror(code))); carrying on without it."
        }
    }
}
