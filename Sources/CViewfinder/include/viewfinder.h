#ifndef RETROCAM_VIEWFINDER_H
#define RETROCAM_VIEWFINDER_H

// What the Swift viewfinder cannot call on its own: a custom GTK widget with its own
// ATK accessible (role, name, value text, hint, actions, attributes), typed signal
// connections (g_signal_connect is a macro over variadic closures), GSettings/GtkSettings
// reads (g_object_get is variadic), and the GStreamer pieces that embed gtksink.
// Every function is small; the Swift module builds the window on top of them.

#include <gtk/gtk.h>
#include <gst/gst.h>

G_BEGIN_DECLS

// MARK: - Controls (control.c)

/// How a control is worked, which also sets its accessible role.
typedef enum {
    VF_KIND_DIAL = 0,     ///< a wheel or dial: ATK_ROLE_SLIDER, Up/Down turn it
    VF_KIND_ROCKER = 1,   ///< a rocker: ATK_ROLE_SPIN_BUTTON, Up/Down turn it
    VF_KIND_BUTTON = 2,   ///< a button: ATK_ROLE_PUSH_BUTTON, Enter/Space activate it
    VF_KIND_TOGGLE = 3,   ///< a switch or lever: ATK_ROLE_TOGGLE_BUTTON with a checked state
    VF_KIND_READOUT = 4,  ///< a read-out: ATK_ROLE_LABEL, takes no gesture
    VF_KIND_SHUTTER = 5,  ///< REC: ATK_ROLE_PUSH_BUTTON; keys and mouse send press and release
    VF_KIND_ROW = 6,      ///< a MENU row: ATK_ROLE_SLIDER, Up/Down turn it, Enter/Space activate it
} VfKind;

/// What a person did to a control.
typedef enum {
    VF_EVENT_ADJUST = 0,    ///< the swipe: `steps` up (+) or down (-)
    VF_EVENT_ACTIVATE = 1,  ///< the double tap
    VF_EVENT_PRESS = 2,     ///< the shutter key went down (VF_KIND_SHUTTER)
    VF_EVENT_RELEASE = 3,   ///< the shutter key came up (VF_KIND_SHUTTER)
} VfEvent;

/// Draws a control into `cr` (width × height); `focused` when it has the keyboard focus.
typedef void (*VfDrawFunc)(gpointer data, cairo_t *cr, int width, int height, gboolean focused);
/// Hears a gesture; `steps` is set for VF_EVENT_ADJUST.
typedef void (*VfEventFunc)(gpointer data, VfEvent event, int steps);

/// A new control of `kind` whose accessible id is `id` (AT-SPI AccessibleId).
GtkWidget *vf_control_new(VfKind kind, const char *id);
/// Sets what the control draws and hears; `data` is released with `destroy` when the widget goes.
void vf_control_set_handlers(GtkWidget *control, VfDrawFunc draw, VfEventFunc event, gpointer data,
                             GDestroyNotify destroy);
/// Sets the accessible name, value text and description (the hint); emits the ATK change events.
void vf_control_set_spoken(GtkWidget *control, const char *name, const char *value, const char *hint);
/// Sets the number behind the value text (AtkValue), with its range and step.
void vf_control_set_number(GtkWidget *control, double value, double minimum, double maximum, double step);
/// Sets the checked state of a toggle.
void vf_control_set_checked(GtkWidget *control, gboolean checked);
/// Sets (or with NULL removes) an accessible object attribute, e.g. the animation it ran.
void vf_control_set_attribute(GtkWidget *control, const char *key, const char *value);

// MARK: - Signals, settings, widgets (glue.c)

/// A callback with no arguments besides its data.
typedef void (*VfVoidFunc)(gpointer data);
/// A key handler: return TRUE when the key was used.
typedef gboolean (*VfKeyFunc)(gpointer data, guint keyval, gboolean pressed);
/// A tick of the frame clock: microseconds of its frame time; return FALSE to stop.
typedef gboolean (*VfTickFunc)(gpointer data, gint64 frame_time);

/// Connects a signal whose handler takes only the instance ("clicked", "destroy", "map").
gulong vf_on(gpointer instance, const char *signal, VfVoidFunc func, gpointer data, GDestroyNotify destroy);
/// Connects "notify::`property`".
gulong vf_on_notify(gpointer instance, const char *property, VfVoidFunc func, gpointer data, GDestroyNotify destroy);
/// Connects key-press and key-release events of `widget` (before its children see them).
void vf_on_key(GtkWidget *widget, VfKeyFunc func, gpointer data, GDestroyNotify destroy);
/// Connects GSettings "changed::`key`" (the value of `key` changed).
gulong vf_on_setting(GSettings *settings, const char *key, VfVoidFunc func, gpointer data, GDestroyNotify destroy);
/// Runs `func` on each frame of `widget`'s frame clock until it returns FALSE.
guint vf_add_tick(GtkWidget *widget, VfTickFunc func, gpointer data, GDestroyNotify destroy);
/// Runs `func` once on the main loop, at default idle priority (safe from any thread).
void vf_idle(VfVoidFunc func, gpointer data);
/// Runs `func` once after `milliseconds` on the main loop.
guint vf_timeout(guint milliseconds, VfVoidFunc func, gpointer data);

