import Testing
@testable import Listening
@testable import Intents

@Suite struct GrammarTests {
    @Test func placeholder() { #expect(Bool(true)) }
}
