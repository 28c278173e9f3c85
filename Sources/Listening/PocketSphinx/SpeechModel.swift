import Foundation
import Pronunciation

/// Where pocketsphinx's US English model lives: the acoustic model and the pronouncing dictionary of
/// Debian's `pocketsphinx-en-us`, or the folder `RETROCAM_SPEECH_MODEL` names (with the same layout).
public struct SpeechModel: Sendable, Equatable {
    /// The acoustic model folder (`mdef`, `means`, …).
    public let acousticModel: URL
    /// The CMU pronouncing dictionary (`cmudict-en-us.dict`).
    public let dictionary: URL
    /// The language model of general English (`en-us.lm.bin`), for `Dictation`; checked when it is loaded.
    public let languageModel: URL

    /// Debian's folder.
    public static let debianFolder = PronouncingDictionary.debianModelFolder

    /// The model in `folder` (its `en-us` subfolder and `cmudict-en-us.dict`), checked to be there.
    public init(folder: String = SpeechModel.defaultFolder()) throws(ListenError) {
        let base = URL(fileURLWithPath: folder)
        acousticModel = base.appendingPathComponent("en-us")
        dictionary = PronouncingDictionary.file(in: folder)
        languageModel = base.appendingPathComponent("en-us.lm.bin")
        let manager = FileManager.default
        guard manager.fileExists(atPath: acousticModel.appendingPathComponent("mdef").path),
              manager.isReadableFile(atPath: dictionary.path) else {
            throw .noModel("No pocketsphinx English model in \(folder). On Debian: apt install pocketsphinx-en-us "
                           + "(or point RETROCAM_SPEECH_MODEL at a folder with en-us/, cmudict-en-us.dict and en-us.lm.bin).")
        }
    }

    /// `RETROCAM_SPEECH_MODEL`, else Debian's folder.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        PronouncingDictionary.modelFolder(environment: environment)
    }

    /// The phones the acoustic model knows (`mdef`'s base phones), without silence.
    public static let phones = ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
                                "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH",
                                "UH", "UW", "V", "W", "Y", "Z", "ZH"]
}
