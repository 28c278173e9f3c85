import Body

/// The tape counter: each technology's medium runs so many minutes, less what its clips used since the
/// tape went in. Digital media run as long as the disk holds at the clips' bitrate.
struct TapeLedger: Sendable, Equatable {
    /// Minutes used, by technology id.
    private(set) var usedMinutes: [String: Double] = [:]
    /// Minutes the disk holds, for digital media; nil uses the medium's nominal figure.
    var digitalMinutes: Double?

    /// What is left on `technology`'s medium, never below 0.
    func minutesLeft(on technology: Technology) -> Double {
        if technology.medium.isNominal, let digitalMinutes { return max(0, digitalMinutes) }
        return max(0, technology.medium.runningMinutes - (usedMinutes[technology.id] ?? 0))
    }

    /// Counts a clip of `seconds` against `technologyID`; a negative or unknown length counts nothing.
    mutating func record(seconds: Double?, on technologyID: String) {
        guard let seconds, seconds.isFinite, seconds > 0 else { return }
        usedMinutes[technologyID, default: 0] += seconds / 60
    }

    /// Gives back a trashed clip's minutes.
    mutating func giveBack(seconds: Double?, on technologyID: String) {
        guard let seconds, seconds.isFinite, seconds > 0, let used = usedMinutes[technologyID] else { return }
        usedMinutes[technologyID] = max(0, used - seconds / 60)
    }

    /// Sets what `technologyID`'s tape has used, as the library counts it.
    mutating func setUsed(seconds: Double, on technologyID: String) {
        usedMinutes[technologyID] = max(0, seconds.isFinite ? seconds / 60 : 0)
    }

    /// A fresh tape for `technologyID`.
    mutating func insertTape(on technologyID: String) {
        usedMinutes[technologyID] = 0
    }
}
