import Foundation

/// The quoted path in busctl's `a{sv}` output: `… "path" s "/tmp/…/x.jpg" …`.
func busctlPath(_ output: String) -> String? {
    guard let range = output.range(of: "\"path\" s \"") else { return nil }
    let rest = output[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
}
