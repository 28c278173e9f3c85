import Body
import Foundation
import Testing
@testable import Engine

/// From the devices GStreamer's monitor reports to the cameras FLIP switches between: the rules,
/// on descriptions shaped like those a laptop, a phone-like libcamera machine and PipeWire report.
@Suite struct CameraCatalogTests {
    static func v4l2(_ path: String, _ name: String, caps: String = "video/x-raw, format=(string)YUY2, width=(int)1280, height=(int)720; image/jpeg, width=(int)1280, height=(int)720") -> DeviceDescription {
        DeviceDescription(provider: .v4l2, displayName: name,
                          properties: ["device.path": path, "v4l2.device.card": name, "device.api": "v4l2"], caps: caps)
    }

    static func pipeWire(_ serial: String, _ name: String, location: String? = nil) -> DeviceDescription {
        var properties = ["object.serial": serial, "object.id": "9\(serial)", "node.description": name,
                          "media.class": "Video/Source", "media.role": "Camera"]
        properties["api.libcamera.location"] = location
        return DeviceDescription(provider: .pipeWire, displayName: name, properties: properties,
                                 caps: "video/x-raw, format=(string)YUY2, width=(int)640, height=(int)480")
    }

    /// A laptop: the webcam, its metadata node (no video caps) and an infrared sensor (grey only).
    static let laptop = [
        v4l2("/dev/video0", "Integrated Camera: Integrated C"),
        v4l2("/dev/video1", "Integrated Camera: Integrated C", caps: ""),
        v4l2("/dev/video2", "Integrated Camera: Integrated I", caps: "video/x-raw, format=(string)GRAY8, width=(int)640, height=(int)360"),
        v4l2("/dev/video3", "Integrated Camera: Integrated I", caps: ""),
    ]

    @Test func onlyTheColourCaptureNodeOfALaptopIsACamera() throws {
        let cameras = CameraCatalog.realCameras(among: Self.laptop)
        #expect(cameras.map(\.info.id) == ["/dev/video0"], "the metadata and infrared nodes are not cameras")
        #expect(cameras.first?.info.name == "Integrated Camera: Integrated C")
        #expect(cameras.first?.info.facing == "front")
        #expect(cameras.first?.kind == .device(path: "/dev/video0"))
    }

    @Test func pipeWireNodesComeFirstAndV4L2IsLeftToThem() {
        let devices = Self.laptop + [Self.pipeWire("51", "Integrated Camera")]
        let cameras = CameraCatalog.realCameras(among: devices)
        #expect(cameras.map(\.info.id) == ["pipewire:51"])
        #expect(cameras.first?.kind == .pipeWire(target: "51"))
        #expect(cameras.first?.info.name == "Integrated Camera", "the desktop's name, node.description")
    }

    @Test func libcameraLocationsChooseTheSidesWhateverTheOrder() {
        let cameras = CameraCatalog.realCameras(among: [
            Self.pipeWire("60", "ov8865 (rear)", location: "back"), Self.pipeWire("61", "ov5693", location: "front"),
        ])
        #expect(cameras.map(\.info.facing) == ["back", "front"])
        let swapped = CameraCatalog.realCameras(among: [
            Self.pipeWire("61", "ov5693", location: "front"), Self.pipeWire("60", "ov8865", location: "back"),
        ])
        #expect(swapped.map(\.info.facing) == ["front", "back"])
    }

    @Test func namesHintTheSideAndTheRestTakeTheFreeOne() {
        let cameras = CameraCatalog.realCameras(among: [
            Self.v4l2("/dev/video4", "USB Camera"), Self.v4l2("/dev/video0", "HP HD Camera (World Facing)"),
            Self.v4l2("/dev/video8", "Another USB Camera"),
        ])
        #expect(cameras.map(\.info.facing) == ["front", "back", "external"])
    }

