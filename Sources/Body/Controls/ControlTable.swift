/// Every control of the body in one table, in the seed's order (its VoiceOver table, then the tape
/// counter): the one place for what each control is called, engraved, looks like, says, does and is
/// said as. `Camera1.ListControls`, the body's spoken words, the resolver's value words, the voice
/// grammar with its exports and the speech grammar all read it.
public enum ControlTable {
    /// One row per `ControlID`, in `ControlID` order.
    public static let rows: [ControlRow] = [
        ControlRow(
            id: .decade, kind: .adjustable, face: .wheel, engraving: "DECADE", spokenNames: [SpokenName("Decade")],
            genericName: "Decade", hint: swipe, intents: ControlIntents(set: "SetDecade", adjust: adjust),
            property: "Decade", cell: BodyCell(0, 0, 2, 2),
            voice: ControlVoice(
                names: ["decades", "era", "eras", "year", "years", "wheel", "decade wheel", "big wheel"],
                parts: ["wheel", "dial"], up: ["next", "later", "forward", "ahead", "newer", "modern", "recent"],
                down: ["previous", "earlier", "back", "older", "before", "early"], units: [StepUnit("decade"), StepUnit("era")],
                values: ValueForms.decades(.standard, eras: DecadeWords.eras))),
        ControlRow(
            id: .style, kind: .adjustable, face: .dial, engraving: "TECHNOLOGY · STYLE",
            spokenNames: [SpokenName("Technology", when: .cine), SpokenName("Style")],
            genericName: "Technology or Style", hint: swipe, intents: ControlIntents(set: "SetStyle", adjust: adjust),
            property: "Style", cell: BodyCell(2, 0, 2, 1),
            voice: ControlVoice(
                names: ["styles", "technologies", "dial", "look", "film", "film stock", "stock", "camera style"],
                parts: ["dial"], up: ["next"], down: ["previous"],
                values: ValueWord.forms(StyleWords.monochrome, StyleWords.blackAndWhite))),
        ControlRow(
            id: .degree, kind: .adjustable, face: .dial, engraving: "DEGREE", spokenNames: [SpokenName("Degree")],
            genericName: "Degree", hint: swipe, intents: ControlIntents(set: "SetDegree", adjust: adjust),
            property: "Degree", cell: BodyCell(4, 0),
            voice: ControlVoice(
                names: ["strength", "intensity", "effect", "effects", "effect strength", "effect intensity", "filter",
                        "filter strength", "filter intensity", "amount", "level", "vintage", "retro", "vintage effect",
                        "retro effect", "effect level", "degree dial", "aging", "ageing", "aging effect", "age", "grade",
                        "old look", "old film look", "old film effect", "film effect", "era look", "era effect", "vintage look",
                        "retro look", "old effect", "period look", "period effect", "vintage feel", "old feel", "retro feel",
                        "old fashioned look", "old fashioned effect", "old fashioned amount", "vintage amount", "old look amount"],
                parts: ["dial"],
                up: ["stronger", "more intense", "heavier", "more vintage", "more retro", "more old fashioned", "more aged",
                     "more old timey", "more old looking", "older looking", "more worn", "grainier",
                     "thicker"],
                down: ["weaker", "less intense", "subtler", "more subtle", "softer", "less vintage", "less retro", "less old",
                       "less aged", "less old timey", "less old looking", "thinner", "less worn", "less grainy"],
                values: ValueForms.degrees() + ValueForms.ends(max: "12", min: "1")
                    + ValueWord.forms(["a hint", "hint", "a tiny hint", "tiny hint", "a whisper", "whisper", "a little hint", "little hint",
                                       "the very smallest", "very smallest", "barely there"], "1")
                    + ValueWord.forms(["the full era", "full era", "all the era", "the whole hog", "whole hog", "all out", "full blast"], "12"),
                raise: ["age", "age up"], lower: ["modernise", "modernize"],
                most: ["strong", "intense", "heavy", "vintage", "old"], least: ["subtle", "weak", "soft", "little"],
                tooLow: ["too subtle", "too weak", "not vintage enough", "not old enough", "too modern", "too clean", "too new",
                         "too crisp", "too digital", "not retro enough"],
                tooHigh: ["too strong", "too vintage", "too heavy", "too intense", "too old", "overdone", "too retro", "too grainy",
                          "too old timey",
                          "too faded", "too old fashioned", "too much effect", "too much filter"])),
        ControlRow(
            id: .rec, kind: .button, face: .shutter, engraving: "REC",
            spokenNames: [SpokenName("Stop", when: .recording, press: "PauseClip", aliases: ["stop button"]),
                          SpokenName("Shutter", when: .still, press: "TakePhoto", aliases: ["shutter button", "shutter release"]),
                          SpokenName("Record")],
            genericName: "Record",
            hint: "Double tap to start, double tap again to pause; in STILL, double tap to take a photo. There is no press-and-hold.",
            intents: ControlIntents(press: "ToggleRecord"), property: "Recording", cell: BodyCell(5, 0, 1, 2),
            voice: ControlVoice(names: ["rec", "record button", "rec button", "red button", "big red button",
                                        "recording button", "red record button", "big red record button"],
                                parts: ["button"])),
        ControlRow(
            id: .mode, kind: .button, face: .lever, engraving: "CINE · STILL", spokenNames: [SpokenName("Mode")],
            genericName: "Mode", hint: "Double tap to change", intents: ControlIntents(set: "SetMode"),
            property: "Mode", cell: BodyCell(2, 1),
            voice: ControlVoice(
                names: ["mode lever", "lever", "mode switch"], parts: ["lever", "switch"],
                values: ValueWord.forms(["cine", "movie", "movies", "video", "videos", "film", "films", "clip", "clips",
                                         "cinema", "motion", "shooting video", "making videos", "taking videos"], Mode.cine.rawValue)
                    + ValueWord.forms(["still", "stills", "photo", "photos", "picture", "pictures", "photograph",
                                       "photography", "camera", "taking photos", "taking pictures", "taking stills",
                                       "taking pics"], Mode.still.rawValue))),
        ControlRow(
            id: .exposure, kind: .adjustable, face: .rocker, engraving: "EXPOSURE", spokenNames: [SpokenName("Exposure")],
            genericName: "Exposure", hint: swipe, intents: ControlIntents(set: "SetExposure", adjust: adjust),
            property: "Exposure", cell: BodyCell(3, 1),
            voice: ControlVoice(
                names: ["brightness", "ev", "exposure compensation", "exposure value", "exposure comp", "ev comp", "comp", "compensation"], parts: ["rocker"],
                up: ["brighter", "lighter", "more bright"], down: ["darker", "dimmer", "less bright", "more dark"],
                units: [StepUnit("stop", steps: 2)],
                values: ValueForms.exposures() + ValueWord.forms(["normal", "neutral"], "0.0")
                    + ValueForms.ends(max: "2.0", min: "-2.0"),
                home: "0.0", raise: ["open up", "open it up"], lower: ["stop down", "stop it down", "close down"],
                most: ["bright", "light"], least: ["dark", "dim"],
                tooLow: ["too dark", "too dim", "underexposed", "too gloomy", "not bright enough", "too murky", "too shadowy",
                         "too much dark"],
                tooHigh: ["too bright", "too light", "overexposed", "washed out", "blown out", "not dark enough", "too harsh",
                          "blowing out", "too much light"])),
        ControlRow(
            id: .zoom, kind: .adjustable, face: .rocker, engraving: "ZOOM", spokenNames: [SpokenName("Zoom")],
            genericName: "Zoom", hint: "Swipe up or down, 0.5× at a time", intents: ControlIntents(set: "SetZoom", adjust: adjust),
            property: "Zoom", cell: BodyCell(4, 1),
            voice: ControlVoice(
                names: ["magnification", "zoom level"], parts: ["rocker"], up: ["in", "closer", "bigger", "larger", "more big", "more close", "tighter", "nearer",
                                                                                    "more near"],
                down: ["out", "wider", "smaller", "more small"],
                values: ValueForms.zooms()
                    + [ValueWord("double", "2.0"), ValueWord("twice", "2.0"), ValueWord("triple", "3.0"),
                       ValueWord("quadruple", "4.0")]
                    + ValueForms.ends(max: "4.0", min: "1.0") + ValueWord.forms(["none", "no", "normal"], "1.0")
                    + ValueWord.forms(["widest", "the widest"], "1.0") + ValueWord.forms(["tightest", "the tightest", "closest", "the closest"], "4.0"),
                home: "1.0", most: ["close", "tight"], least: ["wide"],
                tooLow: ["too far", "too far away", "not close enough"],
                tooHigh: ["too close", "too near", "too tight", "too zoomed in", "too cramped"])),
        ControlRow(
            id: .format, kind: .button, face: .miniButton, engraving: "FORMAT", spokenNames: [SpokenName("Format")],
            genericName: "Format", hint: tap, intents: ControlIntents(set: "SetFormat"), property: "Format",
            cell: BodyCell(0, 2),
            voice: ControlVoice(names: ["frame format", "aspect ratio", "ratio", "frame", "aspect"], parts: ["button"],
                                values: FormatWords.all)),
        ControlRow(
            id: .timer, kind: .button, face: .miniButton, engraving: "TIMER", spokenNames: [SpokenName("Self-timer")],
            genericName: "Self-timer", hint: tap, intents: ControlIntents(set: "SetTimer"), property: "Timer",
            cell: BodyCell(1, 2),
            voice: ControlVoice(names: ["self timer", "delay", "countdown", "self timer countdown", "little clock", "clock", "shutter delay",
                                        "release delay", "delay timer"], parts: ["button"],
                                values: ValueWord.forms(["off", "none", "no", "no timer", "disabled"], "0") + ValueForms.timers())),
        ControlRow(
            id: .light, kind: .button, face: .miniButton, engraving: "LIGHT · FLASH",
            spokenNames: [SpokenName("Light", when: .cine), SpokenName("Flash")],
            genericName: "Light or Flash", hint: tap, intents: ControlIntents(set: "SetLight", press: "ToggleLight"),
            property: "Light", cell: BodyCell(2, 2),
            voice: ControlVoice(names: ["lights", "torch", "lamp", "fill light", "video light", "movie light", "strobe", "little light", "lightbulb",
                                        "light bulb", "bulb", "key light"], parts: ["button"],
                                values: ValueWord.forms(VoiceGestures.on, "true") + ValueWord.forms(VoiceGestures.off, "false"))),
        ControlRow(
            id: .audio, kind: .button, face: .miniButton, engraving: "SOUND", spokenNames: [SpokenName("Audio")],
            genericName: "Audio", hint: tap, intents: ControlIntents(set: "SetAudio"), property: "Audio",
            cell: BodyCell(3, 2),
            voice: ControlVoice(
                names: ["mic", "microphone"], parts: ["button"],
                values: ValueWord.forms(["off", "none", "mute", "muted", "silent", "no sound", "no audio", "silence"],
                                        AudioMode.off.rawValue)
                    + ValueWord.forms(["mono", "monophonic", "one channel"], AudioMode.mono.rawValue)
                    + ValueWord.forms(["stereo", "stereophonic", "two channels"], AudioMode.stereo.rawValue))),
        ControlRow(
            id: .library, kind: .button, face: .button, engraving: "LIBRARY", spokenNames: [SpokenName("Library")],
            genericName: "Library", hint: tap, intents: ControlIntents(), property: "RecoveredTakes", cell: BodyCell(0, 3),
            voice: ControlVoice(names: ["gallery", "camera roll"], parts: ["button"])),
        ControlRow(
            id: .lastTake, kind: .button, face: .button, engraving: "LAST TAKE", spokenNames: [SpokenName("Last take")],
            genericName: "Last take", hint: tap, intents: ControlIntents(press: "LastTake"), property: "LastTake",
            cell: BodyCell(1, 3),
            voice: ControlVoice(names: ["last shot", "last one"], parts: ["button"])),
        ControlRow(
            id: .menu, kind: .button, face: .button, engraving: "MENU", spokenNames: [SpokenName("Menu")],
            genericName: "Menu", hint: tap, intents: ControlIntents(), property: "MenuOpen", cell: BodyCell(2, 3),
            voice: ControlVoice(names: ["settings"], parts: ["button"])),
        ControlRow(
            id: .flip, kind: .button, face: .button, engraving: "FLIP", spokenNames: [SpokenName("Flip camera")],
            genericName: "Flip camera", hint: tap, intents: ControlIntents(set: "SetFacing", press: "FlipCamera"),
            property: "Facing", cell: BodyCell(3, 3),
            voice: ControlVoice(names: ["flip button"], parts: ["button"], values: FacingWords.all)),
        ControlRow(
            id: .undo, kind: .button, face: .button, engraving: "UNDO", spokenNames: [SpokenName("Undo")],
            genericName: "Undo", hint: tap, intents: ControlIntents(press: "Undo"), property: "UndoSecondsLeft",
            cell: BodyCell(4, 3),
            voice: ControlVoice(names: ["undo button"], parts: ["button"])),
        ControlRow(
            id: .counter, kind: .readout, face: .counter, engraving: "TAPE", spokenNames: [SpokenName("Tape counter")],
            genericName: "Tape counter", hint: "Reads out the minutes of tape left", intents: ControlIntents(),
            property: "TapeMinutesLeft", cell: BodyCell(4, 2, 2, 1),
            voice: ControlVoice(names: ["counter", "tape"])),
    ]

    /// The row of a control.
    public static func row(_ id: ControlID) -> ControlRow { byID[id]! }

    /// The rows of the controls a swipe turns, in the seed's order.
    public static var adjustable: [ControlRow] { rows.filter { $0.kind == .adjustable } }

    private static let byID: [ControlID: ControlRow] = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })

    /// The seed's hint for the dials and rockers.
    private static let swipe = "Swipe up or down"
    /// The seed's hint for the buttons.
    private static let tap = "Double tap"
    /// The intent of a swipe.
    private static let adjust = "AdjustControl"
}

extension ControlID {
    /// Its row of `ControlTable`.
    public var row: ControlRow { ControlTable.row(self) }
}
