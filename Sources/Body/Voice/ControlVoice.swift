/// How people say one control to a voice assistant: the voice-only part of a `ControlRow`, read by the
/// voice grammar, its exports (hassil, Rhasspy, OVOS) and the speech grammar. Words are lowercase, as
/// said, apostrophes kept; the gestures every control shares are in `VoiceGestures`.
public struct ControlVoice: Sendable, Equatable {
    /// What people call the control besides what VoiceOver says and what is engraved: other words for it
    /// and what it looks like ("big wheel", "red button", "lever").
    public let names: [String]
    /// What the control is, said after one of its names: "the flash *button*", "the degree *dial*".
    public let parts: [String]
    /// Words that turn it a step up (a swipe up) besides the gestures' own: ZOOM's "in", "closer".
    public let up: [String]
    /// Words that turn it a step down: ZOOM's "out", "wider".
    public let down: [String]
    /// Words that count its steps besides "step" and "notch": "decade" (one swipe), "stop" (two).
    public let units: [StepUnit]
    /// The spoken forms of its values, each with the value its Set* intent takes ("widescreen" → "16:9").
    public let values: [ValueWord]
    /// The value "reset" and "back to normal" put it at (EXPOSURE "0.0", ZOOM "1.0"); nil when it has none.
    public let home: String?
    /// Verbs of its own that turn it a step up or down, said with its units: EXPOSURE's "open up" and
    /// "stop down" ("open up a stop", "stop it down half a stop").
    public let raise: [String]
    /// Verbs of its own that turn it down.
    public let lower: [String]
    /// Adjectives of its highest and lowest ends: "as *bright* as it'll go", "as *dark* as possible".
    public let most: [String]
    /// The lowest end's adjectives.
    public let least: [String]
    /// What people complain of when it should go a step up ("too dark", "underexposed"): a step up fixes it.
    public let tooLow: [String]
    /// Complaints a step down fixes ("too bright", "washed out").
    public let tooHigh: [String]
    /// A switch's own verbs that turn it on or off besides `VoiceGestures.switchOn`: "*stamp* the date".
    public let switchOn: [String]
    /// A switch's own verbs that turn it off: "*hide* the date".
    public let switchOff: [String]

    /// Makes the voice part of a row.
    public init(names: [String] = [], parts: [String] = [], up: [String] = [], down: [String] = [],
                units: [StepUnit] = [], values: [ValueWord] = [], home: String? = nil, raise: [String] = [],
                lower: [String] = [], most: [String] = [], least: [String] = [], tooLow: [String] = [],
                tooHigh: [String] = [], switchOn: [String] = [], switchOff: [String] = []) {
        self.names = names
        self.parts = parts
        self.up = up
        self.down = down
        self.units = units
        self.values = values
        self.home = home
        self.raise = raise
        self.lower = lower
        self.most = most
        self.least = least
        self.tooLow = tooLow
        self.tooHigh = tooHigh
        self.switchOn = switchOn
        self.switchOff = switchOff
    }

    /// The forms said for one value ("16:9" → "16:9", "sixteen by nine", "widescreen", …).
    public func forms(of value: String) -> [String] {
        values.filter { $0.value == value }.map(\.spoken)
    }

    /// The value a form stands for, or nil ("widescreen" → "16:9").
    public func value(of spoken: String) -> String? {
        values.first { $0.spoken == spoken }?.value
    }
}

/// One spoken form of a value and the value it stands for, as the Set* intent takes it.
public struct ValueWord: Sendable, Equatable {
    /// As said ("two and a half x", "sixteen by nine", "mute").
    public let spoken: String
    /// The value ("2.5", "16:9", "Off").
    public let value: String

    /// A form of a value.
    public init(_ spoken: String, _ value: String) {
        self.spoken = spoken
        self.value = value
    }

    /// The same value said in each of `forms`.
    public static func forms(_ forms: [String], _ value: String) -> [ValueWord] {
        forms.map { ValueWord($0, value) }
    }
}

/// A word that counts a control's steps, and how many swipes one of it is: "decade" 1, "stop" 2 (the
/// EXPOSURE rocker moves half a stop a swipe).
public struct StepUnit: Sendable, Equatable {
    /// The word, singular ("stop"); its plural is said too ("two stops").
    public let word: String
    /// Swipes per unit.
    public let steps: Int

    /// A unit.
    public init(_ word: String, steps: Int = 1) {
        self.word = word
        self.steps = steps
    }

    /// The word and its plural.
    public var forms: [String] { [word, word + "s"] }
}
