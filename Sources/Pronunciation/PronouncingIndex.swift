import Foundation

/// A CMU-format pronouncing dictionary read in place, for words looked up one at a time: the file is mapped, and
/// its lines are sorted by word once (their offsets only, four bytes a line), so a word is found by binary search
/// in microseconds where `Lexicon.lookUp` reads every line.
public final class PronouncingIndex: Sendable {
    /// The file's bytes, mapped.
    private let data: Data
    /// Where each entry's line begins, in the order of their words (bytes compared).
    private let starts: [UInt32]

    /// Maps `file` and sorts its lines.
    public init(_ file: URL) throws(PronunciationError) {
        do { data = try Data(contentsOf: file, options: .mappedIfSafe) } catch {
            throw PronunciationError("Cannot read the pronouncing dictionary \(file.path): \(error.localizedDescription)")
        }
        guard data.count < Int(UInt32.max) else { throw PronunciationError("The pronouncing dictionary \(file.path) is too large") }
        starts = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var starts: [UInt32] = []
            var lineStart = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                if index > lineStart, bytes[lineStart] != UInt8(ascii: "#") { starts.append(UInt32(lineStart)) }
                lineStart = index + 1
            }
            starts.sort { Self.compare(Self.key(bytes, Int($0)), Self.key(bytes, Int($1))) < 0 }
            return starts
        }
    }

    /// Every pronunciation of `word` ("the" → "DH AH", "DH IY"), in the file's order; empty when it has none.
    public func pronunciations(_ word: String) -> [String] {
        let wanted = Array(word.utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [String] in
            wanted.withUnsafeBytes { wanted in
                var low = 0, high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if Self.compare(Self.key(bytes, Int(starts[middle])), wanted) < 0 { low = middle + 1 } else { high = middle }
                }
                var found: [(start: UInt32, phones: String)] = []
                while low < starts.count, Self.compare(Self.key(bytes, Int(starts[low])), wanted) == 0 {
                    found.append((starts[low], Self.phones(bytes, Int(starts[low]))))
                    low += 1
                }
                return found.sorted { $0.start < $1.start }.map(\.phones)
            }
        }
    }

    /// The word of the line at `start`: up to its space, without a "(2)" of a second pronunciation.
    private static func key(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> UnsafeRawBufferPointer {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "("), bytes[end] != UInt8(ascii: "\n") {
            end += 1
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The phones of the line at `start`, without a comment.
    private static func phones(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> String {
        var space = start
        while space < bytes.count, bytes[space] != UInt8(ascii: " "), bytes[space] != UInt8(ascii: "\n") { space += 1 }
        var end = space
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "#") { end += 1 }
        guard space < end else { return "" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(space + 1)..<end]), as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
    }

    /// Bytes compared in order, then by length: below zero when `a` comes first.
    private static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }
}
