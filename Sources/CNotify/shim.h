#ifndef GYMBELL_CNOTIFY_SHIM_H
#define GYMBELL_CNOTIFY_SHIM_H
#include <libnotify/notify.h>
#include <glib.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <sys/timerfd.h>
#include <spawn.h>
#include <sys/wait.h>
#include <libintl.h>
#include <locale.h>
#include "notify_helpers.h"
#include "gio_helpers.h"
#endif
