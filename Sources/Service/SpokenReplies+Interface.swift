import BusNames
import DBus

extension Interface {
    /// The same interface, that also hands each reply's `dialog` (and each `org.retrocam.Error` sentence)
    /// to `speak` once the handler has answered, in the lane or at once. `speak` must return at once (the
    /// Desktop `Speaker` queues), so the reply is never held up by the voice. Replies without a dialog
    /// (ListIntents) say nothing.
    func speakingReplies(_ speak: @escaping @Sendable (String) -> Void) -> Interface {
        @Sendable func said(_ reply: [Value]) -> [Value] {
            if let dialog = reply.first?.variantDictionary?["dialog"]?.stringValue { speak(dialog) }
            return reply
        }
        @Sendable func refused(_ error: Error) -> Error {
            if let error = error as? DBusError, error.name.hasPrefix(BusContract.errorPrefix) { speak(error.message) }
            return error
        }
        let spoken = methods.map { method in
            method.wrapping({ handler in
                { call in
                    do { return said(try await handler(call)) } catch { throw refused(error) }
                }
            }, atOnce: { atOnce in
                { call in
                    do { return try atOnce(call).map(said) } catch { throw refused(error) }
                }
            })
        }
        return Interface(name, methods: spoken, properties: properties, signals: signals)
    }
}
