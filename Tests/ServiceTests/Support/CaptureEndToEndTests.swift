import Testing

/// The end-to-end suites of the camera behind the intents (looks, faults, recovery, undo, menu, clock)
/// nest in here so they run one at a time: each starts a daemon encoding 720p in real time, and on two
/// shared cores several at once drop frames.
@Suite(.serialized) struct CaptureEndToEndTests {}
