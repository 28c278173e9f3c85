/// The gestures every control shares, by the words people say for them: the double tap (press, push,
/// hit…), setting a value (turn, put, set… to), turning a step (up, down, more, less), going to an end
/// (max, min, all the way) or back to the factory position (reset), and the amounts ("a bit", "a lot").
/// With each row's `ControlVoice`, what the voice grammar composes its commands from.
public enum VoiceGestures {
    /// The double tap of a button or switch: "press the flash button", "hit rec".
    public static let press = ["press", "push", "hit", "tap", "click", "double tap", "double-tap", "toggle", "flip", "flick",
                               "punch", "release", "trip", "fire"]
    /// A press said after the control, as VoiceOver users name it first: "Audio, double tap".
    public static let pressAfter = ["double tap", "double-tap", "tap", "press", "click", "toggle"]
    /// What any control may be called after its name: "the date *thing*".
    public static let parts = ["thing", "setting", "control", "option"]
    /// Verbs that set a control to a value: "turn the degree dial to three", "put the decade on 2010".
    public static let set = ["set", "change", "turn", "put", "switch", "move", "spin", "rotate", "dial", "bring", "make",
                             "rack", "push", "pull", "slide", "crank", "take", "dial in"]
    /// Words between a control and its value: "put the degree dial *on* three", "zoom *to* 2x".
    public static let to = ["to", "at", "on", "onto", "in", "into", "of", "back to", "back on", "back at", "back into",
                            "back in", "up to", "down to", "all the way to"]
    /// A swipe up or down on a dial or rocker, said after its name or around it: "Degree, swipe down".
    public static let swipeUp = ["up", "swipe up", "scroll up", "flick up", "turn up", "go up"]
    /// A swipe down.
    public static let swipeDown = ["down", "swipe down", "scroll down", "flick down", "turn down", "go down"]
    /// Verbs that turn a control some steps, up unless a direction says otherwise: "turn the style dial one notch".
    public static let nudge = ["turn", "move", "nudge", "click", "bump", "advance", "step", "spin", "rotate", "swipe", "push"]
    /// How many swipes, said after a gesture: "Zoom, swipe up twice", "exposure up two".
    public static let counts: [(words: [String], steps: Int)] = [
        (["once", "one", "1", "one time", "a notch", "one notch", "a step", "one step", "one click", "a click", "one more"], 1),
        (["twice", "two", "2", "two times", "two notches", "two steps", "two clicks"], 2),
        (["three times", "three", "3", "three notches", "three steps", "three clicks"], 3),
    ]
    /// Verbs that turn a switch on: "open the light", "turn on the date stamp".
    public static let switchOn = ["turn on", "switch on", "enable", "activate", "open", "put on", "start", "flip on", "flick on"]
    /// Verbs that turn a switch off: "close the flash", "kill the light".
    public static let switchOff = ["turn off", "switch off", "disable", "deactivate", "kill", "close", "shut off", "cut",
                                   "stop", "remove", "lose", "drop", "take away", "take out", "take off", "get rid of", "flip off",
                                   "flick off", "no more"]
    /// Back to the factory position: "reset the exposure", "zoom back to normal".
    public static let reset = ["reset", "clear", "zero", "recenter", "re-center", "center"]
    /// The words for the factory position itself: "back to normal".
    public static let home = ["normal", "default", "the default", "neutral", "the middle", "the start", "where it was"]
    /// Verbs that turn a control up by themselves: "increase the zoom", "crank up the exposure".
    public static let increase = ["increase", "raise", "boost", "bump up", "turn up", "crank up", "push up", "bring up",
                                  "pump up", "amp up", "up", "add", "put more", "give me more", "add more", "more"]
    /// Verbs that turn a control down by themselves: "lower the exposure", "tone down the effect".
    public static let decrease = ["decrease", "lower", "reduce", "cut", "turn down", "bring down", "drop", "tone down",
                                  "dial back", "dial down", "take down", "ease off", "ease off on", "back off", "back off on", "ease up on",
                                  "ease", "soften"]
    /// Verbs said before a control and then "up": "turn the zoom up".
    public static let raise = ["bump", "turn", "crank", "push", "bring", "pump", "amp", "dial"]
    /// Verbs said before a control and then "down": "turn the zoom down".
    public static let lower = ["turn", "bring", "tone", "dial", "take"]
    /// One step: "a bit brighter", "zoom in a touch".
    public static let bit = ["a bit", "a little", "a little bit", "a tiny bit", "slightly", "a touch", "a tad", "somewhat",
                             "a notch", "one notch", "a step", "one step", "a hair"]
    /// Two steps: "a lot darker", "zoom out much more".
    public static let lot = ["a lot", "much", "way", "a lot more", "way more", "much more", "a great deal", "a good deal", "lots",
                             "two steps", "two notches"]
    /// A control's highest position: "degree max", "zoom to the maximum".
    public static let maximum = ["max", "maximum", "full", "highest", "most", "all the way", "all the way up", "the max",
                                 "the maximum", "the highest", "the top", "top", "full blast", "as high as it goes"]
    /// A control's lowest position: "degree min".
    public static let minimum = ["min", "minimum", "lowest", "least", "all the way down", "the min", "the minimum", "the lowest",
                                 "the bottom", "bottom", "as low as it goes"]
    /// Verbs that put a control at its highest by themselves: "max out the exposure".
    public static let maxOut = ["max out", "max", "maximize", "maximise", "crank all the way up"]
    /// Verbs that put a control at its lowest by themselves: "bottom out the zoom".
    public static let minOut = ["bottom out", "minimize", "minimise"]
    /// Verbs said before a control and "all the way" and a direction: "rack the zoom all the way in".
    public static let allTheWay = ["turn", "put", "set", "move", "push", "pull", "rack", "crank", "bring", "take", "dial",
                                   "spin", "go", "zoom", "swipe", "slide"]
    /// Said after a control's adjective to mean its end: "as bright as it'll go".
    public static let asFarAsItGoes = ["possible", "it goes", "it'll go", "it will go", "it can go", "it can", "you can",
                                       "it gets", "it'll get", "can be"]
    /// A switch on, as said: "flash on", "date imprint yes", a learner's "the light open".
    public static let on = ["on", "yes", "open"]
    /// A switch off, as said: "light off"; a learner's "the flash close".
    public static let off = ["off", "no", "close"]
}
