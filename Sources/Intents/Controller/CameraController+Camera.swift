import Body

/// The camera device's lifecycle as the controller sees it: holds that keep it open, and the
/// `cameraOpen` fact status bars show.
extension CameraController {
    /// Keeps the camera open for `purpose` until the hold is released; the camera opens at once (in the
    /// background) if it was asleep, and lingers a few seconds after the last hold goes.
    ///
    /// This is how a preview client keeps the picture live: the Service takes a hold when a viewfinder
    /// starts showing the stream (e.g. `holdCamera(for: "the preview of :1.42")`) and releases it when
    /// the viewfinder stops or leaves the bus. Takes, the self-timer and shortcut runs hold the camera
    /// by themselves.
    public func holdCamera(for purpose: String) -> CameraHold {
        device.holdCamera(for: purpose)
    }

    /// Reads whether the camera is open and publishes it (order-free: it always reads the latest truth).
    func syncCameraOpen() async {
        let open = await device.isCameraOpen()
        guard open != body.cameraOpen else { return }
        var next = body
        next.cameraOpen = open
        commit(next)
    }
}

extension CameraController {
    /// Remembers whether the virtual camera is on, so the daemon turns it on again after a restart
    /// (saved with the dials).
    public func rememberVirtualCamera(_ on: Bool) {
        guard body.virtualCamera != on else { return }
        var next = body
        next.setVirtualCamera(on)
        commit(next)
    }
}

extension CameraController {
    /// Lets the virtual camera intents and the MENU row switch `camera` (the one `Camera1.SetVirtualCamera`
    /// switches), remembers each change with the dials (the row shows it, the next start restores it), and
    /// announces who reads it (`virtualCameraRead`), in the order the changes came.
    public func attachVirtualCamera(_ camera: VirtualCameraSwitch) async {
        virtualCamera = camera
        await camera.onChange { [weak self] offer in await self?.rememberVirtualCamera(offer != nil) }
        await camera.onStateChanged { [weak self] state in await self?.showVirtualCamera(state) }
        let (changes, feed) = AsyncStream.makeStream(of: [String].self)
        camera.onReadersChanged { feed.yield($0) }
        Task { [weak self] in
            for await applications in changes { await self?.announce(.virtualCameraRead(by: applications)) }
        }
    }

    /// Shows what the virtual camera is now (the MENU row says it).
    func showVirtualCamera(_ state: VirtualCameraState) {
        guard body.virtualCameraState != state else { return }
        var next = body
        next.virtualCameraState = state
        commit(next)
    }

    /// Start/StopVirtualCamera: turns it on or off; the dialog is the switch's sentence.
    func turnVirtualCamera(on: Bool) async throws(IntentError) -> IntentResult {
        guard let virtualCamera else { throw .unsupported("There is no virtual camera here: PipeWire is not available to this daemon.") }
        let dialog = try await virtualCamera.turn(on: on)
        let isOn = await virtualCamera.current != nil
        // Also when nothing changed: a setting restored on but never published shows off again.
        rememberVirtualCamera(isOn)
        return IntentResult(dialog: dialog, value: .bool(isOn))
    }

    /// ToggleVirtualCamera: on when it is off, off when it is on.
    func toggleVirtualCamera() async throws(IntentError) -> IntentResult {
        try await turnVirtualCamera(on: await virtualCamera?.current == nil)
    }
}
