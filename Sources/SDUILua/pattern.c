/*
** pattern.c -- budgeted Lua 5.4 pattern matching (string.find, match,
** gmatch, gsub) for the sdui sandbox. See pattern.h for the contract.
**
** Written from the Lua 5.4 reference manual (section 6.4.1 and the entries
** of the four functions), with the stock interpreter as the oracle for the
** corner cases the manual leaves open (error messages, recursion limit).
**
** The matcher is a backtracking recursive descent over the pattern text.
** It recurses only where a choice must be undone later (an optional or
** repeated item, a capture boundary) and loops otherwise, so the depth of
** the C recursion is that of the pattern's nesting of such items, bounded
** by MAXDEPTH. Every unit of work goes through STEP, which batches the
** steps and hands them to the host's charge function.
*/
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "lua.h"
#include "lauxlib.h"

#include "pattern.h"

#define ESC '%'
#define MAXCAPS 32   /* captures in one pattern */
#define MAXDEPTH 200 /* nested matcher calls ("pattern too complex") */
#define CAP_OPEN (-1) /* length of a capture not closed yet */
#define CAP_POS (-2)  /* length of a position capture "()" */

/* Steps for one scan of a set of n bytes: a long set costs its length. */
#define SET_STEPS(n) ((n) >> 3)

/* Bytes memchr scans between two charges in a plain search. */
#define SCAN_SPAN 65536

/* Bytes that make find use the matcher rather than a plain search. */
#define SPECIALS "^$*+?.([%-"

/* The host's charge function, kept as upvalue 1 of every entry point. */
typedef struct Budget {
  pattern_charge_fn charge;
  void *ud;
} Budget;

/* State of one matching call. */
typedef struct Matcher {
  lua_State *L;
  Budget *budget;
  long long left;       /* steps still allowed before the next charge */
  const char *s0, *se;  /* the subject: start and end */
  const char *pe;       /* end of the pattern */
  int depth;            /* nested matcher calls still allowed */
  int ncap;             /* captures opened so far */
  struct {
    const char *at;     /* start in the subject */
    ptrdiff_t len;      /* length, CAP_OPEN or CAP_POS */
  } cap[MAXCAPS];
} Matcher;

/* ======================================================================
** Budget
** ====================================================================== */

/* Hands the steps done since the last charge to the host (which may raise). */
static void settle (Matcher *m) {
  long long done = PATTERN_BATCH - m->left;
  m->left = PATTERN_BATCH;
  if (done > 0)
    m->budget->charge(m->L, m->budget->ud, done);
}

/* Counts k steps of work, charging them once a batch is full. */
#define STEP(m, k) \
  do { if (((m)->left -= (long long)(k)) <= 0) settle(m); } while (0)

/* Sets up a matcher for subject s[0..ls) and a pattern ending at pe. */
static void prepare (Matcher *m, lua_State *L, const char *s, size_t ls,
                     const char *pe) {
  m->L = L;
  m->budget = (Budget *)lua_touserdata(L, lua_upvalueindex(1));
  m->left = PATTERN_BATCH;
  m->s0 = s;
  m->se = s + ls;
  m->pe = pe;
}

/* Resets the captures and depth before an attempt at a new start. */
static void restart (Matcher *m) {
  m->ncap = 0;
  m->depth = MAXDEPTH;
  STEP(m, 1);
}

/* ======================================================================
** Single-character items
** ====================================================================== */

/* Does byte c belong to the class written %cl? (a letter names a class,
** its upper case the complement; any other byte stands for itself; %z,
** the NUL byte, is gone from the manual but not from stock 5.4) */
static int in_class (int c, int cl) {
  int r;
  switch (tolower(cl)) {
    case 'a': r = isalpha(c); break;
    case 'c': r = iscntrl(c); break;
    case 'd': r = isdigit(c); break;
    case 'g': r = isgraph(c); break;
    case 'l': r = islower(c); break;
    case 'p': r = ispunct(c); break;
    case 's': r = isspace(c); break;
    case 'u': r = isupper(c); break;
    case 'w': r = isalnum(c); break;
    case 'x': r = isxdigit(c); break;
    case 'z': r = (c == 0); break;  /* undocumented, still in stock 5.4 */
    default: return cl == c;
  }
  if (isupper(cl)) r = !r;
  return r != 0;
}

