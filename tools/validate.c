/*
** validate.c -- `sdui validate FILE...` (validate.h).
**
** Each file is checked on its own, with a scratch engine, and nothing is
** kept between files:
**   - a page or a server patch (any other file; a JSON object with a
**     "patch" member is a patch): sdui_check_json(), the engine's own
**     decoders, so the verdict is sdui_load_page()'s (they stop at a
**     document's first problem). --kind names another document of the
**     contract (component, view, action, effect). With --scripts DIR, a
**     page that decodes is then rendered with the scripts, every component
**     of it (page_check.c): each script that fails to load, each factory
**     that fails, each view the contract refuses, each type no factory
**     renders, each warning of the render.
**   - a Lua script (a ".lua" file): sdui_scripts_load() in the script host,
**     which compiles it, runs it under the budget and checks the table it
**     returns in full, as a host loading it would. Then a trial render: each
**     name the text seems to give a function (`Name = function`,
**     `["Name"] = function`, and `Name = f` for a `local function f` of the
**     text) is rendered as a component with data {}; a factory whose view
**     names a node type the engine does not know, or that calls a nil name
**     (`ui.txt(...)`), is a problem, on the line the error names, else that
**     of the function. (Other failures with empty data are not: a factory
**     may need its data. A name that is no component renders a fallback
**     node.)
** A problem is one line, "file:line:column: $.path: message" for a place in
** JSON and "file:line: message" for a script line (the message of a
** warning starts "warning: "), every problem of a file in order. A
** script's problem without a line of its own (a returned table of the
** wrong shape) is placed on the line of the script's last top-level
** `return`. --json prints instead one report: [{"file", "kind", "valid",
** "problems": [{"line", "column", "path", "message", "severity", "file"}]}],
** column null on a script line, path null for a script; a problem's "file"
** is the file its line is in (a script's, for a page rendered with it).
** A file is valid with no errors (--strict: no problems at all).
*/
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "html.h"
#include "json.h"
#include "page_check.h"
#include "problems.h"
#include "sdui.h"
#include "sdui_scripts.h"
#include "validate.h"

#define EXIT_USAGE 2

static const char USAGE[] =
    "Usage: sdui validate FILE... [options]\n"
    "\n"
    "Checks each FILE (- for standard input) without a host: pages and\n"
    "server patches (JSON) with the engine's own decoders, Lua scripts (*.lua)\n"
    "by loading them in the script host; with --scripts, pages rendered with\n"
    "the scripts. Prints one line per problem, every problem of a file,\n"
    "  FILE:LINE:COLUMN: $.PATH: MESSAGE    (a place in JSON)\n"
    "  FILE:LINE: MESSAGE                   (a script's line)\n"
    "a warning's MESSAGE starting with \"warning: \".\n"
    "\n"
    "Options:\n"
    "  -k, --kind KIND      check every FILE as KIND instead of guessing it from\n"
    "                         its name and shape: page, patch, payload (a page\n"
    "                         or a patch, as sdui_load_page takes), component,\n"
    "                         view, action, effect or script\n"
    "  -s, --scripts DIR    render each page with the Lua scripts of DIR (or one\n"
    "                         script file), every component of it: scripts\n"
    "                         that fail to load, factories that fail, views\n"
    "                         the contract refuses, unknown types (errors),\n"
    "                         fallbacks and the render's other warnings\n"
    "      --strict         a warning makes its file invalid too\n"
    "      --json           print a JSON report instead: [{\"file\", \"kind\",\n"
    "                         \"valid\", \"problems\": [{\"line\", \"column\",\n"
    "                         \"path\", \"message\", \"severity\", \"file\"}]}]\n"
    "      --duplicate-keys last|reject\n"
    "                       a key given twice in one object: accept it (its\n"
    "                         last value counts), or refuse it (default)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 when every file is valid (warnings allowed unless --strict),\n"
    "1 when one is not or cannot be read, 2 on a usage error.\n";

/* The kinds sdui_check_json() knows, and "script". */
static const char *const KINDS[] = {"page", "patch", "payload", "component", "view", "action", "effect", "script"};

typedef struct {
    const char *kind;    /* NULL: guess each file's */
    const char *scripts; /* --scripts: pages are rendered with them */
    int json;
    int strict;          /* warnings fail a file too */
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

/* A name the text gives a function, and its line. */
typedef struct {
    char name[64];
    long line;
} guess;

#define MAX_GUESSES 64

static int is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The line of `local function NAME` or `local NAME = function` in `text`
** (the repository's style: the function defined, then named in the
** returned table), or 0. */
static long local_function_line(const char *text, size_t len, const char *name, size_t name_len)
{
    long line = 1;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n') {
            line++;
            continue;
        }
        if ((i > 0 && is_name_char(text[i - 1])) || len - i < 6 || memcmp(text + i, "local", 5) != 0 ||
            (text[i + 5] != ' ' && text[i + 5] != '\t'))
            continue;
        size_t j = i + 5;
        while (j < len && (text[j] == ' ' || text[j] == '\t'))
            j++;
        int keyword = len - j > 9 && memcmp(text + j, "function", 8) == 0 && !is_name_char(text[j + 8]);
        if (keyword)
            for (j += 8; j < len && (text[j] == ' ' || text[j] == '\t');)
                j++;
        if (len - j <= name_len || memcmp(text + j, name, name_len) != 0 || is_name_char(text[j + name_len]))
            continue;
        j += name_len;
        while (j < len && (text[j] == ' ' || text[j] == '\t'))
            j++;
        if (keyword ? j < len && text[j] == '(' : j < len && text[j] == '=') {
            if (keyword)
                return line;
            for (j++; j < len && (text[j] == ' ' || text[j] == '\t');)
                j++;
            if (len - j >= 8 && memcmp(text + j, "function", 8) == 0 && (j + 8 == len || !is_name_char(text[j + 8])))
                return line;
        }
    }
    return 0;
}

