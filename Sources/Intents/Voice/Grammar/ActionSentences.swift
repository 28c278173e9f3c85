/// The sentences of the intents that act: takes, the tape, UNDO, LAST TAKE, FLIP, the light toggle, the
/// fact of the day and the virtual camera.
enum ActionSentences {
    static let all: [VoiceSentence] = takes + library + camera + virtualCamera

    /// Photos and clips.
    static let takes: [VoiceSentence] = [
        VoiceSentence(.toggleRecord, "(toggle | press | hit | push | tap | click) [the] (record | recording | rec | red) [button]"),
        VoiceSentence(.startClip, "<start> [<start-what>]"),
        VoiceSentence(.startClip, "(start | get) [the] (camera | cameras) rolling"),
        VoiceSentence(.startClip, "(record | film | shoot | capture | make | take) (a | some | the | a new | another) <video>"),
        VoiceSentence(.startClip, "(record | film) [(video | footage | this | it | that | something)]"),
        VoiceSentence(.startClip, "(roll | rolling) [(camera | cameras | tape | film)]"),
        VoiceSentence(.startClip, "[and] action"),
        VoiceSentence(.startClip, "lights camera action"),
        VoiceSentence(.startClip, "(we're | we are) rolling"),
        VoiceSentence(.pauseClip, "<stop> [<stop-what>]"),
        VoiceSentence(.pauseClip, "[and] cut [(it | that | that's it)]"),
        VoiceSentence(.pauseClip, "(stop | halt) [the] (camera | cameras | film | tape) [from] rolling"),
        VoiceSentence(.pauseClip, "(that's | that is | it's) (a wrap | enough)"),
        VoiceSentence(.pauseClip, "wrap (it | this | that) up"),
        // A learner's "make pause of the video".
        VoiceSentence(.pauseClip, "make [a] pause [(of | to | on | in) [the] (video | film | recording | clip)]").rare,
        VoiceSentence(.pauseClip, "(we're | we are) done [filming | recording]"),
        VoiceSentence(.takePhoto, "<take> [<a>] [<picture-kind>] <picture> [of {*}]"),
        VoiceSentence(.takePhoto, "<take> (another | one more) [one]"),
        VoiceSentence(.takePhoto, "<take> (a | one | another) (still | frame) [of {*}]"),
        VoiceSentence(.takePhoto, "(another | one more) [(one | <picture>)]"),
        VoiceSentence(.takePhoto, "[<a>] <picture>"),
        VoiceSentence(.takePhoto, "photograph [{*}]"),
        VoiceSentence(.takePhoto, "(capture | snap | shoot) (this | that | it | me | us | the moment | this moment)"),
        VoiceSentence(.takePhoto, "[say] cheese"),
        VoiceSentence(.takePhoto, "snap (one | one off)"),
        VoiceSentence(.takePhoto, "fire [(away | one off)]"),
        VoiceSentence(.takePhoto, "fire off (a | one | another) [(still | <picture> | frame)]"),
        VoiceSentence(.takePhoto, "(taking | snapping | shooting) [<a>] <picture> [of {*}]"),
        VoiceSentence(.takePhoto, "<picture> time"),
    ]