/* Does byte c belong to the set that opens with '[' at p and closes with
** the ']' at close? */
static int in_set (int c, const char *p, const char *close) {
  int yes = 1;
  if (*++p == '^') { yes = 0; p++; }
  for (; p < close; p++) {
    if (*p == ESC) {                       /* %x: a class or an escape */
      if (in_class(c, (unsigned char)*++p)) return yes;
    } else if (p[1] == '-' && p + 2 < close) {  /* a range x-y */
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return yes;
      p += 2;
    } else if ((unsigned char)*p == c) {
      return yes;
    }
  }
  return !yes;
}

/* End of the single-character item at p (p < pe): past '.', a byte, %x or
** a whole set. In a set, the first byte (after '^') is a member even when
** it is ']', and %x never closes it. */
static const char *item_end (Matcher *m, const char *p) {
  const char *start = p;
  if (*p == ESC) {
    if (++p == m->pe) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (*p++ != '[') return p;
  if (p < m->pe && *p == '^') p++;
  do {
    if (p == m->pe) luaL_error(m->L, "malformed pattern (missing ']')");
    if (*p++ == ESC && p < m->pe) p++;
  } while (p == m->pe || *p != ']');
  STEP(m, SET_STEPS(p - start));
  return p + 1;
}

/* Does the item p..ep match the byte at s (if there is one)? */
static int single (Matcher *m, const char *s, const char *p, const char *ep) {
  int c;
  STEP(m, 1);
  if (s >= m->se) return 0;
  c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case ESC: return in_class(c, (unsigned char)p[1]);
    case '[':
      STEP(m, SET_STEPS(ep - p));
      return in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

/* ======================================================================
** The matcher
** ====================================================================== */

static const char *match (Matcher *m, const char *s, const char *p);

/* Item p..ep repeated greedily from s: take the longest run, then give
** back one byte at a time until the rest of the pattern (after ep's
** quantifier) matches. */
static const char *greedy (Matcher *m, const char *s, const char *p,
                           const char *ep) {
  ptrdiff_t n = 0;
  while (single(m, s + n, p, ep)) n++;
  for (; n >= 0; n--) {
    const char *r = match(m, s + n, ep + 1);
    if (r) return r;
  }
  return NULL;
}

/* Item p..ep repeated lazily from s: try the rest first, then one more. */
static const char *lazy (Matcher *m, const char *s, const char *p,
                         const char *ep) {
  for (;;) {
    const char *r = match(m, s, ep + 1);
    if (r) return r;
    if (!single(m, s, p, ep)) return NULL;
    s++;
  }
}

/* Opens capture number ncap at s (kind CAP_OPEN or CAP_POS), goes on
** with p. */
static const char *open_cap (Matcher *m, const char *s, const char *p,
                             ptrdiff_t kind) {
  const char *r;
  if (m->ncap >= MAXCAPS) luaL_error(m->L, "too many captures");
  m->cap[m->ncap].at = s;
  m->cap[m->ncap].len = kind;
  m->ncap++;
  if ((r = match(m, s, p)) == NULL) m->ncap--;
  return r;
}

/* Closes the innermost open capture at s, goes on with p. */
static const char *close_cap (Matcher *m, const char *s, const char *p) {
  int i = m->ncap;
  const char *r;
  while (--i >= 0 && m->cap[i].len != CAP_OPEN) {}
  if (i < 0) luaL_error(m->L, "invalid pattern capture");
  m->cap[i].len = s - m->cap[i].at;
  if ((r = match(m, s, p)) == NULL) m->cap[i].len = CAP_OPEN;
  return r;
}

/* %1-%9 at s: the text of closed capture d again. (A position capture
** never matches: its length reads as huge.) */
static const char *backref (Matcher *m, const char *s, int d) {
  int i = d - '1';
  size_t len;
  if (i < 0 || i >= m->ncap || m->cap[i].len == CAP_OPEN)
    luaL_error(m->L, "invalid capture index %%%d", i + 1);
  len = (size_t)m->cap[i].len;
  if ((size_t)(m->se - s) < len) return NULL;
  STEP(m, len);
  return memcmp(m->cap[i].at, s, len) == 0 ? s + len : NULL;
}

/* %bxy at s (p points at x): a balanced run from x to its matching y. */
static const char *balance (Matcher *m, const char *s, const char *p) {
  char open, close;
  int level = 1;
  if (m->pe - p < 2)
    luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->se || *s != *p) return NULL;
  open = p[0];
  close = p[1];
  while (++s < m->se) {
    STEP(m, 1);
    if (*s == close) {
      if (--level == 0) return s + 1;
    } else if (*s == open) {
      level++;
    }
  }
  return NULL;
}

/* %f[set] at s (p points at '['): does the previous byte fall outside the
** set and the next inside? (Both ends of the subject read as '\0'.)
** Returns the end of the set, or NULL when the frontier is not there. */
static const char *frontier (Matcher *m, const char *s, const char *p) {
  const char *ep;
  int prev, next;
  if (p == m->pe || *p != '[')
    luaL_error(m->L, "missing '[' after '%%f' in pattern");
  ep = item_end(m, p);
  prev = (s == m->s0) ? 0 : (unsigned char)s[-1];
  next = (s < m->se) ? (unsigned char)*s : 0;
  STEP(m, 2 * SET_STEPS(ep - p));
  if (in_set(prev, p, ep - 1) || !in_set(next, p, ep - 1)) return NULL;
  return ep;
}

/* Matches pattern p..pe at s; returns the end of the match or NULL. */
static const char *match (Matcher *m, const char *s, const char *p) {
  const char *ep, *r = NULL;
  int q;
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  for (;;) {
    STEP(m, 1);
    if (p == m->pe) { r = s; break; }
    switch (*p) {
      case '(':
        if (p + 1 < m->pe && p[1] == ')') r = open_cap(m, s, p + 2, CAP_POS);
        else r = open_cap(m, s, p + 1, CAP_OPEN);
        goto done;
      case ')':
        r = close_cap(m, s, p + 1);
        goto done;
      case '$':  /* an anchor only as the pattern's last byte */
        if (p + 1 == m->pe) { r = (s == m->se) ? s : NULL; goto done; }
        break;
      case ESC:
        switch (p + 1 < m->pe ? p[1] : 0) {
          case 'b':
            if ((s = balance(m, s, p + 2)) == NULL) goto done;
            p += 4;
            continue;
          case 'f':
            if ((p = frontier(m, s, p + 2)) == NULL) goto done;
            continue;
          case '0': case '1': case '2': case '3': case '4':
          case '5': case '6': case '7': case '8': case '9':
            if ((s = backref(m, s, (unsigned char)p[1])) == NULL) goto done;
            p += 2;
            continue;
        }
        break;
    }
    /* a single-character item, maybe with a quantifier after it */
    ep = item_end(m, p);
    q = (ep < m->pe) ? *ep : 0;
    if (!single(m, s, p, ep)) {
      if (q != '*' && q != '?' && q != '-') goto done;
      p = ep + 1;  /* zero repetitions will do */
      continue;
    }
    switch (q) {
      case '?':
        if ((r = match(m, s + 1, ep + 1)) != NULL) goto done;
        p = ep + 1;
        continue;
      case '*': r = greedy(m, s, p, ep); goto done;
      case '+': r = greedy(m, s + 1, p, ep); goto done;
      case '-': r = lazy(m, s, p, ep); goto done;
      default: s++; p = ep; continue;
    }
  }
done:
  m->depth++;
  return r;
}

/* ======================================================================
** Captures
** ====================================================================== */

/* Capture i of the match s..e: sets *at and returns its length, or
** returns CAP_POS for a position capture. With no captures, capture 0 is
** the whole match. */
static ptrdiff_t capture (Matcher *m, int i, const char *s, const char *e,
                          const char **at) {
  if (i >= m->ncap) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *at = s;
    return e - s;
  }
  if (m->cap[i].len == CAP_OPEN) luaL_error(m->L, "unfinished capture");
  *at = m->cap[i].at;
  return m->cap[i].len;
}

