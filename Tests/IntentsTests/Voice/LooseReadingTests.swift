import Testing
@testable import Intents

/// Sentences the grammar does not say whole, read by the camera's words (`VoiceMatcher.loosely`): a hand on a control
/// whatever its verb, a value said with a verb or as a look, the parts sentences say among words that carry nothing,
/// and reasons and remarks left out; and what stays refused however many camera words it holds.
@Suite struct LooseReadingTests {
    /// One sentence and what Interpret reads it as: intents and rendered values joined by " + ".
    struct Case: Sendable, CustomTestStringConvertible {
        let said: String
        let read: String
        init(_ said: String, _ read: String) {
            self.said = said
            self.read = read
        }
        var testDescription: String { "\"\(said)\" → \(read)" }
    }

    static func reading(_ said: String) async -> String {
        let controller = await makeController()
        guard let commands = try? await controller.interpret(said, perform: false).commands else { return "refused" }
        return commands.map { "\($0.intent) \(VoiceCorpus.rendered($0.slots))".trimmingCharacters(in: .whitespaces) }
            .joined(separator: " + ")
    }

    @Test(arguments: [
        // Any verb a hand does, on a control by any of its names and parts.
        Case("Roll the decade wheel forward one click", "AdjustControl decade +1"),
        Case("Knock the style dial back a click", "AdjustControl style -1"),
        Case("Throw the mode lever over to still", "SetMode Still"),
        Case("Poke the tiny audio button", "SetAudio Stereo"),
        Case("Spin the decade wheel all the way up to the newest one", "SetDecade 2020s"),
        Case("Turn the decade wheel as far back as it goes", "SetDecade 1900s"),
        Case("shove the exposure rocker all the way up", "SetExposure 2.0"),
        Case("nudge the degree knob down one", "AdjustControl degree -1"),
        Case("two decades back", "AdjustControl decade -2"),
        Case("Rock the exposure to minus one and a half", "SetExposure -1.5"),
        // A value with a verb that sets it, or said as a look.
        Case("could you maybe switch it over to Single 8", "SetStyle Single 8"),
        Case("make it look like my mom's Kodak Instamatic snapshots", "SetStyle Kodak Instamatic"),
        // Reasons and remarks around a command.
        Case("hey mute the audio for the video, it's really windy", "SetAudio Off"),
        Case("switch the audio to stereo because the band's about to start", "SetAudio Stereo"),
        Case("let's go back to the sixties, my mom would love that", "SetDecade 1960s"),
        Case("zoom to 2x so you can see the dough rising", "SetZoom 2.0"),
        Case("If you'd be so kind, I should like to begin filming now.", "StartClip"),
        // Parts that sentences say, with words that carry nothing between them.
        Case("sixties super 8 and roll", "SetDecade 1960s + SetStyle Super 8 + StartClip"),
        // "So" after a command opens its reason; after a remark, what follows from it.
        Case("I can't see the screen, so please start recording a clip for me.", "StartClip"),
        // A statement about someone, a hesitation.
        Case("Could you start the filming now please, Eileen is just about to blow out the candles", "StartClip"),
        Case("oh no, undo that", "Undo"),
        // A value said with its own unit is where it goes, whatever the direction.
        Case("zoom in two times please, I want to get the cat sitting on the windowsill", "SetZoom 2.0"),
        // A control's own comparative stands for it; a unit counts its steps.
        Case("half a stop brighter please", "AdjustControl exposure +1"),
        Case("a full stop darker", "AdjustControl exposure -2"),
        // A place the gesture points at; a pause said with a dash or dots; the way through the MENU.
        Case("camera, zoom in a bit on the cake", "AdjustControl zoom +1"),
        Case("smile everyone — take a picture", "TakePhoto"),
        Case("Menu, Date imprint, swipe up", "SetDateImprint true"),
        Case("push REC one time", "ToggleRecord"),
        // A subject and its verb as one word begins a remark.
        Case("can u turn the flash on its kinda dark in here", "SetLight true"),
        // The virtual camera by its names, switched on, off or over.
        Case("Flick the virtual webcam off", "StopVirtualCamera"),
        Case("toggle the Retrocam webcam for my calls", "ToggleVirtualCamera"),
        // The end of a sentence or a question pauses as a comma does; a value said again is one command.
        Case("Oh dear, is this thing listening? Would you take a picture please, so my granddaughter can see the cake", "TakePhoto"),
        Case("camera, four by three format, the squarish one", "SetFormat 4:3"),
        Case("um mute the sound and go widescreen, like the really wide one", "refused"),
        // A control named, then what to do with it; a remark before or after a command without a comma.
        Case("Give me the self-timer, three seconds.", "SetTimer 3"),
        Case("put the light on i cant see my face", "SetLight true"),
        Case("ok im ready start filming", "StartClip"),
        // A name inside a value is part of it; the same value said twice is one; the mode with a verb that sets it.
        Case("turn on night mode", "SetStyle Night mode"),
        Case("make it 4:3 like an old tv", "SetFormat 4:3"),
        Case("Switch over to stills.", "SetMode Still"),
        // A step and then where the same control ends; a story told about a control; a count "by one"; "the next one".
        Case("Zoom right out again please, all the way back out, I've gone and cut off Harold's head", "SetZoom 1.0"),
        Case("The nurse says the brightness was all wrong last time, so could you set the exposure to minus one", "SetExposure -1.0"),
        Case("Turn the years wheel back by one please", "AdjustControl decade -1"),
        Case("Go on to the next one on the technology dial please", "AdjustControl style +1"),
        Case("Load a fresh cassette in there please, like we used to do with the old video", "InsertTape"),
        // A learner's decade.
        Case("I want go to nineteen-fifty years", "SetDecade 1950s"),
        // Words a recognizer split, joined again.
        Case("start re cording", "StartClip"),
        Case("pocket insta matic one ten", "SetStyle Pocket Instamatic 110"),
        // An afterthought about the command after it: a subject and its verb, or "let's".
        Case("turn the flash off please, it makes Arthur blink something terrible", "SetLight false"),
        Case("Turn the degree down a little would you, it looks like something from a museum now", "AdjustControl degree -1"),
        Case("zoom in a bit, I think the lady said so", "AdjustControl zoom +1"),
        Case("zoom in, I want the eighties look", "AdjustControl zoom +1 + SetDecade 1980s"),
        Case("toggle the virtual camera, OBS can't see it", "ToggleVirtualCamera"),
        Case("put the lever back on cine, we're going to film the speeches", "SetMode Cine"),
        // A value asked for with "please" stays asked for beside the remark after it.
        Case("Betamovie please, my uncle swore by it", "SetStyle Betamovie"),
        Case("fifties please, my nan wants it to look like her wedding album", "SetDecade 1950s"),
        // What a command points at; the camera called by its name anywhere.
        Case("zoom in a little on the baby", "AdjustControl zoom +1"),
        Case("Push in to 3.5x on the lens.", "SetZoom 3.5"),
        Case("set the decade to the 1920s, camera, we'll make it a silent film", "SetDecade 1920s"),
        Case("it's way too bright by the window, camera", "AdjustControl exposure -1"),
        Case("Mode, camera", "SetMode Still"),
        // A remark of someone else's complaint, or said of when ("today"), is left out; "back to" a value sets it.
        Case("camera, exposure plus one, the candles are too dim", "SetExposure 1.0"),
        Case("take a photo, my hair looks good today", "TakePhoto"),
        Case("chuck it back to the nineties, we're doing a throwback vid", "SetDecade 1990s"),
        Case("back to sixteen nine, it's going on YouTube", "SetFormat 16:9"),
        Case("widescreen 2.39 to 1", "SetFormat 2.39:1"),
        // A look said by what it was like, from its first word; a name of two words in the plural.
        Case("like my mom's Kodak Instamatic snapshots", "SetStyle Kodak Instamatic"),
        Case("like the old Kodachrome slides at grandma's house", "SetStyle Kodachrome slide"),
        Case("make it look like my phone's night mode", "SetStyle Night mode"),
        // A dial entry dialled in, fitted as a film; a photo snapped.
        Case("Dial in Super 8 sound", "SetStyle Super 8 sound"),
        Case("fit the Kodachrome 64 slide film", "SetStyle Kodachrome 64 slide"),
        Case("give it the Polaroid Swinger look and snap one", "SetStyle Polaroid Swinger + TakePhoto"),
        // What was not meant, said to be clear, unless it is a value, a direction or someone spoken to.
        Case("Switch it over to photographs please, the still pictures, not the moving ones", "SetMode Still"),
        Case("take a photo, not the room", "TakePhoto"),
        Case("zoom in, not out", "refused"),
        Case("go to the seventies, not the eighties", "refused"),
        Case("Stop, stop, no, not you, I was talking to the dog", "refused"),
        // Time to get into the picture is the self-timer; a value fixed by a likeness said again; a photographer's verbs.
        Case("I need ten seconds to run into the frame.", "SetTimer 10"),
        Case("Give me three seconds, then snap it.", "SetTimer 3 + TakePhoto"),
        Case("Make the picture boxier, like an old TV.", "SetFormat 4:3"),
        Case("Frame it anamorphic, two thirty-nine to one.", "SetFormat 2.39:1"),
        Case("prev technology", "AdjustControl style -1"),
        Case("Turn the movie light on.", "SetLight true"),
        // "Do" before what is to be done asks for it; before "you" it asks a question.
        Case("can you do the night mode", "SetStyle Night mode"),
        Case("do you have the night mode", "refused"),
        // A lever is thrown whatever the verb.
        Case("Throw the mode lever.", "SetMode Still"),
        Case("move the lever of mode", "SetMode Still"),
        // A learner's word order.
        Case("do the camera in eighties and make photo", "SetDecade 1980s + TakePhoto"),
        Case("bring me in the time of year 1900", "SetDecade 1900s"),
        Case("ok is enough, make pause of the video", "PauseClip"),
    ])
    func readsByTheCameraWords(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: [
        // What a screen reader reads between a control's name and the gesture: the value it shows now, and its role.
        Case("Zoom, 2.5x, adjustable, swipe down", "AdjustControl zoom -1"),
        Case("Degree, 3 of 12, slider, swipe up twice", "AdjustControl degree +2"),
        Case("Self-timer, off, button, double tap", "SetTimer 3"),
        Case("Exposure, adjustable, plus one", "SetExposure 1.0"),
        // A value said last is what to set, not what is shown.
        Case("Zoom, 2x", "SetZoom 2.0"),
        // A thing named first, then pointed at.
        Case("the eighties, go to them", "SetDecade 1980s"),
        Case("the light, switch it off", "SetLight false"),
        Case("the flash, don't turn it on", "refused"),
        // Counts, comparatives and a trouble beside a complaint.
        Case("turn the degree up a couple of notches", "AdjustControl degree +2"),
        Case("make the exposure more low", "AdjustControl exposure -1"),
        Case("the degree more small please", "AdjustControl degree -1"),
        Case("zoom more small", "AdjustControl zoom -1"),
        Case("it's too dark, I can't see myself", "AdjustControl exposure +1"),
        Case("I can't see my face", "SetFacing front"),
        // What a recognizer writes for "four", "two" and "eighties".
        Case("zoom for x", "SetZoom 4.0"),
        Case("exposure plus to", "SetExposure 2.0"),
        Case("go to the eight ease", "SetDecade 1980s"),
        // Words of the trade and of the house.
        Case("take the group shot", "TakePhoto"),
        Case("key light off", "SetLight false"),
        Case("shutter delay three seconds", "SetTimer 3"),
        Case("stop filming and once that's done put a new tape in", "PauseClip + InsertTape"),
        // As far as the control goes, in a word of its own direction.
        Case("turn the decade wheel as modern as it goes", "SetDecade 2020s"),
        Case("spin the decade back as old as it goes", "SetDecade 1900s"),
        // A learner's "do" for a take.
        Case("do film now", "StartClip"),
        Case("can you do a photo of us", "TakePhoto"),
        Case("do a film noir look", "SetStyle Film noir"),
        // People a complaint is said of, and "like" as filler before "too".
        Case("we look way too dark", "AdjustControl exposure +1"),
        Case("I'm too far away", "AdjustControl zoom +1"),
        Case("it's like too bright", "AdjustControl exposure -1"),
        Case("i'd like Super 8 sound", "SetStyle Super 8 sound"),
        // Accents folded as in the catalog's own names.
        Case("make it look like Pathé Baby", "SetStyle 9.5mm Pathé Baby"),
    ])
    func readsClausesSaidInAnotherOrderAsMeant(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: [
        // Another app's or device's words.
        "pause the music", "turn on the kitchen lights", "brighten my screen", "zoom out of this app", "flip a coin",
        "can you order me some more film online", "the baby's asleep, so turn the TV down", "set a timer for ten minutes",
        // Remarks, questions and negations, whatever camera words they hold.
        "this looks like a seventies film noir lol", "omg the vibes in this one are so 2010s instagram",
        "wow, the colours look gorgeous today", "is the flash on", "don't zoom in, I can't see",
        "Sarah can you switch the lamp on, it's so dim for the picture",
        "take the dog out", "I was born in the eighties", "it looks so real, like I'm back in 1975",
        "I want the colors of a sunny sixties summer, and then start filming the fireworks on the tv",
        "can you send me the video later?", "the sun is brighter today", "make a video of the dog", "put the camera on the table",
        "the nineties were such a good decade", "push the zoom rocker, the one on the right",
        // Two readings side by side that disagree.
        "degree up to nine and down two",
        // An afterthought that says no to a control, asks for something, or names a value of its own is not left out.
        "take a photo, I don't want the flash", "zoom in, it's the flash I can't stand",
        // A command pointed at another device or someone else's.
        "zoom in on the map", "Jake, zoom out on your phone so we all fit", "turn up the brightness on my phone",
        // "One degree" beside a direction is never read as DEGREE 1 and a step (refused, until it is read as one step).
        "one degree more old",
        // The household's own lamps, whatever they are for.
        "turn the lights off for the cake", "turn off the lights for the movie",
        // What is said to the camera after it is called by name is read alone, and may say no.
        "kids, sit down. camera, don't take a picture yet",
        // A look admired, not asked for.
        "nice super 8 look", "that 1975 photo looks great", "someone's at the door",
        // A photo sent somewhere is not the camera made a webcam.
        "send the photo to grandma as a gift", "use the photo as my wallpaper",
    ])
    func refusesWhatIsNotACommand(_ said: String) async {
        #expect(await Self.reading(said) == "refused")
    }

