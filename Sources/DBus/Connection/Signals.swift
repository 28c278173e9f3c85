import CDBus
import Foundation

/// Identifies one signal subscription; pass it to `Connection.unsubscribe(_:)` to stop.
public struct SubscriptionToken: Sendable, Hashable {
    let id: UInt64
}

/// One signal subscription: a match rule on the bus and the same filter applied locally.
struct Subscription: Sendable {
    let sender: String?
    let path: String?
    let interface: String?
    let member: String?
    let rule: String
    let handler: @Sendable (SignalMessage) -> Void
}

/// The subscriptions and the owners of the well-known names they follow.
struct SignalState {
    var subscriptions: [UInt64: Subscription] = [:]
    var nextID: UInt64 = 1
    /// Unique owner of each well-known sender name a subscription uses.
    var owners: [String: String] = [:]
}

extension Connection {
    /// Subscribes to signals; `nil` matches anything. `sender` may be a well-known name: its
    /// current owner is followed. Returns once the bus has the match rule. The handler runs on the
    /// dispatch thread, in arrival order, so it should return quickly (start a `Task` for long work).
    @discardableResult
    public func onSignal(sender: String? = nil, path: String? = nil, interface: String? = nil, member: String? = nil,
                         _ handler: @Sendable @escaping (SignalMessage) -> Void) async throws -> SubscriptionToken {
        if let sender { _ = try BusName(sender) }
        if let path { _ = try ObjectPath(path) }
        if let interface { _ = try InterfaceName(interface) }
        if let member { _ = try MemberName(member) }
        var rule = "type='signal'"
        if let sender { rule += ",sender='\(sender)'" }
        if let path { rule += ",path='\(path)'" }
        if let interface { rule += ",interface='\(interface)'" }
        if let member { rule += ",member='\(member)'" }
        if let sender, !sender.hasPrefix(":"), sender != Connection.busName {
            try await followOwner(of: sender)
        }
        try await addMatch(rule)
        return keep(Subscription(sender: sender, path: path, interface: interface, member: member, rule: rule, handler: handler))
    }

    /// Subscribes with a ready-made match rule (for example one with `arg0='…'`); the bus
    /// does all the filtering. Returns once the bus has the rule. The handler runs on the dispatch thread.
    @discardableResult
    public func subscribe(matchRule: String, _ handler: @Sendable @escaping (SignalMessage) -> Void) async throws -> SubscriptionToken {
        try await addMatch(matchRule)
        return keep(Subscription(sender: nil, path: nil, interface: nil, member: nil, rule: matchRule, handler: handler))
    }

    /// Stores a subscription under a new id, the token that ends it.
    private func keep(_ subscription: Subscription) -> SubscriptionToken {
        let id = signalState.withLock { state -> UInt64 in
            let id = state.nextID
            state.nextID += 1
            state.subscriptions[id] = subscription
            return id
        }
        return SubscriptionToken(id: id)
    }

    /// Ends a subscription and removes its match rule from the bus.
    public func unsubscribe(_ token: SubscriptionToken) {
        guard let removed = signalState.withLock({ $0.subscriptions.removeValue(forKey: token.id) }) else { return }
        try? callBusWithoutWaiting("RemoveMatch", [.string(removed.rule)])
    }

    /// How many subscriptions are in place (tests: that one ended).
    var subscriptionCount: Int { signalState.withLock { $0.subscriptions.count } }

    /// Runs every matching subscription's handler (on the dispatch thread).
    func deliverSignal(_ message: Message) {
        let (matching, owners) = signalState.withLock { state in
            (Array(state.subscriptions.values), state.owners)
        }
        guard !matching.isEmpty else { return }
        let signal = SignalMessage(message)
        for subscription in matching where subscription.matches(signal, owners: owners) {
            subscription.handler(signal)
        }
    }

    /// Calls `handler` with the new unique owner each time the well-known `name` changes owner (the
    /// empty string when it went away). Returns once the bus has the match rule. The handler runs on
    /// the dispatch thread.
    @discardableResult
    public func onOwnerChange(of name: String, _ handler: @Sendable @escaping (_ newOwner: String) -> Void) async throws -> SubscriptionToken {
        _ = try BusName(name)
        let rule = "type='signal',sender='\(Connection.busName)',interface='\(Connection.busName)',member='NameOwnerChanged',arg0='\(name)'"
        return try await subscribe(matchRule: rule) { signal in
            guard signal.member == "NameOwnerChanged", signal.arguments.count == 3,
                  signal.arguments[0].stringValue == name, let owner = signal.arguments[2].stringValue else { return }
            handler(owner)
        }
    }

    /// Tracks the unique owner of a well-known name, so local filtering can compare senders.
    private func followOwner(of name: String) async throws {
        let alreadyFollowed = signalState.withLock { $0.owners[name] != nil }
        guard !alreadyFollowed else { return }
        signalState.withLock { $0.owners[name] = "" }
        try await onOwnerChange(of: name) { [weak self] owner in
            self?.signalState.withLock { $0.owners[name] = owner }
        }
        let message = try Message.methodCall(destination: Connection.busName, path: Connection.busPath, interface: Connection.busName,
                                             method: "GetNameOwner", arguments: [.string(name)])
        try send(call: message, timeout: .seconds(25)) { [weak self] result in
            guard case .success(let values) = result, let owner = values.first?.stringValue else { return }
            self?.signalState.withLock { state in
                if state.owners[name] == "" { state.owners[name] = owner }
            }
        }
    }

    /// Adds a match rule and awaits the bus's answer (a bad rule is an error), without holding a thread.
    func addMatch(_ rule: String) async throws {
        _ = try await call(destination: Connection.busName, path: Connection.busPath, interface: Connection.busName,
                           method: "AddMatch", [.string(rule)])
    }

    func callBusWithoutWaiting(_ method: String, _ args: [Value]) throws {
        try send(callWithoutReply: try Message.methodCall(destination: Connection.busName, path: Connection.busPath,
                                                          interface: Connection.busName, method: method, arguments: args))
    }
}

extension Subscription {
    /// The local half of the match rule (the bus may deliver a signal for another subscription).
    func matches(_ signal: SignalMessage, owners: [String: String]) -> Bool {
        guard sender != nil || path != nil || interface != nil || member != nil else { return true }
        if let path, path != signal.path { return false }
        if let interface, interface != signal.interface { return false }
        if let member, member != signal.member { return false }
        if let sender {
            if sender == Connection.busName || sender.hasPrefix(":") { return signal.sender == sender }
            guard let owner = owners[sender] else { return true }
            return owner.isEmpty || signal.sender == owner || signal.sender == sender
        }
        return true
    }
}
