import Body
import Engine
import Foundation

/// `retrocamd --check` and the start-up check: is every GStreamer element the camera uses installed?
/// Reads `PipelineElements.all`, the list the pipelines are built from.
enum InstallCheck {
    /// Prints one line per missing element (the element, what it is for, the Debian package that
    /// brings it) and a summary, and answers the exit status: 0 when everything is there, 1 if not.
    static func run() -> Int32 {
        let all = PipelineElements.all
        let absent = PipelineElements.missing()
        for element in absent {
            let scope = element.onlyFor.map { " (needed for \($0) only)" } ?? ""
            print("missing: \(element.name) — \(element.use)\(scope) — Debian package \(element.package)")
        }
        if absent.isEmpty {
            print("retrocamd: all \(all.count) GStreamer elements the camera uses are installed.")
            return 0
        }
        let packages = Set(absent.map(\.package)).sorted().joined(separator: " ")
        print("retrocamd: \(absent.count) of \(all.count) GStreamer elements are missing; install: apt-get install \(packages)")
        return 1
    }

    /// The one line the daemon logs at start when something is missing (nil when all is there).
    static func startupLine() -> String? {
        let absent = PipelineElements.missing()
        guard !absent.isEmpty else { return nil }
        let always = absent.filter { $0.onlyFor == nil }
        let consequence = always.isEmpty
            ? "\(Spoken.list(Set(absent.compactMap(\.onlyFor)).sorted(), conjunction: "and")) cannot be used until it is installed"
            : "photos and clips will answer NoCamera until it is installed"
        return "\(PipelineElements.sentence(absent)): \(consequence) (retrocamd --check lists them)"
    }
}
