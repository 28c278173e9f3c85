// The frame hub: the live pipeline's appsink hands every finished frame here.
// It keeps the latest frame (zero-lag photos) and, during a take, forwards
// frames to the take's appsrc with timestamps moved onto the take's timeline.
#include "gstshim.h"

struct GstShimFrameHub {
    GMutex lock;
    GstSample *latest;
    guint64 frames_seen;
    GstAppSrc *recorder;          // owned reference while recording
    GstClockTime record_base;     // absolute system-clock time of the take's zero
    guint64 frames_forwarded;
    GstClockTime last_end;
    GCond arrived;                // broadcast on every frame and on interrupt
    GstClockTime latest_capture;  // absolute system-clock time the latest frame was captured
    guint64 interrupts;           // bumped by gstshim_hub_interrupt
    // Warm-up after the camera opened: dark frames are not fit for photos until it ends.
    gboolean warm;
    guint dark_luma;
    guint max_dark_frames;
    gint64 warm_up_deadline;      // g_get_monotonic_time() after which any frame will do
    guint dark_skipped;
    GArray *outlets;              // GstShimOutlet: the branches fed the same frames (preview, virtual camera)
};

// A branch pipeline fed every frame: its appsrc (an owned reference) and its clock's zero.
typedef struct {
    GstAppSrc *appsrc;
    GstClockTime base;            // absolute system-clock time of the branch pipeline's zero
} GstShimOutlet;

GstShimFrameHub *gstshim_hub_new(void) {
    GstShimFrameHub *hub = g_new0(GstShimFrameHub, 1);
    g_mutex_init(&hub->lock);
    g_cond_init(&hub->arrived);
    hub->last_end = GST_CLOCK_TIME_NONE;
    hub->latest_capture = GST_CLOCK_TIME_NONE;
    hub->warm = TRUE;
    hub->outlets = g_array_new(FALSE, FALSE, sizeof(GstShimOutlet));
    return hub;
}

static void forward_locked(GstShimFrameHub *hub, GstSample *sample, GstClockTime absolute) {
    if (hub->recorder == NULL || !GST_CLOCK_TIME_IS_VALID(absolute) || absolute < hub->record_base)
        return;
    GstBuffer *input = gst_sample_get_buffer(sample);
    // A shallow copy: new timestamps, the same pixel memory.
    GstBuffer *output = gst_buffer_copy(input);
    GST_BUFFER_PTS(output) = absolute - hub->record_base;
    GST_BUFFER_DTS(output) = GST_CLOCK_TIME_NONE;
    if (hub->frames_forwarded == 0)
        GST_BUFFER_FLAG_SET(output, GST_BUFFER_FLAG_DISCONT);
    GstClockTime duration = GST_BUFFER_DURATION(output);
    GstSample *forward = gst_sample_new(output, gst_sample_get_caps(sample), NULL, NULL);
    if (gst_app_src_push_sample(hub->recorder, forward) == GST_FLOW_OK) {
        hub->frames_forwarded += 1;
        hub->last_end = GST_BUFFER_PTS(output) + (GST_CLOCK_TIME_IS_VALID(duration) ? duration : 0);
    }
    gst_sample_unref(forward);
    gst_buffer_unref(output);
}

// Mean luma (0…255) of an I420/NV12/grey frame, read from a sparse grid of the Y plane: enough to
// tell a black frame from a picture at a few microseconds a frame.
static guint mean_luma(GstSample *sample) {
    GstVideoInfo info;
    GstCaps *caps = gst_sample_get_caps(sample);
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    if (caps == NULL || buffer == NULL || !gst_video_info_from_caps(&info, caps)) return 255;
    if (!GST_VIDEO_FORMAT_INFO_IS_YUV(info.finfo)) return 255;
    GstVideoFrame frame;
    if (!gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ)) return 255;
    const guint8 *plane = GST_VIDEO_FRAME_COMP_DATA(&frame, 0);
    gint stride = GST_VIDEO_FRAME_COMP_STRIDE(&frame, 0);
    gint width = GST_VIDEO_FRAME_COMP_WIDTH(&frame, 0), height = GST_VIDEO_FRAME_COMP_HEIGHT(&frame, 0);
    guint64 sum = 0, count = 0;
    for (gint y = 0; y < height; y += 8)
        for (gint x = 0; x < width; x += 8) {
            sum += plane[y * stride + x];
            count += 1;
        }
    gst_video_frame_unmap(&frame);
    return count ? (guint)(sum / count) : 255;
}

// Called with the lock held for each new frame while warming up.
static void warm_up_locked(GstShimFrameHub *hub, GstSample *sample) {
    if (hub->warm) return;
    if (mean_luma(sample) >= hub->dark_luma || hub->dark_skipped >= hub->max_dark_frames
        || g_get_monotonic_time() >= hub->warm_up_deadline) {
        hub->warm = TRUE;
        return;
    }
    hub->dark_skipped += 1;
}

