#ifndef GYMBELL_CNOTIFY_NOTIFY_HELPERS_H
#define GYMBELL_CNOTIFY_NOTIFY_HELPERS_H
#include <libnotify/notify.h>
#include <gio/gio.h>
#include "../CGLib/function_table.h"

/* Variadic and macro-based GObject calls do not import into Swift: one small inline wrapper each. */

/* The server's id of a shown notification (libnotify's "id" property). */
static inline gint gb_notification_server_id(NotifyNotification *n) {
    gint id = 0;
    g_object_get(n, "id", &id, NULL);
    return id;
}

/* Makes the next show replace the server's notification `id` (a restarted process taking over its own). */
static inline void gb_notification_set_server_id(NotifyNotification *n, gint id) {
    g_object_set(n, "id", id, NULL);
}

/* Connects the "closed" signal. */
static inline gulong gb_notification_connect_closed(NotifyNotification *n,
                                                    void (*callback)(NotifyNotification *, gpointer),
                                                    gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(n, "closed", G_CALLBACK(callback), data, destroy, (GConnectFlags)0);
}

/* The server's ActivationToken for the action being invoked (notification spec 1.2), which libnotify
   ≥ 0.7.10 (Debian 12's 0.8.1) keeps while the action's callback runs; NULL when the server sent none or
   the libnotify has no such function (Ubuntu 22.04's 0.7.9), so it is looked up apart from the table
   below, in the libnotify the notifier opened (RTLD_NOLOAD: never a second one). Called on the
   notifier's thread only. */
static inline const char *gb_notification_activation_token(NotifyNotification *n) {
    static const char *(*get)(NotifyNotification *) = NULL;
    static int looked = 0;
    if (!looked) {
        looked = 1;
        void *library = dlopen("libnotify.so.4", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
        if (library) {
            get = (const char *(*)(NotifyNotification *))dlsym(library, "notify_notification_get_activation_token");
            dlclose(library);
        }
    }
    return get ? get(n) : NULL;
}

/* libnotify is loaded when the notifier starts (dlopen), not linked: the gymbell executable starts
   without mapping it and what it brings (GIO, gdk-pixbuf, libpng, libjpeg …), which the CLI never
   uses and the daemon needs only once it owns its name. The functions gymbell calls, with GIO's two
   error domains (found through libnotify's dependencies). */
#define GB_NOTIFY_FUNCTIONS(X) \
    X(notify_init) X(notify_is_initted) X(notify_uninit) X(notify_get_server_info) X(notify_get_server_caps) \
    X(notify_notification_new) X(notify_notification_update) X(notify_notification_show) \
    X(notify_notification_close) X(notify_notification_set_category) X(notify_notification_set_urgency) \
    X(notify_notification_set_timeout) X(notify_notification_set_hint) X(notify_notification_clear_hints) \
    X(notify_notification_add_action) X(notify_notification_clear_actions) \
    X(g_io_error_quark) X(g_dbus_error_quark)
GB_FUNCTION_TABLE(GbNotifyFunctions, gb_notify_functions_load, GB_NOTIFY_FUNCTIONS)

#endif
