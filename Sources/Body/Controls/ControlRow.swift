/// One control of the body, as the seed's table describes it: one row of `ControlTable`.
///
/// A row has a screen part (what is engraved, what it looks like, where it sits, what VoiceOver says and
/// how it is worked) read by `ListControls`, the viewfinder, the hotkey files and the search provider, and
/// a voice part (`voice`: the words people say for it) read by the voice grammar, its exports and the
/// speech grammar. Every value is `Sendable` and plain, so any layer may read it.
public struct ControlRow: Sendable, Equatable {
    /// The stable bus id.
    public let id: ControlID
    /// How VoiceOver works it: a dial or rocker (swipe), a button or switch (double tap), a read-out.
    public let kind: ControlKind
    /// What it looks like on the body.
    public let face: ControlFace
    /// The words engraved on the body beside it ("DECADE", "TECHNOLOGY · STYLE", "REC").
    public let engraving: String
    /// What VoiceOver says for its name, by the state of the body: the first that applies is said
    /// ("Stop" while recording, else "Shutter" in STILL, else "Record").
    public let spokenNames: [SpokenName]
    /// A name that does not depend on the state ("Technology or Style"), for sentences about the control.
    public let genericName: String
    /// The seed's "How to use it" column, as VoiceOver's hint.
    public let hint: String
    /// The intents that set it, press it or turn it.
    public let intents: ControlIntents
    /// The `org.retrocam.Camera1` property holding its value, if one does.
    public let property: String?
    /// Where it sits on the body's grid, in the seed's order (which is also the Tab order).
    public let cell: BodyCell
    /// How people say it to a voice assistant: names, parts, directions, values.
    public let voice: ControlVoice

    /// Makes a row.
    public init(id: ControlID, kind: ControlKind, face: ControlFace, engraving: String, spokenNames: [SpokenName],
                genericName: String, hint: String, intents: ControlIntents, property: String?, cell: BodyCell,
                voice: ControlVoice) {
        self.id = id
        self.kind = kind
        self.face = face
        self.engraving = engraving
        self.spokenNames = spokenNames
        self.genericName = genericName
        self.hint = hint
        self.intents = intents
        self.property = property
        self.cell = cell
        self.voice = voice
    }

    /// The name VoiceOver says for the control on `body`.
    public func spokenName(on body: CameraBody) -> String {
        spokenNames.first { $0.when?.holds(on: body) ?? true }?.name ?? genericName
    }

    /// Every name the control answers to by voice, lowercased, the seed's first: its spoken names, its
    /// engraving, then what people call it.
    public var voiceNames: [String] {
        var names: [String] = []
        for name in spokenNames.flatMap({ [$0.name] + $0.aliases }) + [engraving] + voice.names {
            let said = Self.lowercasedName(name)
            if !said.isEmpty, !names.contains(said) { names.append(said) }
        }
        return names
    }

    /// A name as said: lowercased, the engraving's "·" a space ("TECHNOLOGY · STYLE" → "technology style").
    public static func lowercasedName(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "·" }).joined(separator: " ")
    }
}

/// What a control looks like on the body, for drawing it and for the words that describe it.
public enum ControlFace: String, Sendable, CaseIterable {
    /// The big DECADE wheel.
    case wheel
    /// A round dial (TECHNOLOGY/STYLE, DEGREE).
    case dial
    /// The round red REC button with its ring.
    case shutter
    /// The CINE/STILL lever.
    case lever
    /// A two-way rocker (EXPOSURE, ZOOM).
    case rocker
    /// A small button under the dials (FORMAT, TIMER, LIGHT/FLASH, SOUND).
    case miniButton
    /// A button of the bottom row (LIBRARY, LAST TAKE, MENU, FLIP, UNDO).
    case button
    /// The tape counter's window.
    case counter
}

/// One name VoiceOver says for a control, and the state of the body in which it says it.
public struct SpokenName: Sendable, Equatable {
    /// The name ("Shutter").
    public let name: String
    /// When it is said; nil: always (the last name of a row, after the states that change it).
    public let when: BodyCondition?
    /// The intent a press by this name asks for when it is not the row's own ("Shutter": TakePhoto, what REC
    /// does in STILL), with the other names it goes by ("shutter button").
    public let press: String?
    /// Other names said for the control in that state, pressed the same way.
    public let aliases: [String]

    /// A name said in one state of the body.
    public init(_ name: String, when: BodyCondition? = nil, press: String? = nil, aliases: [String] = []) {
        self.name = name
        self.when = when
        self.press = press
        self.aliases = aliases
    }
}

/// A state of the body that changes what a control says.
public enum BodyCondition: String, Sendable, Equatable {
    /// The mode lever at CINE.
    case cine
    /// The mode lever at STILL.
    case still
    /// A take being recorded.
    case recording

    /// True when the body is in this state.
    public func holds(on body: CameraBody) -> Bool {
        switch self {
        case .cine: body.mode == .cine
        case .still: body.mode == .still
        case .recording: body.recording
        }
    }
}

/// The intents that work a control, by the methods' names on `org.retrocam.Intents1`.
public struct ControlIntents: Sendable, Equatable {
    /// The Set* intent whose value is the control's position ("SetDecade"); nil for buttons that act.
    public let set: String?
    /// The intent a double tap performs when it has one of its own (REC: "ToggleRecord", FLIP:
    /// "FlipCamera"); nil when the tap steps the `set` intent's value (TIMER: Off → 3 s) or only works
    /// the screen (MENU, LIBRARY).
    public let press: String?
    /// "AdjustControl" for the dials and rockers a swipe turns.
    public let adjust: String?

    /// The intents of a control.
    public init(set: String? = nil, press: String? = nil, adjust: String? = nil) {
        self.set = set
        self.press = press
        self.adjust = adjust
    }
}

/// Where a control sits on the body's grid: its first column and row, and how many it spans.
public struct BodyCell: Sendable, Equatable {
    /// The first column, 0 at the left.
    public let column: Int
    /// The first row, 0 at the top.
    public let row: Int
    /// Columns spanned.
    public let width: Int
    /// Rows spanned.
    public let height: Int

    /// A cell.
    public init(_ column: Int, _ row: Int, _ width: Int = 1, _ height: Int = 1) {
        self.column = column
        self.row = row
        self.width = width
        self.height = height
    }
}
