// The GStreamer pieces of the viewfinder: the preview reader (the daemon's shm stream into
// gtksink, with capture-time stamps read back for latency), event sounds, the clip player and
// thumbnails for the LIBRARY.
#include "viewfinder.h"
#include "gstshim.h"
#include <gst/video/video.h>

// MARK: - Preview reader

struct VfPreview {
    GstElement *pipeline;
    GstElement *sink;
    GtkWidget *widget;
    GMutex lock;
    guint64 frames;
    gint64 first_frame;
    GArray *latencies;       // gint64 µs, capture → sink
    GArray *draw_latencies;  // gint64 µs, capture → drawn
    guint64 undrawn_stamp;   // capture time (ns) of the newest frame not drawn yet, 0 when none
};

static void record(GArray *list, gint64 value) {
    // Bounded: a reader that never collects keeps only the latest few thousand.
    if (list->len >= 4096) g_array_remove_range(list, 0, 1024);
    g_array_append_val(list, value);
}

static GstPadProbeReturn on_preview_frame(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    VfPreview *preview = data;
    GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
    gint64 now = g_get_monotonic_time();
    guint64 stamp = 0;
    GstCaps *caps = gst_pad_get_current_caps(pad);
    GstVideoInfo video;
    if (buffer && caps && gst_video_info_from_caps(&video, caps) && GST_VIDEO_INFO_N_PLANES(&video) == 1
        && GST_VIDEO_INFO_COMP_PSTRIDE(&video, 0) == 4) {
        GstVideoFrame frame;
        if (gst_video_frame_map(&frame, &video, buffer, GST_MAP_READ)) {
            if (!gstshim_stamp_read(GST_VIDEO_FRAME_PLANE_DATA(&frame, 0), GST_VIDEO_FRAME_PLANE_STRIDE(&frame, 0), 4,
                                    GST_VIDEO_FRAME_WIDTH(&frame), GST_VIDEO_FRAME_HEIGHT(&frame), &stamp))
                stamp = 0;
            gst_video_frame_unmap(&frame);
        }
    }
    if (caps) gst_caps_unref(caps);
    g_mutex_lock(&preview->lock);
    preview->frames += 1;
    if (preview->first_frame == 0) preview->first_frame = now;
    if (stamp != 0) {
        record(preview->latencies, now - (gint64)(stamp / 1000));
        preview->undrawn_stamp = stamp;
    }
    g_mutex_unlock(&preview->lock);
    return GST_PAD_PROBE_OK;
}

// After gtksink's widget painted: the newest frame it had is on the window now.
static gboolean on_preview_drawn(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)widget;
    (void)cr;
    VfPreview *preview = data;
    gint64 now = g_get_monotonic_time();
    g_mutex_lock(&preview->lock);
    if (preview->undrawn_stamp != 0) {
        record(preview->draw_latencies, now - (gint64)(preview->undrawn_stamp / 1000));
        preview->undrawn_stamp = 0;
    }
    g_mutex_unlock(&preview->lock);
    return FALSE;
}

VfPreview *vf_preview_new(const char *socket_path, const char *caps_text, gchar **error) {
    GError *problem = NULL;
    GstElement *pipeline = gst_parse_launch_full(
        "shmsrc name=source is-live=true do-timestamp=true ! capsfilter name=caps "
        "! queue max-size-buffers=1 max-size-bytes=0 max-size-time=0 leaky=downstream "
        "! videoconvert ! gtksink name=sink sync=false",
        NULL, GST_PARSE_FLAG_FATAL_ERRORS, &problem);
    if (pipeline == NULL) {
        *error = g_strdup(problem ? problem->message : "the preview pipeline could not be built");
        g_clear_error(&problem);
        return NULL;
    }
    GstCaps *caps = gst_caps_from_string(caps_text);
    if (caps == NULL) {
        *error = g_strdup_printf("the daemon offered unreadable caps: %s", caps_text);
        gst_object_unref(pipeline);
        return NULL;
    }
    VfPreview *preview = g_new0(VfPreview, 1);
    g_mutex_init(&preview->lock);
    preview->latencies = g_array_new(FALSE, FALSE, sizeof(gint64));
    preview->draw_latencies = g_array_new(FALSE, FALSE, sizeof(gint64));
    preview->pipeline = pipeline;
    GstElement *source = gst_bin_get_by_name(GST_BIN(pipeline), "source");
    g_object_set(source, "socket-path", socket_path, NULL);
    gst_object_unref(source);
    GstElement *filter = gst_bin_get_by_name(GST_BIN(pipeline), "caps");
    g_object_set(filter, "caps", caps, NULL);
    gst_object_unref(filter);
    gst_caps_unref(caps);
    preview->sink = gst_bin_get_by_name(GST_BIN(pipeline), "sink");
    g_object_get(preview->sink, "widget", &preview->widget, NULL);
    g_signal_connect_after(preview->widget, "draw", G_CALLBACK(on_preview_drawn), preview);
    GstPad *pad = gst_element_get_static_pad(preview->sink, "sink");
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, on_preview_frame, preview, NULL);
    gst_object_unref(pad);
    return preview;
}

