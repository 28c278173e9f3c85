// One control of the camera body: a drawing area that takes keys, clicks and scrolls, with an
// ATK accessible of its own so a screen reader finds the seed's role, name, value text and hint,
// and can work it (AtkAction, AtkValue). Drawing and gestures go to the Swift side.
#include "viewfinder.h"
#include <gtk/gtk-a11y.h>
#include <math.h>

typedef struct {
    GtkDrawingArea parent;
    VfKind kind;
    gchar *value_text;
    double value, minimum, maximum, step;
    gboolean checked;
    gboolean key_held;      // Enter/Space is down (GTK 3 repeats key presses while held)
    gboolean shutter_down;  // a shutter press was sent and its release is owed
    gboolean mouse_down;
    GHashTable *attributes;
    VfDrawFunc draw;
    VfEventFunc event;
    gpointer data;
    GDestroyNotify destroy;
} VfControl;

typedef struct {
    GtkDrawingAreaClass parent_class;
} VfControlClass;

typedef struct {
    GtkWidgetAccessible parent;
} VfControlAccessible;

typedef struct {
    GtkWidgetAccessibleClass parent_class;
} VfControlAccessibleClass;

static GType vf_control_get_type(void);
static GType vf_control_accessible_get_type(void);
static gpointer vf_control_accessible_parent_class;
#define VF_CONTROL(obj) (G_TYPE_CHECK_INSTANCE_CAST((obj), vf_control_get_type(), VfControl))
#define VF_IS_CONTROL(obj) (G_TYPE_CHECK_INSTANCE_TYPE((obj), vf_control_get_type()))

G_DEFINE_TYPE(VfControl, vf_control, GTK_TYPE_DRAWING_AREA)

static void send(VfControl *control, VfEvent event, int steps) {
    if (control->event) control->event(control->data, event, steps);
}

static gboolean adjustable(VfControl *control) {
    return control->kind == VF_KIND_DIAL || control->kind == VF_KIND_ROCKER || control->kind == VF_KIND_ROW;
}

static gboolean activatable(VfControl *control) {
    return control->kind == VF_KIND_BUTTON || control->kind == VF_KIND_TOGGLE || control->kind == VF_KIND_ROW;
}

// MARK: - Widget

static gboolean vf_control_draw(GtkWidget *widget, cairo_t *cr) {
    VfControl *control = VF_CONTROL(widget);
    if (control->draw)
        control->draw(control->data, cr, gtk_widget_get_allocated_width(widget),
                      gtk_widget_get_allocated_height(widget), gtk_widget_has_focus(widget));
    return FALSE;
}

static gboolean is_activation_key(guint keyval) {
    return keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter
        || keyval == GDK_KEY_space || keyval == GDK_KEY_KP_Space;
}

static void release_shutter(VfControl *control) {
    if (!control->shutter_down) return;
    control->shutter_down = FALSE;
    send(control, VF_EVENT_RELEASE, 0);
}

static gboolean vf_control_key_press(GtkWidget *widget, GdkEventKey *event) {
    VfControl *control = VF_CONTROL(widget);
    guint key = event->keyval;
    if (adjustable(control) && (key == GDK_KEY_Up || key == GDK_KEY_KP_Up || key == GDK_KEY_Down || key == GDK_KEY_KP_Down)) {
        send(control, VF_EVENT_ADJUST, (key == GDK_KEY_Up || key == GDK_KEY_KP_Up) ? 1 : -1);
        return TRUE;
    }
    if (is_activation_key(key) && (activatable(control) || control->kind == VF_KIND_SHUTTER)) {
        if (control->key_held) return TRUE;  // auto-repeat
        control->key_held = TRUE;
        if (control->kind == VF_KIND_SHUTTER) {
            control->shutter_down = TRUE;
            send(control, VF_EVENT_PRESS, 0);
        } else {
            send(control, VF_EVENT_ACTIVATE, 0);
        }
        return TRUE;
    }
    return GTK_WIDGET_CLASS(vf_control_parent_class)->key_press_event(widget, event);
}

static gboolean vf_control_key_release(GtkWidget *widget, GdkEventKey *event) {
    VfControl *control = VF_CONTROL(widget);
    if (is_activation_key(event->keyval) && control->key_held) {
        control->key_held = FALSE;
        release_shutter(control);
        return TRUE;
    }
    return GTK_WIDGET_CLASS(vf_control_parent_class)->key_release_event(widget, event);
}

