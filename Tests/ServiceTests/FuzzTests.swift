import DBus
import RetrocamTesting
import Foundation
import Testing

/// Calls every method the live daemon publishes (read from its introspection XML) with random
/// signatures and values from a seeded generator: every call gets a result or a named error
/// (no timeout, no crash), and the daemon still answers Ping afterwards.
///
/// A short run by default; `RETROCAM_FUZZ_CALLS=20000` for a long one, `RETROCAM_FUZZ_SEED` to
/// replay a run, `RETROCAM_FUZZ_TRACE=1` to print every call.
@Suite(.serialized) struct FuzzTests {
    static var calls: Int { Int(ProcessInfo.processInfo.environment["RETROCAM_FUZZ_CALLS"] ?? "") ?? 600 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["RETROCAM_FUZZ_SEED"] ?? "") ?? 0x5EED_CA3E }

    /// Error names that mean the daemon did not answer properly.
    static let unanswered: Set<String> = [
        DBusError.Names.noReply, DBusError.Names.timeout, DBusError.Names.serviceUnknown,
        DBusError.Names.nameHasNoOwner, "org.freedesktop.DBus.Error.Disconnected",
    ]

    @Test func everyPublishedMethodAnswersRandomCallsWithAResultOrANamedError() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        let methods = try Self.publishedMethods(connection)
        #expect(methods.count >= 30, "introspection listed only \(methods.map(\.name))")
        var random = SeededGenerator(seed: Self.seed)
        var answered = 0, refused = 0
        var called: Set<String> = []
        for number in 0..<Self.calls {
            // Every method once in turn, then at random.
            let method = number < methods.count ? methods[number] : methods.randomElement(using: &random)!
            let args = FuzzValues.arguments(for: method, using: &random)
            let label = "call \(number) (seed \(Self.seed)): \(method.interface).\(method.name)\(Value.signature(of: args))"
            called.insert("\(method.interface).\(method.name)")
            if ProcessInfo.processInfo.environment["RETROCAM_FUZZ_TRACE"] != nil {
                FileHandle.standardError.write(Data("\(label) \(args.map { "\($0)".prefix(80) })\n".utf8))
            }
            do {
                _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: method.interface, method: method.name, args, timeout: .seconds(20))
                answered += 1
            } catch let error as DBusError {
                refused += 1
                #expect(!Self.unanswered.contains(error.name), "\(label) was not answered: \(error)")
                #expect(!error.name.isEmpty && error.name.contains("."), "\(label): unnamed error \(error)")
                #expect(!error.message.contains("Fatal error") && !error.message.contains("crash"),
                        "\(label): \(error)")
                if Self.unanswered.contains(error.name) { break }
            }
        }
        #expect(called.count == methods.count)
        #expect(answered > 0 && refused > 0, "answered \(answered), refused \(refused)")
        let alive = daemon.answersPing()
        if !alive {
            // A crashing daemon is still running while it writes its crash report; let it finish,
            // and keep the whole log beside the temporary home, which stop() removes.
            _ = daemon.waitForExit(timeout: 15)
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-fuzz-seed-\(Self.seed).log")
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: daemon.logURL, to: kept)
            Issue.record("retrocamd stopped answering (log kept at \(kept.path)): \(daemon.logText.prefix(3000))")
        }
        #expect(daemon.process.isRunning)
        #expect(!daemon.logText.contains("Fatal error"), "\(daemon.logText.suffix(2000))")
    }

    /// Every method the live daemon publishes, read from its introspection XML.
    static func publishedMethods(_ connection: Connection) throws -> [PublishedMethod] {
        let xml = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                          interface: "org.freedesktop.DBus.Introspectable", method: "Introspect", [])
        return PublishedMethod.parse(xml.first?.stringValue ?? "")
    }
}
