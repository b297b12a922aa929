#ifndef GYMBELL_CADW_SHIM_H
#define GYMBELL_CADW_SHIM_H
/* GTK 4 and libadwaita for the window (gymbell-window only: the daemon and the CLI never map them).
 * What Swift cannot import: g_signal_connect (a macro), G_CALLBACK (a cast) and the variadic
 * gtk_accessible_update_property. The GObject casts are done in Swift, in the window's typed layer (Sources/GymbellWindow/Widgets). */
#include <adwaita.h>
#include <gtk/gtk.h>
#include <gdk/wayland/gdkwayland.h>

/* A handler of a signal with no arguments of its own ("clicked", "activate", "close-request"). */
typedef void (*gb_void_handler)(gpointer instance, gpointer data);
/* A handler of a signal with one pointer argument ("activate" of a GSimpleAction: its parameter). */
typedef void (*gb_pointer_handler)(gpointer instance, gpointer argument, gpointer data);

/* Connects `handler` with `data`, released through `release` when the handler is disconnected. */
static inline gulong gb_signal_connect_void(gpointer instance, const char *signal, gb_void_handler handler, gpointer data,
                                            GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, (GConnectFlags)0);
}

static inline gulong gb_signal_connect_pointer(gpointer instance, const char *signal, gb_pointer_handler handler,
                                               gpointer data, GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, (GConnectFlags)0);
}

/* The name a screen reader says for a widget (its accessible label). */
static inline void gb_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* What a widget shows, said in words (its accessible description): a chart's figures for a screen reader. */
static inline void gb_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* Drag and drop of a place in a list (an exercise row's index): GTK_EVENT_CONTROLLER, G_TYPE_INT and
 * the variadic gdk_content_provider_new_typed are macros or variadic, so the shim builds the controllers. */

/* A drag from `widget` carries `index` and moves it. */
static inline void gb_drag_source_add_index(GtkWidget *widget, int index) {
    GtkDragSource *source = gtk_drag_source_new();
    GdkContentProvider *content = gdk_content_provider_new_typed(G_TYPE_INT, index);
    gtk_drag_source_set_content(source, content);
    g_object_unref(content);
    gtk_drag_source_set_actions(source, GDK_ACTION_MOVE);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(source));
}

/* A handler of GtkDropTarget's "drop": the dropped value and where; TRUE takes the drop. */
typedef gboolean (*gb_drop_handler)(gpointer target, const GValue *value, double x, double y, gpointer data);

/* `widget` takes drops of an index (moved); `handler` gets them, `data` released with the controller. */
static inline void gb_drop_target_add_index(GtkWidget *widget, gb_drop_handler handler, gpointer data, GClosureNotify release) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_INT, GDK_ACTION_MOVE);
    g_signal_connect_data(target, "drop", G_CALLBACK(handler), data, release, (GConnectFlags)0);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(target));
}

/* The index a drop carried, or -1 when the value holds something else. */
static inline int gb_value_index(const GValue *value) {
    return G_VALUE_HOLDS_INT(value) ? g_value_get_int(value) : -1;
}

/* A spin button whose 0 means "none" shows `word` there instead of 0 (GtkSpinButton's "output"), and
 * takes an emptied field back as 0 ("input"): an optional number in a person's words, no "(0: none)". */
static gboolean gb_spin_zero_output(GtkSpinButton *spin, gpointer word) {
    if (gtk_adjustment_get_value(gtk_spin_button_get_adjustment(spin)) != 0) return FALSE;
    /* The spin button's own text refuses letters (GTK 4.8); its field's text takes the word. */
    gtk_editable_set_text(gtk_editable_get_delegate(GTK_EDITABLE(spin)), (const char *)word);
    return TRUE;
}

static gint gb_spin_zero_input(GtkSpinButton *spin, double *value, gpointer word) {
    const char *text = gtk_editable_get_text(GTK_EDITABLE(spin));
    if (text[0] == '\0' || g_strcmp0(text, (const char *)word) == 0) { *value = 0; return TRUE; }
    return FALSE;
}

static inline void gb_spin_button_name_zero(GtkSpinButton *spin, const char *word) {
    char *copy = g_strdup(word);  /* freed with the output handler, when the button goes */
    g_signal_connect_data(spin, "output", G_CALLBACK(gb_spin_zero_output), copy, (GClosureNotify)(void (*)(void))g_free, (GConnectFlags)0);
    g_signal_connect_data(spin, "input", G_CALLBACK(gb_spin_zero_input), copy, NULL, (GConnectFlags)0);
    gtk_spin_button_update(spin);
}

/* The activation token a second launch handed over (XDG_ACTIVATION_TOKEN/DESKTOP_STARTUP_ID of its
 * environment): the next gtk_window_present activates the window with it on Wayland. GTK 4.8 passes
 * it only from a remote instance that ran gtk_init, which a second gymbell-window never does. */
static inline void gb_display_use_activation_token(const char *token) {
    GdkDisplay *display = gdk_display_get_default();
    if (display && GDK_IS_WAYLAND_DISPLAY(display))
        gdk_wayland_display_set_startup_notification_id(display, token);
}
#endif
