import Foundation
@testable import Intents

/// How Interpret (or another matcher) did on a corpus: commands right, missed (refused) or wrong
/// (another intent or value), refusals refused or wrongly taken as commands.
struct CorpusScore: CustomStringConvertible {
    /// What one line came to.
    enum Outcome: Equatable {
        case right, missed, wrong
    }

    var commands = 0, commandsRight = 0, commandsMissed = 0, commandsWrong = 0
    var refusals = 0, refusalsRight = 0, refusalsWrong = 0
    /// Lines that were not right, with what came out.
    var failures: [(line: CorpusLine, got: String)] = []

    /// The share of commands understood, in percent.
    var commandRate: Double { commands == 0 ? 100 : Double(commandsRight) / Double(commands) * 100 }
    /// The share of refusals refused, in percent.
    var refusalRate: Double { refusals == 0 ? 100 : Double(refusalsRight) / Double(refusals) * 100 }

    /// Counts one line: `got` is the intents and rendered values, or nil for a refusal.
    mutating func add(_ line: CorpusLine, got: (intents: [String], values: [String])?) {
        let outcome: Outcome
        if line.isRefusal {
            refusals += 1
            outcome = got == nil ? .right : .wrong
            if outcome == .right { refusalsRight += 1 } else { refusalsWrong += 1 }
        } else {
            commands += 1
            if let got {
                outcome = got.intents == line.expected && got.values == line.values ? .right : .wrong
            } else {
                outcome = .missed
            }
            switch outcome {
            case .right: commandsRight += 1
            case .missed: commandsMissed += 1
            case .wrong: commandsWrong += 1
            }
        }
        if outcome != .right {
            let text = got.map { zip($0.intents, $0.values).map { "\($0) \($1)" }.joined(separator: " + ") } ?? "refused"
            failures.append((line, text))
        }
    }

    var description: String {
        "commands \(commandsRight)/\(commands) (\(Self.percent(commandRate))), missed \(commandsMissed), wrong \(commandsWrong); "
            + "refusals \(refusalsRight)/\(refusals) (\(Self.percent(refusalRate))), taken as commands \(refusalsWrong)"
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }

    /// Two scores as one.
    static func + (lhs: CorpusScore, rhs: CorpusScore) -> CorpusScore {
        var sum = lhs
        sum.commands += rhs.commands; sum.commandsRight += rhs.commandsRight
        sum.commandsMissed += rhs.commandsMissed; sum.commandsWrong += rhs.commandsWrong
        sum.refusals += rhs.refusals; sum.refusalsRight += rhs.refusalsRight; sum.refusalsWrong += rhs.refusalsWrong
        sum.failures += rhs.failures
        return sum
    }

    /// Runs every line through `interpret` (not performed) on a camera fresh from the factory.
    static func interpret(_ lines: [CorpusLine]) async -> CorpusScore {
        var score = CorpusScore()
        for line in lines {
            let controller = await makeController()
            let got: (intents: [String], values: [String])?
            do {
                let commands = try await controller.interpret(line.said, perform: false).commands
                got = (commands.map(\.intent), commands.map { VoiceCorpus.rendered($0.slots) })
            } catch {
                got = nil
            }
            score.add(line, got: got)
        }
        return score
    }
}
