/*
** files.c -- the script host's files: paths, folder listings, mtimes.
*/
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "files.h"

int files_stat(const char *path, watched *w)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    w->mtime = st.st_mtim;
    w->size = st.st_size;
    return 0;
}

int files_changed(const watched *w)
{
    watched now;
    if (files_stat(w->path, &now) != 0)
        return 1;
    return now.size != w->size || now.mtime.tv_sec != w->mtime.tv_sec ||
           now.mtime.tv_nsec != w->mtime.tv_nsec;
}

void files_watch(watched **list, int *count, const char *path)
{
    for (int i = 0; i < *count; i++)
        if (strcmp((*list)[i].path, path) == 0)
            return;
    watched w;
    if (files_stat(path, &w) != 0)
        return;
    watched *grown = realloc(*list, (size_t)(*count + 1) * sizeof *grown);
    char *copy = strdup(path);
    if (grown == NULL || copy == NULL) {
        free(copy);
        if (grown != NULL)
            *list = grown;
        return; /* not watched: poll will miss it, nothing breaks */
    }
    *list = grown;
    w.path = copy;
    (*list)[(*count)++] = w;
}

void files_forget(watched *list, int count)
{
    for (int i = 0; i < count; i++)
        free(list[i].path);
}

int files_inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    return strncmp(root, path, n) == 0 && (path[n] == '\0' || path[n] == '/' || strcmp(root, "/") == 0);
}

const char *files_relative(const char *root, const char *path)
{
    size_t n = strlen(root);
    return strncmp(root, path, n) == 0 && path[n] == '/' ? path + n + 1 : path;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int files_list(sdui_engine *engine, const char *folder, char ***out)
{
    DIR *dir = opendir(folder);
    if (dir == NULL) {
        char message[PATH_MAX + 64];
        snprintf(message, sizeof message, "cannot open script folder %s: %s", folder, strerror(errno));
        sdui_report(engine, SDUI_ENOTFOUND, message);
        return -1;
    }
    char **names = NULL;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        size_t n = strlen(entry->d_name);
        if (n < 5 || strcmp(entry->d_name + n - 4, ".lua") != 0 || entry->d_name[0] == '.')
            continue;
        char path[PATH_MAX];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        char **grown = realloc(names, (size_t)(count + 1) * sizeof *grown);
        char *copy = strdup(path);
        if (grown == NULL || copy == NULL) {
            free(copy);
            names = grown ? grown : names;
            for (int i = 0; i < count; i++)
                free(names[i]);
            free(names);
            closedir(dir);
            sdui_report(engine, SDUI_ENOMEM, "out of memory");
            return -1;
        }
        names = grown;
        names[count++] = copy;
    }
    closedir(dir);
    qsort(names, (size_t)count, sizeof *names, compare_names);
    *out = names;
    return count;
}
