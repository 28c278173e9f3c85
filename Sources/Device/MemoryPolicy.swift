/// How the daemon's memory is allocated and given back.
///
/// Video buffers (a 720p frame is 1.4 MB) and encoder state come and go with every take and every
/// camera open, on GStreamer's streaming threads, which come and go too. glibc gave each of those
/// threads an arena of its own (up to 16 on two cores) and returns freed memory only from the top of
/// each: RSS grew by about 3 MB a clip (52 → 170 MB over 60 clips here; 54 → 273 MB over 300) although
/// the live heap stayed under 75 MB (heaptrack: 8.6 MB left at exit after 20 clips and after 60). One
/// arena, trimmed once a take is saved and when the camera closes, kept it at 50 → 54 MB over 60 clips.
/// (A fixed mmap threshold also cured it, but made frames mmap/munmap pairs on the streaming threads.)
public enum MemoryPolicy {
    /// `M_ARENA_MAX` of `<malloc.h>`.
    private static let arenaMaxParameter: Int32 = -8

    /// One malloc arena for the whole process; call before any thread starts. Small allocations stay
    /// per thread (glibc's tcache). The corresponding C function is `mallopt`. An arena made before this call
    /// stays in use (its threads' successors inherit it), so `main` calls it first, before signal sources or tasks.
    public static func apply() {
        _ = glibcMallopt(arenaMaxParameter, 1)
    }

    /// Returns the free memory of the arena to the system. The corresponding C function is `malloc_trim`.
    public static func trim() {
        _ = glibcMallocTrim(0)
    }
}

/// glibc's `mallopt`: `<malloc.h>` is not part of Swift's Glibc module.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// glibc's `malloc_trim`.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
