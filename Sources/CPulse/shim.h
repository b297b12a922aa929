#ifndef GYMBELL_CPULSE_SHIM_H
#define GYMBELL_CPULSE_SHIM_H
#include <pulse/context.h>
#include <pulse/introspect.h>
#include <pulse/mainloop.h>
#include <pulse/proplist.h>
#include "../CGLib/function_table.h"

/* libpulse is loaded by the sound helper when it makes room for a sound (dlopen), not linked: the
   daemon never maps it (issue 16). Only the sink inputs' volumes are read and set. */
#define GB_PULSE_FUNCTIONS(X) \
    X(pa_mainloop_new) X(pa_mainloop_get_api) X(pa_mainloop_prepare) X(pa_mainloop_poll) X(pa_mainloop_dispatch) \
    X(pa_mainloop_free) X(pa_context_new) X(pa_context_connect) X(pa_context_get_state) X(pa_context_disconnect) \
    X(pa_context_unref) X(pa_context_get_sink_input_info_list) X(pa_context_set_sink_input_volume) \
    X(pa_operation_get_state) X(pa_operation_unref) X(pa_proplist_gets)
GB_FUNCTION_TABLE(GbPulseFunctions, gb_pulse_functions_load, GB_PULSE_FUNCTIONS)
#endif
