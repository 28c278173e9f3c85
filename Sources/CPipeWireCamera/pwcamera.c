// A camera node of our own in PipeWire. pipewiresink offers only the one format its upstream fixed, so
// the node is a pw_stream of ours: its EnumFormat lists every format and size we offer, PipeWire's link
// negotiation picks one with the reader, and the chosen format is set on the GStreamer caps filter that
// feeds the appsink, so each frame arrives already converted and is copied once into PipeWire's buffer.
#define _GNU_SOURCE
#include "pwcamera.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <pipewire/pipewire.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>

struct PwCamera {
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct pw_stream *stream;
    struct spa_hook stream_listener;
    GstElement *crop;           // owned reference (a videocrop)
    PwCameraSize picture;       // the size of the frames it is fed
    GstElement *capsfilter;     // owned reference
    GstElement *appsink;        // owned reference
    enum pw_stream_state state;
    char *failure;              // the stream's error, if any
    GstVideoInfo info;          // the chosen format (valid when chosen)
    int chosen;
    unsigned long long sent, dropped;
};

// The formats offered, in GStreamer's and in SPA's words, the first what a reader with no wish gets.
static const struct { GstVideoFormat gst; uint32_t spa; } formats[] = {
    { GST_VIDEO_FORMAT_YUY2, SPA_VIDEO_FORMAT_YUY2 },
    { GST_VIDEO_FORMAT_NV12, SPA_VIDEO_FORMAT_NV12 },
    { GST_VIDEO_FORMAT_I420, SPA_VIDEO_FORMAT_I420 },
};

static GstVideoFormat gst_format_of(uint32_t spa) {
    for (size_t i = 0; i < SPA_N_ELEMENTS(formats); i++)
        if (formats[i].spa == spa) return formats[i].gst;
    return GST_VIDEO_FORMAT_UNKNOWN;
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    (void)old;
    PwCamera *camera = data;
    camera->state = state;
    if (state == PW_STREAM_STATE_ERROR) {
        free(camera->failure);
        camera->failure = strdup(error ? error : "the stream failed");
    }
    pw_thread_loop_signal(camera->loop, false);
}

// Cuts the picture to the shape of `width`×`height`, centred (even counts, for the chroma planes): the
// sides of a wider picture, the top and bottom of a taller one.
static void set_crop(PwCamera *camera, int width, int height) {
    int across = camera->picture.width, down = camera->picture.height;
    int left = 0, top = 0;
    if ((long long)across * height > (long long)width * down) {
        int kept = (int)((long long)down * width / height);
        left = (across - kept) / 4 * 2;
        g_object_set(camera->crop, "left", left, "right", across - kept - left, "top", 0, "bottom", 0, NULL);
    } else {
        int kept = (int)((long long)across * height / width);
        top = (down - kept) / 4 * 2;
        g_object_set(camera->crop, "left", 0, "right", 0, "top", top, "bottom", down - kept - top, NULL);
    }
}

// A reader and PipeWire agreed on a format: the crop cuts the picture to its shape (centred), the caps
// filter converts to it, and PipeWire gets buffers the size of one such frame.
static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    PwCamera *camera = data;
    if (id != SPA_PARAM_Format) return;
    if (param == NULL) {
        camera->chosen = 0;
        return;
    }
    struct spa_video_info_raw raw;
    spa_zero(raw);
    if (spa_format_video_raw_parse(param, &raw) < 0 || gst_format_of(raw.format) == GST_VIDEO_FORMAT_UNKNOWN) {
        pw_stream_set_error(camera->stream, -EINVAL, "a format the virtual camera does not offer");
        return;
    }
    GstVideoInfo info;
    gst_video_info_set_format(&info, gst_format_of(raw.format), raw.size.width, raw.size.height);
    GST_VIDEO_INFO_FPS_N(&info) = (gint)raw.framerate.num;
    GST_VIDEO_INFO_FPS_D(&info) = (gint)(raw.framerate.denom ? raw.framerate.denom : 1);
    GstCaps *caps = gst_video_info_to_caps(&info);
    set_crop(camera, (int)raw.size.width, (int)raw.size.height);
    g_object_set(camera->capsfilter, "caps", caps, NULL);
    gst_caps_unref(caps);
    camera->info = info;
    camera->chosen = 1;

    uint8_t buffer[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
    const struct spa_pod *params[1];
    params[0] = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
        SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(4, 2, 8),
        SPA_PARAM_BUFFERS_blocks, SPA_POD_Int(1),
        SPA_PARAM_BUFFERS_size, SPA_POD_Int((int)GST_VIDEO_INFO_SIZE(&info)),
        SPA_PARAM_BUFFERS_stride, SPA_POD_Int(GST_VIDEO_INFO_PLANE_STRIDE(&info, 0)),
        SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int(1 << SPA_DATA_MemPtr));
    pw_stream_update_params(camera->stream, params, 1);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
};