/* The names `text` seems to give functions: `Name = function`,
** `["Name"] = function`, and `Name = f` where f is a local function of the
** text (on f's line) (no "/": action types), at most MAX_GUESSES. */
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
        long at = line;
        if (len - j < 8 || memcmp(text + j, "function", 8) != 0 || (j + 8 < len && is_name_char(text[j + 8]))) {
            size_t k = j; /* a name alone, then `,` `;` `}` or the line's end: a local function? */
            while (k < len && is_name_char(text[k]))
                k++;
            size_t after = k;
            while (after < len && (text[after] == ' ' || text[after] == '\t' || text[after] == '\r'))
                after++;
            if (k == j || isdigit((unsigned char)text[j]) || (after < len && !strchr(",;}\n", text[after])) ||
                (at = local_function_line(text, len, text + j, k - j)) == 0)
                continue;
        }
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
        out[n].line = at;
        n++;
    }
    return n;
}

/* Whether a factory's error, run with data {}, is a fault whatever its
** data: a view naming a node type the engine does not know, or a call of
** a function a name does not hold (`ui.txt(...)`: a misspelled DSL
** function; data holds no functions, so it is no missing datum). */
static int fault_in_any_data(const char *message)
{
    return strstr(message, "unknown node type") != NULL || strstr(message, "without a known node type") != NULL ||
           strstr(message, "attempt to call a nil value (field '") != NULL ||
           strstr(message, "attempt to call a nil value (method '") != NULL ||
           strstr(message, "attempt to call a nil value (global '") != NULL;
}

