/*
** files.h -- the files of the script host: where they are (inside the
** script folder or not), which scripts a folder holds, and whether a file
** changed since it was read (its mtime and size), which is how
** sdui_scripts_poll notices an edit.
*/
#ifndef SDUI_LUA_FILES_H
#define SDUI_LUA_FILES_H

#include <sys/types.h>
#include <time.h>

#include "sdui.h"

/* A file the script host has read: a script, or a module a script required. */
typedef struct watched {
    char *path;             /* real path */
    struct timespec mtime;
    off_t size;
} watched;

/* Fills w's mtime and size from the file at `path`; 0, or -1 when it cannot be read. */
int files_stat(const char *path, watched *w);

/* True when the file w describes changed (or is gone) since w was filled. */
int files_changed(const watched *w);

/*
** Adds `path` to the list *list of *count files, unless it is there or
** cannot be read. Out of memory, it is left out: poll will miss its
** changes, nothing breaks.
*/
void files_watch(watched **list, int *count, const char *path);

/* Frees the paths of the `count` files of list; the list itself stays. */
void files_forget(watched *list, int count);

/* True when `path` (a real path) is `root` or lies inside it. */
int files_inside(const char *root, const char *path);

/* `path` relative to the script folder `root`, for chunk names and messages. */
const char *files_relative(const char *root, const char *path);

/*
** Collects the "*.lua" files directly inside `folder`, sorted by name, as
** malloc'd real paths in *out. Returns the count, or -1 (reported on engine).
*/
int files_list(sdui_engine *engine, const char *folder, char ***out);

#endif
