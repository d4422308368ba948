/*
** screen.h -- a model of the screen a host keeps, for the harnesses: built
** from sdui_render_json, changed by applying sdui_patches_json the way the
** header describes, and compared with the next sdui_render_json. A patch
** list that does not turn the previous screen into the current one breaks
** the header's promise ("Patches apply in order to the previous screen and
** give the current one").
**
** Uses the JSON reader of the C hosts (examples/common/json.c). Members are
** kept as their source text; nodes are compared with their members sorted.
*/
#ifndef SDUI_FUZZ_SCREEN_H
#define SDUI_FUZZ_SCREEN_H

#include "json.h"

typedef struct snode snode;
struct snode {
    char *id;
    size_t nmembers;
    char **keys, **vals; /* own members but "children", as source text */
    int has_children;    /* the node has a "children" member (maybe empty) */
    size_t nchildren;
    snode **children;
};

typedef struct {
    char *id, *type;
    snode *view;
} scomp;

typedef struct {
    char *page_id, *version; /* source text or NULL */
    size_t n;
    scomp *comps;
    char err[256];
} sscreen;

static inline char *sdup(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static inline void snode_free(snode *n)
{
    if (n == NULL)
        return;
    for (size_t i = 0; i < n->nmembers; i++) {
        free(n->keys[i]);
        free(n->vals[i]);
    }
    for (size_t i = 0; i < n->nchildren; i++)
        snode_free(n->children[i]);
    free(n->keys);
    free(n->vals);
    free(n->children);
    free(n->id);
    free(n);
}

/* Own members of a node object (children excluded) into n. */
static inline void snode_members(snode *n, const json *v)
{
    n->nmembers = 0;
    n->keys = calloc(v->count + 1, sizeof(char *));
    n->vals = calloc(v->count + 1, sizeof(char *));
    for (size_t i = 0; i < v->count; i++) {
        if (strcmp(v->keys[i], "children") == 0)
            continue;
        n->keys[n->nmembers] = strdup(v->keys[i]);
        n->vals[n->nmembers] = sdup(v->items[i].raw, v->items[i].rawlen);
        n->nmembers++;
    }
    const char *id = json_get_string(v, "id");
    free(n->id);
    n->id = strdup(id ? id : "");
}

static inline snode *snode_make(const json *v)
{
    if (v == NULL || v->type != JSON_OBJECT)
        return NULL;
    snode *n = calloc(1, sizeof *n);
    snode_members(n, v);
    const json *kids = json_get(v, "children");
    if (kids != NULL && kids->type == JSON_ARRAY) {
        n->has_children = 1;
        n->children = calloc(kids->count + 1, sizeof(snode *));
        for (size_t i = 0; i < kids->count; i++) {
            snode *c = snode_make(&kids->items[i]);
            if (c != NULL)
                n->children[n->nchildren++] = c;
        }
    }
    return n;
}

static inline void sscreen_clear(sscreen *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->comps[i].id);
        free(s->comps[i].type);
        snode_free(s->comps[i].view);
    }
    free(s->comps);
    free(s->page_id);
    free(s->version);
    memset(s, 0, sizeof *s);
}

static inline scomp scomp_make(const json *c)
{
    scomp out = {0};
    const char *id = json_get_string(c, "id"), *type = json_get_string(c, "type");
    out.id = strdup(id ? id : "");
    out.type = strdup(type ? type : "");
    out.view = snode_make(json_get(c, "view"));
    return out;
}

/* Builds the model from a rendered screen; 0 on a document it cannot read. */
static inline int sscreen_load(sscreen *s, const char *text, size_t len)
{
    sscreen_clear(s);
    json *doc = json_parse(text, len, s->err, sizeof s->err);
    if (doc == NULL)
        return 0;
    const json *id = json_get(doc, "id"), *version = json_get(doc, "version");
    s->page_id = id ? sdup(id->raw, id->rawlen) : NULL;
    s->version = version ? sdup(version->raw, version->rawlen) : NULL;
    const json *comps = json_get(doc, "components");
    size_t n = json_count(comps);
    s->comps = calloc(n + 1, sizeof(scomp));
    for (size_t i = 0; i < n; i++)
        s->comps[s->n++] = scomp_make(&comps->items[i]);
    json_free(doc);
    return 1;
}

static inline long scomp_find(const sscreen *s, const char *id)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->comps[i].id, id) == 0)
            return (long)i;
    return -1;
}

