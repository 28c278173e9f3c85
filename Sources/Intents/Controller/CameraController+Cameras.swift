import Body

/// Cameras that come and go: the body lists the cameras present, and FLIP's side stays on one that
/// is there (the back one when its camera went away, else the first), so `Facing` never names a
/// camera that is not there.
extension CameraController {
    /// Reads the cameras now and follows their changes.
    func followCameras() async {
        await device.onCamerasChanged { [weak self] in
            Task { await self?.refreshCameras() }
        }
        await refreshCameras()
    }

    /// Puts the cameras present into the body, moves FLIP's side to one that is there, and shows it.
    func refreshCameras() async {
        let cameras = await device.cameras()
        let facings = await device.availableFacings()
        // Read the body after the awaits, so a change made meanwhile is kept.
        var next = body
        next.cameras = cameras
        if let side = facings.contains(.back) ? Facing.back : facings.first, !facings.contains(next.facing) {
            next.setFacing(side)
        }
        let moved = next.facing != body.facing
        commit(next)
        if moved { await device.apply(body) }
    }
}
