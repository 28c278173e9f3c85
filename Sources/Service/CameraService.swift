import Body
import BusNames
import DBus
import Intents

/// Retrocam's face on the bus: registers `org.retrocam.Intents1` and `org.retrocam.Camera1` at
/// `/org/retrocam/Camera` and turns every change of the body into PropertiesChanged.
public final class CameraService: Sendable {
    /// The object server the interfaces are registered on.
    public let server: ObjectServer
    private let controller: CameraController
    private let snapshot: PropertySnapshot
    /// The virtual camera's switch, when there is a virtual camera to publish.
    public let virtualCamera: VirtualCameraSwitch?

    /// Publishes `controller` on `server`'s connection (the bus name is requested separately).
    /// With `speak`, every intent reply's dialog and every refusal is also handed to it (it must
    /// return at once: the speaker queues). With `preview`, `Camera1` hands its stream to viewfinders;
    /// with `virtualCamera`, it publishes the picture as a PipeWire camera on request.
    public init(controller: CameraController, server: ObjectServer,
                speak: (@Sendable (String) -> Void)? = nil, preview: (any PreviewSource)? = nil,
                virtualCamera: (any VirtualCameraSource)? = nil) async throws {
        self.controller = controller
        self.server = server
        let snapshot = PropertySnapshot(await controller.body)
        self.snapshot = snapshot
        let previewClients = preview.map(PreviewClients.init)
        let previewRows = previewClients.map { PreviewInterface.rows($0, connection: server.connection) } ?? ([], [])
        let virtualSwitch = virtualCamera.map(VirtualCameraSwitch.init)
        self.virtualCamera = virtualSwitch
        let virtualRows = virtualSwitch.map(VirtualCameraInterface.rows) ?? ([], [])
        let extraRows = (methods: previewRows.0 + virtualRows.0, properties: previewRows.1 + virtualRows.1)
        try server.register(BusContract.objectPath, interfaces: [
            speak.map { IntentsInterface.table(controller).speakingReplies($0) } ?? IntentsInterface.table(controller),
            CameraInterface.table(controller, snapshot: snapshot, extra: extraRows),
        ])
        if let previewClients { try await PreviewInterface.follow(previewClients, server: server) }
        if let virtualSwitch { await VirtualCameraInterface.follow(virtualSwitch, server: server) }
        await controller.observe { [server] body in
            // Told once the answer is out (see `observe`), as GDBus announces a skeleton's changes after the call
            // that made them; a Get read after the answer sees the change.
            let changed = snapshot.update(body)
            guard !changed.isEmpty else { return }
            try? server.emitPropertiesChanged(path: BusContract.objectPath,
                                              interface: BusContract.cameraInterface, changed: changed)
        }
        await controller.observeEvents { [server] event in
            guard let signal = CameraInterface.signal(for: event) else { return }
            try? server.emit(path: BusContract.objectPath, interface: BusContract.cameraInterface,
                             signal: signal.name, signal.args)
        }
    }

    /// The introspection XML the daemon answers for its object (the published contract).
    public var introspectionXML: String { server.introspectionXML(path: BusContract.objectPath) }
}
