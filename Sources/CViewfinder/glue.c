// Typed signal connections, settings reads and small widget helpers for the Swift side.
#include "viewfinder.h"
#include <glib-unix.h>
#include <pthread.h>
#include <signal.h>

typedef struct {
    gpointer func;
    gpointer data;
    GDestroyNotify destroy;
} Closure;

static Closure *closure_new(gpointer func, gpointer data, GDestroyNotify destroy) {
    Closure *closure = g_new0(Closure, 1);
    closure->func = func;
    closure->data = data;
    closure->destroy = destroy;
    return closure;
}

static void closure_free(gpointer pointer, GClosure *unused) {
    (void)unused;
    Closure *closure = pointer;
    if (closure->destroy && closure->data) closure->destroy(closure->data);
    g_free(closure);
}

static void closure_free_plain(gpointer pointer) { closure_free(pointer, NULL); }

static void on_void(gpointer instance, gpointer pointer) {
    (void)instance;
    Closure *closure = pointer;
    ((VfVoidFunc)closure->func)(closure->data);
}

static void on_notify(gpointer instance, GParamSpec *spec, gpointer pointer) {
    (void)instance;
    (void)spec;
    Closure *closure = pointer;
    ((VfVoidFunc)closure->func)(closure->data);
}

static gboolean on_key(GtkWidget *widget, GdkEventKey *event, gpointer pointer) {
    (void)widget;
    Closure *closure = pointer;
    return ((VfKeyFunc)closure->func)(closure->data, event->keyval, event->type == GDK_KEY_PRESS);
}

static void on_setting(GSettings *settings, const char *key, gpointer pointer) {
    (void)settings;
    (void)key;
    Closure *closure = pointer;
    ((VfVoidFunc)closure->func)(closure->data);
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer pointer) {
    (void)widget;
    Closure *closure = pointer;
    return ((VfTickFunc)closure->func)(closure->data, gdk_frame_clock_get_frame_time(clock))
        ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean on_idle(gpointer pointer) {
    Closure *closure = pointer;
    ((VfVoidFunc)closure->func)(closure->data);
    return G_SOURCE_REMOVE;
}

gulong vf_on(gpointer instance, const char *signal, VfVoidFunc func, gpointer data, GDestroyNotify destroy) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(on_void), closure_new(func, data, destroy),
                                 closure_free, 0);
}

gulong vf_on_notify(gpointer instance, const char *property, VfVoidFunc func, gpointer data, GDestroyNotify destroy) {
    gchar *signal = g_strdup_printf("notify::%s", property);
    gulong id = g_signal_connect_data(instance, signal, G_CALLBACK(on_notify), closure_new(func, data, destroy),
                                      closure_free, 0);
    g_free(signal);
    return id;
}

void vf_on_key(GtkWidget *widget, VfKeyFunc func, gpointer data, GDestroyNotify destroy) {
    Closure *closure = closure_new(func, data, destroy);
    g_signal_connect_data(widget, "key-press-event", G_CALLBACK(on_key), closure, closure_free, 0);
    // The release shares the closure; only the press connection frees it.
    g_signal_connect_data(widget, "key-release-event", G_CALLBACK(on_key), closure, NULL, 0);
}

gulong vf_on_setting(GSettings *settings, const char *key, VfVoidFunc func, gpointer data, GDestroyNotify destroy) {
    gchar *signal = g_strdup_printf("changed::%s", key);
    gulong id = g_signal_connect_data(settings, signal, G_CALLBACK(on_setting), closure_new(func, data, destroy),
                                      closure_free, 0);
    g_free(signal);
    return id;
}

guint vf_add_tick(GtkWidget *widget, VfTickFunc func, gpointer data, GDestroyNotify destroy) {
    return gtk_widget_add_tick_callback(widget, on_tick, closure_new(func, data, destroy), closure_free_plain);
}

void vf_idle(VfVoidFunc func, gpointer data) {
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, on_idle, closure_new(func, data, NULL), g_free);
}

guint vf_timeout(guint milliseconds, VfVoidFunc func, gpointer data) {
    return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, on_idle, closure_new(func, data, NULL), g_free);
}