    @Test(arguments: [
        // Sentences the grammar gained with the loose reading: the fact, the last take, the tape, complaints.
        Case("Read me today's little fact about the seventies again", "FactOfTheDay"),
        Case("show me the clip I just shot", "LastTake"),
        Case("Pop a new cassette in", "InsertTape"),
        Case("the picture is too much bright", "AdjustControl exposure -1"),
        Case("it's crazy bright out here", "AdjustControl exposure -1"),
        Case("take a photo with the flash on", "SetLight true + TakePhoto"),
        Case("stop recording and show me the clip", "PauseClip + LastTake"),
        Case("sixteen nine", "SetFormat 16:9"),
        Case("decade fact", "FactOfTheDay"),
        Case("Swap over to the other lens.", "FlipCamera"),
        // A ratio said any way, sound off by any verb that switches off, a cancelled last shot, the other side.
        Case("format two point three nine to one", "SetFormat 2.39:1"),
        Case("Give me the format four on three.", "SetFormat 4:3"),
        Case("format 2.39 to one", "SetFormat 2.39:1"),
        Case("remove the sound", "SetAudio Off"),
        Case("Cancel the last shot, is not good.", "Undo"),
        Case("Turn the camera other side", "FlipCamera"),
        Case("switch to steel mode", "SetMode Still"),
        Case("start filming in stereo", "SetAudio Stereo + StartClip"),
        Case("take a video without sound", "SetAudio Off + StartClip"),
        Case("switch to taking pictures", "SetMode Still"),
        Case("Kill the light and fire off a still.", "SetLight false + TakePhoto"),
        // A learner's order and words: the thing and then which, a switch after its name, the black bars.
        Case("camera of front then make photo", "SetFacing front + TakePhoto"),
        Case("Put the camera in mode of photo.", "SetMode Still"),
        Case("light open and film start", "SetLight true + StartClip"),
        Case("the flash close", "SetLight false"),
        Case("take away the last photo, it is bad", "Undo"),
        Case("take out the date", "SetDateImprint false"),
        Case("give me the movie black bars", "SetFormat 2.39:1"),
        Case("2.39 widescreen", "SetFormat 2.39:1"),
        Case("make it boxier", "SetFormat 4:3"),
        // A switch flipped on, the light by its bulb, the zoom pulled all the way back, a recognizer's "2 ex".
        Case("can you flip on the flash", "SetLight true"),
        Case("Tap the little lightbulb button.", "ToggleLight"),
        Case("Pull all the way back so everyone fits.", "SetZoom 1.0"),
        Case("zoom to 2 ex", "SetZoom 2.0"),
        Case("use the vhs see camcorder", "SetStyle VHS-C camcorder"),
        Case("front camera three second timer and then take a photo", "SetFacing front + SetTimer 3 + TakePhoto"),
        // What a command is for, after it.
        Case("fire one off for continuity", "TakePhoto"),
        Case("give me Kodachrome 64 for the stills", "SetStyle Kodachrome 64 slide"),
        // A look told as how the picture was made.
        Case("make it look like it was shot on MiniDV", "SetStyle MiniDV"),
        Case("I want it to look like it came off an early digital camera", "SetStyle Early digital"),
        Case("Let's shoot this one on Hi8.", "SetStyle Hi8"),
        // DEGREE by what it does to the look; a switch said with where it shows; stops beside the meter.
        Case("crank the period look to seven", "SetDegree 7"),
        Case("tone the vintage feel down a bit", "AdjustControl degree -1"),
        Case("take the sound off the video", "SetAudio Off"),
        Case("remove the date stamp from my pictures", "SetDateImprint false"),
        Case("exposure one and a half stops over", "SetExposure 1.5"),
        Case("set exposure to half a stop under", "SetExposure -0.5"),
        // The picture handed to another program as its camera, and taken back.
        Case("send the picture to my stream as a webcam", "StartVirtualCamera"),
        Case("take the virtual camera down", "StopVirtualCamera"),
        // Exposure compensation by its short name, a side of the camera by its lens, a switch off for good, a decade before.
        Case("put the comp at plus one", "SetExposure 1.0"),
        Case("swap to the back lens", "SetFacing back"),
        Case("mute it altogether", "SetAudio Off"),
        Case("one decade before", "AdjustControl decade -1"),
        Case("go to the eighties before you start recording", "SetDecade 1980s + StartClip"),
        // What the shot is for, left out when it names the camera's things; stops over or under said alone; a frame
        // taken; a switch off "no more"; a call by its program's name.
        Case("punch in to two x for the close-up", "SetZoom 2.0"),
        Case("turn on the light for the recording", "SetLight true"),
        Case("go for the eighties look", "SetDecade 1980s"),
        Case("give me half a stop under", "SetExposure -0.5"),
        Case("one stop over", "SetExposure 1.0"),
        Case("punch in to two and a half and grab a frame", "SetZoom 2.5 + TakePhoto"),
        Case("no more flash please", "SetLight false"),
        Case("go one decade before", "AdjustControl decade -1"),
        Case("put the retro look on my teams call", "StartVirtualCamera"),
        // The date imprint double tapped as a screen reader names it; the camera turned to a side; the camera called by
        // name after talk to someone else, which is left out.
        Case("Menu, Date imprint, double tap.", "SetDateImprint true"),
        Case("change the camera to the front side", "SetFacing front"),
        Case("Harold, stop fiddling with the zoom, you'll break it. Camera, start recording please", "StartClip"),
        Case("kids, sit down. camera, take a picture", "TakePhoto"),
        // A look by its year, and a look named so after its value, with a verb.
        Case("make it look like a photograph from around 1905", "SetDecade 1900s"),
        Case("make it look like a photo from the 1970s", "SetDecade 1970s"),
        Case("I want that rich Kodachrome slide look", "SetStyle Kodachrome slide"),
        // A decade by the caption the wheel speaks; forward to a decade; a remark that begins "someone's".
        Case("go to the thirties, Hollywood's golden age, I love those old films", "SetDecade 1930s"),
        Case("super 8 summers", "SetDecade 1960s"),
        Case("forward to the eighties", "SetDecade 1980s"),
        Case("stop recording, someone's at the door", "PauseClip"),
        // All the way as people say it, and the same value said again in a sentence that fixes it.
        Case("go full era", "SetDegree 12"),
        Case("camera, degree 12, go full retro", "SetDegree 12"),
        Case("zoom to four x, go full zoom", "SetZoom 4.0"),
        // The mode by where the camera is put, and a learner's "the mode for photos".
        Case("put it back in sinny mode", "SetMode Cine"),
        Case("Go in the mode for photos.", "SetMode Still"),
        // The camera turned round; the film stopped rolling.
        Case("Turn it round to the selfie camera", "SetFacing front"),
        Case("Stop the film rolling", "PauseClip"),
        // The virtual camera sent to OBS, started for a call by its name alone, taken away, its switch flipped.
        Case("send the feed to OBS as a webcam", "StartVirtualCamera"),
        Case("start the virtual camera for zoom", "StartVirtualCamera"),
        Case("stop sending the old-movie picture to my calls", "StopVirtualCamera"),
        Case("I'm done with the call, take the Retrocam webcam away", "StopVirtualCamera"),
        Case("Flip the virtual webcam switch.", "ToggleVirtualCamera"),
    ])
    func readsWhatTheGrammarGainedBesideIt(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: [
        // A complaint alone is the smallest fix: said plainly, with any intensifier, of people or of the effect.
        Case("it's so dark", "AdjustControl exposure +1"),
        Case("the picture's kind of dark", "AdjustControl exposure +1"),
        Case("is too much light in the picture", "AdjustControl exposure -1"),
        Case("she's too far away, I can barely see her face", "AdjustControl zoom +1"),
        Case("It looks too clean, give it more of that old feel.", "AdjustControl degree +1"),
        Case("It's too dark, and she's too far away.", "AdjustControl exposure +1 + AdjustControl zoom +1"),
        // Beside a fix asked for without a control, the complaint says what to change, in the fix's direction.
        Case("the picture's kind of dark, can you fix that", "AdjustControl exposure +1"),
        Case("It's way too bright, knock it down", "AdjustControl exposure -1"),
        Case("it's too dark, do something about it", "AdjustControl exposure +1"),
        // Beside a command of the same control, the command's step; of another, the command alone.
        Case("um it's way too dark, can you brighten it a lot", "AdjustControl exposure +2"),
        Case("turn on the light, it's too dark", "SetLight true"),
        Case("turn the flash on it's kinda dark", "SetLight true"),
        Case("it's too dark, take a photo", "AdjustControl exposure +1 + TakePhoto"),
        // Passed on from someone who sees the screen.
        Case("My friend says the picture looks too dark; could you fix that?", "AdjustControl exposure +1"),
    ])
    func aComplaintIsTheSmallestFixUnlessACommandSaysIt(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: [
        "can you fix that", "it's way too bright, bring it up", "it's getting dark outside", "my friend says the eighties look is best",
        "I'm too old for this", "the sun is brighter today",
        // People are complained of only for the light on them and how far they are; no walk is the zoom.
        "he's too old", "they're really close", "it's kind of far",
        // Not now, remembering, a question, a likeness that is a story, another app's request.
        "take a photo, not now", "start recording, not yet", "think back to the eighties", "do the eighties look good",
        "my old boxy TV finally died", "book a wide seat at the cinema", "degree 2, all out",
    ])
    func aFixWithoutAComplaintOrAgainstItIsRefused(_ said: String) async {
        #expect(await Self.reading(said) == "refused")
    }

