import DBus
import RetrocamTesting
import Testing

@Suite struct SignatureTests {
    static let valid: [TextCase] = ["", "s", "ybnqiuxtdsogvh", "as", "a{sv}", "a(ssss)", "aai", "a{sa{sv}}", "(i(ss)v)", "a{oa{sa{sv}}}", "sa{sv}as",
                        TextCase(String(repeating: "a", count: 32) + "i"),
                        TextCase(String(repeating: "(", count: 32) + "i" + String(repeating: ")", count: 32))]
    static let invalid: [TextCase] = ["a", "a{", "a{sv", "{sv}", "a{vs}", "a{(i)s}", "a{sii}", "()", "(i", "i)", "z", "a{s}",
                          TextCase(String(repeating: "a", count: 33) + "i"),
                          TextCase(String(repeating: "(", count: 33) + "i" + String(repeating: ")", count: 33)),
                          TextCase(String(repeating: "i", count: 256))]

    @Test(arguments: valid) func acceptsValid(_ signature: TextCase) throws {
        #expect(try Signature(signature.text).rawValue == signature.text)
    }

    @Test(arguments: invalid) func rejectsInvalid(_ signature: TextCase) {
        #expect(throws: DBusError.self) { try Signature(signature.text) }
    }

    @Test func invalidSignatureErrorNamesTheProblem() {
        do {
            let text = "a{vs}"
            _ = try Signature(text)
            Issue.record("a{vs} was accepted")
        } catch let error as DBusError {
            #expect(error.name == DBusError.Names.invalidSignature)
            #expect(error.message.contains("basic type"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Parsed signatures are kept and the store is cleared when full: many made-up signatures later, a bad one is
    /// still refused and a good one still splits as it should.
    @Test func aBadSignatureIsRefusedAfterManyGoodOnes() throws {
        for count in 1...300 { _ = try Signature(String(repeating: "i", count: count % 250 + 1)) }
        let bad = "a{vs}", good = "a{sv}i"
        for _ in 0..<3 { #expect(throws: DBusError.self) { try Signature(bad) } }
        for _ in 0..<2 { #expect(try Signature(good).completeTypes.map(\.rawValue) == ["a{sv}", "i"]) }
    }

    @Test func splitsIntoCompleteTypes() throws {
        let several: Signature = "a{sv}i(ss)", one: Signature = "a{sv}", two: Signature = "ii"
        #expect(several.completeTypes.map(\.rawValue) == ["a{sv}", "i", "(ss)"])
        #expect(one.isSingleCompleteType)
        #expect(!two.isSingleCompleteType)
    }

    @Test func valueSignatures() {
        #expect(Value.int32(1).signature == "i")
        #expect(Value.stringDict(["a": .bool(true)]).signature == "a{sv}")
        #expect(Value.array("(ssss)", []).signature == "a(ssss)")
        #expect(Value.structure([.string("a"), .variant(.byte(1))]).signature == "(sv)")
        #expect(Value.signature(of: [.string("a"), .int32(2)]) == "si")
    }

    /// `Value.values(_:have:)` answers as comparing `Value.signature(of:)` would, for every value and signature here.
    @Test func valuesHaveASignatureExactlyWhenTheirTextIsIt() throws {
        let bodies: [[Value]] = [
            [], [.int32(1)], [.string("a"), .int32(2)], [.stringDict(["a": .bool(true)])], [.array("(ssss)", [])],
            [.structure([.string("a"), .variant(.byte(1))])], [.structure([.string("a"), .structure([.int32(1)])])],
            [.array("as", [])], [.dictionary(key: "s", value: "a{sv}", [])], [.variant(.strings(["x"]))], [.unixFD(-1)],
            [.objectPath(try ObjectPath("/a")), .signature("a{sv}")],
        ]
        let signatures: [Signature] = ["", "i", "si", "is", "a{sv}", "a{ss}", "a(ssss)", "a(ss)", "(sv)",
                                       "(s(i))", "(s(u))", "(si)", "aas", "as", "a{sa{sv}}", "v", "h", "og", "a{sv}i"]
        for body in bodies {
            for signature in signatures {
                #expect(Value.values(body, have: signature) == (Value.signature(of: body) == signature),
                        "\(body) against \"\(signature)\"")
            }
        }
        // An array whose element signature is not one complete type has none (the encoder refuses it).
        #expect(!Value.values([.array("ss", [])], have: "a(ss)"))
    }

    @Test func convenienceAccessors() {
        let dict = Value.stringDict(["dialog": "Recording.", "value": .int32(7), "ok": true, "ratio": 2.5])
        let decoded = dict.variantDictionary
        #expect(decoded?["dialog"]?.stringValue == "Recording.")
        #expect(decoded?["value"]?.int32Value == 7)
        #expect(decoded?["ok"]?.boolValue == true)
        #expect(decoded?["ratio"]?.doubleValue == 2.5)
        #expect(Value("x") == .string("x"))
        #expect(Value.variant(.variant(.string("deep"))).stringValue == "deep")
        #expect(Value.strings(["a", "b"]).stringArray == ["a", "b"])
    }
}
