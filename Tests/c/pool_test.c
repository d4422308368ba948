/*
** pool_test.c -- tests of Sources/SDUILua/pool.c, the script state's
** small-block allocator.
**
** A random sequence of allocations, reallocations and frees, sized across
** the class bounds and past POOL_MAX, is checked against a shadow copy of
** every block's bytes; then a Lua state runs on the pool. The last line is
** exactly "N passed, M failed"; the exit status is 0 iff nothing failed.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"

#include "pool.h"

static int passed, failed;

#define CHECK(cond, ...)                                                 \
    do {                                                                 \
        if (cond)                                                        \
            passed++;                                                    \
        else {                                                           \
            failed++;                                                    \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                  \
            printf(__VA_ARGS__);                                         \
            printf("\n");                                                \
        }                                                                \
    } while (0)

/* A deterministic generator, so a failure repeats. */
static uint64_t seed = 0x9e3779b97f4a7c15u;
static size_t next_random(size_t below)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (size_t)(seed % below);
}

/* A size around the class bounds (16, 32 ... POOL_MAX) and past POOL_MAX. */
static size_t some_size(void)
{
    switch (next_random(4)) {
    case 0: return 1 + next_random(POOL_MAX);
    case 1: return (1 + next_random(POOL_CLASSES)) * POOL_GRAIN + next_random(3) - 1;
    case 2: return POOL_MAX - 2 + next_random(5);
    default: return POOL_MAX + 1 + next_random(4 * POOL_MAX);
    }
}

#define SLOTS 512

typedef struct {
    unsigned char *block;
    size_t size;
    unsigned char fill; /* every byte of the block holds it */
} slot;

static int holds(const slot *s)
{
    for (size_t i = 0; i < s->size; i++)
        if (s->block[i] != s->fill)
            return 0;
    return 1;
}

/* Random allocations, reallocations and frees against shadow fills. */
static void test_random(void)
{
    pool p = {0};
    slot slots[SLOTS] = {{0}};
    int lost = 0, misaligned = 0, moved = 0;
    for (int step = 0; step < 200000; step++) {
        slot *s = &slots[next_random(SLOTS)];
        if (s->block == NULL) {
            s->size = some_size();
            s->block = pool_realloc(&p, NULL, 0, s->size);
            s->fill = (unsigned char)step;
            memset(s->block, s->fill, s->size);
        } else if (next_random(3) == 0) {
            lost += !holds(s);
            pool_realloc(&p, s->block, s->size, 0);
            s->block = NULL;
        } else {
            lost += !holds(s);
            size_t size = some_size();
            unsigned char *old = s->block;
            s->block = pool_realloc(&p, s->block, s->size, size);
            /* a block that stays in its class stays where it is */
            if (s->size <= POOL_MAX && size <= POOL_MAX && (s->size - 1) / POOL_GRAIN == (size - 1) / POOL_GRAIN)
                moved += s->block != old;
            size_t kept = s->size < size ? s->size : size;
            for (size_t i = 0; i < kept; i++)
                lost += s->block[i] != s->fill;
            s->size = size;
            s->fill = (unsigned char)(step * 7);
            memset(s->block, s->fill, s->size);
        }
        if (s->block != NULL)
            misaligned += ((uintptr_t)s->block % 16) != 0;
    }
    int wrong = 0;
    for (int i = 0; i < SLOTS; i++)
        if (slots[i].block != NULL) {
            wrong += !holds(&slots[i]);
            pool_realloc(&p, slots[i].block, slots[i].size, 0);
        }
    CHECK(lost == 0, "%d bytes lost in reallocations", lost);
    CHECK(wrong == 0, "%d blocks changed while in use", wrong);
    CHECK(misaligned == 0, "%d blocks not 16-byte aligned", misaligned);
    CHECK(moved == 0, "%d blocks moved within their class", moved);
    pool_release(&p);
    CHECK(p.slabs == NULL && p.next == NULL, "a released pool is empty");
}

