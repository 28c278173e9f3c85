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
    /// `--help`.
    var help = false
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
    /// `--wyoming URI`: serve the Wyoming protocol there (`tcp://127.0.0.1:10700`, `unix:///path`).
    var wyoming: WyomingAddress?
    /// `--wyoming-allow-remote`: let `--wyoming` take a TCP address other than loopback.
    var wyomingAllowRemote = false

    static let usage = """
    Usage: retrocamd [--source auto|synthetic|CAMERA] [--check] [--address BUS-ADDRESS] [--verbose]
                     [--keys] [--keys-volume] [--keys-device /dev/input/eventN]... [--no-portal] [--no-notifications]
                     [--speak | --no-speak] [--linger SECONDS] [--exit-when-idle SECONDS] [--print-folders]
                     [--wyoming tcp://127.0.0.1:10700|unix:///PATH [--wyoming-allow-remote]]

    Publishes the Retrocam camera as org.retrocam.Camera on the session bus.
      --source    auto (default): a PipeWire camera, else a V4L2 one, else the synthetic test cards;
                  synthetic: always the test cards; CAMERA: the camera of that name (as the desktop
                  shows it, e.g. "Integrated Camera"), a /dev/videoN device or an id (pipewire:36)
      --check     check that every GStreamer element the camera uses is installed, naming the
                  Debian package of each one missing; exit 0 when all are there
      --address   connect to this bus instead of $DBUS_SESSION_BUS_ADDRESS
      --verbose   log more to stderr
      --keys      listen to KEY_CAMERA (the shutter) and KEY_CAMERA_FOCUS (the action button) (evdev)
      --keys-volume  the volume keys are the shutter too; their device is grabbed so the volume does not
                  change as well (implies --keys)
      --keys-device  read this input device (repeatable; implies --keys)
      --no-portal    do not bind global hotkeys through xdg-desktop-portal GlobalShortcuts
      --no-notifications  do not show takes on the desktop (recording and photo notifications)
      --speak     say every reply, the fact of the day at launch and the tape counter aloud
                  (speech-dispatcher's spd-say or espeak-ng; RETROCAM_SPEAK=1 does the same)
      --linger    seconds the camera stays open after the last take, countdown or shortcut (0 to 3600,
                  default 4; RETROCAM_LINGER_SECONDS); then the device is closed until next needed
      --exit-when-idle  exit after this many seconds (1 to 86400) with the camera closed and nothing
                  changing; for D-Bus activation, which starts the daemon again on the next call
      --print-folders  print the systemd drop-in that lets the sandboxed unit write this user's folders
      --wyoming   answer Wyoming events (Rhasspy 3, Home Assistant) on this TCP or unix address:
                  describe, recognize, transcript, intent, ping; loopback and your own user only
      --wyoming-allow-remote  let --wyoming listen on an address other than loopback
    Environment: RETROCAM_SOURCE, RETROCAM_LINGER_SECONDS, RETROCAM_UNDO_SECONDS, RETROCAM_PICTURES_DIR,
    RETROCAM_VIDEOS_DIR, RETROCAM_STATE_DIR, XDG_STATE_HOME, XDG_DATA_HOME, XDG_CONFIG_HOME (its
    user-dirs.dirs names the pictures and videos folders).
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
                guard !source.trimmingCharacters(in: .whitespaces).isEmpty, source.count <= 256 else {
                    throw OptionError("--source takes auto, synthetic, a camera's name or a /dev/video path.")
                }
                options.source = source
            case "--address": options.address = try value()
            case "--verbose", "-v": options.verbose = true
            case "--keys": options.keys = true
            case "--keys-volume":
                options.volumeKeys = true
                options.keys = true
            case "--keys-device":
                options.keysDevices.append(try value())
                options.keys = true
            case "--no-portal": options.portal = false
            case "--no-notifications": options.notifications = false
            case "--speak": options.speak = true
            case "--no-speak": options.speak = false
            case "--linger": options.lingerSeconds = try seconds(try value(), name: name, in: 0...3600)
            case "--exit-when-idle": options.exitWhenIdle = try seconds(try value(), name: name, in: 1...86400)
            case "--wyoming": wyomingURI = try value()
            case "--wyoming-allow-remote": options.wyomingAllowRemote = true
            case "--help", "-h": options.help = true
            case "--print-folders": options.printFolders = true
            case "--check": options.check = true
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

/// A number of seconds for `name` within `range`, or the sentence that says what is wrong.
private func seconds(_ text: String, name: String, in range: ClosedRange<Double>) throws(OptionError) -> Double {
    guard let value = Double(text), value.isFinite, range.contains(value) else {
        throw OptionError("\(name) takes seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not '\(text)'.")
    }
    return value
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
        desktop.volumeKeys = volumeKeys
        desktop.portal = portal
        desktop.notifications = notifications
        return desktop
    }
}
