/*
** test_flat_views.c -- the two ways a Lua factory's view reaches the engine
** give the same screen: the flat form the binding writes itself (flat.c,
** sdui_call_return_flat) and the packed form (view.c, with
** SDUI_LUA_PACKED_VIEWS set). Every view of the page below is rendered
** both ways and the screens, errors included, must be byte for byte the
** same; the flat-views counter shows which views went flat. Then
** sdui_call_return_flat from a C factory: what it takes, what it refuses.
*/
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "sdui_binding.h"
#include "sdui_scripts.h"

static char folder[256];

/*
** One component type, V: data.i picks the view. The first FLAT_COUNT views
** are of the shape flat.c writes (they must go flat); the rest are not (a
** fraction, a key, an accessibility member, a style other than a font, a
** key that needs escapes, a metatable...) or are not views at all: they go
** packed, and an invalid one must fail with the same message both ways.
*/
#define FLAT_COUNT 12
static const char SCRIPT[] =
    "local ui = require 'sdui.ui'\n"
    "local views = {\n"
    /* 1: every string escape the engine writes, in texts and an action (a font holds
       none: one with a control character is refused, lua/spec/refusals_spec.lua) */
    "  function(d) local v = ui.vstack{ ui.text(d.odd, 'caption'), ui.button{ d.odd,\n"
    "      action = { type = 'a/b', payload = { s = d.odd, list = { d.odd, 1, -2, true, false } } } } }\n"
    "    return v end,\n"
    /* 2: payload keys out of order, integers at the edges, nested objects and arrays */
    "  function(d) local v = ui.button{ 'x', action = { type = 'svc/do', payload = {\n"
    "      zeta = 1, alpha = { c = 3, b = { 2 }, a = {} }, mid = math.mininteger, top = math.maxinteger, z0 = 0 } } }\n"
    "    return v end,\n"
    /* 3: the page's own action passed through, null markers and empty arrays from the data */
    "  function(d) local v = ui.hstack{ ui.image(d.url), ui.button{ 'go', action = d.act } }\n"
    "    return v end,\n"
    /* 4: a style as a table naming the font alone; disabled true and false; no payload */
    "  function(d) local v = ui.vstack{ { type = 'text', text = 'a', style = { font = 'title' } },\n"
    "      { type = 'button', label = 'off', disabled = true, action = { type = 'a/b' } },\n"
    "      { type = 'button', label = 'on', disabled = false } }\n"
    "    return v end,\n"
    /* 5: an input with its plain members, an image with all of its own, ids the engine replaces */
    "  function(d) local v = ui.vstack{ { type = 'input', name = 'q', value = 'v', placeholder = 'p', id = 'x' },\n"
    "      { type = 'image', url = 'u', alt = 'a', placeholder = 'p' } }\n"
    "    return v end,\n"
    /* 6: nesting, and a container as a tap target */
    "  function(d) local n = ui.text('leaf')\n"
    "    for i = 1, 20 do n = ui.vstack{ n, action = { type = 'depth/' .. i, payload = i } } end\n"
    "    return n end,\n"
    /* 7: unicode everywhere */
    "  function(d) local v = ui.button{ '★ ☆ é 日本', action = { type = 'é/ü', payload = { k = '☃' } } }\n"
    "    return v end,\n"
    /* 8: the null marker as an action (no action) */
    "  function(d) local v = { type = 'image', url = 'u', action = d.none }\n"
    "    return v end,\n"
    /* 9: an array marked as one, empty, and a plain sequence */
    "  function(d) local v = ui.button{ 'x', action = { type = 'a/b', payload = { e = ui.array{}, s = { 'a', 'b' } } } }\n"
    "    return v end,\n"
    /* 10: a spacer, a font given as a string on a bare kind */
    "  function(d) local v = ui.hstack{ ui.spacer(), ui.spacer('caption') }\n"
    "    return v end,\n"
    /* 11: a long text */
    "  function(d) local v = ui.text(string.rep('long text ', 500))\n"
    "    return v end,\n"
    /* 12: sixteen payload members, the most the engine's reader takes */
    "  function(d) local p = {} for i = 1, 16 do p[string.format('k%02d', i)] = i end\n"
    "    local v = ui.button{ 'x', action = { type = 'a/b', payload = p } }\n"
    "    return v end,\n"
    /* --- not flat --- */
    /* 13: a fraction in the payload */
    "  function(d) local v = ui.button{ 'x', action = { type = 'a/b', payload = { f = 1.5 } } }\n"
    "    return v end,\n"
    /* 14: keys */
    "  function(d) local v = ui.vstack{ { type = 'text', text = 'a', key = 'k1' }, { type = 'text', text = 'b', key = 'k2' } }\n"
    "    return v end,\n"
    /* 15: an accessibility member */
    "  function(d) local v = { type = 'button', label = '★', accessibility = { label = 'Favourite' } }\n"
    "    return v end,\n"
    /* 16: a style of more than a font */
    "  function(d) local v = ui.text('a', { font = 'title', color = 'red' })\n"
    "    return v end,\n"
    /* 17: payload keys that need escapes, and one not ASCII */
    "  function(d) local v = ui.button{ 'x', action = { type = 'a/b', payload = { ['q\"'] = 1, ['ü'] = 2 } } }\n"
    "    return v end,\n"
    /* 18: seventeen payload members */
    "  function(d) local p = {} for i = 1, 17 do p['k' .. i] = i end\n"
    "    local v = ui.button{ 'x', action = { type = 'a/b', payload = p } }\n"
    "    return v end,\n"
    /* 19: an input's checked member */
    "  function(d) local v = { type = 'input', name = 'q', kind = 'number' }\n"
    "    return v end,\n"
    /* 20: a node with a metatable */
    "  function(d) local v = setmetatable({ type = 'text', text = 'a' }, { __index = {} })\n"
    "    return v end,\n"
    /* 21: an empty children list: an object to the packed way, which refuses it */
    "  function(d) local v = { type = 'vstack', children = {} }\n"
    "    return v end,\n"
    /* 22-27: invalid views */
    "  function(d) local v = { type = 'text' } return v end,\n"
    "  function(d) local v = { type = 'text', text = 'a', action = { type = 'a/b' } } return v end,\n"
    "  function(d) local v = { type = 'text', text = 'a', disabled = false } return v end,\n"
    "  function(d) local v = { type = 'text', text = 'a', action = d.none } return v end,\n"
    "  function(d) local v = { type = 'button', action = { type = '' } } return v end,\n"
    "  function(d) local v = { type = 'nope' } return v end,\n"
    /* 28: a text that is not UTF-8 */
    "  function(d) local v = ui.text('bad \\xff byte') return v end,\n"
    "}\n"
    "return { components = { V = function(d) return views[d.i](d) end } }\n";

