import CommandLineOptions

/// The viewfinder's command line.
struct Options: Sendable {
    /// The bus to find retrocamd on; the session bus when nil.
    var address: String?
    /// Log what the window does: animations and their durations, clicks, the preview's frames.
    var verbose = false
    /// How long the intro card stays before it leaves by itself.
    var introMilliseconds = 2500
    /// Where to write the preview's figures as JSON when the window closes.
    var report: String?

    /// One row per option: parsing and `--help` come from the same rows.
    static let parser = OptionParser<Options>(
        program: "retrocam-viewfinder",
        about: "The camera's window: its live picture and its body, a client of retrocamd on the session bus.",
        options: [
            .text("address", "ADDRESS", "the bus to find retrocamd on (default: the session bus)", \.address),
            .flag("verbose", short: "v", "log animations (with their durations), clicks and preview frames", \.verbose),
            .value("intro-ms", "N", "how long the intro card stays (default 2500; any key or a click skips it)") { options, text throws(UsageError) in
                options.introMilliseconds = try OptionValue.integer(text, for: "--intro-ms", unit: "milliseconds", in: 0...600_000)
            },
            .text("report", "FILE", "write the preview's figures (first frame, latencies) as JSON at exit", \.report),
        ],
        footer: "Environment: RETROCAM_VIEWFINDER_AUDIO_SINK (the GStreamer sink for clicks and clips, default autoaudiosink).",
        defaults: Options())
}
