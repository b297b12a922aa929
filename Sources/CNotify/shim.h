#ifndef GYMBELL_CNOTIFY_SHIM_H
#define GYMBELL_CNOTIFY_SHIM_H
/* libnotify only; GLib itself is the CGLib module. */
#include <libnotify/notify.h>
#include "notify_helpers.h"
#endif
