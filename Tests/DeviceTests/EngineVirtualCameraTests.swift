import Foundation
import RetrocamTesting
import Synchronization
import Testing
@testable import Device
@testable import Engine

/// The engine's virtual camera in this process, publishing into a real PipeWire of its own: however
/// often it is switched, it follows the session's picture with one handler at most (none once off), and
/// stopped while PipeWire's restart is being followed it leaves no node and no PipeWire thread behind.
@Suite(.serialized) struct EngineVirtualCameraTests {
    /// A private PipeWire that this process publishes into while the test runs (`PIPEWIRE_RUNTIME_DIR`,
    /// which PipeWire's client library and the readers' watch read before `XDG_RUNTIME_DIR`).
    final class PrivatePipeWire {
        /// WirePlumber's session bus, of its own: the process's may be another test's, gone.
        let bus: PrivateBus
        let session: PipeWireSession
        init() throws {
            bus = try PrivateBus()
            session = try PipeWireSession(busEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            setenv("PIPEWIRE_RUNTIME_DIR", session.runtime.path, 1)
        }
        deinit {
            unsetenv("PIPEWIRE_RUNTIME_DIR")
            session.stop()
            bus.stop()
        }
        /// True while PipeWire lists our node.
        var listsNode: Bool { (try? session.listsNode(VirtualCameraStream.nodeDescription)) == true }
    }

    /// The threads of this process that PipeWire's loops of the virtual camera run on (the node's and
    /// the readers' watch; Linux keeps 15 characters of a thread's name).
    static func pipewireThreads() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("retrocam-camera") || name.hasPrefix("retrocam-reader")
        }.count
    }

    @Test func switchedOnAndOffManyTimesItFollowsThePictureWithOneHandlerAtMost() async throws {
        let pipewire = try PrivatePipeWire()
        let camera = try SyntheticCamera()
        let virtual = EngineVirtualCamera(engine: camera.engine)
        for _ in 1...4 {
            _ = try await virtual.startVirtualCamera()
            #expect(pipewire.listsNode)
            #expect(await camera.engine.session.pictureWatchCount == 1, "one handler while on")
            await virtual.stopVirtualCamera()
            #expect(await camera.engine.session.pictureWatchCount == 0, "none once off")
        }
        #expect(Wait.blockingUntil(15) { !pipewire.listsNode }, "the node is gone")
        await camera.engine.shutdown(finishWithin: 5)
    }

    @Test func stoppedWhilePublishingAgainAfterPipeWireRestartedItLeavesNoNodeAndNoThread() async throws {
        let pipewire = try PrivatePipeWire()
        let camera = try SyntheticCamera()
        let virtual = EngineVirtualCamera(engine: camera.engine)
        let before = Self.pipewireThreads()
        _ = try await virtual.startVirtualCamera()
        #expect(Self.pipewireThreads() == before + 2, "the node's loop and the readers' watch")

        // The republish waits, once under way, until the test has begun to stop the camera.
        let (underWay, republishing) = AsyncStream.makeStream(of: Void.self)
        let (stopBegun, stopping) = AsyncStream.makeStream(of: Void.self)
        virtual.republishing.withLock { hook in
            hook = {
                republishing.yield()
                for await _ in stopBegun { break }
            }
        }
        try pipewire.session.restart()
        for await _ in underWay { break }
        let stopped = Task { await virtual.stopVirtualCamera() }
        #expect(await Wait.until(15) { !virtual.isPublished }, "the stop has begun")
        stopping.yield()
        await stopped.value

        #expect(await camera.engine.session.pictureWatchCount == 0)
        #expect(await camera.engine.session.virtualCameraPublications == 1, "nothing published once the stop had begun")
        #expect(await Wait.until(15) { !pipewire.listsNode }, "no node left: \(pipewire.session.logText)")
        #expect(Self.pipewireThreads() == before, "no PipeWire thread left")
        await camera.engine.shutdown(finishWithin: 5)
    }
}
