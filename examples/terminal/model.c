/*
** model.c -- see model.h. A chained hash map from node id to content.
**
** Patches name nodes by id, and every node a patch brings (a component
** inserted, a subtree replaced or inserted, a node's own members set)
** carries its id, so applying a patch is putting those nodes in the map.
** Entries of nodes that left are harmless (the layout no longer lists
** them); those of a removed component are dropped with it. Apart from
** them, the host's own state of the nodes: how far each rail is scrolled.
*/
#include "model.h"

#include <stdlib.h>
#include <string.h>

#define BUCKETS 8192

static content *buckets[BUCKETS];

static char *dup_string(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}

static char *dup_bytes(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p != NULL) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

static unsigned hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h % BUCKETS;
}

static void free_fields(content *c)
{
    free(c->component);
    free(c->type);
    free(c->action);
    free(c->tooltip);
    free(c->input);
    free(c->error);
    free(c->font);
    free(c->weight);
    free(c->color);
    free(c->background);
    free(c->hint);
}

static void free_content(content *c)
{
    free_fields(c);
    free(c->id);
    free(c);
}

/* How far each rail is scrolled sideways, by the rail's node id: kept apart
** from the contents, so a new render or a whole screen loaded again keeps
** it (the drawing clamps it to what the rail holds). */
typedef struct rail_offset rail_offset;
struct rail_offset {
    char *id;
    int offset;
    rail_offset *next;
};

static rail_offset *rails;

int model_rail_offset(const char *id)
{
    for (const rail_offset *r = rails; id != NULL && r != NULL; r = r->next)
        if (strcmp(r->id, id) == 0)
            return r->offset;
    return 0;
}

int model_set_rail_offset(const char *id, int offset)
{
    if (id == NULL)
        return -1;
    for (rail_offset *r = rails; r != NULL; r = r->next)
        if (strcmp(r->id, id) == 0) {
            r->offset = offset;
            return 0;
        }
    if (offset == 0)
        return 0; /* the default: nothing to keep */
    rail_offset *r = malloc(sizeof *r);
    char *copy = dup_string(id);
    if (r == NULL || copy == NULL) {
        free(r);
        free(copy);
        return -1;
    }
    r->id = copy;
    r->offset = offset;
    r->next = rails;
    rails = r;
    return 0;
}

void model_forget_rails(void)
{
    while (rails != NULL) {
        rail_offset *next = rails->next;
        free(rails->id);
        free(rails);
        rails = next;
    }
}

void model_clear(void)
{
    for (int i = 0; i < BUCKETS; i++) {
        content *c = buckets[i];
        while (c != NULL) {
            content *next = c->next;
            free_content(c);
            c = next;
        }
        buckets[i] = NULL;
    }
}

const content *model_get(const char *id)
{
    if (id == NULL)
        return NULL;
    for (content *c = buckets[hash(id)]; c != NULL; c = c->next)
        if (strcmp(c->id, id) == 0)
            return c;
    return NULL;
}

/* Puts the node's own members under its id; with `deep`, its children's too. */
static int put_node(const json *node, const char *component, int deep)
{
    const char *id = json_get_string(node, "id");
    const char *type = json_get_string(node, "type");
    if (id == NULL || type == NULL)
        return -1;
    unsigned h = hash(id);
    content *c = buckets[h];
    while (c != NULL && strcmp(c->id, id) != 0)
        c = c->next;
    if (c == NULL) {
        c = calloc(1, sizeof *c);
        if (c == NULL || (c->id = dup_string(id)) == NULL) {
            free(c);
            return -1;
        }
        c->next = buckets[h];
        buckets[h] = c;
    } else {
        free_fields(c);
    }
    c->component = dup_string(component);
    c->type = dup_string(type);
    const json *action = json_get(node, "action");
    c->action = action != NULL && action->type == JSON_OBJECT ? dup_bytes(action->raw, action->rawlen) : NULL;
    const json *tooltip = json_get(node, "tooltip");
    int has_tooltip = tooltip != NULL && tooltip->type == JSON_STRING;
    c->tooltip = has_tooltip ? dup_bytes(tooltip->string, tooltip->len) : NULL;
    const json *disabled = json_get(node, "disabled");
    c->disabled = disabled != NULL && disabled->type == JSON_TRUE;
    c->input = NULL;
    c->dim_text = 0;
    c->error = dup_string(json_get_string(node, "error"));
    int is_input = strcmp(type, "input") == 0;
    if (is_input) {
        c->input = dup_bytes(node->raw, node->rawlen);
        c->dim_text = json_get(node, "value") == NULL && json_get(node, "placeholder") != NULL;
    }
    const json *style = json_get(node, "style");
    c->font = dup_string(json_get_string(style, "font"));
    c->weight = dup_string(json_get_string(style, "fontWeight"));
    c->color = dup_string(json_get_string(style, "color"));
    c->background = dup_string(json_get_string(style, "background"));
    const char *align = json_get_string(style, "textAlignment");
    c->border = json_get_number(style, "borderWidth", 0) >= 1;
    c->page = (int)json_get_number(node, "page", 0);
    c->align = align == NULL ? 0 : strcmp(align, "center") == 0 ? 1 : strcmp(align, "trailing") == 0 ? 2 : 0;
    const char *hint = json_get_string(json_get(node, "accessibility"), "hint");
    c->hint = hint != NULL ? dup_string(hint) : NULL;
    if (c->component == NULL || c->type == NULL || (is_input && c->input == NULL)
        || (has_tooltip && c->tooltip == NULL) || (hint != NULL && c->hint == NULL)) {
        /* out of memory: no half-filled entry stays for the drawing to trip on */
        content **link = &buckets[h];
        while (*link != c)
            link = &(*link)->next;
        *link = c->next;
        free_content(c);
        return -1;
    }
    if (deep) {
        const json *children = json_get(node, "children");
        for (size_t i = 0; i < json_count(children); i++)
            if (put_node(json_at(children, i), component, 1) != 0)
                return -1;
    }
    return 0;
}

