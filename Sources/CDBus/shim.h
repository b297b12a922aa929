#ifndef GYMBELL_CDBUS_SHIM_H
#define GYMBELL_CDBUS_SHIM_H
#include <dbus/dbus.h>

/* DBUS_TYPE_* are macros over character literals and do not import into Swift. */
static const int GB_DBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int GB_DBUS_TYPE_BYTE = DBUS_TYPE_BYTE;
static const int GB_DBUS_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int GB_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;
static const int GB_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int GB_DBUS_TYPE_INT64 = DBUS_TYPE_INT64;
static const int GB_DBUS_TYPE_UINT64 = DBUS_TYPE_UINT64;
static const int GB_DBUS_TYPE_DOUBLE = DBUS_TYPE_DOUBLE;
static const int GB_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int GB_DBUS_TYPE_OBJECT_PATH = DBUS_TYPE_OBJECT_PATH;
static const int GB_DBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int GB_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int GB_DBUS_TYPE_STRUCT = DBUS_TYPE_STRUCT;
static const int GB_DBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;
static const int GB_DBUS_TIMEOUT_USE_DEFAULT = DBUS_TIMEOUT_USE_DEFAULT;
#endif
