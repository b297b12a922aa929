#ifndef GYMBELL_CSQLITE_SHIM_H
#define GYMBELL_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro over a cast function pointer and does not import into Swift:
   these bind a copy of the bytes, so Swift's buffer need only live for the call. */
static inline int gb_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}

static inline int gb_sqlite3_bind_blob_copy(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}
#endif
