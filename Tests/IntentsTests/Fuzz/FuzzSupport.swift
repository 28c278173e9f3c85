import Foundation
import RetrocamTesting

/// Fuzz run sizes: short by default, long with `RETROCAM_FUZZ_CALLS`; `RETROCAM_FUZZ_SEED` replays a run.
enum FuzzRun {
    static func count(default fallback: Int) -> Int {
        Int(ProcessInfo.processInfo.environment["RETROCAM_FUZZ_CALLS"] ?? "") ?? fallback
    }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["RETROCAM_FUZZ_SEED"] ?? "") ?? 0xF022_5EED }
}

/// Mutations of valid inputs: byte flips, deletions, insertions, duplications and splices.
enum Mutator {
    /// `input` changed in 1 to 4 random ways, some of them with bytes from `tokens`.
    static func mutate(_ input: [UInt8], tokens: [String], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1 where !bytes.isEmpty: bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
                bytes.removeSubrange(position..<end)
            case 3:
                bytes.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: position)
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
                let copy = Array(bytes[position..<end])
                bytes.insert(contentsOf: copy, at: Int.random(in: 0...bytes.count, using: &random))
            case 5:
                bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) },
                             at: position)
            default:
                bytes.insert(contentsOf: Array(" \(tokens.randomElement(using: &random)!)\n".utf8), at: position)
            }
        }
        return bytes
    }

    /// Random bytes, mostly printable.
    static func noise(using random: inout SeededGenerator, maximum: Int = 200) -> [UInt8] {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ in
            Int.random(in: 0..<4, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random) : UInt8.random(in: 32...126, using: &random)
        }
    }
}
