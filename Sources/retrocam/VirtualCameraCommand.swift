import CommandLineOptions
import DBus

/// `retrocam virtual-camera on|off|status`: the daemon's picture as the PipeWire camera "Retrocam".
let virtualCameraCommand = Command(
    name: "virtual-camera", operands: "on|off|status",
    summary: "Publish the looked picture as the PipeWire camera \"Retrocam\" for calls and OBS", arity: 1...1,
    choices: [["on", "off", "status"]]
) {
    switch $0.operands[0].lowercased() {
    case "on": return .text(try await $0.client.cameraCall("SetVirtualCamera", [.bool(true)]).first?.stringValue ?? "")
    case "off": return .text(try await $0.client.cameraCall("SetVirtualCamera", [.bool(false)]).first?.stringValue ?? "")
    case "status":
        let properties = try await $0.client.properties()
        guard properties["VirtualCamera"]?.boolValue == true else { return .text("off") }
        return .text("on: PipeWire node \(properties["VirtualCameraNode"]?.stringValue ?? "")")
    default:
        throw UsageError("virtual-camera takes on, off or status, not '\($0.operands[0])'.")
    }
}
