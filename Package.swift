// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Retrocam",
    products: [
        .executable(name: "retrocamd", targets: ["retrocamd"]),
        .executable(name: "retrocam", targets: ["retrocam"]),
        .executable(name: "retrocam-bench", targets: ["retrocam-bench"]),
        .executable(name: "retrocam-viewfinder", targets: ["retrocam-viewfinder"]),
    ],
    targets: [
        // C libraries from Debian, through pkg-config.
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CGStreamer", path: "Sources/CGStreamer",
                       pkgConfig: "gstreamer-1.0 gstreamer-app-1.0 gstreamer-video-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CGLib", path: "Sources/CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CPocketSphinx", path: "Sources/CPocketSphinx", pkgConfig: "pocketsphinx",
                       providers: [.apt(["libpocketsphinx-dev", "pocketsphinx-en-us"])]),
        // Our own small C layer for what Swift cannot call (variadics, cast macros, callbacks).
        .target(name: "CGstShim", dependencies: ["CGStreamer"], path: "Sources/CGstShim"),
        // libpipewire, for who reads the virtual camera (its registry's links), and the C layer over it.
        .systemLibrary(name: "CPipeWire", path: "Sources/CPipeWire", pkgConfig: "libpipewire-0.3",
                       providers: [.apt(["libpipewire-0.3-dev"])]),
        .target(name: "CPipeWireLinks", dependencies: ["CPipeWire"], path: "Sources/CPipeWireLinks"),
        // The virtual camera's node: a PipeWire stream of ours offering webcam formats, fed by an appsink.
        .target(name: "CPipeWireCamera", dependencies: ["CPipeWire", "CGStreamer"], path: "Sources/CPipeWireCamera"),
        // The viewfinder's GTK 3 (its accessible tree reaches AT-SPI through the ATK bridge) and its C layer.
        .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk+-3.0",
                       providers: [.apt(["libgtk-3-dev"])]),
        .target(name: "CViewfinder", dependencies: ["CGtk", "CGStreamer", "CGstShim"], path: "Sources/CViewfinder"),

        // The order calls take effect in: a lane that starts each call once the one before has taken effect.
        .target(name: "CallOrder"),
        // Answers already worked out, shared between threads, kept up to a bound.
        .target(name: "BoundedMemo"),
        .target(name: "DBus", dependencies: ["CDBus", "CallOrder", "BoundedMemo"]),
        // The one command-line parser of the three programs: tokens, option tables, help that fits 80 columns.
        .target(name: "CommandLineOptions"),
        // The bus names of Retrocam's contract, in one place for the daemon, the client, the bench and the tests.
        .target(name: "BusNames"),
        // The user's folders in one place: XDG base directories, and Pictures/Videos through GLib.
        .target(name: "XDG", dependencies: ["CGLib"]),
        // The desktops' own hotkey settings (sway, i3, Hyprland, KDE, GNOME), written without harm.
        .target(name: "Hotkeys", dependencies: ["Body", "XDG"]),
        .target(name: "Body"),
        // The one bounded pool of threads where blocking work (GStreamer, the disk, other programs) runs.
        .target(name: "Blocking"),
        .target(name: "Engine", dependencies: ["Blocking", "Body", "CGStreamer", "CGstShim", "CPipeWireLinks", "CPipeWireCamera", "XDG"]),
        // Pronunciations: the CMU dictionary of the speech model, espeak-ng for the words it lacks, phone distances.
        .target(name: "Pronunciation"),
        .target(name: "Intents", dependencies: ["Blocking", "BoundedMemo", "Body", "BusNames", "XDG", "CallOrder", "Pronunciation"]),
        // Hooks and automations as files: the hooks folder and its rules, event automations, timer units.
        .target(name: "Automation", dependencies: ["XDG"]),
        // The C calls a child process needs that Swift's Glibc module leaves out (pidfd_open, closefrom, a clean signal state).
        .systemLibrary(name: "CSpawn", path: "Sources/CSpawn"),
        .target(name: "Service", dependencies: ["Blocking", "CallOrder", "DBus", "BusNames", "Intents", "Body"]),
        // The engine as the intents and the bus see it: the capture device, its looks, the preview source.
        .target(name: "Device", dependencies: ["Blocking", "Body", "CallOrder", "Engine", "Intents", "Service"]),
        // Offline speech for `retrocam listen`: GStreamer audio in, pocketsphinx with a grammar made from the templates.
        .target(name: "Listening", dependencies: ["CPocketSphinx", "CGStreamer", "CGstShim", "Intents", "Pronunciation"]),
        // The desktop around the daemon: shutter keys (evdev), the GlobalShortcuts portal,
        // notifications, spoken replies, hotkey bindings.
        .target(name: "Desktop", dependencies: ["Blocking", "DBus", "BusNames", "Intents", "Body", "Service", "Hotkeys", "XDG", "Automation", "CSpawn", "CallOrder"]),
        // The one test-support target, for the tests and the bench (not shipped): a private dbus-daemon and
        // the bus fuzzer's parts, a real PipeWire with virtual cameras, the fake camera, the media probe
        // (gst-discoverer), a process runner, bounded waits and short descriptions of test arguments.
        .target(name: "RetrocamTesting", dependencies: ["CDBus", "CSpawn", "DBus", "Body", "Intents"]),
        .executableTarget(name: "retrocamd", dependencies: ["CommandLineOptions", "Blocking", "Device", "Service", "BusNames", "Intents", "Body", "Engine", "DBus", "Desktop", "XDG"]),
        .executableTarget(name: "retrocam", dependencies: ["CommandLineOptions", "DBus", "BusNames", "Intents", "Body", "Hotkeys", "XDG", "Listening", "Automation", "Pronunciation"]),
        .executableTarget(name: "retrocam-bench", dependencies: ["DBus", "RetrocamTesting", "BusNames", "Intents"]),
        .executableTarget(name: "retrocam-viewfinder", dependencies: ["CommandLineOptions", "DBus", "BusNames", "Body", "CGtk", "CViewfinder"]),

        .testTarget(name: "DBusTests", dependencies: ["DBus", "RetrocamTesting", "CallOrder"]),
        .testTarget(name: "BodyTests", dependencies: ["Body"]),
        .testTarget(name: "BlockingTests", dependencies: ["Blocking"]),
        .testTarget(name: "BoundedMemoTests", dependencies: ["BoundedMemo"]),
        .testTarget(name: "CommandLineOptionsTests", dependencies: ["CommandLineOptions"]),
        .testTarget(name: "IntentsTests", dependencies: ["Intents", "Body", "RetrocamTesting", "Pronunciation"],
                    exclude: ["Voice/corpus.tsv", "Voice/people.tsv", "Voice/people-heldout.tsv", "Voice/soundalikes.tsv", "Voice/voice_libraries.py", "Voice/strangers"]),
        .testTarget(name: "EngineTests", dependencies: ["Blocking", "Engine", "Body", "XDG", "RetrocamTesting"]),
        .testTarget(name: "DeviceTests", dependencies: ["Device", "Engine", "Intents", "Body", "Service", "RetrocamTesting"]),
        .testTarget(name: "ServiceTests", dependencies: ["DBus", "RetrocamTesting", "BusNames", "XDG", "Pronunciation"], exclude: ["Viewfinder/viewfinder_check.py"]),
        .testTarget(name: "ListeningTests", dependencies: ["Listening", "Intents", "Pronunciation"]),
        .testTarget(name: "AutomationTests", dependencies: ["Automation"]),
        .testTarget(name: "RetrocamTestingTests", dependencies: ["RetrocamTesting"]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "DBus", "RetrocamTesting", "BusNames", "Intents", "Body", "Hotkeys", "XDG"]),
    ]
)
