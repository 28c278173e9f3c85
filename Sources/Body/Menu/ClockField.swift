import Foundation

/// The fields of SET CLOCK, in the order the camcorder steps through them.
public enum ClockField: String, CaseIterable, Sendable {
    /// The year, e.g. 1986.
    case year
    /// The month, 1–12.
    case month
    /// The day of the month.
    case day
    /// The hour, 0–23.
    case hour
    /// The minute, 0–59.
    case minute

    /// The calendar component this field turns.
    var component: Calendar.Component {
        switch self {
        case .year: .year
        case .month: .month
        case .day: .day
        case .hour: .hour
        case .minute: .minute
        }
    }

    /// The field named `text` ("year", "Minute", "clock.day"), or nil.
    public init?(named text: String) {
        let word = text.lowercased().trimmingCharacters(in: .whitespaces)
        let bare = word.hasPrefix("clock.") ? String(word.dropFirst(6)) : word
        self.init(rawValue: bare)
    }
}

/// The camera's own clock: real time plus the offset SET CLOCK made, read in the local time zone.
public struct CameraClock: Sendable, Equatable {
    /// Seconds the camera's clock runs ahead of real time (negative: behind).
    public var offset: Double = 0
    /// The years the clock can be set to (the DECADE wheel's range and a little beyond).
    public static let years = 1900...2099

    /// The calendar fields are read in.
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }

    /// The camera's time when the real time is `now`.
    public func time(at now: Date) -> Date { now.addingTimeInterval(offset) }

    /// The value of `field` at `now`.
    public func value(of field: ClockField, at now: Date) -> Int {
        Self.calendar.component(field.component, from: time(at: now))
    }

    /// Turns `field` by `steps`, carrying into the larger fields as a calendar does (December + 1 month is
    /// January of the next year). The year stays within `years`.
    public mutating func adjust(_ field: ClockField, by steps: Int, at now: Date) throws(IntentError) {
        let shown = time(at: now)
        guard let moved = Self.calendar.date(byAdding: field.component, value: steps, to: shown) else {
            throw .outOfRange("The clock cannot be turned that far.")
        }
        let year = Self.calendar.component(.year, from: moved)
        guard Self.years.contains(year) else {
            throw .outOfRange("The clock's year goes from \(Self.years.lowerBound) to \(Self.years.upperBound).")
        }
        offset += moved.timeIntervalSince(shown)
    }
}
