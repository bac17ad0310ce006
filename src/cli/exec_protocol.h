/* exec_protocol.h — what `ctasim exec` (cli/exec.c) and the stand-in CUDA
 * runtime it loads into the program (cudart/) say to each other.
 *
 * Here, below both, so that the command does not include the library's
 * internals: the environment `ctasim exec` sets for the program (the run
 * options, separated by CR_OPT_SEP, and the descriptor of the pipe back to
 * ctasim), and what comes back on that pipe. */
#ifndef CTASIM_CLI_EXEC_PROTOCOL_H
#define CTASIM_CLI_EXEC_PROTOCOL_H

#define CR_ENV_OPTS "CTASIM_EXEC_OPTS"
#define CR_ENV_FD "CTASIM_EXEC_FD"
#define CR_OPT_SEP '\x1f'
/* First line on the pipe: the program did load the library. What follows
 * CR_JSON_MARK is the result document for --json. */
#define CR_HELLO "ctasim-cudart 1\n"
#define CR_JSON_MARK "json\n"

#endif
