import Foundation

/// Where the CMU pronouncing dictionary is: in pocketsphinx's US English model folder, Debian's
/// `pocketsphinx-en-us` (`/usr/share/pocketsphinx/model/en-us`), or the folder `RETROCAM_SPEECH_MODEL` names,
/// with the same layout. The speech grammar and the voice matcher's sound-alikes read the same file.
public enum PronouncingDictionary {
    /// Debian's model folder.
    public static let debianModelFolder = "/usr/share/pocketsphinx/model/en-us"
    /// The dictionary's file name in a model folder.
    public static let fileName = "cmudict-en-us.dict"

    /// `RETROCAM_SPEECH_MODEL`, else Debian's folder.
    public static func modelFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["RETROCAM_SPEECH_MODEL"].flatMap { $0.isEmpty ? nil : $0 } ?? debianModelFolder
    }

    /// The dictionary in `folder`.
    public static func file(in folder: String) -> URL {
        URL(fileURLWithPath: folder).appendingPathComponent(fileName)
    }

    /// The dictionary of the model folder in use, or nil when it is not there to read.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let url = file(in: modelFolder(environment: environment))
        return FileManager.default.isReadableFile(atPath: url.path) ? url : nil
    }

    /// How many phones must be put in, left out or changed to turn `a` into `b` (ARPAbet phones, stress marks
    /// ignored): 0 for words that sound the same ("paws", "pause").
    public static func distance(_ a: [Substring], _ b: [Substring]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count), current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The phones of a pronunciation, stress marks dropped ("F OW1 T OW0" → F, OW, T, OW).
    public static func phones(_ pronunciation: String) -> [Substring] {
        pronunciation.split(separator: " ").map { $0.last?.isNumber == true ? $0.dropLast() : $0 }
    }
}
