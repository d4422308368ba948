/*
** signals.c -- see signals.h. Only async-signal-safe work in the handlers:
** a sig_atomic_t written, sdui_scripts_interrupt() (which takes no lock),
** setitimer() (a system call on Linux).
*/
#define _POSIX_C_SOURCE 200809L
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include "signals.h"

#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/time.h>

#include "sdui_scripts.h"

#define REPEAT_MS 50 /* how often the script running is interrupted again once quitting */

static sdui_engine *watched;
static volatile sig_atomic_t caught;  /* the first signal, or 0 */
static volatile sig_atomic_t quiet;   /* signals_stop: no more interrupts */

static void on_alarm(int sig)
{
    (void)sig;
    if (!quiet)
        sdui_scripts_interrupt(watched);
}

static void on_quit(int sig)
{
    if (caught == 0) {
        caught = sig;
        if (!quiet) {
            struct itimerval every = {{0, REPEAT_MS * 1000}, {0, REPEAT_MS * 1000}};
            setitimer(ITIMER_REAL, &every, NULL);
        }
    }
    if (!quiet)
        sdui_scripts_interrupt(watched);
}

int signals_watch(sdui_engine *engine)
{
    watched = engine;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    /* Restarted: the alarm comes again and again while the host quits, and
       must not cut its last writes (endwin) short. */
    sa.sa_flags = SA_RESTART;
    sa.sa_handler = on_alarm;
    if (sigaction(SIGALRM, &sa, NULL) != 0)
        return -1;
    /* Not restarted: a wait for keys (poll) returns at once. Each blocks
       the other two while it runs. */
    sa.sa_flags = 0;
    sa.sa_handler = on_quit;
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
    if (sigaction(SIGINT, &sa, NULL) != 0 || sigaction(SIGTERM, &sa, NULL) != 0 || sigaction(SIGHUP, &sa, NULL) != 0)
        return -1;
    return 0;
}

int signals_caught(void)
{
    return caught;
}

const char *signals_name(void)
{
    switch (caught) {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    default:
        return NULL;
    }
}

void signals_stop(void)
{
    quiet = 1;
    struct itimerval none;
    memset(&none, 0, sizeof none);
    setitimer(ITIMER_REAL, &none, NULL);
}
