import Body

/// The word classes the sentence templates share (hassil's `expansion_rules`), written as templates too:
/// verbs and their synonyms, the names of each control (from `ControlTable`), amounts. A template says `<take> [<a>] <picture>`
/// once and means every combination, so a synonym added here reaches every sentence that uses the class.
enum VoiceRules {
    /// `<name>` → its template.
    static let templates: [(name: String, template: String)] = [
        // Verbs
        ("set", names(VoiceGestures.set)),
        ("go", "(go | go back | travel | take me | take me back | bring me | bring me back | jump | switch | change | move | head | skip | back | take it | take it back | bring it | bring it back | put it back | set it back | take us | take us back | jump back | skip back | dial | forward | fast forward | go forward | jump forward | skip forward | skip ahead | jump ahead)"),
        ("take", "(take | snap | shoot | grab | capture | get | click | make | have)"),
        ("start", "(start | begin)"),
        ("stop", "(stop | pause | end | finish | halt)"),
        ("use", "(use | shoot on | shoot with | shoot in | shoot it on | shoot it in | film on | film in | film it on | switch to | go with | try | load | pick | choose | select | put | put on)"),
        ("give", "(give me | give it | give this | i want | i'd like | let me have | go for | try | apply | add | do | use | gimme)"),
        ("sound-to", "(go | go to | switch | switch to | change to | put it (in | on | to) | set it (to | in) | make it | try | use | record in | film in | shoot in | back to | go back to | switch back to)"),
        ("make-look", "(make it | make this | make everything | make the picture | make the image | i want it to | have it | get it to) (look | feel | seem)"),
        ("increase", names(VoiceGestures.increase)),
        ("decrease", names(VoiceGestures.decrease)),
        ("raise-verb", names(VoiceGestures.raise)),
        ("lower-verb", names(VoiceGestures.lower)),
        // Things said about takes
        ("a", "(a | an | the | one | another | my | one more | some | a new | that)"),
        ("picture", "(picture | photo | photograph | snapshot | shot | pic | selfie | snap | image)"),
        // Who a photo is of, said before it: "take the *group* photo". (Only words the camera may know without other
        // sentences changing: a grammar's word is a camera word, and "wedding", "birthday" or "family" describe a look.)
        ("picture-kind", "(group)"),
        ("video", "(video | clip | movie | film | recording | footage | take | vid)"),
        ("take-word", "(take | photo | picture | clip | video | shot | recording | pic | one | snap | image | vid | frame)"),
        ("tape", "(tape | cassette | film | roll of film | film roll | roll | cartridge | reel | film cartridge | videotape | mag | magazine | film magazine)"),
        ("start-what", "([the] (recording | filming | shooting | capturing | rolling | taping | cranking | record) [[(a | the | some)] <video>] | [(a | the | a new | some | another)] <video> [recording] | (taking | making | recording | shooting | capturing | filming) [(a | some | the)] <video> | to (film | record | shoot) [(me | us | this | it | a video | the video | the film)])"),
        ("stop-what", "([(the | this | my)] (recording | filming | shooting | capturing | rolling | taping | video recording | clip | take | video | film | footage) | to (record | film | shoot) | it | that | the camera)"),
        ("virtual-camera", names(MenuRowID.virtualCamera.voice.names)),
        ("call", "(call | calls | meeting | meetings | video call | video calls | stream | zoom | zoom call | zoom calls | teams | teams call | discord | skype | jitsi | twitch | livestream | live stream | video chat)"),
        // A program that streams what a camera gives it, named only where the picture is sent.
        ("streaming-program", "(obs | obs studio)"),
        // The picture as it is looked, said of what is sent to a call.
        ("looked", "(retro | vintage | old | old movie | old film | old fashioned)"),
        ("fact", "(fun fact | fact | fact of the day | fun fact of the day | trivia | bit of trivia | piece of trivia | random fact | interesting fact)"),
        // Controls
        ("light", names(ControlID.light.row.voiceNames)),
        ("timer", names(ControlID.timer.row.voiceNames)),
        ("sound", names(ControlID.audio.row.voiceNames)),
        ("degree", "(degree | strength | intensity | effect | effect strength | effect intensity | filter strength | filter intensity | amount | level | vintage effect | retro effect | effect level | degree dial)"),
        ("exposure", names(ControlID.exposure.row.voiceNames)),
        ("format", names(ControlID.format.row.voiceNames)),
        ("date", names(MenuRowID.dateImprint.voice.names)),
        ("dial-entry", "(style | technology | look | film | film stock | filter | camera style)"),
        ("vibe", "(vibe | vibes | look | feel | style | aesthetic | effect | filter | mood | feeling | theme)"),
        ("old", "(old | vintage | classic | retro | old school | an old | a vintage | an old school)"),
        // Amounts
        ("bit", names(VoiceGestures.bit) + " [more]"),
        ("lot", names(VoiceGestures.lot)),
    ] + ControlSentences.rules

    /// The words of the classes that name takes (`<picture>`, `<video>`), each with the other one-word
    /// names of its class: what the desktop's search finds an intent's name by ("video" for StartClip).
    static let sameAs: [String: [String]] = {
        var same: [String: [String]] = [:]
        for name in ["picture", "video"] {
            guard let template = templates.first(where: { $0.name == name })?.template else { continue }
            let words = template.filter { $0 != "(" && $0 != ")" }.split(separator: "|")
                .map { $0.split(separator: " ") }.filter { $0.count == 1 }.map { String($0[0]) }
            for word in words { same[word, default: []] += words.filter { $0 != word } }
        }
        return same
    }()

    /// A control's names as a template's alternatives: "(light | flash | …)".
    static func names(_ names: [String]) -> String { "(" + names.joined(separator: " | ") + ")" }

    /// The parsed rules by name.
    static let expressions: [String: TemplateExpression] = Dictionary(
        uniqueKeysWithValues: templates.map { ($0.name, TemplateExpression.parse($0.template)) })
}
