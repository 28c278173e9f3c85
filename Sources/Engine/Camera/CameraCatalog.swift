import Body
import CGstShim
import Foundation

/// A camera together with how to make its pictures in a pipeline.
struct CameraSource: Sendable, Equatable {
    /// What callers see.
    let info: CameraInfo
    /// How the source is built.
    let kind: Kind

    /// The ways a picture is made.
    enum Kind: Sendable, Equatable {
        /// `videotestsrc` with this pattern.
        case testCard(pattern: String)
        /// `v4l2src` on this device path.
        case device(path: String)
        /// `pipewiresrc` on this node (`target-object`: its serial).
        case pipeWire(target: String)
    }

    /// The two synthetic cameras: SMPTE bars "behind" the camera, a pinwheel "in front",
    /// so FLIP visibly changes the picture in CI.
    static let syntheticPair: [CameraSource] = [
        CameraSource(info: CameraInfo(id: "synthetic:back", name: "Test card (colour bars)", facing: "back"),
                     kind: .testCard(pattern: "smpte")),
        CameraSource(info: CameraInfo(id: "synthetic:front", name: "Test card (pinwheel)", facing: "front"),
                     kind: .testCard(pattern: "pinwheel")),
    ]
}

/// Which cameras a `SourceChoice` stands for among the devices the monitor sees: PipeWire nodes
/// first (the desktop's way to share a camera), V4L2 devices that capture colour video when PipeWire
/// offers none, the synthetic test cards when there is no camera at all (`auto`). Cameras are named
/// as the desktop names them, and face front or back as their properties say.
enum CameraCatalog {
    /// The cameras for `choice` among `devices`; throws `.noCamera` when a named device is not there
    /// or is not a camera, with a sentence that names it and says why. `keeping` holds the sides
    /// cameras had before (by id), so a camera keeps its side when another comes or goes.
    static func cameras(for choice: SourceChoice, among devices: [DeviceDescription],
                        keeping previous: [String: String] = [:]) throws(IntentError) -> [CameraSource] {
        switch choice {
        case .synthetic:
            return CameraSource.syntheticPair
        case .auto:
            let real = realCameras(among: devices, keeping: previous)
            return real.isEmpty ? CameraSource.syntheticPair : real
        case .device(let name):
            return [try named(name, among: devices)]
        }
    }

    /// The real cameras: PipeWire's camera nodes when it offers any (it already shares the V4L2 and
    /// libcamera devices behind them, and opening those directly would fight it), else the V4L2
    /// devices that capture colour video (not infrared or metadata nodes), with their facings.
    static func realCameras(among devices: [DeviceDescription], keeping previous: [String: String] = [:]) -> [CameraSource] {
        let pipeWire = devices.filter { $0.provider == .pipeWire && $0.pipeWireTarget != nil }
        let chosen = pipeWire.isEmpty
            ? devices.filter { $0.provider == .v4l2 && $0.devicePath != nil && $0.capturesColourVideo }
            : pipeWire
        return withFacings(chosen, keeping: previous)
    }

    /// The device called `name`: its display name (as the desktop shows it, any case), its device
    /// path, or its id (`pipewire:36`). A V4L2 path the monitor does not list is asked directly.
    static func named(_ name: String, among devices: [DeviceDescription]) throws(IntentError) -> CameraSource {
        let wanted = name.lowercased()
        let ordered = devices.filter { $0.provider == .pipeWire } + devices.filter { $0.provider == .v4l2 }
        if let device = ordered.first(where: { device in
            device.displayName.lowercased() == wanted || device.devicePath == name || id(of: device) == name
        }) {
            guard device.capturesColourVideo else {
                throw .noCamera("\(device.displayName) is not a camera that takes pictures: it offers no colour video (\(summary(of: device.caps))).")
            }
            return source(device, facing: facingHint(device) ?? "front")
        }
        if name.hasPrefix("/") {
            guard FileManager.default.fileExists(atPath: name) else {
                throw .noCamera("There is no camera at \(name): no such device.")
            }
            guard let card = captureDeviceName(name) else {
                throw .noCamera("\(name) is not a camera: it is not a video capture device.")
            }
            return CameraSource(info: CameraInfo(id: name, name: card, facing: "front"), kind: .device(path: name))
        }
        let present = realCameras(among: devices).map(\.info.name)
        let here = present.isEmpty ? "no camera was found" : "the cameras here are " + present.joined(separator: ", ")
        throw .noCamera("There is no camera called \(name); \(here).")
    }

