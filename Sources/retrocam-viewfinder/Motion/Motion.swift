/// The movements the seed names, and how each runs with full motion and with Reduce Motion
/// (the seed's rules: the intro cuts, the DECADE wheel does not spin in, the REC ring stays still,
/// dials, levers, switches, the MENU and the LIBRARY settle with a 150 ms fade instead of a spring).
/// The one table both the animations and their reports read.
enum Motion: String, CaseIterable, Sendable {
    /// The launch intro card leaving.
    case intro
    /// The DECADE wheel arriving at launch.
    case spinIn = "spin-in"
    /// The red ring around REC while recording (its period).
    case recRing = "rec-ring"
    /// A dial, rocker, lever or switch taking its new value.
    case settle
    /// The MENU panel opening or closing.
    case menu
    /// The LIBRARY page coming in or going.
    case library

    /// How a movement runs.
    struct Style: Equatable, Sendable, CustomStringConvertible {
        /// "fade", "spring", "spin", "pulse", or "cut"/"none"/"still" when nothing moves.
        let kind: String
        /// Its duration (for the ring, its period) in milliseconds; 0 when nothing moves.
        let milliseconds: Int
        /// "fade 150", as logged and as the accessible attribute says.
        var description: String { "\(kind) \(milliseconds)" }
    }

    /// The style of this movement with motion `reduced` or not.
    func style(reduced: Bool) -> Style {
        switch (self, reduced) {
        case (.intro, false): Style(kind: "fade", milliseconds: 600)
        case (.intro, true): Style(kind: "cut", milliseconds: 0)
        case (.spinIn, false): Style(kind: "spin", milliseconds: 900)
        case (.spinIn, true): Style(kind: "none", milliseconds: 0)
        case (.recRing, false): Style(kind: "pulse", milliseconds: 1200)
        case (.recRing, true): Style(kind: "still", milliseconds: 0)
        case (.settle, false), (.menu, false), (.library, false): Style(kind: "spring", milliseconds: 350)
        case (.settle, true), (.menu, true), (.library, true): Style(kind: "fade", milliseconds: 150)
        }
    }
}
