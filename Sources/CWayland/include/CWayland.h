#ifndef GYMBELL_CWAYLAND_H
#define GYMBELL_CWAYLAND_H
/* libwayland-client is loaded (dlopen), not linked, when the daemon first needs the compositor: to follow
   idleness on a Wayland session without Mutter's idle monitor, or to ask for an activation token for
   what a click launches. The CLI, the window's own code and a daemon without WAYLAND_DISPLAY (X11,
   GNOME on Xorg) never load it.
   Its requests are variadic (wl_proxy_marshal_flags), which Swift cannot call: each one gymbell sends
   is a function of wayland_requests.c, given the table.
   The protocols' headers and tables were made by wayland-scanner 1.21.0 (Debian 12's libwayland-bin):
     ext-idle-notify-v1-client-protocol.h, generated/ext-idle-notify-v1-protocol.c
       from /usr/share/wayland-protocols/staging/ext-idle-notify/ext-idle-notify-v1.xml (wayland-protocols 1.31)
     kde-idle-client-protocol.h, generated/kde-idle-protocol.c
       from /usr/share/plasma-wayland-protocols/idle.xml (plasma-wayland-protocols 1.10.0)
     xdg-activation-v1-client-protocol.h, generated/xdg-activation-v1-protocol.c
       from /usr/share/wayland-protocols/staging/xdg-activation/xdg-activation-v1.xml (wayland-protocols 1.31)
     gtk-shell-client-protocol.h, generated/gtk-shell-protocol.c
       from GTK 3.24.38's gdk/wayland/protocol/gtk-shell.xml (gtk_shell1 version 5; Debian 12's source
       package gtk+3.0 3.24.38-2~deb12u3, whose patches leave it as it is)
   with `wayland-scanner client-header XML HEADER` and `wayland-scanner private-code XML CODE`. */
#include <stdint.h>
#include <wayland-client-core.h>
#include <wayland-client-protocol.h>
#include "ext-idle-notify-v1-client-protocol.h"
#include "kde-idle-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "gtk-shell-client-protocol.h"
#include "../../CGLib/function_table.h"

/* The table: libwayland-client's functions, and the three interfaces of the core protocol it defines
   (data, looked up like the functions). Never call wayland-client-protocol.h's inline functions: they
   name libwayland-client's symbols, which the executable does not link. */
#define GB_WAYLAND_FUNCTIONS(X) \
    X(wl_display_connect) X(wl_display_disconnect) X(wl_display_get_fd) X(wl_display_dispatch) \
    X(wl_display_dispatch_pending) X(wl_display_flush) X(wl_display_get_error) \
    X(wl_display_prepare_read) X(wl_display_read_events) X(wl_display_cancel_read) \
    X(wl_proxy_marshal_flags) X(wl_proxy_add_listener) X(wl_proxy_destroy) X(wl_proxy_get_version) \
    X(wl_registry_interface) X(wl_seat_interface) X(wl_callback_interface)
GB_FUNCTION_TABLE(GbWaylandFunctions, gb_wayland_functions_load, GB_WAYLAND_FUNCTIONS)

/* wl_display.get_registry */
struct wl_registry *_Nullable gb_wl_get_registry(const GbWaylandFunctions *_Nonnull f, struct wl_display *_Nonnull display);
/* wl_display.sync: the callback's `done` comes once the compositor has handled all sent before */
struct wl_callback *_Nullable gb_wl_sync(const GbWaylandFunctions *_Nonnull f, struct wl_display *_Nonnull display);
/* wl_registry.bind of a wl_seat (version 1) */
struct wl_seat *_Nullable gb_wl_bind_seat(const GbWaylandFunctions *_Nonnull f, struct wl_registry *_Nonnull registry, uint32_t name);
/* wl_registry.bind of ext_idle_notifier_v1 (version 1) */
struct ext_idle_notifier_v1 *_Nullable gb_wl_bind_idle_notifier(
    const GbWaylandFunctions *_Nonnull f, struct wl_registry *_Nonnull registry, uint32_t name);
/* wl_registry.bind of org_kde_kwin_idle (version 1) */
struct org_kde_kwin_idle *_Nullable gb_wl_bind_kde_idle(const GbWaylandFunctions *_Nonnull f, struct wl_registry *_Nonnull registry, uint32_t name);
/* ext_idle_notifier_v1.get_idle_notification */
struct ext_idle_notification_v1 *_Nullable gb_wl_get_idle_notification(
    const GbWaylandFunctions *_Nonnull f, struct ext_idle_notifier_v1 *_Nonnull notifier, uint32_t timeout_ms, struct wl_seat *_Nonnull seat);
/* org_kde_kwin_idle.get_idle_timeout */
struct org_kde_kwin_idle_timeout *_Nullable gb_wl_get_idle_timeout(
    const GbWaylandFunctions *_Nonnull f, struct org_kde_kwin_idle *_Nonnull idle, struct wl_seat *_Nonnull seat, uint32_t timeout_ms);
/* wl_registry.bind of gtk_shell1 (version 3: notify_launch) */
struct gtk_shell1 *_Nullable gb_wl_bind_gtk_shell(const GbWaylandFunctions *_Nonnull f, struct wl_registry *_Nonnull registry, uint32_t name);
/* gtk_shell1.notify_launch (since version 3) */
void gb_wl_notify_launch(const GbWaylandFunctions *_Nonnull f, struct gtk_shell1 *_Nonnull shell, const char *_Nonnull startup_id);
/* wl_registry.bind of xdg_activation_v1 (version 1) */
struct xdg_activation_v1 *_Nullable gb_wl_bind_activation(
    const GbWaylandFunctions *_Nonnull f, struct wl_registry *_Nonnull registry, uint32_t name);
/* xdg_activation_v1.get_activation_token */
struct xdg_activation_token_v1 *_Nullable gb_wl_get_activation_token(
    const GbWaylandFunctions *_Nonnull f, struct xdg_activation_v1 *_Nonnull activation);
/* xdg_activation_token_v1.set_app_id */
void gb_wl_token_set_app_id(const GbWaylandFunctions *_Nonnull f, struct xdg_activation_token_v1 *_Nonnull token, const char *_Nonnull app_id);
/* xdg_activation_token_v1.commit: the compositor answers with `done` */
void gb_wl_token_commit(const GbWaylandFunctions *_Nonnull f, struct xdg_activation_token_v1 *_Nonnull token);
/* A destructor request with its opcode (ext_idle_notifier_v1.destroy, ext_idle_notification_v1.destroy,
   org_kde_kwin_idle_timeout.release, xdg_activation_v1.destroy: 0; xdg_activation_token_v1.destroy: 4),
   then the proxy is gone. */
void gb_wl_destroy_with_request(const GbWaylandFunctions *_Nonnull f, void *_Nonnull proxy, uint32_t opcode);
/* wl_proxy_add_listener for any listener struct of the generated headers; 0 on success. */
int gb_wl_listen(const GbWaylandFunctions *_Nonnull f, void *_Nonnull proxy, const void *_Nonnull listener, void *_Nullable data);
#endif
