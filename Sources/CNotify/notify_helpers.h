#ifndef GYMBELL_CNOTIFY_NOTIFY_HELPERS_H
#define GYMBELL_CNOTIFY_NOTIFY_HELPERS_H
#include <libnotify/notify.h>

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

#endif
