import Foundation
import DBus
import RetrocamTesting
import Testing

/// `retrocamd --wyoming`: the real daemon, driven by the real `wyoming` package's clients over a unix
/// socket and TCP, and by a raw socket sending what no client should.
@Suite(.serialized) struct WyomingTests {
    /// A daemon with the endpoint on a unix socket in its home, and `extraEnvironment`.
    static func unixDaemon(extraEnvironment: [String: String] = [:]) throws -> (DaemonHarness, String) {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("rcw-\(UUID().uuidString.prefix(8)).sock").path
        let daemon = try DaemonHarness(extraEnvironment: extraEnvironment, arguments: ["--wyoming", "unix://\(socket)"])
        guard daemon.waitUntil(10, { daemon.logText.contains("Wyoming endpoint listening on unix://\(socket)") }) else {
            daemon.stop()
            throw HarnessError("no Wyoming endpoint: \(daemon.logText)")
        }
        return (daemon, socket)
    }

    @Test func describeRecognizeAndTranscriptThroughTheRealClient() throws {
        let (daemon, socket) = try Self.unixDaemon()
        defer { daemon.stop() }
        let replies = try WyomingClient.exchange("unix://\(socket)", [
            .init("describe"),
            .init("recognize", ["text": "go to the eighties"]),
            .init("recognize", ["text": "what's the weather tomorrow"]),
            .init("transcript", ["text": "zoom to two x"]),
            .init("transcript", ["text": "set a timer for the pasta"]),
            .init("ping", ["text": "hello"]),
        ])
        try #require(replies.count == 6, "\(replies.map(\.type))")
        #expect(replies.map(\.type) == ["info", "intent", "not-recognized", "handled", "not-handled", "pong"])
        for kind in ["intent", "handle"] {
            let program = try #require((replies[0].data[kind] as? [[String: Any]])?.first, "an \(kind) program")
            #expect(program["name"] as? String == "retrocam")
            #expect(program["installed"] as? Bool == true)
            #expect((program["attribution"] as? [String: Any])?["name"] as? String == "Retrocam")
            let model = try #require((program["models"] as? [[String: Any]])?.first)
            #expect(model["languages"] as? [String] == ["en"])
            #expect((model["description"] as? String)?.contains("SetDecade") == true)
        }
        #expect(replies[1].string("name") == "SetDecade")
        let entities = replies[1].data["entities"] as? [[String: Any]]
        #expect(entities?.first?["name"] as? String == "value" && entities?.first?["value"] as? String == "1980s")
        #expect(replies[1].string("text") == "Set the decade to the 1980s?" || replies[1].string("text")?.contains("1980s") == true)
        #expect(replies[2].string("text") == "Sorry, I can't do that with the camera.")
        #expect(replies[3].string("text") == "Zoom set to 2.0x.")
        #expect(try daemon.property("Zoom") == "d 2")
        #expect(replies[4].string("text")?.isEmpty == false)
        #expect(try daemon.property("Timer") == "i 0", "the pasta timer did not set the self-timer")
        #expect(replies[5].string("text") == "hello")
        #expect(try daemon.property("Decade") == "s \"1970s\"", "recognize performs nothing")
    }

    @Test func tcpLoopbackWithThePortTheKernelChose() throws {
        let daemon = try DaemonHarness(arguments: ["--wyoming", "tcp://127.0.0.1:0"])
        defer { daemon.stop() }
        var uri: String?
        _ = daemon.waitUntil(10) {
            uri = daemon.logText.split(separator: "\n").first { $0.contains("Wyoming endpoint listening on tcp://") }
                .map { String($0[$0.range(of: "tcp://")!.lowerBound...]) }
            return uri != nil
        }
        let address = try #require(uri, "\(daemon.logText)")
        #expect(!address.hasSuffix(":0"))
        let replies = try WyomingClient.exchange(address, [.init("transcript", ["text": "set the degree to seven"]), .init("describe")])
        #expect(replies.map(\.type) == ["handled", "info"])
        #expect(try daemon.property("Degree") == "i 7")
    }

    @Test func otherUsersAreRefusedOnTCPAndCannotOpenTheUnixSocket() throws {
        let daemon = try DaemonHarness(arguments: ["--wyoming", "tcp://127.0.0.1:0"])
        defer { daemon.stop() }
        guard getuid() == 0 else { return }   // running as another user needs root
        var address = ""
        _ = daemon.waitUntil(10) {
            address = daemon.logText.split(separator: "\n").first { $0.contains("listening on tcp://") }
                .map { String($0[$0.range(of: "tcp://")!.lowerBound...]) } ?? ""
            return !address.isEmpty
        }
        let refused = try WyomingClient.exchange(address, [.init("transcript", ["text": "take a picture"])], asUser: 65534)
        #expect(refused.first?.type == "error")
        #expect(refused.first?.string("code") == "not-allowed")
        #expect(refused.first?.string("text")?.contains("Only the user running retrocamd") == true)
        #expect(try daemon.property("LastTake") == "s \"\"", "no photo was taken for the other user")
        #expect(daemon.logText.contains("wyoming: refused uid 65534"))

        let (unixDaemon, socket) = try Self.unixDaemon()
        defer { unixDaemon.stop() }
        var status = stat()
        #expect(stat(socket, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(throws: (any Error).self) { try WyomingClient.exchange("unix://\(socket)", [.init("describe")], asUser: 65534) }
    }

