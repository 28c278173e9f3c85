import Body

/// A camera the engine can show — a real device or one of the synthetic test cards — as the body
/// lists it: id (the device path, `pipewire:<serial>`, `synthetic:back`), the name the desktop shows,
/// and its side (`front`, `back`, `external`).
public typealias CameraInfo = CameraEntry