#define VIEW_COUNT 28

/* The page: one V component a view, each with the same data. */
static char *page_text(void)
{
    static const char DATA[] =
        "\"odd\":\"q\\\" b\\\\ nl\\n cr\\r tab\\t bs\\b ff\\f ctl\\u0001\\u001f del\\u007f /\","
        "\"url\":\"https://x/p.jpg\",\"none\":null,"
        "\"act\":{\"type\":\"nav/open\",\"payload\":{\"route\":\"/a\",\"n\":null,\"e\":[],\"o\":{},\"x\":[{\"b\":1,\"a\":2}]}}";
    size_t cap = 256 + VIEW_COUNT * (sizeof DATA + 64);
    char *page = malloc(cap);
    size_t n = (size_t)snprintf(page, cap, "{\"id\":\"p\",\"components\":[");
    for (int i = 1; i <= VIEW_COUNT; i++)
        n += (size_t)snprintf(page + n, cap - n, "%s{\"id\":\"v%d\",\"type\":\"V\",\"data\":{\"i\":%d,%s}}",
                              i > 1 ? "," : "", i, i, DATA);
    snprintf(page + n, cap - n, "]}");
    return page;
}

/* An engine with SCRIPT loaded, views going packed when `packed`, the page rendered: the screen (caller frees). */
static char *screen(int packed, long long *flat_views)
{
    if (packed)
        setenv("SDUI_LUA_PACKED_VIEWS", "1", 1);
    else
        unsetenv("SDUI_LUA_PACKED_VIEWS");
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    char *page = page_text();
    char *out = NULL;
    if (CHECK_STATUS(sdui_scripts_load(e, folder), SDUI_OK) &&
        CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK))
        out = check_output_raw(e, sdui_render_json);
    *flat_views = sdui_counter(e, SDUI_COUNTER_FLAT_VIEWS);
    free(page);
    sdui_engine_free(e);
    unsetenv("SDUI_LUA_PACKED_VIEWS");
    return out;
}

