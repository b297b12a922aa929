/* The protocols' interface tables, as wayland-scanner wrote them (generated/, see CWayland.h).
   They name libwayland-client's wl_seat_interface as the type of a request's object argument, which
   libwayland-client only compares by name and prints; the library is loaded with dlopen, so that
   name points to a stand-in here instead of a symbol the executable would have to link. */
#include <wayland-util.h>

extern const struct wl_interface gb_wl_seat_stand_in;
#define wl_seat_interface gb_wl_seat_stand_in
#include "generated/ext-idle-notify-v1-protocol.c"
#include "generated/kde-idle-protocol.c"
#undef wl_seat_interface

const struct wl_interface gb_wl_seat_stand_in = { "wl_seat", 1, 0, NULL, 0, NULL };
