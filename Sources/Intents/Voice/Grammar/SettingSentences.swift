import Body

/// The sentences that set a control to a value: the value said in a typed slot (`{decade}`), or fixed by
/// the sentence ("reset the zoom" is 1.0x). A slot alone ("the 2010s", "instamatic", "widescreen") is a
/// sentence too, for values that cannot be mistaken for other words (`SlotRecognizer.acceptsBare`).
enum SettingSentences {
    static let all: [VoiceSentence] = looks + lens + switches

    /// DECADE, the TECHNOLOGY/STYLE dial and DEGREE: the look.
    static let looks: [VoiceSentence] = [
        VoiceSentence(.setDecade, "<go> [all the way] [back] [in time] (to | in | into) [the] {decade}"),
        VoiceSentence(.setDecade, "<go> [all the way] [back] (to | in | into) [the] (year | years | decade) {decade}"),
        VoiceSentence(.setDecade, "<set> [the] (decade | era | year | decade wheel | wheel) [dial] to [the] {decade}"),
        VoiceSentence(.setDecade, "(decade | era | year) {decade}"),
        VoiceSentence(.setDecade, "[the] {decade}"),
        VoiceSentence(.setDecade, "<make-look> like [(the | a)] {decade}"),
        VoiceSentence(.setDecade, "(make it | make this | make everything) (look | feel) {decade}"),
        VoiceSentence(.setDecade, "<give> [(a | an | that | some | the)] {decade} <vibe>"),
        VoiceSentence(.setDecade, "[the] {decade} <vibe>"),
        VoiceSentence(.setDecade, "(do | try | go with) [the] {decade}"),
        VoiceSentence(.setDecade, "(set | put) it (in | to) [the] {decade}"),
        // A learner's: "do the camera in seventies", "put the camera in the years eighty", "bring me in the time of 1900".
        VoiceSentence(.setDecade, "(do | put | make | set) the camera (in | to | into) [the] [(year | years | time of | time of year)] {decade}").rare,
        VoiceSentence(.setDecade, "(bring | take) (me | us) (in | to | into | back to) the (year | years | time | time of | time of year | time of the year) [of] {decade}").rare,
        VoiceSentence(.setDecade, "make it [(in | to | like)] [the] {decade}"),
        VoiceSentence(.setDecade, "<make-look> like it (was | were) (filmed | shot | taken | made) in [the] {decade}"),
        VoiceSentence(.setDecade, "(i want | i'd like | give me) [the] {decade}"),
        VoiceSentence(.setStyle, "<set> [the] (style | technology | dial | film | film stock | camera | look) to [(a | an | the)] {style}"),
        VoiceSentence(.setStyle, "[the] (style | technology) {style}"),
        VoiceSentence(.setStyle, "(<set> | <use>) [the] (style | technology | stock | film stock) [to] {style}"),
        VoiceSentence(.setStyle, "(i want | i'd like | give me) [(a | an | the)] {style}"),
        VoiceSentence(.setStyle, "<use> [(a | an | the | some | that)] [<old>] {style} [(look | style | film | camera)]"),
        VoiceSentence(.setStyle, "<make-look> like [(a | an | the | that | some | our | my | those | these)] [<old>] {style} [(film | movie | footage | camera | tapes | home movies | movies | photos | pictures)]"),
        VoiceSentence(.setStyle, "<give> [(a | an | that | some | the)] [<old>] {style} <vibe>"),
        VoiceSentence(.setStyle, "[the] [<old>] {style} <vibe>"),
        VoiceSentence(.setStyle, "[the] {style}"),
        VoiceSentence(.setStyle, "(make it | go | in | shoot in | film in) {style}"),
        VoiceSentence(.setStyle, "(shoot | film | record) [(this | it | that)] [one] (on | with) [(a | an | the | some)] {style}"),
        VoiceSentence(.setDegree, "<set> [the] <degree> (to | at) {degree}"),
        VoiceSentence(.setDegree, "<raise-verb> [the] <degree> (up | down) to {degree}"),
        VoiceSentence(.setDegree, "<degree> [(at | to | of)] {degree}"),
        VoiceSentence(.setDegree, "{degree} <degree>"),
        VoiceSentence(.setDegree, "go [(the | for the)] full era", value: "12"),
        VoiceSentence(.setDegree, "make [the] <degree> as (strong | intense | heavy) as (possible | it goes | it can be | you can)", value: "12"),
        VoiceSentence(.setDegree, "<raise-verb> [the] <degree> all the way up", value: "12"),
        VoiceSentence(.setDegree, "<lower-verb> [the] <degree> all the way down", value: "1"),
        // The seed's own words for the dial's ends: "from 1 (a hint) to 12 (the full era)".
        VoiceSentence(.setDegree, "[a] [(tiny | little | small | slight | faint)] hint of [the] (era | old look | age | <degree>)", value: "1"),
        VoiceSentence(.setDegree, "[(the | a)] full [on] era [look]", value: "12"),
    ] + exposureStops

