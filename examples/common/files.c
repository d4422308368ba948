/*
** files.c -- see files.h.
*/
#include "files.h"

#include <errno.h>
#include <stdlib.h>

char *read_stream(FILE *f, size_t *len)
{
    char *data = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 1 >= cap) { /* room for a read and the terminator */
            cap = cap ? cap * 2 : 65536;
            char *p = realloc(data, cap);
            if (p == NULL) {
                free(data);
                errno = ENOMEM;
                return NULL;
            }
            data = p;
        }
        size_t got = fread(data + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(data);
        errno = EIO;
        return NULL;
    }
    data[n] = '\0';
    *len = n;
    return data;
}

char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *data = read_stream(f, len);
    int saved = errno;
    fclose(f);
    errno = saved;
    return data;
}
