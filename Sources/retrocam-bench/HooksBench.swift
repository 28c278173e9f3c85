import BusNames
import Foundation

/// The user's hooks, on a daemon of its own: how soon a take's hook starts once its file is complete, and
/// whether a hook that sleeps 60 s changes a photo's latency.
enum HooksBench {
    /// Runs both figures; `photos` photos each.
    static func run(binDirectory: URL, photos: Int) throws -> [String] {
        let daemon = try BenchDaemon(binDirectory: binDirectory)
        defer { daemon.stop() }
        let folder = daemon.home.appendingPathComponent("config/retrocam/hooks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let hook = folder.appendingPathComponent("take-saved")
        let starts = daemon.home.appendingPathComponent("hook-starts")
        return [try startDelay(daemon, hook: hook, starts: starts, photos: photos),
                try latencyBesideASleepingHook(daemon, hook: hook, photos: photos)]
    }

    /// The hook's first act is reading the clock; the take's file was complete at its modification time
    /// (a photo is written to a hidden file and linked to its name when complete). Photos are taken one
    /// after the other, each once the last one's hook has started.
    private static func startDelay(_ daemon: BenchDaemon, hook: URL, starts: URL, photos: Int) throws -> String {
        try "#!/bin/sh\necho \"$(date +%s.%N) $RETROCAM_PATH\" >> '\(starts.path)'\n".write(to: hook, atomically: true, encoding: .utf8)
        chmod(hook.path, 0o700)
        var delays: [Double] = []
        for index in 0..<photos {
            try daemon.call(BusContract.intentsInterface, "TakePhoto")
            let deadline = Date().addingTimeInterval(10)
            var lines: [Substring] = []
            repeat {
                lines = ((try? String(contentsOf: starts, encoding: .utf8)) ?? "").split(separator: "\n")
                if lines.count > index { break }
                Thread.sleep(forTimeInterval: 0.002)
            } while Date() < deadline
            guard lines.count > index else { throw BenchError("the hook of photo \(index + 1) did not start within 10 s") }
            let parts = lines[index].split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let started = Double(parts[0]) else { throw BenchError("the hook wrote '\(lines[index])'") }
            var info = stat()
            guard stat(parts[1], &info) == 0 else { throw BenchError("no file at \(parts[1])") }
            let complete = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            delays.append((started - complete) * 1000)
        }
        let stats = Stats(delays)
        return String(format: "take-saved hook start, file complete → hook running: p50 %.1f ms, p99 %.1f ms (%d photos; goal < 50 ms; "
                      + "includes /bin/sh starting and one date(1))", stats.p50, stats.p99, stats.samples.count)
    }

    /// TakePhoto round trips in alternating blocks of ten, the same daemon, the same minute: with a take-saved
    /// hook that sleeps 60 s (the block's first photo starts it; the others' hooks wait behind it), and with no
    /// hook at all (the sleeper of the block before stopped and gone first, so nothing of it is left running).
    private static func latencyBesideASleepingHook(_ daemon: BenchDaemon, hook: URL, photos: Int) throws -> String {
        let pidFile = daemon.home.appendingPathComponent("sleeper.pid")
        let block = 10
        var with: [Double] = [], without: [Double] = []
        func stopSleeper() throws {
            try? FileManager.default.removeItem(at: hook)
            guard let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
            kill(-pid, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while kill(pid, 0) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            try? FileManager.default.removeItem(at: pidFile)
        }
        for round in 0..<(2 * max(1, photos / block)) {
            let sleeping = round % 2 == 1
            if sleeping {
                try "#!/bin/sh\necho $$ > '\(pidFile.path)'\nexec sleep 60\n".write(to: hook, atomically: true, encoding: .utf8)
                chmod(hook.path, 0o700)
            } else {
                try stopSleeper()
            }
            for _ in 0..<block {
                let took = try milliseconds { try daemon.call(BusContract.intentsInterface, "TakePhoto") }
                if sleeping { with.append(took) } else { without.append(took) }
            }
        }
        try stopSleeper()
        let sleeping = Stats(with), none = Stats(without)
        return String(format: "TakePhoto with a 60-second hook sleeping: p50 %.2f ms, p99 %.2f ms; with no hook: p50 %.2f ms, p99 %.2f ms; "
                      + "ratio p50 %.2f (%d each, alternating blocks of %d; goal: the same within noise)",
                      sleeping.p50, sleeping.p99, none.p50, none.p99, sleeping.p50 / none.p50, with.count, block)
    }
}
