import CGStreamer
import CGstShim
import Foundation

/// GStreamer's device monitor over video sources (PipeWire nodes, V4L2 devices), followed on a
/// thread that sleeps on the monitor's bus until a device comes, goes or changes: hot-plug is
/// event-driven, with no timer. Each change calls `onChange` with every device present then.
final class CameraMonitor: @unchecked Sendable {
    /// The GstDeviceMonitor, kept by this object and by the following thread while it runs.
    private final class Handle: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<GstDeviceMonitor>
        init(_ pointer: UnsafeMutablePointer<GstDeviceMonitor>) { self.pointer = pointer }
        deinit {
            gst_device_monitor_stop(pointer)
            gst_object_unref(UnsafeMutableRawPointer(pointer))
        }
    }

    private let handle: Handle
    private var monitor: UnsafeMutablePointer<GstDeviceMonitor> { handle.pointer }
    private let lock = NSLock()
    private var stopping = false
    private var follower: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a monitor of `Video/Source` devices; nil (with the reason logged) when no device
    /// provider could start.
    init?() {
        guard (try? GStreamerRuntime.ensure()) != nil, let monitor = gst_device_monitor_new() else { return nil }
        handle = Handle(monitor)
        _ = gst_device_monitor_add_filter(monitor, "Video/Source", nil)
        guard gst_device_monitor_start(monitor) != 0 else {
            EngineLog.warn("no GStreamer device provider could start: only the test cards or a named device can be used")
            return nil
        }
    }

    deinit { stop() }

    /// Every video source present now.
    var devices: [DeviceDescription] {
        var list: [DeviceDescription] = []
        var node = gst_device_monitor_get_devices(monitor)
        let head = node
        while let current = node {
            if let raw = current.pointee.data {
                let device = raw.assumingMemoryBound(to: GstDevice.self)
                list.append(Self.describe(device))
                gst_object_unref(raw)
            }
            node = current.pointee.next
        }
        g_list_free(head)
        return list
    }

    /// Calls `onChange` with the devices present after each device event, on a thread of its own,
    /// until `stop()`. The thread holds the monitor too, so it never outlives it.
    func follow(_ onChange: @escaping @Sendable ([DeviceDescription]) -> Void) {
        lock.withLock {
            guard follower == nil, !stopping else { return }
            let thread = Thread { [handle, finished, weak self] in
                while gstshim_device_monitor_wait(handle.pointer) != 0 {
                    guard let self, !self.isStopping else { break }
                    onChange(self.devices)
                }
                finished.signal()
            }
            thread.name = "retrocam-cameras"
            follower = thread
            thread.start()
        }
    }

    /// Ends `follow`'s thread and waits for it (unless called from it).
    func stop() {
        let thread: Thread? = lock.withLock {
            stopping = true
            defer { follower = nil }
            return follower
        }
        guard let thread else { return }
        gstshim_device_monitor_wake(monitor)
        if thread != Thread.current { finished.wait() }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    /// A device as a plain value.
    private static func describe(_ device: UnsafeMutablePointer<GstDevice>) -> DeviceDescription {
        let typeName = GStreamerRuntime.takeString(gstshim_device_type_name(device)) ?? ""
        let name = GStreamerRuntime.takeString(gst_device_get_display_name(device)) ?? ""
        let caps = GStreamerRuntime.takeString(gstshim_device_caps(device)) ?? ""
        var properties: [String: String] = [:]
        if let pairs = gstshim_device_properties(device) {
            var index = 0
            while let key = pairs[index], let value = pairs[index + 1] {
                properties[String(cString: key)] = String(cString: value)
                index += 2
            }
            g_strfreev(pairs)
        }
        return DeviceDescription(provider: .init(typeName: typeName), displayName: name,
                                 properties: properties, caps: caps)
    }
}
