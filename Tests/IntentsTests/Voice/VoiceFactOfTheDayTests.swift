import Body
import Foundation
import Testing
@testable import Intents

/// The fact of the day comes from the decade on the wheel and stays the same all day.
@Suite struct VoiceFactOfTheDayTests {
    @Test func aFactOfTheCurrentDecadeTheSameAllDay() async throws {
        let controller = await makeController()
        let morning = Date(timeIntervalSince1970: 20_000 * 86_400 + 60)
        let evening = morning.addingTimeInterval(23 * 3600)
        let fact = await controller.factOfTheDay(on: morning)
        #expect(fact == (await controller.factOfTheDay(on: evening)))
        let decade = await controller.body.decade
        guard case .string(let text)? = fact.value else { Issue.record("no fact in \(fact)"); return }
        #expect(decade.facts.contains(text))
        #expect(fact.dialog == "Fact of the day: \(text)")
        #expect(fact.extra["decade"] == .string(decade.name))
        let tomorrow = await controller.factOfTheDay(on: morning.addingTimeInterval(86_400))
        #expect(tomorrow != fact || decade.facts.count == 1)
    }

    @Test func followsTheWheel() async throws {
        let controller = await makeController()
        _ = try await controller.perform("SetDecade", ["value": .string("1920s")])
        let fact = await controller.factOfTheDay()
        #expect(fact.extra["decade"] == .string("1920s"))
        guard case .string(let text)? = fact.value else { Issue.record("no fact"); return }
        #expect(Catalog.standard.decade(year: 1920)?.facts.contains(text) == true)
    }
}
