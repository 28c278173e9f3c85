import Foundation
import RetrocamTesting
import Testing

/// The Matroska reader the tests count a clip's frames with, checked against GStreamer's own demuxer on
/// clips GStreamer writes, and on bytes no muxer would write.
@Suite struct MatroskaVideoFramesTests {
    /// A clip GStreamer writes, and how.
    struct Clip: Sendable, CustomStringConvertible {
        let description: String
        /// The shell command that writes it to `$OUT`.
        let command: String
    }

    static let video = "videotestsrc num-buffers=30 ! video/x-raw,width=160,height=120,framerate=30/1 ! vp8enc deadline=1"
    static let sound = "audiotestsrc num-buffers=40 ! audioconvert ! audioresample ! opusenc ! m."
    static let clips = [
        Clip(description: "matroskamux, video only", command: "gst-launch-1.0 -q \(video) ! matroskamux ! filesink location=\"$OUT\""),
        // As the daemon records: VP8 and Opus in WebM.
        Clip(description: "webmmux, video and sound",
             command: "gst-launch-1.0 -q webmmux name=m ! filesink location=\"$OUT\" \(video) ! m. \(sound)"),
        // Into a pipe the muxer cannot seek back in: Segment and Clusters keep their unknown sizes, as
        // in a clip still being written.
        Clip(description: "webmmux into a pipe, unknown sizes",
             command: "gst-launch-1.0 -q webmmux name=m ! fdsink fd=1 \(video) ! m. \(sound) | cat > \"$OUT\""),
    ]

    /// Writes `clip` into a fresh folder and answers its path.
    static func write(_ clip: Clip) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matroska-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("clip.webm").path
        var environment = ProcessInfo.processInfo.environment
        environment["OUT"] = path
        let made = try ProcessRunner.run("/bin/sh", ["-c", clip.command], environment: environment, timeout: 60)
        try #require(made.status == 0, "\(clip.command): \(made.ending), \(made.stderr)")
        return path
    }

    /// The video frames' times as matroskademux hands them to a sink (the file is whole: it reads it once).
    static func demuxerTimes(_ path: String) throws -> [Double] {
        let output = try ProcessRunner.run("/usr/bin/gst-launch-1.0", [
            "-v", "filesrc", "location=\(path)", "!", "matroskademux", "name=d", "d.video_0", "!",
            "fakesink", "silent=false", "sync=false",
        ], timeout: 60)
        return output.stdout.split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("chain"), let range = line.range(of: "pts: ") else { return nil }
            return MediaProbe.parseClock(String(line[range.upperBound...].prefix { $0 != "," }))
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(arguments: clips)
    func theFramesAndTheirTimesAreTheDemuxers(_ clip: Clip) throws {
        let path = try Self.write(clip)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let demuxed = try Self.demuxerTimes(path)
        let read = try MediaProbe.videoFrameTimes(path)
        #expect(demuxed.count == 30, "matroskademux saw \(demuxed.count) frames")
        #expect(read.count == demuxed.count)
        for (mine, theirs) in zip(read, demuxed) {
            #expect(abs(mine - theirs) < 1e-6, "read \(mine) s where matroskademux says \(theirs) s")
        }
        let clock = ContinuousClock()
        let took = clock.measure { _ = try? MediaProbe.videoFrameTimes(path) }
        print("MatroskaVideoFrames: \(read.count) frames of \(clip) read in \(took)")
    }

    @Test(arguments: clips)
    func aFileCutAnywhereGivesTheFramesBeforeTheCut(_ clip: Clip) throws {
        let path = try Self.write(clip)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let whole = try Self.bytes(path)
        let all = MatroskaVideoFrames.times(in: whole)
        var previous = 0
        for cut in stride(from: 0, to: whole.count, by: 97) {
            let times = MatroskaVideoFrames.times(in: Array(whole[..<cut]))
            #expect(times == Array(all.prefix(times.count)), "cut at \(cut): not the first frames of the whole file")
            #expect(times.count >= previous, "cut at \(cut): fewer frames than at an earlier cut")
            previous = times.count
        }
        #expect(previous > 25, "a cut near the end keeps most frames (\(previous) of \(all.count))")
    }

    @Test func noBytesAndRandomBytesHaveNoFrames() throws {
        var random = SeededGenerator(seed: 97)
        #expect(MatroskaVideoFrames.times(in: []).isEmpty)
        for length in [1, 2, 4, 16, 1000, 100_000] {
            #expect(MatroskaVideoFrames.times(in: (0..<length).map { _ in random.byte() }).isEmpty, "\(length) random bytes")
        }
        // An EBML header, then garbage.
        let header: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x80, 0x18, 0x53, 0x80, 0x67, 0xFF]
        #expect(MatroskaVideoFrames.times(in: header + (0..<10_000).map { _ in random.byte() }).isEmpty)
    }

    @Test func aClipWithBytesOverwrittenNeverTraps() throws {
        let path = try Self.write(Self.clips[1])
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let whole = try Self.bytes(path)
        var random = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            var spoiled = whole
            for _ in 0..<8 { spoiled[Int(random.next() % UInt64(whole.count))] = random.byte() }
            #expect(MatroskaVideoFrames.times(in: spoiled).count <= 2 * whole.count)
        }
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: (any Error).self) { try MediaProbe.videoFrameTimes("/nonexistent/clip.webm") }
    }
}

extension SeededGenerator {
    /// One random byte.
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
