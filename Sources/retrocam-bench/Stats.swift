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
    return milliseconds(try clock.measure(body))
}

/// A duration in milliseconds.
func milliseconds(_ duration: Duration) -> Double { duration.seconds * 1000 }

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
