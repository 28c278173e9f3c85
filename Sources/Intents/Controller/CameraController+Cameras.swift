import Body

/// Cameras that come and go: the body lists the cameras present, and FLIP's side stays on one that
/// is there (the back one when its camera went away, else the first), so `Facing` never names a
/// camera that is not there.
extension CameraController {
    /// Reads the cameras now and follows their changes.
    func followCameras() async {
        await device.onCamerasChanged { [weak self] in
            Task { await self?.refreshCameras(announcing: true) }
        }
        await refreshCameras(announcing: false)
    }

    /// Puts the cameras present into the body, moves FLIP's side to one that is there, and shows it;
    /// with `announcing`, each camera that came or went is an event.
    func refreshCameras(announcing: Bool) async {
        let cameras = await device.cameras()
        let facings = await device.availableFacings()
        // Read the body after the awaits, so a change made meanwhile is kept.
        var next = body
        next.cameras = cameras
        if let side = facings.contains(.back) ? Facing.back : facings.first, !facings.contains(next.facing) {
            next.setFacing(side)
        }
        let moved = next.facing != body.facing
        let before = body.cameras
        commit(next)
        if announcing {
            for camera in before where !cameras.contains(where: { $0.id == camera.id }) { announce(.cameraRemoved(camera)) }
            for camera in cameras where !before.contains(where: { $0.id == camera.id }) { announce(.cameraAdded(camera)) }
        }
        if moved { await device.apply(body) }
    }
}
