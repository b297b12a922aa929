#ifndef GYMBELL_CGLIB_SHIM_H
#define GYMBELL_CGLIB_SHIM_H
/* The GLib/GIO and Linux surface: main loop, unix signals, file monitors, timerfd, spawn, gettext. */
#include <glib.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <sys/timerfd.h>
#include <spawn.h>
#include <sys/wait.h>
#include <libintl.h>
#include <locale.h>
#include "glib_helpers.h"
#include "gio_helpers.h"
#endif
