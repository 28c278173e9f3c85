// GLib, which every Retrocam process already links through GStreamer or D-Bus tools: the user's
// special folders (g_get_user_special_dir) are read its way, localized names included.
#include <glib.h>
