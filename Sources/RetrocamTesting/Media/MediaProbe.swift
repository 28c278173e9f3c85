import Foundation

/// Looks at the files the camera writes independently of the engine: what `gst-discoverer-1.0` reads,
/// the frames' times (read from the file's bytes), a photo's pixel statistics (never golden bytes).
public enum MediaProbe {
    /// A file the tools could not read as expected.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the tool's words.
        public let description: String
    }

    /// What gst-discoverer-1.0 reports.
    public struct Discovery: Sendable {
        /// The duration in seconds, when it has one.
        public var duration: Double?
        /// The first video stream's width.
        public var width: Int?
        /// The first video stream's height.
        public var height: Int?
        /// Everything it printed.
        public var text: String
    }

    /// `gst-discoverer-1.0 file`: duration (seconds), width and height.
    public static func discover(_ path: String) throws -> Discovery {
        let output = try ProcessRunner.run("/usr/bin/gst-discoverer-1.0", [path], timeout: 60)
        var result = Discovery(text: output.stdout + output.stderr)
        for line in output.stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("Duration: ") { result.duration = parseClock(String(line.dropFirst(10))) }
            if line.hasPrefix("Width: "), result.width == nil { result.width = Int(line.dropFirst(7)) }
            if line.hasPrefix("Height: "), result.height == nil { result.height = Int(line.dropFirst(8)) }
        }
        return result
    }

    /// The duration gst-discoverer reads from a media file, in seconds (nil when none).
    public static func duration(_ path: String) throws -> Double? { try discover(path).duration }

    /// Width and height of the first video stream.
    public static func dimensions(_ path: String) throws -> (Int, Int)? {
        let found = try discover(path)
        guard let width = found.width, let height = found.height else { return nil }
        return (width, height)
    }

    /// True when `path` starts with the JPEG SOI marker and ends with EOI.
    public static func isJPEG(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count > 4 else { return false }
        return data.prefix(2) == Data([0xFF, 0xD8]) && data.suffix(2) == Data([0xFF, 0xD9])
    }

    /// "0:00:02.033000000" → 2.033.
    public static func parseClock(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// Presentation times (seconds) of the video frames in a WebM/Matroska file, also one still being
    /// written, read from its bytes in this process (`MatroskaVideoFrames`): no demuxer to stall on a
    /// file growing under it. Throws only when the file cannot be read.
    public static func videoFrameTimes(_ path: String) throws -> [Double] {
        MatroskaVideoFrames.times(in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Pixel statistics of a photo decoded to I420.
    public struct PictureStatistics: Sendable, CustomStringConvertible {
        /// The picture's width.
        public var width: Int
        /// The picture's height.
        public var height: Int
        /// Mean Y (0…255).
        public var meanLuma: Double
        /// Mean distance of U and V from neutral grey (0 for black and white).
        public var meanChroma: Double
        /// Mean luma of each column band (8 bands, left to right).
        public var columnBands: [Double]
        /// Mean absolute luma step between horizontal neighbours: lower is softer (grain raises it).
        public var sharpness: Double

        /// "luma 120.3 chroma 4.2".
        public var description: String {
            String(format: "luma %.1f chroma %.1f", meanLuma, meanChroma)
        }

        /// How far apart two pictures are: luma, chroma and the bands' average difference together.
        public func distance(to other: PictureStatistics) -> Double {
            let bandShift = zip(columnBands, other.columnBands).map { abs($0 - $1) }.reduce(0, +)
                / Double(max(1, columnBands.count))
            return abs(meanLuma - other.meanLuma) + abs(meanChroma - other.meanChroma) + bandShift
        }
    }

    /// Decodes a JPEG with `jpegdec ! videoconvert ! I420` into raw bytes and measures it.
    public static func statistics(ofJPEG path: String) throws -> PictureStatistics {
        let info = try discover(path)
        guard let width = info.width, let height = info.height, width > 0, height > 0 else {
            throw Failure(description: "gst-discoverer gave no size for \(path): \(info.text)")
        }
        let raw = path + ".i420"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let decode = try ProcessRunner.run("/usr/bin/gst-launch-1.0", [
            "-q", "filesrc", "location=\(path)", "!", "jpegdec", "!", "videoconvert", "!",
            "video/x-raw,format=I420", "!", "filesink", "location=\(raw)",
        ], timeout: 60)
        guard decode.status == 0 else { throw Failure(description: "decoding \(path) failed (\(decode.ending)): \(decode.stderr)") }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let lumaSize = width * height, chromaSize = ((width + 1) / 2) * ((height + 1) / 2)
        guard bytes.count >= lumaSize + 2 * chromaSize else {
            throw Failure(description: "\(path) decoded to \(bytes.count) bytes, short of a \(width)x\(height) frame")
        }
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
        return PictureStatistics(width: width, height: height, meanLuma: luma / Double(lumaSize),
                                 meanChroma: chroma / Double(2 * chromaSize),
                                 columnBands: bands.map { $0 / (Double(lumaSize) / 8) },
                                 sharpness: steps / Double(max(1, (width - 1) * height)))
    }
}