/* The node with `id` under root (or root), and its parent. */
static inline snode *snode_find(snode *root, const char *id, snode **parent)
{
    if (root == NULL)
        return NULL;
    if (strcmp(root->id, id) == 0)
        return root;
    for (size_t i = 0; i < root->nchildren; i++) {
        snode *found = snode_find(root->children[i], id, parent);
        if (found != NULL) {
            if (parent && *parent == NULL && found == root->children[i])
                *parent = root;
            return found;
        }
    }
    return NULL;
}

static inline void snode_insert_child(snode *parent, size_t index, snode *child)
{
    parent->children = realloc(parent->children, (parent->nchildren + 1) * sizeof(snode *));
    if (index > parent->nchildren)
        index = parent->nchildren;
    memmove(parent->children + index + 1, parent->children + index, (parent->nchildren - index) * sizeof(snode *));
    parent->children[index] = child;
    parent->nchildren++;
    parent->has_children = 1;
}

static inline snode *snode_take_child(snode *parent, const char *id)
{
    for (size_t i = 0; i < parent->nchildren; i++)
        if (strcmp(parent->children[i]->id, id) == 0) {
            snode *c = parent->children[i];
            memmove(parent->children + i, parent->children + i + 1, (parent->nchildren - i - 1) * sizeof(snode *));
            parent->nchildren--;
            return c;
        }
    return NULL;
}

#define SFAIL(...) (snprintf(s->err, sizeof s->err, __VA_ARGS__), 0)

static inline int sscreen_change(sscreen *s, scomp *c, const json *ch)
{
    const char *op = json_get_string(ch, "op");
    const char *id = json_get_string(ch, "id"), *parent_id = json_get_string(ch, "parent");
    if (op == NULL)
        return SFAIL("a node change without op");
    if (strcmp(op, "set") == 0 || strcmp(op, "replace") == 0) {
        const json *node = json_get(ch, "node");
        if (id == NULL || node == NULL)
            return SFAIL("%s without id or node", op);
        snode *parent = NULL;
        snode *target = snode_find(c->view, id, &parent);
        if (target == NULL)
            return SFAIL("%s: no node %s in %s", op, id, c->id);
        if (op[0] == 's') {
            for (size_t i = 0; i < target->nmembers; i++) {
                free(target->keys[i]);
                free(target->vals[i]);
            }
            free(target->keys);
            free(target->vals);
            snode_members(target, node);
            if (json_get(node, "children") != NULL)
                return SFAIL("set %s carries children", id);
        } else {
            snode *fresh = snode_make(node);
            if (target == c->view) {
                snode_free(c->view);
                c->view = fresh;
            } else {
                for (size_t i = 0; i < parent->nchildren; i++)
                    if (parent->children[i] == target)
                        parent->children[i] = fresh;
                snode_free(target);
            }
        }
        return 1;
    }
    if (parent_id == NULL)
        return SFAIL("%s without parent", op);
    snode *parent = snode_find(c->view, parent_id, NULL);
    if (parent == NULL)
        return SFAIL("%s: no parent %s in %s", op, parent_id, c->id);
    if (strcmp(op, "remove") == 0 || strcmp(op, "move") == 0) {
        snode *child = id ? snode_take_child(parent, id) : NULL;
        if (child == NULL)
            return SFAIL("%s: no child %s under %s", op, id ? id : "?", parent_id);
        if (op[0] == 'r') {
            snode_free(child);
            return 1;
        }
        double index = json_get_number(ch, "index", -1);
        if (index < 0 || index > (double)parent->nchildren)
            return SFAIL("move %s to %g of %zu", id, index, parent->nchildren);
        snode_insert_child(parent, (size_t)index, child);
        return 1;
    }
    if (strcmp(op, "insert") == 0) {
        double index = json_get_number(ch, "index", -1);
        snode *fresh = snode_make(json_get(ch, "node"));
        if (fresh == NULL || index < 0 || index > (double)parent->nchildren) {
            snode_free(fresh);
            return SFAIL("insert under %s at %g of %zu", parent_id, index, parent->nchildren);
        }
        snode_insert_child(parent, (size_t)index, fresh);
        return 1;
    }
    return SFAIL("unknown node op %s", op);
}

