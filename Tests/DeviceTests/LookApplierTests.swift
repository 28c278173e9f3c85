import Body
import CallOrder
import Foundation
import Synchronization
import Testing
@testable import Device
@testable import Engine

/// Bodies handed to the applier reach the picture in order, the latest winning, and a flush waits for
/// every body handed over before it — on a real session over the synthetic test cards.
@Suite(.serialized) struct LookApplierTests {
    /// A still body at `degree` of the decade of `year`, facing `facing`.
    func body(year: Int, degree: Int, facing: Facing = .back) throws -> CameraBody {
        var body = CameraBody()
        body.setMode(.still)
        try body.setDecade(year: year)
        try body.setDegree(degree)
        body.setFacing(facing)
        return body
    }

    @Test func theLastBodyHandedOverIsOnThePictureAfterAFlush() async throws {
        let camera = try SyntheticCamera()
        try await camera.engine.session.start()
        let looks = LookApplier(session: camera.engine.session)
        var last = CameraBody()
        for (index, year) in stride(from: 1900, through: 2010, by: 10).enumerated() {
            last = try body(year: year, degree: index % 12 + 1)
            looks.submit(last)
        }
        await looks.flush()
        #expect(await camera.engine.session.look == Look(last, at: Date()))
        #expect(await camera.engine.session.currentCamera?.facing == "back", "no body faced the other way")
        await camera.engine.shutdown()
    }

    @Test func eachFlushWaitsForTheBodiesHandedOverBeforeIt() async throws {
        let camera = try SyntheticCamera()
        try await camera.engine.session.start()
        let looks = LookApplier(session: camera.engine.session)
        let first = try body(year: 1950, degree: 12, facing: .front)
        looks.submit(first)
        // Flushing beside the next body: whichever comes first, this flush covers the first body.
        let flushing = Task { await looks.flush() }
        let second = try body(year: 1980, degree: 6, facing: .front)
        looks.submit(second)
        await flushing.value
        #expect(await camera.engine.session.look != Look(), "the first body at least is on the picture")
        await looks.flush()
        #expect(await camera.engine.session.look == Look(second, at: Date()))
        #expect(await camera.engine.session.currentCamera?.facing == "front")
        await camera.engine.shutdown()
    }

    @Test func theCameraSwitchesEachTimeTheSideChanges() async throws {
        let camera = try SyntheticCamera()
        let session = camera.engine.session
        try await session.start()
        let looks = LookApplier(session: session)
        var seen: [String?] = []
        for facing in [Facing.front, .front, .back, .front] {
            looks.submit(try body(year: 1970, degree: 3, facing: facing))
            await looks.flush()
            seen.append(await session.currentCamera?.facing)
        }
        #expect(seen == ["front", "front", "back", "front"])
        #expect(await session.isOpen, "a test card switches in place: the camera stays open")
        await camera.engine.shutdown()
    }

    @Test func aFlushWithNothingHandedOverReturns() async throws {
        let camera = try SyntheticCamera()
        let looks = LookApplier(session: camera.engine.session)
        await looks.flush()
        #expect(await camera.engine.session.look == Look(), "nothing was put on the picture")
        #expect(await !camera.engine.session.isOpen, "a flush opens no camera")
    }

    @Test func aFlushBeforeTheAnswerIsOutShowsTheBodyHandedOverWhileAnswering() async throws {
        let camera = try SyntheticCamera()
        try await camera.engine.session.start()
        let looks = LookApplier(session: camera.engine.session)
        let handed = try body(year: 1960, degree: 4)
        // As the bus's dispatch thread does: the body is handed over while answering, and a take elsewhere
        // flushes before the answer (and the work it left) is out.
        let session = camera.engine.session
        let lookAfterFlush: Look? = await withCheckedContinuation { done in
            Thread {
                AfterAnswer.answering {
                    looks.submit(handed)
                    let seen = Mutex<Look?>(nil), flushed = DispatchSemaphore(value: 0)
                    Task.detached {
                        await looks.flush()
                        let look = await session.look
                        seen.withLock { $0 = look }
                        flushed.signal()
                    }
                    _ = flushed.wait(timeout: .now() + 60)
                    done.resume(returning: seen.withLock { $0 })
                }
            }.start()
        }
        #expect(lookAfterFlush == Look(handed, at: Date()), "the flush ended before the body was on the picture")
        await camera.engine.shutdown()
    }
}
