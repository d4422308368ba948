/*
** pool.c -- the script state's small-block allocator (see pool.h).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

#if defined(__SANITIZE_ADDRESS__)
#define POOL_OFF 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_OFF 0
#endif
#endif
#ifndef POOL_OFF
#define POOL_OFF 0
#endif

/* Bytes of a slab, its header included. */
#define SLAB_SIZE (64 * 1024)

struct pool_block {
    pool_block *next;
};

/* A slab's header; its size keeps the blocks after it 16-byte aligned. */
struct pool_slab {
    pool_slab *next;
    char pad[POOL_GRAIN - sizeof(pool_slab *)];
};

/* The class of a block of `size` bytes (1..POOL_MAX): 0 for 1..16, 1 for 17..32... */
static inline size_t class_of(size_t size)
{
    return (size - 1) / POOL_GRAIN;
}

/* A block of class `c`, from its free list or the newest slab; NULL when out of memory. */
static void *take(pool *p, size_t c)
{
    pool_block *b = p->free[c];
    if (b != NULL) {
        p->free[c] = b->next;
        return b;
    }
    size_t size = (c + 1) * POOL_GRAIN;
    if ((size_t)(p->end - p->next) < size) {
        /* The old slab's rest is left unused: at most POOL_MAX - 16 bytes of 64 KB. */
        pool_slab *slab = malloc(SLAB_SIZE);
        if (slab == NULL)
            return NULL;
        slab->next = p->slabs;
        p->slabs = slab;
        p->next = (char *)(slab + 1);
        p->end = (char *)slab + SLAB_SIZE;
    }
    void *block = p->next;
    p->next += size;
    return block;
}

/* Puts a block of class `c` back on its free list. */
static inline void give(pool *p, void *block, size_t c)
{
    pool_block *b = block;
    b->next = p->free[c];
    p->free[c] = b;
}

void *pool_realloc(pool *p, void *ptr, size_t osize, size_t nsize)
{
    if (POOL_OFF) {
        if (nsize == 0) {
            free(ptr);
            return NULL;
        }
        return realloc(ptr, nsize);
    }
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        if (old > POOL_MAX)
            free(ptr);
        else if (old > 0)
            give(p, ptr, class_of(old));
        return NULL;
    }
    if (old > POOL_MAX && nsize > POOL_MAX)
        return realloc(ptr, nsize);
    if (old > 0 && old <= POOL_MAX && nsize <= POOL_MAX && class_of(old) == class_of(nsize))
        return ptr;
    void *block = nsize <= POOL_MAX ? take(p, class_of(nsize)) : malloc(nsize);
    if (block == NULL)
        return NULL;
    if (old > 0) {
        memcpy(block, ptr, old < nsize ? old : nsize);
        if (old > POOL_MAX)
            free(ptr);
        else
            give(p, ptr, class_of(old));
    }
    return block;
}

void pool_release(pool *p)
{
    pool_slab *slab = p->slabs;
    while (slab != NULL) {
        pool_slab *next = slab->next;
        free(slab);
        slab = next;
    }
    memset(p, 0, sizeof *p);
}