/* Pushes capture i of the match s..e. */
static void push_cap (Matcher *m, int i, const char *s, const char *e) {
  const char *at;
  ptrdiff_t len = capture(m, i, s, e, &at);
  if (len == CAP_POS) {
    lua_pushinteger(m->L, (at - m->s0) + 1);
  } else {
    STEP(m, len);
    lua_pushlstring(m->L, at, (size_t)len);
  }
}

/* Pushes all captures of the match s..e (the whole match when there are
** none and s is given); returns how many. */
static int push_caps (Matcher *m, const char *s, const char *e) {
  int i, n = (m->ncap == 0 && s != NULL) ? 1 : m->ncap;
  luaL_checkstack(m->L, n, "too many captures");
  for (i = 0; i < n; i++) push_cap(m, i, s, e);
  return n;
}

/* ======================================================================
** string.find and string.match
** ====================================================================== */

/* 1-based start from a possibly negative init, clipped below to 1. */
static size_t start_pos (lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0 || pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

/* Has the pattern none of the bytes that make find match patterns? */
static int is_plain (const char *p, size_t lp) {
  size_t i;
  for (i = 0; i < lp; i++)
    if (p[i] != 0 && strchr(SPECIALS, p[i]) != NULL) return 0;
  return 1;
}

/* First occurrence of n[0..ln) in h[0..lh), or NULL. Steps: the bytes
** skipped to each candidate plus the needle's length per candidate; memchr
** skips at most SCAN_SPAN bytes between two counts. */
static const char *plain_find (Matcher *m, const char *h, size_t lh,
                               const char *n, size_t ln) {
  const char *at = h, *end;
  if (ln == 0) return h;
  if (ln > lh) return NULL;
  end = h + (lh - ln) + 1;  /* candidates start before end */
  while (at < end) {
    size_t span = (size_t)(end - at) < SCAN_SPAN ? (size_t)(end - at) : SCAN_SPAN;
    const char *hit = (const char *)memchr(at, *n, span);
    if (hit == NULL) { STEP(m, span); at += span; continue; }
    STEP(m, (hit - at) + (ptrdiff_t)ln);
    if (memcmp(hit + 1, n + 1, ln - 1) == 0) return hit;
    at = hit + 1;
  }
  return NULL;
}

/* string.find (find = 1) and string.match (find = 0). */
static int find_aux (lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
  const char *s1 = s + init, *e;
  Matcher m;
  int n, anchor;
  if (init > ls) { luaL_pushfail(L); return 1; }
  prepare(&m, L, s, ls, p + lp);
  if (find) STEP(&m, lp);  /* the look for specials */
  if (find && (lua_toboolean(L, 4) || is_plain(p, lp))) {
    e = plain_find(&m, s1, ls - init, p, lp);
    settle(&m);
    if (e == NULL) { luaL_pushfail(L); return 1; }
    lua_pushinteger(L, (e - s) + 1);
    lua_pushinteger(L, (e - s) + (lua_Integer)lp);
    return 2;
  }
  anchor = (lp > 0 && *p == '^');
  p += anchor;
  do {
    restart(&m);
    if ((e = match(&m, s1, p)) != NULL) {
      if (find) {
        lua_pushinteger(L, (s1 - s) + 1);
        lua_pushinteger(L, e - s);
        n = push_caps(&m, NULL, NULL) + 2;
      } else {
        n = push_caps(&m, s1, e);
      }
      settle(&m);
      return n;
    }
  } while (s1++ < m.se && !anchor);
  settle(&m);
  luaL_pushfail(L);
  return 1;
}

/* string.find (s, pattern [, init [, plain]]) */
static int b_find (lua_State *L) { return find_aux(L, 1); }

/* string.match (s, pattern [, init]) */
static int b_match (lua_State *L) { return find_aux(L, 0); }

/* ======================================================================
** string.gmatch
** ====================================================================== */

/* Where a gmatch iteration goes on (0-based offsets in the subject). */
typedef struct GState {
  lua_Integer pos;   /* next start */
  lua_Integer last;  /* end of the last match, -1 before the first */
} GState;

/* The iterator. Upvalues: budget, subject, pattern, GState. An empty
** match at the end of the last match is skipped; '^' is no anchor here,
** just a byte. */
static int gmatch_next (lua_State *L) {
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(2), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(3), &lp);
  GState *g = (GState *)lua_touserdata(L, lua_upvalueindex(4));
  Matcher m;
  prepare(&m, L, s, ls, p + lp);
  for (; g->pos <= (lua_Integer)ls; g->pos++) {
    const char *e;
    restart(&m);
    if ((e = match(&m, s + g->pos, p)) != NULL && e - s != g->last) {
      int n = push_caps(&m, s + g->pos, e);
      g->pos = g->last = e - s;
      settle(&m);
      return n;
    }
  }
  settle(&m);
  return 0;
}

