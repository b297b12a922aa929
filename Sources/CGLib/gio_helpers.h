#ifndef GYMBELL_CGLIB_GIO_HELPERS_H
#define GYMBELL_CGLIB_GIO_HELPERS_H
#include <gio/gio.h>

/* g_signal_connect is a macro and does not import into Swift: one small inline wrapper per signal. */

typedef void (*GbFileMonitorChangedFunc)(GFileMonitor *monitor, GFile *file, GFile *other_file,
                                         GFileMonitorEvent event, gpointer data);

/* Connects a GFileMonitor's "changed" signal; `destroy` releases `data` when disconnected. */
static inline gulong gb_file_monitor_connect_changed(GFileMonitor *monitor, GbFileMonitorChangedFunc callback,
                                                     gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(monitor, "changed", G_CALLBACK(callback), data, destroy, (GConnectFlags)0);
}
#endif
