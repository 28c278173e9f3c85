/// A method row: its name, typed arguments and result, whether it captures, in which order it runs, and
/// the handler that answers it — everything said once, as hostnamed's `SD_BUS_METHOD_WITH_ARGS` does.
///
/// Incoming calls are checked against the row's argument types before the handler runs and replies
/// against its result types before they are sent; the typed initializers decode the arguments once, so
/// a handler receives `(id: String, steps: Int32)`, never a list to pick from by index.
public struct Method: Sendable {
    /// The untyped handler every row ends up as: the decoded arguments in, the reply's values out. It runs on
    /// the executor that serves the call (the lane's actor for `.inOrder` rows); a thrown `DBusError` becomes
    /// that error reply, any other error `Failed` with its description.
    public typealias Handler = nonisolated(nonsending) @Sendable (MethodCall) async throws -> [Value]

    /// When the call runs relative to the others on the connection.
    public enum Order: Sendable {
        /// In the order the bus delivered it, after the calls before it have taken effect (`Turn`): every
        /// row that reads or changes what the object serves.
        case inOrder
        /// At once, beside the others: rows that share nothing (a static catalog, a file of their own).
        case anyOrder
    }

    /// Whether a call films, shows the live picture or destroys a take, so the object server's capture
    /// gate must know and admit its caller first (see `ObjectServer.guardCaptures(with:)`).
    public enum Captures: Sendable {
        /// Never.
        case never
        /// Always.
        case always
        /// When the arguments say so.
        case when(@Sendable (_ arguments: [Value]) -> Bool)
        /// The handler finds out (matching an utterance, say) and asks through `MethodCall.admitted(_:)`.
        case askedByHandler
    }

    /// The member name.
    public let name: String
    /// The input arguments.
    public let inArguments: [Argument]
    /// The output arguments.
    public let outArguments: [Argument]
    /// Whether it captures.
    public let captures: Captures
    /// When it runs.
    public let order: Order
    /// Answers a call.
    public let handler: Handler
    /// For an `.inOrder` row whose call can be answered without waiting (a read of what the object has
    /// published, or a change the object can make on the spot): answers a call at once, on the bus's dispatch
    /// thread, when every call delivered before it has taken effect — the answer the lane would give, with no
    /// hop. It returns nil to send the call into the lane after all (an argument that asks for more than a
    /// read, a long input, an object busy with other work), and must not block.
    public let atOnce: AtOnce?

    /// See `atOnce`.
    public typealias AtOnce = @Sendable (MethodCall) throws -> [Value]?
    /// The signature every call must have.
    public let inSignature: Signature
    /// The signature every reply must have.
    public let outSignature: Signature

    /// A row from untyped parts, for a row whose types are only known at run time (an echo of any
    /// signature); the handler reads `call.arguments`, already checked against `in`.
    public init(_ name: String, in inArguments: [Argument] = [], out outArguments: [Argument] = [],
                captures: Captures = .never, order: Order = .inOrder, atOnce: AtOnce? = nil, handler: @escaping Handler) {
        self.name = name
        self.inArguments = inArguments
        self.outArguments = outArguments
        self.captures = captures
        self.order = order
        // Only a row that never films before its handler runs may skip the lane (and with it the capture gate).
        self.atOnce = order == .inOrder && Self.neverCapturesBeforeItsHandler(captures) ? atOnce : nil
        self.handler = handler
        inSignature = .concatenating(inArguments.map(\.signature))
        outSignature = .concatenating(outArguments.map(\.signature))
    }

    /// True for `.never` and `.askedByHandler`: the object server's gate never runs before the handler.
    static func neverCapturesBeforeItsHandler(_ captures: Captures) -> Bool {
        switch captures {
        case .never, .askedByHandler: return true
        case .always, .when: return false
        }
    }

    /// The same row answered by `wrapper(handler)`, and at once by `atOnceWrapper(atOnce)`: handlers that run
    /// the row's own around their work.
    public func wrapping(_ wrapper: (_ row: @escaping Handler) -> Handler,
                         atOnce atOnceWrapper: (_ row: @escaping AtOnce) -> AtOnce) -> Method {
        Method(name, in: inArguments, out: outArguments, captures: captures, order: order, atOnce: atOnce.map(atOnceWrapper),
               handler: wrapper(handler))
    }
}

/// Whether a typed row's call captures, decided from its typed arguments (`Arguments` is the row's
/// argument type, or a tuple of them).
public struct Capture<Arguments>: Sendable {
    enum Rule: Sendable {
        case never, always, askedByHandler
        case when(@Sendable (Arguments) -> Bool)
    }

    let rule: Rule

    /// Never captures.
    public static var never: Capture { Capture(rule: .never) }
    /// Always captures (TakePhoto, Shutter, RunShortcut).
    public static var always: Capture { Capture(rule: .always) }
    /// The handler decides and asks through `MethodCall.admitted(_:)`.
    public static var askedByHandler: Capture { Capture(rule: .askedByHandler) }
    /// Captures when `test` says so of the arguments (`Perform` of an intent that films).
    public static func when(_ test: @escaping @Sendable (Arguments) -> Bool) -> Capture { Capture(rule: .when(test)) }

    /// The row's rule, with `decode` turning the call's values into `Arguments` (nil: they are not).
    func untyped(_ decode: @escaping @Sendable ([Value]) -> Arguments?) -> Method.Captures {
        switch rule {
        case .never: return .never
        case .always: return .always
        case .askedByHandler: return .askedByHandler
        case .when(let test): return .when { values in decode(values).map(test) ?? false }
        }
    }
}

