#ifndef RETROCAM_GSTSHIM_H
#define RETROCAM_GSTSHIM_H

// The C conveniences Swift cannot reach on its own: cast macros, variadic
// g_object_set, appsink callbacks, pad probes that touch pixels, and the
// demuxer's dynamic pads. Every function here is small and documented; the
// Swift Engine module builds its API on top of them.

#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

// MARK: - Elements and properties

/// The child of a bin named `name`, with a new reference, or NULL. (gst_bin_get_by_name)
GstElement *gstshim_bin_get_by_name(GstElement *bin, const char *name);

/// Sets a boolean property and reads it back; FALSE when it did not take.
gboolean gstshim_set_bool(GstElement *element, const char *name, gboolean value);
/// Sets an integer property (int, uint, int64, uint64 or enum by number) and reads it back.
gboolean gstshim_set_int(GstElement *element, const char *name, gint64 value);
/// Sets a float or double property and reads it back (within 1e-4).
gboolean gstshim_set_double(GstElement *element, const char *name, double value);
/// Sets a string property and reads it back.
gboolean gstshim_set_string(GstElement *element, const char *name, const char *value);
/// Sets any property from its string form (enums by nick, caps, …) with
/// gst_util_set_object_arg, then reads it back; FALSE when it silently failed.
gboolean gstshim_set_arg(GstElement *element, const char *name, const char *value);
/// The property's value as a newly allocated string (free with g_free), or NULL.
gchar *gstshim_get_as_string(GstElement *element, const char *name);

/// Forces `pipeline` (a GstPipeline) to run on the monotonic system clock, so
/// timestamps of two pipelines can be compared.
void gstshim_pipeline_use_system_clock(GstElement *pipeline);

/// Now on the system clock every pipeline runs on (the clock frames' capture times are measured on).
GstClockTime gstshim_clock_now(void);

/// The element's base time (running time zero on its clock).
GstClockTime gstshim_base_time(GstElement *element);

/// Queues end-of-stream on an appsrc after the buffers already pushed.
void gstshim_app_src_end_of_stream(GstElement *appsrc);

/// Sends an EOS event to `element` (a source, or a whole pipeline).
gboolean gstshim_send_eos(GstElement *element);

/// Converts `sample` to `mime` (e.g. "image/jpeg") and copies the encoded
/// bytes into a new g_malloc'ed block. Returns NULL and sets *error_message
/// (free with g_free) on failure.
guint8 *gstshim_encode_sample(GstSample *sample, const char *mime, GstClockTime timeout,
                              gsize *size, gchar **error_message);

/// Width and height of the video caps of `sample`; FALSE when they are not video.
gboolean gstshim_sample_size(GstSample *sample, gint *width, gint *height);

// MARK: - Bus

/// What `gstshim_bus_wait` saw.
typedef enum {
    GSTSHIM_BUS_TIMEOUT = 0,
    GSTSHIM_BUS_EOS = 1,
    GSTSHIM_BUS_ERROR = 2,
} GstShimBusResult;

/// Waits up to `timeout` for EOS or an error on the pipeline's bus. On error,
/// *error_message (free with g_free) names the element and the problem.
GstShimBusResult gstshim_bus_wait(GstElement *pipeline, GstClockTime timeout, gchar **error_message);

/// "element: what went wrong" for an error or warning message, without a final full stop (g_free it).
gchar *gstshim_problem_text(GstMessage *message);

/// Called from the thread that posted it with each error or warning of a watched pipeline.
typedef void (*GstShimProblemCallback)(gpointer data, gboolean is_error, const char *text);

/// Watches `pipeline`'s bus without a thread or a timer of our own: a sync handler hands every error
/// and warning to `callback` (on the posting thread; it must not block) and drops every other message,
/// so nothing piles up on the bus. `destroy` frees `data` when the watch goes with the pipeline.
/// The corresponding C call is `gst_bus_set_sync_handler`.
void gstshim_bus_watch(GstElement *pipeline, GstShimProblemCallback callback, gpointer data, GDestroyNotify destroy);

/// Pops one error or warning from the bus without waiting longer than
/// `timeout`. Returns NULL when there is none; else a message to g_free, and
/// *is_error says whether it was an error.
gchar *gstshim_bus_pop_problem(GstElement *pipeline, GstClockTime timeout, gboolean *is_error);

/// Called from a GStreamer thread with the first error a pipeline posts (a sentence naming the
/// element and the problem; valid only during the call).
typedef void (*GstShimErrorCallback)(gpointer user_data, const gchar *message);

