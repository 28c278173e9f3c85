import Body

/// Accuracy and speed of the voice matcher in-process, over sentences sampled from every template of the
/// catalog and sentences that are not for the camera. `retrocam-bench` prints `run(iterations:)`.
public enum VoiceBenchmark {
    /// Sentences the camera must refuse (as quickly as it understands the others).
    static let refusals = [
        "what's the weather like today", "delete all my photos", "make me a sandwich", "play some music",
        "call mom", "turn on the kitchen lights", "set an alarm for seven", "what time is it", "tell me a joke",
        "order a pizza", "open the garage door", "turn up the volume", "remind me to buy milk",
        "set the temperature to seventy", "go to the moon", "use the force", "record my screen", "format the memory card",
        "send this photo to my mother", "please could you um", "take", "zoom",
        // Long remarks full of camera words, which the loose reading reads clause by clause before it refuses them.
        "Harold stop fiddling with the zoom you'll break it", "my dad had a super 8 camera back in the seventies",
        "the light in here is beautiful right now, isn't it", "that was a great photo of the kids at the party yesterday",
        "turn the lights off for the cake and then sing happy birthday", "omg the vibes in this one are so 2010s instagram",
    ]

    /// One utterance and the intent expected (nil: must be refused).
    struct Case {
        let said: String
        let intent: IntentName?
    }

    /// Sampled commands (a few expansions of every template, slots filled from the lists) and the refusals.
    static func cases() -> [Case] {
        let decade = Catalog.standard.decade(year: 1970)!
        let styles = DialEntry.entries(of: decade).map(\.name)
        var cases: [Case] = []
        var turn = 0
        for sentence in IntentCatalog.sentences {
            for path in TemplateExpansion.sample(sentence.expression, 4) {
                turn += 1
                let words = path.map { piece -> String in
                    switch piece {
                    case .word(let word): return word
                    case .wildcard: return "this"
                    case .slot(.style): return styles[turn % styles.count]
                    case .slot(let kind):
                        let entries = PhraseExport.list(kind, of: sentence).entries
                        return entries[turn % entries.count].spoken
                    }
                }
                cases.append(Case(said: words.joined(separator: " "), intent: sentence.intent))
            }
        }
        return cases + refusals.map { Case(said: $0, intent: nil) }
    }

    /// How the matcher reads, for one series: by the grammar alone, with the loose reading, with sound-alikes too.
    struct Reading {
        let name: String
        let loose: Bool
        let soundAlikes: SoundAlikes?
    }

    /// Runs every case `iterations` times (at least once) and reports accuracy and p50/p90/p99 per utterance,
    /// for commands and refusals apart, in milliseconds, for the matcher as the daemon runs it (the loose reading and
    /// sound-alikes); then the same for the grammar alone and with the loose reading but no sound-alikes, interleaved
    /// in the same run in turning order, and the ratios of the p50s.
    public static func run(iterations: Int = 200) -> String {
        let cases = cases()
        let body = CameraBody()
        let clock = ContinuousClock()
        var readings = [Reading(name: "grammar alone", loose: false, soundAlikes: nil),
                        Reading(name: "with the loose reading", loose: true, soundAlikes: nil)]
        if let alikes = SoundAlikes.standard {
            readings.append(Reading(name: "with the loose reading and sound-alikes", loose: true, soundAlikes: alikes))
        }
        let daemon = readings.count - 1
        var matchTimes = readings.map { _ in [Double]() }, refusalTimes = matchTimes
        var right = 0, refusedRight = 0
        let commandCount = cases.filter { $0.intent != nil }.count
        for iteration in 0..<max(1, iterations) {
            for example in cases {
                // Which goes first alternates, so neither reads the utterance with the caches the other just warmed.
                let shift = iteration % readings.count
                for index in readings.indices.map({ ($0 + shift) % readings.count }) {
                    let reading = readings[index]
                    var found: IntentName?
                    let elapsed = clock.measure {
                        found = understand(example.said, body: body, loose: reading.loose, soundAlikes: reading.soundAlikes)
                    }
                    let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
                    if example.intent == nil { refusalTimes[index].append(milliseconds) } else { matchTimes[index].append(milliseconds) }
                    guard iteration == 0, index == daemon else { continue }
                    if found == example.intent { if example.intent == nil { refusedRight += 1 } else { right += 1 } }
                }
            }
        }
        let total = Double(right + refusedRight) / Double(cases.count) * 100
        func times(_ index: Int) -> String {
            "match p50 \(format(percentile(matchTimes[index], 0.5), 4)) ms p90 \(format(percentile(matchTimes[index], 0.9), 4)) ms "
                + "p99 \(format(percentile(matchTimes[index], 0.99), 4)) ms; refusal p50 \(format(percentile(refusalTimes[index], 0.5), 4)) ms "
                + "p90 \(format(percentile(refusalTimes[index], 0.9), 4)) ms p99 \(format(percentile(refusalTimes[index], 0.99), 4)) ms"
        }
        var report = "voice matcher (\(readings[daemon].name)): \(cases.count) utterances (\(commandCount) commands from "
            + "\(IntentCatalog.sentences.count) templates, \(refusals.count) refusals) × \(max(1, iterations)); accuracy \(format(total))% "
            + "(commands \(right)/\(commandCount), refusals \(refusedRight)/\(refusals.count)); " + times(daemon)
        let ratio = { (a: [Double], b: [Double]) in format(percentile(b, 0.5) / max(percentile(a, 0.5), 1e-9), 2) }
        for index in readings.indices where index != daemon {
            report += "\nvoice matcher (\(readings[index].name)): " + times(index) + "; the daemon's reading takes p50 × "
                + "\(ratio(matchTimes[index], matchTimes[daemon])) (match), × \(ratio(refusalTimes[index], refusalTimes[daemon])) (refusal)"
        }
        return report
    }

    /// What `interpret` would do without performing: the intent of the first command, or nil when refused.
    static func understand(_ said: String, body: CameraBody, loose: Bool = true, soundAlikes: SoundAlikes? = nil) -> IntentName? {
        let (utterance, commands) = VoiceMatcher.reading(Utterance(said), loose: loose, soundAlikes: soundAlikes)
        guard let command = commands.first else { return nil }
        return try? VoiceChoice.choose(command, in: utterance, body: body).intent
    }

    /// The nearest-rank percentile of `samples`.
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// A number with `digits` decimals.
    static func format(_ value: Double, _ digits: Int = 1) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return String(rounded)
    }
}