static void test_both_ways_give_the_same_screen(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/views.lua", folder);
    FILE *f = fopen(path, "w");
    if (!CHECK(f != NULL))
        return;
    fwrite(SCRIPT, 1, sizeof SCRIPT - 1, f);
    fclose(f);
    long long flat_views = -1, packed_views = -1;
    char *flat = screen(0, &flat_views);
    char *packed = screen(1, &packed_views);
    if (CHECK(flat != NULL) && CHECK(packed != NULL)) {
        CHECK_STR_EQ(flat, packed);
        /* the views that must fail (21 to 28) did, with the packed way's messages */
        CHECK_EQ_INT(check_count(flat, "\"type\":\"error\""), VIEW_COUNT - 20);
        CHECK_STR_CONTAINS(flat, "ctl\\u0001\\u001f del\x7f /"); /* the escapes, as the engine writes them */
    }
    CHECK_EQ_INT(flat_views, FLAT_COUNT);
    CHECK_EQ_INT(packed_views, 0);
    free(flat);
    free(packed);
    unlink(path);
}

/* ---- sdui_call_return_flat from C ---------------------------------------- */

typedef struct {
    const unsigned char *bytes;
    size_t len;
    int status; /* what sdui_call_return_flat returned */
} flat_case;

static int flat_factory(sdui_call *call, void *ud)
{
    flat_case *c = ud;
    c->status = sdui_call_return_flat(call, c->bytes, c->len);
    if (c->status != SDUI_OK)
    {
        static const char REFUSED[] = "{\"type\":\"text\",\"text\":\"refused\"}";
        return sdui_call_return(call, REFUSED, sizeof REFUSED - 1);
    }
    return SDUI_OK;
}

/* Renders one component through a C factory returning `bytes` flat: the status it got, the screen in *out. */
static int run_flat(const unsigned char *bytes, size_t len, char **out)
{
    flat_case c = {bytes, len, -100};
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "F", flat_factory, &c, NULL), SDUI_OK);
    static const char PAGE[] = "{\"id\":\"p\",\"components\":[{\"id\":\"f\",\"type\":\"F\",\"data\":{}}]}";
    CHECK_STATUS(sdui_load_page(e, PAGE, sizeof PAGE - 1), SDUI_OK);
    *out = check_output(e, sdui_render_json);
    sdui_engine_free(e);
    return c.status;
}

/* A node header: kind, flags, content bits, child count. */
static size_t header(unsigned char *p, int kind, int flags, int props, unsigned children)
{
    p[0] = (unsigned char)kind;
    p[1] = (unsigned char)flags;
    p[2] = (unsigned char)(props & 0xFF);
    p[3] = (unsigned char)(props >> 8);
    memcpy(p + 4, &children, 4);
    return 8;
}

static size_t field(unsigned char *p, const char *s)
{
    unsigned n = (unsigned)strlen(s);
    memcpy(p, &n, 4);
    memcpy(p + 4, s, n);
    return 4 + n;
}

