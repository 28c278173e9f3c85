import Body
import Testing
@testable import Intents

/// The control table names real intents, and the resolver reads every value word of the table as the
/// value it stands for.
@Suite struct ControlTableIntentsTests {
    @Test(arguments: ControlID.allCases)
    func aRowsIntentsAreIntentsOfTheCatalog(_ id: ControlID) throws {
        let intents = id.row.intents
        for name in [intents.set, intents.press, intents.adjust].compactMap({ $0 }) {
            #expect(IntentName(rawValue: name) != nil, "\(id): \(name) is an intent")
        }
        if let set = intents.set { #expect(try #require(IntentName(rawValue: set)).setting != nil, "\(set) sets a value") }
    }

    @Test func everySettingHasItsRowOrMenuRow() {
        for kind in SettingKind.allCases {
            #expect((kind.row == nil) == (kind == .dateImprint), "\(kind)")
            #expect(!kind.voice.values.isEmpty || kind == .style, "\(kind) lists its values")
        }
    }

    @Test func theBusTakesTheEndsOfEveryNumericControl() {
        let resolver = SlotRecognizer.neutralResolver
        #expect((try? resolver.resolve(.exposure, .string("max"))) == .exposure(2))
        #expect((try? resolver.resolve(.exposure, .string("minimum"))) == .exposure(-2))
        #expect((try? resolver.resolve(.zoom, .string("max"))) == .zoom(4))
        #expect((try? resolver.resolve(.degree, .string("lowest"))) == .degree(1))
    }
}
