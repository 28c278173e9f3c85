import CGStreamer
import CGstShim

/// Hears a pipeline's errors and warnings as they are posted (a bus sync handler): no thread waits on
/// the bus and nothing polls it, and every other message is dropped so none pile up.
enum BusWatch {
    /// Called with (is it an error, "element: what went wrong") on the posting thread; must not block.
    typealias Handler = @Sendable (Bool, String) -> Void

    /// Installs `handler` on `pipeline`'s bus for the pipeline's lifetime.
    /// The corresponding C call is `gst_bus_set_sync_handler`.
    static func install(on pipeline: Pipeline, _ handler: @escaping Handler) {
        let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
        gstshim_bus_watch(pipeline.handle, { data, isError, text in
            guard let data else { return }
            let box = Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue()
            box.handler(isError != 0, text.map { String(cString: $0) } ?? "unknown problem")
        }, box, { data in
            guard let data else { return }
            Unmanaged<HandlerBox>.fromOpaque(data).release()
        })
    }

    private final class HandlerBox: Sendable {
        let handler: Handler
        init(_ handler: @escaping Handler) { self.handler = handler }
    }
}
