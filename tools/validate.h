/*
** validate.h -- `sdui validate FILE...`: checks pages, server patches and
** other contract documents with the engine's own decoders
** (sdui_check_json()), and Lua scripts by loading them in the script host,
** without a host of one's own.
*/
#ifndef SDUI_TOOLS_VALIDATE_H
#define SDUI_TOOLS_VALIDATE_H

/* Runs `sdui validate`; argv[0] is "validate". Returns the exit status:
** 0 when every file is valid, 1 when one is not (or cannot be read), 2 on a
** usage error. Problems go to standard output, one a line, or as one JSON
** report with --json. */
int validate_main(int argc, char **argv);

#endif
