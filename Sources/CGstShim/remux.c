// Remux a Matroska/WebM file through matroskademux → webmmux/matroskamux.
// A take killed mid-recording has every frame but no duration or cues; muxing
// it again writes both. The demuxer's pads appear at run time, so they are
// linked here, in C, from its pad-added signal.
#include "gstshim.h"

typedef struct {
    GstElement *pipeline;
    GstElement *muxer;
    GMutex lock;
    GstClockTime last_end;
    guint linked;
} RemuxJob;

static GstPadProbeReturn track_end(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    RemuxJob *job = data;
    GstBuffer *buffer = gst_pad_probe_info_get_buffer(info);
    if (buffer && GST_BUFFER_PTS_IS_VALID(buffer)) {
        GstClockTime end = GST_BUFFER_PTS(buffer);
        if (GST_BUFFER_DURATION_IS_VALID(buffer)) end += GST_BUFFER_DURATION(buffer);
        g_mutex_lock(&job->lock);
        if (!GST_CLOCK_TIME_IS_VALID(job->last_end) || end > job->last_end) job->last_end = end;
        g_mutex_unlock(&job->lock);
    }
    return GST_PAD_PROBE_OK;
}

static void on_pad_added(GstElement *demuxer, GstPad *pad, gpointer data) {
    (void)demuxer;
    RemuxJob *job = data;
    GstElement *queue = gst_element_factory_make("queue", NULL);
    if (queue == NULL) return;
    gst_bin_add(GST_BIN(job->pipeline), queue);
    gst_element_sync_state_with_parent(queue);
    GstPad *queue_sink = gst_element_get_static_pad(queue, "sink");
    gboolean linked = gst_pad_link(pad, queue_sink) == GST_PAD_LINK_OK
        && gst_element_link(queue, job->muxer);
    gst_object_unref(queue_sink);
    if (linked) {
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, track_end, job, NULL);
        g_mutex_lock(&job->lock);
        job->linked += 1;
        g_mutex_unlock(&job->lock);
    }
}

gboolean gstshim_remux_matroska_fd(const char *input, int output_fd, gboolean webm,
                                   GstClockTime timeout, GstClockTime *duration,
                                   gchar **error_message) {
    *duration = GST_CLOCK_TIME_NONE;
    RemuxJob job = { 0 };
    g_mutex_init(&job.lock);
    job.last_end = GST_CLOCK_TIME_NONE;
    job.pipeline = gst_pipeline_new("remux");
    GstElement *source = gst_element_factory_make("filesrc", NULL);
    GstElement *demuxer = gst_element_factory_make("matroskademux", NULL);
    job.muxer = gst_element_factory_make(webm ? "webmmux" : "matroskamux", NULL);
    GstElement *sink = gst_element_factory_make("fdsink", NULL);
    if (!source || !demuxer || !job.muxer || !sink) {
        *error_message = g_strdup("the Matroska elements (plugins-good) are missing");
        if (source) gst_object_unref(source);
        if (demuxer) gst_object_unref(demuxer);
        if (job.muxer) gst_object_unref(job.muxer);
        if (sink) gst_object_unref(sink);
        gst_object_unref(job.pipeline);
        g_mutex_clear(&job.lock);
        return FALSE;
    }
    g_object_set(source, "location", input, NULL);
    g_object_set(sink, "fd", output_fd, NULL);
    gst_bin_add_many(GST_BIN(job.pipeline), source, demuxer, job.muxer, sink, NULL);
    gboolean ok = gst_element_link(source, demuxer) && gst_element_link(job.muxer, sink);
    g_signal_connect(demuxer, "pad-added", G_CALLBACK(on_pad_added), &job);

    if (!ok) {
        *error_message = g_strdup("the remux pipeline could not be linked");
    } else if (gst_element_set_state(job.pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
        gchar *problem = NULL;
        gstshim_bus_wait(job.pipeline, 0, &problem);
        *error_message = problem ? problem : g_strdup("the remux pipeline would not start");
        ok = FALSE;
    } else {
        gchar *problem = NULL;
        GstShimBusResult result = gstshim_bus_wait(job.pipeline, timeout, &problem);
        if (result == GSTSHIM_BUS_TIMEOUT) {
            *error_message = g_strdup("remuxing did not finish in time");
            ok = FALSE;
        } else if (result == GSTSHIM_BUS_ERROR) {
            *error_message = problem;
            ok = FALSE;
        }
    }
    gst_element_set_state(job.pipeline, GST_STATE_NULL);
    g_signal_handlers_disconnect_by_data(demuxer, &job);
    if (ok && job.linked == 0) {
        *error_message = g_strdup("the file has no audio or video track");
        ok = FALSE;
    }
    if (ok) *duration = job.last_end;
    gst_object_unref(job.pipeline);
    g_mutex_clear(&job.lock);
    return ok;
}
