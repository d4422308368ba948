/*
** keys.h -- the keys typed on the terminal, in the order they were typed.
** The host reads them at two places: when it waits for something to do
** (keys_wait), and, without waiting, between any two engine calls
** (keys_read), so that a key typed while a script keeps the engine busy is
** seen as soon as that call returns. Keys read are queued until the host's
** loop handles them (keys_next); none is lost or reordered.
*/
#ifndef TERMINAL_KEYS_H
#define TERMINAL_KEYS_H

/* From now on keys are read from curses (after newterm()); before it,
** keys_read reads nothing. Sets curses' getch() not to wait. */
void keys_start(int fd);

/* Waits up to `ms` milliseconds (-1: no limit) for input on the terminal,
** then reads what is there. Returns the number of keys read (0 after a
** time-out or a signal), or -1 when the terminal is gone: hung up, in
** error, or at the end of its input (readable again and again with no key
** in it). */
int keys_wait(int ms);

/* Reads the keys typed so far, without waiting. Returns how many were
** read, or -1 when the terminal has hung up. */
int keys_read(void);

/* Whether keys are queued, not handled yet (the host then does not wait). */
int keys_pending(void);

/* The oldest key not yet handled (taken off the queue), or -1 when none. */
int keys_next(void);

/* Whether `key` is among the keys the last keys_read() read (and not
** handled yet). */
int keys_just_read(int key);

/* Forgets the queue (its memory too). */
void keys_stop(void);

#endif