/// Calls `callback` as soon as `pipeline` posts an error (a bus sync handler, so at once, from the
/// thread that failed); the message stays on the bus for `gstshim_bus_wait`. `destroy` frees
/// `user_data` when the pipeline goes. Only the first error is reported.
void gstshim_bus_on_error(GstElement *pipeline, GstShimErrorCallback callback, gpointer user_data,
                          GDestroyNotify destroy);

// MARK: - The frame hub (appsink → latest frame + recorder)

/// Receives every finished frame of the live pipeline on its appsink: keeps
/// the latest one for photos and, while a take runs, forwards each frame to
/// the take's appsrc with timestamps rebased onto the take's clock.
typedef struct GstShimFrameHub GstShimFrameHub;

/// A new hub, not yet attached.
GstShimFrameHub *gstshim_hub_new(void);
/// Installs the hub's callbacks on `appsink` (replacing earlier ones).
void gstshim_hub_attach(GstShimFrameHub *hub, GstElement *appsink);
/// Removes the hub's callbacks from `appsink`.
void gstshim_hub_detach(GstShimFrameHub *hub, GstElement *appsink);
/// Number of frames seen since the hub was made.
guint64 gstshim_hub_frames_seen(GstShimFrameHub *hub);
/// Number of appsrcs the hub sends its frames to now (see `gstshim_hub_add_outlet`).
guint gstshim_hub_outlet_count(GstShimFrameHub *hub);
/// Starts forwarding frames to `appsrc`; frames captured before `record_base`
/// (an absolute time on the system clock) are not forwarded.
void gstshim_hub_start_recording(GstShimFrameHub *hub, GstElement *appsrc, GstClockTime record_base);
/// Stops forwarding, once the take has its first frame (waiting for it, woken by each frame, at most
/// `first_frame_timeout_us`, or until `gstshim_hub_interrupt`); reports frames forwarded and the end time
/// of the last one.
void gstshim_hub_stop_recording(GstShimFrameHub *hub, gint64 first_frame_timeout_us, guint64 *frames,
                                GstClockTime *end_time);
/// Waits up to `timeout_us` for a frame fit for a photo and answers it with a reference (or NULL):
/// captured at or after `not_before` (an absolute system-clock time: the look it must carry was on
/// the elements by then), once the camera's first dark frames are past (see `gstshim_hub_warm_up`).
/// Returns NULL at once when `gstshim_hub_interrupt` is called during the wait.
GstSample *gstshim_hub_wait_frame(GstShimFrameHub *hub, GstClockTime not_before, gint64 timeout_us);
/// Starts a warm-up (the camera was just opened): frames whose mean luma is below `dark_luma`
/// (0…255) are not fit for photos until one is brighter, or `max_frames` frames or `max_us`
/// microseconds have passed (a dark room still gets its picture). Forgets the latest frame.
void gstshim_hub_warm_up(GstShimFrameHub *hub, guint dark_luma, guint max_frames, gint64 max_us);
/// Wakes every `gstshim_hub_wait_frame` (the camera failed or is closing).
void gstshim_hub_interrupt(GstShimFrameHub *hub);
/// Forgets the latest frame (the camera closed), releasing its memory.
void gstshim_hub_clear(GstShimFrameHub *hub);
/// Dark frames skipped by the current warm-up so far.
guint gstshim_hub_dark_frames_skipped(GstShimFrameHub *hub);
/// Sends every frame from now on also to `appsrc` (a branch: the preview stream, the virtual camera),
/// timestamps rebased onto `base` (absolute system-clock time of that pipeline's zero).
void gstshim_hub_add_outlet(GstShimFrameHub *hub, GstElement *appsrc, GstClockTime base);
/// Stops sending frames to `appsrc` (added by `gstshim_hub_add_outlet`); nothing when it is not an outlet.
void gstshim_hub_remove_outlet(GstShimFrameHub *hub, GstElement *appsrc);
/// Frees the hub (detach it first; the pipeline must be stopped).
void gstshim_hub_free(GstShimFrameHub *hub);

/// Waits (at most `timeout_us`) until a buffer has gone through `element`'s static pad `pad_name`;
/// TRUE when one did. Woken by the buffer itself (a pad probe), not by polling.
gboolean gstshim_pad_wait_first_buffer(GstElement *element, const gchar *pad_name, gint64 timeout_us);

// MARK: - Frame effects (pixel work stock elements cannot do)

