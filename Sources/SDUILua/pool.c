/*
** pool.c -- the script state's small-block allocator (see pool.h).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

/* Bytes of a slab, its header included. */
#define SLAB_SIZE (64 * 1024)

/* A slab's header; its size keeps the blocks after it 16-byte aligned. */
struct pool_slab {
    pool_slab *next;
    char pad[POOL_GRAIN - sizeof(pool_slab *)];
};

void *pool_carve(pool *p, size_t c)
{
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

void *pool_realloc(pool *p, void *ptr, size_t osize, size_t nsize)
{
    if (!POOL_ON) {
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
            pool_give(p, ptr, old);
        return NULL;
    }
    if (old > POOL_MAX && nsize > POOL_MAX)
        return realloc(ptr, nsize);
    if (old > 0 && old <= POOL_MAX && nsize <= POOL_MAX && pool_class(old) == pool_class(nsize))
        return ptr;
    void *block = nsize <= POOL_MAX ? pool_take(p, nsize) : malloc(nsize);
    if (block == NULL)
        return NULL;
    if (old > 0) {
        memcpy(block, ptr, old < nsize ? old : nsize);
        if (old > POOL_MAX)
            free(ptr);
        else
            pool_give(p, ptr, old);
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
