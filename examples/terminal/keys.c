/*
** keys.c -- see keys.h. curses may hold keys it has already read from the
** terminal (a sequence's rest, a KEY_RESIZE made of a SIGWINCH), so every
** read drains getch() whatever poll() says; poll() tells whether there is
** more, and whether the terminal is gone.
*/
#define _POSIX_C_SOURCE 200809L
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#define NCURSES_WIDECHAR 1

#include "keys.h"

#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

static int input = -1; /* the terminal's file descriptor, once started */
static int idle_reads; /* waits in a row that found the terminal readable but no key */
static int *queue;     /* keys [head, tail) are not handled yet */
static size_t head, tail, cap;
static size_t fresh;   /* how many of the last keys queued the last keys_read() read */

void keys_start(int fd)
{
    input = fd;
    timeout(0); /* getch() never waits: poll() does */
}

/* Queues `key`; a key that finds no memory is dropped (curses has none either then). */
static void push(int key)
{
    if (head > 0 && tail == cap) { /* room at the front: move the unhandled keys there */
        memmove(queue, queue + head, (tail - head) * sizeof *queue);
        tail -= head;
        head = 0;
    }
    if (tail == cap) {
        size_t ncap = cap ? cap * 2 : 64;
        int *q = realloc(queue, ncap * sizeof *q);
        if (q == NULL)
            return;
        queue = q;
        cap = ncap;
    }
    queue[tail++] = key;
}

/* Moves every key curses has into the queue; returns how many. */
static int drain(void)
{
    int n = 0, ch;
    while ((ch = getch()) != ERR) {
        push(ch);
        n++;
    }
    return n;
}

/* poll() on the terminal: 1 input, 0 none (a time-out or a signal), -1 gone. */
static int ready(int ms)
{
    struct pollfd p = {.fd = input, .events = POLLIN};
    int n = poll(&p, 1, ms);
    if (n < 0)
        return errno == EINTR ? 0 : -1;
    if (n == 0)
        return 0;
    if (p.revents & (POLLHUP | POLLERR | POLLNVAL))
        return -1;
    return 1;
}

int keys_wait(int ms)
{
    if (input < 0)
        return 0;
    int r = ready(ms);
    if (r < 0)
        return -1;
    /* Drained after a time-out or a signal too: curses turns SIGWINCH into
       a KEY_RESIZE that only getch() delivers. */
    int n = drain();
    /* Readable but no key, again and again: the input has ended (EOF or
       EIO) without a hang-up; a lone partial key sequence never repeats
       this many times. */
    idle_reads = r == 0 || n > 0 ? 0 : idle_reads + 1;
    return idle_reads >= 50 ? -1 : n;
}

int keys_read(void)
{
    fresh = 0;
    if (input < 0)
        return 0;
    if (ready(0) < 0)
        return -1;
    int n = drain();
    fresh = (size_t)n;
    return n;
}

int keys_pending(void)
{
    return tail > head;
}

int keys_next(void)
{
    if (head == tail)
        return -1;
    int key = queue[head++];
    if (head == tail)
        head = tail = 0;
    return key;
}

int keys_just_read(int key)
{
    size_t from = tail - head > fresh ? tail - fresh : head; /* what is left of them */
    for (size_t i = from; i < tail; i++)
        if (queue[i] == key)
            return 1;
    return 0;
}

void keys_stop(void)
{
    free(queue);
    queue = NULL;
    head = tail = cap = fresh = 0;
    input = -1;
}
