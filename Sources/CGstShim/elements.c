// Properties, casts, bus waits and sample encoding: one thin function per C call.
#include "gstshim.h"
#include <math.h>
#include <string.h>

GstElement *gstshim_bin_get_by_name(GstElement *bin, const char *name) {
    g_return_val_if_fail(GST_IS_BIN(bin), NULL);
    return gst_bin_get_by_name(GST_BIN(bin), name);
}

static GParamSpec *find_pspec(GstElement *element, const char *name) {
    if (element == NULL || name == NULL) return NULL;
    return g_object_class_find_property(G_OBJECT_GET_CLASS(element), name);
}

gboolean gstshim_set_bool(GstElement *element, const char *name, gboolean value) {
    GParamSpec *pspec = find_pspec(element, name);
    if (pspec == NULL || pspec->value_type != G_TYPE_BOOLEAN) return FALSE;
    g_object_set(G_OBJECT(element), name, value ? TRUE : FALSE, NULL);
    gboolean got = FALSE;
    g_object_get(G_OBJECT(element), name, &got, NULL);
    return (got ? TRUE : FALSE) == (value ? TRUE : FALSE);
}

gboolean gstshim_set_int(GstElement *element, const char *name, gint64 value) {
    GParamSpec *pspec = find_pspec(element, name);
    if (pspec == NULL) return FALSE;
    GValue want = G_VALUE_INIT;
    g_value_init(&want, pspec->value_type);
    GType fundamental = G_TYPE_FUNDAMENTAL(pspec->value_type);
    switch (fundamental) {
    case G_TYPE_INT: g_value_set_int(&want, (gint)value); break;
    case G_TYPE_UINT: g_value_set_uint(&want, (guint)value); break;
    case G_TYPE_LONG: g_value_set_long(&want, (glong)value); break;
    case G_TYPE_ULONG: g_value_set_ulong(&want, (gulong)value); break;
    case G_TYPE_INT64: g_value_set_int64(&want, value); break;
    case G_TYPE_UINT64: g_value_set_uint64(&want, (guint64)value); break;
    case G_TYPE_ENUM: g_value_set_enum(&want, (gint)value); break;
    default: g_value_unset(&want); return FALSE;
    }
    g_object_set_property(G_OBJECT(element), name, &want);
    GValue got = G_VALUE_INIT;
    g_value_init(&got, pspec->value_type);
    g_object_get_property(G_OBJECT(element), name, &got);
    gboolean same = gst_value_compare(&want, &got) == GST_VALUE_EQUAL;
    g_value_unset(&want);
    g_value_unset(&got);
    return same;
}

gboolean gstshim_set_double(GstElement *element, const char *name, double value) {
    GParamSpec *pspec = find_pspec(element, name);
    if (pspec == NULL) return FALSE;
    if (pspec->value_type == G_TYPE_DOUBLE) {
        g_object_set(G_OBJECT(element), name, value, NULL);
        double got = NAN;
        g_object_get(G_OBJECT(element), name, &got, NULL);
        return fabs(got - value) < 1e-4;
    }
    if (pspec->value_type == G_TYPE_FLOAT) {
        g_object_set(G_OBJECT(element), name, (float)value, NULL);
        float got = NAN;
        g_object_get(G_OBJECT(element), name, &got, NULL);
        return fabs((double)got - value) < 1e-4;
    }
    return FALSE;
}

gboolean gstshim_set_string(GstElement *element, const char *name, const char *value) {
    GParamSpec *pspec = find_pspec(element, name);
    if (pspec == NULL || pspec->value_type != G_TYPE_STRING) return FALSE;
    g_object_set(G_OBJECT(element), name, value, NULL);
    gchar *got = NULL;
    g_object_get(G_OBJECT(element), name, &got, NULL);
    gboolean same = g_strcmp0(got, value) == 0;
    g_free(got);
    return same;
}

gboolean gstshim_set_arg(GstElement *element, const char *name, const char *value) {
    GParamSpec *pspec = find_pspec(element, name);
    if (pspec == NULL || value == NULL) return FALSE;
    GValue want = G_VALUE_INIT;
    g_value_init(&want, pspec->value_type);
    if (!gst_value_deserialize_with_pspec(&want, value, pspec)) {
        g_value_unset(&want);
        return FALSE;
    }
    gst_util_set_object_arg(G_OBJECT(element), name, value);
    GValue got = G_VALUE_INIT;
    g_value_init(&got, pspec->value_type);
    g_object_get_property(G_OBJECT(element), name, &got);
    gint order = gst_value_compare(&want, &got);
    g_value_unset(&want);
    g_value_unset(&got);
    return order == GST_VALUE_EQUAL;
}

gchar *gstshim_get_as_string(GstElement *element, const char *name) {
    GParamSpec *pspec = find_pspec(element, name);
    if (pspec == NULL) return NULL;
    GValue got = G_VALUE_INIT;
    g_value_init(&got, pspec->value_type);
    g_object_get_property(G_OBJECT(element), name, &got);
    gchar *text = gst_value_serialize(&got);
    g_value_unset(&got);
    return text;
}