static gboolean vf_control_focus_out(GtkWidget *widget, GdkEventFocus *event) {
    VfControl *control = VF_CONTROL(widget);
    // A shutter held while the focus left must not stay pressed.
    control->key_held = FALSE;
    release_shutter(control);
    gtk_widget_queue_draw(widget);
    return GTK_WIDGET_CLASS(vf_control_parent_class)->focus_out_event(widget, event);
}

static gboolean vf_control_focus_in(GtkWidget *widget, GdkEventFocus *event) {
    gtk_widget_queue_draw(widget);
    return GTK_WIDGET_CLASS(vf_control_parent_class)->focus_in_event(widget, event);
}

static gboolean vf_control_button_press(GtkWidget *widget, GdkEventButton *event) {
    VfControl *control = VF_CONTROL(widget);
    if (event->button != GDK_BUTTON_PRIMARY || event->type != GDK_BUTTON_PRESS) return FALSE;
    if (gtk_widget_get_can_focus(widget)) gtk_widget_grab_focus(widget);
    int width = gtk_widget_get_allocated_width(widget);
    int height = gtk_widget_get_allocated_height(widget);
    switch (control->kind) {
    case VF_KIND_DIAL: send(control, VF_EVENT_ADJUST, event->y < height / 2.0 ? 1 : -1); break;
    case VF_KIND_ROW: send(control, VF_EVENT_ACTIVATE, 0); break;
    case VF_KIND_ROCKER: send(control, VF_EVENT_ADJUST, event->x >= width / 2.0 ? 1 : -1); break;
    case VF_KIND_SHUTTER:
        control->mouse_down = TRUE;
        control->shutter_down = TRUE;
        send(control, VF_EVENT_PRESS, 0);
        break;
    case VF_KIND_BUTTON:
    case VF_KIND_TOGGLE: control->mouse_down = TRUE; break;
    case VF_KIND_READOUT: break;
    }
    return TRUE;
}

static gboolean vf_control_button_release(GtkWidget *widget, GdkEventButton *event) {
    VfControl *control = VF_CONTROL(widget);
    if (event->button != GDK_BUTTON_PRIMARY || !control->mouse_down) return FALSE;
    control->mouse_down = FALSE;
    if (control->kind == VF_KIND_SHUTTER) {
        release_shutter(control);
    } else if (event->x >= 0 && event->y >= 0 && event->x < gtk_widget_get_allocated_width(widget)
               && event->y < gtk_widget_get_allocated_height(widget)) {
        send(control, VF_EVENT_ACTIVATE, 0);
    }
    return TRUE;
}

static gboolean vf_control_scroll(GtkWidget *widget, GdkEventScroll *event) {
    VfControl *control = VF_CONTROL(widget);
    if (!adjustable(control)) return FALSE;
    if (event->direction == GDK_SCROLL_UP) send(control, VF_EVENT_ADJUST, 1);
    else if (event->direction == GDK_SCROLL_DOWN) send(control, VF_EVENT_ADJUST, -1);
    return TRUE;
}

static void vf_control_finalize(GObject *object) {
    VfControl *control = VF_CONTROL(object);
    if (control->destroy && control->data) control->destroy(control->data);
    g_free(control->value_text);
    g_hash_table_unref(control->attributes);
    G_OBJECT_CLASS(vf_control_parent_class)->finalize(object);
}

static void vf_control_class_init(VfControlClass *klass) {
    GtkWidgetClass *widget = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = vf_control_finalize;
    widget->draw = vf_control_draw;
    widget->key_press_event = vf_control_key_press;
    widget->key_release_event = vf_control_key_release;
    widget->focus_in_event = vf_control_focus_in;
    widget->focus_out_event = vf_control_focus_out;
    widget->button_press_event = vf_control_button_press;
    widget->button_release_event = vf_control_button_release;
    widget->scroll_event = vf_control_scroll;
    gtk_widget_class_set_accessible_type(widget, vf_control_accessible_get_type());
    gtk_widget_class_set_css_name(widget, "control");
}

static void vf_control_init(VfControl *control) {
    control->attributes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    control->value_text = g_strdup("");
    control->step = 1;
    gtk_widget_add_events(GTK_WIDGET(control), GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_SCROLL_MASK
                          | GDK_KEY_PRESS_MASK | GDK_KEY_RELEASE_MASK | GDK_FOCUS_CHANGE_MASK);
}

// MARK: - Accessible

static VfControl *control_of(gpointer accessible) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget && VF_IS_CONTROL(widget) ? VF_CONTROL(widget) : NULL;
}