GtkWidget *vf_preview_widget(VfPreview *preview) { return preview->widget; }

gboolean vf_preview_play(VfPreview *preview) {
    return gst_element_set_state(preview->pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE;
}

guint64 vf_preview_frames(VfPreview *preview) {
    g_mutex_lock(&preview->lock);
    guint64 frames = preview->frames;
    g_mutex_unlock(&preview->lock);
    return frames;
}

gint64 vf_preview_first_frame_time(VfPreview *preview) {
    g_mutex_lock(&preview->lock);
    gint64 first = preview->first_frame;
    g_mutex_unlock(&preview->lock);
    return first;
}

static int take(VfPreview *preview, GArray *list, gint64 *out, int capacity) {
    g_mutex_lock(&preview->lock);
    int count = MIN((int)list->len, capacity);
    for (int i = 0; i < count; i++) out[i] = g_array_index(list, gint64, i);
    g_array_remove_range(list, 0, count);
    g_mutex_unlock(&preview->lock);
    return count;
}

int vf_preview_take_latencies(VfPreview *preview, gint64 *out, int capacity) {
    return take(preview, preview->latencies, out, capacity);
}

int vf_preview_take_draw_latencies(VfPreview *preview, gint64 *out, int capacity) {
    return take(preview, preview->draw_latencies, out, capacity);
}

static gchar *pop_error(GstElement *pipeline) {
    GstBus *bus = gst_element_get_bus(pipeline);
    GstMessage *message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR);
    gst_object_unref(bus);
    if (message == NULL) return NULL;
    GError *error = NULL;
    gst_message_parse_error(message, &error, NULL);
    gchar *text = g_strdup(error ? error->message : "unknown error");
    g_clear_error(&error);
    gst_message_unref(message);
    return text;
}

gchar *vf_preview_error(VfPreview *preview) { return pop_error(preview->pipeline); }

void vf_preview_free(VfPreview *preview) {
    if (preview == NULL) return;
    gst_element_set_state(preview->pipeline, GST_STATE_NULL);
    g_signal_handlers_disconnect_by_data(preview->widget, preview);
    g_object_unref(preview->widget);
    gst_object_unref(preview->sink);
    gst_object_unref(preview->pipeline);
    g_array_unref(preview->latencies);
    g_array_unref(preview->draw_latencies);
    g_mutex_clear(&preview->lock);
    g_free(preview);
}

// MARK: - Event sounds

struct VfSound {
    GstElement *pipeline;
    gboolean started;
};

