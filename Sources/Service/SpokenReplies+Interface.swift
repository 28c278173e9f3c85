import BusNames
import DBus

extension Interface {
    /// The same interface, that also hands each reply's `dialog` (and each `org.retrocam.Error` sentence)
    /// to `speak` once the handler has answered. `speak` must return at once (the Desktop `Speaker` queues),
    /// so the reply is never held up by the voice. Replies without a dialog (ListIntents) say nothing.
    func speakingReplies(_ speak: @escaping @Sendable (String) -> Void) -> Interface {
        let spoken = methods.map { method in
            method.wrapping { handler in
                { call in
                    do {
                        let reply = try await handler(call)
                        if let dialog = reply.first?.variantDictionary?["dialog"]?.stringValue { speak(dialog) }
                        return reply
                    } catch let error as DBusError {
                        if error.name.hasPrefix(BusContract.errorPrefix) { speak(error.message) }
                        throw error
                    }
                }
            }
        }
        return Interface(name, methods: spoken, properties: properties, signals: signals)
    }
}