    /// EXPOSURE, ZOOM, FORMAT and the mode lever.
    static let lens: [VoiceSentence] = [
        VoiceSentence(.setExposure, "<set> [the] <exposure> [to] {exposure}"),
        VoiceSentence(.setExposure, "<exposure> [(at | to | back to)] {exposure}"),
        VoiceSentence(.setExposure, "reset [the] <exposure>", value: "0"),
        VoiceSentence(.setExposure, "dial in {exposure}"),
        VoiceSentence(.setZoom, "zoom [(to | in to | in | in at | out to | at | back to)] {zoom}"),
        VoiceSentence(.setZoom, "<set> [the] zoom [level] to {zoom}"),
        VoiceSentence(.setZoom, "{zoom} zoom"),
        VoiceSentence(.setZoom, "(push | punch | pull | move) (in | out) to [the] {zoom}"),
        VoiceSentence(.setZoom, "zoom (in all the way | all the way in)", value: "4.0"),
        VoiceSentence(.setZoom, "zoom in as (far | close | much) as (it goes | possible | you can | it can)", value: "4.0"),
        VoiceSentence(.setZoom, "zoom [back] (out all the way | all the way out)", value: "1.0"),
        VoiceSentence(.setZoom, "(pull | step | move) [it] (all the way back | all the way out | right back | back all the way | out all the way)", value: "1.0"),
        VoiceSentence(.setZoom, "zoom out as (far | much) as (it goes | possible | you can | it can)", value: "1.0"),
        VoiceSentence(.setZoom, "(reset | undo | clear) [the] zoom", value: "1.0"),
        VoiceSentence(.setZoom, "unzoom", value: "1.0"),
        VoiceSentence(.setFormat, "<set> [the] <format> to {format}"),
        VoiceSentence(.setFormat, "<format> {format}"),
        VoiceSentence(.setFormat, "(shoot | film | record) in {format}"),
        VoiceSentence(.setFormat, "{format} [(format | ratio | frame)]"),
        VoiceSentence(.setFormat, "(make it | go | switch to | change to | go to) {format}"),
        VoiceSentence(.setFormat, "{format} (it | this)"),
        VoiceSentence(.setFormat, "(<give> | use | add | put on) [(the | those | some | a)] {format} [(look | one | format | frame)]"),
        VoiceSentence(.setMode, "<set> [the] mode to {mode}"),
        VoiceSentence(.setMode, "(switch | change | go | get | go back | switch back | change back | back) to [the] {mode} [mode]"),
        VoiceSentence(.setMode, "{mode} mode"),
        VoiceSentence(.setMode, "(cine | cinema)", value: Mode.cine.rawValue),
        VoiceSentence(.setMode, "still", value: Mode.still.rawValue),
        VoiceSentence(.setMode, "(put | set | switch) [the] camera (in | into | to) {mode} [mode]"),
        VoiceSentence(.setMode, "(put | set | switch) (it | this) [back] (in | into | to) [the] {mode} mode"),
        VoiceSentence(.setMode, "(go | get | switch | change) (in | into) [the] {mode} mode"),
    ]

