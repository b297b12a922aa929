#ifndef GYMBELL_CGLIB_GIO_HELPERS_H
#define GYMBELL_CGLIB_GIO_HELPERS_H
#include <gio/gio.h>
#include "function_table.h"

/* g_signal_connect is a macro and does not import into Swift: one small inline wrapper per signal.
   GIO is loaded when first used (dlopen, SharedLibrary), not linked. */

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
