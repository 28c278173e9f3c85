// Waiting for the first buffer through a pad: a branch whose sink has rendered once is settled.
#include "gstshim.h"

typedef struct {
    GMutex lock;
    GCond arrived;
    gboolean seen;
} FirstBuffer;

static void first_buffer_release(gpointer data) {
    FirstBuffer *first = data;
    g_mutex_clear(&first->lock);
    g_cond_clear(&first->arrived);
}

static GstPadProbeReturn first_buffer_seen(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    (void)info;
    FirstBuffer *first = data;
    g_mutex_lock(&first->lock);
    first->seen = TRUE;
    g_cond_broadcast(&first->arrived);
    g_mutex_unlock(&first->lock);
    return GST_PAD_PROBE_REMOVE;
}

static void first_buffer_unref(gpointer data) { g_atomic_rc_box_release_full(data, first_buffer_release); }

gboolean gstshim_pad_wait_first_buffer(GstElement *element, const gchar *pad_name, gint64 timeout_us) {
    GstPad *pad = gst_element_get_static_pad(element, pad_name);
    if (pad == NULL) return FALSE;
    FirstBuffer *first = g_atomic_rc_box_new0(FirstBuffer);
    g_mutex_init(&first->lock);
    g_cond_init(&first->arrived);
    // The probe holds a reference of its own: it may fire (and go) after this wait gave up.
    gulong probe = gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, first_buffer_seen,
                                     g_atomic_rc_box_acquire(first), first_buffer_unref);
    gint64 deadline = g_get_monotonic_time() + timeout_us;
    g_mutex_lock(&first->lock);
    while (!first->seen && g_cond_wait_until(&first->arrived, &first->lock, deadline)) {
    }
    gboolean seen = first->seen;
    g_mutex_unlock(&first->lock);
    if (!seen) gst_pad_remove_probe(pad, probe);
    gst_object_unref(pad);
    g_atomic_rc_box_release_full(first, first_buffer_release);
    return seen;
}
