import Body
import Testing
@testable import Intents

@Suite struct CatalogTests {
    @Test func everyIntentIsListedWithItsParameterAndPhrases() {
        let names = CameraController.intents.map(\.name)
        #expect(names == ["StartClip", "PauseClip", "TakePhoto", "ToggleRecord", "SetDecade", "SetStyle", "SetDegree",
                          "SetMode", "SetExposure", "SetZoom", "SetFormat", "SetTimer", "SetAudio", "SetLight",
                          "ToggleLight", "FlipCamera", "Undo", "LastTake", "AdjustControl", "SetFacing", "SetDateImprint",
                          "InsertTape", "FactOfTheDay", "StartVirtualCamera", "StopVirtualCamera", "ToggleVirtualCamera"])
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

    /// The choices ListIntents offers are the controls' real values, as DESIGN.md's table has them.
    @Test func theChoicesAreTheControlsValues() throws {
        func choices(_ name: String) -> [String] {
            CameraController.intents.first { $0.name == name }?.parameters.first?.choices ?? []
        }
        #expect(choices("SetDecade") == (1900...2020).filter { $0 % 10 == 0 }.map { "\($0)s" })
        #expect(choices("SetDegree") == (1...12).map(String.init))
        #expect(choices("SetMode") == ["Cine", "Still"])
        #expect(choices("SetExposure") == ["-2", "-1.5", "-1", "-0.5", "0", "+0.5", "+1", "+1.5", "+2"])
        #expect(choices("SetZoom") == ["1.0x", "1.5x", "2.0x", "2.5x", "3.0x", "3.5x", "4.0x"])
        #expect(choices("SetFormat") == ["4:3", "16:9", "2.39:1"])
        #expect(choices("SetTimer") == ["Off", "3", "10"])
        #expect(choices("SetAudio") == ["Off", "Mono", "Stereo"])
        #expect(choices("SetLight") == ["On", "Off"] && choices("SetDateImprint") == ["On", "Off"])
        #expect(choices("SetFacing") == ["back", "front"])
        let styles = choices("SetStyle")
        #expect(styles.contains("Film noir") && styles.contains("Super 8") && styles.count == Set(styles).count, "\(styles)")
    }

    /// Each choice, said back, resolves to that very value (not merely to some value).
    @Test func choicesResolveToThemselves() async throws {
        var cine = CameraBody()
        cine.setMode(.cine)
        for intent in CameraController.intents where intent.name.hasPrefix("Set") && intent.name != "SetStyle" {
            for choice in intent.parameters.first?.choices ?? [] {
                let controller = await makeController(body: intent.name == "SetFormat" ? cine : CameraBody())
                let result = try await controller.resolve(intent.name, ["value": .string(choice)])
                #expect(Self.said(result.value, by: intent.name) == choice, "\(intent.name) \(choice) → \(String(describing: result.value))")
            }
        }
    }

    /// A resolved value in the words ListIntents uses for it.
    static func said(_ value: ParameterValue?, by intent: String) -> String? {
        switch (intent, value) {
        case ("SetExposure", .double(let ev)?): return Spoken.exposureNumber(ev)
        case ("SetZoom", .double(let factor)?): return Spoken.zoom(factor)
        case ("SetTimer", .int(0)?): return "Off"
        case (_, .bool(let on)?): return Spoken.onOff(on)
        case (_, .int(let number)?): return String(number)
        case (_, .string(let text)?): return text
        default: return nil
        }
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