static void test_return_flat_from_c(void)
{
    unsigned char b[256];
    char *out = NULL;
    /* a button (kind 2) with a label, a font and an action */
    size_t n = header(b, 2, 2 | 4, 1, 0);
    n += field(b + n, "Go");
    n += field(b + n, "{\"font\":\"title\"}");
    n += field(b + n, "{\"type\":\"a/b\",\"payload\":{\"a\":[1,-2,\"x\\n\"],\"b\":null}}");
    CHECK_STATUS(run_flat(b, n, &out), SDUI_OK);
    CHECK_STR_CONTAINS(out, "\"label\":\"Go\"");
    CHECK_STR_CONTAINS(out, "\"action\":{\"type\":\"a/b\",\"payload\":{\"a\":[1,-2,\"x\\n\"],\"b\":null}}");
    free(out);
    /* the same bytes with what the engine would not write: each refused, the earlier result standing */
    static const char *const actions[] = {
        "{\"type\":\"a/b\", \"payload\":null}",            /* a space */
        "{\"type\":\"a/b\",\"payload\":{\"b\":1,\"a\":2}}", /* keys out of order */
        "{\"type\":\"a/b\",\"payload\":{\"a\":1,\"a\":2}}", /* a key twice */
        "{\"type\":\"a/b\",\"payload\":1.5}",               /* a fraction */
        "{\"type\":\"a/b\",\"payload\":-0}",                /* -0 */
        "{\"type\":\"a/b\",\"payload\":01}",                /* a leading zero */
        "{\"type\":\"a/b\",\"payload\":9223372036854775808}", /* past Int64 */
        "{\"type\":\"a\\/b\",\"payload\":null}",            /* an escape the engine does not write */
        "{\"type\":\"a\\u0041\",\"payload\":null}",         /* \u for a printable byte */
        "{\"type\":\"a\\u001F\",\"payload\":null}",         /* upper-case hex */
        "{\"type\":\"\",\"payload\":null}",                 /* an empty type */
        "{\"type\":\"a/b\"}",                               /* no payload member */
        "{\"payload\":null,\"type\":\"a/b\"}",              /* members out of order */
        "{\"type\":\"a/b\",\"payload\":nul}",               /* not JSON */
    };
    for (size_t i = 0; i < sizeof actions / sizeof *actions; i++) {
        n = header(b, 2, 4, 1, 0);
        n += field(b + n, "Go");
        n += field(b + n, actions[i]);
        if (!CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT))
            fprintf(stderr, "  action %s\n", actions[i]);
        CHECK_STR_CONTAINS(out, "refused");
        free(out);
    }
    /* nodes the engine would not write */
    n = header(b, 0, 0, 0, 0); /* a text without its text */
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    n = header(b, 0, 4, 1, 0); /* an action on a text */
    n += field(b + n, "t");
    n += field(b + n, "{\"type\":\"a/b\",\"payload\":null}");
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    n = header(b, 0, 1, 1, 0); /* a key */
    n += field(b + n, "k");
    n += field(b + n, "t");
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    n = header(b, 0, 0, 1, 1); /* a child under a text */
    n += field(b + n, "t");
    n += header(b + n, 0, 0, 1, 0);
    n += field(b + n, "u");
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    n = header(b, 3, 0, 0, 2); /* a vstack promising two children, giving one */
    n += header(b + n, 0, 0, 1, 0);
    n += field(b + n, "u");
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    n = header(b, 0, 0, 1, 0); /* a byte left over */
    n += field(b + n, "t");
    b[n++] = 0;
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    n = header(b, 0, 0, 1, 0); /* a text not UTF-8 */
    n += field(b + n, "\xff");
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    n = header(b, 200, 0, 0, 0); /* no such kind */
    CHECK_STATUS(run_flat(b, n, &out), SDUI_ECONTRACT);
    free(out);
    CHECK_STATUS(run_flat(NULL, 0, &out), SDUI_EINVAL);
    free(out);
}

int main(void)
{
    snprintf(folder, sizeof folder, "/tmp/sdui-flat-XXXXXX");
    if (mkdtemp(folder) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    test_both_ways_give_the_same_screen();
    test_return_flat_from_c();
    rmdir(folder);
    return check_summary();
}
