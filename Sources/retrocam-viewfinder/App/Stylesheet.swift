import CViewfinder

/// The body's look: a dark camera shell, engraved light-grey captions, the viewfinder's bezel.
enum Stylesheet {
    static let css = """
        window { background-color: #171614; color: #e8e4dc; }
        .body { background-color: #2b2a27; border-radius: 18px; padding: 18px; }
        .engraving { color: #c9c4b8; }
        .preview { background-color: #000000; border: 6px solid #0d0d0c; border-radius: 6px; }
        .fact-of-the-day { color: #f2b664; padding: 4px 12px; }
        .status { color: #ffffff; background-color: #3a2a14; padding: 4px 12px; border-radius: 6px; }
        .menu { background-color: #22211f; border-radius: 12px; padding: 10px; }
        .library .title { font-weight: bold; letter-spacing: 2px; }
        """

    /// Loads the stylesheet for the screen.
    static func install() { vf_add_css(css) }
}
