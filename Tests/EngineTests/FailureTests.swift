import Body
import CGStreamer
import Foundation
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct FailureTests {
        /// Posts an error on the live pipeline's bus, as a failing camera driver would.
        func breakCamera(_ engine: CameraEngine) async throws {
            let pipeline = try #require(await engine.session.live?.pipeline)
            let source = try pipeline.element(LiveGraph.Name.source)
            let error = g_error_new_literal(gst_resource_error_quark(), Int32(GST_RESOURCE_ERROR_READ.rawValue),
                                            "Device went away")
            let message = gst_message_new_error(UnsafeMutableRawPointer(source.pointer).assumingMemoryBound(to: GstObject.self),
                                                error, "test")
            g_error_free(error)
            #expect(gst_element_post_message(source.pointer, message) != 0)
        }

        @Test func aCameraErrorIsReportedClosesTheCameraAndTheNextTakeOpensItAgain() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            let (openings, tell) = AsyncStream.makeStream(of: Bool.self)
            await engine.session.onOpenChanged { tell.yield($0) }
            try await breakCamera(engine)
            let closed = await first(openings, within: 10) { !$0 }
            #expect(closed == false, "a failed camera is closed, its device released")
            #expect(!(await engine.session.isOpen))
            #expect(await engine.session.problem == .noCamera("The camera stopped: source: Device went away."))
            // No stuck state: the next take builds the camera again.
            let photo = try await engine.photos.take(tags: [:])
            #expect(FileManager.default.fileExists(atPath: photo.path))
            #expect(await engine.session.problem == nil)
            #expect(await engine.session.isOpen)
            await engine.shutdown()
        }

        @Test func aDeviceThatCannotBeOpenedIsNoCameraNamingItAndWhyAndIsTriedAgain() async throws {
            let home = try TestHome()
            // /dev/null exists but is no camera: v4l2src refuses it as a busy or vanished device would be.
            let engine = try CameraEngine(configuration: home.configuration(),
                                          cameras: [CameraSource(info: CameraInfo(id: "/dev/null", name: "Broken Cam", facing: "front"),
                                                                 kind: .device(path: "/dev/null"))])
            for attempt in 1...2 {
                do {
                    _ = try await engine.photos.take(tags: [:])
                    Issue.record("a photo from /dev/null")
                } catch let error as IntentError {
                    guard case .noCamera(let sentence) = error else { Issue.record("\(error)"); continue }
                    print("opening /dev/null: \(sentence)")
                    #expect(sentence.hasPrefix("The camera Broken Cam at /dev/null could not be opened: "), "\(sentence)")
                    #expect(sentence.count > "The camera Broken Cam at /dev/null could not be opened: ".count + 10, "\(sentence)")
                }
                #expect(await engine.session.openAttempts == attempt, "each call tries to open the camera again")
                #expect(!(await engine.session.isOpen))
            }
        }

        @Test func aCameraThatWentQuietGivesNoStalePhoto() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            let pipeline = try #require(await engine.session.live?.pipeline)
            gst_element_set_state(pipeline.handle, GST_STATE_PAUSED)
            // A fixed wait, the one thing under test: a picture is stale by its age, so its age must pass.
            try await Task.sleep(for: .seconds(CameraSession.stalePictureSeconds + 0.3))
            await #expect(throws: IntentError.noCamera("The camera has stopped sending pictures.")) {
                _ = try await engine.photos.take(tags: [:])
            }
            await engine.shutdown()
        }
    }
}