// Each outlet (the preview, the virtual camera) gets the same frame (no pixel copy), rebased onto
// its own pipeline's clock. Their appsrcs are leaky: a slow reader never holds the camera or a take back.
static void forward_outlets_locked(GstShimFrameHub *hub, GstSample *sample, GstClockTime absolute) {
    if (!GST_CLOCK_TIME_IS_VALID(absolute)) return;
    for (guint i = 0; i < hub->outlets->len; i++) {
        GstShimOutlet *outlet = &g_array_index(hub->outlets, GstShimOutlet, i);
        if (absolute < outlet->base) continue;
        GstBuffer *output = gst_buffer_copy(gst_sample_get_buffer(sample));
        GST_BUFFER_PTS(output) = absolute - outlet->base;
        GST_BUFFER_DTS(output) = GST_CLOCK_TIME_NONE;
        GstSample *forward = gst_sample_new(output, gst_sample_get_caps(sample), NULL, NULL);
        gst_app_src_push_sample(outlet->appsrc, forward);
        gst_sample_unref(forward);
        gst_buffer_unref(output);
    }
}

static GstFlowReturn on_new_sample(GstAppSink *sink, gpointer data) {
    GstShimFrameHub *hub = data;
    GstSample *sample = gst_app_sink_pull_sample(sink);
    if (sample == NULL) return GST_FLOW_EOS;
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    const GstSegment *segment = gst_sample_get_segment(sample);
    GstClockTime absolute = GST_CLOCK_TIME_NONE;
    if (buffer != NULL && segment != NULL && GST_BUFFER_PTS_IS_VALID(buffer)) {
        GstClockTime running = gst_segment_to_running_time(segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer));
        if (GST_CLOCK_TIME_IS_VALID(running))
            absolute = running + gst_element_get_base_time(GST_ELEMENT(sink));
    }
    g_mutex_lock(&hub->lock);
    GstSample *previous = hub->latest;
    hub->latest = sample;
    hub->latest_capture = absolute;
    hub->frames_seen += 1;
    warm_up_locked(hub, sample);
    if (buffer != NULL) forward_locked(hub, sample, absolute);
    g_cond_broadcast(&hub->arrived);
    if (buffer != NULL) forward_outlets_locked(hub, sample, absolute);
    g_mutex_unlock(&hub->lock);
    if (previous) gst_sample_unref(previous);
    return GST_FLOW_OK;
}

static GstFlowReturn on_new_preroll(GstAppSink *sink, gpointer data) {
    (void)data;
    GstSample *sample = gst_app_sink_pull_preroll(sink);
    if (sample) gst_sample_unref(sample);
    return GST_FLOW_OK;
}

void gstshim_hub_attach(GstShimFrameHub *hub, GstElement *appsink) {
    g_return_if_fail(GST_IS_APP_SINK(appsink));
    GstAppSinkCallbacks callbacks = { 0 };
    callbacks.new_sample = on_new_sample;
    callbacks.new_preroll = on_new_preroll;
    gst_app_sink_set_callbacks(GST_APP_SINK(appsink), &callbacks, hub, NULL);
}

void gstshim_hub_detach(GstShimFrameHub *hub, GstElement *appsink) {
    (void)hub;
    g_return_if_fail(GST_IS_APP_SINK(appsink));
    GstAppSinkCallbacks callbacks = { 0 };
    gst_app_sink_set_callbacks(GST_APP_SINK(appsink), &callbacks, NULL, NULL);
}

guint64 gstshim_hub_frames_seen(GstShimFrameHub *hub) {
    g_mutex_lock(&hub->lock);
    guint64 seen = hub->frames_seen;
    g_mutex_unlock(&hub->lock);
    return seen;
}

guint gstshim_hub_outlet_count(GstShimFrameHub *hub) {
    g_mutex_lock(&hub->lock);
    guint count = hub->outlets->len;
    g_mutex_unlock(&hub->lock);
    return count;
}

void gstshim_hub_start_recording(GstShimFrameHub *hub, GstElement *appsrc, GstClockTime record_base) {
    g_return_if_fail(GST_IS_APP_SRC(appsrc));
    g_mutex_lock(&hub->lock);
    if (hub->recorder) gst_object_unref(hub->recorder);
    hub->recorder = GST_APP_SRC(gst_object_ref(appsrc));
    hub->record_base = record_base;
    hub->frames_forwarded = 0;
    hub->last_end = GST_CLOCK_TIME_NONE;
    g_mutex_unlock(&hub->lock);
}

