#ifndef GYMBELL_CGLIB_GLIB_HELPERS_H
#define GYMBELL_CGLIB_GLIB_HELPERS_H
#include <glib-object.h>
#include <signal.h>
#include <malloc.h>

/* Macro-based GObject calls do not import into Swift cleanly: one small inline wrapper each. */
static inline void gb_object_unref(gpointer object) { g_object_unref(object); }
static inline gpointer gb_object_ref(gpointer object) { return g_object_ref(object); }

/* g_spawn child setup: a started program gets an empty signal mask, whatever thread spawned it. */
static inline void gb_child_reset_signal_mask(gpointer unused) {
    (void)unused;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}
/* glibc's malloc tuning (malloc.h is not in Swift's Glibc module). */
static inline void gb_use_one_malloc_arena(void) { (void)mallopt(M_ARENA_MAX, 1); }
static inline void gb_return_free_memory(void) { (void)malloc_trim(0); }
#endif
