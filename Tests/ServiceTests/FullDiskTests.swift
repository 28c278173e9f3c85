import BusNames
import DBus
import Foundation
import RetrocamTesting
import Testing

extension CaptureEndToEndTests {
    /// A disk that fills up mid-take, for real: the videos folder on a small tmpfs (needs root to mount;
    /// skipped elsewhere) with the reserve just below its size, then a file that eats the space.
    @Suite struct FullDiskTests {
        /// Mounts an `megabytes` tmpfs at a new folder; nil when mounting is not allowed here.
        static func mountSmallDisk(megabytes: Int) -> URL? {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-disk-\(UUID().uuidString)")
            guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
                  let mounted = try? ProcessRunner.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder.path]),
                  mounted.status == 0 else { return nil }
            return folder
        }

        static func unmount(_ folder: URL) {
            _ = try? ProcessRunner.run("/usr/bin/umount", [folder.path])
            try? FileManager.default.removeItem(at: folder)
        }

        @Test func aDiskFillingUpMidTakeClosesTheTakeAndTheBodySaysNotRecording() async throws {
            guard let disk = Self.mountSmallDisk(megabytes: 80) else {
                print("FullDiskTests: cannot mount a tmpfs here (not root?); skipped")
                return
            }
            defer { Self.unmount(disk) }
            let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_VIDEOS_DIR": disk.path, "RETROCAM_MIN_FREE_MB": "50"])
            defer { daemon.stop() }
            let connection = try daemon.connect()
            defer { connection.close() }
            let ended = HeardSignals(), changes = HeardSignals()
            try await connection.onSignal(path: DaemonHarness.path, interface: DaemonHarness.camera, member: "TakeEnded") { ended.add($0) }
            try await connection.onSignal(path: DaemonHarness.path, interface: "org.freedesktop.DBus.Properties",
                                    member: "PropertiesChanged") { changes.add($0) }

            #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
            #expect(daemon.waitForRecordedFrames(30), "a second of the clip is on the disk")
            // 40 MB of 80: below the 50 MB reserve.
            FileManager.default.createFile(atPath: disk.appendingPathComponent("ballast").path,
                                           contents: Data(count: 40 * 1024 * 1024))
            // Closing the take waits for the encoder to drain, which takes seconds on busy cores.
            let closed = daemon.waitUntil(30) { !ended.all.isEmpty }
            #expect(closed, "no TakeEnded; log: \(daemon.logText)")
            let signal = try #require(ended.all.first)
            let path = signal.arguments.first?.stringValue ?? ""
            let dialog = signal.arguments.last?.stringValue ?? ""
            #expect(dialog.hasPrefix("Storage is almost full, so the take was stopped and saved. Saved"), "\(dialog)")
            #expect(path.hasPrefix(disk.path) && path.hasSuffix(".webm"))
            #expect(try daemon.property("Recording") == "b false")
            let sawRecordingFalse = changes.all.contains { message in
                message.arguments.count > 1 && String(describing: message.arguments[1]).contains("Recording")
            }
            #expect(sawRecordingFalse, "PropertiesChanged carried Recording")
            let duration = try #require(try MediaProbe.duration(path), "the saved take has a duration")
            #expect(duration >= 0.9, "what was written (30 frames and more) is kept: \(duration) s")
            print("disk filled after 30 frames: the take was closed at \(duration) s")
            #expect(try daemon.property("LastTake") == "s \"\(path)\"")
            let again = try daemon.gdbusCall(DaemonHarness.intents, "StartClip")
            #expect(again.stderr.contains(BusContract.ErrorName.storageFull.name), "\(again.stderr)")
            #expect(daemon.answersPing())
        }
    }
}
