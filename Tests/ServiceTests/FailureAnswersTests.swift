import BusNames
import DBus
import Foundation
import RetrocamTesting
import Testing

extension CallerEndToEndTests {
    /// Errors that say what happened, end to end: a disk that fills faster than the free-space check, a
    /// read-only folder, UNDO twice and at once under load, and unix fds sent in parameters.
    @Suite struct FailureAnswersTests {
        @Test func aDiskFillingFasterThanTheCheckEndsTheClipAtOnceAndKeepsIt() async throws {
            guard let disk = CaptureEndToEndTests.FullDiskTests.mountSmallDisk(megabytes: 8) else {
                print("FailureAnswersTests: cannot mount a tmpfs here (not root?); skipped")
                return
            }
            defer { CaptureEndToEndTests.FullDiskTests.unmount(disk) }
            // The reserve at 0: the once-a-second check never fires; the write error must be noticed.
            let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_VIDEOS_DIR": disk.path, "RETROCAM_MIN_FREE_MB": "0"])
            defer { daemon.stop() }
            let connection = try daemon.connect()
            defer { connection.close() }
            let ended = HeardSignals()
            try await connection.onSignal(path: DaemonHarness.path, interface: DaemonHarness.camera, member: "TakeEnded") { ended.add($0) }
            FileManager.default.createFile(atPath: disk.appendingPathComponent("ballast").path, contents: Data(count: 7 * 1024 * 1024))
            #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
            #expect(daemon.waitUntil(60) { !ended.all.isEmpty }, "no TakeEnded; log: \(daemon.logText)")
            let signal = try #require(ended.all.first)
            let path = signal.arguments.first?.stringValue ?? ""
            let dialog = signal.arguments.last?.stringValue ?? ""
            #expect(dialog.hasPrefix("The disk filled up, so the take was stopped and saved."), "\(dialog)")
            #expect(try daemon.property("Recording") == "b false")
            let pause = try daemon.gdbusCall(DaemonHarness.intents, "PauseClip")
            #expect(pause.stderr.contains(BusContract.ErrorName.notAllowed.name) && pause.stderr.contains("the clip already ended"), "\(pause.stderr)")
            let library = try LibraryFile(home: daemon.home)
            #expect(library.inProgress.isEmpty)
            #expect(library.takes.contains { $0.path == path }, "the clip was dropped from the index: \(library.takes)")
            let frames = try decodedFrames(path)
            print("disk full mid-clip: \(frames) frames kept in \(URL(fileURLWithPath: path).lastPathComponent)")
            #expect(frames > 0, "the kept clip does not play")
            #expect(daemon.answersPing())
        }

        @Test func aReadOnlyFolderIsNotAllowedWithItsNameForPhotosAndClips() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            for folder in ["Pictures/Retrocam", "Videos/Retrocam"] {
                let path = daemon.home.appendingPathComponent(folder).path
                let mount = try ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=8m", "tmpfs", path])
                try #require(mount.status == 0, "cannot mount a read-only folder here: \(mount.stderr)")
            }
            defer {
                for folder in ["Pictures/Retrocam", "Videos/Retrocam"] {
                    _ = try? ProcessRunner.run("/bin/umount", [daemon.home.appendingPathComponent(folder).path])
                }
            }
            let photo = try daemon.gdbusCall(DaemonHarness.intents, "TakePhoto")
            #expect(photo.stderr.contains(BusContract.ErrorName.notAllowed.name) && photo.stderr.contains("Pictures/Retrocam is read-only"), "\(photo.stderr)")
            let clip = try daemon.gdbusCall(DaemonHarness.intents, "StartClip")
            #expect(clip.stderr.contains(BusContract.ErrorName.notAllowed.name) && clip.stderr.contains("Videos/Retrocam is read-only"), "\(clip.stderr)")
            #expect(try daemon.property("Recording") == "b false")
            #expect((try? LibraryFile(home: daemon.home))?.inProgress.isEmpty ?? true)
        }

        @Test func undoTwiceAndAtOnceUnderLoadAnswersNotFoundNeverNoCamera() throws {
            // An hour's window: however slowly a loaded machine serves the UNDOs, the window is still
            // open for them, so what is proved is how concurrent UNDOs answer, not the machine's speed.
            let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_UNDO_SECONDS": "3600"])
            defer { daemon.stop() }
            let photo = try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").stdout))
            let load = DispatchGroup()
            let stop = HeardFlag()
            for _ in 0..<3 {
                DispatchQueue.global().async(group: load) {
                    guard let connection = try? daemon.connect() else { return }
                    defer { connection.close() }
                    while !stop.isSet {
                        _ = try? connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                                     interface: DaemonHarness.camera, method: "Adjust", [.string("degree"), .int32(1)])
                    }
                }
            }
            let answers = Answers()
            let undos = DispatchGroup()
            for _ in 0..<8 {
                DispatchQueue.global().async(group: undos) {
                    guard let connection = try? daemon.connect() else { return answers.add("no connection") }
                    defer { connection.close() }
                    do {
                        _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                                    interface: DaemonHarness.intents, method: "Undo", [])
                        answers.add("moved")
                    } catch let error as DBusError {
                        answers.add("\(error.name): \(error.message)")
                    } catch {
                        answers.add("\(error)")
                    }
                }
            }
            undos.wait()
            stop.set()
            load.wait()
            #expect(try daemon.property("UndoSecondsLeft") == "i 0", "the window closes with the take undone")
            let all = answers.all
            #expect(all.filter { $0 == "moved" }.count == 1, "\(all)")
            #expect(all.filter { $0 == "\(BusContract.ErrorName.notFound.name): The last take was already moved to the Trash." }.count == 7, "\(all)")
            #expect(!FileManager.default.fileExists(atPath: photo))
            let again = try daemon.gdbusCall(DaemonHarness.intents, "Undo")
            #expect(again.stderr.contains(BusContract.ErrorName.notFound.name), "a take already undone: \(again.stderr)")
        }

        @Test func tenThousandCallsCarryingFileDescriptorsLeaveTheDaemonsCountFlat() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            // A first round opens what the daemon opens once (threads, the caller's credentials).
            _ = try FileDescriptorFlood.run(environment: daemon.environment, calls: 200)
            let pid = daemon.process.processIdentifier
            // The count once the calls' descriptors are closed: two readings in a row agree.
            func settledCount() -> Int {
                var last = -1
                _ = daemon.waitUntil(30) {
                    let now = FileDescriptorFlood.count(pid)
                    defer { last = now }
                    return now == last
                }
                return last
            }
            let before = settledCount()
            let sent = try FileDescriptorFlood.run(environment: daemon.environment, calls: 10_000)
            #expect(sent.hasPrefix("sent 10000"), "\(sent)")
            #expect(daemon.answersPing())
            let after = settledCount()
            print("daemon file descriptors: \(before) before, \(after) after 10,000 calls carrying unix fds")
            #expect(after <= before + 3, "\(before) before, \(after) after (one leaked per call would be thousands)")
            #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0)
        }
    }
}

/// A flag set from one thread and read from others.
final class HeardFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// Calls the daemon many times with unix fds inside `a{sv}` and `v` parameters (`scripts/fd-flood.py`, dbus-python).
enum FileDescriptorFlood {

    static func run(environment: [String: String], calls: Int) throws -> String {
        let script = ProcessRunner.packageRoot.appendingPathComponent("scripts/fd-flood.py")
        let output = try ProcessRunner.run("/usr/bin/python3", [script.path, String(calls)], environment: environment, timeout: 600)
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + output.stderr
    }

    /// Open descriptors of process `pid`.
    static func count(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }
}