/// Starts GTK (on $DISPLAY) and GStreamer; FALSE with *error (g_free) when either cannot start.
gboolean vf_init(gchar **error);
/// Runs `func` on the main loop when the process gets `signum` (SIGTERM, SIGINT).
void vf_on_unix_signal(int signum, VfVoidFunc func, gpointer data);

/// GSettings for `schema`, or NULL when the schema is not installed (g_settings_new would abort).
GSettings *vf_settings_if_installed(const char *schema);
/// GtkSettings' boolean `name` (e.g. "gtk-enable-animations") of the default screen.
gboolean vf_gtk_setting_bool(const char *name);
/// GtkSettings' string `name` (e.g. "gtk-sound-theme-name"); free with g_free.
gchar *vf_gtk_setting_string(const char *name);

/// Loads `css` for the whole screen (application priority).
void vf_add_css(const char *css);
/// Sets a label's text and its font to `pixels` absolute pixels (so desktop DPI does not scale it again).
void vf_label_set_text_px(GtkWidget *label, const char *text, double pixels);
/// Sets a widget's accessible role, name, description and id.
void vf_set_accessible(GtkWidget *widget, AtkRole role, const char *name, const char *description, const char *id);
/// Adds a CSS class to a widget.
void vf_add_class(GtkWidget *widget, const char *name);
/// Sets the focus chain of a container (Tab order) to `widgets` (NULL-terminated array of `count`).
void vf_set_focus_chain(GtkWidget *container, GtkWidget **widgets, int count);
/// Casts for Swift (the GTK cast macros do not import).
GtkContainer *vf_container(GtkWidget *widget);
GtkBox *vf_box(GtkWidget *widget);
GtkGrid *vf_grid(GtkWidget *widget);
GtkWindow *vf_window(GtkWidget *widget);
GtkLabel *vf_label(GtkWidget *widget);
GtkStack *vf_stack(GtkWidget *widget);
GtkOverlay *vf_overlay(GtkWidget *widget);
GtkImage *vf_image(GtkWidget *widget);
GtkScrolledWindow *vf_scrolled(GtkWidget *widget);

// MARK: - Media (media.c)

/// A preview reader: `shmsrc` → videoconvert → gtksink, with a probe that reads capture-time stamps.
typedef struct VfPreview VfPreview;
/// Builds (does not play) a reader of `socket_path` with `caps`; NULL and *error (g_free) on failure.
VfPreview *vf_preview_new(const char *socket_path, const char *caps, gchar **error);
/// The gtksink widget to put in the window.
GtkWidget *vf_preview_widget(VfPreview *preview);
/// Plays; FALSE when the pipeline would not start.
gboolean vf_preview_play(VfPreview *preview);
/// Frames that reached the sink so far.
guint64 vf_preview_frames(VfPreview *preview);
/// g_get_monotonic_time() of the first frame at the sink, 0 before it.
gint64 vf_preview_first_frame_time(VfPreview *preview);
/// Copies up to `capacity` latencies (µs, capture → sink) measured since the last call into `out`;
/// answers how many. Frames without a stamp are not measured.
int vf_preview_take_latencies(VfPreview *preview, gint64 *out, int capacity);
/// Copies up to `capacity` latencies (µs, capture → drawn in the window) likewise.
int vf_preview_take_draw_latencies(VfPreview *preview, gint64 *out, int capacity);
/// An error the pipeline posted, or NULL (g_free).
gchar *vf_preview_error(VfPreview *preview);
/// Stops and frees.
void vf_preview_free(VfPreview *preview);

/// A sound player that replays one short file (the desktop's event sound) on demand.
typedef struct VfSound VfSound;
/// Loads `path` into `filesrc ! decodebin ! audioconvert ! audioresample ! SINK` (`sink` a launch
/// fragment, e.g. "autoaudiosink"); NULL and *error on failure.
VfSound *vf_sound_new(const char *path, const char *sink, gchar **error);
/// Plays the sound from its start (cuts a sound still playing).
gboolean vf_sound_play(VfSound *sound);
/// Stops and frees.
void vf_sound_free(VfSound *sound);

/// A clip player: playbin → gtksink.
typedef struct VfPlayer VfPlayer;
/// A player whose audio goes to `audio_sink` (a launch fragment; NULL for the default).
VfPlayer *vf_player_new(const char *audio_sink, gchar **error);
/// The gtksink widget.
GtkWidget *vf_player_widget(VfPlayer *player);
/// Plays the file at `path` from its start.
gboolean vf_player_play(VfPlayer *player, const char *path);
/// Stops.
void vf_player_stop(VfPlayer *player);
/// Frees.
void vf_player_free(VfPlayer *player);

/// A thumbnail `width` pixels wide of the photo or clip at `path` (a clip's first frame), or NULL.
/// Blocks for at most `timeout_ms`; call it off the main thread for clips.
GdkPixbuf *vf_thumbnail(const char *path, int width, int timeout_ms);

G_END_DECLS
#endif