static void forget_component(const char *component)
{
    for (int i = 0; i < BUCKETS; i++) {
        content **link = &buckets[i];
        while (*link != NULL) {
            content *c = *link;
            if (strcmp(c->component, component) == 0) {
                *link = c->next;
                free_content(c);
            } else {
                link = &c->next;
            }
        }
    }
}

static int put_component(const json *component)
{
    const char *id = json_get_string(component, "id");
    const json *view = json_get(component, "view");
    if (id == NULL || view == NULL)
        return -1;
    return put_node(view, id, 1);
}

int model_load_screen(const json *screen)
{
    const json *components = json_get(screen, "components");
    if (components == NULL || components->type != JSON_ARRAY)
        return -1;
    model_clear();
    for (size_t i = 0; i < json_count(components); i++)
        if (put_component(json_at(components, i)) != 0)
            return -1;
    return 0;
}

void touched_add(touched *t, const char *id)
{
    if (id == NULL || touched_has(t, id))
        return;
    if (t->count == t->cap) {
        int cap = t->cap ? t->cap * 2 : 8;
        char **ids = realloc(t->ids, (size_t)cap * sizeof *ids);
        if (ids == NULL) {
            t->structural = 1; /* cannot say which: redraw everything */
            return;
        }
        t->ids = ids;
        t->cap = cap;
    }
    char *copy = dup_string(id);
    if (copy == NULL) {
        t->structural = 1;
        return;
    }
    t->ids[t->count++] = copy;
}

int touched_has(const touched *t, const char *id)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->ids[i], id) == 0)
            return 1;
    return 0;
}

void touched_reset(touched *t)
{
    for (int i = 0; i < t->count; i++)
        free(t->ids[i]);
    t->count = 0;
    t->structural = 0;
}

static int apply_change(const json *change, const char *component)
{
    const char *op = json_get_string(change, "op");
    if (op == NULL)
        return -1;
    if (strcmp(op, "set") == 0)
        return put_node(json_get(change, "node"), component, 0);
    if (strcmp(op, "replace") == 0 || strcmp(op, "insert") == 0)
        return put_node(json_get(change, "node"), component, 1);
    if (strcmp(op, "remove") == 0 || strcmp(op, "move") == 0)
        return 0; /* the layout says where nodes are, and which are left */
    return -1;
}

int model_apply_patches(const json *doc, touched *t)
{
    const json *patches = json_get(doc, "patches");
    if (patches == NULL || patches->type != JSON_ARRAY)
        return -1;
    for (size_t i = 0; i < json_count(patches); i++) {
        const json *patch = json_at(patches, i);
        const char *op = json_get_string(patch, "op");
        if (op == NULL)
            return -1;
        if (strcmp(op, "page") == 0) {
            t->structural = 1;
        } else if (strcmp(op, "remove") == 0) {
            const char *id = json_get_string(patch, "id");
            if (id == NULL)
                return -1;
            forget_component(id);
            touched_add(t, id);
            t->structural = 1;
        } else if (strcmp(op, "insert") == 0) {
            const json *component = json_get(patch, "component");
            const char *id = json_get_string(component, "id");
            if (id == NULL)
                return -1;
            forget_component(id); /* removed and inserted again in one round */
            if (put_component(component) != 0)
                return -1;
            touched_add(t, id);
            t->structural = 1;
        } else if (strcmp(op, "move") == 0) {
            touched_add(t, json_get_string(patch, "id"));
            t->structural = 1;
        } else if (strcmp(op, "update") == 0) {
            const char *id = json_get_string(patch, "id");
            const json *changes = json_get(patch, "changes");
            if (id == NULL || changes == NULL || changes->type != JSON_ARRAY)
                return -1;
            touched_add(t, id);
            for (size_t k = 0; k < json_count(changes); k++)
                if (apply_change(json_at(changes, k), id) != 0)
                    return -1;
        } else {
            return -1;
        }
    }
    return 0;
}
