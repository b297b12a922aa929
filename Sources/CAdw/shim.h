#ifndef GYMBELL_CADW_SHIM_H
#define GYMBELL_CADW_SHIM_H
/* GTK 4 and libadwaita for the window (gymbell-window only: the daemon and the CLI never map them).
 * What Swift cannot import: g_signal_connect (a macro), G_CALLBACK (a cast) and the variadic
 * gtk_accessible_update_property. The GObject casts are done in Swift (GtkKit.swift). */
#include <adwaita.h>
#include <gtk/gtk.h>

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

#endif
