import Body
import CommandLineOptions
import DBus
import Foundation
import Intents

/// Every command of the client, in the order help lists them.
let commandTable: [Command] = [
    intentCommand("photo", .takePhoto),
    Command(name: "clip", operands: "start|pause|toggle", summary: "Start or pause a clip", arity: 1...1,
            choices: [["start", "pause", "toggle"]]) {
        let intents: [String: IntentName] = ["start": .startClip, "pause": .pauseClip, "toggle": .toggleRecord]
        guard let intent = intents[$0.operands[0].lowercased()] else {
            throw UsageError("clip takes start, pause or toggle, not '\($0.operands[0])'.")
        }
        return .result(try await $0.client.intent(intent))
    },
    intentCommand("record", .toggleRecord),
    Command(name: "set", operands: "\(settableControls.joined(separator: "|")) VALUE",
            summary: "Set a control; VALUE is said loosely (seventies, 2x, ten seconds)", arity: 2...64,
            choices: [settableControls]) {
        let control = $0.operands[0].lowercased()
        guard let intent = IntentName.settable.first(where: { $0.control == control })?.intent else {
            throw UsageError("set takes one of \(settableControls.joined(separator: ", ")), not '\(control)'.")
        }
        let value = $0.operands.dropFirst().joined(separator: " ")
        return .result(try await $0.client.intent(intent, [.string(value)]))
    },
    Command(name: "light", operands: "[toggle|on|off]", summary: "The LIGHT/FLASH button", arity: 0...1,
            choices: [["toggle", "on", "off"]]) {
        let word = $0.operands.first?.lowercased() ?? "toggle"
        if word == "toggle" { return .result(try await $0.client.intent(.toggleLight)) }
        return .result(try await $0.client.intent(.setLight, [.string(word)]))
    },
    intentCommand("flip", .flipCamera),
    intentCommand("undo", .undo),
    intentCommand("last-take", .lastTake),
    Command(name: "describe", operands: "CONTROL", summary: "What a screen reader says for a control", arity: 1...1,
            choices: [controlIDs]) {
        .text(try await $0.client.cameraCall("Describe", [.string($0.operands[0])]).first?.stringValue ?? "")
    },
    Command(name: "adjust", operands: "CONTROL STEPS", summary: "Swipe a dial up (+N) or down (-N); EXPOSURE stops at ±2",
            arity: 2...2, choices: [controlIDs]) {
        let count = try steps($0.operands[1], for: "adjust")
        return .text(try await $0.client.cameraCall("Adjust", [.string($0.operands[0]), .int32(count)]).first?.stringValue ?? "")
    },
    Command(name: "rock", operands: "zoom|exposure STEPS",
            summary: "Press the ZOOM or EXPOSURE rocker on the body (+N/-N); EXPOSURE wraps past ±2", arity: 2...2,
            choices: [["zoom", "exposure"]]) {
        let count = try steps($0.operands[1], for: "rock")
        return .text(try await $0.client.cameraCall("Rock", [.string($0.operands[0]), .int32(count)]).first?.stringValue ?? "")
    },
    Command(name: "activate", operands: "CONTROL", summary: "Double tap a button or switch", arity: 1...1,
            choices: [controlIDs]) {
        .text(try await $0.client.cameraCall("Activate", [.string($0.operands[0])]).first?.stringValue ?? "")
    },
    Command(name: "shutter", operands: "press|release|click",
            summary: "The hardware shutter: CINE press toggles, STILL shoots on release", arity: 1...1,
            choices: [["press", "release", "click"]]) {
        let phase = $0.operands[0].lowercased()
        if phase == "click" {
            _ = try await $0.client.cameraCall("Shutter", [.string("press")])
            return shutterOutput(try await $0.client.cameraCall("Shutter", [.string("release")]))
        }
        return shutterOutput(try await $0.client.cameraCall("Shutter", [.string(phase)]))
    },
    Command(name: "controls", operands: "", summary: "Every control: id, name, value, hint", arity: 0...0) {
        let rows = try await $0.client.cameraCall("ListControls").first?.arrayValues ?? []
        return .rows(header: ["id", "name", "value", "hint"],
                     rows.map { ($0.structureFields ?? []).map { $0.stringValue ?? "" } })
    },
    Command(name: "intents", operands: "", summary: "Every intent with its parameters and phrases", arity: 0...0) {
        let reply = try await $0.client.intents.call("ListIntents", [], timeout: $0.client.timeout)
        return .rows(header: ["name", "summary", "parameters", "phrases"], (reply.first?.arrayValues ?? []).map(intentRow))
    },
    Command(name: "perform", operands: "INTENT [KEY=VALUE...]", summary: "Perform any intent by name", arity: 1...64) {
        .result(try await $0.client.intent(method: "Perform", [.string($0.operands[0]), try parameters($0.operands.dropFirst())]))
    },
    Command(name: "resolve", operands: "INTENT [KEY=VALUE...]", summary: "Resolve an intent's parameters, perform nothing",
            arity: 1...64) {
        .result(try await $0.client.intent(method: "Resolve", [.string($0.operands[0]), try parameters($0.operands.dropFirst())]))
    },
    Command(name: "say", operands: "UTTERANCE...", summary: "Say a command in words and perform it", arity: 1...256) {
        .result(try await $0.client.intent(method: "Interpret", [.string($0.operands.joined(separator: " ")), .bool(true)]))
    },
    Command(name: "interpret", operands: "UTTERANCE...", summary: "Show what an utterance means, perform nothing",
            arity: 1...256) {
        .result(try await $0.client.intent(method: "Interpret", [.string($0.operands.joined(separator: " ")), .bool(false)]))
    },
    Command(name: "status", operands: "[-F|--follow] [-f|--format TEMPLATE|waybar] [--json]",
            summary: "The camera's state; --follow prints again when it changes; --format waybar for status bars",
            arity: 0...0) {
        if $0.arguments.follow { try await Follow.run($0) }
        return .properties(try await $0.client.properties())
    },
    virtualCameraCommand,
] + voiceCommands + listenCommands + shortcutCommands + automationCommands + documentationCommands

