/// The gestures every control shares, by the words people say for them: the double tap (press, push,
/// hit…), setting a value (turn, put, set… to), turning a step (up, down, more, less), going to an end
/// (max, min, all the way) or back to the factory position (reset), and the amounts ("a bit", "a lot").
/// With each row's `ControlVoice`, what the voice grammar composes its commands from.
public enum VoiceGestures {
    /// The double tap of a button or switch: "press the flash button", "hit rec".
    public static let press = ["press", "push", "hit", "tap", "click", "double tap", "double-tap", "toggle"]
    /// Verbs that set a control to a value: "turn the degree dial to three", "put the decade on 2010".
    public static let set = ["set", "change", "turn", "put", "switch", "move"]
    /// Verbs that turn a control up by themselves: "increase the zoom", "crank up the exposure".
    public static let increase = ["increase", "raise", "boost", "bump up", "turn up", "crank up", "push up", "bring up",
                                  "pump up", "amp up", "up"]
    /// Verbs that turn a control down by themselves: "lower the exposure", "tone down the effect".
    public static let decrease = ["decrease", "lower", "reduce", "cut", "turn down", "bring down", "drop", "tone down",
                                  "dial back", "dial down", "take down"]
    /// Verbs said before a control and then "up": "turn the zoom up".
    public static let raise = ["bump", "turn", "crank", "push", "bring", "pump", "amp", "dial"]
    /// Verbs said before a control and then "down": "turn the zoom down".
    public static let lower = ["turn", "bring", "tone", "dial", "take"]
    /// One step: "a bit brighter", "zoom in a touch".
    public static let bit = ["a bit", "a little", "a little bit", "a tiny bit", "slightly", "a touch", "a tad", "somewhat",
                             "a notch", "one notch", "a step", "one step", "a hair"]
    /// Two steps: "a lot darker", "zoom out much more".
    public static let lot = ["a lot", "much", "way", "a lot more", "way more", "much more", "a great deal", "lots",
                             "two steps", "two notches"]
    /// A control's highest position: "degree max", "zoom to the maximum".
    public static let maximum = ["max", "maximum", "full", "highest", "most", "all the way"]
    /// A control's lowest position: "degree min".
    public static let minimum = ["min", "minimum", "lowest", "least"]
    /// A switch on, as said: "flash on", "date imprint yes".
    public static let on = ["on", "yes"]
    /// A switch off, as said: "light off".
    public static let off = ["off", "no"]
}