    @Test func aCameraKeepsItsSideWhenAnotherComes() {
        let first = CameraCatalog.realCameras(among: [Self.pipeWire("40", "Camera A")])
        #expect(first.map(\.info.facing) == ["front"])
        let sides = Dictionary(uniqueKeysWithValues: first.map { ($0.info.id, $0.info.facing) })
        // The newcomer is listed first, yet the camera that was there stays in front.
        let both = CameraCatalog.realCameras(among: [Self.pipeWire("41", "Camera B"), Self.pipeWire("40", "Camera A")], keeping: sides)
        #expect(both.map(\.info.name) == ["Camera B", "Camera A"])
        #expect(both.map(\.info.facing) == ["back", "front"])
    }

    @Test func oneCameraFacesTheUser() {
        #expect(CameraCatalog.realCameras(among: [Self.pipeWire("36", "Virtual-Camera")]).map(\.info.facing) == ["front"])
    }

    @Test func autoFallsBackToTheTestCardsAndSyntheticIgnoresCameras() throws {
        #expect(try CameraCatalog.cameras(for: .auto, among: []) == CameraSource.syntheticPair)
        #expect(try CameraCatalog.cameras(for: .auto, among: Self.laptop.suffix(2)) == CameraSource.syntheticPair)
        #expect(try CameraCatalog.cameras(for: .synthetic, among: Self.laptop) == CameraSource.syntheticPair)
    }

    @Test(arguments: ["Virtual-Camera", "virtual-camera", "pipewire:36"])
    func aCameraIsFoundByItsDesktopNameOrId(name: String) throws {
        let found = try CameraCatalog.cameras(for: .device(name), among: [Self.pipeWire("36", "Virtual-Camera")] + Self.laptop)
        #expect(found.map(\.info.id) == ["pipewire:36"])
    }

    @Test func aDevicePathFindsTheV4L2Device() throws {
        #expect(try CameraCatalog.cameras(for: .device("/dev/video0"), among: Self.laptop).map(\.info.id) == ["/dev/video0"])
    }

    struct Refusal: Sendable, CustomStringConvertible {
        let name: String
        let sentence: String
        var description: String { name }
    }

    @Test(arguments: [
        Refusal(name: "/dev/video1", sentence: "Integrated Camera: Integrated C is not a camera that takes pictures: it offers no colour video (no formats)."),
        Refusal(name: "/dev/video2", sentence: "Integrated Camera: Integrated I is not a camera that takes pictures: it offers no colour video (video/x-raw, format=(string)GRAY8, width=(int)640, height=(i…)."),
        Refusal(name: "/dev/video-retrocam-missing", sentence: "There is no camera at /dev/video-retrocam-missing: no such device."),
        Refusal(name: "/dev/null", sentence: "/dev/null is not a camera: it is not a video capture device."),
        Refusal(name: "Holga", sentence: "There is no camera called Holga; the cameras here are Integrated Camera: Integrated C."),
    ])
    func aNamedDeviceThatIsNotACameraSaysWhy(refusal: Refusal) {
        #expect(throws: IntentError.noCamera(refusal.sentence)) {
            try CameraCatalog.cameras(for: .device(refusal.name), among: Self.laptop)
        }
    }

    @Test func aNamedCameraWhenThereIsNoneSaysSo() {
        #expect(throws: IntentError.noCamera("There is no camera called Virtual-Camera; no camera was found.")) {
            try CameraCatalog.cameras(for: .device("Virtual-Camera"), among: [])
        }
    }

    @Test(arguments: [
        ("video/x-raw, format=(string)YUY2", true), ("image/jpeg, width=(int)640", true),
        ("video/x-raw, format=(string){ GRAY8, GRAY16_LE }", false), ("video/x-raw, format={ (string)GRAY8, (string)NV12 }", true),
        ("video/x-raw, width=(int)640", true), ("", false), ("audio/x-raw", false),
    ])
    func colourVideoIsToldFromGreyAndNone(caps: String, colour: Bool) {
        #expect(DeviceDescription(provider: .v4l2, displayName: "x", properties: [:], caps: caps).capturesColourVideo == colour)
    }
}
