import Foundation
import RetrocamTesting
import Testing

/// The bus's order is the camera's order: a script that sends `SetDecade` without waiting for its answer
/// and then `TakePhoto` gets a photo of that decade, every time — from two processes (`busctl
/// --expect-reply=no`, then another `busctl`) and over one connection (dbus-python's `send_message`, then
/// a blocking call). The take's index entry (ListTakes) and its file name both say the decade.
@Suite struct CallOrderThroughBusTests {
    static let decades = ["1950s", "1980s", "1920s", "2000s"]
    static let pairs = 32

    /// The decade each round sets.
    static func decade(_ round: Int) -> String { decades[round % decades.count] }

    /// Every take in the index, oldest first: (path, decade).
    static func takes(_ daemon: DaemonHarness) throws -> [(path: String, decade: String)] {
        let listed = try daemon.busctl(["--json=short", "call", DaemonHarness.busName, DaemonHarness.path, DaemonHarness.camera,
                                        "ListTakes", "ii", "0", "1000"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        let rows = ((json?["data"] as? [Any])?.first as? [[Any]]) ?? []
        return rows.reversed().map { ($0[0] as? String ?? "", $0[3] as? String ?? "") }
    }

    @Test func aPhotoBehindAnUnansweredSetDecadeFromAnotherProcessHasThatDecade() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        var paths: [String] = []
        for round in 0..<Self.pairs {
            let set = try daemon.busctl(["call", "--expect-reply=no", DaemonHarness.busName, DaemonHarness.path,
                                         DaemonHarness.intents, "SetDecade", "s", Self.decade(round)])
            #expect(set.status == 0, "\(set.stderr)")
            let photo = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
            #expect(photo.status == 0, "round \(round): \(photo.stderr)")
            let path = photo.stdout.split(separator: "\"").first { $0.hasPrefix("/") }.map(String.init) ?? ""
            #expect(path.contains("-\(Self.decade(round))-"), "round \(round) set \(Self.decade(round)), the photo is \(path)")
            paths.append(path)
        }
        let indexed = try Self.takes(daemon)
        #expect(indexed.map(\.path) == paths)
        #expect(indexed.map(\.decade) == (0..<Self.pairs).map(Self.decade), "the index says each photo's decade")
    }

    @Test func aPhotoBehindAnUnansweredSetDecadeOnTheSameConnectionHasThatDecade() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        // One connection: each SetDecade is sent without a reply expected, the TakePhoto behind it waits.
        let script = """
            import sys, dbus
            bus = dbus.SessionBus()
            camera = bus.get_object("\(DaemonHarness.busName)", "\(DaemonHarness.path)", introspect=False)
            intents = dbus.Interface(camera, "\(DaemonHarness.intents)")
            decades = sys.argv[2:]
            for round in range(int(sys.argv[1])):
                message = dbus.lowlevel.MethodCallMessage("\(DaemonHarness.busName)", "\(DaemonHarness.path)",
                                                          "\(DaemonHarness.intents)", "SetDecade")
                message.append(decades[round % len(decades)], signature="s")
                message.set_no_reply(True)
                bus.send_message(message)
                print(intents.TakePhoto()["path"], flush=True)
            """
        let run = try ProcessRunner.run("/usr/bin/python3", ["-c", script, String(Self.pairs)] + Self.decades,
                                        environment: daemon.environment, timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let paths = run.stdout.split(separator: "\n").map(String.init)
        #expect(paths.count == Self.pairs, "\(run.stdout) \(run.stderr)")
        for (round, path) in paths.enumerated() {
            #expect(path.contains("-\(Self.decade(round))-"), "round \(round) set \(Self.decade(round)), the photo is \(path)")
        }
        #expect(try Self.takes(daemon).map(\.decade) == (0..<Self.pairs).map(Self.decade), "the index says each photo's decade")
    }

    /// A setting made at once on the daemon's dispatch thread keeps the bus's order too: `busctl
    /// --expect-reply=no SetDegree`, then another process's Describe reads that degree, every round.
    /// It guards the order whichever path each call takes (at once, or in turn on the actor): nothing seen
    /// from the bus tells them apart, so it passes without the at-once path as well.
    @Test func aDescribeBehindAnUnansweredSetDegreeFromAnotherProcessReadsIt() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        for round in 0..<Self.pairs {
            let degree = round % 12 + 1
            let set = try daemon.busctl(["call", "--expect-reply=no", DaemonHarness.busName, DaemonHarness.path,
                                         DaemonHarness.intents, "SetDegree", "s", "\(degree)"])
            #expect(set.status == 0, "\(set.stderr)")
            let described = try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "degree"])
            #expect(described.stdout.contains(" \(degree) of 12"), "round \(round) set \(degree): \(described.stdout) \(described.stderr)")
        }
    }

    /// Two connections of one client send settings without waiting, interleaved (A, B, A, B…), and each reads
    /// right after: every read sees one of its round's two settings (the bus may deliver the two connections'
    /// settings either way round), never an older one. Like the test above, it guards the order whichever
    /// path the settings take, and passes without the at-once path as well.
    @Test func readsOnTwoConnectionsSeeTheSettingsSentBeforeThem() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let script = """
            import os, sys, dbus
            def connect():
                bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
                return bus, bus.get_object("\(DaemonHarness.busName)", "\(DaemonHarness.path)", introspect=False)
            def send_degree(bus, degree):
                message = dbus.lowlevel.MethodCallMessage("\(DaemonHarness.busName)", "\(DaemonHarness.path)",
                                                          "\(DaemonHarness.intents)", "SetDegree")
                message.append(str(degree), signature="s")
                message.set_no_reply(True)
                bus.send_message(message)
            (a, camera_a), (b, camera_b) = connect(), connect()
            for round in range(int(sys.argv[1])):
                mine, theirs = 2 * round % 12 + 1, 2 * round % 12 + 2
                send_degree(a, mine)
                send_degree(b, theirs)
                read_a = dbus.Interface(camera_a, "\(DaemonHarness.camera)").Describe("degree")
                read_b = dbus.Interface(camera_b, "\(DaemonHarness.camera)").Describe("degree")
                print(round, mine, theirs, "|", read_a, "|", read_b, flush=True)
            """
        let run = try ProcessRunner.run("/usr/bin/python3", ["-c", script, String(Self.pairs)], environment: daemon.environment,
                                        timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == Self.pairs, "\(run.stdout) \(run.stderr)")
        for line in lines {
            let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let sent = parts[0].split(separator: " ").map(String.init)
            let (mine, theirs) = (sent[1], sent[2])
            for read in parts.dropFirst() {
                #expect(read.hasSuffix(" \(mine) of 12") || read.hasSuffix(" \(theirs) of 12"), "\(line)")
            }
        }
    }

    /// A cold photo sent without waiting, then a setting and a Describe that wait, over one connection: they
    /// are answered (the photo passed its turn before waiting for the camera), and the photo has the decade
    /// set before it, not the one set after. (The caller stays on the bus until they are answered: a photo
    /// whose caller has left before its turn came is refused, since the gate cannot tell who asked.)
    @Test func aPhotoInProgressHoldsUpNeitherTheNextSettingNorDescribe() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "1970s"]).status == 0)
        let script = """
            import dbus
            bus = dbus.SessionBus()
            camera = bus.get_object("\(DaemonHarness.busName)", "\(DaemonHarness.path)", introspect=False)
            message = dbus.lowlevel.MethodCallMessage("\(DaemonHarness.busName)", "\(DaemonHarness.path)",
                                                      "\(DaemonHarness.intents)", "TakePhoto")
            message.set_no_reply(True)
            bus.send_message(message)
            dbus.Interface(camera, "\(DaemonHarness.intents)").SetDecade("1990s")
            print(dbus.Interface(camera, "\(DaemonHarness.camera)").Describe("decade"), flush=True)
            """
        let run = try ProcessRunner.run("/usr/bin/python3", ["-c", script], environment: daemon.environment, timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1990s"), "\(run.stdout)")
        #expect(daemon.waitUntil(30) { ((try? Self.takes(daemon)) ?? []).count == 1 }, "the photo was not saved; log: \(daemon.logText)")
        #expect(try Self.takes(daemon).map(\.decade) == ["1970s"])
    }
}
