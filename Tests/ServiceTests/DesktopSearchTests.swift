import BusNames
import Foundation
import RetrocamTesting
import Testing

/// The desktop's search against a real daemon, called as gnome-shell (`gdbus`) and KRunner (`busctl`)
/// call it: terms → ids → metas → activate, with the camera's properties and takes checked afterwards.
@Suite(.serialized) struct DesktopSearchTests {
    static let provider = BusContract.searchProviderInterface
    static let runner = BusContract.krunnerInterface

    /// `gdbus call` on the search provider's object.
    static func shell(_ daemon: DaemonHarness, _ method: String, _ args: [String]) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/gdbus", ["call", "--session", "--dest", BusContract.busName,
                                                 "--object-path", BusContract.searchProviderPath,
                                                 "--method", "\(provider).\(method)"] + args, environment: daemon.environment)
    }

    /// The ids in a `GetInitialResultSet` answer, `(['1-0', '1-1'],)`.
    static func ids(_ output: ProcessOutput) -> [String] {
        output.stdout.matches(of: /'([0-9]+-[0-9]+)'/).map { String($0.output.1) }
    }

    /// The `name` of each meta in a `GetResultMetas` answer, in order.
    static func names(_ output: ProcessOutput) -> [String] {
        output.stdout.matches(of: /'name': <'([^']*)'>/).map { String($0.output.1) }
    }

    static func decade(_ daemon: DaemonHarness) throws -> String {
        try daemon.busctl(["get-property", BusContract.busName, BusContract.objectPath, BusContract.cameraInterface, "Decade"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func photos(_ daemon: DaemonHarness) -> [String] {
        let folder = daemon.home.appendingPathComponent("Pictures/Retrocam")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".jpg") }
    }

    @Test func gnomeShellFindsActivatesAndForgetsOlderSearches() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }

        // "eighties": the decade, said as what will happen, with the value it has now.
        let seventies = try Self.shell(daemon, "GetInitialResultSet", ["['eighties']"])
        #expect(seventies.status == 0, "\(seventies.stderr)")
        let ids = Self.ids(seventies)
        try #require(!ids.isEmpty, "\(seventies.stdout)")
        #expect(ids.count <= 8)
        let metas = try Self.shell(daemon, "GetResultMetas", ["['\(ids[0])']"])
        #expect(Self.names(metas).first == "Set the decade to the 1980s", "\(metas.stdout)")
        #expect(metas.stdout.contains("'description': <'Now: 1970s"), "\(metas.stdout)")
        #expect(metas.stdout.contains("'gicon': <'"), "\(metas.stdout)")
        #expect(try Self.decade(daemon) == "s \"1970s\"", "nothing is performed by searching")
        let activated = try Self.shell(daemon, "ActivateResult", [ids[0], "['eighties']", "0"])
        #expect(activated.status == 0, "\(activated.stderr)")
        #expect(try Self.decade(daemon) == "s \"1980s\"")

        // "photo": a capturing result says so, and activating it takes the photo.
        let photo = Self.ids(try Self.shell(daemon, "GetSubsearchResultSet", ["@as []", "['photo']"]))
        try #require(!photo.isEmpty)
        let photoMetas = try Self.shell(daemon, "GetResultMetas", ["['\(photo[0])']"])
        #expect(Self.names(photoMetas).first?.lowercased().hasSuffix("take a photo") == true, "\(photoMetas.stdout)")
        #expect(photoMetas.stdout.contains("Uses the camera."), "\(photoMetas.stdout)")
        #expect(Self.photos(daemon).isEmpty)
        #expect(try Self.shell(daemon, "ActivateResult", [photo[0], "['photo']", "0"]).status == 0)
        #expect(Self.photos(daemon).count == 1, "the photo is saved when ActivateResult answers")

        // An id of the older search ("photo") and one never given do nothing, and the log says so.
        #expect(try Self.shell(daemon, "GetInitialResultSet", ["['sixties']"]).status == 0)
        #expect(try Self.shell(daemon, "ActivateResult", [photo[0], "['photo']", "0"]).status == 0)
        #expect(try Self.shell(daemon, "ActivateResult", ["no-such-result", "['photo']", "0"]).status == 0)
        #expect(Self.photos(daemon).count == 1, "no photo from an old id")
        #expect(daemon.logText.contains("is a result of an older search, so it is not activated"), "\(daemon.logText)")
        #expect(daemon.logText.contains("no-such-result is not a result of a search"), "\(daemon.logText)")
        let oldMetas = try Self.shell(daemon, "GetResultMetas", ["['\(photo[0])', 'x']"])
        #expect(oldMetas.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@aa{sv} [],)", "\(oldMetas.stdout)")
    }

    @Test func oversizedAndEmptySearchesAreAnsweredAtOnceWithNothing() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let thousand = "[" + (0..<1000).map { "'photo\($0)'" }.joined(separator: ", ") + "]"
        let huge = "['" + String(repeating: "seventies ", count: 6554) + "']"
        for terms in ["@as []", "['']", "['   ']", thousand, huge] {
            let started = Date()
            let answer = try Self.shell(daemon, "GetInitialResultSet", [terms])
            #expect(answer.status == 0, "\(answer.stderr)")
            #expect(Self.ids(answer).isEmpty, "\(answer.stdout.prefix(200))")
            #expect(Date().timeIntervalSince(started) < 10, "answered, not timed out")
        }
        #expect(daemon.logText.contains("more than 12 words"), "\(daemon.logText)")
        #expect(daemon.logText.contains("longer than 160 characters"), "\(daemon.logText)")
        // Wrong types are InvalidArgs, and the daemon goes on.
        let wrong = try daemon.busctl(["call", BusContract.busName, BusContract.searchProviderPath, Self.provider,
                                       "GetInitialResultSet", "s", "photo"])
        #expect(wrong.stderr.contains("expects arguments of signature"), "\(wrong.stderr)")
        #expect(daemon.answersPing())
    }

    @Test func kRunnerMatchesRunsAndOpensTheViewfinder() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("viewfinder-\(UUID().uuidString)")
        let fake = FileManager.default.temporaryDirectory.appendingPathComponent("fake-viewfinder-\(UUID().uuidString)")
        try "#!/bin/sh\necho \"$DBUS_SESSION_BUS_ADDRESS\" > '\(marker.path)'\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        defer { try? FileManager.default.removeItem(at: fake); try? FileManager.default.removeItem(at: marker) }
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_VIEWFINDER": fake.path])
        defer { daemon.stop() }
        func call(_ method: String, _ args: [String]) throws -> ProcessOutput {
            try daemon.busctl(["--json=short", "call", BusContract.busName, BusContract.krunnerPath, Self.runner, method] + args)
        }
        let actions = try call("Actions", [])
        #expect(actions.stdout.contains("\"viewfinder\""), "\(actions.stdout)")
        let match = try call("Match", ["s", "eighties"])
        #expect(match.status == 0, "\(match.stderr)")
        #expect(match.stdout.contains("\"Set the decade to the 1980s\""), "\(match.stdout)")
        #expect(match.stdout.contains("\"subtext\""), "\(match.stdout)")
        let first = try #require(match.stdout.firstMatch(of: /\[\["([0-9]+-[0-9]+)"/).map { String($0.output.1) }, "\(match.stdout)")
        #expect(try call("Run", ["ss", first, ""]).status == 0)
        #expect(try Self.decade(daemon) == "s \"1980s\"")
        let unknownAction = try call("Run", ["ss", first, "frobnicate"])
        #expect(unknownAction.stderr.contains("There is no action frobnicate"), "\(unknownAction.stderr)")

        // GNOME Shell's LaunchSearch and KRunner's action both start the viewfinder, on the daemon's bus.
        #expect(try Self.shell(daemon, "LaunchSearch", ["['seventies']", "0"]).status == 0)
        // The viewfinder is another process: its marker file is what says it started.
        _ = daemon.waitUntil(20) { FileManager.default.fileExists(atPath: marker.path) }
        #expect((try? String(contentsOf: marker, encoding: .utf8))?.contains(daemon.bus.address) == true, "\(daemon.logText)")
        try? FileManager.default.removeItem(at: marker)
        #expect(try call("Run", ["ss", first, "viewfinder"]).status == 0)
        _ = daemon.waitUntil(20) { FileManager.default.fileExists(atPath: marker.path) }
        #expect(FileManager.default.fileExists(atPath: marker.path), "\(daemon.logText)")
    }

    /// A sandboxed app searching as gnome-shell does: what does not film it may activate; a photo is refused
    /// as TakePhoto is on the bus, and nothing is taken.
    @Test(.enabled(if: DesktopPeers.available)) func aSandboxedCallerIsRefusedACapturingResult() throws {
        let bus = try PrivateBus()
        let store = try PermissionStorePeer(bus: bus)
        defer { store.stop() }
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_CONSENT_TIMEOUT": "3"], bus: bus)
        defer { daemon.stop() }
        let script = daemon.home.appendingPathComponent("searcher.py")
        try #"""
        import dbus, sys
        bus = dbus.SessionBus()
        provider = dbus.Interface(bus.get_object("\#(BusContract.busName)", "\#(BusContract.searchProviderPath)", introspect=False),
                                  "\#(Self.provider)")
        ids = provider.GetInitialResultSet([sys.argv[1]])
        try:
            provider.ActivateResult(ids[0], [sys.argv[1]], dbus.UInt32(0))
            print("OK")
        except dbus.DBusException as error:
            print("ERR", error.get_dbus_name() + ":", error.get_dbus_message())
        """#.write(to: script, atomically: true, encoding: .utf8)
        let app = SandboxedCaller(appID: "org.example.Cam", environment: daemon.environment)
        func search(_ words: String) throws -> String {
            let launcher = try app.launcher(folder: daemon.home)
            let output = try ProcessRunner.run(launcher[0], Array(launcher.dropFirst()) + [DesktopPeers.python, script.path, words],
                                               environment: daemon.environment, timeout: 90)
            return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + output.stderr
        }
        let refused = try search("photo")
        #expect(refused.hasPrefix("ERR \(BusContract.ErrorName.notAllowed.name):") && refused.contains("org.example.Cam"), "\(refused)")
        #expect(Self.photos(daemon).isEmpty)
        #expect(try search("eighties") == "OK")
        #expect(try Self.decade(daemon) == "s \"1980s\"")
    }

    /// The provider and runner files name what the daemon serves, and the desktop files validate.
    @Test func theProviderAndRunnerFilesNameTheDaemonsObjects() throws {
        let root = ProcessRunner.packageRoot
        let ini = try String(contentsOf: root.appendingPathComponent("desktop/org.retrocam.Camera.search-provider.ini"), encoding: .utf8)
        #expect(ini.contains("[Shell Search Provider]"))
        #expect(ini.contains("BusName=\(BusContract.busName)\n") && ini.contains("ObjectPath=\(BusContract.searchProviderPath)\n"))
        #expect(ini.contains("Version=2\n"))
        let desktopID = try #require(ini.firstMatch(of: /DesktopId=(\S+)/).map { String($0.output.1) })
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("desktop/\(desktopID)").path), "\(desktopID)")
        let runner = root.appendingPathComponent("desktop/retrocam-krunner.desktop")
        let text = try String(contentsOf: runner, encoding: .utf8)
        #expect(text.contains("X-Plasma-API=DBus\n"))
        #expect(text.contains("X-Plasma-DBusRunner-Service=\(BusContract.busName)\n"))
        #expect(text.contains("X-Plasma-DBusRunner-Path=\(BusContract.krunnerPath)\n"))
        let validate = "/usr/bin/desktop-file-validate"
        if FileManager.default.isExecutableFile(atPath: validate) {
            let checked = try ProcessRunner.run(validate, [runner.path, root.appendingPathComponent("desktop/\(desktopID)").path])
            #expect(checked.status == 0 && checked.stdout.isEmpty, "\(checked.stdout)\(checked.stderr)")
        }
        for script in ["scripts/install", "packaging/layout.sh"] {
            let installer = try String(contentsOf: root.appendingPathComponent(script), encoding: .utf8)
            #expect(installer.contains("gnome-shell/search-providers") && installer.contains("krunner/dbusplugins"), "\(script)")
        }
    }
}
