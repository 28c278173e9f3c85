// Bus sync handlers: a pipeline's errors reach Swift from the thread that posted them, at once.
// No thread waits on the bus and nothing polls it.
#include "gstshim.h"

// --- The live camera: errors and warnings reported, every other message dropped at once. ---

typedef struct {
    GstShimProblemCallback callback;
    gpointer data;
    GDestroyNotify destroy;
} BusWatch;

static GstBusSyncReply on_live_message(GstBus *bus, GstMessage *message, gpointer user_data) {
    (void)bus;
    BusWatch *watch = user_data;
    GstMessageType type = GST_MESSAGE_TYPE(message);
    if (type == GST_MESSAGE_ERROR || type == GST_MESSAGE_WARNING) {
        gchar *text = gstshim_problem_text(message);
        watch->callback(watch->data, type == GST_MESSAGE_ERROR, text);
        g_free(text);
    }
    return GST_BUS_DROP;
}

static void free_watch(gpointer user_data) {
    BusWatch *watch = user_data;
    if (watch->destroy) watch->destroy(watch->data);
    g_free(watch);
}

void gstshim_bus_watch(GstElement *pipeline, GstShimProblemCallback callback, gpointer data, GDestroyNotify destroy) {
    BusWatch *watch = g_new0(BusWatch, 1);
    watch->callback = callback;
    watch->data = data;
    watch->destroy = destroy;
    GstBus *bus = gst_element_get_bus(pipeline);
    gst_bus_set_sync_handler(bus, on_live_message, watch, free_watch);
    gst_object_unref(bus);
}

// --- A take's pipeline: its first error reported once; messages still pass (EOS is waited for). ---

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

static GstBusSyncReply on_take_message(GstBus *bus, GstMessage *message, gpointer data) {
    (void)bus;
    ErrorWatch *watch = data;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR && g_atomic_int_compare_and_exchange(&watch->reported, 0, 1)) {
        gchar *text = gstshim_problem_text(message);
        watch->callback(watch->user_data, text);
        g_free(text);
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
    gst_bus_set_sync_handler(bus, on_take_message, watch, error_watch_free);
    gst_object_unref(bus);
}
