/// Gives the memory of finished work back to the system.
///
/// Video buffers (a 720p frame is 1.4 MB) and encoder state come and go with every take and every
/// camera open, on GStreamer's streaming threads. glibc keeps what those threads free in per-thread
/// arenas and returns it only from the top of each, so RSS grew by about 3 MB a clip (54 → 273 MB over
/// 300 clips) although the live heap stayed under 75 MB (heaptrack). A fixed mmap threshold cured it
/// but made every frame an mmap/munmap pair (a clip's PauseClip took 5 s instead of 1); trimming the
/// arenas once a take is saved and when the camera closes costs nothing while frames flow.
enum MemoryPolicy {
    /// Returns the free memory of every arena to the system. The corresponding C function is `malloc_trim`.
    static func trim() {
        _ = glibcMallocTrim(0)
    }
}

/// glibc's `malloc_trim`: `<malloc.h>` is not part of Swift's Glibc module.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
