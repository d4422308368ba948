/*
** validate.c -- `sdui validate FILE...` (validate.h).
**
** Each file is checked on its own, with a scratch engine, and nothing is
** kept between files:
**   - a page or a server patch (any other file; a JSON object with a
**     "patch" member is a patch): sdui_check_json(), the engine's own
**     decoders, so the verdict is sdui_load_page()'s. --kind names another
**     document of the contract (component, view, action, effect).
**   - a Lua script (a ".lua" file): sdui_scripts_load() in the script host,
**     which compiles it, runs it under the budget and checks the table it
**     returns in full, as a host loading it would. Then a trial render: each
**     name the text seems to give a function (`Name = function`,
**     `["Name"] = function`) is rendered as a component with data {}; a
**     factory whose view names a node type the engine does not know is a
**     problem, on the line of that name. (Other failures with empty data
**     are not: a factory may need its data. A name that is no component
**     renders a fallback node.)
** A problem is one line, "file:line:column: $.path: message" for JSON and
** "file:line: message" for scripts; the decoders stop at the first problem,
** so a file has one at most. A script's problem without a line of its own
** (a returned table of the wrong shape) is placed on the line of the
** script's last top-level `return`. --json prints instead one report:
** [{"file", "kind", "valid", "problems": [{"line", "column", "path",
** "message"}]}], column and path null for scripts.
*/
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "html.h"
#include "json.h"
#include "sdui.h"
#include "sdui_scripts.h"
#include "validate.h"

#define EXIT_USAGE 2

static const char USAGE[] =
    "Usage: sdui validate FILE... [options]\n"
    "\n"
    "Checks each FILE (- for standard input) without a host: pages and\n"
    "server patches (JSON) with the engine's own decoders, Lua scripts (*.lua)\n"
    "by loading them in the script host. Prints one line per problem,\n"
    "  FILE:LINE:COLUMN: $.PATH: MESSAGE    (JSON)\n"
    "  FILE:LINE: MESSAGE                   (scripts)\n"
    "\n"
    "Options:\n"
    "  -k, --kind KIND      check every FILE as KIND instead of guessing it from\n"
    "                         its name and shape: page, patch, payload (a page\n"
    "                         or a patch, as sdui_load_page takes), component,\n"
    "                         view, action, effect or script\n"
    "      --json           print a JSON report instead: [{\"file\", \"kind\",\n"
    "                         \"valid\", \"problems\": [{\"line\", \"column\",\n"
    "                         \"path\", \"message\"}]}]\n"
    "      --duplicate-keys last|reject\n"
    "                       a key given twice in one object: accept it (its\n"
    "                         last value counts), or refuse it (default)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 when every file is valid, 1 when one is not or cannot be\n"
    "read, 2 on a usage error.\n";

/* The kinds sdui_check_json() knows, and "script". */
static const char *const KINDS[] = {"page", "patch", "payload", "component", "view", "action", "effect", "script"};

/* One problem: line 0 when unknown; column 0 and path NULL for scripts. */
typedef struct {
    long line, column;
    char *path;
    char *message;
} problem;

typedef struct {
    const char *kind; /* NULL: guess each file's */
    int json;
    int last_key_wins;
} options;

static void put_json_string(buf *b, const char *s);

static int usage_error(const char *fmt, const char *arg)
{
    fputs("sdui: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'sdui validate --help'.\n", stderr);
    return EXIT_USAGE;
}

static char *copy_span(const char *s, size_t n)
{
    char *out = malloc(n + 1);
    if (out == NULL)
        return NULL;
    memcpy(out, s, n);
    out[n] = '\0';
    return out;
}

/* Where the JSON path at `s` (starting with '$', as JSONPath writes it:
** .name, [index], ["quoted key"]) ends. */
static const char *path_end(const char *s)
{
    const char *p = s + 1;
    for (;;) {
        if (*p == '.') {
            p++;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
        } else if (p[0] == '[' && p[1] == '"') {
            p += 2;
            while (*p != '\0' && *p != '"')
                p += (*p == '\\' && p[1] != '\0') ? 2 : 1;
            if (p[0] != '"' || p[1] != ']')
                return p;
            p += 2;
        } else if (*p == '[' && isdigit((unsigned char)p[1])) {
            p++;
            while (isdigit((unsigned char)*p))
                p++;
            if (*p != ']')
                return p;
            p++;
        } else {
            return p;
        }
    }
}

