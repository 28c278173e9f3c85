import DBus
import Foundation

// retrocam-bench: starts retrocamd (the binary next to this one) on the synthetic camera on a
// private bus and prints figures measured in this one run. Ratios are against Peer.Ping on the
// same daemon, so a busy machine moves both sides together.

let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let iterations = Int(ProcessInfo.processInfo.environment["RETROCAM_BENCH_ITERATIONS"] ?? "") ?? 2000
let photos = Int(ProcessInfo.processInfo.environment["RETROCAM_BENCH_PHOTOS"] ?? "") ?? 40

let bus = try PrivateBus()
let home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bench-\(getpid())")
try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
var environment = bus.environment
environment["XDG_PICTURES_DIR"] = home.appendingPathComponent("Pictures").path
environment["XDG_VIDEOS_DIR"] = home.appendingPathComponent("Videos").path
environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path

let daemon = Process()
daemon.executableURL = binDirectory.appendingPathComponent("retrocamd")
daemon.arguments = ["--source", "synthetic", "--address", bus.address]
daemon.environment = environment
daemon.standardError = FileHandle.nullDevice
try daemon.run()
defer {
    daemon.terminate()
    daemon.waitUntilExit()
    bus.stop()
    try? FileManager.default.removeItem(at: home)
}

let connection = try bus.connect()
let name = "org.retrocam.Camera", path = "/org/retrocam/Camera"
func call(_ interface: String, _ method: String, _ args: [Value] = []) throws -> [Value] {
    try connection.callSync(destination: name, path: path, interface: interface, method: method, args)
}
let startDeadline = Date().addingTimeInterval(30)
while (try? call("org.freedesktop.DBus.Peer", "Ping")) == nil {
    guard Date() < startDeadline, daemon.isRunning else { fatalError("retrocamd did not start") }
    Thread.sleep(forTimeInterval: 0.05)
}

/// Interleaves the measured calls so that load on the machine hits every series alike.
var ping: [Double] = [], setDegree: [Double] = [], describe: [Double] = []
for index in 0..<iterations {
    ping.append(try milliseconds { _ = try call("org.freedesktop.DBus.Peer", "Ping") })
    setDegree.append(try milliseconds { _ = try call("org.retrocam.Intents1", "SetDegree", [.string("\(index % 12 + 1)")]) })
    describe.append(try milliseconds { _ = try call("org.retrocam.Camera1", "Describe", [.string("zoom")]) })
}
var photo: [Double] = []
for _ in 0..<photos {
    photo.append(try milliseconds { _ = try call("org.retrocam.Intents1", "TakePhoto") })
}

let pingStats = Stats(ping), setStats = Stats(setDegree), describeStats = Stats(describe), photoStats = Stats(photo)
func row(_ label: String, _ stats: Stats) -> String {
    let ratio50 = stats.p50 / pingStats.p50, ratio99 = stats.p99 / pingStats.p99
    return String(format: "%-28@ p50 %7.3f ms  p99 %7.3f ms  ratio to Ping p50 %5.2fx  p99 %5.2fx",
                  label as NSString, stats.p50, stats.p99, ratio50, ratio99)
}
print("retrocam-bench: \(iterations) calls each, interleaved, one client, private bus, synthetic camera")
print(row("Peer.Ping", pingStats))
print(row("Intents1.SetDegree", setStats))
print(row("Camera1.Describe", describeStats))
print(String(format: "TakePhoto round trip (%d)     p50 %7.3f ms  p99 %7.3f ms  (goal p50 < 66 ms; includes JPEG encode and write)",
             photos, photoStats.p50, photoStats.p99))
print(String(format: "goal: intent p50 within 1.5x of Ping p50 — SetDegree %.2fx, Describe %.2fx",
             setStats.p50 / pingStats.p50, describeStats.p50 / pingStats.p50))
