import BusNames
import DBus
import Foundation

/// Round trips of single calls on one connection, interleaved so that load on the machine hits
/// every series alike; ratios are against `Peer.Ping` on the same daemon in the same run.
enum Latency {
    /// Ping, SetDegree, Describe and Interpret, `iterations` each, interleaved.
    static func intents(_ daemon: BenchDaemon, iterations: Int) throws -> [String] {
        let sentences = ["take a photo", "set the decade to the seventies", "zoom in", "make it black and white",
                         "what's the weather"]
        var ping: [Double] = [], setDegree: [Double] = [], describe: [Double] = [], interpret: [Double] = []
        for index in 0..<iterations {
            ping.append(try milliseconds { try daemon.call("org.freedesktop.DBus.Peer", "Ping") })
            setDegree.append(try milliseconds { try daemon.call(BusContract.intentsInterface, "SetDegree", [.string("\(index % 12 + 1)")]) })
            describe.append(try milliseconds { try daemon.call(BusContract.cameraInterface, "Describe", [.string("zoom")]) })
            // Understood and refused sentences alike; perform=false, so only the matcher is timed.
            interpret.append(milliseconds {
                _ = try? daemon.call(BusContract.intentsInterface, "Interpret", [.string(sentences[index % sentences.count]), .bool(false)])
            })
        }
        let pingStats = Stats(ping)
        func row(_ label: String, _ stats: Stats) -> String {
            label.padding(toLength: 32, withPad: " ", startingAt: 0)
                + String(format: "p50 %7.3f ms  p99 %7.3f ms  ratio to Ping p50 %5.2fx  p99 %5.2fx",
                         stats.p50, stats.p99, stats.p50 / pingStats.p50, stats.p99 / pingStats.p99)
        }
        let setStats = Stats(setDegree), describeStats = Stats(describe), interpretStats = Stats(interpret)
        return [
            "round trip: \(iterations) calls each, interleaved, one client",
            row("Peer.Ping", pingStats),
            row("Intents1.SetDegree", setStats),
            row("Camera1.Describe", describeStats),
            row("Intents1.Interpret (no perform)", interpretStats),
            String(format: "goal: intent p50 within 1.2x of Ping p50 — SetDegree %.2fx, Describe %.2fx, Interpret %.2fx",
                   setStats.p50 / pingStats.p50, describeStats.p50 / pingStats.p50, interpretStats.p50 / pingStats.p50),
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
