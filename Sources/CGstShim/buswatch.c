// Hearing a pipeline's first error at once: a bus sync handler runs in the thread that posted it.
#include "gstshim.h"

typedef struct {
    GstShimErrorCallback callback;
    gpointer user_data;
    GDestroyNotify destroy;
    gint reported;
} ErrorWatch;

static void error_watch_free(gpointer data) {
    ErrorWatch *watch = data;
    if (watch->destroy) watch->destroy(watch->user_data);
    g_free(watch);
}

static GstBusSyncReply on_message(GstBus *bus, GstMessage *message, gpointer data) {
    (void)bus;
    ErrorWatch *watch = data;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR && g_atomic_int_compare_and_exchange(&watch->reported, 0, 1)) {
        GError *error = NULL;
        gchar *debug = NULL;
        gst_message_parse_error(message, &error, &debug);
        gchar *text = g_strdup_printf("%s: %s%s%s", GST_OBJECT_NAME(GST_MESSAGE_SRC(message)),
                                      error ? error->message : "unknown error",
                                      debug ? " (" : "", debug ? debug : "");
        gchar *full = debug ? g_strconcat(text, ")", NULL) : g_strdup(text);
        watch->callback(watch->user_data, full);
        g_free(full);
        g_free(text);
        g_clear_error(&error);
        g_free(debug);
    }
    return GST_BUS_PASS;
}

void gstshim_bus_on_error(GstElement *pipeline, GstShimErrorCallback callback, gpointer user_data,
                          GDestroyNotify destroy) {
    ErrorWatch *watch = g_new0(ErrorWatch, 1);
    watch->callback = callback;
    watch->user_data = user_data;
    watch->destroy = destroy;
    GstBus *bus = gst_element_get_bus(pipeline);
    gst_bus_set_sync_handler(bus, on_message, watch, error_watch_free);
    gst_object_unref(bus);
}