/* string.gmatch (s, pattern [, init]) */
static int b_gmatch (lua_State *L) {
  size_t ls, lp;
  size_t init;
  GState *g;
  luaL_checklstring(L, 1, &ls);
  luaL_checklstring(L, 2, &lp);
  init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) init = ls + 1;  /* nothing to match */
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  g = (GState *)lua_newuserdatauv(L, sizeof *g, 0);
  g->pos = (lua_Integer)init;
  g->last = -1;
  lua_pushcclosure(L, gmatch_next, 4);
  return 1;
}

/* ======================================================================
** string.gsub
** ====================================================================== */

/* Appends the replacement string (argument 3) for the match s..e, with
** %0-%9 standing for captures and %% for '%'. */
static void expand (Matcher *m, luaL_Buffer *b, const char *s,
                    const char *e) {
  size_t l;
  const char *r = lua_tolstring(m->L, 3, &l), *re = r + l, *pc;
  while ((pc = (const char *)memchr(r, ESC, (size_t)(re - r))) != NULL) {
    int c = (++pc < re) ? (unsigned char)*pc : 0;
    STEP(m, pc - r);
    luaL_addlstring(b, r, (size_t)(pc - 1 - r));
    if (c == ESC) {
      luaL_addchar(b, ESC);
    } else if (isdigit(c)) {
      const char *at;
      ptrdiff_t len = (c == '0') ? (at = s, e - s)
                                 : capture(m, c - '1', s, e, &at);
      if (len == CAP_POS) {
        lua_pushinteger(m->L, (at - m->s0) + 1);
        luaL_addvalue(b);
      } else {
        STEP(m, len);
        luaL_addlstring(b, at, (size_t)len);
      }
    } else {
      luaL_error(m->L, "invalid use of '%c' in replacement string", ESC);
    }
    r = pc + 1;
  }
  STEP(m, re - r);
  luaL_addlstring(b, r, (size_t)(re - r));
}

