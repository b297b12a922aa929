#ifndef GYMBELL_CGLIB_GIO_HELPERS_H
#define GYMBELL_CGLIB_GIO_HELPERS_H
#include <gio/gio.h>
#include "function_table.h"

/* g_signal_connect is a macro and does not import into Swift: one small inline wrapper per signal. */

typedef void (*GbFileMonitorChangedFunc)(GFileMonitor *monitor, GFile *file, GFile *other_file,
                                         GFileMonitorEvent event, gpointer data);

/* Connects a GFileMonitor's "changed" signal; `destroy` releases `data` when disconnected. */
static inline gulong gb_file_monitor_connect_changed(GFileMonitor *monitor, GbFileMonitorChangedFunc callback,
                                                     gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(monitor, "changed", G_CALLBACK(callback), data, destroy, (GConnectFlags)0);
}
/* GIO is loaded when a file is first watched (dlopen), not linked: the gymbell executable starts
   without mapping it (the CLI never uses it; the daemon watches its files once it owns its name). */
#define GB_GIO_FUNCTIONS(X) X(g_file_new_for_path) X(g_file_monitor_file) X(g_file_monitor_cancel)
GB_FUNCTION_TABLE(GbGioFunctions, gb_gio_functions_load, GB_GIO_FUNCTIONS)

/* GSettings, for one boolean key followed through its "changed::KEY" signal (SettingWatch). */
#define GB_GSETTINGS_FUNCTIONS(X) X(g_settings_schema_source_get_default) X(g_settings_schema_source_lookup) \
    X(g_settings_schema_has_key) X(g_settings_schema_unref) X(g_settings_new) X(g_settings_get_boolean)
GB_FUNCTION_TABLE(GbGSettingsFunctions, gb_gsettings_functions_load, GB_GSETTINGS_FUNCTIONS)

typedef void (*GbSettingsChangedFunc)(GSettings *settings, const gchar *key, gpointer data);

/* Connects a GSettings' detailed "changed::KEY" signal (`detailed_signal`); `destroy` releases `data`. */
static inline gulong gb_settings_connect_changed(GSettings *settings, const gchar *detailed_signal, GbSettingsChangedFunc callback,
                                                 gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(settings, detailed_signal, G_CALLBACK(callback), data, destroy, (GConnectFlags)0);
}
#endif