    /// UNDO, LAST TAKE and the tape.
    static let library: [VoiceSentence] = [
        VoiceSentence(.undo, "undo [(that | it | this | [(the | that | this | my)] [last] (take | one | photo | picture | clip | video | shot))]"),
        VoiceSentence(.undo, "(delete | scrap | trash | bin | scratch | remove | discard | erase | ditch | lose) (that | it | this) [(one | photo | picture | clip | video | shot | take)]"),
        VoiceSentence(.undo, "(delete | scrap | scratch | trash | bin | remove | discard | erase | ditch | lose | throw away | throw out | get rid of | cancel | take away | take out) [(the | my | that)] last [<take-word>]"),
        VoiceSentence(.undo, "(get rid of | throw away | throw out) (that | it | this) [(one | photo | picture | clip | video | shot | take)]"),
        VoiceSentence(.undo, "throw (that | it | this) [one] (away | out)"),
        // UNDO moves the take to the Trash: said as where it goes.
        VoiceSentence(.undo, "(throw | put | move | send | chuck) [(the | my | that)] last <take-word> (in | into | to) the (trash | bin | rubbish | garbage)"),
        VoiceSentence(.undo, "(throw | put | move | send | chuck) (that | it | this) [one] (in | into | to) the (trash | bin | rubbish | garbage)"),
        VoiceSentence(.lastTake, "(show | open | play | view | review | replay | pull up | bring up) [me] [(the | my | that)] last <take-word> [[(what | that)] i (took | shot | recorded | made | filmed | captured | make | take)] [(from | in | on) [(the | my)] (library | gallery | camera roll)]"),
        VoiceSentence(.lastTake, "(play back | playback | replay) [(the | my | that)] [last] [<take-word>]"),
        VoiceSentence(.lastTake, "(play back | show me | let me see | play) what i (recorded | shot | took | filmed | captured | made)"),
        VoiceSentence(.lastTake, "what did i (shoot | take | film | record | capture)"),
        VoiceSentence(.lastTake, "let me see [(that | it | [the] last (take | one | <picture> | <video>))]"),
        VoiceSentence(.lastTake, "[(the | my)] last take"),
        VoiceSentence(.lastTake, "(what was | where is | where's) [(the | my)] last <take-word>"),
        VoiceSentence(.lastTake, "where did [(the | my | that)] last <take-word> go"),
        // "show me the clip I just shot", "lemme see the last thing I took", "show me the one I've just taken".
        VoiceSentence(.lastTake, "(show | open | play | view | pull up | bring up | let me see | lemme see | see) [me] [(the | my | that)] [(last | latest)] (thing | one | clip | photo | picture | take | video | shot | film) [that] (i | we | ive | weve) [(have | ve)] (shot | took | taken | filmed | recorded | made | captured)"),
        VoiceSentence(.lastTake, "(show | open | play | pull up | bring up | let me see | lemme see) [me] [(the | my | that)] (last | latest) (thing | one | film | clip | video)"),
        // After a take: "stop recording and show me the clip", "cut, and then show me that take".
        VoiceSentence(.lastTake, "(show | play | let me see) [me] (that | the | this) (take | clip | video | photo | picture | shot | one)"),
        VoiceSentence(.lastTake, "(show | play) me (it | that)"),
        VoiceSentence(.lastTake, "(show me | let me see) what (i | we) (took | shot | made | make | recorded | filmed)"),
        VoiceSentence(.insertTape, "(insert | load | put in | put | change | swap | replace | reload) [(a | the | another)] [(new | fresh)] <tape>"),
        VoiceSentence(.insertTape, "(put | pop | stick | slip | slide | load) [(a | another)] (new | fresh) <tape> (in | inside | in there)"),
        VoiceSentence(.insertTape, "(put | pop | stick | slip | load) (in | inside) [(a | another)] (new | fresh) <tape>"),
        VoiceSentence(.insertTape, "(lace up | thread | spool up) [(a | another)] [(new | fresh)] <tape>"),
        VoiceSentence(.insertTape, "[a] (new | fresh) <tape>"),
        VoiceSentence(.insertTape, "(i'm | i am | we're | we are | i've run | we've run | i ran | we ran | i'm running | we're running) out of <tape>"),
    ]

    /// FLIP, the light toggle and the fact of the day.
    static let camera: [VoiceSentence] = [
        VoiceSentence(.flipCamera, "flip [the] [(camera | cameras)]"),
        VoiceSentence(.flipCamera, "turn [the] camera around"),
        VoiceSentence(.flipCamera, "(switch | swap | change | turn around | rotate | reverse) [the] (camera | cameras)"),
        VoiceSentence(.flipCamera, "(use | switch to | swap to | change to | go to) the other (camera | side)"),
        VoiceSentence(.flipCamera, "(swap | switch | change | turn | flip | go) [(it | the camera)] [(over | around | round)] (to | on) [the] other (side | lens | camera | way)"),
        VoiceSentence(.flipCamera, "[(to | on)] the other side"),
        VoiceSentence(.flipCamera, "(turn | switch | swap | change | flip) [the] camera [(over | around | round)] [(to | on)] [the] other (side | way)"),
        VoiceSentence(.toggleLight, "toggle [the] <light>"),
        VoiceSentence(.factOfTheDay, "[(tell me | give me | read me | say | share | say me)] [(a | the | some | today's | your | one)] <fact> [(about | of | from | for) (this | the) (decade | era | year | period)]"),
        VoiceSentence(.factOfTheDay, "(what's | what is) [(the | today's)] <fact>"),
        VoiceSentence(.factOfTheDay, "(tell me | teach me) something (interesting | fun | cool | new) [about (this | the) (decade | era | year | period)]"),
        // "read me today's little fact about the seventies", "I should like to hear the fact of the day".
        VoiceSentence(.factOfTheDay, "(tell | give | read | say | share | hear | gimme | teach) [me] [{*}] <fact> [(about | of | from | for | on) {*}]"),
        VoiceSentence(.factOfTheDay, "(tell me | teach me) something (interesting | fun | cool | new) about [{*}]"),
        VoiceSentence(.factOfTheDay, "(tell me | teach me) something about (this | the | that) (decade | era | period)"),
        VoiceSentence(.factOfTheDay, "(hit me with | give me | gimme) [(a | the | today's | your)] <fact>"),
        VoiceSentence(.factOfTheDay, "[(the | a | today's)] (decade | era | daily) <fact>"),
    ]

