/*
** text.c -- see text.h. Widths are sdui_text_cells(): of a scalar, to know
** whether it joins the cluster before it, and of the whole cluster.
*/
#include "text.h"

#include <string.h>

#include "sdui.h"

/* Decodes one code point at text[at]. Invalid UTF-8 gives U+FFFD for each
** maximal subpart (the longest start of a valid sequence, or one byte), as
** the engine's decoding does, so both count the same replacements. */
static unsigned decode(const char *text, size_t len, size_t at, size_t *next)
{
    const unsigned char *s = (const unsigned char *)text + at;
    size_t left = len - at, n;
    unsigned c = s[0], cp;
    unsigned char lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (c < 0x80) {
        *next = at + 1;
        return c;
    } else if (c >= 0xC2 && c < 0xE0) {
        n = 2, cp = c & 0x1F;
    } else if (c >= 0xE0 && c < 0xF0) {
        n = 3, cp = c & 0x0F;
        lo = c == 0xE0 ? 0xA0 : 0x80; /* no overlong forms */
        hi = c == 0xED ? 0x9F : 0xBF; /* no surrogates */
    } else if (c >= 0xF0 && c < 0xF5) {
        n = 4, cp = c & 0x07;
        lo = c == 0xF0 ? 0x90 : 0x80; /* no overlong forms */
        hi = c == 0xF4 ? 0x8F : 0xBF; /* nothing past U+10FFFF */
    } else {
        *next = at + 1;
        return 0xFFFD;
    }
    for (size_t i = 1; i < n; i++) {
        if (i >= left || s[i] < (i == 1 ? lo : 0x80) || s[i] > (i == 1 ? hi : 0xBF)) {
            *next = at + i;
            return 0xFFFD;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    *next = at + n;
    return cp;
}

static int is_control(unsigned cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
}

/* Cells of bytes [from, to) of the text, as the engine counts them. */
static int cells(const char *text, size_t from, size_t to)
{
    long long n = sdui_text_cells(text + from, to - from);
    return n < 0 ? 0 : n > 0x7fffffff ? 0x7fffffff : (int)n;
}

static int is_regional(unsigned cp)
{
    return cp >= 0x1F1E6 && cp <= 0x1F1FF;
}

size_t text_cluster(const char *text, size_t len, size_t at, cluster *out)
{
    size_t pos;
    unsigned first = decode(text, len, at, &pos);
    int after_joiner = first == 0x200D, pending_flag = is_regional(first);
    out->start = at;
    out->ncps = 0;
    if (!is_control(first))
        out->cps[out->ncps++] = first;
    while (pos < len) {
        size_t next;
        unsigned s = decode(text, len, pos, &next);
        int w = cells(text, pos, next);
        if (s == 0xFE0F || after_joiner) {
            /* joins: emoji presentation, or the scalar after a joiner */
        } else if (pending_flag && is_regional(s)) {
            pending_flag = 0;
        } else if (w != 0 || is_control(s)) {
            break;
        }
        if (w > 0)
            pending_flag = 0;
        after_joiner = s == 0x200D;
        if (out->ncps < 5 && !is_control(s))
            out->cps[out->ncps++] = s;
        pos = next;
    }
    out->end = pos;
    out->width = cells(text, at, pos);
    return pos;
}

void text_clean(char *text)
{
    size_t len = strlen(text), out = 0;
    for (size_t at = 0; at < len;) {
        size_t next;
        unsigned cp = decode(text, len, at, &next);
        int invalid = cp == 0xFFFD && !(next - at == 3 && (unsigned char)text[at] == 0xEF);
        if ((is_control(cp) && cp != '\n') || invalid) {
            text[out++] = '?';
        } else {
            memmove(text + out, text + at, next - at);
            out += next - at;
        }
        at = next;
    }
    text[out] = '\0';
}
