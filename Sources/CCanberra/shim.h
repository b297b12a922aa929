#ifndef GYMBELL_CCANBERRA_SHIM_H
#define GYMBELL_CCANBERRA_SHIM_H
#include <canberra.h>
#endif
