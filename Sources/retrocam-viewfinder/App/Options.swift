import Foundation

/// The command line: `retrocam-viewfinder [--address ADDRESS] [--verbose] [--intro-ms N] [--report FILE]`.
struct Options {
    /// The bus to find retrocamd on; the session bus when nil.
    var address: String?
    /// Log what the window does: animations and their durations, clicks, the preview's frames.
    var verbose = false
    /// How long the intro card stays before it leaves by itself.
    var introMilliseconds = 2500
    /// Where to write the preview's figures as JSON when the window closes.
    var report: String?
    var help = false

    static let usage = """
        usage: retrocam-viewfinder [--address ADDRESS] [--verbose] [--intro-ms N] [--report FILE]
          the camera's window: its live picture and its body, a client of retrocamd on the session bus
          --address ADDRESS  the bus to find retrocamd on (default: the session bus)
          --verbose          log animations (with their durations), clicks and preview frames
          --intro-ms N       how long the intro card stays (default 2500; any key or a click skips it)
          --report FILE      write the preview's figures (first frame, latencies) as JSON at exit
        environment: RETROCAM_VIEWFINDER_AUDIO_SINK (GStreamer sink for clicks and clips, default autoaudiosink)
        """

    /// A usage mistake, said in one sentence.
    struct Mistake: Error { let message: String }

    static func parse(_ arguments: [String]) throws(Mistake) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ flag: String) throws(Mistake) -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw Mistake(message: "\(flag) needs a value.") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--address": options.address = try value(argument)
            case "--verbose", "-v": options.verbose = true
            case "--report": options.report = try value(argument)
            case "--intro-ms":
                let text = try value(argument)
                guard let number = Int(text), (0...600_000).contains(number) else {
                    throw Mistake(message: "--intro-ms takes milliseconds from 0 to 600000, not \(text).")
                }
                options.introMilliseconds = number
            case "--help", "-h": options.help = true
            default: throw Mistake(message: "Unknown argument \(argument).")
            }
        }
        return options
    }
}
