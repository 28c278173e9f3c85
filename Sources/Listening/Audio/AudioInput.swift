import CGStreamer
import CGstShim
import Foundation

/// Where speech comes from: a microphone (any GStreamer audio source) or an audio file read in its place.
public enum AudioSource: Sendable, Equatable {
    /// A live source, as a GStreamer launch fragment: `autoaudiosrc`, `pulsesrc`, `pipewiresrc target-object=…`.
    case microphone(String)
    /// A recorded file (WAV or anything `decodebin` reads), decoded as fast as it can be.
    case file(URL)

    /// `RETROCAM_MICROPHONE`, else `autoaudiosrc` (PipeWire, PulseAudio or ALSA, whichever the desktop runs).
    public static func defaultMicrophone(environment: [String: String] = ProcessInfo.processInfo.environment) -> AudioSource {
        .microphone(environment["RETROCAM_MICROPHONE"].flatMap { $0.isEmpty ? nil : $0 } ?? "autoaudiosrc")
    }

    /// True for a file, which ends by itself.
    public var isFile: Bool { if case .file = self { true } else { false } }

    /// The source as a person would name it: the file's path or the GStreamer fragment.
    public var name: String {
        switch self {
        case .microphone(let fragment): return fragment
        case .file(let url): return url.path
        }
    }
}

/// One GStreamer pipeline from a source to 16 kHz mono 16-bit samples on an appsink, pulled in chunks.
/// `stop()` may be called from any thread (a signal handler's queue): the source gets end-of-stream, and
/// the samples already captured still come out before `next` answers the end.
final class AudioInput: @unchecked Sendable {
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let sink: OpaquePointer
    private let source: AudioSource

    /// Builds the pipeline; a missing element, a missing file or a bad fragment throws with GStreamer's reason.
    init(_ source: AudioSource) throws(ListenError) {
        if gst_init_check(nil, nil, nil) == 0 { throw .audio("GStreamer could not start.") }
        let head: String
        switch source {
        case .microphone(let fragment): head = fragment
        case .file(let url):
            guard FileManager.default.isReadableFile(atPath: url.path) else { throw .audio("Cannot read the audio file \(url.path).") }
            head = "filesrc name=file ! decodebin"
        }
        let description = "\(head) ! audioconvert ! audioresample ! "
            + "audio/x-raw,format=S16LE,rate=\(SpeechDecoder.sampleRate),channels=1,layout=interleaved ! "
            + "appsink name=sink sync=false max-buffers=0 drop=false"
        var error: UnsafeMutablePointer<GError>?
        let flags = GstParseFlags(rawValue: GST_PARSE_FLAG_FATAL_ERRORS.rawValue)
        guard let pipeline = gst_parse_launch_full(description, nil, flags, &error) else {
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown reason"
            if let error { g_error_free(error) }
            throw .audio("The audio source '\(source.name)' cannot be used: \(reason).")
        }
        if let error { g_error_free(error) }
        self.pipeline = pipeline
        self.source = source
        if case .file(let url) = source, let file = gstshim_bin_get_by_name(pipeline, "file") {
            _ = gstshim_set_string(file, "location", url.path)
            gst_object_unref(UnsafeMutableRawPointer(file))
        }
        guard let sink = gstshim_bin_get_by_name(pipeline, "sink") else {
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
            throw .audio("The audio pipeline has no sink.")
        }
        gst_object_unref(UnsafeMutableRawPointer(sink))
        self.sink = OpaquePointer(sink)
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    /// Starts capturing.
    func start() throws(ListenError) {
        if gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            throw .audio("The audio source '\(source.name)' would not start: \(problem() ?? "unknown reason").")
        }
    }

    /// Ends the capture: what was captured so far still comes out of `next`, then the end.
    func stop() {
        _ = gstshim_send_eos(pipeline)
    }

    /// The next samples: an empty array when none came within `timeout` seconds, nil at the end.
    /// An error of the source (a microphone that went away, a file that is not audio) throws.
    func next(timeout: Double) throws(ListenError) -> [Int16]? {
        let appsink = UnsafeMutablePointer<GstAppSink>(sink)
        guard let sample = gst_app_sink_try_pull_sample(appsink, GstClockTime(max(0, timeout) * 1e9)) else {
            if let problem = problem() { throw .audio("The audio source '\(source.name)' failed: \(problem).") }
            return gst_app_sink_is_eos(appsink) != 0 ? nil : []
        }
        defer { gst_sample_unref(sample) }
        guard let buffer = gst_sample_get_buffer(sample) else { return [] }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return [] }
        defer { gst_buffer_unmap(buffer, &map) }
        let count = Int(map.size) / MemoryLayout<Int16>.size
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(map.data).assumingMemoryBound(to: Int16.self), count: count))
    }

    /// The first error on the pipeline's bus, if any.
    private func problem() -> String? {
        var isError: gboolean = 0
        while let text = gstshim_bus_pop_problem(pipeline, 0, &isError) {
            defer { g_free(text) }
            if isError != 0 { return String(cString: text) }
        }
        return nil
    }
}
