import Body

extension IntentError {
    /// What a capture device threw, as the caller sees it: the device's own `IntentError`, or for
    /// anything else (a device that is not ours), no camera.
    init(deviceError error: any Error) {
        if let intentError = error as? IntentError {
            self = intentError
        } else {
            self = .noCamera("The camera failed: \(error).")
        }
    }
}