// Copies a frame of the chosen format into a free buffer of PipeWire's and starts a cycle of the graph
// (the node drives its readers, as a camera does). A frame of another format (still on its way after a
// change) or one with no free buffer (readers behind) is dropped: the camera's pace never waits.
static GstFlowReturn on_new_sample(GstAppSink *sink, gpointer data) {
    PwCamera *camera = data;
    GstSample *sample = gst_app_sink_pull_sample(sink);
    if (sample == NULL) return GST_FLOW_OK;
    GstVideoInfo info;
    GstCaps *caps = gst_sample_get_caps(sample);
    GstBuffer *frame = gst_sample_get_buffer(sample);
    int usable = caps && frame && gst_video_info_from_caps(&info, caps);
    pw_thread_loop_lock(camera->loop);
    int sent = 0;
    if (usable && camera->chosen && camera->state == PW_STREAM_STATE_STREAMING
        && GST_VIDEO_INFO_FORMAT(&info) == GST_VIDEO_INFO_FORMAT(&camera->info)
        && GST_VIDEO_INFO_WIDTH(&info) == GST_VIDEO_INFO_WIDTH(&camera->info)
        && GST_VIDEO_INFO_HEIGHT(&info) == GST_VIDEO_INFO_HEIGHT(&camera->info)) {
        struct pw_buffer *out = pw_stream_dequeue_buffer(camera->stream);
        if (out) {
            struct spa_data *target = &out->buffer->datas[0];
            GstMapInfo map;
            if (target->data && gst_buffer_map(frame, &map, GST_MAP_READ)) {
                size_t size = SPA_MIN((size_t)target->maxsize, map.size);
                memcpy(target->data, map.data, size);
                gst_buffer_unmap(frame, &map);
                target->chunk->offset = 0;
                target->chunk->size = (uint32_t)size;
                target->chunk->stride = GST_VIDEO_INFO_PLANE_STRIDE(&camera->info, 0);
                sent = 1;
            }
            pw_stream_queue_buffer(camera->stream, out);
            if (sent && pw_stream_is_driving(camera->stream)) pw_stream_trigger_process(camera->stream);
        }
    }
    if (sent) camera->sent++; else camera->dropped++;
    pw_thread_loop_unlock(camera->loop);
    gst_sample_unref(sample);
    return GST_FLOW_OK;
}

static void fail(char **error, const char *what, const char *why) {
    if (!error) return;
    char *text = NULL;
    if (asprintf(&text, "%s: %s", what, why) < 0) text = NULL;
    *error = text;
}

