// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Retrocam",
    products: [
        .executable(name: "retrocamd", targets: ["retrocamd"]),
        .executable(name: "retrocam", targets: ["retrocam"]),
        .executable(name: "retrocam-bench", targets: ["retrocam-bench"]),
    ],
    targets: [
        // C libraries from Debian, through pkg-config.
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CGStreamer", path: "Sources/CGStreamer",
                       pkgConfig: "gstreamer-1.0 gstreamer-app-1.0 gstreamer-video-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CPocketSphinx", path: "Sources/CPocketSphinx", pkgConfig: "pocketsphinx",
                       providers: [.apt(["libpocketsphinx-dev", "pocketsphinx-en-us"])]),
        // Our own small C layer for what Swift cannot call (variadics, cast macros, callbacks).
        .target(name: "CGstShim", dependencies: ["CGStreamer"], path: "Sources/CGstShim"),

        .target(name: "DBus", dependencies: ["CDBus"]),
        .target(name: "Body"),
        .target(name: "Engine", dependencies: ["CGStreamer", "CGstShim"]),
        .target(name: "Intents", dependencies: ["Body"]),
        .target(name: "Service", dependencies: ["DBus", "Intents", "Body"]),
        // Offline speech for `retrocam listen`: GStreamer audio in, pocketsphinx with a grammar made from the templates.
        .target(name: "Listening", dependencies: ["CPocketSphinx", "CGStreamer", "CGstShim", "Intents"]),
        // The desktop around the daemon: shutter keys (evdev), the GlobalShortcuts portal,
        // notifications, spoken replies, hotkey bindings.
        .target(name: "Desktop", dependencies: ["DBus", "Intents", "Body", "Service"]),
        .executableTarget(name: "retrocamd", dependencies: ["Service", "Intents", "Body", "Engine", "DBus", "Desktop"]),
        .executableTarget(name: "retrocam", dependencies: ["DBus", "Intents", "Listening"]),
        .executableTarget(name: "retrocam-bench", dependencies: ["DBus", "Intents"]),

        .testTarget(name: "DBusTests", dependencies: ["DBus"]),
        .testTarget(name: "BodyTests", dependencies: ["Body"]),
        .testTarget(name: "IntentsTests", dependencies: ["Intents", "Body"],
                    exclude: ["Voice/corpus.tsv", "Voice/hassil_check.py", "Voice/rhasspy_check.py", "Voice/ovos_check.py"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        .testTarget(name: "ServiceTests", dependencies: ["DBus"]),
        .testTarget(name: "ListeningTests", dependencies: ["Listening", "Intents"]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "DBus", "Intents", "Body"]),
    ]
)