    /// TIMER, SOUND, LIGHT/FLASH, the camera facing and DATE IMPRINT.
    static let switches: [VoiceSentence] = [
        VoiceSentence(.setTimer, "set [(a | the)] {timer} <timer>"),
        VoiceSentence(.setTimer, "set [(a | the)] <timer> [(for | to | of | at)] {timer}"),
        VoiceSentence(.setTimer, "turn [the] <timer> {timer}"),
        VoiceSentence(.setTimer, "turn {timer} [the] <timer>"),
        VoiceSentence(.setTimer, "<timer> {timer}"),
        VoiceSentence(.setTimer, "[(a | the)] {timer} <timer>"),
        VoiceSentence(.setTimer, "(use | give me | with) [(a | the)] {timer} <timer>"),
        // Time to get into the picture: "give me ten seconds", "I need ten seconds to run into the frame".
        VoiceSentence(.setTimer, "(give me | give us | i need | we need) {timer} [to (get | run | walk | jump | step | be) (in | into) [(the | this)] (shot | picture | frame | photo)]"),
        VoiceSentence(.setTimer, "(no | without) [a] <timer>", value: "0"),
        VoiceSentence(.setTimer, "no more <timer>", value: "0").rare,
        VoiceSentence(.setTimer, "put [(a | the)] <timer> [(on | to | at | of)] {timer}").rare,
        VoiceSentence(.setTimer, "(cancel | disable | remove | clear | stop | kill | turn off | switch off | take out | take off | take away) [the] <timer>", value: "0"),
        VoiceSentence(.setAudio, "mute [the] [<sound>]", value: "Off"),
        VoiceSentence(.setAudio, "unmute [the] [<sound>]", value: "Mono"),
        VoiceSentence(.setAudio, "\(ControlSentences.alternatives(VoiceGestures.switchOff)) [the] <sound> [<on-takes>]", value: "Off"),
        VoiceSentence(.setAudio, "<give> [(proper | some)] {audio} (sound | audio)"),
        VoiceSentence(.setAudio, "[(record | film | shoot)] (without | with no | no) (sound | audio)", value: "Off"),
        VoiceSentence(.setAudio, "<set> [the] <sound> to {audio}"),
        VoiceSentence(.setAudio, "(turn | switch) [the] <sound> {audio}"),
        VoiceSentence(.setAudio, "(turn | switch) {audio} [the] <sound>"),
        VoiceSentence(.setAudio, "<sound> {audio}"),
        VoiceSentence(.setAudio, "{audio} (sound | audio)"),
        VoiceSentence(.setAudio, "record in {audio}"),
        VoiceSentence(.setAudio, "stereo [(sound | audio)]", value: "Stereo"),
        VoiceSentence(.setAudio, "mono [(sound | audio)]", value: "Mono"),
        // "Stereo" and "mono" said with a verb are the sound, not the Stereo Realist on the 1950s dial.
        VoiceSentence(.setAudio, "<sound-to> stereo", value: "Stereo"),
        VoiceSentence(.setAudio, "<sound-to> mono", value: "Mono"),
        VoiceSentence(.setAudio, "(record | capture | film | take) [the] <sound> (in | to) {audio}"),
        VoiceSentence(.setLight, "(turn | switch | set | pop | put | flip) [the] <light> [to] {light}"),
        VoiceSentence(.setLight, "(turn | switch) {light} [the] <light>"),
        VoiceSentence(.setLight, "<light> {light}"),
        VoiceSentence(.setLight, "(use | enable) [the] <light>", value: "on"),
        VoiceSentence(.setLight, "(no | without) [the] <light>", value: "off"),
        VoiceSentence(.setLight, "(don't | do not) use [the] <light>", value: "off"),
        VoiceSentence(.setLight, "(disable | kill) [the] <light>", value: "off"),
        VoiceSentence(.setFacing, "(switch | change | go | flip | turn | swap) [(back | over)] to [the] {facing} [camera]"),
        VoiceSentence(.setFacing, "(i want | i need | we want | we need | give me) [to use] [the] {facing} (camera | lens)"),
        VoiceSentence(.setFacing, "back to [the] {facing} camera"),
        VoiceSentence(.setFacing, "(switch | change | set | flip | turn | swap | put) [the] camera [back] to [the] {facing} [(camera | one)]"),
        VoiceSentence(.setFacing, "(turn | spin | swing | flip) (it | the camera) (round | around) to [the] {facing} [(camera | one)]"),
        VoiceSentence(.setFacing, "(turn | spin | swing) (it | the camera) (round | around) (on | to | towards) (me | us)", value: Facing.front.rawValue),
        VoiceSentence(.setFacing, "(use | switch to | go to) [the] camera (on | at | of | from) [the] {facing}"),
        VoiceSentence(.setFacing, "turn (the camera | it) [(round | around)] (to | toward | towards) (me | my face | face me)", value: Facing.front.rawValue),
        // A complaint the other camera fixes.
        VoiceSentence(.setFacing, "i (cant | cannot | can not) see (my face | me | myself)", value: Facing.front.rawValue),
        VoiceSentence(.setFacing, "use [the] {facing} camera"),
        VoiceSentence(.setFacing, "[the] {facing} (camera | mode)"),
        VoiceSentence(.setDateImprint, "(turn | switch | set) [the] <date> [to] {imprint}"),
        VoiceSentence(.setDateImprint, "(turn | switch) {imprint} [the] <date>"),
        VoiceSentence(.setDateImprint, "<date> {imprint}"),
        VoiceSentence(.setDateImprint, "(add | put | show | stamp | print | include) the date [(on | to | in) [(my | the)] (photos | pictures | clips | videos | takes | shots)]", value: "on"),
        VoiceSentence(.setDateImprint, "(hide | remove | drop | take off) the <date>", value: "off"),
        VoiceSentence(.setDateImprint, "(take | remove) the <date> (off | from) [(the | my)] (photos | pictures | pics | clips | videos | frames)", value: "off"),
    ]

    /// What a photographer says before stops over or under: "*give me* half a stop under".
    private static let meter = "(give me | go | shoot | shoot it | keep it | set it | put it | expose | expose it | try)"

    /// "overexpose by one stop" (+1 EV), "underexpose by half a stop" (-0.5 EV), a photographer's "give me half a stop
    /// under" (-0.5 EV), said alone too ("one stop over"): one sentence per amount, so the sign is the sentence's and
    /// every export carries the value.
    static let exposureStops: [VoiceSentence] = [(0.5, "(half a stop | a half stop)"), (1.0, "(one stop | a stop | 1 stop | a full stop)"),
                                                  (1.5, "(one and a half stops | a stop and a half | 1.5 stops)"), (2.0, "(two stops | 2 stops)")]
        .flatMap { ev, amount in
            [VoiceSentence(.setExposure, "overexpose [it] by \(amount)", value: Spoken.exposureNumber(ev)),
             VoiceSentence(.setExposure, "underexpose [it] by \(amount)", value: Spoken.exposureNumber(-ev)),
             VoiceSentence(.setExposure, "[\(meter)] [(at | to)] \(amount) over", value: Spoken.exposureNumber(ev)),
             VoiceSentence(.setExposure, "[\(meter)] [(at | to)] \(amount) under", value: Spoken.exposureNumber(-ev))]
        }
}
