import BusNames
import DBus
import RetrocamTesting
import Foundation
import Testing

/// The consent and hostile-caller suites nest here: one daemon at a time, as the other end-to-end suites.
@Suite(.serialized) struct CallerEndToEndTests {}

extension CallerEndToEndTests {
    /// Know the caller: a real sandboxed caller (bwrap with a `/.flatpak-info`) against the real permission
    /// store (xdg-permission-store) on the private bus, refused and then allowed; the user's own programs
    /// are trusted; calls that do not film run for anyone.
    @Suite(.enabled(if: DesktopPeers.available)) struct ConsentTests {
        @Test func aSandboxedAppFilmsOnlyWithTheDesktopsConsent() throws {
            let bus = try PrivateBus()
            let store = try PermissionStorePeer(bus: bus)
            defer { store.stop() }
            let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_CONSENT_TIMEOUT": "3"], bus: bus)
            defer { daemon.stop() }
            let folder = daemon.home
            let app = SandboxedCaller(appID: "org.example.Cam", environment: daemon.environment)

            // Never asked: refused with a sentence that says how to allow it; nothing is saved.
            let refused = try app.call(BusContract.intentsInterface, "TakePhoto", folder: folder)
            #expect(refused.hasPrefix("ERR \(BusContract.ErrorName.notAllowed.name):"), "\(refused)")
            #expect(refused.contains("org.example.Cam") && refused.contains("flatpak permission-set devices camera org.example.Cam yes"), "\(refused)")
            let pictures = daemon.home.appendingPathComponent("Pictures/Retrocam")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: pictures.path))?.isEmpty ?? true)

            // Every capturing path is refused the same way, not only TakePhoto.
            for (interface, method, arguments) in [
                (BusContract.intentsInterface, "StartClip", [String]()), (BusContract.intentsInterface, "ToggleRecord", []),
                (BusContract.intentsInterface, "Undo", []), (BusContract.intentsInterface, "Perform", ["s:takephoto", "d:{}"]),
                (BusContract.intentsInterface, "Interpret", ["s:take a picture", "b:true"]),
                (BusContract.cameraInterface, "Shutter", ["s:release"]), (BusContract.cameraInterface, "Activate", ["s:rec"]),
                (BusContract.cameraInterface, "Adjust", ["s:menu.virtual-camera", "i:1"]),
                (BusContract.cameraInterface, "Choose", ["s:menu.virtual-camera", "s:On"]),
                (BusContract.shortcutsInterface, "RunShortcut", ["s:timelapse"]), (BusContract.shortcutsInterface, "ReleaseAction", []),
            ] {
                let answer = try app.call(interface, method, arguments, folder: folder)
                #expect(answer.hasPrefix("ERR \(BusContract.ErrorName.notAllowed.name):"), "\(method): \(answer)")
            }
            // What does not film runs for anyone, and saying what an utterance means performs nothing.
            #expect(try app.call(BusContract.intentsInterface, "SetDecade", ["s:1970s"], folder: folder).hasPrefix("OK"))
            #expect(try app.call(BusContract.intentsInterface, "Interpret", ["s:take a picture", "b:false"], folder: folder).hasPrefix("OK"))
            #expect(try app.call(BusContract.cameraInterface, "Activate", ["s:light"], folder: folder).hasPrefix("OK"))
            #expect(try app.call(BusContract.cameraInterface, "Choose", ["s:menu.virtual-camera", "s:Off"], folder: folder).hasPrefix("OK"))
            #expect(try app.call(BusContract.cameraInterface, "Adjust", ["s:menu.date-imprint", "i:1"], folder: folder).hasPrefix("OK"))

            // The user says no in the portal's dialog: still refused, and the sentence says so.
            try store.setCamera("org.example.Cam", ["no"])
            let denied = try app.call(BusContract.intentsInterface, "TakePhoto", folder: folder)
            #expect(denied.contains("NotAllowed") && denied.contains("refused"), "\(denied)")

            // The user allows it: the same app now films.
            try store.setCamera("org.example.Cam", ["yes"])
            let allowed = try app.call(BusContract.intentsInterface, "TakePhoto", folder: folder)
            #expect(allowed.hasPrefix("OK") && allowed.contains(".jpg"), "\(allowed)")
            // Another app is not allowed by it.
            let other = try SandboxedCaller(appID: "org.example.Other", environment: daemon.environment)
                .call(BusContract.intentsInterface, "TakePhoto", folder: folder)
            #expect(other.contains("NotAllowed") && other.contains("org.example.Other"), "\(other)")
            // The user's own programs are trusted.
            #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0)
            #expect(daemon.logText.contains("refused TakePhoto to"), "the refusals are logged")
        }

        @Test func aStalledPermissionStoreIsATimelyRefusalAndNobodyElseWaits() throws {
            let bus = try PrivateBus()
            let store = try PermissionStorePeer(bus: bus)
            defer { store.stop() }
            let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_CONSENT_TIMEOUT": "2"], bus: bus)
            defer { daemon.stop() }
            try store.setCamera("org.example.Cam", ["yes"])
            let lookups = try BusMonitor(address: bus.address, member: "Lookup")
            defer { lookups.stop() }
            store.peer.signal(SIGSTOP)
            let app = SandboxedCaller(appID: "org.example.Cam", environment: daemon.environment)
            let answers = Answers()
            let group = DispatchGroup()
            for _ in 0..<4 {
                DispatchQueue.global().async(group: group) {
                    let answer = (try? app.call(BusContract.intentsInterface, "TakePhoto", folder: daemon.home)) ?? "failed to run"
                    answers.add(answer)
                }
            }
            // While the four wait on the store (the daemon has asked it), everyone else is answered.
            #expect(lookups.waitForCalls(1), "the daemon asked the permission store")
            for _ in 0..<20 { #expect(try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "zoom"]).status == 0) }
            #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0, "a trusted caller films meanwhile")
            group.wait()
            for answer in answers.all {
                #expect(answer.contains("NotAllowed") && answer.contains("did not answer"), "\(answer)")
            }
            store.peer.signal(SIGCONT)
        }
    }
}

/// Lines collected from several threads.
final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