    @Test(arguments: [
        Case("make it the boxy old TV shape", "SetFormat 4:3"),
        Case("make the picture boxy like an old television", "SetFormat 4:3"),
        Case("can it be really wide like at the cinema", "SetFormat 2.39:1"),
        Case("I want it wide and letterboxed like at the cinema", "SetFormat 2.39:1"),
        Case("I want those black bars like a real movie.", "SetFormat 2.39:1"),
        Case("format of cinema, two point three nine", "SetFormat 2.39:1"),
        Case("those wide cinema bars at the top and bottom", "SetFormat 2.39:1"),
    ])
    func aFormatByWhatItLooksLike(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: [
        // Not the shape of the picture, or two shapes, or a square the camera does not have.
        "watch a movie in widescreen", "I love watching movies on a widescreen tv", "the movie was in widescreen",
        "make it wide like a movie on an old tv", "square format",
    ])
    func aLikenessThatIsNotOneFormatIsRefused(_ said: String) async {
        #expect(await Self.reading(said) == "refused")
    }

    @Test(arguments: [
        // What a command should be like, said after it, is left out; after a look it may name another.
        Case("put the date in the corner like on old photos", "SetDateImprint true"),
        Case("Put the date on the pictures please, like the little orange numbers on all our old snaps", "SetDateImprint true"),
        Case("I'd like the date printed on the pictures, as we used to do on the old Pentax, if you please.", "SetDateImprint true"),
        Case("take a photo like a pro", "TakePhoto"),
        // The date stamp as it looks, switched by its verbs, said as a learner orders it.
        Case("stamp the date on", "SetDateImprint true"),
        Case("no date on the pictures", "SetDateImprint false"),
        Case("Get rid of the orange date in the corner.", "SetDateImprint false"),
        Case("the date put on the photos", "SetDateImprint true"),
    ])
    func whatACommandShouldBeLikeIsLeftOut(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: ["turn the lights off like last night", "the date like old times", "like old times"])
    func aLikenessThatSaysMoreOrFollowsNoCommandIsRefused(_ said: String) async {
        #expect(await Self.reading(said) == "refused")
    }

