import Foundation
import RetrocamTesting
import Testing
@testable import Engine

/// Every suite that runs GStreamer nests in here, so they run one at a time
/// (two cores, real-time encoding).
@Suite(.serialized) struct CameraEngineTests {}

/// A temporary home with the four engine folders, removed when released.
final class TestHome: @unchecked Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("retrocam-engine-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A synthetic, small configuration pointing into this home.
    func configuration(width: Int = 640, height: Int = 360) -> EngineConfiguration {
        var configuration = EngineConfiguration(
            picturesDirectory: root.appendingPathComponent("Pictures/Retrocam", isDirectory: true),
            videosDirectory: root.appendingPathComponent("Videos/Retrocam", isDirectory: true),
            stateDirectory: root.appendingPathComponent("state/retrocam", isDirectory: true),
            trashDirectory: root.appendingPathComponent("share/Trash", isDirectory: true))
        configuration.source = .synthetic
        configuration.audio = .synthetic
        configuration.width = width
        configuration.height = height
        return configuration
    }

    /// A started engine on the synthetic source.
    func startedEngine(width: Int = 640, height: Int = 360) async throws -> CameraEngine {
        let engine = try CameraEngine(configuration: configuration(width: width, height: height))
        try await engine.session.start()
        return engine
    }
}

/// The first of `events` that is `wanted`, or nil when `seconds` pass first (a bound for a broken
/// engine, never a figure: the wait ends with the event).
func first<T: Sendable>(_ events: AsyncStream<T>, within seconds: Double,
                        where wanted: @escaping @Sendable (T) -> Bool) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask {
            for await event in events where wanted(event) { return event }
            return nil
        }
        group.addTask {
            // The bound of the wait above, for an engine that never sends the event.
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let found = await group.next() ?? nil
        group.cancelAll()
        return found
    }
}

/// Waits until the live picture has delivered `count` more frames (into the take, while one records),
/// 90 s at most; true when it has. A take needs frames, and a loaded machine delivers them later: a
/// test waits for the frames, not for a time. The synthetic source is live (30 frames a second at
/// most), so 30 frames are also at least a second of the take.
@discardableResult
func liveFrames(_ count: Int, from engine: CameraEngine) async -> Bool {
    let start = engine.session.hub.framesSeen
    return await Wait.until(90) { engine.session.hub.framesSeen >= start + UInt64(count) }
}
