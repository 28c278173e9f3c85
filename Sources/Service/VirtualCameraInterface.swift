import Body
import BusNames
import DBus
import Intents

/// The virtual camera's rows of `org.retrocam.Camera1`:
/// - `SetVirtualCamera(b on) → s`: publishes the looked picture as the PipeWire camera "Retrocam", or
///   removes it; answers a sentence (turning it on when on, or off when off, changes nothing and says so).
///   Turning it on captures, as a take does: a sandboxed caller needs the camera permission;
/// - `VirtualCamera` (b, emits change): whether it is on;
/// - `VirtualCameraNode` (s, emits change): the node's `node.name` while on (`pipewiresrc target-object=…`), "" off;
/// - `VirtualCameraClients` (u, emits change): how many readers (a call, OBS, a `pipewiresrc`) are linked to it now.
enum VirtualCameraInterface {
    /// The method and property rows over `camera`.
    static func rows(_ camera: VirtualCameraSwitch) -> (methods: [Method], properties: [Property]) {
        let methods = [
            Method("SetVirtualCamera", Arg<Bool>("on"), returns: Arg<String>("dialog"), captures: .when { on in on }) { on in
                try await mappingErrors { () async throws(IntentError) in try await camera.turn(on: on) }
            },
        ]
        let properties = [
            Property("VirtualCamera", "b") { .bool(await camera.current != nil) },
            Property("VirtualCameraNode", "s") { .string(await camera.current?.nodeName ?? "") },
            Property("VirtualCameraClients", "u") { .uint32(UInt32(camera.readingApplications.count)) },
        ]
        return (methods, properties)
    }

    /// Publishes each change of the switch.
    static func follow(_ camera: VirtualCameraSwitch, server: ObjectServer) async {
        await camera.onChange { offer in
            try? server.emitPropertiesChanged(path: BusContract.objectPath, interface: BusContract.cameraInterface,
                                              changed: ["VirtualCamera": .bool(offer != nil),
                                                        "VirtualCameraNode": .string(offer?.nodeName ?? "")])
        }
        camera.onReadersChanged { applications in
            try? server.emitPropertiesChanged(path: BusContract.objectPath, interface: BusContract.cameraInterface,
                                              changed: ["VirtualCameraClients": .uint32(UInt32(applications.count))])
        }
    }
}
