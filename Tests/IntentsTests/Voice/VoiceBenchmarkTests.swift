import Body
import Testing
@testable import Intents

/// The benchmark the bench executable prints: every sampled sentence understood, every refusal refused.
@Suite struct VoiceBenchmarkTests {
    @Test func everySampledCaseIsRight() {
        let body = CameraBody()
        for example in VoiceBenchmark.cases() {
            #expect(VoiceBenchmark.understand(example.said, body: body) == example.intent, "'\(example.said)'")
        }
    }

    @Test func theReportSaysHowRightAndHowFast() {
        let report = VoiceBenchmark.run(iterations: 1)
        #expect(report.contains("accuracy 100.0%"), "\(report)")
        #expect(report.contains("match p50") && report.contains("refusal p50"))
    }
}
