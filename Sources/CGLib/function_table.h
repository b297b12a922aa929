#ifndef GYMBELL_FUNCTION_TABLE_H
#define GYMBELL_FUNCTION_TABLE_H
/* A library gymbell opens with dlopen when first used instead of linking it (SharedLibrary): a table
   of the functions it calls, each with the type its header declares, and a loader that looks each one
   up by name. One list of names per library makes both:
       #define GB_EXAMPLE_FUNCTIONS(X) X(example_open) X(example_close)
       GB_FUNCTION_TABLE(GbExampleFunctions, gb_example_functions_load, GB_EXAMPLE_FUNCTIONS)
   The loader fills `table` from `library` (a dlopen handle) and returns false when one is missing. */
#include <dlfcn.h>
#include <stdbool.h>

#define GB_FUNCTION_TABLE_FIELD(name) __typeof__(name) *_Nonnull name;
#define GB_FUNCTION_TABLE_LOAD(name) \
    if (!(table->name = (__typeof__(table->name))dlsym(library, #name))) return false;
#define GB_FUNCTION_TABLE(Type, load, FUNCTIONS) \
    typedef struct { FUNCTIONS(GB_FUNCTION_TABLE_FIELD) } Type; \
    static inline bool load(void *_Nonnull library, Type *_Nonnull table) { \
        FUNCTIONS(GB_FUNCTION_TABLE_LOAD) \
        return true; \
    }
#endif
