import Foundation

/// Checks on the files the daemon writes, with real tools.
enum MediaChecks {
    /// True when `path` starts with the JPEG SOI marker and ends with EOI.
    static func isJPEG(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count > 4 else { return false }
        return data.prefix(2) == Data([0xFF, 0xD8]) && data.suffix(2) == Data([0xFF, 0xD9])
    }

    /// What `gst-discoverer-1.0` says of a file.
    static func discover(_ path: String) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/gst-discoverer-1.0", [path], timeout: 30)
    }

    /// The duration `gst-discoverer-1.0` reads from a media file, in seconds (nil when none).
    static func duration(_ path: String) throws -> Double? {
        let output = try discover(path).stdout
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Duration:") }) else { return nil }
        // "Duration: 0:00:02.033000000"
        let clock = line.split(separator: " ").last.map(String.init) ?? ""
        let parts = clock.split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3 else { return nil }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }

    /// Width and height of the first video stream, from `gst-discoverer-1.0`.
    static func dimensions(_ path: String) throws -> (Int, Int)? {
        let output = try discover(path).stdout
        func number(after key: String) -> Int? {
            guard let line = output.split(separator: "\n").first(where: { $0.contains(key) }) else { return nil }
            return Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
        }
        guard let width = number(after: "Width:"), let height = number(after: "Height:") else { return nil }
        return (width, height)
    }
}

/// The quoted path in busctl's `a{sv}` output: `… "path" s "/tmp/…/x.jpg" …`.
func busctlPath(_ output: String) -> String? {
    guard let range = output.range(of: "\"path\" s \"") else { return nil }
    let rest = output[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
}