/* The trial render of a loaded script `file` (see the top of the file):
** each fault of a factory into `out`, in the text's order. */
static void trial_render(sdui_engine *engine, const char *file, const char *text, size_t len, problems *out)
{
    guess guesses[MAX_GUESSES];
    size_t n = guess_factories(text, len, guesses);
    if (n == 0)
        return;
    buf page = {0};
    buf_puts(&page, "[");
    for (size_t i = 0; i < n; i++) {
        buf_printf(&page, "%s{\"id\": \"c%zu\", \"type\": ", i ? ", " : "", i);
        put_json_string(&page, guesses[i].name);
        buf_puts(&page, ", \"data\": {}}");
    }
    buf_puts(&page, "]");
    const char *slash = strrchr(file, '/');
    const char *base = slash != NULL ? slash + 1 : file; /* the script host names it so: it is the root's */
    size_t base_len = strlen(base);
    char *screen = NULL;
    size_t screen_len = 0;
    if (!page.failed && sdui_load_page(engine, page.data, page.len) == SDUI_OK &&
        sdui_render_json(engine, &screen, &screen_len) == SDUI_OK) {
        json *doc = json_parse(screen, screen_len, NULL, 0);
        const json *components = json_get(doc, "components");
        for (size_t i = 0; i < json_count(components); i++) {
            const json *c = json_at(components, i);
            const json *view = json_get(c, "view");
            const char *type = json_get_string(view, "type");
            const char *message = json_get_string(view, "message");
            const char *id = json_get_string(c, "id");
            if (type == NULL || strcmp(type, "error") != 0 || message == NULL || id == NULL || id[0] != 'c' ||
                !fault_in_any_data(message))
                continue;
            size_t at = strtoul(id + 1, NULL, 10);
            int seen = 0; /* a name given twice is rendered once */
            for (size_t k = 0; k < at && at < n && !seen; k++)
                seen = strcmp(guesses[k].name, guesses[at].name) == 0;
            if (at >= n || seen)
                continue;
            long line = guesses[at].line;
            char *end = NULL;
            if (strncmp(message, base, base_len) == 0 && message[base_len] == ':') { /* this file's line */
                long l = strtol(message + base_len + 1, &end, 10);
                if (l > 0 && end[0] == ':' && end[1] == ' ') {
                    line = l;
                    message = end + 2;
                }
            }
            char why[1024];
            snprintf(why, sizeof why, "factory \"%s\" (run with data {}): %s", guesses[at].name, message);
            problems_add(out, 0, NULL, line, 0, NULL, why);
        }
        json_free(doc);
    }
    sdui_free(screen);
    buf_free(&page);
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

/* Checks one file: its problems into `out`, its kind in *kind. */
static void check_file(const options *o, const char *file, const char **kind, problems *out)
{
    int from_stdin = strcmp(file, "-") == 0;
    *kind = o->kind != NULL ? o->kind : (!from_stdin && ends_with(file, ".lua")) ? "script" : NULL;
    size_t len = 0;
    char *text = from_stdin ? read_stream(stdin, &len) : read_file(file, &len);
    if (text == NULL) {
        if (*kind == NULL)
            *kind = "page";
        char why[300];
        snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
        problems_add(out, 0, NULL, 0, 0, NULL, why);
        return;
    }
    if (*kind == NULL)
        *kind = json_kind(text, len);

    sdui_engine *engine = sdui_engine_new();
    int is_page = strcmp(*kind, "page") == 0 || (strcmp(*kind, "payload") == 0 && strcmp(json_kind(text, len), "page") == 0);
    if (engine == NULL) {
        problems_add(out, 0, NULL, 0, 0, NULL, "out of memory");
    } else if (sdui_option(engine, SDUI_OPTION_DUPLICATE_KEYS, o->last_key_wins) < 0) {
        problems_add(out, 0, NULL, 0, 0, NULL, "cannot set --duplicate-keys");
    } else if (strcmp(*kind, "script") == 0) {
        if (from_stdin) {
            problems_add(out, 0, NULL, 0, 0, NULL, "a script is read from its file, not standard input");
        } else {
            int st = sdui_scripts_load(engine, file);
            if (st != SDUI_OK) {
                const char *msg = *sdui_errmsg(engine) ? sdui_errmsg(engine) : sdui_errstr(st);
                problems_add_script_message(out, NULL, msg, strcspn(msg, "\n"), last_return_line(text, len));
            } else {
                trial_render(engine, file, text, len, out);
            }
        }
    } else {
        int st = sdui_check_json(engine, *kind, text, len);
        if (st != SDUI_OK)
            problems_add_json_message(out, *sdui_errmsg(engine) ? sdui_errmsg(engine) : sdui_errstr(st));
        else if (is_page && o->scripts != NULL)
            page_check(from_stdin ? "<stdin>" : file, text, len, o->scripts, o->last_key_wins, out);
    }
    sdui_engine_free(engine);
    free(text);
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
        } else if (IS("--strict")) {
            if (value != NULL)
                return usage_error("option '--strict' takes no value%s", "");
            o->strict = 1;
        } else if (IS("--kind") || IS("-k") || IS("--duplicate-keys") || IS("--scripts") || IS("-s")) {
            int is_kind = IS("--kind") || IS("-k"), is_scripts = IS("--scripts") || IS("-s");
            if (value == NULL) {
                if (i + 1 >= argc)
                    return usage_error("option '%s' needs a value",
                                       is_kind ? "--kind" : is_scripts ? "--scripts" : "--duplicate-keys");
                value = argv[++i];
            }
            if (is_scripts) {
                o->scripts = value;
            } else if (is_kind) {
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
        problems found = {0};
        check_file(&o, file, &kind, &found);
        int valid = problems_failing(&found, o.strict) == 0;
        if (!valid)
            rc = 1;
        if (found.failed)
            problems_add(&found, 0, NULL, 0, 0, NULL, "out of memory: problems left out");
        if (o.json) {
            buf_puts(&report, i ? ",\n {\"file\": " : "\n {\"file\": ");
            put_json_string(&report, shown);
            buf_puts(&report, ", \"kind\": ");
            put_json_string(&report, kind);
            buf_printf(&report, ", \"valid\": %s, \"problems\": [", valid ? "true" : "false");
            for (size_t k = 0; k < found.count; k++) {
                const problem *p = &found.items[k];
                buf_puts(&report, k ? ", " : "");
                if (p->line > 0)
                    buf_printf(&report, "{\"line\": %ld, ", p->line);
                else
                    buf_puts(&report, "{\"line\": null, ");
                if (p->column > 0)
                    buf_printf(&report, "\"column\": %ld, \"path\": ", p->column);
                else
                    buf_puts(&report, "\"column\": null, \"path\": ");
                if (p->path != NULL)
                    put_json_string(&report, p->path);
                else
                    buf_puts(&report, "null");
                buf_puts(&report, ", \"message\": ");
                put_json_string(&report, p->message);
                buf_printf(&report, ", \"severity\": \"%s\", \"file\": ", p->warning ? "warning" : "error");
                put_json_string(&report, p->file != NULL ? p->file : shown);
                buf_puts(&report, "}");
            }
            buf_puts(&report, "]}");
        } else {
            for (size_t k = 0; k < found.count; k++) {
                const problem *p = &found.items[k];
                const char *where = p->file != NULL ? p->file : shown;
                const char *severity = p->warning ? "warning: " : "";
                if (p->line <= 0)
                    printf("%s: %s%s\n", where, severity, p->message);
                else if (p->column <= 0)
                    printf("%s:%ld: %s%s\n", where, p->line, severity, p->message);
                else
                    printf("%s:%ld:%ld: %s: %s%s\n", where, p->line, p->column, p->path ? p->path : "$", severity,
                           p->message);
            }
        }
        problems_free(&found);
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