/* A freed small block is the next one given for its class; big blocks do not enter the pool. */
static void test_reuse(void)
{
    pool p = {0};
    void *a = pool_realloc(&p, NULL, 0, 40);
    void *b = pool_realloc(&p, NULL, 0, 40);
    CHECK(a != NULL && b != NULL && a != b, "two live blocks differ");
    pool_realloc(&p, a, 40, 0);
    void *c = pool_realloc(&p, NULL, 0, 33); /* same class as 40: 33..48 */
    CHECK(c == a, "the freed block of the class is given again");
    void *d = pool_realloc(&p, NULL, 0, 49); /* the next class */
    CHECK(d != a && d != b, "another class has its own blocks");
    void *big = pool_realloc(&p, NULL, 0, POOL_MAX + 1);
    memset(big, 1, POOL_MAX + 1);
    big = pool_realloc(&p, big, POOL_MAX + 1, 10 * POOL_MAX);
    CHECK(big != NULL && ((unsigned char *)big)[POOL_MAX] == 1, "a big block grows through realloc, its bytes kept");
    void *small = pool_realloc(&p, big, 10 * POOL_MAX, 8); /* shrinks into the pool */
    CHECK(small != NULL && ((unsigned char *)small)[7] == 1, "a big block shrunk into the pool keeps its first bytes");
    pool_realloc(&p, small, 8, 0);
    void *again = pool_realloc(&p, NULL, 0, 16);
    CHECK(again == small, "the shrunk block went back to its class");
    pool_realloc(&p, again, 16, 0);
    pool_realloc(&p, b, 40, 0);
    pool_realloc(&p, c, 33, 0);
    pool_realloc(&p, d, 49, 0);
    pool_release(&p);
    /* A released pool serves again. */
    void *e = pool_realloc(&p, NULL, 0, 100);
    CHECK(e != NULL, "a released pool serves again");
    pool_realloc(&p, e, 100, 0);
    pool_release(&p);
}

static void *lua_on_pool(void *ud, void *ptr, size_t osize, size_t nsize)
{
    return pool_realloc(ud, ptr, osize, nsize);
}

/* A Lua state whose every block comes from a pool: tables, strings, collections. */
static void test_lua_state(void)
{
    pool p = {0};
    lua_State *L = lua_newstate(lua_on_pool, &p);
    CHECK(L != NULL, "a state on the pool");
    luaL_openlibs(L);
    const char *script =
        "local rounds, total = 0, 0\n"
        "for r = 1, 30 do\n"
        "  local t = {}\n"
        "  for i = 1, 2000 do t[i] = { id = i, name = 'item' .. i, tags = { i, i * 2, tostring(i) } } end\n"
        "  for i = 1, #t, 3 do t[i] = nil end\n"
        "  for _, v in pairs(t) do total = total + v.id + #v.tags[3] end\n"
        "  rounds = rounds + 1\n"
        "  if r % 10 == 0 then collectgarbage() end\n"
        "end\n"
        "return rounds, total";
    int status = luaL_dostring(L, script);
    CHECK(status == LUA_OK, "the script runs: %s", status == LUA_OK ? "" : lua_tostring(L, -1));
    if (status == LUA_OK) {
        CHECK(lua_tointeger(L, -2) == 30, "every round ran");
        /* per round: ids of the kept two thirds, plus the digits of each */
        long long total = 0;
        for (int i = 1; i <= 2000; i++)
            if ((i - 1) % 3 != 0)
                total += i + snprintf(NULL, 0, "%d", i);
        CHECK(lua_tointeger(L, -1) == 30 * total, "the script's sum is %lld, not %lld",
              (long long)lua_tointeger(L, -1), 30 * total);
    }
    lua_close(L);
    pool_release(&p);
}

int main(void)
{
    test_reuse();
    test_random();
    test_lua_state();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
