import DBus
import Foundation
import Synchronization

/// Why the portal could not give us hotkeys, in a sentence.
public struct PortalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// No xdg-desktop-portal, or one without GlobalShortcuts.
        case notAvailable
        /// The user or the portal declined (Response code 1 or 2, or an error answering CreateSession).
        case refused
        /// The portal answered something the specification does not allow.
        case badReply
        /// No Response came in time.
        case timedOut
    }

    /// What went wrong.
    public let kind: Kind
    /// The sentence.
    public let message: String

    /// Makes an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}

/// The portal's Request/Response pattern: a method answers a request object path at once, and
/// the result comes later as `org.freedesktop.portal.Request.Response(u response, a{sv} results)`
/// on that path. We choose the path's last element (`handle_token`) and subscribe before calling,
/// so a fast Response cannot be missed.
struct PortalRequest {
    static let requestInterface = "org.freedesktop.portal.Request"

    let connection: Connection
    let portal: Proxy
    let timeout: Duration

    /// The request path the portal will use for `token`: `/org/freedesktop/portal/desktop/request/SENDER/TOKEN`,
    /// SENDER being our unique name without the `:` and with `.` as `_`.
    static func path(sender: String, token: String) -> String {
        let element = sender.drop { $0 == ":" }.replacingOccurrences(of: ".", with: "_")
        return "/org/freedesktop/portal/desktop/request/\(element)/\(token)"
    }

    /// Calls `method` with `options` gaining a fresh `handle_token`, and answers the Response's results.
    func call(_ method: String, _ leading: [Value], options: [(String, Value)]) async throws(PortalError) -> [String: Value] {
        let token = "retrocam_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        let expected = Self.path(sender: connection.uniqueName, token: token)
        let response = ResponseSlot()
        let deliver: @Sendable (SignalMessage) -> Void = { response.deliver($0.arguments) }
        var tokens: [SubscriptionToken] = []
        defer { for subscription in tokens { connection.unsubscribe(subscription) } }
        do {
            tokens.append(try await connection.onSignal(sender: portal.destination, path: expected, interface: Self.requestInterface,
                                                  member: "Response", deliver))
            let reply = try await portal.call(method, leading + [.orderedStringDict([("handle_token", .string(String(token)))] + options)],
                                              timeout: timeout)
            guard let handle = reply.first?.stringValue, case .objectPath? = reply.first else {
                throw PortalError(.badReply, "The portal answered \(method) with \(Value.signature(of: reply)) instead of a request object path.")
            }
            if handle != expected {
                // Portals before 0.9 choose their own path; follow it.
                tokens.append(try await connection.onSignal(sender: portal.destination, path: handle, interface: Self.requestInterface,
                                                      member: "Response", deliver))
            }
        } catch let error as PortalError {
            throw error
        } catch let error as DBusError {
            throw PortalError(.notAvailable, "The portal refused \(method): \(error.message)")
        } catch {
            throw PortalError(.badReply, "\(method) failed: \(error)")
        }
        let arguments = await response.wait(timeout: timeout)
        guard let arguments else {
            throw PortalError(.timedOut, "The portal did not answer \(method) within \(timeout.components.seconds) s.")
        }
        return try Self.results(of: arguments, method: method)
    }

    /// Checks a Response's `(u response, a{sv} results)`: 0 is success, 1 cancelled, 2 other.
    static func results(of arguments: [Value], method: String) throws(PortalError) -> [String: Value] {
        guard arguments.count == 2, case .uint32(let code) = arguments[0], let results = arguments[1].variantDictionary else {
            throw PortalError(.badReply, "The portal's Response to \(method) had signature \"\(Value.signature(of: arguments))\" instead of \"ua{sv}\".")
        }
        switch code {
        case 0: return results
        case 1: throw PortalError(.refused, "The hotkeys were declined in the portal's dialog (\(method) was cancelled).")
        default: throw PortalError(.refused, "The portal ended \(method) without binding anything (response \(code)).")
        }
    }
}

/// A request's Response: it may come before anyone waits for it, or not at all.
private final class ResponseSlot: Sendable {
    private struct State {
        var waiting: CheckedContinuation<[Value], Never>?
        var arrived: [Value]?
    }
    private let state = Mutex(State())

    /// The Response's arguments (only the first delivery counts; `[]` means none came in time).
    func deliver(_ arguments: [Value]) {
        let waiting = state.withLock { state -> CheckedContinuation<[Value], Never>? in
            if let waiting = state.waiting {
                state.waiting = nil
                return waiting
            }
            if state.arrived == nil { state.arrived = arguments }
            return nil
        }
        waiting?.resume(returning: arguments)
    }

    /// The Response, whether it came before this call or comes within `timeout`; nil when none did.
    func wait(timeout: Duration) async -> [Value]? {
        let timer = Task { [self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            deliver([])
        }
        defer { timer.cancel() }
        let arguments = await withCheckedContinuation { (continuation: CheckedContinuation<[Value], Never>) in
            let arrived = state.withLock { state -> [Value]? in
                if let arrived = state.arrived { return arrived }
                state.waiting = continuation
                return nil
            }
            if let arrived { continuation.resume(returning: arrived) }
        }
        return arguments.isEmpty ? nil : arguments
    }
}
