import Foundation
import Intents

/// A loop of single phones, which can say any sound at all: the yardstick a heard sentence is measured with.
///
/// The grammar always finds its nearest sentence, even for "what's the weather tomorrow". So the same audio
/// is decoded a second time through this loop, and the two acoustic scores are compared per frame: a camera
/// command fits its sentence almost as well as the free phones fit it, speech that is not for the camera
/// fits its forced sentence much worse (`SpeechCheck`).
public enum PhoneLoop {
    /// The loop's words start with this ("phone_aa").
    public static let prefix = "phone_"
    /// The search name.
    public static let search = "phones"

    /// One dictionary row per phone of the acoustic model: "phone_aa AA".
    public static var dictionaryRows: [(word: String, phones: String)] {
        SpeechModel.phones.map { (prefix + $0.lowercased(), $0) }
    }

    /// The loop as a JSGF document. The loop is a rule entered after the first phone (a right recursion
    /// that began at the root would be read as a loop back to the root).
    public static var jsgf: String {
        let rules = [SpeechGrammar.Rule(name: "phone_loop", body: "<phone> [<phone_loop>]"),
                     SpeechGrammar.Rule(name: "phone", body: "(" + dictionaryRows.map(\.word).joined(separator: " | ") + ")")]
        var lines = ["#JSGF V1.0;", "grammar phones;", "public <phones> = <phone> [<phone_loop>];"]
        lines += rules.map { "<\($0.name)> = \($0.body);" }
        return lines.joined(separator: "\n") + "\n"
    }
}
