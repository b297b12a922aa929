#include "CWayland.h"

/* What wayland-client-protocol.h's and the generated headers' inline functions do, through the table. */

struct wl_registry *gb_wl_get_registry(const GbWaylandFunctions *f, struct wl_display *display) {
    struct wl_proxy *proxy = (struct wl_proxy *)display;
    return (struct wl_registry *)f->wl_proxy_marshal_flags(
        proxy, WL_DISPLAY_GET_REGISTRY, f->wl_registry_interface, f->wl_proxy_get_version(proxy), 0, NULL);
}

struct wl_callback *gb_wl_sync(const GbWaylandFunctions *f, struct wl_display *display) {
    struct wl_proxy *proxy = (struct wl_proxy *)display;
    return (struct wl_callback *)f->wl_proxy_marshal_flags(
        proxy, WL_DISPLAY_SYNC, f->wl_callback_interface, f->wl_proxy_get_version(proxy), 0, NULL);
}

static void *bind_version(const GbWaylandFunctions *f, struct wl_registry *registry, uint32_t name,
                          const struct wl_interface *interface, uint32_t version) {
    return f->wl_proxy_marshal_flags(
        (struct wl_proxy *)registry, WL_REGISTRY_BIND, interface, version, 0, name, interface->name, version, NULL);
}

static void *bind_global(const GbWaylandFunctions *f, struct wl_registry *registry, uint32_t name, const struct wl_interface *interface) {
    return bind_version(f, registry, name, interface, 1);
}

struct wl_seat *gb_wl_bind_seat(const GbWaylandFunctions *f, struct wl_registry *registry, uint32_t name) {
    return bind_global(f, registry, name, f->wl_seat_interface);
}

struct ext_idle_notifier_v1 *gb_wl_bind_idle_notifier(const GbWaylandFunctions *f, struct wl_registry *registry, uint32_t name) {
    return bind_global(f, registry, name, &ext_idle_notifier_v1_interface);
}

struct org_kde_kwin_idle *gb_wl_bind_kde_idle(const GbWaylandFunctions *f, struct wl_registry *registry, uint32_t name) {
    return bind_global(f, registry, name, &org_kde_kwin_idle_interface);
}

struct ext_idle_notification_v1 *gb_wl_get_idle_notification(
    const GbWaylandFunctions *f, struct ext_idle_notifier_v1 *notifier, uint32_t timeout_ms, struct wl_seat *seat) {
    struct wl_proxy *proxy = (struct wl_proxy *)notifier;
    return (struct ext_idle_notification_v1 *)f->wl_proxy_marshal_flags(
        proxy, EXT_IDLE_NOTIFIER_V1_GET_IDLE_NOTIFICATION, &ext_idle_notification_v1_interface,
        f->wl_proxy_get_version(proxy), 0, NULL, timeout_ms, seat);
}

struct org_kde_kwin_idle_timeout *gb_wl_get_idle_timeout(
    const GbWaylandFunctions *f, struct org_kde_kwin_idle *idle, struct wl_seat *seat, uint32_t timeout_ms) {
    struct wl_proxy *proxy = (struct wl_proxy *)idle;
    return (struct org_kde_kwin_idle_timeout *)f->wl_proxy_marshal_flags(
        proxy, ORG_KDE_KWIN_IDLE_GET_IDLE_TIMEOUT, &org_kde_kwin_idle_timeout_interface,
        f->wl_proxy_get_version(proxy), 0, NULL, seat, timeout_ms);
}

struct gtk_shell1 *gb_wl_bind_gtk_shell(const GbWaylandFunctions *f, struct wl_registry *registry, uint32_t name) {
    return bind_version(f, registry, name, &gtk_shell1_interface, GTK_SHELL1_NOTIFY_LAUNCH_SINCE_VERSION);
}

void gb_wl_notify_launch(const GbWaylandFunctions *f, struct gtk_shell1 *shell, const char *startup_id) {
    struct wl_proxy *proxy = (struct wl_proxy *)shell;
    f->wl_proxy_marshal_flags(proxy, GTK_SHELL1_NOTIFY_LAUNCH, NULL, f->wl_proxy_get_version(proxy), 0, startup_id);
}

struct xdg_activation_v1 *gb_wl_bind_activation(const GbWaylandFunctions *f, struct wl_registry *registry, uint32_t name) {
    return bind_global(f, registry, name, &xdg_activation_v1_interface);
}

struct xdg_activation_token_v1 *gb_wl_get_activation_token(const GbWaylandFunctions *f, struct xdg_activation_v1 *activation) {
    struct wl_proxy *proxy = (struct wl_proxy *)activation;
    return (struct xdg_activation_token_v1 *)f->wl_proxy_marshal_flags(
        proxy, XDG_ACTIVATION_V1_GET_ACTIVATION_TOKEN, &xdg_activation_token_v1_interface, f->wl_proxy_get_version(proxy), 0, NULL);
}

void gb_wl_token_set_app_id(const GbWaylandFunctions *f, struct xdg_activation_token_v1 *token, const char *app_id) {
    struct wl_proxy *proxy = (struct wl_proxy *)token;
    f->wl_proxy_marshal_flags(proxy, XDG_ACTIVATION_TOKEN_V1_SET_APP_ID, NULL, f->wl_proxy_get_version(proxy), 0, app_id);
}

void gb_wl_token_commit(const GbWaylandFunctions *f, struct xdg_activation_token_v1 *token) {
    struct wl_proxy *proxy = (struct wl_proxy *)token;
    f->wl_proxy_marshal_flags(proxy, XDG_ACTIVATION_TOKEN_V1_COMMIT, NULL, f->wl_proxy_get_version(proxy), 0);
}

void gb_wl_destroy_with_request(const GbWaylandFunctions *f, void *proxy, uint32_t opcode) {
    f->wl_proxy_marshal_flags((struct wl_proxy *)proxy, opcode, NULL, f->wl_proxy_get_version((struct wl_proxy *)proxy),
                              WL_MARSHAL_FLAG_DESTROY);
}

int gb_wl_listen(const GbWaylandFunctions *f, void *proxy, const void *listener, void *data) {
    return f->wl_proxy_add_listener((struct wl_proxy *)proxy, (void (**)(void))listener, data);
}
