/// Speech nothing was tuned on: voices, speeds and a noise that neither `SpokenAudio`'s voices nor
/// `scripts/tune-listen` use, saying sentences written for this measurement alone (none is in `SpokenAudio`,
/// `people.tsv`, `corpus.tsv` or the strangers' tuning sets). Its figures say how `listen` does on a voice it
/// has never heard; nothing may be tuned on them, or they stop saying it.
enum UnseenVoices {
    /// espeak-ng's British English, a second US male voice, US English slowed down, and a female variant sped up,
    /// each in pink noise about 21 dB below the speech (the test's voices have white noise, 27 dB below).
    static let voices = [
        SpokenAudio.Voice(name: "en-gb", noise: "pinknoise", noiseVolume: 0.03),
        SpokenAudio.Voice(name: "en-us+m3", noise: "pinknoise", noiseVolume: 0.03),
        SpokenAudio.Voice(name: "en-us", wordsPerMinute: 140, noise: "pinknoise", noiseVolume: 0.03),
        SpokenAudio.Voice(name: "en-us+f4", wordsPerMinute: 190, noise: "pinknoise", noiseVolume: 0.03),
    ]

    /// Twenty commands `Interpret` understands as text.
    static let commands = [
        "grab a quick photo", "start the recording now", "end the recording", "go back to the sixties",
        "set the decade to the nineteen nineties", "zoom in closer", "set the zoom to four times", "set the degree to three",
        "set the exposure to minus two", "exposure up one stop", "timer three seconds", "switch to cine mode",
        "switch the light on", "flash off please", "flip to the front camera", "show the last take", "unmute the sound",
        "set the sound to mono", "pause the video", "load a fresh tape",
    ]

    /// Ten requests to a voice assistant that are not for the camera, several with a take's verbs.
    static let unrelated = [
        "start a timer for the oven", "take a note for tomorrow", "record the football game on tv",
        "turn off the bedroom lights", "what is on my calendar today", "play my workout playlist",
        "how far away is the moon", "call a taxi to the station", "snooze the alarm", "start the washing machine",
    ]
}