void gstshim_hub_stop_recording(GstShimFrameHub *hub, gint64 first_frame_timeout_us, guint64 *frames,
                                GstClockTime *end_time) {
    gint64 deadline = g_get_monotonic_time() + first_frame_timeout_us;
    g_mutex_lock(&hub->lock);
    guint64 interrupts = hub->interrupts;
    // Woken by every frame (and by an interrupt): a take stopped at once still gets its first frame.
    while (hub->recorder != NULL && hub->frames_forwarded == 0 && hub->interrupts == interrupts
           && g_cond_wait_until(&hub->arrived, &hub->lock, deadline)) {
    }
    GstAppSrc *recorder = hub->recorder;
    hub->recorder = NULL;
    *frames = hub->frames_forwarded;
    *end_time = hub->last_end;
    g_mutex_unlock(&hub->lock);
    if (recorder) gst_object_unref(recorder);
}

GstSample *gstshim_hub_wait_frame(GstShimFrameHub *hub, GstClockTime not_before, gint64 timeout_us) {
    gint64 deadline = g_get_monotonic_time() + timeout_us;
    GstSample *found = NULL;
    g_mutex_lock(&hub->lock);
    guint64 interrupts = hub->interrupts;
    for (;;) {
        gboolean fresh = !GST_CLOCK_TIME_IS_VALID(not_before)
            || (GST_CLOCK_TIME_IS_VALID(hub->latest_capture) && hub->latest_capture >= not_before);
        if (hub->latest && hub->warm && fresh) {
            found = gst_sample_ref(hub->latest);
            break;
        }
        if (hub->interrupts != interrupts) break;
        if (!g_cond_wait_until(&hub->arrived, &hub->lock, deadline)) break;
    }
    g_mutex_unlock(&hub->lock);
    return found;
}

static void forget_latest_locked(GstShimFrameHub *hub, GstSample **dropped) {
    *dropped = hub->latest;
    hub->latest = NULL;
    hub->latest_capture = GST_CLOCK_TIME_NONE;
}

void gstshim_hub_warm_up(GstShimFrameHub *hub, guint dark_luma, guint max_frames, gint64 max_us) {
    GstSample *dropped;
    g_mutex_lock(&hub->lock);
    forget_latest_locked(hub, &dropped);
    hub->warm = FALSE;
    hub->dark_luma = dark_luma;
    hub->max_dark_frames = max_frames;
    hub->warm_up_deadline = g_get_monotonic_time() + max_us;
    hub->dark_skipped = 0;
    g_mutex_unlock(&hub->lock);
    if (dropped) gst_sample_unref(dropped);
}

void gstshim_hub_interrupt(GstShimFrameHub *hub) {
    g_mutex_lock(&hub->lock);
    hub->interrupts += 1;
    g_cond_broadcast(&hub->arrived);
    g_mutex_unlock(&hub->lock);
}

void gstshim_hub_clear(GstShimFrameHub *hub) {
    GstSample *dropped;
    g_mutex_lock(&hub->lock);
    forget_latest_locked(hub, &dropped);
    g_mutex_unlock(&hub->lock);
    if (dropped) gst_sample_unref(dropped);
}

guint gstshim_hub_dark_frames_skipped(GstShimFrameHub *hub) {
    g_mutex_lock(&hub->lock);
    guint skipped = hub->dark_skipped;
    g_mutex_unlock(&hub->lock);
    return skipped;
}

void gstshim_hub_add_outlet(GstShimFrameHub *hub, GstElement *appsrc, GstClockTime base) {
    g_return_if_fail(GST_IS_APP_SRC(appsrc));
    GstShimOutlet outlet = { GST_APP_SRC(gst_object_ref(appsrc)), base };
    g_mutex_lock(&hub->lock);
    g_array_append_val(hub->outlets, outlet);
    g_mutex_unlock(&hub->lock);
}

void gstshim_hub_remove_outlet(GstShimFrameHub *hub, GstElement *appsrc) {
    GstAppSrc *removed = NULL;
    g_mutex_lock(&hub->lock);
    for (guint i = 0; i < hub->outlets->len; i++) {
        GstShimOutlet *outlet = &g_array_index(hub->outlets, GstShimOutlet, i);
        if ((GstElement *)outlet->appsrc != appsrc) continue;
        removed = outlet->appsrc;
        g_array_remove_index(hub->outlets, i);
        break;
    }
    g_mutex_unlock(&hub->lock);
    if (removed) gst_object_unref(removed);
}

void gstshim_hub_free(GstShimFrameHub *hub) {
    if (hub == NULL) return;
    for (guint i = 0; i < hub->outlets->len; i++) gst_object_unref(g_array_index(hub->outlets, GstShimOutlet, i).appsrc);
    g_array_free(hub->outlets, TRUE);
    if (hub->recorder) gst_object_unref(hub->recorder);
    if (hub->latest) gst_sample_unref(hub->latest);
    g_cond_clear(&hub->arrived);
    g_mutex_clear(&hub->lock);
    g_free(hub);
}
