/*
** signals.h -- SIGINT, SIGTERM and SIGHUP (the terminal lost) ask the host
** to quit, even while a script keeps the engine busy: the handler notes
** the signal and interrupts the script running (sdui_scripts_interrupt),
** whose callback then fails within 1,000 VM instructions, so the engine
** call returns and the host's loop sees the signal (signals_caught) before
** it makes another.
*/
#ifndef TERMINAL_SIGNALS_H
#define TERMINAL_SIGNALS_H

#include "sdui.h"

/* Handles SIGINT, SIGTERM and SIGHUP from now on, for `engine`. After the
** first, the script running is interrupted again every 50 ms (SIGALRM),
** so that one started after the signal, in the same engine call (the next
** component a render draws), is stopped too. Returns 0, or -1 when a
** handler could not be set (errno says why). */
int signals_watch(sdui_engine *engine);

/* The first of the three that came, or 0. */
int signals_caught(void);

/* Its name ("SIGINT"), or NULL when none came. */
const char *signals_name(void);

/* Stops the interrupts (before the engine goes). The signals stay handled. */
void signals_stop(void);

#endif
