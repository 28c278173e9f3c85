import DBus
import RetrocamTesting
import Testing

/// One name and whether the specification accepts it.
struct NameCase: Sendable, CustomTestStringConvertible {
    let text: String
    let valid: Bool
    var testDescription: String { "\(valid ? "good" : "bad") \(TestText.shown(text))" }
}

@Suite struct NameValidationTests {
    static let objectPaths: [NameCase] = [
        .init(text: "/", valid: true),
        .init(text: "/org/retrocam/Camera", valid: true),
        .init(text: "/a_b/C9/_x", valid: true),
        .init(text: "", valid: false),
        .init(text: "org/retrocam", valid: false),
        .init(text: "//", valid: false),
        .init(text: "/a//b", valid: false),
        .init(text: "/a/", valid: false),
        .init(text: "/a-b", valid: false),
        .init(text: "/a.b", valid: false),
        .init(text: "/é", valid: false),
    ]

    static let busNames: [NameCase] = [
        .init(text: "org.retrocam.Camera", valid: true),
        .init(text: "org.example-name.x_y", valid: true),
        .init(text: ":1.42", valid: true),
        .init(text: ":1.0.3", valid: true),
        .init(text: "a.b", valid: true),
        .init(text: "", valid: false),
        .init(text: "org", valid: false),
        .init(text: "org..example", valid: false),
        .init(text: ".org.example", valid: false),
        .init(text: "org.example.", valid: false),
        .init(text: "org.1example", valid: false),
        .init(text: "org.exa mple", valid: false),
        .init(text: ":1", valid: false),
        .init(text: String(repeating: "a.", count: 128) + "b", valid: false),
    ]

    static let interfaceNames: [NameCase] = [
        .init(text: "org.retrocam.Camera1", valid: true),
        .init(text: "org.freedesktop.DBus.Properties", valid: true),
        .init(text: "_a._b", valid: true),
        .init(text: "org", valid: false),
        .init(text: "org.example-x", valid: false),
        .init(text: "org.9x", valid: false),
        .init(text: "org..x", valid: false),
        .init(text: ":1.2", valid: false),
        .init(text: "", valid: false),
    ]

    static let memberNames: [NameCase] = [
        .init(text: "StartClip", valid: true),
        .init(text: "_private2", valid: true),
        .init(text: "", valid: false),
        .init(text: "9Lives", valid: false),
        .init(text: "Set.Decade", valid: false),
        .init(text: "Set-Decade", valid: false),
        .init(text: String(repeating: "x", count: 256), valid: false),
    ]

    static let errorNames: [NameCase] = [
        .init(text: "org.retrocam.Error.Unsupported", valid: true),
        .init(text: "org.freedesktop.DBus.Error.InvalidArgs", valid: true),
        .init(text: "Unsupported", valid: false),
        .init(text: "org.retrocam.Error.", valid: false),
        .init(text: "org.retrocam.Error.Not-Allowed", valid: false),
    ]

    @Test(arguments: objectPaths) func objectPath(_ c: NameCase) {
        #expect(((try? ObjectPath(c.text)) != nil) == c.valid)
    }

    @Test(arguments: busNames) func busName(_ c: NameCase) {
        #expect(((try? BusName(c.text)) != nil) == c.valid)
    }

    @Test(arguments: interfaceNames) func interfaceName(_ c: NameCase) {
        #expect(((try? InterfaceName(c.text)) != nil) == c.valid)
    }

    @Test(arguments: memberNames) func memberName(_ c: NameCase) {
        #expect(((try? MemberName(c.text)) != nil) == c.valid)
    }

    @Test(arguments: errorNames) func errorName(_ c: NameCase) {
        #expect(((try? ErrorName(c.text)) != nil) == c.valid)
    }

    @Test func invalidNameThrowsInvalidArgsWithASentence() {
        #expect(throws: DBusError.self) { try ObjectPath("//") }
        do {
            _ = try ObjectPath("/a//b")
        } catch let error as DBusError {
            #expect(error.name == DBusError.Names.invalidArgs)
            #expect(error.message.contains("/a//b"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func objectPathElements() throws {
        #expect(try ObjectPath("/org/retrocam/Camera").elements == ["org", "retrocam", "Camera"])
        #expect(ObjectPath.root.elements.isEmpty)
    }
}
