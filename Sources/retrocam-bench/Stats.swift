/// Percentiles of a set of durations, in milliseconds.
struct Stats {
    let samples: [Double]

    init(_ samples: [Double]) { self.samples = samples.sorted() }

    /// The value below which `fraction` of the samples fall (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let rank = Int((fraction * Double(samples.count)).rounded(.up)) - 1
        return samples[min(max(rank, 0), samples.count - 1)]
    }

    var p50: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
}

/// Times `body` once, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure(body)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}