/* Reads "line:column: $.path: message" (the engine's messages); what is
** missing becomes 1, 1 and "$". */
static void split_json_message(const char *msg, problem *out)
{
    const char *s = msg;
    char *end = NULL;
    out->line = 1;
    out->column = 1;
    long line = strtol(s, &end, 10);
    if (end != s && *end == ':' && isdigit((unsigned char)end[1])) {
        char *end2 = NULL;
        long column = strtol(end + 1, &end2, 10);
        if (end2[0] == ':' && end2[1] == ' ') {
            out->line = line;
            out->column = column;
            s = end2 + 2;
        }
    }
    const char *path = "$";
    size_t path_len = 1;
    if (*s == '$') {
        const char *e = path_end(s);
        if (e[0] == ':' && e[1] == ' ') {
            path = s;
            path_len = (size_t)(e - s);
            s = e + 2;
        }
    }
    out->path = copy_span(path, path_len);
    out->message = copy_span(s, strlen(s));
}

/* The line of the last line of `text` that starts with `return` (after
** blanks): a script's own return, where a problem with its table is shown. */
static long last_return_line(const char *text, size_t len)
{
    long line = 1, found = 0;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && (text[j] == ' ' || text[j] == '\t'))
            j++;
        if (len - j >= 6 && memcmp(text + j, "return", 6) == 0 &&
            (len - j == 6 || !(isalnum((unsigned char)text[j + 6]) || text[j + 6] == '_')))
            found = line;
        while (i < len && text[i] != '\n')
            i++;
        if (i < len) {
            i++;
            line++;
        }
    }
    return found ? found : 1;
}

/* Reads the script host's "shown:line: message" or "shown: message" (its
** first line). A message without a line goes on `fallback_line`. */
static void split_script_message(const char *msg, long fallback_line, problem *out)
{
    size_t first = strcspn(msg, "\n");
    out->column = 0;
    out->path = NULL;
    /* the first ":<digits>: " */
    for (const char *p = msg; p < msg + first; p++) {
        if (*p != ':' || !isdigit((unsigned char)p[1]))
            continue;
        char *end = NULL;
        long line = strtol(p + 1, &end, 10);
        if (end[0] == ':' && end[1] == ' ') {
            out->line = line;
            out->message = copy_span(end + 2, first - (size_t)(end + 2 - msg));
            return;
        }
    }
    const char *colon = strstr(msg, ": ");
    const char *text = colon != NULL && colon < msg + first ? colon + 2 : msg;
    out->line = fallback_line;
    out->message = copy_span(text, first - (size_t)(text - msg));
}

/* A name the text gives a function, and its line. */
typedef struct {
    char name[64];
    long line;
} guess;

#define MAX_GUESSES 64

/* The names `text` seems to give functions: `Name = function` and
** `["Name"] = function` (no "/": action types), at most MAX_GUESSES. */
static size_t guess_factories(const char *text, size_t len, guess *out)
{
    size_t n = 0;
    long line = 1;
    for (size_t i = 0; i < len && n < MAX_GUESSES; i++) {
        if (text[i] == '\n') {
            line++;
            continue;
        }
        if (text[i] != '=' || (i + 1 < len && text[i + 1] == '=') || (i > 0 && strchr("=~<>", text[i - 1])))
            continue;
        size_t j = i + 1; /* after the '=': "function" */
        while (j < len && (text[j] == ' ' || text[j] == '\t'))
            j++;
        if (len - j < 8 || memcmp(text + j, "function", 8) != 0 ||
            (j + 8 < len && (isalnum((unsigned char)text[j + 8]) || text[j + 8] == '_')))
            continue;
        size_t end = i; /* before the '=': the name */
        while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t'))
            end--;
        size_t start = end;
        if (end >= 2 && text[end - 1] == ']' && (text[end - 2] == '"' || text[end - 2] == '\'')) {
            char quote = text[end - 2];
            start = end - 2;
            while (start > 0 && text[start - 1] != quote && text[start - 1] != '\n')
                start--;
            if (start < 2 || text[start - 1] != quote || text[start - 2] != '[')
                continue;
            end -= 2;
        } else {
            while (start > 0 && (isalnum((unsigned char)text[start - 1]) || text[start - 1] == '_'))
                start--;
            if (start > 0 && (text[start - 1] == '.' || text[start - 1] == ':'))
                continue; /* a field of something else: M.f = function */
        }
        size_t name_len = end - start;
        if (name_len == 0 || name_len >= sizeof out[n].name || memchr(text + start, '/', name_len) != NULL)
            continue;
        memcpy(out[n].name, text + start, name_len);
        out[n].name[name_len] = '\0';
        out[n].line = line;
        n++;
    }
    return n;
}

