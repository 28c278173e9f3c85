/// The mode lever: moving pictures or still photographs.
public enum Mode: String, CaseIterable, Sendable {
    /// Moving pictures: the dial chooses a capture technology.
    case cine = "Cine"
    /// Still photographs: the dial chooses a photographic style.
    case still = "Still"

    /// The other position of the lever.
    public var toggled: Mode { self == .cine ? .still : .cine }
}

/// Which camera looks out: the one on the back or the one facing the user.
public enum Facing: String, CaseIterable, Sendable {
    /// The main camera, looking away from the user.
    case back
    /// The camera facing the user.
    case front

    /// The other camera.
    public var flipped: Facing { self == .back ? .front : .back }
}

/// The frame format of a clip (CINE only); the raw value is what VoiceOver says.
public enum FrameFormat: String, CaseIterable, Sendable {
    /// Academy 4:3, the shape of film and television until the 2000s.
    case academy = "4:3"
    /// Widescreen 16:9.
    case widescreen = "16:9"
    /// Anamorphic scope, 2.39:1.
    case scope = "2.39:1"

    /// The next format a double tap on FORMAT gives, wrapping round.
    public var next: FrameFormat { Self.allCases.cycled(after: self) }

}

/// What the SOUND button records with a clip; the raw value is what VoiceOver says.
public enum AudioMode: String, CaseIterable, Sendable {
    /// Silent film.
    case off = "Off"
    /// One channel.
    case mono = "Mono"
    /// Two channels.
    case stereo = "Stereo"

    /// The next mode a double tap on SOUND gives, wrapping round.
    public var next: AudioMode { Self.allCases.cycled(after: self) }
}

extension Array where Element: Equatable {
    /// The element after `element`, wrapping to the first; the first when `element` is absent.
    func cycled(after element: Element) -> Element {
        guard let index = firstIndex(of: element) else { return self[0] }
        return self[(index + 1) % count]
    }
}