/* Applies a sdui_patches_json document; 0 (with s->err) when a patch does not apply. */
static inline int sscreen_apply(sscreen *s, const char *text, size_t len)
{
    json *doc = json_parse(text, len, s->err, sizeof s->err);
    if (doc == NULL)
        return 0;
    const json *patches = json_get(doc, "patches");
    int ok = 1;
    for (size_t i = 0; ok && i < json_count(patches); i++) {
        const json *p = &patches->items[i];
        const char *op = json_get_string(p, "op"), *id = json_get_string(p, "id");
        double index = json_get_number(p, "index", -1);
        if (op == NULL) {
            ok = SFAIL("a patch without op");
        } else if (strcmp(op, "page") == 0) {
            const json *pid = json_get(p, "id"), *version = json_get(p, "version");
            free(s->page_id);
            free(s->version);
            /* null there is the screen's absent member */
            s->page_id = pid && pid->type != JSON_NULL ? sdup(pid->raw, pid->rawlen) : NULL;
            s->version = version && version->type != JSON_NULL ? sdup(version->raw, version->rawlen) : NULL;
        } else if (strcmp(op, "remove") == 0 || strcmp(op, "move") == 0) {
            long at = id ? scomp_find(s, id) : -1;
            if (at < 0) {
                ok = SFAIL("%s: no component %s", op, id ? id : "?");
                break;
            }
            scomp c = s->comps[at];
            memmove(s->comps + at, s->comps + at + 1, (s->n - at - 1) * sizeof(scomp));
            s->n--;
            if (op[0] == 'r') {
                free(c.id);
                free(c.type);
                snode_free(c.view);
                continue;
            }
            if (index < 0 || index > (double)s->n) {
                ok = SFAIL("move %s to %g of %zu", id, index, s->n);
                free(c.id);
                free(c.type);
                snode_free(c.view);
                break;
            }
            s->comps = realloc(s->comps, (s->n + 1) * sizeof(scomp));
            memmove(s->comps + (size_t)index + 1, s->comps + (size_t)index, (s->n - (size_t)index) * sizeof(scomp));
            s->comps[(size_t)index] = c;
            s->n++;
        } else if (strcmp(op, "insert") == 0) {
            const json *comp = json_get(p, "component");
            if (comp == NULL || index < 0 || index > (double)s->n) {
                ok = SFAIL("insert at %g of %zu", index, s->n);
                break;
            }
            s->comps = realloc(s->comps, (s->n + 1) * sizeof(scomp));
            memmove(s->comps + (size_t)index + 1, s->comps + (size_t)index, (s->n - (size_t)index) * sizeof(scomp));
            s->comps[(size_t)index] = scomp_make(comp);
            s->n++;
        } else if (strcmp(op, "update") == 0) {
            long at = id ? scomp_find(s, id) : -1;
            if (at < 0) {
                ok = SFAIL("update: no component %s", id ? id : "?");
                break;
            }
            const char *type = json_get_string(p, "type");
            if (type != NULL) {
                free(s->comps[at].type);
                s->comps[at].type = strdup(type);
            }
            const json *changes = json_get(p, "changes");
            for (size_t k = 0; ok && k < json_count(changes); k++)
                ok = sscreen_change(s, &s->comps[at], &changes->items[k]);
        } else {
            ok = SFAIL("unknown op %s", op);
        }
    }
    json_free(doc);
    return ok;
}

