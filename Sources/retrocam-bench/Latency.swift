import BusNames
import DBus
import Foundation

/// Round trips of single calls on one connection, interleaved so that load on the machine hits
/// every series alike; ratios are against `Peer.Ping` on the same daemon in the same run.
enum Latency {
    /// The Interpret series' sentences, understood and refused alike.
    static let sentences = ["take a photo", "set the decade to the seventies", "zoom in", "make it black and white",
                            "what's the weather"]
    /// Spellings of each sentence in the cold Interpret series: 5 sentences × 16 = 80 texts, more than the 64
    /// whose commands the daemon keeps, so cycling them every call misses that memory.
    static let coldSpellings = 16

    /// `sentence` with its letters' case set by the bits of `pattern`: the matcher reads the same words
    /// (it lowercases them), the daemon's memory of texts sees a new text.
    static func spelling(_ sentence: String, _ pattern: Int) -> String {
        var bit = 0
        return String(sentence.map { character in
            guard character.isLetter else { return character }
            defer { bit += 1 }
            return pattern >> bit & 1 == 1 ? Character(character.uppercased()) : character
        })
    }

    /// Ping, SetDegree, Describe, Interpret of repeated texts and Interpret of texts not said lately,
    /// `iterations` each, interleaved.
    static func intents(_ daemon: BenchDaemon, iterations: Int) throws -> [String] {
        var ping: [Double] = [], setDegree: [Double] = [], describe: [Double] = [], interpret: [Double] = [], cold: [Double] = []
        for index in 0..<iterations {
            ping.append(try milliseconds { try daemon.call("org.freedesktop.DBus.Peer", "Ping") })
            setDegree.append(try milliseconds { try daemon.call(BusContract.intentsInterface, "SetDegree", [.string("\(index % 12 + 1)")]) })
            describe.append(try milliseconds { try daemon.call(BusContract.cameraInterface, "Describe", [.string("zoom")]) })
            // perform=false: the call reads the words and chooses against the body, changing nothing. The five
            // sentences repeat, so all but the first five calls find the matcher's commands kept by the daemon.
            interpret.append(milliseconds {
                _ = try? daemon.call(BusContract.intentsInterface, "Interpret", [.string(sentences[index % sentences.count]), .bool(false)])
            })
            // The same sentences spelt anew each time round (80 texts cycled): every call is matched afresh.
            let fresh = spelling(sentences[index % sentences.count], index / sentences.count % coldSpellings)
            cold.append(milliseconds {
                _ = try? daemon.call(BusContract.intentsInterface, "Interpret", [.string(fresh), .bool(false)])
            })
        }
        let pingStats = Stats(ping)
        func row(_ label: String, _ stats: Stats) -> String {
            label.padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(format: "p50 %7.3f ms  p99 %7.3f ms  ratio to Ping p50 %5.2fx  p99 %5.2fx",
                         stats.p50, stats.p99, stats.p50 / pingStats.p50, stats.p99 / pingStats.p99)
        }
        let setStats = Stats(setDegree), describeStats = Stats(describe), interpretStats = Stats(interpret), coldStats = Stats(cold)
        return [
            "round trip: \(iterations) calls each, interleaved, one client",
            row("Peer.Ping", pingStats),
            row("Intents1.SetDegree", setStats),
            row("Camera1.Describe", describeStats),
            row("Interpret, texts repeated (cached)", interpretStats),
            row("Interpret, texts new (matched)", coldStats),
            String(format: "goal: intent p50 within 1.2x of Ping p50 — SetDegree %.2fx, Describe %.2fx, Interpret %.2fx repeated, %.2fx new",
                   setStats.p50 / pingStats.p50, describeStats.p50 / pingStats.p50, interpretStats.p50 / pingStats.p50,
                   coldStats.p50 / pingStats.p50),
        ]
    }

    /// TakePhoto round trips (press to saved JPEG answered), `count` of them, and the first
    /// refusal when the camera said no (e.g. NotAllowed while recording).
    static func shutter(_ daemon: BenchDaemon, count: Int) -> (stats: Stats, refusal: String?) {
        var samples: [Double] = []
        var refusal: String?
        for _ in 0..<count {
            samples.append(milliseconds {
                do { try daemon.call(BusContract.intentsInterface, "TakePhoto") } catch { refusal = refusal ?? "\(error)" }
            })
        }
        return (Stats(samples), refusal)
    }

    /// One shutter-lag line.
    static func shutterLine(_ label: String, _ result: (stats: Stats, refusal: String?)) -> String {
        let stats = result.stats
        if let refusal = result.refusal {
            return "TakePhoto \(label): refused — \(refusal) — "
                + String(format: "the refusal answered in p50 %.3f ms, p99 %.3f ms (%d calls)", stats.p50, stats.p99, stats.samples.count)
        }
        return "TakePhoto shutter lag \(label)".padding(toLength: 32, withPad: " ", startingAt: 0)
            + String(format: "p50 %7.3f ms  p99 %7.3f ms  (%d photos; goal p50 < 66 ms; JPEG encode and write included)",
                     stats.p50, stats.p99, stats.samples.count)
    }
}