    /// The bus's rules on the socket too: a sandboxed app (bwrap with a `/.flatpak-info`) reaching the
    /// endpoint over TCP loopback is found by its socket and refused until the permission store allows it.
    @Test(.enabled(if: DesktopPeers.available)) func aSandboxedClientNeedsTheDesktopsConsent() throws {
        let bus = try PrivateBus()
        let store = try PermissionStorePeer(bus: bus)
        defer { store.stop() }
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_CONSENT_TIMEOUT": "3"], bus: bus,
                                       arguments: ["--wyoming", "tcp://127.0.0.1:0"])
        defer { daemon.stop() }
        var address = ""
        _ = daemon.waitUntil(10) {
            address = daemon.logText.split(separator: "\n").first { $0.contains("listening on tcp://") }
                .map { String($0[$0.range(of: "tcp://")!.lowerBound...]) } ?? ""
            return !address.isEmpty
        }
        try #require(!address.isEmpty, "\(daemon.logText)")
        let sandbox = try SandboxedCaller(appID: "org.example.Voice", environment: daemon.environment).launcher(folder: daemon.home)
        let refused = try WyomingClient.exchange(address, [.init("transcript", ["text": "take a picture"])], launcher: sandbox)
        #expect(refused.first?.type == "error" && refused.first?.string("code") == "not-allowed", "\(refused.map(\.data))")
        #expect(refused.first?.string("text")?.contains("flatpak permission-set devices camera org.example.Voice yes") == true,
                "\(refused.map(\.data))")
        #expect(try daemon.property("LastTake") == "s \"\"", "no photo for the sandboxed app")

        try store.setCamera("org.example.Voice", ["yes"])
        let allowed = try WyomingClient.exchange(address, [.init("transcript", ["text": "take a picture"])], launcher: sandbox)
        #expect(allowed.first?.type == "handled", "\(allowed.map(\.data))")
        #expect(daemon.waitUntil(10) { (try? daemon.property("LastTake")) != "s \"\"" }, "allowed, it takes the photo")
    }

    @Test func undoByTranscriptAsksFirstAndTheNextTranscriptAnswers() throws {
        // An hour's UNDO window (the daemon's setting, which the question waits for): a loaded machine
        // cannot close it between the photo and the answers.
        let (daemon, socket) = try Self.unixDaemon(extraEnvironment: ["RETROCAM_UNDO_SECONDS": "3600"])
        defer { daemon.stop() }
        let photo = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        let path = try #require(photo.stdout.split(separator: "\"").first { $0.hasPrefix("/") }.map(String.init))
        let declined = try WyomingClient.exchange("unix://\(socket)", [
            .init("transcript", ["text": "undo that"]), .init("transcript", ["text": "no"]),
        ])
        #expect(declined.map { $0.string("text") ?? "" } == ["Move the last take to the Trash? Say yes or no.", "Cancelled: nothing done."])
        #expect(FileManager.default.fileExists(atPath: path))
        // The answer may come on another connection (a pipeline opens one per request).
        let asked = try WyomingClient.exchange("unix://\(socket)", [.init("transcript", ["text": "delete that"])])
        #expect(asked.first?.string("text")?.hasSuffix("Say yes or no.") == true)
        let confirmed = try WyomingClient.exchange("unix://\(socket)", [.init("transcript", ["text": "yes please"])])
        #expect(confirmed.first?.type == "handled")
        #expect(confirmed.first?.string("text") == "Moved the last take to the Trash.", "\(confirmed.first?.data ?? [:])")
        #expect(!FileManager.default.fileExists(atPath: path))
        let intentEvent = try WyomingClient.exchange("unix://\(socket)", [.init("intent", ["name": "Undo"])])
        #expect(intentEvent.first?.type == "not-handled", "an intent event cannot be confirmed, so Undo is refused")
    }

    @Test func badInputGetsErrorsAndTheDaemonCarriesOn() throws {
        let (daemon, socket) = try Self.unixDaemon()
        defer { daemon.stop() }
        // A malformed line is answered and the next line is read.
        let garbled = try RawWyomingSocket(unixPath: socket)
        garbled.send("{this is not json\n[1,2]\n{\"type\": 5}\n\n{\"type\":\"describe\"}\n{\"type\":\"no-such-event\"}\n")
        let answers = garbled.events(5)
        #expect(answers.map(\.type) == ["error", "error", "error", "info", "error"])
        #expect(answers.first?.data["code"] as? String == "malformed-event")
        #expect(answers.last?.data["code"] as? String == "unknown-event")
        // Lengths the endpoint will not read: an error, then the connection closes.
        for header in ["{\"type\":\"transcript\",\"data_length\":1000000000000}", "{\"type\":\"transcript\",\"data_length\":-1}",
                       "{\"type\":\"transcript\",\"data_length\":\"12\"}", "{\"type\":\"transcript\",\"payload_length\":99999999999}",
                       "{\"type\":\"transcript\",\"data_length\":true}"] {
            let raw = try RawWyomingSocket(unixPath: socket)
            raw.send(header + "\n")
            let reply = raw.events(1)
            #expect(reply.first?.data["code"] as? String == "bad-length", "\(header)")
            #expect(raw.isClosedByPeer(), "\(header)")
        }
        // A line of 200 KB with no newline.
        let long = try RawWyomingSocket(unixPath: socket)
        long.send(String(repeating: "x", count: 200_000))
        #expect(long.events(1).first?.data["code"] as? String == "line-too-long")
        #expect(long.isClosedByPeer())
        // A data block that is not an object, and one cut short by a half-close.
        let notObject = try RawWyomingSocket(unixPath: socket)
        notObject.send("{\"type\":\"transcript\",\"data_length\":2}\n[]")
        #expect(notObject.events(1).first?.data["code"] as? String == "malformed-event")
        let cut = try RawWyomingSocket(unixPath: socket)
        cut.send("{\"type\":\"transcript\",\"data_length\":50}\n{\"text\":")
        cut.finishSending()
        #expect(cut.events(1).first?.data["code"] as? String == "truncated")
        // Wrong field types.
        let wrongTypes = try RawWyomingSocket(unixPath: socket)
        wrongTypes.send("{\"type\":\"transcript\",\"data\":{\"text\":42}}\n{\"type\":\"recognize\",\"data\":[]}\n{\"type\":\"recognize\",\"data\":{\"text\":\"\"}}\n")
        let typed = wrongTypes.events(3)
        #expect(typed.map(\.type) == ["error", "error", "not-recognized"])
        // A huge utterance is refused like any other text.
        let huge = try RawWyomingSocket(unixPath: socket)
        let text = String(repeating: "take a picture ", count: 3000)
        huge.send("{\"type\":\"transcript\",\"data\":{\"text\":\"\(text)\"}}\n")
        #expect(huge.events(1).first?.type == "not-handled")
        #expect(try daemon.property("LastTake") == "s \"\"")
        #expect(daemon.answersPing())
    }

    @Test func halfClosedAndManySimultaneousClientsDoNotBlockTheBus() throws {
        let (daemon, socket) = try Self.unixDaemon()
        defer { daemon.stop() }
        // A client that sends and half-closes still gets its answer.
        let half = try RawWyomingSocket(unixPath: socket)
        half.send("{\"type\":\"transcript\",\"data_length\":33}\n{\"text\":\"set the degree to five\"}")
        half.finishSending()
        #expect(half.events(1).first?.data["text"] as? String == "Degree set to 5 of 12.")
        #expect(half.isClosedByPeer(), "the endpoint closes its side once the client's is closed")
        // Forty idle connections: the endpoint serves 32 and turns the rest away; the bus still answers.
        var idle: [RawWyomingSocket] = []
        for _ in 0..<40 { idle.append(try RawWyomingSocket(unixPath: socket)) }
        let busy = idle.suffix(8).filter { $0.events(1).first?.data["code"] as? String == "busy" }
        #expect(busy.count == 8)
        #expect(daemon.answersPing())
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "6"]).status == 0)
        idle.removeAll()
        // Once they are gone, new clients are served again, several at once.
        let results = Guarded<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let reply = try? WyomingClient.exchange("unix://\(socket)", [.init("recognize", ["text": "set the degree to \(index + 1)"])])
            results.withLock { $0.append(reply?.first?.type ?? "failed") }
        }
        #expect(results.withLock { $0 } == Array(repeating: "intent", count: 8))
        #expect(daemon.answersPing())
    }

    @Test func badAddressesAreUsageErrors() throws {
        for (address, message) in [("tcp://0.0.0.0:10700", "not a loopback address"), ("tcp://127.0.0.1", "needs a port"),
                                   ("tcp://127.0.0.1:70000", "is not a port"), ("unix://relative.sock", "absolute path"),
                                   ("http://127.0.0.1:1", "must start with tcp:// or unix://"), ("tcp://example.com:1", "not an IP address")] {
            let run = try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocamd").path,
                                            ["--wyoming", address, "--address", "unix:path=/nonexistent"], timeout: 20)
            #expect(run.status == 64, "\(address)")
            #expect(run.stderr.contains(message), "\(address): \(run.stderr)")
        }
    }
}

/// A value behind a lock (for results gathered from several threads).
final class Guarded<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
