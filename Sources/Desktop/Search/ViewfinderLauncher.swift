import Foundation
import XDG

/// Starts the viewfinder window for the desktop's launchers (GNOME Shell's LaunchSearch, KRunner's
/// action): `retrocam-viewfinder` beside the daemon's own program, or `$RETROCAM_VIEWFINDER` when set.
/// It runs as a hook does (a clean slate, watched through a pidfd); the daemon does not wait for it.
struct ViewfinderLauncher: Sendable {
    /// The program started.
    let program: String
    let environment: [String: String]
    let log: @Sendable (String) -> Void

    init(environment: [String: String], log: @escaping @Sendable (String) -> Void,
         executable: URL? = InstalledFiles.runningExecutable) {
        self.environment = environment
        self.log = log
        program = environment["RETROCAM_VIEWFINDER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? executable?.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("retrocam-viewfinder").path
            ?? "retrocam-viewfinder"
    }

    /// Starts the viewfinder; a program that cannot start is said in the log.
    func open() {
        let process: HookProcess
        do throws(HookFailure) { process = try HookProcess.spawn(program, environment: environment) } catch {
            return log("search: the viewfinder \(program) \(error.reason)")
        }
        log("search: opened the viewfinder (\(program), pid \(process.pid)).")
        Task { [log, program] in
            if case .exited(let status) = await process.ending(), status != 0 {
                log("search: the viewfinder \(program) exited with status \(status).")
            }
        }
    }
}
