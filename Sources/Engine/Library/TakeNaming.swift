import Foundation

/// File names for new takes: `Retrocam-2026-11-29-174512-1970s-super-8.jpg`,
/// made unique with `-2`, `-3`, … when a name is taken (`PrivateFolder.createUnique`).
enum TakeNaming {
    /// Tags that lead the name, in this order; the rest follow sorted by key.
    static let leadingTags = ["decade", "technology", "style"]

    /// The base name (no extension) for a take started at `date` with `tags`.
    static func baseName(date: Date, tags: [String: String]) -> String {
        var parts = ["Retrocam", timestamp(date)]
        let ordered = leadingTags.compactMap { tags[$0] }
            + tags.keys.filter { !leadingTags.contains($0) }.sorted().compactMap { tags[$0] }
        for value in ordered {
            let slug = slugify(value)
            if !slug.isEmpty { parts.append(slug) }
        }
        return String(parts.joined(separator: "-").prefix(120))
    }

    /// `2026-11-29-174512` in local time.
    static func timestamp(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))-\(two(parts.hour))\(two(parts.minute))\(two(parts.second))"
    }

    /// Lower-case ASCII letters and digits joined by single dashes: "Super 8" → "super-8".
    static func slugify(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return String(slug.lowercased().prefix(40))
    }
}
