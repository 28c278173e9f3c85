/// A video source as GStreamer's device monitor reports it: who provides it, the name the desktop
/// shows, its properties and caps. A plain value, so the rules that make cameras of devices
/// (`CameraCatalog`) are tested without a device.
struct DeviceDescription: Sendable, Equatable {
    /// Which GStreamer device provider found it.
    enum Provider: Sendable, Equatable {
        /// A PipeWire node (`pipewiresrc`): real cameras through the session manager, virtual ones.
        case pipeWire
        /// A Video4Linux device node (`v4l2src`).
        case v4l2
        /// Any other provider (a capture card, …), by its device type name; not used.
        case other(String)

        /// The provider of a device whose GType is `typeName`.
        init(typeName: String) {
            switch typeName {
            case "GstPipeWireDevice": self = .pipeWire
            case "GstV4l2Device": self = .v4l2
            default: self = .other(typeName)
            }
        }
    }

    /// Who found it.
    var provider: Provider
    /// The name the desktop shows (`gst_device_get_display_name`: PipeWire's `node.description`,
    /// V4L2's card name).
    var displayName: String
    /// The provider's properties (`object.serial`, `api.libcamera.location`, `device.path`, …).
    var properties: [String: String]
    /// What it can produce, as a caps string.
    var caps: String

    /// PipeWire's stable handle for `target-object`: the node's serial (else its id or name).
    var pipeWireTarget: String? {
        properties["object.serial"] ?? properties["object.id"] ?? properties["node.name"]
    }

    /// The device node of a V4L2 device, or of the V4L2 device behind a PipeWire node.
    var devicePath: String? {
        properties["device.path"] ?? properties["api.v4l2.path"]
    }

    /// True when the caps offer a picture in colour: raw video in a colour format, or a compressed
    /// format a decoder turns into one. An infrared sensor offers only grey formats and a metadata
    /// node offers no video at all: neither is a camera to take pictures with.
    var capturesColourVideo: Bool {
        let structures = caps.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        return structures.contains { structure in
            if structure.hasPrefix("image/jpeg") || structure.hasPrefix("video/x-h264") { return true }
            guard structure.hasPrefix("video/x-raw") else { return false }
            guard let formats = Self.formats(in: structure) else { return true }
            return formats.contains { !$0.hasPrefix("GRAY") && !$0.hasPrefix("Y1") && $0 != "Y8" && $0 != "Y16" }
        }
    }

    /// The `format` values of one caps structure (`format=YUY2` or `format={ (string)GRAY8, … }`);
    /// nil when it names none (any format).
    private static func formats(in structure: String) -> [String]? {
        guard let range = structure.range(of: "format=") else { return nil }
        var rest = structure[range.upperBound...]
        if rest.hasPrefix("(string)") { rest = rest.dropFirst("(string)".count) }
        let list: Substring
        if rest.hasPrefix("{") {
            list = rest.dropFirst().prefix { $0 != "}" }
        } else {
            list = rest.prefix { $0 != "," }
        }
        return list.split(separator: ",").map {
            $0.replacingOccurrences(of: "(string)", with: "").trimmingCharacters(in: .whitespaces)
        }
    }
}
