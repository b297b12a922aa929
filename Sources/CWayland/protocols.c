/* The protocols' interface tables, as wayland-scanner wrote them (generated/, see CWayland.h).
   They name libwayland-client's wl_seat_interface and wl_surface_interface as the types of requests'
   object arguments, which libwayland-client only compares by name and prints; the library is loaded
   with dlopen, so those names point to stand-ins here instead of symbols the executable would have
   to link. */
#include <wayland-util.h>

extern const struct wl_interface gb_wl_seat_stand_in;
extern const struct wl_interface gb_wl_surface_stand_in;
#define wl_seat_interface gb_wl_seat_stand_in
#define wl_surface_interface gb_wl_surface_stand_in
#include "generated/ext-idle-notify-v1-protocol.c"
#include "generated/kde-idle-protocol.c"
#include "generated/xdg-activation-v1-protocol.c"
#include "generated/gtk-shell-protocol.c"
#undef wl_surface_interface
#undef wl_seat_interface

const struct wl_interface gb_wl_seat_stand_in = { "wl_seat", 1, 0, NULL, 0, NULL };
const struct wl_interface gb_wl_surface_stand_in = { "wl_surface", 1, 0, NULL, 0, NULL };