    /// The virtual camera: the looked picture as the desktop's camera, for calls and streams.
    static let virtualCamera: [VoiceSentence] = [
        VoiceSentence(.startVirtualCamera, "(use | put | show | bring) [(the | this | my | a)] [<looked>] (look | camera | picture) (in | on | into | for) (my | the | this | our) <call>"),
        VoiceSentence(.startVirtualCamera, "(start | turn on | switch on | enable | open) [the] <virtual-camera> [(for | on | in) [(my | the | this | our)] <call>]"),
        VoiceSentence(.startVirtualCamera, "(i want | i would like | id like) [(the | this | my | a)] [<looked>] (look | camera | picture) (in | on | into | for) (my | the | this | our) <call>"),
        VoiceSentence(.startVirtualCamera, "turn [the] <virtual-camera> on"),
        VoiceSentence(.stopVirtualCamera, "(stop | turn off | switch off | disable | close | end | kill | shut off) [the] <virtual-camera>"),
        VoiceSentence(.stopVirtualCamera, "(turn | switch | take | shut) [the] <virtual-camera> (off | down)"),
        VoiceSentence(.stopVirtualCamera, "(take | put) [the] <virtual-camera> away"),
        // "send the feed to my stream as a webcam": the picture handed to another program as its camera.
        VoiceSentence(.startVirtualCamera, "(send | share | pipe | stream | use | give) [(it | the | this | my)] [(feed | picture | camera | look | video | stream)] [out] [(to | into | in | on) [(my | the | our)] (<call> | <streaming-program>)] as [(a | the | my)] (webcam | web cam | virtual camera | virtual cam)"),
        VoiceSentence(.stopVirtualCamera, "(stop | quit) (using | showing | sharing | sending) [(the | this | my)] [<looked>] (look | camera | picture | feed) (in | on | to) (my | the | this | our) <call>"),
        // "make this show up as my webcam in zoom", "make me show up in the video call": seen by another program. The
        // camera's own name is filler, so "publish the camera as Retrocam" and "take Retrocam off the list of webcams" read
        // without it.
        VoiceSentence(.startVirtualCamera, "make (this | it | me | us | the camera | my camera) (show up | appear) (as [(a | my | the)] (webcam | camera) [(in | on) [(my | the | this | our)] (<call> | <streaming-program> | browser)] | (in | on) [(my | the | this | our)] (<call> | <streaming-program> | browser))"),
        VoiceSentence(.startVirtualCamera, "(publish | share) (the | this | my) camera [as [[(a | my)] webcam]]"),
        VoiceSentence(.startVirtualCamera, "<virtual-camera> on"),
        VoiceSentence(.stopVirtualCamera, "<virtual-camera> off"),
        VoiceSentence(.stopVirtualCamera, "(stop | quit) (sharing | publishing) (the | this | my) (camera | webcam)"),
        VoiceSentence(.stopVirtualCamera, "(take | remove) [(it | the camera | this camera)] (off | from) the (list of webcams | list of cameras | webcam list)"),
        VoiceSentence(.toggleVirtualCamera, "toggle [the] <virtual-camera>"),
        VoiceSentence(.toggleVirtualCamera, "(flip | toggle | press | hit | flick) [the] <virtual-camera> switch"),
        // "on or off, whichever it isn't": the switch the other way.
        VoiceSentence(.toggleVirtualCamera, "[(<set> | <press>)] [the] <virtual-camera> [<set>] (on or off | off or on)"),
    ]
}
