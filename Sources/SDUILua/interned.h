/*
** interned.h -- sets of names found by address.
**
** Lua keeps one string object per short string (up to 40 bytes): two
** short strings of one state with the same bytes are the same object, so
** lua_tostring gives the same address for both. A name the binding knows
** (a node member, a kind, an action member) is then recognised by its
** address alone, with no byte compared and no hash of its bytes: add the
** state's own string for each name to a set, keep those strings alive (a
** table that holds them), and look a key's address up. A string that is
** long, or of another state, is simply not found.
*/
#ifndef SDUI_LUA_INTERNED_H
#define SDUI_LUA_INTERNED_H

#include <stddef.h>
#include <stdint.h>

/* Slots of a set: at least twice the names it holds (the binding's sets hold up to 40). */
#define INTERNED_SLOTS 128

typedef struct interned_set {
    const char *at[INTERNED_SLOTS]; /* open addressing by interned_slot; NULL: a free slot */
    signed char index[INTERNED_SLOTS]; /* the number the name was added with */
} interned_set;

/* Where the probe for the string at `p` starts. */
static inline unsigned interned_slot(const char *p)
{
    return (unsigned)(((uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15u) >> 40) & (INTERNED_SLOTS - 1);
}

/* Adds the string at `p` (a state's short string, kept alive by the caller) as name number `index`. */
static inline void interned_add(interned_set *set, const char *p, int index)
{
    unsigned slot = interned_slot(p);
    while (set->at[slot] != NULL && set->at[slot] != p)
        slot = (slot + 1) & (INTERNED_SLOTS - 1);
    set->at[slot] = p;
    set->index[slot] = (signed char)index;
}

/* The number of the name at `p`, or -1 when it is none of the set's. */
static inline int interned_find(const interned_set *set, const char *p)
{
    for (unsigned slot = interned_slot(p); set->at[slot] != NULL; slot = (slot + 1) & (INTERNED_SLOTS - 1)) {
        if (set->at[slot] == p)
            return set->index[slot];
    }
    return -1;
}

#endif