/// The controls `set` can change: the Set* intents of the catalog, by their control word.
let settableControls = IntentName.settable.map(\.control)

/// A command that performs one intent that takes no parameters; its help is the catalog's summary
/// (help lines end without a full stop).
func intentCommand(_ name: String, _ intent: IntentName) -> Command {
    let summary = intent.summary.hasSuffix(".") ? String(intent.summary.dropLast()) : intent.summary
    return Command(name: name, operands: "", summary: summary, arity: 0...0) { .result(try await $0.client.intent(intent)) }
}

/// The ids `describe`, `adjust` and `activate` take (`retrocam controls` lists them with their names).
let controlIDs = ControlID.allCases.map(\.rawValue)

/// A whole number of steps (`+1`, `-2`), or a usage error naming the command.
func steps(_ word: String, for command: String) throws -> Int32 {
    guard let steps = Int32(word) else {
        throw UsageError("\(command) takes a whole number of steps such as +1 or -2, not '\(word)'.")
    }
    return steps
}

/// `KEY=VALUE` operands as an `a{sv}` of strings (the daemon resolves them).
func parameters(_ operands: ArraySlice<String>) throws -> Value {
    var entries: [(String, Value)] = []
    for operand in operands {
        let parts = operand.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw UsageError("Parameters are KEY=VALUE, such as value=seventies, not '\(operand)'.")
        }
        entries.append((parts[0], .string(parts[1])))
    }
    return .orderedStringDict(entries)
}

/// `Shutter` answers an `a{sv}` with a dialog.
private func shutterOutput(_ reply: [Value]) -> Output {
    .result(reply.first?.variantDictionary ?? [:])
}

/// One `ListIntents` row `(ssa(ssas)as)` as columns.
private func intentRow(_ row: Value) -> [String] {
    let fields = row.structureFields ?? []
    guard fields.count == 4 else { return [row.description] }
    let parameters = (fields[2].arrayValues ?? []).map { parameter -> String in
        let p = parameter.structureFields ?? []
        let choices = p.count > 2 ? (p[2].stringArray ?? []) : []
        let name = p.first?.stringValue ?? "?"
        return choices.isEmpty ? name : "\(name)=\(choices.joined(separator: "|"))"
    }
    return [fields[0].stringValue ?? "", fields[1].stringValue ?? "", parameters.joined(separator: " "),
            (fields[3].stringArray ?? []).joined(separator: "; ")]
}