/* The trial render of a loaded script (see the top of the file). Returns 1
** when no factory makes a node of an unknown type, else 0 with *p set. */
static int trial_render(sdui_engine *engine, const char *text, size_t len, problem *p)
{
    guess guesses[MAX_GUESSES];
    size_t n = guess_factories(text, len, guesses);
    if (n == 0)
        return 1;
    buf page = {0};
    buf_puts(&page, "[");
    for (size_t i = 0; i < n; i++) {
        buf_printf(&page, "%s{\"id\": \"c%zu\", \"type\": ", i ? ", " : "", i);
        put_json_string(&page, guesses[i].name);
        buf_puts(&page, ", \"data\": {}}");
    }
    buf_puts(&page, "]");
    char *screen = NULL;
    size_t screen_len = 0;
    int ok = 1;
    if (!page.failed && sdui_load_page(engine, page.data, page.len) == SDUI_OK &&
        sdui_render_json(engine, &screen, &screen_len) == SDUI_OK) {
        json *doc = json_parse(screen, screen_len, NULL, 0);
        const json *components = json_get(doc, "components");
        for (size_t i = 0; ok && i < json_count(components); i++) {
            const json *c = json_at(components, i);
            const json *view = json_get(c, "view");
            const char *type = json_get_string(view, "type");
            const char *message = json_get_string(view, "message");
            const char *id = json_get_string(c, "id");
            if (type == NULL || strcmp(type, "error") != 0 || message == NULL || id == NULL || id[0] != 'c' ||
                (strstr(message, "unknown node type") == NULL && strstr(message, "without a known node type") == NULL))
                continue;
            size_t at = strtoul(id + 1, NULL, 10);
            if (at >= n)
                continue;
            char why[1024];
            snprintf(why, sizeof why, "factory \"%s\" (run with data {}): %s", guesses[at].name, message);
            p->line = guesses[at].line;
            p->message = copy_span(why, strlen(why));
            ok = 0;
        }
        json_free(doc);
    }
    sdui_free(screen);
    buf_free(&page);
    return ok;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The kind of a JSON file by its shape: an object with a "patch" member is
** a server patch, anything else (unreadable JSON included) a page. */
static const char *json_kind(const char *text, size_t len)
{
    json *doc = json_parse(text, len, NULL, 0);
    const char *kind = doc != NULL && json_get(doc, "patch") != NULL ? "patch" : "page";
    json_free(doc);
    return kind;
}

/* Checks one file. Returns 1 when valid, 0 when not (with *p set). */
static int check_file(const options *o, const char *file, const char **kind, problem *p)
{
    memset(p, 0, sizeof *p);
    int from_stdin = strcmp(file, "-") == 0;
    *kind = o->kind != NULL ? o->kind : (!from_stdin && ends_with(file, ".lua")) ? "script" : NULL;
    size_t len = 0;
    char *text = from_stdin ? read_stream(stdin, &len) : read_file(file, &len);
    if (text == NULL) {
        if (*kind == NULL)
            *kind = "page";
        char why[300];
        snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
        p->message = copy_span(why, strlen(why));
        return 0;
    }
    if (*kind == NULL)
        *kind = json_kind(text, len);

    int valid = 0;
    sdui_engine *engine = sdui_engine_new();
    if (engine == NULL) {
        p->message = copy_span("out of memory", 13);
    } else if (sdui_option(engine, SDUI_OPTION_DUPLICATE_KEYS, o->last_key_wins) < 0) {
        p->message = copy_span("cannot set --duplicate-keys", 27);
    } else if (strcmp(*kind, "script") == 0) {
        if (from_stdin) {
            p->message = copy_span("a script is read from its file, not standard input", 51);
        } else {
            int st = sdui_scripts_load(engine, file);
            valid = st == SDUI_OK;
            if (!valid) {
                const char *msg = sdui_errmsg(engine);
                split_script_message(*msg ? msg : sdui_errstr(st), last_return_line(text, len), p);
            } else {
                valid = trial_render(engine, text, len, p);
            }
        }
    } else {
        int st = sdui_check_json(engine, *kind, text, len);
        valid = st == SDUI_OK;
        if (!valid) {
            const char *msg = sdui_errmsg(engine);
            split_json_message(*msg ? msg : sdui_errstr(st), p);
        }
    }
    sdui_engine_free(engine);
    free(text);
    return valid;
}

/* Appends `s` as a JSON string (control characters escaped). */
static void put_json_string(buf *b, const char *s)
{
    buf_puts(b, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            buf_printf(b, "\\%c", *c);
        else if (*c == '\n')
            buf_puts(b, "\\n");
        else if (*c < 0x20)
            buf_printf(b, "\\u%04x", *c);
        else
            buf_put(b, (const char *)c, 1);
    }
    buf_puts(b, "\"");
}

/* Parses the command line into `o` and the list of files. Returns -1 to go
** on, or an exit status (help, usage error). */
static int parse_args(int argc, char **argv, options *o, const char ***files, int *nfiles)
{
    memset(o, 0, sizeof *o);
    *nfiles = 0;
    *files = calloc((size_t)argc, sizeof **files);
    if (*files == NULL) {
        fputs("sdui: out of memory\n", stderr);
        return 1;
    }
    int only_operands = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!only_operands && strcmp(arg, "--") == 0) {
            only_operands = 1;
            continue;
        }
        if (only_operands || arg[0] != '-' || strcmp(arg, "-") == 0) {
            (*files)[(*nfiles)++] = arg;
            continue;
        }
        const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const char *value = eq ? eq + 1 : NULL;
#define IS(a) (strlen(a) == name_len && strncmp(arg, a, name_len) == 0)
        if (IS("--help") || IS("-h")) {
            fputs(USAGE, stdout);
            return 0;
        } else if (IS("--json")) {
            if (value != NULL)
                return usage_error("option '--json' takes no value%s", "");
            o->json = 1;
        } else if (IS("--kind") || IS("-k") || IS("--duplicate-keys")) {
            int is_kind = !IS("--duplicate-keys");
            if (value == NULL) {
                if (i + 1 >= argc)
                    return usage_error("option '%s' needs a value", is_kind ? "--kind" : "--duplicate-keys");
                value = argv[++i];
            }
            if (is_kind) {
                o->kind = NULL;
                for (size_t k = 0; k < sizeof KINDS / sizeof KINDS[0]; k++)
                    if (strcmp(value, KINDS[k]) == 0)
                        o->kind = KINDS[k];
                if (o->kind == NULL)
                    return usage_error("bad --kind '%s' (expected page, patch, payload, component, view, action, "
                                       "effect or script)",
                                       value);
            } else {
                if (strcmp(value, "last") != 0 && strcmp(value, "reject") != 0)
                    return usage_error("bad --duplicate-keys '%s' (expected last or reject)", value);
                o->last_key_wins = value[0] == 'l';
            }
        } else {
            return usage_error("unknown option '%s'", arg);
        }
#undef IS
    }
    if (*nfiles == 0)
        return usage_error("%s", "missing FILE (a page, patch or script to check, or - for standard input)");
    return -1;
}

