import CDBus
import Foundation

/// The dispatch thread: a `poll` loop over the watches libdbus hands us plus a wake-up pipe.
///
/// libdbus calls the watch, wake-up and dispatch-status callbacks with its own lock held,
/// from whichever thread touched the connection, so they only record state and poke the pipe.
extension Connection {
    private var unmanagedSelf: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> Connection {
        Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Registers the watch functions, the wake-up function and the message filter.
    func installCallbacks(_ raw: OpaquePointer) throws {
        let addWatch: DBusAddWatchFunction = { watch, data in
            guard let watch else { return 0 }
            let connection = Connection.from(data)
            connection.watches.withLock { $0.append(LibDBusObject(watch)) }
            connection.wake()
            return 1
        }
        let removeWatch: DBusRemoveWatchFunction = { watch, data in
            let connection = Connection.from(data)
            connection.watches.withLock { $0.removeAll { $0.pointer == watch } }
            connection.wake()
        }
        let toggleWatch: DBusWatchToggledFunction = { _, data in
            Connection.from(data).wake()
        }
        guard dbus_connection_set_watch_functions(raw, addWatch, removeWatch, toggleWatch, unmanagedSelf, nil) != 0 else {
            throw LibDBus.outOfMemory
        }
        dbus_connection_set_wakeup_main_function(raw, { data in Connection.from(data).wake() }, unmanagedSelf, nil)
        dbus_connection_set_dispatch_status_function(raw, { _, status, data in
            if status == DBUS_DISPATCH_DATA_REMAINS { Connection.from(data).wake() }
        }, unmanagedSelf, nil)
        guard dbus_connection_add_filter(raw, Self.filter, unmanagedSelf, nil) != 0 else { throw LibDBus.outOfMemory }
    }

    /// The message filter: every incoming message goes to `route`.
    private static let filter: DBusHandleMessageFunction = { _, message, data in
        guard let message else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        return Connection.from(data).route(Message(retaining: message))
    }

    /// Unregisters what `installCallbacks` registered: they hold this connection unretained, and it is
    /// freed once its loop ends, while libdbus may still call them (a message received here and released
    /// later toggles the read watch).
    func removeCallbacks(_ raw: OpaquePointer) {
        dbus_connection_set_watch_functions(raw, nil, nil, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(raw, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(raw, nil, nil, nil)
        dbus_connection_remove_filter(raw, Self.filter, unmanagedSelf)
    }

    /// Makes the dispatch thread look at the connection again (nothing once its loop has ended). Not
    /// needed on that thread itself (a reply sent from a handler it runs): it dispatches and reads the
    /// watches again before it polls.
    func wake() {
        guard pthread_equal(pthread_self(), dispatchThreadID.load(ordering: .relaxed)) == 0 else { return }
        wakeupPipe.poke()
    }

    /// Starts the dispatch thread, which keeps the connection alive until its loop ends (`close()` or a
    /// lost bus). It holds the connection for the loop, not in its closure: the `Thread` keeps its
    /// closure after it has run, and this connection keeps the `Thread`, so a captured `self` would never
    /// be freed, nor its wake-up pipe closed.
    func startDispatchThread() {
        let running = Unmanaged.passRetained(self)
        let thread = Thread { running.takeRetainedValue().runLoop() }
        thread.name = "dbus-dispatch \(uniqueName)"
        dispatchThread = thread
        thread.start()
    }

    /// The loop: dispatch what is queued, poll, let libdbus read and write, until closed or lost.
    private func runLoop() {
        dispatchThreadID.store(pthread_self(), ordering: .relaxed)
        guard let raw = handle.withLock({ $0?.pointer }) else { return }
        while !closing.withLock({ $0 }) {
            while dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS {
                _ = dbus_connection_dispatch(raw)
            }
            guard dbus_connection_get_is_connected(raw) != 0 else { break }
            // Read the watches under the lock: libdbus frees a watch only after our remove
            // callback, which takes the same lock.
            let current = watches.withLock { watches in
                watches.filter { dbus_watch_get_enabled($0.pointer) != 0 }.map { watch -> (LibDBusObject, pollfd) in
                    let flags = dbus_watch_get_flags(watch.pointer)
                    var events: Int16 = 0
                    if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
                    if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
                    return (watch, pollfd(fd: dbus_watch_get_unix_fd(watch.pointer), events: events, revents: 0))
                }
            }
            var fds = [pollfd(fd: wakeupPipe.readEnd, events: Int16(POLLIN), revents: 0)] + current.map(\.1)
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 { continue } // EINTR
            wakeupPipe.drain()
            for (index, (watch, _)) in current.enumerated() {
                let revents = fds[index + 1].revents
                guard revents != 0 else { continue }
                // A watch handled just before may have disconnected and freed this one.
                guard watches.withLock({ $0.contains(watch) }) else { continue }
                var flags: UInt32 = 0
                if revents & Int16(POLLIN) != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
                if revents & Int16(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
                if revents & Int16(POLLHUP) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
                if revents & Int16(POLLERR) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
                _ = dbus_watch_handle(watch.pointer, flags)
            }
        }
        shutDown(raw)
        wakeupPipe.close()
    }

    /// Closes the libdbus connection on the dispatch thread and fails whatever still waits.
    private func shutDown(_ raw: OpaquePointer) {
        closing.withLock { $0 = true }
        dbus_connection_flush(raw)
        handle.withLock { $0 = nil }
        // The callbacks go before the close: a call on the freed connection would read freed memory.
        removeCallbacks(raw)
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
        failAllPendingCalls(DBusError.disconnected("The D-Bus connection was closed before the reply arrived."))
        let handlers = closeHandlers.withLock { handlers -> [@Sendable () -> Void] in
            defer { handlers = nil }
            return handlers ?? []
        }
        finished.signal()
        for handler in handlers { handler() }
    }

    /// Hands one incoming message to the pending call, the subscriptions or the object server.
    func route(_ message: Message) -> DBusHandlerResult {
        switch message.kind {
        case .methodReturn?, .error?:
            return completePendingCall(with: message) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        case .signal?:
            deliverSignal(message)
            return DBUS_HANDLER_RESULT_HANDLED
        case .methodCall?:
            guard let handler = methodCallHandler.withLock({ $0 }) else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            handler.handle(message)
            return DBUS_HANDLER_RESULT_HANDLED
        case nil:
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
    }
}