static AtkRole vf_accessible_get_role(AtkObject *object) {
    VfControl *control = control_of(object);
    if (control == NULL) return ATK_ROLE_INVALID;
    switch (control->kind) {
    case VF_KIND_DIAL:
    case VF_KIND_ROW: return ATK_ROLE_SLIDER;
    case VF_KIND_ROCKER: return ATK_ROLE_SPIN_BUTTON;
    case VF_KIND_TOGGLE: return ATK_ROLE_TOGGLE_BUTTON;
    case VF_KIND_READOUT: return ATK_ROLE_LABEL;
    case VF_KIND_BUTTON:
    case VF_KIND_SHUTTER: return ATK_ROLE_PUSH_BUTTON;
    }
    return ATK_ROLE_UNKNOWN;
}

static AtkStateSet *vf_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(vf_control_accessible_parent_class)->ref_state_set(object);
    VfControl *control = control_of(object);
    if (control && control->kind == VF_KIND_TOGGLE) {
        atk_state_set_add_state(states, ATK_STATE_CHECKABLE);
        if (control->checked) atk_state_set_add_state(states, ATK_STATE_CHECKED);
    }
    return states;
}

static AtkAttributeSet *add_attribute(AtkAttributeSet *set, const char *name, const char *value) {
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = g_strdup(value);
    return g_slist_append(set, attribute);
}

static AtkAttributeSet *vf_accessible_get_attributes(AtkObject *object) {
    AtkAttributeSet *set = ATK_OBJECT_CLASS(vf_control_accessible_parent_class)->get_attributes(object);
    VfControl *control = control_of(object);
    if (control == NULL) return set;
    // Browsers expose aria-valuetext this way; screen readers read it for any role.
    if (control->value_text[0] != '\0') set = add_attribute(set, "valuetext", control->value_text);
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, control->attributes);
    while (g_hash_table_iter_next(&iter, &key, &value)) set = add_attribute(set, key, value);
    return set;
}

static gint vf_action_count(AtkAction *action) {
    VfControl *control = control_of(action);
    if (control == NULL) return 0;
    if (control->kind == VF_KIND_ROW) return 3;
    if (adjustable(control)) return 2;
    return control->kind == VF_KIND_READOUT ? 0 : 1;
}

static const gchar *vf_action_name(AtkAction *action, gint index) {
    VfControl *control = control_of(action);
    if (control == NULL || index < 0 || index >= vf_action_count(action)) return NULL;
    if (adjustable(control) && index < 2) return index == 0 ? "increment" : "decrement";
    return "click";
}

static gboolean vf_action_do(AtkAction *action, gint index) {
    VfControl *control = control_of(action);
    if (control == NULL || index < 0 || index >= vf_action_count(action)) return FALSE;
    if (adjustable(control) && index < 2) send(control, VF_EVENT_ADJUST, index == 0 ? 1 : -1);
    else send(control, VF_EVENT_ACTIVATE, 0);
    return TRUE;
}

static void vf_action_init(AtkActionIface *iface) {
    iface->get_n_actions = vf_action_count;
    iface->get_name = vf_action_name;
    iface->do_action = vf_action_do;
}

static void vf_value_and_text(AtkValue *object, gdouble *value, gchar **text) {
    VfControl *control = control_of(object);
    if (value) *value = control ? control->value : 0;
    if (text) *text = g_strdup(control ? control->value_text : "");
}

static AtkRange *vf_value_range(AtkValue *object) {
    VfControl *control = control_of(object);
    return control ? atk_range_new(control->minimum, control->maximum, NULL) : NULL;
}

static gdouble vf_value_increment(AtkValue *object) {
    VfControl *control = control_of(object);
    return control ? control->step : 0;
}

// An assistive technology set a value: turn the control that many steps; the bus answers the new value.
static void vf_value_set(AtkValue *object, gdouble wanted) {
    VfControl *control = control_of(object);
    if (control == NULL || !adjustable(control) || control->step <= 0) return;
    int steps = (int)lround((wanted - control->value) / control->step);
    if (steps != 0) send(control, VF_EVENT_ADJUST, steps);
}

static void vf_value_current_gvalue(AtkValue *object, GValue *value) {
    VfControl *control = control_of(object);
    g_value_init(value, G_TYPE_DOUBLE);
    g_value_set_double(value, control ? control->value : 0);
}

static void vf_value_min_gvalue(AtkValue *object, GValue *value) {
    VfControl *control = control_of(object);
    g_value_init(value, G_TYPE_DOUBLE);
    g_value_set_double(value, control ? control->minimum : 0);
}

static void vf_value_max_gvalue(AtkValue *object, GValue *value) {
    VfControl *control = control_of(object);
    g_value_init(value, G_TYPE_DOUBLE);
    g_value_set_double(value, control ? control->maximum : 0);
}

