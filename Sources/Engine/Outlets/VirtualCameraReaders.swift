import Body
import CPipeWireLinks
import Foundation

/// Who reads the virtual camera now, as PipeWire tells it: a watch of PipeWire's registry that counts
/// the nodes linked to the outputs of the node called `nodeName` (a browser, OBS, a `pipewiresrc`), and
/// tells each change as it happens — a reader linking or leaving is an event of PipeWire's, never a poll.
/// A reader counts once its link has agreed a format with the node: one accepting only formats the node
/// does not offer stays linked in error, reads nothing, and opens no camera.
public final class VirtualCameraReaders: @unchecked Sendable {
    /// The readers as one change tells them.
    public struct Readers: Sendable, Equatable {
        /// How many nodes read the camera.
        public let count: Int
        /// Their applications' names (`application.name`), one per reader.
        public let applications: [String]
    }

    /// Holds the handlers for the C callbacks.
    private final class Box {
        let changed: @Sendable (Readers) -> Void
        let restored: @Sendable () -> Void
        init(_ changed: @escaping @Sendable (Readers) -> Void, _ restored: @escaping @Sendable () -> Void) {
            self.changed = changed
            self.restored = restored
        }
    }

    private let watch: OpaquePointer
    private let box: Unmanaged<Box>
    private let stopped = NSLock()
    private var isStopped = false

    /// Starts watching the readers of `nodeName` in the PipeWire of `XDG_RUNTIME_DIR`; `changed` is
    /// told each change, on PipeWire's thread (it must return at once). PipeWire restarted, the readers
    /// fall to none (the old PipeWire's nodes are gone) and `restored` is told as soon as the new one
    /// answers (its socket made again), the watch following it from then on. Throws when PipeWire cannot
    /// be reached.
    public init(nodeName: String, changed: @escaping @Sendable (Readers) -> Void,
                restored: @escaping @Sendable () -> Void = {}) throws(IntentError) {
        box = Unmanaged.passRetained(Box(changed, restored))
        var problem: UnsafeMutablePointer<CChar>?
        let callback: PwLinksChanged = { context, count, names in
            guard let context else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            let text = names.map { String(cString: $0) } ?? ""
            box.changed(Readers(count: Int(count), applications: text.isEmpty ? [] : text.components(separatedBy: "\n")))
        }
        let back: PwLinksRestored = { context in
            guard let context else { return }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().restored()
        }
        guard let watch = pwlinks_watch(nodeName, callback, back, box.toOpaque(), &problem) else {
            box.release()
            let reason = problem.map { String(cString: $0) } ?? "unknown reason"
            free(problem)
            throw .pipeline("The virtual camera's readers cannot be followed: \(reason).")
        }
        self.watch = watch
    }

    deinit { stop() }

    /// How many nodes read now.
    public var count: Int { stopped.withLock { isStopped ? 0 : Int(pwlinks_readers(watch)) } }

    /// Stops watching (no change is told after it returns). Idempotent.
    public func stop() {
        let first = stopped.withLock { () -> Bool in
            defer { isStopped = true }
            return !isStopped
        }
        guard first else { return }
        pwlinks_stop(watch)
        box.release()
    }
}
