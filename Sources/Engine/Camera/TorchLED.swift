import Body
import Foundation

/// A flash or torch LED of the sysfs LED class (`/sys/class/leds/<name>/brightness`), which
/// LIGHT/FLASH drives when the machine has one. Without one, the engine lights the picture instead.
public struct TorchLED: Sendable, Equatable {
    /// The LED's folder name, e.g. `white:flash` or `led0:torch`.
    public let name: String
    /// Its folder, holding `brightness` and `max_brightness`.
    public let folder: URL
    /// The value written for "on" (`max_brightness`, at least 1).
    public let maxBrightness: Int

    /// The first LED in `directory` whose name says flash or torch (sorted, so the choice is stable);
    /// nil when there is none or the folder cannot be read.
    public static func find(in directory: URL) -> TorchLED? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        for name in names.sorted() where name.lowercased().contains("flash") || name.lowercased().contains("torch") {
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            guard FileManager.default.isWritableFile(atPath: folder.appendingPathComponent("brightness").path)
            else { continue }
            let maximum = (try? String(contentsOf: folder.appendingPathComponent("max_brightness"), encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 1
            return TorchLED(name: name, folder: folder, maxBrightness: max(1, maximum))
        }
        return nil
    }

    /// Turns the LED on (full brightness) or off by writing its `brightness` file.
    public func set(on: Bool) throws(IntentError) {
        let value = on ? maxBrightness : 0
        do {
            try Data("\(value)\n".utf8).write(to: folder.appendingPathComponent("brightness"))
        } catch {
            throw .pipeline("The \(name) LED could not be switched \(on ? "on" : "off"): \(IntentError.reason(error)).")
        }
    }

    /// The brightness the LED reports now (0 is off); nil when it cannot be read.
    public var brightness: Int? {
        (try? String(contentsOf: folder.appendingPathComponent("brightness"), encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
