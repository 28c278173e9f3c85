import Foundation
import RetrocamTesting
import Testing

/// `retrocamd --check` against GStreamer installations where elements are really missing: a plugin
/// folder of links to every installed plugin but one, or none at all, with a registry of its own.
/// The daemon on such an installation says what is missing in one line at start and answers
/// NoCamera with the element and the package, instead of a late "no element".
@Suite(.serialized) struct InstallCheckTests {
    /// A GStreamer plugin folder holding links to the installed plugins except `leaving`, and the
    /// environment that makes GStreamer use only it (and a registry of its own).
    final class ReducedGStreamer: @unchecked Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-gst-\(UUID().uuidString.prefix(8))")
        let environment: [String: String]

        init(leaving excluded: Set<String>, all: Bool = true) throws {
            let plugins = root.appendingPathComponent("plugins")
            try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
            let installed = try Self.pluginsDirectory()
            if all {
                for name in try FileManager.default.contentsOfDirectory(atPath: installed) where name.hasSuffix(".so") && !excluded.contains(name) {
                    try FileManager.default.createSymbolicLink(atPath: plugins.appendingPathComponent(name).path,
                                                               withDestinationPath: installed + "/" + name)
                }
            }
            var environment = ProcessInfo.processInfo.environment
            environment["GST_PLUGIN_SYSTEM_PATH_1_0"] = plugins.path
            environment["GST_PLUGIN_PATH_1_0"] = ""
            environment["GST_PLUGIN_PATH"] = ""
            environment["GST_REGISTRY_1_0"] = root.appendingPathComponent("registry.bin").path
            self.environment = environment
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Where this machine's GStreamer plugins are (pkg-config's answer).
        static func pluginsDirectory() throws -> String {
            let answer = try ProcessRunner.run("/usr/bin/pkg-config", ["--variable=pluginsdir", "gstreamer-1.0"])
            let path = answer.text
            try #require(answer.status == 0 && !path.isEmpty, "pkg-config knows no GStreamer plugins folder: \(answer.stderr)")
            return path
        }

        func check() throws -> ProcessOutput {
            try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocamd").path, ["--check"],
                                  environment: environment, timeout: 120)
        }
    }

    static let elementCount = 31

    @Test func everythingInstalledIsOneLineAndExitZero() throws {
        let output = try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocamd").path, ["--check"])
        #expect(output.status == 0, "\(output.stdout) \(output.stderr)")
        #expect(output.text == "retrocamd: all \(Self.elementCount) GStreamer elements the camera uses are installed.")
    }

    @Test func aMissingPluginIsNamedWithItsElementAndPackage() throws {
        let gst = try ReducedGStreamer(leaving: ["libgstpango.so"])
        let output = try gst.check()
        #expect(output.status == 1, "\(output.stdout) \(output.stderr)")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines == [
            "missing: textoverlay — the date imprint — Debian package gstreamer1.0-x",
            "retrocamd: 1 of \(Self.elementCount) GStreamer elements are missing; install: apt-get install gstreamer1.0-x",
        ], "\(output.text)")
    }

    @Test func anOptionalElementSaysWhatItIsNeededFor() throws {
        let gst = try ReducedGStreamer(leaving: ["libgstpipewire.so"])
        let output = try gst.check()
        #expect(output.status == 1)
        #expect(output.text.contains("missing: pipewiresrc — PipeWire cameras (needed for PipeWire cameras only) — Debian package gstreamer1.0-pipewire"),
                "\(output.text)")
    }

    @Test func noPluginsAtAllListsEveryElement() throws {
        let gst = try ReducedGStreamer(leaving: [], all: false)
        let output = try gst.check()
        #expect(output.status == 1)
        let missing = output.text.split(separator: "\n").filter { $0.hasPrefix("missing: ") }
        #expect(missing.count == Self.elementCount, "\(output.text)")
        #expect(output.text.contains("\(Self.elementCount) of \(Self.elementCount) GStreamer elements are missing"))
        #expect(output.text.contains("gstreamer1.0-plugins-good") && output.text.contains("gstreamer1.0-x"))
    }

    @Test func theDaemonSaysItAtStartAndAnswersNoCameraWithThePackage() throws {
        let (gst, daemon, line) = try Self.daemon(without: "libgstpango.so", naming: "textoverlay")
        defer { daemon.stop(); withExtendedLifetime(gst) {} }
        #expect(line == "retrocamd: GStreamer's textoverlay (the date imprint) is missing; install the Debian package "
            + "gstreamer1.0-x: photos and clips will answer NoCamera until it is installed (retrocamd --check lists them)",
            "the first line of the log says it: \(daemon.logText)")
        let photo = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        #expect(photo.status != 0)
        #expect(photo.stderr.contains("GStreamer's textoverlay (the date imprint) is missing; install the Debian package gstreamer1.0-x"),
                "\(photo.stderr)")
        #expect(daemon.answersPing())
    }

    @Test func aMissingPreviewElementCostsOnlyThePreview() throws {
        let (gst, daemon, line) = try Self.daemon(without: "libgstshm.so", naming: "shmsink")
        defer { daemon.stop(); withExtendedLifetime(gst) {} }
        #expect(line == "retrocamd: GStreamer's shmsink (the viewfinder's preview) is missing; install the Debian package "
            + "gstreamer1.0-plugins-bad: the viewfinder's preview cannot be used until it is installed (retrocamd --check lists them)",
            "the first line of the log says it: \(daemon.logText)")
        let photo = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        #expect(photo.status == 0, "a photo needs no preview: \(photo.stderr)")
    }

    /// A daemon on a GStreamer without `plugin` (kept while the daemon runs: plugins load when first used),
    /// and the line of its log that names `element`.
    static func daemon(without plugin: String, naming element: String) throws
        -> (gst: ReducedGStreamer, daemon: DaemonHarness, line: String) {
        let gst = try ReducedGStreamer(leaving: [plugin])
        let daemon = try DaemonHarness(extraEnvironment: gst.environment.filter { $0.key.hasPrefix("GST_") })
        let line = daemon.logText.split(separator: "\n").first { $0.contains(element) }.map(String.init) ?? ""
        return (gst, daemon, line)
    }
}
