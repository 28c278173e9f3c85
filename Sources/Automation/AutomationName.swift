/// An automation's name: what `retrocam automate add NAME` takes, and part of its file and unit names
/// (`retrocam-auto-NAME.timer`), so it never leaves its folder and is always a valid unit name.
public enum AutomationName {
    /// The longest name.
    public static let maximumLength = 64

    /// Checks `name`: 1 to 64 ASCII letters, digits, `-` or `_` (no `/`, no `.`, so no `..`).
    public static func validate(_ name: String) throws(AutomationError) {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
        guard !name.isEmpty, name.count <= maximumLength, allowed, !name.hasPrefix("-") else {
            throw AutomationError("'\(shown(name))' cannot be an automation name: use 1 to \(maximumLength) letters, digits, '-' or '_' "
                                  + "(no '/', '.' or spaces, not starting with '-').")
        }
    }

    /// A name as a sentence shows it: at most 40 characters, control characters escaped.
    public static func shown(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return cut.unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }
}
