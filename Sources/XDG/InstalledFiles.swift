import Foundation

/// Files installed beside the programs: `PREFIX/share/retrocam/…` when the running executable is
/// `PREFIX/bin/…`. Found from the executable's own location at run time, so no build folder is
/// compiled into a binary and a copy moved to another prefix still finds its files.
public enum InstalledFiles {
    /// `PREFIX/share/retrocam/<relative>` for the running executable, when that folder exists.
    public static func shared(_ relative: String, executable: URL? = runningExecutable) -> URL? {
        guard let executable else { return nil }
        let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/retrocam", isDirectory: true).appendingPathComponent(relative, isDirectory: true)
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue ? folder : nil
    }

    /// The running program's file (`/proc/self/exe`).
    public static var runningExecutable: URL? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(fileURLWithPath: $0) }
    }
}
