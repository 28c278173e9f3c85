import CGstShim
import Foundation

/// A camera together with how to make its pictures in a pipeline.
struct CameraSource: Sendable, Equatable {
    /// What callers see.
    let info: CameraInfo
    /// How the source is built.
    let kind: Kind

    /// The two ways a picture is made.
    enum Kind: Sendable, Equatable {
        /// `videotestsrc` with this pattern.
        case testCard(pattern: String)
        /// `v4l2src` on this device path.
        case device(path: String)
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

/// Finds the cameras a `SourceChoice` stands for.
enum CameraCatalog {
    /// The cameras for `choice`; throws `.noCamera` when a named device is not a camera.
    static func cameras(for choice: SourceChoice) throws(EngineError) -> [CameraSource] {
        switch choice {
        case .synthetic:
            return CameraSource.syntheticPair
        case .device(let path):
            guard let name = captureDeviceName(path) else {
                throw .noCamera("There is no camera at \(path).")
            }
            return [CameraSource(info: CameraInfo(id: path, name: name, facing: "front"), kind: .device(path: path))]
        case .auto:
            let devices = captureDevices()
            return devices.isEmpty ? CameraSource.syntheticPair : devices
        }
    }

    /// Every V4L2 capture device, the first facing the user ("front", as a laptop
    /// webcam does) and the second facing away ("back").
    static func captureDevices() -> [CameraSource] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        let paths = names.filter { $0.hasPrefix("video") && Int($0.dropFirst(5)) != nil }
            .sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }
            .map { "/dev/\($0)" }
        var cameras: [CameraSource] = []
        for path in paths {
            guard let name = captureDeviceName(path) else { continue }
            let facing = cameras.count == 1 ? "back" : "front"
            cameras.append(CameraSource(info: CameraInfo(id: path, name: name, facing: facing), kind: .device(path: path)))
        }
        return cameras
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
