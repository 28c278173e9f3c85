// An event-driven bus watch for the live camera: errors and warnings reach Swift from the thread that
// posted them, every other message is dropped at once. No thread waits on the bus and nothing polls it.
#include "gstshim.h"

typedef struct {
    GstShimProblemCallback callback;
    gpointer data;
    GDestroyNotify destroy;
} BusWatch;

static GstBusSyncReply on_message(GstBus *bus, GstMessage *message, gpointer user_data) {
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
    gst_bus_set_sync_handler(bus, on_message, watch, free_watch);
    gst_object_unref(bus);
}