PwCamera *pwcamera_publish(const char *node_name, const char *description, PwCameraSize picture, const PwCameraSize *sizes,
                           int size_count, int framerate, GstElement *crop, GstElement *capsfilter, GstElement *appsink,
                           int timeout_ms, char **error) {
    pw_init(NULL, NULL);
    PwCamera *camera = calloc(1, sizeof(PwCamera));
    camera->crop = gst_object_ref(crop);
    camera->picture = picture;
    camera->capsfilter = gst_object_ref(capsfilter);
    camera->appsink = gst_object_ref(appsink);
    camera->state = PW_STREAM_STATE_UNCONNECTED;
    camera->loop = pw_thread_loop_new("retrocam-camera", NULL);
    camera->context = camera->loop ? pw_context_new(pw_thread_loop_get_loop(camera->loop), NULL, 0) : NULL;
    if (!camera->context || pw_thread_loop_start(camera->loop) < 0) {
        fail(error, "PipeWire's thread loop could not be made", strerror(errno));
        pwcamera_stop(camera);
        return NULL;
    }
    pw_thread_loop_lock(camera->loop);
    camera->core = pw_context_connect(camera->context, NULL, 0);
    if (!camera->core) {
        pw_thread_loop_unlock(camera->loop);
        fail(error, "PipeWire could not be reached", strerror(errno));
        pwcamera_stop(camera);
        return NULL;
    }
    struct pw_properties *props = pw_properties_new(
        PW_KEY_MEDIA_CLASS, "Video/Source", PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture",
        PW_KEY_MEDIA_ROLE, "Camera", PW_KEY_NODE_NAME, node_name, PW_KEY_NODE_DESCRIPTION, description, NULL);
    camera->stream = pw_stream_new(camera->core, description, props);
    pw_stream_add_listener(camera->stream, &camera->stream_listener, &stream_events, camera);

    // One EnumFormat per size, in the order given, each with every format.
    uint8_t buffer[4096];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
    const struct spa_pod *params[8];
    int count = size_count < 8 ? size_count : 8;
    for (int i = 0; i < count; i++) {
        params[i] = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
            SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
            SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
            SPA_FORMAT_VIDEO_format, SPA_POD_CHOICE_ENUM_Id(4, formats[0].spa, formats[0].spa, formats[1].spa,
                                                            formats[2].spa),
            SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&SPA_RECTANGLE((uint32_t)sizes[i].width,
                                                                    (uint32_t)sizes[i].height)),
            SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&SPA_FRACTION((uint32_t)framerate, 1)));
    }
    int result = pw_stream_connect(camera->stream, PW_DIRECTION_OUTPUT, PW_ID_ANY,
                                   PW_STREAM_FLAG_DRIVER | PW_STREAM_FLAG_MAP_BUFFERS, params, (uint32_t)count);
    // Listed once it is paused (connected, waiting for a reader).
    while (result >= 0 && camera->state != PW_STREAM_STATE_PAUSED && camera->state != PW_STREAM_STATE_STREAMING
           && camera->state != PW_STREAM_STATE_ERROR) {
        if (pw_thread_loop_timed_wait(camera->loop, (timeout_ms + 999) / 1000) != 0) break;
    }
    int listed = result >= 0 && (camera->state == PW_STREAM_STATE_PAUSED || camera->state == PW_STREAM_STATE_STREAMING);
    if (!listed) {
        fail(error, "PipeWire did not list the node",
             camera->failure ? camera->failure : (result < 0 ? strerror(-result) : "no answer in time"));
        pw_thread_loop_unlock(camera->loop);
        pwcamera_stop(camera);
        return NULL;
    }
    pw_thread_loop_unlock(camera->loop);
    GstAppSinkCallbacks callbacks = { .new_sample = on_new_sample };
    gst_app_sink_set_callbacks(GST_APP_SINK(camera->appsink), &callbacks, camera, NULL);
    return camera;
}

char *pwcamera_format(PwCamera *camera) {
    pw_thread_loop_lock(camera->loop);
    char *text = NULL;
    if (camera->chosen) {
        GstCaps *caps = gst_video_info_to_caps(&camera->info);
        gchar *described = gst_caps_to_string(caps);
        text = strdup(described);
        g_free(described);
        gst_caps_unref(caps);
    }
    pw_thread_loop_unlock(camera->loop);
    return text ? text : strdup("");
}

void pwcamera_counts(PwCamera *camera, unsigned long long *sent, unsigned long long *dropped) {
    pw_thread_loop_lock(camera->loop);
    if (sent) *sent = camera->sent;
    if (dropped) *dropped = camera->dropped;
    pw_thread_loop_unlock(camera->loop);
}

void pwcamera_stop(PwCamera *camera) {
    if (!camera) return;
    // No frame is taken after this: the appsink's callbacks are gone before the stream is.
    if (camera->appsink) {
        GstAppSinkCallbacks none = { 0 };
        gst_app_sink_set_callbacks(GST_APP_SINK(camera->appsink), &none, NULL, NULL);
    }
    if (camera->loop) {
        pw_thread_loop_lock(camera->loop);
        if (camera->stream) {
            spa_hook_remove(&camera->stream_listener);
            pw_stream_destroy(camera->stream);
        }
        if (camera->core) pw_core_disconnect(camera->core);
        pw_thread_loop_unlock(camera->loop);
        pw_thread_loop_stop(camera->loop);
    }
    if (camera->context) pw_context_destroy(camera->context);
    if (camera->loop) pw_thread_loop_destroy(camera->loop);
    if (camera->crop) gst_object_unref(camera->crop);
    if (camera->capsfilter) gst_object_unref(camera->capsfilter);
    if (camera->appsink) gst_object_unref(camera->appsink);
    free(camera->failure);
    free(camera);
}
