/*
** script_files.h -- what the C tests of the script host share: a
** temporary script folder, writing scripts into it, and a watchdog that
** turns a hang into a failure naming the case (a hang is never the
** expected outcome: the limits under test are counted, not timed).
*/
#ifndef SDUI_TEST_SCRIPT_FILES_H
#define SDUI_TEST_SCRIPT_FILES_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sdui_scripts.h"

static char script_folder[256];

/* Makes the temporary script folder (removed by script_folder_remove). */
static inline void script_folder_make(const char *prefix)
{
    snprintf(script_folder, sizeof script_folder, "/tmp/%s-XXXXXX", prefix);
    if (mkdtemp(script_folder) == NULL) {
        perror("mkdtemp");
        exit(2);
    }
}

/* Removes the folder `dir` and everything in it. */
static inline void script_remove_tree(const char *dir)
{
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

static inline void script_folder_remove(void)
{
    script_remove_tree(script_folder);
}

/* The path of `name` inside the folder (a static buffer: use it before the next call). */
static inline const char *script_file(const char *name)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", script_folder, name);
    return path;
}

/* Writes a script file into the folder (printf-style body). */
static inline void script_write(const char *name, const char *fmt, ...)
{
    FILE *f = fopen(script_file(name), "w");
    if (f == NULL) {
        perror(name);
        exit(2);
    }
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fclose(f);
}

static const char *script_watched_case = "";

static inline void script_on_alarm(int sig)
{
    (void)sig;
    static const char lead[] = "HANG (outer timeout): ";
    ssize_t ignored = write(2, lead, sizeof lead - 1);
    ignored = write(2, script_watched_case, strlen(script_watched_case));
    ignored = write(2, "\n", 1);
    (void)ignored;
    _exit(3);
}

/* Starts (what != NULL) or stops the watchdog for a case: `seconds` to finish it. */
static inline void script_watch(const char *what, unsigned seconds)
{
    signal(SIGALRM, script_on_alarm);
    script_watched_case = what != NULL ? what : "";
    alarm(what != NULL ? seconds : 0);
}

/*
** A new engine whose script runs have no deadline: for the tests of every
** other limit, which must be the one that stops a run however slowly the
** test runs (valgrind is 20 to 50 times slower: `make memcheck`). Tests of
** the deadline set their own.
*/
static inline sdui_engine *script_engine_untimed(void)
{
    sdui_engine *e = sdui_engine_new();
    if (e != NULL)
        sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 0);
    return e;
}

/* The engine's screen as JSON (malloc'd; NULL on failure). */
static inline char *script_screen(sdui_engine *e)
{
    char *json = NULL;
    if (sdui_render_json(e, &json, NULL) != SDUI_OK)
        return NULL;
    return json;
}

#endif
