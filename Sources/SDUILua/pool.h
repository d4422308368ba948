/*
** pool.h -- the script state's small-block allocator.
**
** Almost every block a Lua state asks for is small (a table header, a
** short string, a node array of a few slots) and lives for one factory
** call. The pool serves blocks up to POOL_MAX bytes from 64 KB slabs, one
** free list per 16-byte size class, with no header per block: Lua always
** says how big the block it frees is. Bigger blocks go to malloc. Freed
** small blocks stay in the pool for the next ones of their class; the slabs
** go back to the system only with pool_release.
**
** One pool serves one lua_State, so it needs no lock. Under AddressSanitizer
** every block goes to malloc, so that misuse of a freed block is reported.
*/
#ifndef SDUI_LUA_POOL_H
#define SDUI_LUA_POOL_H

#include <stddef.h>

/*
** 1 when the pool serves small blocks; 0 under AddressSanitizer (gcc's
** __SANITIZE_ADDRESS__, clang's __has_feature), where every block goes to
** malloc so that a freed block's misuse is reported.
*/
#if defined(__SANITIZE_ADDRESS__)
#define POOL_ON 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ON 0
#endif
#endif
#ifndef POOL_ON
#define POOL_ON 1
#endif

/* Blocks up to this many bytes come from the pool. */
#define POOL_MAX 256
/* The size classes: 16, 32, ... POOL_MAX bytes. */
#define POOL_GRAIN 16
#define POOL_CLASSES (POOL_MAX / POOL_GRAIN)

typedef struct pool_block {
    struct pool_block *next;
} pool_block;
typedef struct pool_slab pool_slab;

typedef struct pool {
    pool_block *free[POOL_CLASSES]; /* blocks freed, per class, the last freed first */
    char *next, *end;               /* the unused rest of the newest slab */
    pool_slab *slabs;               /* every slab, the newest first */
} pool;

/* A block of class `c` when its free list is empty: from the newest slab, or a new one; NULL when out of memory. */
void *pool_carve(pool *p, size_t c);

/* The class of a block of `size` bytes (1..POOL_MAX): 0 for 1..16, 1 for 17..32... */
static inline size_t pool_class(size_t size)
{
    return (size - 1) / POOL_GRAIN;
}

/*
** A new block of `size` bytes (1..POOL_MAX), or NULL when out of memory:
** the allocation every table, string and closure makes, so the common
** case (a block freed before) is inline.
*/
static inline void *pool_take(pool *p, size_t size)
{
    size_t c = pool_class(size);
    pool_block *b = p->free[c];
    if (b == NULL)
        return pool_carve(p, c);
    p->free[c] = b->next;
    return b;
}

/* Gives back a block of `size` bytes (1..POOL_MAX) that pool_take or pool_realloc gave. */
static inline void pool_give(pool *p, void *block, size_t size)
{
    size_t c = pool_class(size);
    pool_block *b = block;
    b->next = p->free[c];
    p->free[c] = b;
}

/*
** lua_Alloc's contract on a pool: frees `ptr` (of `osize` bytes) when
** `nsize` is 0, else returns a block of `nsize` bytes holding the first
** bytes of `ptr` (NULL: a new block; `osize` then means nothing), or NULL,
** leaving `ptr` as it was, when memory runs out.
*/
void *pool_realloc(pool *p, void *ptr, size_t osize, size_t nsize);

/* Gives every slab back to the system; blocks still in use die with them. The pool is then empty and usable. */
void pool_release(pool *p);

#endif
