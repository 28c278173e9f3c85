import BusNames
import DBus
import Foundation

/// The desktop's search on the running daemon, called as gnome-shell calls it: how soon a result set
/// answers for one to four words, against `Intents1.Interpret` of the same words in the same run, and
/// whether ten everyday searches put the right result first.
enum SearchBench {
    /// Searches of one to four words, each a thing people type into a launcher.
    static let searches: [[String]] = [
        ["photo"], ["seventies"], ["zoom"], ["vhs"],
        ["take", "photo"], ["super", "8"], ["zoom", "2x"], ["timer", "10"],
        ["set", "decade", "1970s"], ["zoom", "in", "more"], ["flip", "the", "camera"],
        ["set", "the", "decade", "1970s"], ["turn", "the", "light", "on"], ["take", "a", "photo", "now"],
    ]

    /// The ten everyday searches, with what the first result's name must say to be the right one.
    static let everyday: [(words: String, right: String)] = [
        ("photo", "Take a photo"), ("video", "start recording"), ("seventies", "Set the decade to the 1970s"),
        ("vhs", "VHS"), ("brighter", "Raise the exposure"), ("zoom", "Zoom in"), ("timer", "self-timer"),
        ("selfie", "front camera"), ("undo", "Move the last take to the Trash"), ("timelapse", "Run the shortcut timelapse"),
    ]

    static func run(_ daemon: BenchDaemon, iterations: Int) throws -> [String] {
        let connection = daemon.connection
        func provider(_ method: String, _ args: [Value]) throws -> [Value] {
            try connection.callSync(destination: BusContract.busName, path: BusContract.searchProviderPath,
                                    interface: BusContract.searchProviderInterface, method: method, args, timeout: .seconds(30))
        }
        var lines: [String] = []
        for count in 1...4 {
            let words = searches.filter { $0.count == count }
            var search: [Double] = []
            var interpret: [Double] = []
            for index in 0..<iterations {
                let terms = words[index % words.count]
                search.append(try milliseconds { _ = try provider("GetInitialResultSet", [.strings(terms)]) })
                interpret.append(try milliseconds {
                    _ = try? daemon.call(BusContract.intentsInterface, "Interpret", [.string(terms.joined(separator: " ")), .bool(false)])
                })
            }
            let s = Stats(search), i = Stats(interpret)
            lines.append(String(format: "search, %d word%@: GetInitialResultSet p50 %.2f ms, p99 %.2f ms; Interpret of the same words (repeated: matcher cached) p50 %.2f ms, p99 %.2f ms; ratio p50 %.2fx (goal p99 < 50 ms)",
                                count, count == 1 ? "" : "s", s.p50, s.p99, i.p50, i.p99, s.p50 / i.p50))
        }
        var right = 0
        var answers: [String] = []
        for (words, expected) in everyday {
            let ids = try provider("GetInitialResultSet", [.strings([words])]).first?.stringArray ?? []
            let metas = ids.isEmpty ? [] : try provider("GetResultMetas", [.strings([ids[0]])])
            let meta = metas.first?.arrayValues?.first?.dictionaryEntries ?? []
            let first = meta.first { $0.key.stringValue == "name" }?.value.stringValue ?? "(nothing)"
            let isRight = first.localizedCaseInsensitiveContains(expected)
            if isRight { right += 1 }
            answers.append("\(words) → \(first)\(isRight ? "" : " ✗")")
        }
        lines.append("search, ten everyday searches: \(right)/10 put the right result first — " + answers.joined(separator: "; "))
        return lines
    }
}