/// The looks applied in C to I420 frames. All zero means untouched.
typedef struct {
    double grain;        ///< 0…1 film grain (luma noise)
    double colour_bleed; ///< 0…1 chroma smeared and shifted sideways (VHS)
    double softness;     ///< 0…1 box blur of luma
    double vignette;     ///< 0…1 darkened corners
    double sepia;        ///< 0…1 chroma pulled toward a sepia tone
    double warmth;       ///< -1…1 chroma nudged toward orange (+) or blue (-)
    gint matte_num;      ///< letterbox/pillarbox ratio numerator, 0 for none
    gint matte_den;      ///< letterbox/pillarbox ratio denominator
} GstShimLookFx;

/// A pad probe that paints the effects onto every frame passing a pad.
typedef struct GstShimFx GstShimFx;

/// New effects, all off.
GstShimFx *gstshim_fx_new(void);
/// Replaces the parameters; the next frame uses them.
void gstshim_fx_set(GstShimFx *fx, const GstShimLookFx *params);
/// Adds the probe to the static pad `pad_name` of `element`. FALSE if there is no such pad.
gboolean gstshim_fx_attach(GstShimFx *fx, GstElement *element, const char *pad_name);
/// Frees the effects (the pipeline holding the probe must be stopped or gone).
void gstshim_fx_free(GstShimFx *fx);
/// Applies the effects to one mapped I420 frame (exposed for tests and benches).
void gstshim_fx_apply_frame(GstShimFx *fx, GstVideoFrame *frame);

// MARK: - Preview time stamps (preview.c)

/// Blocks of a stamp: 64 bits of capture time, then 16 check bits.
#define GSTSHIM_STAMP_BITS 80

/// Adds a probe on `element`'s static pad `pad_name` that paints each I420 frame's capture
/// time (PTS + the element's base time, on the monotonic system clock, in ns) as a row of
/// black and white blocks across the top, for latency measurements. FALSE if there is no such pad.
gboolean gstshim_preview_stamp_attach(GstElement *element, const char *pad_name);

/// Paints `value` into one plane (luma, or packed pixels of `pixel_stride` bytes) as
/// GSTSHIM_STAMP_BITS square blocks of `width / GSTSHIM_STAMP_BITS` pixels across the top,
/// `dark` for 0 and `light` for 1. FALSE when the picture is too small.
gboolean gstshim_stamp_write(guint8 *plane, gint stride, gint pixel_stride, gint width, gint height,
                             guint8 dark, guint8 light, guint64 value);

/// Reads a stamp painted by `gstshim_stamp_write` (after any colour conversion that keeps the
/// size); FALSE when the blocks do not hold a valid stamp.
gboolean gstshim_stamp_read(const guint8 *plane, gint stride, gint pixel_stride, gint width, gint height,
                            guint64 *value);

// MARK: - Remux

/// Rewrites a Matroska/WebM file (possibly cut short by a crash) through
/// matroskademux → webmmux (or matroskamux when `webm` is FALSE), so it gets a
/// duration and a seek index, into the open file `output_fd` (not closed here; a
/// descriptor, so the repaired copy cannot be redirected by a planted link).
/// On success *duration is the last frame's end time.
gboolean gstshim_remux_matroska_fd(const char *input, int output_fd, gboolean webm,
                                   GstClockTime timeout, GstClockTime *duration,
                                   gchar **error_message);

// MARK: - Video4Linux

/// TRUE when `path` is a V4L2 device that captures video; its card name is
/// copied into `name` (NUL-terminated, at most `name_size` bytes).
/// The corresponding C call is `ioctl(VIDIOC_QUERYCAP)`.
gboolean gstshim_v4l2_capture_name(const char *path, char *name, gsize name_size);

// MARK: - Camera discovery (GstDeviceMonitor)

/// The device's GType name, e.g. "GstPipeWireDevice" or "GstV4l2Device" (free with g_free).
gchar *gstshim_device_type_name(GstDevice *device);
/// The device's properties as a NULL-terminated list of key, value, key, value… (values that
/// are not strings serialized); free with g_strfreev. The corresponding C call is
/// `gst_device_get_properties` walked with `gst_structure_foreach`.
gchar **gstshim_device_properties(GstDevice *device);
/// The device's caps as a string ("" when it has none); free with g_free.
gchar *gstshim_device_caps(GstDevice *device);
/// The descriptor that is readable while `monitor`'s bus holds messages (`gst_bus_get_pollfd`), for
/// waiting in a poll loop instead of on a thread of its own; it lives as long as the monitor.
gint gstshim_device_monitor_fd(GstDeviceMonitor *monitor);
/// Takes every message waiting on `monitor`'s bus without blocking; TRUE when a device was added,
/// removed or changed among them.
gboolean gstshim_device_monitor_drain(GstDeviceMonitor *monitor);

G_END_DECLS
#endif
