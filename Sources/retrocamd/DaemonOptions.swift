import Desktop

/// retrocamd's command line.
struct DaemonOptions: Sendable, Equatable {
    /// Which camera to open: `auto` (a real one when present), `synthetic`, or a device path.
    var source: String?
    /// A bus address instead of the session bus (tests, private buses).
    var address: String?
    /// Log more to stderr.
    var verbose = false
    /// `--help`.
    var help = false
    /// `--keys`: listen to the shutter keys (evdev); nil leaves it to the config file.
    var keys: Bool?
    /// `--keys-device PATH` (repeatable): read these input devices instead of finding them.
    var keysDevices: [String] = []
    /// `--no-portal`: do not register global hotkeys with the desktop portal.
    var portal = true
    /// `--no-notifications`: do not announce saved takes.
    var notifications = true
    /// `--speak` / `--no-speak`: say every reply aloud; nil leaves it to `RETROCAM_SPEAK`.
    var speak: Bool?
    /// `--wyoming URI`: serve the Wyoming protocol there (`tcp://127.0.0.1:10700`, `unix:///path`).
    var wyoming: WyomingAddress?
    /// `--wyoming-allow-remote`: let `--wyoming` take a TCP address other than loopback.
    var wyomingAllowRemote = false

    static let usage = """
    Usage: retrocamd [--source auto|synthetic|/dev/videoN] [--address BUS-ADDRESS] [--verbose]
                     [--keys] [--keys-device /dev/input/eventN]... [--no-portal] [--no-notifications]
                     [--speak | --no-speak] [--wyoming tcp://127.0.0.1:10700|unix:///PATH [--wyoming-allow-remote]]

    Publishes the Retrocam camera as org.retrocam.Camera on the session bus.
      --source    auto (default): a PipeWire/V4L2 camera when present, else the synthetic test card;
                  synthetic: always the test card; /dev/videoN: that V4L2 device
      --address   connect to this bus instead of $DBUS_SESSION_BUS_ADDRESS
      --verbose   log more to stderr
      --keys      listen to KEY_CAMERA, KEY_CAMERA_FOCUS and the volume keys as the shutter (evdev)
      --keys-device  read this input device (repeatable; implies --keys)
      --no-portal    do not bind global hotkeys through xdg-desktop-portal GlobalShortcuts
      --no-notifications  do not announce takes saved by hotkeys, keys or shortcuts
      --speak     say every reply, the fact of the day at launch and the tape counter aloud
                  (speech-dispatcher's spd-say or espeak-ng; RETROCAM_SPEAK=1 does the same)
      --wyoming   answer Wyoming events (Rhasspy 3, Home Assistant) on this TCP or unix address:
                  describe, recognize, transcript, intent, ping; loopback and your own user only
      --wyoming-allow-remote  let --wyoming listen on an address other than loopback
    Environment: RETROCAM_SOURCE, RETROCAM_PICTURES_DIR, RETROCAM_VIDEOS_DIR, RETROCAM_STATE_DIR,
    XDG_PICTURES_DIR, XDG_VIDEOS_DIR, XDG_STATE_HOME, XDG_DATA_HOME.
    """

    /// Parses the arguments after the program name; a mistake is a sentence for stderr.
    static func parse(_ raw: [String]) throws(OptionError) -> DaemonOptions {
        var options = DaemonOptions()
        var wyomingURI: String?
        var index = 0
        while index < raw.count {
            let parts = raw[index].split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            func value() throws(OptionError) -> String {
                if parts.count == 2 { return parts[1] }
                index += 1
                guard index < raw.count else { throw OptionError("\(name) needs a value.") }
                return raw[index]
            }
            switch name {
            case "--source":
                let source = try value()
                guard ["auto", "synthetic"].contains(source) || source.hasPrefix("/dev/") else {
                    throw OptionError("--source takes auto, synthetic or a /dev/video path, not '\(source)'.")
                }
                options.source = source
            case "--address": options.address = try value()
            case "--verbose", "-v": options.verbose = true
            case "--keys": options.keys = true
            case "--keys-device":
                options.keysDevices.append(try value())
                options.keys = true
            case "--no-portal": options.portal = false
            case "--no-notifications": options.notifications = false
            case "--speak": options.speak = true
            case "--no-speak": options.speak = false
            case "--wyoming": wyomingURI = try value()
            case "--wyoming-allow-remote": options.wyomingAllowRemote = true
            case "--help", "-h": options.help = true
            default: throw OptionError("Unknown argument '\(raw[index])'.")
            }
            index += 1
        }
        if let wyomingURI {
            do { options.wyoming = try WyomingAddress(parsing: wyomingURI, allowRemote: options.wyomingAllowRemote) } catch {
                throw OptionError("--wyoming: \(error.description)")
            }
        }
        return options
    }
}

/// A mistake on retrocamd's command line.
struct OptionError: Error {
    /// The sentence to print.
    let message: String
    init(_ message: String) { self.message = message }
}

extension DaemonOptions {
    /// The desktop side's options: XDG folders from the environment, the flags on top.
    var desktopOptions: DesktopOptions {
        var desktop = DesktopOptions()
        if let keys { desktop.keys = keys }
        desktop.keysDevices = keysDevices
        desktop.portal = portal
        desktop.notifications = notifications
        return desktop
    }
}
