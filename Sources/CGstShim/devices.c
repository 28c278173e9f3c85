// Camera discovery: what Swift cannot reach of GstDeviceMonitor (a device's GType name, a
// GstStructure walked with a callback, a bus wait without a timeout that another thread can end).
#include "gstshim.h"

gchar *gstshim_device_type_name(GstDevice *device) {
    g_return_val_if_fail(GST_IS_DEVICE(device), NULL);
    return g_strdup(G_OBJECT_TYPE_NAME(device));
}

static gboolean add_field(GQuark field, const GValue *value, gpointer data) {
    GPtrArray *pairs = data;
    g_ptr_array_add(pairs, g_strdup(g_quark_to_string(field)));
    if (G_VALUE_HOLDS_STRING(value)) {
        const gchar *text = g_value_get_string(value);
        g_ptr_array_add(pairs, g_strdup(text ? text : ""));
    } else {
        gchar *text = gst_value_serialize(value);
        g_ptr_array_add(pairs, text ? text : g_strdup(""));
    }
    return TRUE;
}

gchar **gstshim_device_properties(GstDevice *device) {
    g_return_val_if_fail(GST_IS_DEVICE(device), NULL);
    GPtrArray *pairs = g_ptr_array_new();
    GstStructure *properties = gst_device_get_properties(device);
    if (properties) {
        gst_structure_foreach(properties, add_field, pairs);
        gst_structure_free(properties);
    }
    g_ptr_array_add(pairs, NULL);
    return (gchar **)g_ptr_array_free(pairs, FALSE);
}

gchar *gstshim_device_caps(GstDevice *device) {
    g_return_val_if_fail(GST_IS_DEVICE(device), NULL);
    GstCaps *caps = gst_device_get_caps(device);
    if (caps == NULL) return g_strdup("");
    gchar *text = gst_caps_to_string(caps);
    gst_caps_unref(caps);
    return text;
}

gint gstshim_device_monitor_fd(GstDeviceMonitor *monitor) {
    GstBus *bus = gst_device_monitor_get_bus(monitor);
    GPollFD pollfd = { .fd = -1 };
    gst_bus_get_pollfd(bus, &pollfd);
    gst_object_unref(bus);
    return pollfd.fd;
}

gboolean gstshim_device_monitor_drain(GstDeviceMonitor *monitor) {
    GstBus *bus = gst_device_monitor_get_bus(monitor);
    gboolean changed = FALSE;
    GstMessage *message;
    while ((message = gst_bus_pop(bus)) != NULL) {
        GstMessageType type = GST_MESSAGE_TYPE(message);
        if (type == GST_MESSAGE_DEVICE_ADDED || type == GST_MESSAGE_DEVICE_REMOVED || type == GST_MESSAGE_DEVICE_CHANGED) {
            changed = TRUE;
        }
        gst_message_unref(message);
    }
    gst_object_unref(bus);
    return changed;
}
