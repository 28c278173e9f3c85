import BusNames
import DBus
import Foundation
import RetrocamTesting
import Testing

/// Every published method answers whatever its typed arguments hold — megabyte strings, ten thousand
/// dictionary entries or array elements, variants nested as deep as the wire allows — with a result or a
/// named error whose sentence stays short, and the calls are still answered in order behind it. (How fast
/// is for `scripts/bench`; here the slowest answer is only printed.)
@Suite(.serialized) struct BoundedAnswersTests {
    /// A variant nested `depth` times around a string.
    static func nested(_ depth: Int) -> Value {
        (0..<depth).reduce(Value.string("seventies")) { inner, _ in .variant(inner) }
    }

    /// A value of `signature` at its largest: strings of 1 MB, 10,000 entries, deep variants.
    static func huge(_ signature: String) -> Value? {
        let megabyte = String(repeating: "seventies ", count: 100_000)
        switch signature {
        case "s": return .string(megabyte)
        case "i": return .int32(.max)
        case "b": return .bool(true)
        case "a{sv}":
            return .stringDict(Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("value\($0)", Value.string("seventies")) }
                                          + [("value", Self.nested(60))]))
        case "as": return .strings(Array(repeating: megabyte.prefix(100).description, count: 10_000))
        default: return nil
        }
    }

    @Test func everyMethodAnswersItsLargestArgumentsWithAShortSentence() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        let methods = try FuzzTests.publishedMethods(connection).filter { !$0.inputs.isEmpty }
        #expect(methods.count >= 20, "introspection listed only \(methods.map(\.name))")
        var slowest: (seconds: Double, method: String) = (0, "")
        for method in methods {
            let args = method.inputs.map(\.rawValue).compactMap(Self.huge)
            guard args.count == method.inputs.count else { continue }
            let started = Date()
            do {
                _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: method.interface, method: method.name, args, timeout: .seconds(20))
            } catch let error as DBusError {
                #expect(!FuzzTests.unanswered.contains(error.name), "\(method.name) was not answered: \(error.name)")
                #expect(error.message.count < 1000, "\(method.name) echoed its input: \(error.message.count) characters")
            }
            let seconds = Date().timeIntervalSince(started)
            if seconds > slowest.seconds { slowest = (seconds, method.name) }
            // The call behind it is answered: nothing was left holding the lane.
            #expect(try daemon.property("Decade").hasPrefix("s \""), "after \(method.name)")
        }
        print("largest arguments: the slowest answer took \(Int(slowest.seconds * 1000)) ms (\(slowest.method))")
        #expect(daemon.answersPing())
        #expect(!daemon.logText.contains("Fatal error"), "\(daemon.logText.suffix(2000))")
    }

    @Test func deepVariantsAndManyParametersAreRefusedWithASentence() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        let many = Value.stringDict(Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("p\($0)", Value.string("x")) }))
        for (name, params, expected) in [
            ("SetDecade", Value.stringDict(["value": Self.nested(60)]), BusContract.ErrorName.unsupported.name),
            ("SetDecade", many, DBusError.Names.invalidArgs),
            ("TakePhoto", many, DBusError.Names.invalidArgs),
        ] {
            do {
                _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: DaemonHarness.intents, method: "Perform", [.string(name), params],
                                            timeout: .seconds(20))
                if expected != BusContract.ErrorName.unsupported.name { Issue.record("Perform \(name) accepted \(params.signature)") }
            } catch let error as DBusError {
                #expect(error.name == expected || expected == BusContract.ErrorName.unsupported.name,
                        "Perform \(name): \(error.name) \(error.message.prefix(200))")
                #expect(error.message.count < 1000, "Perform \(name) listed everything it was sent: \(error.message.count) characters")
            }
        }
        #expect(daemon.answersPing())
    }
}
