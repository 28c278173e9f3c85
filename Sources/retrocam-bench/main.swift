import BusNames
import DBus
import Foundation
import Intents

// retrocam-bench: starts the release retrocamd (the binary next to this one) on the synthetic
// camera on a private bus and prints figures measured in this one run. Latency ratios are against
// Peer.Ping on the same daemon, and frame rates against gst-launch-1.0, so a busy machine moves
// both sides together. Iteration counts come from RETROCAM_BENCH_* variables (see README).

let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
func setting(_ name: String, _ fallback: Int) -> Int {
    Int(ProcessInfo.processInfo.environment["RETROCAM_BENCH_\(name)"] ?? "") ?? fallback
}
let iterations = setting("ITERATIONS", 2000)
let photos = setting("PHOTOS", 40)
let clients = setting("CLIENTS", 8)
let loadCalls = setting("CALLS", 100_000)
let recordSeconds = Double(setting("RECORD_SECONDS", 10))
let coldStarts = setting("COLD_STARTS", 3)
let voiceIterations = setting("VOICE_ITERATIONS", 20)
let idleSeconds = Double(setting("IDLE_SECONDS", 10))
let coldPhotos = setting("COLD_PHOTOS", 20)
let memoryClips = setting("CLIPS", 300)
let fuzzCalls = setting("FUZZ_CALLS", 20_000)
let fdCalls = setting("FD_CALLS", 10_000)
let pipeWireStarts = setting("PIPEWIRE_STARTS", 10)
let wyomingIterations = setting("WYOMING_ITERATIONS", 500)
// RETROCAM_BENCH_VIEWFINDER_LAUNCHES (5) and RETROCAM_BENCH_VIEWFINDER_SECONDS (10): see ViewfinderBench.

/// RETROCAM_BENCH_SECTIONS (e.g. "viewfinder,voice") runs only those sections; all by default.
let onlySections = ProcessInfo.processInfo.environment["RETROCAM_BENCH_SECTIONS"].map { Set($0.split(separator: ",").map(String.init)) }

func section(_ title: String, _ body: () throws -> [String]) {
    if let onlySections, !onlySections.contains(title) { return }
    do {
        for line in try body() { print(line) }
    } catch {
        print("\(title): FAILED — \(error)")
    }
    fflush(nil)
}

// RETROCAM_BENCH_ONLY=voice: the in-process voice matcher alone (no daemon), for working on the grammar.
if ProcessInfo.processInfo.environment["RETROCAM_BENCH_ONLY"] == "voice" {
    section("voice") { [VoiceBenchmark.run(iterations: voiceIterations)] }
    exit(0)
}

Cleanup.installSignalHandlers()
print("retrocam-bench: release retrocamd, --source synthetic, private dbus-daemon, \(ProcessInfo.processInfo.activeProcessorCount) cores")
let daemon: BenchDaemon
do {
    // The checkout's shipped shortcuts (an installed daemon finds them beside itself), for the search figures.
    var checkout = binDirectory
    while checkout.path != "/", !FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) {
        checkout.deleteLastPathComponent()
    }
    let shipped = checkout.appendingPathComponent("shortcuts")
    daemon = try BenchDaemon(binDirectory: binDirectory, extraEnvironment: ["RETROCAM_SHORTCUTS_DIRS": shipped.path])
} catch {
    print("retrocam-bench: \(error)")
    exit(1)
}

section("round trip") { try Latency.intents(daemon, iterations: iterations) }
section("search") { try SearchBench.run(daemon, iterations: setting("SEARCH_ITERATIONS", 500)) }
section("wyoming") { try WyomingBench.run(daemon, port: daemon.wyomingPort, iterations: wyomingIterations) }
section("shutter lag idle") { [Latency.shutterLine("warm", Latency.shutter(daemon, count: photos))] }
section("throughput") { try Throughput.run(daemon, clients: clients, totalCalls: loadCalls) }
var daemonFPS = Double.nan
section("recording") {
    let result = try RecordingBench.heaviestLook(daemon, seconds: recordSeconds)
    daemonFPS = result.fps
    return result.lines
}
section("look changes") { try RecordingBench.lookChangesMidTake(daemon, seconds: 4) }
section("shutter lag recording") {
    try daemon.call(BusContract.intentsInterface, "StartClip")
    defer { _ = try? daemon.call(BusContract.intentsInterface, "PauseClip") }
    Thread.sleep(forTimeInterval: 0.5)
    return [Latency.shutterLine("while recording", Latency.shutter(daemon, count: photos))]
}
section("unix fds") { try SafetyBench.descriptorFlood(daemon, calls: fdCalls) }
section("second daemon") { try SafetyBench.secondDaemon(daemon, binDirectory: binDirectory) }
section("slow external calls") { try SafetyBench.slowCalls(daemon) }
section("sigterm") { try SafetyBench.sigterm(binDirectory: binDirectory) }
section("cold start") {
    let (call, photo) = try ColdStart.measure(binDirectory: binDirectory, times: coldStarts)
    return [String(format: "cold start via D-Bus activation: first answered call (Describe) p50 %.0f ms, max %.0f ms; first saved photo p50 %.0f ms, max %.0f ms (%d starts)",
                   call.p50, call.samples.last ?? .nan, photo.p50, photo.samples.last ?? .nan, call.samples.count)]
}
// The reference runs alone: the daemon is stopped so it does not compete for the cores.
daemon.stop()
// The camera's lifecycle, on a daemon of its own with a short linger.
do {
    let sleeper = try LifecycleBench.daemon(binDirectory: binDirectory)
    let start = try LifecycleBench.startMemory(sleeper)
    section("idle") { try LifecycleBench.idle(sleeper, seconds: idleSeconds) }
    section("cold photo") { try LifecycleBench.coldAndWarmPhotos(sleeper, count: coldPhotos) }
    section("memory after clips") { try LifecycleBench.clipsMemory(sleeper, count: memoryClips, start: start) }
    section("memory after fuzzing") { try LifecycleBench.fuzzMemory(sleeper, count: fuzzCalls, start: start) }
    sleeper.stop()
} catch {
    print("lifecycle: FAILED — \(error)")
}
section("hooks") { try HooksBench.run(binDirectory: binDirectory, photos: setting("HOOK_PHOTOS", 40)) }
section("virtual camera latency") { try VirtualCameraBench.latency(binDirectory: binDirectory, turns: setting("VIRTUAL_CAMERA_TURNS", 20)) }
section("first photo PipeWire") { try PipeWireBench.coldPhotos(binDirectory: binDirectory, starts: pipeWireStarts, sleepingPhotos: coldPhotos) }
section("gst-launch reference") {
    let frames = Int(recordSeconds) * RecordingBench.framerate
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bench-reference-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let reference = try RecordingBench.gstLaunchReference(frames: frames, directory: directory)
    return [
        String(format: "gst-launch-1.0, same stock elements + vp8enc/webmmux, %d frames: %.1f fps; daemon/gst-launch = %.2f (goal >= 0.9; gst-launch lacks our C effects: grain, bleed, vignette, matte)",
               frames, reference, daemonFPS / reference),
    ]
}
section("viewfinder") {
    try ViewfinderBench.run(binDirectory: binDirectory, launches: setting("VIEWFINDER_LAUNCHES", 5),
                            seconds: Double(setting("VIEWFINDER_SECONDS", 10)))
}
section("voice") { [VoiceBenchmark.run(iterations: voiceIterations)] }