void gstshim_pipeline_use_system_clock(GstElement *pipeline) {
    g_return_if_fail(GST_IS_PIPELINE(pipeline));
    GstClock *clock = gst_system_clock_obtain();
    gst_pipeline_use_clock(GST_PIPELINE(pipeline), clock);
    gst_object_unref(clock);
}

GstClockTime gstshim_clock_now(void) {
    GstClock *clock = gst_system_clock_obtain();
    GstClockTime now = gst_clock_get_time(clock);
    gst_object_unref(clock);
    return now;
}

GstClockTime gstshim_base_time(GstElement *element) {
    return gst_element_get_base_time(element);
}

void gstshim_app_src_end_of_stream(GstElement *appsrc) {
    g_return_if_fail(GST_IS_APP_SRC(appsrc));
    gst_app_src_end_of_stream(GST_APP_SRC(appsrc));
}

gboolean gstshim_send_eos(GstElement *element) {
    return gst_element_send_event(element, gst_event_new_eos());
}

guint8 *gstshim_encode_sample(GstSample *sample, const char *mime, GstClockTime timeout,
                              gsize *size, gchar **error_message) {
    *size = 0;
    GstCaps *target = gst_caps_new_empty_simple(mime);
    GError *error = NULL;
    GstSample *encoded = gst_video_convert_sample(sample, target, timeout, &error);
    gst_caps_unref(target);
    if (encoded == NULL) {
        *error_message = g_strdup(error ? error->message : "the frame could not be converted");
        g_clear_error(&error);
        return NULL;
    }
    GstBuffer *buffer = gst_sample_get_buffer(encoded);
    GstMapInfo map;
    if (buffer == NULL || !gst_buffer_map(buffer, &map, GST_MAP_READ)) {
        gst_sample_unref(encoded);
        *error_message = g_strdup("the converted frame has no readable data");
        return NULL;
    }
    guint8 *bytes = g_memdup2(map.data, map.size);
    *size = map.size;
    gst_buffer_unmap(buffer, &map);
    gst_sample_unref(encoded);
    return bytes;
}

gboolean gstshim_sample_size(GstSample *sample, gint *width, gint *height) {
    GstCaps *caps = gst_sample_get_caps(sample);
    GstVideoInfo info;
    if (caps == NULL || !gst_video_info_from_caps(&info, caps)) return FALSE;
    *width = GST_VIDEO_INFO_WIDTH(&info);
    *height = GST_VIDEO_INFO_HEIGHT(&info);
    return TRUE;
}

gchar *gstshim_problem_text(GstMessage *message) {
    GError *error = NULL;
    gchar *debug = NULL;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR)
        gst_message_parse_error(message, &error, &debug);
    else
        gst_message_parse_warning(message, &error, &debug);
    const char *source = GST_MESSAGE_SRC_NAME(message);
    gchar *text = g_strdup_printf("%s: %s", source ? source : "pipeline",
                                  error ? error->message : "unknown problem");
    // Callers end the sentence themselves.
    g_strchomp(text);
    gsize length = strlen(text);
    while (length > 0 && text[length - 1] == '.') text[--length] = '\0';
    // v4l2src and friends put why a device would not open (busy, permission denied, no such device)
    // in the debug string only: keep it, it is what the user needs to hear.
    const char *why = debug ? strstr(debug, "system error: ") : NULL;
    if (why != NULL) {
        gchar *reason = g_strdup(why + strlen("system error: "));
        g_strchomp(reason);
        gchar *joined = g_strdup_printf("%s (%s)", text, reason);
        g_free(reason);
        g_free(text);
        text = joined;
    }
    g_clear_error(&error);
    g_free(debug);
    return text;
}

GstShimBusResult gstshim_bus_wait(GstElement *pipeline, GstClockTime timeout, gchar **error_message) {
    GstBus *bus = gst_element_get_bus(pipeline);
    GstMessage *message = gst_bus_timed_pop_filtered(bus, timeout, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
    gst_object_unref(bus);
    if (message == NULL) return GSTSHIM_BUS_TIMEOUT;
    GstShimBusResult result = GSTSHIM_BUS_EOS;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
        *error_message = gstshim_problem_text(message);
        result = GSTSHIM_BUS_ERROR;
    }
    gst_message_unref(message);
    return result;
}

gchar *gstshim_bus_pop_problem(GstElement *pipeline, GstClockTime timeout, gboolean *is_error) {
    GstBus *bus = gst_element_get_bus(pipeline);
    GstMessage *message = gst_bus_timed_pop_filtered(bus, timeout, GST_MESSAGE_ERROR | GST_MESSAGE_WARNING);
    gst_object_unref(bus);
    if (message == NULL) return NULL;
    *is_error = GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR;
    gchar *text = gstshim_problem_text(message);
    gst_message_unref(message);
    return text;
}
