#ifndef GYMBELL_CX11_SHIM_H
#define GYMBELL_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/sync.h>
#include "../CGLib/function_table.h"

/* libX11 and libXext are loaded when the daemon first follows idleness on an X11 session (dlopen), not
   linked: the CLI, the window and a Wayland or GNOME session never map them. */
#define GB_X11_FUNCTIONS(X) \
    X(XOpenDisplay) X(XCloseDisplay) X(XConnectionNumber) X(XPending) X(XNextEvent) X(XFlush) \
    X(XSetErrorHandler) X(XSetIOErrorHandler) X(XSetIOErrorExitHandler)
GB_FUNCTION_TABLE(GbX11Functions, gb_x11_functions_load, GB_X11_FUNCTIONS)

#define GB_XEXT_FUNCTIONS(X) \
    X(XSyncQueryExtension) X(XSyncInitialize) X(XSyncListSystemCounters) X(XSyncFreeSystemCounterList) \
    X(XSyncCreateAlarm) X(XSyncChangeAlarm) X(XSyncDestroyAlarm) X(XSyncQueryCounter)
GB_FUNCTION_TABLE(GbXextFunctions, gb_xext_functions_load, GB_XEXT_FUNCTIONS)

/* The alarm's notice inside an event (XEvent is a union). */
static inline const XSyncAlarmNotifyEvent *_Nonnull gb_alarm_notify(const XEvent *_Nonnull event) {
    return (const XSyncAlarmNotifyEvent *)event;
}
#endif
