import Foundation
import Testing

/// Pixel statistics of a photo, decoded by GStreamer's own tools (never golden bytes).
struct PictureStats: CustomStringConvertible {
    /// Mean Y, 0…255.
    var meanLuma: Double
    /// Mean distance of U and V from neutral grey: 0 for black and white.
    var meanChroma: Double
    /// Mean luma of 8 column bands, left to right.
    var bands: [Double]
    /// Mean absolute luma step between horizontal neighbours: lower is softer (grain raises it).
    var sharpness: Double = 0

    var description: String {
        String(format: "luma %.1f chroma %.1f", meanLuma, meanChroma)
    }

    /// How far apart two pictures are: luma, chroma and the bands' average difference together.
    func distance(to other: PictureStats) -> Double {
        let bandShift = zip(bands, other.bands).map { abs($0 - $1) }.reduce(0, +) / Double(max(1, bands.count))
        return abs(meanLuma - other.meanLuma) + abs(meanChroma - other.meanChroma) + bandShift
    }

    /// Decodes a JPEG to I420 with `gst-launch-1.0` and measures it.
    static func of(jpeg path: String) throws -> PictureStats {
        let (width, height) = try #require(try MediaChecks.dimensions(path), "no size for \(path)")
        let raw = path + ".i420"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let decode = try ProcessRunner.run("/usr/bin/gst-launch-1.0", [
            "-q", "filesrc", "location=\(path)", "!", "jpegdec", "!", "videoconvert", "!",
            "video/x-raw,format=I420", "!", "filesink", "location=\(raw)",
        ], timeout: 30)
        #expect(decode.status == 0, "decoding failed: \(decode.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let lumaSize = width * height, chromaSize = ((width + 1) / 2) * ((height + 1) / 2)
        try #require(bytes.count >= lumaSize + 2 * chromaSize, "short raw frame")
        var luma = 0.0, steps = 0.0
        var bands = [Double](repeating: 0, count: 8)
        for y in 0..<height {
            for x in 0..<width {
                let value = Double(bytes[y * width + x])
                luma += value
                bands[x * 8 / width] += value
                if x > 0 { steps += abs(value - Double(bytes[y * width + x - 1])) }
            }
        }
        var chroma = 0.0
        for i in 0..<chromaSize {
            chroma += abs(Double(bytes[lumaSize + i]) - 128) + abs(Double(bytes[lumaSize + chromaSize + i]) - 128)
        }
        return PictureStats(meanLuma: luma / Double(lumaSize), meanChroma: chroma / Double(2 * chromaSize),
                            bands: bands.map { $0 / (Double(lumaSize) / 8) },
                            sharpness: steps / Double(max(1, (width - 1) * height)))
    }
}
