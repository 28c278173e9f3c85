import Body
import Testing
@testable import Intents

@Suite struct CatalogTests {
    @Test func everyIntentIsListedWithItsParameterAndPhrases() {
        let names = CameraController.intents.map(\.name)
        #expect(names == ["StartClip", "PauseClip", "TakePhoto", "ToggleRecord", "SetDecade", "SetStyle", "SetDegree",
                          "SetMode", "SetExposure", "SetZoom", "SetFormat", "SetTimer", "SetAudio", "SetLight",
                          "ToggleLight", "FlipCamera", "Undo", "LastTake", "AdjustControl", "SetFacing", "SetDateImprint",
                          "InsertTape", "FactOfTheDay"])
        for intent in CameraController.intents {
            #expect(!intent.summary.isEmpty, "\(intent.name) has a summary")
            #expect(!intent.phrases.isEmpty, "\(intent.name) has phrases")
            if intent.name.hasPrefix("Set") {
                #expect(intent.parameters.map(\.name) == ["value"])
                #expect(intent.parameters.first?.type == "s")
                #expect(intent.parameters.first?.choices.isEmpty == false)
            } else if intent.name == "AdjustControl" {
                #expect(intent.parameters.map(\.name) == ["control", "steps"])
                #expect(intent.parameters.first?.choices == ["decade", "style", "degree", "exposure", "zoom"])
            } else {
                #expect(intent.parameters.isEmpty)
            }
        }
    }

    @Test func choicesResolveToThemselves() async throws {
        for intent in CameraController.intents where intent.name.hasPrefix("Set") && intent.name != "SetStyle" && intent.name != "SetFormat" {
            for choice in intent.parameters.first?.choices ?? [] {
                let controller = await makeController()
                let result = try await controller.resolve(intent.name, ["value": .string(choice)])
                #expect(result.value != nil, "\(intent.name) \(choice)")
            }
        }
        let decades = CameraController.intents.first { $0.name == "SetDecade" }?.parameters.first?.choices
        #expect(decades?.first == "1900s")
        #expect(decades?.last == "2020s")
    }

    @Test func templatesParse() {
        let template = TemplateExpression.parse("zoom [to | in to] {zoom}")
        #expect(template == .sequence([.word("zoom"), .alternative([.word("to"), .sequence([.word("in"), .word("to")])],
                                                                   optional: true), .slot(.zoom)]))
        let grammar = VoiceGrammar([VoiceSentence(.setZoom, "zoom [to | in to] {zoom}")])
        #expect(grammar.candidates(["zoom", "in", "to", "3"]).first?.slot?.range == 3..<4)
        #expect(grammar.candidates(["zoom"]).isEmpty)
    }

    @Test(arguments: [("seven", 7.0), ("twenty-two", 22), ("ninety nine", 99), ("+1", 1), ("-0.5", -0.5),
                      ("minus one point five", -1.5), ("\u{2212}2", -2), ("point five", 0.5), ("one and a half", 1.5),
                      ("zero", 0), ("plus 2", 2), (".5", 0.5)])
    func spokenNumbers(_ said: String, _ expected: Double) {
        #expect(SpokenNumber.parse(said) == expected)
    }

    @Test(arguments: ["", "nan", "inf", "0x10", "1e5", "seven hundred", "minus", "one point", "twenty zero"])
    func notNumbers(_ said: String) {
        #expect(SpokenNumber.parse(said) == nil)
    }
}
