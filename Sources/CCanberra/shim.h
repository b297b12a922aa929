#ifndef GYMBELL_CCANBERRA_SHIM_H
#define GYMBELL_CCANBERRA_SHIM_H
#include <canberra.h>
#include "../CGLib/function_table.h"

/* libcanberra is loaded when the sound helper starts (dlopen), not linked: the daemon never maps it
   and its codecs. */
#define GB_CANBERRA_FUNCTIONS(X) \
    X(ca_context_create) X(ca_context_change_props_full) X(ca_context_open) X(ca_context_destroy) \
    X(ca_context_cache_full) X(ca_context_play_full) X(ca_context_playing) X(ca_proplist_create) \
    X(ca_proplist_sets) X(ca_proplist_destroy) X(ca_strerror)
GB_FUNCTION_TABLE(GbCanberraFunctions, gb_canberra_functions_load, GB_CANBERRA_FUNCTIONS)
#endif
