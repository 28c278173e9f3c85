import Foundation
import RetrocamTesting
import Testing

/// The mean colour of a picture, or of each frame of a clip, decoded by GStreamer's own tools at a
/// small size: enough to tell which camera a picture came from (a red test camera has V far above
/// neutral grey; the synthetic test cards do not).
struct FrameColour: CustomStringConvertible, Sendable {
    /// Mean Y, U and V, 0…255 (128 is neutral for U and V).
    var y, u, v: Double
    /// Mean distance of each U and V sample from neutral grey: near 0 for a black-and-white picture.
    var chroma = 0.0

    var description: String { String(format: "Y %.0f U %.0f V %.0f chroma %.1f", y, u, v, chroma) }

    /// Strongly red: V well above neutral, U below it.
    var isRed: Bool { v > 170 && u < 128 }
    /// Strongly blue: U well above neutral, V below it.
    var isBlue: Bool { u > 170 && v < 128 }
}

enum ColourProbe {
    static let width = 32, height = 18

    /// The mean colour of a JPEG.
    static func photo(_ path: String) throws -> FrameColour {
        try #require(try frames(decoding: ["filesrc", "location=\(path)", "!", "jpegdec"]).first, "no frame in \(path)")
    }

    /// The mean colour of each video frame of a WebM clip, in order.
    static func clip(_ path: String) throws -> [FrameColour] {
        try frames(decoding: ["filesrc", "location=\(path)", "!", "matroskademux", "!", "vp8dec"])
    }

    private static func frames(decoding head: [String]) throws -> [FrameColour] {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-colour-\(UUID().uuidString).i420")
        defer { try? FileManager.default.removeItem(at: raw) }
        let decode = try ProcessRunner.run("/usr/bin/gst-launch-1.0", ["-q"] + head + [
            "!", "videoconvert", "!", "videoscale", "!", "video/x-raw,format=I420,width=\(width),height=\(height)",
            "!", "filesink", "location=\(raw.path)",
        ], timeout: 60)
        #expect(decode.status == 0, "decoding failed: \(decode.stderr)")
        return colours(of: [UInt8]((try? Data(contentsOf: raw)) ?? Data()))
    }

    /// The bytes of one I420 frame at the probe's size.
    static var frameBytes: Int { width * height + 2 * (width / 2) * (height / 2) }

    /// The colour of each whole I420 frame (at the probe's size) in `bytes`, in order.
    static func colours(of bytes: [UInt8]) -> [FrameColour] {
        let luma = width * height, chroma = (width / 2) * (height / 2), frame = frameBytes
        return stride(from: 0, to: bytes.count - frame + 1, by: frame).map { start in
            func mean(_ from: Int, _ count: Int) -> Double {
                Double(bytes[(start + from)..<(start + from + count)].reduce(0) { $0 + Int($1) }) / Double(count)
            }
            let spread = bytes[(start + luma)..<(start + frame)].reduce(0.0) { $0 + abs(Double($1) - 128) } / Double(2 * chroma)
            return FrameColour(y: mean(0, luma), u: mean(luma, chroma), v: mean(luma + chroma, chroma), chroma: spread)
        }
    }
}
