import Foundation
import Testing
import XDG

/// Files under /proc are read to their end, past the first 4 KiB where Foundation's reader stops.
@Suite struct KernelFileTests {
    @Test func aProcFileLongerThanAPageIsReadWhole() throws {
        // This process's memory map: hundreds of lines, `[stack]` and `[vsyscall]` among the last.
        let text = try #require(KernelFile.text("/proc/self/maps"))
        #expect(text.utf8.count > 8192, "\(text.utf8.count) bytes")
        #expect(text.contains("[stack]") && text.hasSuffix("\n"))
    }

    @Test func aFileThatIsNotThereIsNil() {
        #expect(KernelFile.text("/proc/no-such-file") == nil)
    }
}
