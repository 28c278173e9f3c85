import CDBus
import Foundation
import Synchronization

/// The pipe that wakes a connection's dispatch thread from `poll`.
///
/// Any thread may poke it; the dispatch thread polls and drains its read end and closes it once, when
/// its loop ends. Both ends are close-on-exec, so no child a process starts inherits them, and they are
/// kept under the lock `poke()` takes: a poke after `close()` does nothing, instead of writing its byte
/// into whatever file has reused the descriptor's number by then.
final class WakeupPipe: Sendable {
    private let ends: Mutex<(read: Int32, write: Int32)?>
    /// The read end, for the dispatch thread's `poll` (valid until that thread calls `close()`).
    let readEnd: Int32

    /// Makes the pipe, both ends non-blocking and close-on-exec; nil with `errno` set when it cannot.
    init?() {
        var fds: [Int32] = [0, 0]
        guard pipe2(&fds, O_CLOEXEC | O_NONBLOCK) == 0 else { return nil }
        ends = Mutex((fds[0], fds[1]))
        readEnd = fds[0]
    }

    /// Both ends while open, none once closed.
    var descriptors: [Int32] {
        ends.withLock { ends in ends.map { [$0.read, $0.write] } ?? [] }
    }

    /// Makes the dispatch thread look again; nothing once closed.
    func poke() {
        ends.withLock { ends in
            guard let ends else { return }
            var byte: UInt8 = 1
            _ = write(ends.write, &byte, 1)
        }
    }

    /// Reads every poke waiting (the dispatch thread, after `poll`).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Closes both ends, once; later pokes do nothing.
    func close() {
        ends.withLock { ends in
            guard let open = ends else { return }
            _ = Glibc.close(open.read)
            _ = Glibc.close(open.write)
            ends = nil
        }
    }
}