static gboolean vf_value_set_gvalue(AtkValue *object, const GValue *value) {
    if (!G_VALUE_HOLDS_DOUBLE(value)) return FALSE;
    vf_value_set(object, g_value_get_double(value));
    return TRUE;
}

static void vf_value_init(AtkValueIface *iface) {
    iface->get_value_and_text = vf_value_and_text;
    iface->get_range = vf_value_range;
    iface->get_increment = vf_value_increment;
    iface->set_value = vf_value_set;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    iface->get_current_value = vf_value_current_gvalue;
    iface->get_minimum_value = vf_value_min_gvalue;
    iface->get_maximum_value = vf_value_max_gvalue;
    iface->set_current_value = vf_value_set_gvalue;
    G_GNUC_END_IGNORE_DEPRECATIONS
}

G_DEFINE_TYPE_WITH_CODE(VfControlAccessible, vf_control_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, vf_action_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, vf_value_init))

static void vf_control_accessible_class_init(VfControlAccessibleClass *klass) {
    AtkObjectClass *object = ATK_OBJECT_CLASS(klass);
    object->get_role = vf_accessible_get_role;
    object->ref_state_set = vf_accessible_ref_state_set;
    object->get_attributes = vf_accessible_get_attributes;
}

static void vf_control_accessible_init(VfControlAccessible *accessible) { (void)accessible; }

// MARK: - API

GtkWidget *vf_control_new(VfKind kind, const char *id) {
    VfControl *control = g_object_new(vf_control_get_type(), NULL);
    control->kind = kind;
    gtk_widget_set_can_focus(GTK_WIDGET(control), TRUE);
    AtkObject *accessible = gtk_widget_get_accessible(GTK_WIDGET(control));
    if (id) atk_object_set_accessible_id(accessible, id);
    return GTK_WIDGET(control);
}

void vf_control_set_handlers(GtkWidget *widget, VfDrawFunc draw, VfEventFunc event, gpointer data,
                             GDestroyNotify destroy) {
    g_return_if_fail(VF_IS_CONTROL(widget));
    VfControl *control = VF_CONTROL(widget);
    if (control->destroy && control->data) control->destroy(control->data);
    control->draw = draw;
    control->event = event;
    control->data = data;
    control->destroy = destroy;
}

void vf_control_set_spoken(GtkWidget *widget, const char *name, const char *value, const char *hint) {
    g_return_if_fail(VF_IS_CONTROL(widget));
    VfControl *control = VF_CONTROL(widget);
    AtkObject *accessible = gtk_widget_get_accessible(widget);
    if (g_strcmp0(atk_object_get_name(accessible), name) != 0) atk_object_set_name(accessible, name);
    if (g_strcmp0(atk_object_get_description(accessible), hint) != 0) atk_object_set_description(accessible, hint);
    const char *text = value ? value : "";
    if (g_strcmp0(control->value_text, text) != 0) {
        g_free(control->value_text);
        control->value_text = g_strdup(text);
        g_object_notify(G_OBJECT(accessible), "accessible-value");
        g_signal_emit_by_name(accessible, "value-changed", control->value, control->value_text);
    }
    gtk_widget_queue_draw(widget);
}

void vf_control_set_number(GtkWidget *widget, double value, double minimum, double maximum, double step) {
    g_return_if_fail(VF_IS_CONTROL(widget));
    VfControl *control = VF_CONTROL(widget);
    gboolean changed = control->value != value;
    control->value = value;
    control->minimum = minimum;
    control->maximum = maximum;
    control->step = step;
    if (changed) g_object_notify(G_OBJECT(gtk_widget_get_accessible(widget)), "accessible-value");
}

void vf_control_set_checked(GtkWidget *widget, gboolean checked) {
    g_return_if_fail(VF_IS_CONTROL(widget));
    VfControl *control = VF_CONTROL(widget);
    checked = checked ? TRUE : FALSE;
    if (control->checked == checked) return;
    control->checked = checked;
    atk_object_notify_state_change(gtk_widget_get_accessible(widget), ATK_STATE_CHECKED, checked);
    gtk_widget_queue_draw(widget);
}

void vf_control_set_attribute(GtkWidget *widget, const char *key, const char *value) {
    g_return_if_fail(VF_IS_CONTROL(widget));
    VfControl *control = VF_CONTROL(widget);
    if (value) g_hash_table_replace(control->attributes, g_strdup(key), g_strdup(value));
    else g_hash_table_remove(control->attributes, key);
}