/* A canonical text of a node: members sorted by key, then the children. */
static inline void snode_write(fuzz_buf *b, const snode *n)
{
    if (n == NULL) {
        fb_str(b, "null");
        return;
    }
    fb_str(b, "{");
    /* insertion sort of member indexes by key (nodes have few members) */
    size_t order[64], m = n->nmembers < 64 ? n->nmembers : 64;
    for (size_t i = 0; i < m; i++) {
        size_t j = i;
        while (j > 0 && strcmp(n->keys[order[j - 1]], n->keys[i]) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (size_t i = 0; i < m; i++) {
        fb_str(b, n->keys[order[i]]);
        fb_str(b, "=");
        fb_str(b, n->vals[order[i]]);
        fb_str(b, ";");
    }
    if (n->nchildren > 0) { /* no children and "children": [] are the same screen */
        fb_str(b, "children=[");
        for (size_t i = 0; i < n->nchildren; i++) {
            if (i)
                fb_str(b, ",");
            snode_write(b, n->children[i]);
        }
        fb_str(b, "]");
    }
    fb_str(b, "}");
}

static inline char *sscreen_write(const sscreen *s)
{
    fuzz_buf b = {0};
    fb_str(&b, "page ");
    fb_str(&b, s->page_id ? s->page_id : "-");
    fb_str(&b, " version ");
    fb_str(&b, s->version ? s->version : "-");
    fb_str(&b, "\n");
    for (size_t i = 0; i < s->n; i++) {
        fb_str(&b, s->comps[i].id);
        fb_str(&b, " (");
        fb_str(&b, s->comps[i].type);
        fb_str(&b, "): ");
        snode_write(&b, s->comps[i].view);
        fb_str(&b, "\n");
    }
    return b.s;
}

/*
** The check: `model` holds the screen the host last received; patches
** are applied to it, and the result must be the screen rendered now. On
** success the model is the current screen.
*/
static inline void sscreen_check(sscreen *model, sdui_engine *e, const char *what)
{
    char *patches = fuzz_out(e, sdui_patches_json, "sdui_patches_json");
    char *screen = fuzz_out(e, sdui_render_json, "sdui_render_json");
    if (patches == NULL || screen == NULL) {
        sdui_free(patches);
        sdui_free(screen);
        return;
    }
    if (!sscreen_apply(model, patches, strlen(patches)))
        FUZZ_FAIL("%s: the patches do not apply to the previous screen: %s\npatches: %s", what, model->err, patches);
    sscreen now = {0};
    if (!sscreen_load(&now, screen, strlen(screen)))
        FUZZ_FAIL("%s: the screen is not JSON: %s", what, now.err);
    char *a = sscreen_write(model), *b = sscreen_write(&now);
    if (strcmp(a, b) != 0)
        FUZZ_FAIL("%s: previous screen + patches != current screen\npatched:\n%s\ncurrent:\n%s\npatches: %s", what, a, b,
                  patches);
    free(a);
    free(b);
    sscreen_clear(model);
    *model = now;
    sdui_free(patches);
    sdui_free(screen);
}

/* Every node of a layout has a frame of four numbers, its size not negative. */
static inline void layout_node_check(const json *node, const char *what)
{
    const json *frame = json_get(node, "frame");
    const char *names[] = {"x", "y", "width", "height"};
    for (int i = 0; i < 4; i++) {
        const json *v = json_get(frame, names[i]);
        if (v == NULL || v->type != JSON_NUMBER)
            FUZZ_FAIL("%s: node %s has no frame.%s", what, json_get_string(node, "id"), names[i]);
        if (i >= 2 && v->number < 0)
            FUZZ_FAIL("%s: node %s has %s %g", what, json_get_string(node, "id"), names[i], v->number);
    }
    const json *kids = json_get(node, "children");
    for (size_t i = 0; i < json_count(kids); i++)
        layout_node_check(&kids->items[i], what);
}

/*
** The layout at `width`: JSON (so no NaN or infinity in it), a frame on
** every node, sizes not negative, components top to bottom in the
** screen's order (model: the screen just rendered).
*/
static inline void layout_check(sdui_engine *e, const sscreen *model, double width)
{
    char *text = fuzz_layout(e, width);
    if (text == NULL)
        return;
    char err[256];
    json *doc = json_parse(text, strlen(text), err, sizeof err);
    if (doc == NULL)
        FUZZ_FAIL("layout at %g is not JSON: %s\n%s", width, err, text);
    const json *comps = json_get(doc, "components");
    double y = 0;
    if (model != NULL && json_count(comps) != model->n)
        FUZZ_FAIL("layout at %g has %zu components, the screen %zu", width, json_count(comps), model->n);
    for (size_t i = 0; i < json_count(comps); i++) {
        const json *c = &comps->items[i];
        double cy = json_get_number(c, "y", -1);
        if (cy < y)
            FUZZ_FAIL("layout at %g: component %zu at y %g above the previous one (%g)", width, i, cy, y);
        y = cy;
        const char *id = json_get_string(c, "id");
        if (model != NULL && (id == NULL || strcmp(id, model->comps[i].id) != 0))
            FUZZ_FAIL("layout at %g: component %zu is %s, the screen's %s", width, i, id ? id : "?",
                      model->comps[i].id);
        layout_node_check(json_get(c, "root"), "layout");
    }
    json_free(doc);
    sdui_free(text);
}

#endif
