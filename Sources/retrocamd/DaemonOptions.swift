import BusNames
import CommandLineOptions
import Desktop
import Foundation

/// retrocamd's command line.
struct DaemonOptions: Sendable, Equatable {
    /// Which camera to open: `auto` (a real one when present), `synthetic`, or a device path.
    var source: String?
    /// A bus address instead of the session bus (tests, private buses).
    var address: String?
    /// Log more to stderr.
    var verbose = false
    /// `--print-folders`: print the systemd drop-in for the daemon's folders and exit.
    var printFolders = false
    /// `--check`: check the GStreamer elements the camera uses, print what is missing, and exit.
    var check = false
    /// `--keys`: listen to the shutter keys (evdev); nil leaves it to the config file.
    var keys: Bool?
    /// `--keys-device PATH` (repeatable): read these input devices instead of finding them.
    var keysDevices: [String] = []
    /// `--keys-volume`: the volume keys are the shutter too (their device grabbed); nil leaves it to the config.
    var volumeKeys: Bool?
    /// `--no-portal`: do not register global hotkeys with the desktop portal.
    var portal = true
    /// `--no-notifications`: do not show takes on the desktop (the config's `notifications = off` does the same).
    var notifications = true
    /// `--speak` / `--no-speak`: say every reply aloud; nil leaves it to `RETROCAM_SPEAK`.
    var speak: Bool?
    /// `--linger SECONDS`: how long the camera stays open after the last take; nil leaves it to
    /// `RETROCAM_LINGER_SECONDS` (default 4).
    var lingerSeconds: Double?
    /// `--exit-when-idle SECONDS`: exit after that long with the camera closed and nothing changing
    /// (for D-Bus activation); nil runs until stopped.
    var exitWhenIdle: Double?
    /// `--wyoming URI` as given; read into `wyoming` once every option is known.
    var wyomingURI: String?
    /// `--wyoming URI`: serve the Wyoming protocol there (`tcp://127.0.0.1:10700`, `unix:///path`).
    var wyoming: WyomingAddress?
    /// `--wyoming-allow-remote`: let `--wyoming` take a TCP address other than loopback.
    var wyomingAllowRemote = false

    /// retrocamd's command line, one row per option: parsing and `--help` (fitting 80 columns) come
    /// from the same rows.
    static let parser = OptionParser<DaemonOptions>(
        program: "retrocamd",
        about: "Publishes the Retrocam camera as \(BusContract.busName) on the session bus.",
        options: [
            .value("source", "auto|synthetic|CAMERA",
                   "auto (default): a PipeWire camera, else a V4L2 one, else the synthetic test cards; synthetic: always "
                   + "the test cards; CAMERA: the camera of that name (as the desktop shows it, e.g. \"Integrated Camera\"), "
                   + "a /dev/videoN device or an id (pipewire:36)") { options, text throws(UsageError) in
                options.source = try OptionValue.nonBlank(text, for: "--source", limit: 256,
                                                          saying: "auto, synthetic, a camera's name or a /dev/video path")
            },
            .flag("check", "check that every GStreamer element the camera uses is installed, naming the Debian package "
                  + "of each one missing; exit 0 when all are there", \.check),
            .text("address", "BUS-ADDRESS", "connect to this bus instead of $DBUS_SESSION_BUS_ADDRESS", \.address),
            .flag("verbose", short: "v", "log more to stderr", \.verbose),
            .flag("keys", "listen to KEY_CAMERA (the shutter) and KEY_CAMERA_FOCUS (the action button) (evdev)") { $0.keys = true },
            .flag("keys-volume", "the volume keys are the shutter too; their device is grabbed so the volume does not "
                  + "change as well (implies --keys)") { options in
                options.volumeKeys = true
                options.keys = true
            },
            .value("keys-device", "/dev/input/eventN", "read this input device (repeatable; implies --keys)") { options, path in
                options.keysDevices.append(path)
                options.keys = true
            },
            .flag("no-portal", "do not bind global hotkeys through xdg-desktop-portal GlobalShortcuts") { $0.portal = false },
            .flag("no-notifications", "do not show takes on the desktop (recording and photo notifications)") { $0.notifications = false },
            .flag("speak", "say every reply, the fact of the day at launch and the tape counter aloud (speech-dispatcher's "
                  + "spd-say or espeak-ng; RETROCAM_SPEAK=1 does the same)") { $0.speak = true },
            .flag("no-speak", "say nothing aloud, whatever RETROCAM_SPEAK says") { $0.speak = false },
            .value("linger", "SECONDS", "seconds the camera stays open after the last take, countdown or shortcut (0 to 3600, "
                   + "default 4; RETROCAM_LINGER_SECONDS); then the device is closed until next needed") { options, text throws(UsageError) in
                options.lingerSeconds = try OptionValue.seconds(text, for: "--linger", in: 0...3600)
            },
            .value("exit-when-idle", "SECONDS", "exit after this many seconds (1 to 86400) with the camera closed and nothing "
                   + "changing; for D-Bus activation, which starts the daemon again on the next call") { options, text throws(UsageError) in
                options.exitWhenIdle = try OptionValue.seconds(text, for: "--exit-when-idle", in: 1...86400)
            },
            .flag("print-folders", "print the systemd drop-in that lets the sandboxed unit write this user's folders", \.printFolders),
            .text("wyoming", "URI", "answer Wyoming events (Rhasspy 3, Home Assistant) on this address, tcp://127.0.0.1:10700 "
                  + "or unix:///PATH: describe, recognize, transcript, intent, ping; loopback and your own user only", \.wyomingURI),
            .flag("wyoming-allow-remote", "let --wyoming listen on an address other than loopback", \.wyomingAllowRemote),
        ],
        footer: "Environment: RETROCAM_SOURCE, RETROCAM_LINGER_SECONDS, RETROCAM_UNDO_SECONDS, RETROCAM_PICTURES_DIR, RETROCAM_VIDEOS_DIR, "
            + "RETROCAM_STATE_DIR, XDG_STATE_HOME, XDG_DATA_HOME, XDG_CONFIG_HOME (its user-dirs.dirs names the "
            + "pictures and videos folders).",
        defaults: DaemonOptions(),
        validate: { options throws(UsageError) in
            guard let uri = options.wyomingURI else {
                if options.wyomingAllowRemote { throw UsageError("--wyoming-allow-remote needs --wyoming.") }
                return
            }
            do throws(WyomingAddressError) {
                options.wyoming = try WyomingAddress(parsing: uri, allowRemote: options.wyomingAllowRemote)
            } catch {
                throw UsageError("--wyoming: \(error.description)")
            }
        })
}

extension DaemonOptions {
    /// The desktop side's options: XDG folders from the environment, the flags on top.
    var desktopOptions: DesktopOptions {
        var desktop = DesktopOptions()
        if let keys { desktop.keys = keys }
        desktop.keysDevices = keysDevices
        desktop.volumeKeys = volumeKeys
        desktop.portal = portal
        desktop.notifications = notifications
        return desktop
    }
}
