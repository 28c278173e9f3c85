import Blocking
import Body
import Foundation
import Synchronization

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

/// Reads `input_event` records from event devices (or any file or pipe of them) and delivers presses
/// and releases of the mapped keys, in order, on `events`. Each device is read by a task that waits on
/// the pool's `DescriptorWatcher` (no thread is held while the keys are still).
///
/// Autorepeat (value 2) is ignored, and a release is only delivered after its press was seen, so
/// a key already held when listening starts cannot take a photo on its release. When the map has the
/// volume keys, a device that carries them is grabbed (`EVIOCGRAB`) for as long as it is read, so a
/// volume press is the shutter and not also a volume change; a keyboard is never grabbed and its volume
/// keys are then ignored (`DeviceGrabPolicy`). Closing the device, on `stop` or exit, gives it back.
public final class KeyListener: Sendable {
    /// Presses and releases, in the order they were read; finishes when every device has ended.
    public let events: AsyncStream<KeyEvent>
    private let continuation: AsyncStream<KeyEvent>.Continuation
    private let map: KeyMap
    private let control: any InputDeviceControl
    private let watcher: DescriptorWatcher
    private struct State {
        var readers: [Task<Void, Never>] = []
        var reading = 0
        /// Keys pressed and not yet released (across devices).
        var held = Set<UInt16>()
    }
    private let state = Mutex(State())

    /// A listener for the keys of `map`; nothing is read until `start`. `control` does the evdev ioctls.
    public init(map: KeyMap, control: any InputDeviceControl = EvdevControl(), watcher: DescriptorWatcher = BlockingPool.shared.descriptors) {
        self.map = map
        self.control = control
        self.watcher = watcher
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
        state.withLock { state in
            state.reading = opened.count
            state.readers = opened.map { device in Task { [self] in await read(device) } }
        }
        return problems
    }

    /// Stops reading and finishes `events`.
    public func stop() {
        for reader in state.withLock({ $0.readers }) { reader.cancel() }
    }

    /// One device being read: what was opened, whether it is grabbed, which of its keys are not ours.
    struct OpenDevice: Sendable {
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

    /// Reads one device until it ends or the listener stops: wait for input, decode, deliver. The last
    /// device to end finishes `events`.
    private func read(_ device: OpenDevice) async {
        var decoder = InputEventDecoder()
        var buffer = [UInt8](repeating: 0, count: InputEvent.size * 64)
        defer {
            release(device)
            let last = state.withLock { state -> Bool in
                state.reading -= 1
                return state.reading == 0
            }
            if last { continuation.finish() }
        }
        // Ready first, then read: a pipe no writer has opened yet reads as its end, but polls as quiet.
        while (try? await watcher.wait(for: .readable, on: device.fd)) == true {
            let count = Glibc.read(device.fd, &buffer, buffer.count)
            if count > 0 {
                for event in decoder.decode(buffer[0..<count]) where !device.ignored.contains(event.code) {
                    deliver(event)
                }
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                return
            }
        }
    }

    /// Turns one record into a press or release of a mapped key, or nothing.
    private func deliver(_ event: InputEvent) {
        guard event.type == InputEvent.keyType, let role = map.role(of: event.code) else { return }
        let phase: ShutterPhase
        switch event.value {
        case 1:
            guard state.withLock({ $0.held.insert(event.code).inserted }) else { return }
            phase = .press
        case 0:
            guard state.withLock({ $0.held.remove(event.code) != nil }) else { return }
            phase = .release
        default:
            return  // 2 is autorepeat: a held key is still one press.
        }
        continuation.yield(KeyEvent(role: role, phase: phase, code: KeyCode(event.code)))
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