    // MARK: - Facing

    /// `front` or `back` when the device says which way it looks: libcamera's location (from the
    /// firmware), else words in its name ("Integrated", "FaceTime", "User Facing"; "Rear", "World").
    static func facingHint(_ device: DeviceDescription) -> String? {
        switch device.properties["api.libcamera.location"]?.lowercased() {
        case "front": return "front"
        case "back": return "back"
        default: break
        }
        let words = [device.displayName, device.properties["v4l2.device.card"] ?? "",
                     device.properties["api.v4l2.cap.card"] ?? ""].joined(separator: " ").lowercased()
        if ["rear", "back", "world"].contains(where: words.contains) { return "back" }
        if ["front", "user", "facetime", "integrated"].contains(where: words.contains) { return "front" }
        return nil
    }

    /// Cameras for `devices` in order, each facing as it says; then each keeps the side it had
    /// (`previous`, by id); the rest take the free sides, the front first (a laptop's own webcam faces
    /// its user). Beyond two, a camera is `external`: listed, chosen by name, but not on FLIP.
    static func withFacings(_ devices: [DeviceDescription], keeping previous: [String: String] = [:]) -> [CameraSource] {
        var taken = Set<String>()
        var facings = devices.map { device -> String? in
            guard let hint = facingHint(device), !taken.contains(hint) else { return nil }
            taken.insert(hint)
            return hint
        }
        for (index, device) in devices.enumerated() where facings[index] == nil {
            guard let side = previous[id(of: device)], side != "external", !taken.contains(side) else { continue }
            taken.insert(side)
            facings[index] = side
        }
        for index in facings.indices where facings[index] == nil {
            let free = ["front", "back"].first { !taken.contains($0) } ?? "external"
            taken.insert(free)
            facings[index] = free
        }
        return zip(devices, facings).map { source($0, facing: $1 ?? "external") }
    }

    // MARK: - Helpers

    /// The camera for a device the monitor found.
    static func source(_ device: DeviceDescription, facing: String) -> CameraSource {
        let info = CameraInfo(id: id(of: device), name: device.displayName, facing: facing)
        if device.provider == .pipeWire, let target = device.pipeWireTarget {
            return CameraSource(info: info, kind: .pipeWire(target: target))
        }
        return CameraSource(info: info, kind: .device(path: device.devicePath ?? ""))
    }

    /// A camera's stable id: `pipewire:<serial>` for a PipeWire node, the device path for V4L2.
    static func id(of device: DeviceDescription) -> String {
        device.provider == .pipeWire ? "pipewire:\(device.pipeWireTarget ?? "")" : (device.devicePath ?? device.displayName)
    }

    /// The first caps structure, shortened, for a sentence.
    private static func summary(of caps: String) -> String {
        let first = caps.split(separator: ";").first.map(String.init) ?? ""
        if first.isEmpty { return "no formats" }
        return Spoken.shortened(first, to: 60)
    }

    /// The card name of a capture device, or nil when `path` is not one.
    static func captureDeviceName(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let isCamera = buffer.withUnsafeMutableBufferPointer { storage in
            gstshim_v4l2_capture_name(path, storage.baseAddress, gsize(storage.count)) != 0
        }
        guard isCamera else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.isEmpty ? path : name
    }
}