/* Appends the replacement for the match s..e given by argument 3 (a
** string, a table indexed by the first capture, or a function called with
** the captures; false or nil keeps the match). Returns whether it changed
** the text. */
static int replace (Matcher *m, luaL_Buffer *b, const char *s, const char *e,
                    int tr) {
  lua_State *L = m->L;
  size_t l;
  if (tr == LUA_TFUNCTION) {
    int n;
    lua_pushvalue(L, 3);
    n = push_caps(m, s, e);
    lua_call(L, n, 1);
  } else if (tr == LUA_TTABLE) {
    push_cap(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    expand(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    STEP(m, e - s);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1))
    return luaL_error(L, "invalid replacement value (a %s)",
                      luaL_typename(L, -1));
  lua_tolstring(L, -1, &l);
  STEP(m, l);
  luaL_addvalue(b);
  return 1;
}

/* string.gsub (s, pattern, repl [, n]) */
static int b_gsub (lua_State *L) {
  size_t ls, lp;
  const char *src = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *last = NULL, *e;
  int tr = lua_type(L, 3);
  lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  lua_Integer n = 0;
  int anchor = (lp > 0 && *p == '^'), changed = 0;
  Matcher m;
  luaL_Buffer b;
  luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING ||
                   tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                   "string/function/table");
  luaL_buffinit(L, &b);
  prepare(&m, L, src, ls, p + lp);
  p += anchor;
  while (n < max_n) {
    restart(&m);
    if ((e = match(&m, src, p)) != NULL && e != last) {
      n++;
      changed |= replace(&m, &b, src, e, tr);
      src = last = e;
    } else if (src < m.se) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    STEP(&m, m.se - src);
    luaL_addlstring(&b, src, (size_t)(m.se - src));
    luaL_pushresult(&b);
  }
  settle(&m);
  lua_pushinteger(L, n);
  return 2;
}

/* ======================================================================
** Installation
** ====================================================================== */

void pattern_install (lua_State *L, int string_table, pattern_charge_fn charge,
                      void *ud) {
  static const luaL_Reg fns[] = {
    {"find", b_find}, {"match", b_match},
    {"gmatch", b_gmatch}, {"gsub", b_gsub},
    {NULL, NULL}
  };
  Budget *bg;
  lua_pushvalue(L, string_table);
  bg = (Budget *)lua_newuserdatauv(L, sizeof *bg, 0);
  bg->charge = charge;
  bg->ud = ud;
  luaL_setfuncs(L, fns, 1);
  lua_pop(L, 1);
}
