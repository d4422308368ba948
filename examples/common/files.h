/*
** files.h -- reading whole files, for the C hosts (examples/demo.c,
** examples/terminal, tools).
*/
#ifndef SDUI_COMMON_FILES_H
#define SDUI_COMMON_FILES_H

#include <stddef.h>
#include <stdio.h>

/* Reads `f` to its end (it stays open). Returns a malloc'd buffer of *len
** bytes plus a NUL terminator, or NULL with errno set (ENOMEM, EIO). */
char *read_stream(FILE *f, size_t *len);

/* Reads the whole file at `path` the same way; NULL with errno set on failure. */
char *read_file(const char *path, size_t *len);

#endif