VfSound *vf_sound_new(const char *path, const char *sink, gchar **error) {
    gchar *description = g_strdup_printf("filesrc name=file ! decodebin ! audioconvert ! audioresample ! %s", sink);
    GError *problem = NULL;
    GstElement *pipeline = gst_parse_launch_full(description, NULL, GST_PARSE_FLAG_FATAL_ERRORS, &problem);
    g_free(description);
    if (pipeline == NULL) {
        *error = g_strdup(problem ? problem->message : "the sound pipeline could not be built");
        g_clear_error(&problem);
        return NULL;
    }
    GstElement *file = gst_bin_get_by_name(GST_BIN(pipeline), "file");
    g_object_set(file, "location", path, NULL);
    gst_object_unref(file);
    // Preroll now, so the first click is as quick as the others.
    if (gst_element_set_state(pipeline, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE
        || gst_element_get_state(pipeline, NULL, NULL, 2 * GST_SECOND) == GST_STATE_CHANGE_FAILURE) {
        *error = pop_error(pipeline);
        if (*error == NULL) *error = g_strdup("the sound would not load");
        gst_element_set_state(pipeline, GST_STATE_NULL);
        gst_object_unref(pipeline);
        return NULL;
    }
    VfSound *sound = g_new0(VfSound, 1);
    sound->pipeline = pipeline;
    return sound;
}

gboolean vf_sound_play(VfSound *sound) {
    if (sound->started
        && !gst_element_seek_simple(sound->pipeline, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, 0))
        return FALSE;
    sound->started = TRUE;
    return gst_element_set_state(sound->pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE;
}

void vf_sound_free(VfSound *sound) {
    if (sound == NULL) return;
    gst_element_set_state(sound->pipeline, GST_STATE_NULL);
    gst_object_unref(sound->pipeline);
    g_free(sound);
}

// MARK: - Clip player

struct VfPlayer {
    GstElement *playbin;
    GtkWidget *widget;
};

VfPlayer *vf_player_new(const char *audio_sink, gchar **error) {
    GstElement *playbin = gst_element_factory_make("playbin", "player");
    GstElement *video = gst_element_factory_make("gtksink", NULL);
    if (playbin == NULL || video == NULL) {
        *error = g_strdup("playbin or gtksink is missing (gstreamer1.0-plugins-base, gstreamer1.0-gtk3)");
        if (playbin) gst_object_unref(playbin);
        if (video) gst_object_unref(video);
        return NULL;
    }
    g_object_set(playbin, "video-sink", video, NULL);
    if (audio_sink && audio_sink[0]) {
        GError *problem = NULL;
        GstElement *audio = gst_parse_bin_from_description(audio_sink, TRUE, &problem);
        if (audio == NULL) {
            *error = g_strdup(problem ? problem->message : "the audio sink could not be built");
            g_clear_error(&problem);
            gst_object_unref(playbin);
            return NULL;
        }
        g_object_set(playbin, "audio-sink", audio, NULL);
    }
    VfPlayer *player = g_new0(VfPlayer, 1);
    player->playbin = playbin;
    g_object_get(video, "widget", &player->widget, NULL);
    return player;
}

GtkWidget *vf_player_widget(VfPlayer *player) { return player->widget; }

gboolean vf_player_play(VfPlayer *player, const char *path) {
    GError *problem = NULL;
    gchar *uri = g_filename_to_uri(path, NULL, &problem);
    if (uri == NULL) {
        g_clear_error(&problem);
        return FALSE;
    }
    gst_element_set_state(player->playbin, GST_STATE_NULL);
    g_object_set(player->playbin, "uri", uri, NULL);
    g_free(uri);
    return gst_element_set_state(player->playbin, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE;
}

void vf_player_stop(VfPlayer *player) { gst_element_set_state(player->playbin, GST_STATE_NULL); }

void vf_player_free(VfPlayer *player) {
    if (player == NULL) return;
    gst_element_set_state(player->playbin, GST_STATE_NULL);
    g_object_unref(player->widget);
    gst_object_unref(player->playbin);
    g_free(player);
}

// MARK: - Thumbnails

static void free_pixels(guchar *pixels, gpointer data) {
    (void)data;
    g_free(pixels);
}

static GdkPixbuf *clip_thumbnail(const char *path, int width, int timeout_ms) {
    gchar *uri = g_filename_to_uri(path, NULL, NULL);
    if (uri == NULL) return NULL;
    GstElement *playbin = gst_element_factory_make("playbin", NULL);
    GstElement *video = gst_element_factory_make("fakesink", NULL);
    GstElement *audio = gst_element_factory_make("fakesink", NULL);
    if (playbin == NULL || video == NULL || audio == NULL) {
        g_free(uri);
        if (playbin) gst_object_unref(playbin);
        if (video) gst_object_unref(video);
        if (audio) gst_object_unref(audio);
        return NULL;
    }
    g_object_set(playbin, "uri", uri, "video-sink", video, "audio-sink", audio, NULL);
    g_free(uri);
    GdkPixbuf *pixbuf = NULL;
    if (gst_element_set_state(playbin, GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE
        && gst_element_get_state(playbin, NULL, NULL, (GstClockTime)timeout_ms * GST_MSECOND) == GST_STATE_CHANGE_SUCCESS) {
        GstSample *sample = NULL;
        g_object_get(playbin, "sample", &sample, NULL);
        GstVideoInfo info;
        if (sample && gst_video_info_from_caps(&info, gst_sample_get_caps(sample)) && GST_VIDEO_INFO_WIDTH(&info) > 0) {
            int height = MAX(1, width * GST_VIDEO_INFO_HEIGHT(&info) / GST_VIDEO_INFO_WIDTH(&info));
            GstCaps *rgb = gst_caps_new_simple("video/x-raw", "format", G_TYPE_STRING, "RGB", "width", G_TYPE_INT, width,
                                               "height", G_TYPE_INT, height, "pixel-aspect-ratio", GST_TYPE_FRACTION, 1, 1,
                                               NULL);
            GstSample *converted = gst_video_convert_sample(sample, rgb, (GstClockTime)timeout_ms * GST_MSECOND, NULL);
            gst_caps_unref(rgb);
            GstMapInfo map;
            GstVideoInfo out;
            if (converted && gst_video_info_from_caps(&out, gst_sample_get_caps(converted))
                && gst_buffer_map(gst_sample_get_buffer(converted), &map, GST_MAP_READ)) {
                int stride = GST_VIDEO_INFO_PLANE_STRIDE(&out, 0);
                guchar *pixels = g_memdup2(map.data, map.size);
                pixbuf = gdk_pixbuf_new_from_data(pixels, GDK_COLORSPACE_RGB, FALSE, 8, width, height, stride,
                                                  free_pixels, NULL);
                gst_buffer_unmap(gst_sample_get_buffer(converted), &map);
            }
            if (converted) gst_sample_unref(converted);
        }
        if (sample) gst_sample_unref(sample);
    }
    gst_element_set_state(playbin, GST_STATE_NULL);
    gst_object_unref(playbin);
    return pixbuf;
}

GdkPixbuf *vf_thumbnail(const char *path, int width, int timeout_ms) {
    if (g_str_has_suffix(path, ".jpg") || g_str_has_suffix(path, ".jpeg") || g_str_has_suffix(path, ".png"))
        return gdk_pixbuf_new_from_file_at_scale(path, width, -1, TRUE, NULL);
    return clip_thumbnail(path, width, timeout_ms);
}
