// Test-only LD_PRELOAD: the wall clock moved by GYMBELL_TEST_CLOCK_SHIFT seconds.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <time.h>

static long long shift_seconds(void) {
    static int read_once = 0;
    static long long shift = 0;
    if (!read_once) {
        const char *text = getenv("GYMBELL_TEST_CLOCK_SHIFT");
        shift = text ? atoll(text) : 0;
        read_once = 1;
    }
    return shift;
}

static int is_wall_clock(clockid_t clock) {
    return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE || clock == CLOCK_REALTIME_ALARM;
}

int clock_gettime(clockid_t clock, struct timespec *ts) {
    static int (*real)(clockid_t, struct timespec *);
    if (!real) real = dlsym(RTLD_NEXT, "clock_gettime");
    int rc = real(clock, ts);
    if (rc == 0 && is_wall_clock(clock)) ts->tv_sec += shift_seconds();
    return rc;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    static int (*real)(struct timeval *restrict, void *restrict);
    if (!real) real = dlsym(RTLD_NEXT, "gettimeofday");
    int rc = real(tv, tz);
    if (rc == 0 && tv) tv->tv_sec += shift_seconds();
    return rc;
}

time_t time(time_t *out) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (out) *out = ts.tv_sec;
    return ts.tv_sec;
}

// Absolute wall-clock timers are armed in the shifted clock: the kernel's is the real one.
int timerfd_settime(int fd, int flags, const struct itimerspec *new_value, struct itimerspec *old_value) {
    static int (*real)(int, int, const struct itimerspec *, struct itimerspec *);
    if (!real) real = dlsym(RTLD_NEXT, "timerfd_settime");
    if ((flags & TFD_TIMER_ABSTIME) && new_value &&
        (new_value->it_value.tv_sec != 0 || new_value->it_value.tv_nsec != 0)) {
        struct itimerspec moved = *new_value;
        moved.it_value.tv_sec -= shift_seconds();
        if (moved.it_value.tv_sec < 0) { moved.it_value.tv_sec = 0; moved.it_value.tv_nsec = 1; }
        return real(fd, flags, &moved, old_value);
    }
    return real(fd, flags, new_value, old_value);
}
