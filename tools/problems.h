/*
** problems.h -- what `sdui validate` finds in a file (validate.c,
** page_check.c): a list of problems, each an error or a warning placed by
** line, column and JSON path, and the readers that turn the engine's and
** the script host's messages into them.
*/
#ifndef SDUI_TOOLS_PROBLEMS_H
#define SDUI_TOOLS_PROBLEMS_H

#include <stddef.h>

/* One problem. line and column 0 when unknown (column 0 for scripts). */
typedef struct {
    int warning;  /* 1: a warning (fails the file only with --strict), 0: an error */
    char *file;   /* the file `line` is in when it is not the checked one (a script), else NULL */
    long line, column;
    char *path;   /* a JSON path in the checked document, or NULL */
    char *message;
} problem;

typedef struct {
    problem *items;
    size_t count, cap;
    int failed; /* out of memory: a problem was lost */
} problems;

/* Appends a problem, copying `file`, `path` and `message` (each may be NULL
** but message). Returns the new problem, or NULL out of memory. */
problem *problems_add(problems *list, int warning, const char *file, long line, long column, const char *path,
                      const char *message);

/* Frees every problem and the list; the list is empty again. */
void problems_free(problems *list);

/* How many of the problems are errors, or with `strict` problems at all. */
size_t problems_failing(const problems *list, int strict);

/* Adds the engine's "line:column: $.path: message" (sdui_errmsg() of a
** decoder); what is missing becomes 1, 1 and "$". */
void problems_add_json_message(problems *list, const char *msg);

/* Adds the script host's "shown:line: message" or "shown: message" (one
** line of sdui_errmsg() after a script failed): its line, or
** `fallback_line` when it has none; `file` is where the line is (NULL: the
** checked file). */
void problems_add_script_message(problems *list, const char *file, const char *msg, size_t len, long fallback_line);

/* The line of the last line of `text` that starts with `return` (after
** blanks): a script's own return, where a problem with its table is shown;
** 1 when there is none. */
long last_return_line(const char *text, size_t len);

/* The 1-based line and column (in characters: UTF-8 lead bytes) of byte
** `offset` of `text`. */
void line_column(const char *text, size_t offset, long *line, long *column);

#endif
