import Foundation
import Testing

/// Looks at media files with the GStreamer command-line tools, independently of the engine.
enum MediaProbe {
    /// What gst-discoverer-1.0 reports.
    struct Discovery {
        var duration: Double?
        var width: Int?
        var height: Int?
        var text: String
    }

    /// Runs a program, returning its standard output (and error) as text.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `gst-discoverer-1.0 file`: duration (seconds), width and height.
    static func discover(_ path: String) throws -> Discovery {
        let (_, text) = try run("/usr/bin/gst-discoverer-1.0", [path])
        var result = Discovery(text: text)
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("Duration: ") { result.duration = parseClock(String(line.dropFirst(10))) }
            if line.hasPrefix("Width: "), result.width == nil { result.width = Int(line.dropFirst(7)) }
            if line.hasPrefix("Height: "), result.height == nil { result.height = Int(line.dropFirst(8)) }
        }
        return result
    }

    /// "0:00:02.033000000" → 2.033.
    static func parseClock(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// Presentation times (seconds) of the video frames in a WebM/Matroska file.
    static func videoFrameTimes(_ path: String) throws -> [Double] {
        let (_, text) = try run("/usr/bin/gst-launch-1.0", [
            "-v", "filesrc", "location=\(path)", "!", "matroskademux", "name=d", "d.video_0", "!",
            "fakesink", "silent=false", "sync=false",
        ])
        return text.split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("chain"), let range = line.range(of: "pts: ") else { return nil }
            let rest = line[range.upperBound...]
            return parseClock(String(rest.prefix { $0 != "," }))
        }
    }

    /// Pixel statistics of a JPEG decoded to I420.
    struct PictureStatistics {
        var width: Int
        var height: Int
        /// Mean Y (0…255).
        var meanLuma: Double
        /// Mean distance of U and V from neutral grey (0 for black and white).
        var meanChroma: Double
        /// Mean luma of each column band (8 bands, left to right).
        var columnBands: [Double]
    }

    /// Decodes a JPEG with `jpegdec ! videoconvert ! I420` into raw bytes and measures it.
    static func statistics(ofJPEG path: String) throws -> PictureStatistics {
        let info = try discover(path)
        let width = try #require(info.width, "gst-discoverer gave no width for \(path): \(info.text)")
        let height = try #require(info.height)
        let raw = path + ".i420"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let (status, output) = try run("/usr/bin/gst-launch-1.0", [
            "-q", "filesrc", "location=\(path)", "!", "jpegdec", "!", "videoconvert", "!",
            "video/x-raw,format=I420", "!", "filesink", "location=\(raw)",
        ])
        #expect(status == 0, "decoding failed: \(output)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        let lumaSize = width * height, chromaSize = chromaWidth * chromaHeight
        try #require(bytes.count >= lumaSize + 2 * chromaSize, "short raw frame")
        var luma = 0.0
        var bands = [Double](repeating: 0, count: 8)
        for y in 0..<height {
            for x in 0..<width {
                let value = Double(bytes[y * width + x])
                luma += value
                bands[x * 8 / width] += value
            }
        }
        var chroma = 0.0
        for i in 0..<chromaSize {
            chroma += abs(Double(bytes[lumaSize + i]) - 128) + abs(Double(bytes[lumaSize + chromaSize + i]) - 128)
        }
        let bandPixels = Double(width * height) / 8
        return PictureStatistics(width: width, height: height, meanLuma: luma / Double(lumaSize),
                                 meanChroma: chroma / Double(2 * chromaSize),
                                 columnBands: bands.map { $0 / bandPixels })
    }
}
