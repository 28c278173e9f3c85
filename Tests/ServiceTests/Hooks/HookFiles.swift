import Foundation

/// Hook programs for tests: real executables in the daemon's hooks folder, which write what they received.
struct HookFiles {
    /// `$XDG_CONFIG_HOME/retrocam/hooks` of the harness's home.
    let folder: URL
    /// Where the hooks write (the temporary home).
    let outbox: URL

    init(home: URL) throws {
        folder = home.appendingPathComponent("config/retrocam/hooks")
        outbox = home.appendingPathComponent("hook-output")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
    }

    /// Writes a shell hook at `name` (`take-saved`, `take-saved.d/copy`) with `mode`; `$OUT` is the outbox.
    @discardableResult
    func install(_ name: String, mode: mode_t = 0o700, _ body: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        chmod(url.deletingLastPathComponent().path, 0o700)
        try "#!/bin/sh\nOUT='\(outbox.path)'\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, mode)
        return url
    }

    /// A hook that writes its whole `RETROCAM_*` environment to `OUT/TAG-PID.env`.
    func installRecorder(_ name: String, tag: String) throws {
        try install(name, "env | grep '^RETROCAM_' | sort > \"$OUT/\(tag)-$$.tmp\" && mv \"$OUT/\(tag)-$$.tmp\" \"$OUT/\(tag)-$$.env\"")
    }

    /// The environments recorded under `tag`, each as a dictionary.
    func recorded(_ tag: String) -> [[String: String]] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: outbox.path)) ?? [])
            .filter { $0.hasPrefix(tag + "-") && $0.hasSuffix(".env") }.sorted()
        return files.compactMap { file in
            guard let text = try? String(contentsOf: outbox.appendingPathComponent(file), encoding: .utf8) else { return nil }
            var values: [String: String] = [:]
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            return values
        }
    }

    /// The lines of `OUT/NAME`, empty when it does not exist yet.
    func lines(_ name: String) -> [String] {
        ((try? String(contentsOf: outbox.appendingPathComponent(name), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