gboolean vf_init(gchar **error) {
    // A parent that blocked these (a test runner's thread) must not keep the window from closing cleanly.
    sigset_t termination;
    sigemptyset(&termination);
    sigaddset(&termination, SIGTERM);
    sigaddset(&termination, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &termination, NULL);
    if (!gtk_init_check(NULL, NULL)) {
        const char *display = g_getenv("DISPLAY");
        *error = display ? g_strdup_printf("GTK could not open the display %s (DISPLAY)", display)
                         : g_strdup("GTK could not open a display: DISPLAY is not set");
        return FALSE;
    }
    GError *problem = NULL;
    if (!gst_init_check(NULL, NULL, &problem)) {
        *error = g_strdup(problem ? problem->message : "GStreamer could not start");
        g_clear_error(&problem);
        return FALSE;
    }
    return TRUE;
}

static gboolean on_unix_signal(gpointer pointer) {
    Closure *closure = pointer;
    ((VfVoidFunc)closure->func)(closure->data);
    return G_SOURCE_CONTINUE;
}

void vf_on_unix_signal(int signum, VfVoidFunc func, gpointer data) {
    g_unix_signal_add_full(G_PRIORITY_DEFAULT, signum, on_unix_signal, closure_new(func, data, NULL), g_free);
}

GSettings *vf_settings_if_installed(const char *schema) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (source == NULL) return NULL;
    GSettingsSchema *found = g_settings_schema_source_lookup(source, schema, TRUE);
    if (found == NULL) return NULL;
    g_settings_schema_unref(found);
    return g_settings_new(schema);
}

gboolean vf_gtk_setting_bool(const char *name) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings == NULL || g_object_class_find_property(G_OBJECT_GET_CLASS(settings), name) == NULL) return FALSE;
    gboolean value = FALSE;
    g_object_get(settings, name, &value, NULL);
    return value;
}

gchar *vf_gtk_setting_string(const char *name) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings == NULL || g_object_class_find_property(G_OBJECT_GET_CLASS(settings), name) == NULL) return NULL;
    gchar *value = NULL;
    g_object_get(settings, name, &value, NULL);
    return value;
}

void vf_add_css(const char *css) {
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1, NULL);
    gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
}

void vf_label_set_text_px(GtkWidget *label, const char *text, double pixels) {
    gtk_label_set_text(GTK_LABEL(label), text);
    PangoAttrList *list = pango_attr_list_new();
    pango_attr_list_insert(list, pango_attr_size_new_absolute((int)(pixels * PANGO_SCALE)));
    gtk_label_set_attributes(GTK_LABEL(label), list);
    pango_attr_list_unref(list);
}

void vf_set_accessible(GtkWidget *widget, AtkRole role, const char *name, const char *description, const char *id) {
    AtkObject *accessible = gtk_widget_get_accessible(widget);
    if (role != ATK_ROLE_INVALID) atk_object_set_role(accessible, role);
    if (name) atk_object_set_name(accessible, name);
    if (description) atk_object_set_description(accessible, description);
    if (id) atk_object_set_accessible_id(accessible, id);
}

void vf_add_class(GtkWidget *widget, const char *name) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), name);
}

void vf_set_focus_chain(GtkWidget *container, GtkWidget **widgets, int count) {
    GList *chain = NULL;
    for (int i = count - 1; i >= 0; i--) chain = g_list_prepend(chain, widgets[i]);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_container_set_focus_chain(GTK_CONTAINER(container), chain);
    G_GNUC_END_IGNORE_DEPRECATIONS
    g_list_free(chain);
}

GtkContainer *vf_container(GtkWidget *widget) { return GTK_CONTAINER(widget); }
GtkBox *vf_box(GtkWidget *widget) { return GTK_BOX(widget); }
GtkGrid *vf_grid(GtkWidget *widget) { return GTK_GRID(widget); }
GtkWindow *vf_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
GtkLabel *vf_label(GtkWidget *widget) { return GTK_LABEL(widget); }
GtkStack *vf_stack(GtkWidget *widget) { return GTK_STACK(widget); }
GtkOverlay *vf_overlay(GtkWidget *widget) { return GTK_OVERLAY(widget); }
GtkImage *vf_image(GtkWidget *widget) { return GTK_IMAGE(widget); }
GtkScrolledWindow *vf_scrolled(GtkWidget *widget) { return GTK_SCROLLED_WINDOW(widget); }