int validate_main(int argc, char **argv)
{
    options o;
    const char **files = NULL;
    int nfiles = 0;
    int rc = parse_args(argc, argv, &o, &files, &nfiles);
    if (rc >= 0) {
        free(files);
        return rc;
    }
    rc = 0;
    buf report = {0};
    buf_puts(&report, "[");
    for (int i = 0; i < nfiles; i++) {
        const char *file = files[i];
        const char *shown = strcmp(file, "-") == 0 ? "<stdin>" : file;
        const char *kind = NULL;
        problem p;
        int valid = check_file(&o, file, &kind, &p);
        if (!valid)
            rc = 1;
        if (o.json) {
            buf_puts(&report, i ? ",\n {\"file\": " : "\n {\"file\": ");
            put_json_string(&report, shown);
            buf_puts(&report, ", \"kind\": ");
            put_json_string(&report, kind);
            buf_printf(&report, ", \"valid\": %s, \"problems\": [", valid ? "true" : "false");
            if (!valid) {
                if (p.line > 0)
                    buf_printf(&report, "{\"line\": %ld, ", p.line);
                else
                    buf_puts(&report, "{\"line\": null, ");
                if (p.column > 0)
                    buf_printf(&report, "\"column\": %ld, \"path\": ", p.column);
                else
                    buf_puts(&report, "\"column\": null, \"path\": ");
                if (p.path != NULL)
                    put_json_string(&report, p.path);
                else
                    buf_puts(&report, "null");
                buf_puts(&report, ", \"message\": ");
                put_json_string(&report, p.message ? p.message : "out of memory");
                buf_puts(&report, "}");
            }
            buf_puts(&report, "]}");
        } else if (!valid) {
            const char *message = p.message ? p.message : "out of memory";
            if (p.line <= 0)
                printf("%s: %s\n", shown, message);
            else if (p.column <= 0)
                printf("%s:%ld: %s\n", shown, p.line, message);
            else
                printf("%s:%ld:%ld: %s: %s\n", shown, p.line, p.column, p.path ? p.path : "$", message);
        }
        free(p.path);
        free(p.message);
    }
    buf_puts(&report, "\n]\n");
    if (o.json) {
        if (report.failed) {
            fputs("sdui: out of memory\n", stderr);
            rc = 1;
        } else {
            fputs(report.data, stdout);
        }
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "sdui: cannot write standard output: %s\n", strerror(errno));
        rc = 1;
    }
    buf_free(&report);
    free(files);
    return rc;
}
