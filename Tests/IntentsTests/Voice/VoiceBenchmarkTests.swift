import Testing
@testable import Intents

/// The benchmark the bench executable prints: every sampled sentence understood, every refusal refused.
@Suite struct VoiceBenchmarkTests {
    @Test func everySampledCaseIsRightAndTheReportSaysSo() {
        let report = VoiceBenchmark.run(iterations: 1)
        #expect(report.contains("accuracy 100.0%"), "\(report)")
        #expect(report.contains("match p50") && report.contains("refusal p50"))
    }
}
