// Bus sync handlers: a pipeline's errors reach Swift from the thread that posted them, at once.
// No thread waits on the bus and nothing polls it.
#include "gstshim.h"

// One watch for both kinds: the live camera's (every error and warning, messages dropped) and a take's
// (its first error, once; messages pass, EOS is waited for).
typedef struct {
    GstShimProblemCallback on_problem;
    GstShimErrorCallback on_error;
    gpointer data;
    GDestroyNotify destroy;
    gint reported;
} BusWatch;

static void free_watch(gpointer user_data) {
    BusWatch *watch = user_data;
    if (watch->destroy) watch->destroy(watch->data);
    g_free(watch);
}

static void install(GstElement *pipeline, GstBusSyncHandler handler, BusWatch *watch) {
    GstBus *bus = gst_element_get_bus(pipeline);
    gst_bus_set_sync_handler(bus, handler, watch, free_watch);
    gst_object_unref(bus);
}

// --- The live camera: errors and warnings reported, every other message dropped at once. ---

static GstBusSyncReply on_live_message(GstBus *bus, GstMessage *message, gpointer user_data) {
    (void)bus;
    BusWatch *watch = user_data;
    GstMessageType type = GST_MESSAGE_TYPE(message);
    if (type == GST_MESSAGE_ERROR || type == GST_MESSAGE_WARNING) {
        gchar *text = gstshim_problem_text(message);
        watch->on_problem(watch->data, type == GST_MESSAGE_ERROR, text);
        g_free(text);
    }
    return GST_BUS_DROP;
}

void gstshim_bus_watch(GstElement *pipeline, GstShimProblemCallback callback, gpointer data, GDestroyNotify destroy) {
    BusWatch *watch = g_new0(BusWatch, 1);
    watch->on_problem = callback;
    watch->data = data;
    watch->destroy = destroy;
    install(pipeline, on_live_message, watch);
}

// --- A take's pipeline: its first error reported once; messages still pass (EOS is waited for). ---

static GstBusSyncReply on_take_message(GstBus *bus, GstMessage *message, gpointer user_data) {
    (void)bus;
    BusWatch *watch = user_data;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR && g_atomic_int_compare_and_exchange(&watch->reported, 0, 1)) {
        gchar *text = gstshim_problem_text(message);
        watch->on_error(watch->data, text);
        g_free(text);
    }
    return GST_BUS_PASS;
}

void gstshim_bus_on_error(GstElement *pipeline, GstShimErrorCallback callback, gpointer user_data,
                          GDestroyNotify destroy) {
    BusWatch *watch = g_new0(BusWatch, 1);
    watch->on_error = callback;
    watch->data = user_data;
    watch->destroy = destroy;
    install(pipeline, on_take_message, watch);
}
