import Body

extension ShutterPhase {
    /// The phase a caller named (`press`, `Release`), read once where words come in: the bus, a shortcut
    /// step. Anything else is Unsupported with a sentence that says the two.
    public init(named name: String) throws(IntentError) {
        guard let phase = ShutterPhase(rawValue: name.lowercased()) else {
            let shown = Spoken.shortened(name)
            throw .unsupported("The shutter has no phase called \(shown). Say press or release.")
        }
        self = phase
    }
}
