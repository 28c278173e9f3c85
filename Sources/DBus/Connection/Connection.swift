import CDBus
import Foundation
import Synchronization

/// A private connection to a message bus, with its own dispatch thread.
///
/// The thread reads, writes and dispatches; method calls, replies and signals may be
/// sent from any thread or task. Call `close()` when done: the dispatch thread keeps
/// the connection alive until then.
public final class Connection: @unchecked Sendable {
    /// The libdbus connection, `nil` once closed.
    let handle: Mutex<LibDBusObject?>
    /// The watches libdbus asked us to poll (see `EventLoop.swift`).
    let watches = Mutex<[LibDBusObject]>([])
    /// Calls waiting for their reply, by serial (see `Calls.swift`).
    let pendingCalls = Mutex<[UInt32: PendingCall]>([:])
    /// Signal subscriptions and name owners (see `Signals.swift`).
    let signalState = Mutex(SignalState())
    /// Receives every incoming method call; set by `ObjectServer`.
    let methodCallHandler = Mutex<MethodCallHandler?>(nil)
    /// The pipe that wakes the dispatch thread from `poll`; that thread closes it when its loop ends.
    let wakeupPipe: WakeupPipe
    /// Whether `close()` was asked for.
    let closing = Mutex(false)
    /// Signalled when the dispatch thread has finished.
    let finished = DispatchSemaphore(value: 0)
    /// Told once when the connection is closed or lost; nil after that.
    let closeHandlers = Mutex<[@Sendable () -> Void]?>([])
    /// The dispatch thread, for the checks that forbid blocking on it.
    var dispatchThread: Thread?
    /// The dispatch thread's id once it runs, so `wake()` knows when it is called there.
    let dispatchThreadID = Atomic<pthread_t>(0)

    /// This connection's unique name on the bus, such as `:1.42`.
    public let uniqueName: String

    /// Connects to the session bus named by `DBUS_SESSION_BUS_ADDRESS` (a new private connection each time).
    public static func session() throws -> Connection {
        guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            throw DBusError(name: DBusError.Names.noServer,
                            message: "DBUS_SESSION_BUS_ADDRESS is not set, so there is no session bus to connect to.")
        }
        return try Connection(address: address)
    }

    /// Opens a private connection to the bus at `address` and registers with it (`Hello`).
    /// The corresponding C functions are `dbus_connection_open_private` and `dbus_bus_register`.
    public init(address: String) throws {
        LibDBus.ensureInitialized()
        let raw = try LibDBus.withErrorOut { dbus_connection_open_private(address, $0) }
        guard let raw else { throw DBusError(name: DBusError.Names.noServer, message: "Could not connect to \(address).") }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        do {
            _ = try LibDBus.withErrorOut { dbus_bus_register(raw, $0) }
        } catch {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw error
        }
        uniqueName = LibDBus.string(dbus_bus_get_unique_name(raw)) ?? ""
        handle = Mutex(LibDBusObject(raw))
        guard let wakeupPipe = WakeupPipe() else {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw DBusError.failed("Could not create the dispatch thread's wake-up pipe (errno \(errno)).")
        }
        self.wakeupPipe = wakeupPipe
        do {
            try installCallbacks(raw)
        } catch {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            wakeupPipe.close()
            throw error
        }
        startDispatchThread()
    }

    /// True until the connection is closed or lost.
    public var isConnected: Bool {
        handle.withLock { connection in connection.map { dbus_connection_get_is_connected($0.pointer) != 0 } ?? false }
    }

    /// The descriptors the connection holds open: its bus socket and its wake-up pipe's two ends.
    var descriptors: [Int32] {
        var socket: Int32 = -1
        let hasSocket = handle.withLock { connection in connection.map { dbus_connection_get_socket($0.pointer, &socket) != 0 } ?? false }
        return (hasSocket ? [socket] : []) + wakeupPipe.descriptors
    }

    /// Calls `handler` once when the connection is closed or lost (at once if it already is), from the
    /// dispatch thread: an event, so nothing has to poll `isConnected`.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let alreadyClosed = closeHandlers.withLock { handlers -> Bool in
            guard handlers != nil else { return true }
            handlers?.append(handler)
            return false
        }
        if alreadyClosed { handler() }
    }

    /// Closes the connection: pending calls fail with `Disconnected`, the dispatch thread ends.
    /// Safe to call more than once and from any thread, including from a handler.
    public func close() {
        let first = closing.withLock { flag -> Bool in
            defer { flag = true }
            return !flag
        }
        guard first else { return }
        wake()
        if Thread.current != dispatchThread {
            finished.wait()
            finished.signal()
        }
    }

    /// Runs `body` with a referenced libdbus connection, or throws `Disconnected` once closed.
    func withRawConnection<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        let raw = handle.withLock { connection -> OpaquePointer? in
            guard let connection else { return nil }
            return dbus_connection_ref(connection.pointer)
        }
        guard let raw else { throw DBusError.disconnected("The D-Bus connection is closed.") }
        defer { dbus_connection_unref(raw) }
        return try body(raw)
    }

    /// Queues `message` for sending and returns its serial; the dispatch thread flushes it.
    /// The corresponding C function is `dbus_connection_send`.
    @discardableResult
    func send(_ message: Message) throws -> UInt32 {
        try withRawConnection { raw in
            var serial: UInt32 = 0
            guard dbus_connection_send(raw, message.raw, &serial) != 0 else {
                if dbus_connection_get_is_connected(raw) == 0 {
                    throw DBusError.disconnected("The D-Bus connection was lost.")
                }
                throw DBusError.failed("libdbus refused to send the message (out of memory, or file descriptors on a connection that cannot pass them).")
            }
            return serial
        }
    }

    /// Emits a signal from `path`. Arguments are checked before anything is sent.
    public func emitSignal(path: String, interface: String, name: String, _ args: [Value]) throws {
        try send(Message.signal(path: path, interface: interface, name: name, arguments: args))
    }
}

/// What receives a connection's incoming method calls. A struct, not a bare closure, in the mutex: a
/// closure stored as a generic value is re-wrapped in a thunk by every `inout` access, one more per call.
struct MethodCallHandler: Sendable {
    let handle: @Sendable (Message) -> Void
}

/// A libdbus connection or watch, kept under a mutex and used from the dispatch thread and callers
/// (libdbus is thread-safe once `dbus_threads_init_default` ran, see `LibDBus.ensureInitialized`).
struct LibDBusObject: @unchecked Sendable, Equatable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}
