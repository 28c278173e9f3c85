import CGStreamer
import CGstShim
import Blocking
import Foundation
import Synchronization

/// GStreamer's device monitor over video sources (PipeWire nodes, V4L2 devices), followed by a task
/// that waits on the monitor's bus descriptor (`DescriptorWatcher`) until a device comes, goes or
/// changes: hot-plug is event-driven, with no timer and no thread of its own. Each change calls
/// `onChange` with every device present then.
final class CameraMonitor: Sendable {
    /// The GstDeviceMonitor, kept by this object and by the following task while it runs.
    private final class Handle: @unchecked Sendable {
        // @unchecked: the pointer is set once; GstDeviceMonitor is safe to use from any thread.
        let pointer: UnsafeMutablePointer<GstDeviceMonitor>
        init(_ pointer: UnsafeMutablePointer<GstDeviceMonitor>) { self.pointer = pointer }
        deinit {
            gst_device_monitor_stop(pointer)
            gst_object_unref(UnsafeMutableRawPointer(pointer))
        }
    }

    private let handle: Handle
    private let follower = Mutex<Task<Void, Never>?>(nil)

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
    var devices: [DeviceDescription] { Self.devices(of: handle) }

    /// Calls `onChange` with the devices present after each device event, until `stop()`. The task
    /// waits on `watcher` (no thread is held meanwhile) and keeps the monitor alive while it runs.
    func follow(on watcher: DescriptorWatcher, _ onChange: @escaping @Sendable ([DeviceDescription]) -> Void) {
        follower.withLock { follower in
            guard follower == nil else { return }
            follower = Task { [handle] in
                let bus = gstshim_device_monitor_fd(handle.pointer)
                guard bus >= 0 else { return EngineLog.warn("the device monitor has no bus to follow: cameras plugged in later are not seen") }
                while !Task.isCancelled {
                    guard (try? await watcher.wait(for: .readable, on: bus)) == true else { return }
                    if gstshim_device_monitor_drain(handle.pointer) != 0 { onChange(Self.devices(of: handle)) }
                }
            }
        }
    }

    /// Stops following (the task ends at once; nothing is waited for).
    func stop() {
        follower.withLock { $0 }?.cancel()
    }

    private static func devices(of handle: Handle) -> [DeviceDescription] {
        var list: [DeviceDescription] = []
        var node = gst_device_monitor_get_devices(handle.pointer)
        let head = node
        while let current = node {
            if let raw = current.pointee.data {
                let device = raw.assumingMemoryBound(to: GstDevice.self)
                let description = Self.describe(device)
                // The daemon's own virtual camera is its picture, not a camera to take pictures with.
                if description.properties["node.name"] != VirtualCameraStream.nodeName { list.append(description) }
                gst_object_unref(raw)
            }
            node = current.pointee.next
        }
        g_list_free(head)
        return list
    }

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