    @Test(arguments: [
        // A value by its number, and the same dial described beside it, in either order: the number.
        Case("degree 2, subtle", "SetDegree 2"),
        Case("put the degree on 3, just a hint of it", "SetDegree 3"),
        Case("I want the degree at nine, more old look.", "SetDegree 9"),
        Case("degree two only", "SetDegree 2"),
        // The dial's ends and steps in the words of looks.
        Case("go all out with the vintage look", "SetDegree 12"),
        Case("just a whisper of the old look, barely there", "SetDegree 1"),
        Case("Lay the period look on a lot thicker.", "AdjustControl degree +2"),
    ])
    func aDialDescribedBesideItsNumberIsTheNumber(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test func aStyleByNumberBesideWordsOfAnotherStaysUnchosen() async {
        // "8mm" names several entries; the number does not win over the words beside it as a dial's number does.
        #expect(await Self.reading("8mm film look pls") == "refused")
    }

    @Test func aDirectionWithAValueNotSaidAsWhereItGoesIsUnclear() async {
        #expect(await Self.reading("put the exposure up one") == "AdjustControl exposure +1")
        #expect(await Self.reading("push the exposure rocker up to one") == "SetExposure 1.0")
        #expect(await Self.reading("push the exposure rocker up 1.5") == "refused")
    }

    @Test(arguments: [
        // The camera called by name with a colon, as a shortcut's user writes it.
        Case("camera: take a photo", "TakePhoto"),
        Case("retrocam: eighties, record", "SetDecade 1980s + StartClip"),
        // "too" said once for two complaints.
        Case("too bright and harsh", "AdjustControl exposure -1"),
        // "film" after an entry is the look's name, not a take; after a comma it is one.
        Case("give me the Kodachrome 16mm film", "SetStyle Kodachrome 16mm"),
        Case("Kodachrome 16mm, film", "SetStyle Kodachrome 16mm + StartClip"),
        // Unsure is not no.
        Case("I'm not sure how this works but could you start recording", "StartClip"),
        // The other camera asked for as a thing wanted.
        Case("i need the selfie camera", "SetFacing front"),
        Case("give me the rear camera", "SetFacing back"),
        // The virtual camera by what other programs see.
        Case("make us show up as the webcam in teams", "StartVirtualCamera"),
        Case("stop publishing my camera", "StopVirtualCamera"),
        Case("virtual camera off", "StopVirtualCamera"),
        Case("remove it from the list of cameras", "StopVirtualCamera"),
        Case("camera feed off", "StopVirtualCamera"),
    ])
    func shortcutsUnsureSpeakersAndOtherProgramsWords(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: [
        // A look named, then whose it was or when.
        Case("give me the Video8 look my aunt's camcorder had", "SetStyle Video8"),
        Case("like a Polaroid 600 from when we were young", "SetStyle Polaroid 600"),
        Case("make it look like the fifties when grandpa was a kid", "SetDecade 1950s"),
        // A recognizer's homophones: "to" for "too" before a complaint, "won" for "one", a last "for" for "four".
        Case("it is to dark", "AdjustControl exposure +1"),
        Case("zoom won point five", "SetZoom 1.5"),
        Case("set the degree to for", "SetDegree 4"),
    ])
    func aLookToldWithItsMemoryAndHomophones(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: [
        // The order said again beside the joining word.
        Case("go to the sixties first then take a picture", "SetDecade 1960s + TakePhoto"),
        Case("flash on first, then take a photo", "SetLight true + TakePhoto"),
        // UNDO as where the take goes, LAST TAKE asked where it went, the fact asked about the decade.
        Case("chuck that in the rubbish", "Undo"),
        Case("move the last photo to the trash", "Undo"),
        Case("where did the last video go", "LastTake"),
        Case("teach me something about this era", "FactOfTheDay"),
    ])
    func orderSaidTwiceTheTrashAndQuestionsTheCameraAnswers(_ sample: Case) async {
        #expect(await Self.reading(sample.said) == sample.read)
    }

    @Test(arguments: ["I'm not sure, don't take a photo", "stop sharing my screen", "start a zoom meeting", "a bit too sharp and modern",
                        "the Hi8 look my dad never had", "take a photo when I was little", "I don't want the Hi8 look my dad had",
                        "is that the Hi8 look my dad's camcorder had", "the eighties were great when I was young",
                        "camera: don't record", "cam: is the flash on", "it's to dark to go outside", "I won the game",
                        "VHS look was awful", "Super 8 was my favourite when I was a kid", "change it from dark to bright",
                        "set the degree to strong"])
    func negationsQuestionsMemoriesAndOtherProgramsBesideTheseRulesStayRefused(_ said: String) async {
        #expect(await Self.reading(said) == "refused")
    }

    @Test func aTakeIsNeverReadFromPartOfAClauseBesideAnotherIntent() async {
        #expect(await Self.reading("exposure minus half a stop, the sky is all blown out") == "SetExposure -0.5")
    }
}