// MARK: - Typed rows

extension Method {
    /// A typed `atOnce` answer as the row's untyped one, with `decode` reading the call's arguments.
    static func untyped<Arguments, R: BusType>(_ atOnce: (@Sendable (Arguments) throws -> R?)?,
                                               _ decode: @escaping @Sendable ([Value]) throws -> Arguments) -> AtOnce? {
        guard let atOnce else { return nil }
        return { call in try atOnce(try decode(call.arguments)).map { [$0.busValue] } }
    }

    /// A row without arguments that answers `returns`; `atOnce` answers a read at once (see `Method.atOnce`).
    public init<R: BusType>(_ name: String, returns result: Arg<R>, captures: Capture<Void> = .never, order: Order = .inOrder,
                            atOnce: (@Sendable () throws -> R?)? = nil,
                            _ handler: nonisolated(nonsending) @escaping @Sendable () async throws -> R) {
        self.init(name, out: [result.argument], captures: captures.untyped { _ in () }, order: order,
                  atOnce: Self.untyped(atOnce.map { now in { @Sendable (_: Void) in try now() } }) { _ in () }) { _ in
            [try await handler().busValue]
        }
    }

    /// A read without arguments: `read` answers it at once when every call before it has taken effect (see
    /// `Method.atOnce`), else in the lane.
    public static func read<R: BusType>(_ name: String, returns result: Arg<R>,
                                        _ read: @escaping @Sendable () throws -> R) -> Method {
        Method(name, returns: result, atOnce: { try read() }) { try read() }
    }

    /// A read of one argument: `read` answers it at once when every call before it has taken effect (see
    /// `Method.atOnce`), else in the lane.
    public static func read<A: BusType, R: BusType>(_ name: String, _ a: Arg<A>, returns result: Arg<R>,
                                                    _ read: @escaping @Sendable (A) throws -> R) -> Method {
        Method(name, a, returns: result, atOnce: { try read($0) }) { try read($0) }
    }

    /// A row without arguments or result.
    public init(_ name: String, captures: Capture<Void> = .never, order: Order = .inOrder,
                _ handler: nonisolated(nonsending) @escaping @Sendable () async throws -> Void) {
        self.init(name, captures: captures.untyped { _ in () }, order: order) { _ in
            try await handler()
            return []
        }
    }

    /// A row of one argument that answers `returns`; `atOnce` answers a read at once (see `Method.atOnce`).
    public init<A: BusType, R: BusType>(_ name: String, _ a: Arg<A>, returns result: Arg<R>, captures: Capture<A> = .never,
                                        order: Order = .inOrder, atOnce: (@Sendable (A) throws -> R?)? = nil,
                                        _ handler: nonisolated(nonsending) @escaping @Sendable (A) async throws -> R) {
        self.init(name, in: [a.argument], out: [result.argument], captures: captures.untyped { try? a.decode($0[0], of: name) },
                  order: order, atOnce: Self.untyped(atOnce) { try a.decode($0[0], of: name) }) { call in
            [try await handler(try a.decode(call.arguments[0], of: name)).busValue]
        }
    }

    /// A row of one argument without result.
    public init<A: BusType>(_ name: String, _ a: Arg<A>, captures: Capture<A> = .never, order: Order = .inOrder,
                            _ handler: nonisolated(nonsending) @escaping @Sendable (A) async throws -> Void) {
        self.init(name, in: [a.argument], captures: captures.untyped { try? a.decode($0[0], of: name) }, order: order) { call in
            try await handler(try a.decode(call.arguments[0], of: name))
            return []
        }
    }

    /// A row of two arguments that answers `returns`; `atOnce` answers a read at once (see `Method.atOnce`).
    public init<A: BusType, B: BusType, R: BusType>(_ name: String, _ a: Arg<A>, _ b: Arg<B>, returns result: Arg<R>,
                                                    captures: Capture<(A, B)> = .never, order: Order = .inOrder,
                                                    atOnce: (@Sendable (A, B) throws -> R?)? = nil,
                                                    _ handler: nonisolated(nonsending) @escaping @Sendable (A, B) async throws -> R) {
        let decode: @Sendable ([Value]) throws -> (A, B) = { values in
            (try a.decode(values[0], of: name), try b.decode(values[1], of: name))
        }
        self.init(name, in: [a.argument, b.argument], out: [result.argument], captures: captures.untyped { try? decode($0) },
                  order: order, atOnce: Self.untyped(atOnce.map { now in { @Sendable arguments in try now(arguments.0, arguments.1) } },
                                                    decode)) { call in
            let (first, second) = try decode(call.arguments)
            return [try await handler(first, second).busValue]
        }
    }

    /// A row of two arguments without result.
    public init<A: BusType, B: BusType>(_ name: String, _ a: Arg<A>, _ b: Arg<B>, captures: Capture<(A, B)> = .never,
                                        order: Order = .inOrder,
                                        _ handler: nonisolated(nonsending) @escaping @Sendable (A, B) async throws -> Void) {
        let decode: @Sendable ([Value]) throws -> (A, B) = { values in
            (try a.decode(values[0], of: name), try b.decode(values[1], of: name))
        }
        self.init(name, in: [a.argument, b.argument], captures: captures.untyped { try? decode($0) }, order: order) { call in
            let (first, second) = try decode(call.arguments)
            try await handler(first, second)
            return []
        }
    }
}
