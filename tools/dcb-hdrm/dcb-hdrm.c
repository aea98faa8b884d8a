// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm: measure a link's round trip and size PFC headroom, through the
 * dcb_hdrm kernel module. Shaped like iproute2's dcb:
 *	dcb-hdrm [ OPTIONS ] OBJECT { COMMAND | help }
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "dcb-hdrm.h"

#ifndef DCB_HDRM_VERSION
#define DCB_HDRM_VERSION "unknown"
#endif

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm [ OPTIONS ] OBJECT { COMMAND | help }\n"
		"where  OBJECT := { dev | measure | show | simulate | monitor | lldp | watchdog | help }\n"
		"       OPTIONS := { -j[son] | -p[retty] | -s[tatistics] | -n[etns] NAME |\n"
		"                    -b[atch] FILE | -f[orce] | -V[ersion] | --version | -h[elp] }\n");
}

static int enter_netns(const char *name)
{
	char path[256];
	int fd;

	if (!*name || strchr(name, '/') || strlen(name) > 200) {
		hdrm_err("invalid network namespace name \"%s\"", name);
		return -1;
	}
	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		hdrm_err("cannot open network namespace \"%s\": %s", name,
			 strerror(errno));
		return -1;
	}
	if (setns(fd, CLONE_NEWNET) < 0) {
		hdrm_err("cannot enter network namespace \"%s\": %s", name,
			 strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* One command: OBJECT and its arguments. */
static int run_cmd(struct hdrm_ctx *ctx, int argc, char **argv)
{
	if (hdrm_matches(*argv, "dev"))
		return hdrm_cmd_dev(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "measure"))
		return hdrm_cmd_measure(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "monitor"))
		return hdrm_cmd_monitor(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "show"))
		return hdrm_cmd_show(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "lldp"))
		return hdrm_cmd_lldp(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "simulate"))
		return hdrm_cmd_simulate(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "watchdog"))
		return hdrm_cmd_watchdog(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "help")) {
		usage(stdout);
		return 0;
	}
	hdrm_err("unknown object \"%s\"; expected one of: dev, measure, show, simulate, monitor, lldp, watchdog, help",
		 *argv);
	return EXIT_USAGE;
}

#define BATCH_MAX_ARGS	64

/*
 * The next command of a batch file into *text: a line, and the lines its
 * continuations join to it; *first is set to its first line's number.
 * Return: its words (0 at the end of the file, or for a line of none),
 * or a negative errno with *why.
 */
static int batch_next(FILE *f, char **text, char **words, char **args,
		      unsigned long *n, unsigned long *first, const char **why)
{
	char *line = NULL, *p, *q;
	size_t cap = 0, len = 0;
	ssize_t got;
	int argc = 0;

	*first = *n + 1;
	while ((got = getline(&line, &cap, f)) >= 0) {
		++*n;
		p = realloc(*text, len + got + 1);
		if (p)
			*text = p;
		q = p ? realloc(*words, len + got + 1) : NULL;
		if (q)
			*words = q;
		if (!q) {
			*why = "out of memory";
			argc = -ENOMEM;
			break;
		}
		memcpy(*text + len, line, got + 1);
		len += got;
		argc = hdrm_batch_split(*text, *words, args, BATCH_MAX_ARGS,
					why);
		if (argc != HDRM_BATCH_MORE)
			break;
	}
	free(line);
	if (argc == HDRM_BATCH_MORE) {
		*why = "the file ends in a continuation";
		argc = -EINVAL;
	}
	return argc;
}

/*
 * -b FILE (- for standard input): a command per line, as after the
 * options on the command line, read as iproute2 reads its batch files
 * (batch.c): '#' words start comments, quotes, '\' continuations. While
 * a line runs its errors say "batch FILE:LINE: ". The first command
 * that fails ends the batch with its status, unless -force, which runs
 * every line and exits with the first failure's status. With -j, one
 * JSON text per command, one after the other.
 */
static int run_batch(struct hdrm_ctx *ctx, const char *name, bool force)
{
	FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
	char *text = NULL, *words = NULL, *args[BATCH_MAX_ARGS];
	unsigned long n = 0, first, said;
	const char *why;
	int ret = 0, r, argc;

	if (!f) {
		hdrm_err("cannot open batch file \"%s\": %s", name,
			 strerror(errno));
		return EXIT_USAGE;
	}
	while (!feof(f) && !ferror(f)) {
		argc = batch_next(f, &text, &words, args, &n, &first, &why);
		said = hdrm_err_batch(name, first);
		if (argc < 0) {
			hdrm_err("%s", why);
			r = EXIT_USAGE;
		} else if (argc == 0) {
			r = 0;
		} else {
			jw_init(&ctx->jw, stdout, ctx->pretty);
			r = run_cmd(ctx, argc, args);
			fflush(stdout);
			if (r && hdrm_err_batch(name, first) == said)
				hdrm_err("the command failed (exit status %d)",
					 r);
		}
		hdrm_err_batch(NULL, 0);
		if (r) {
			if (!ret)
				ret = r;
			if (!force)
				break;
		}
	}
	free(text);
	free(words);
	if (f != stdin)
		fclose(f);
	return ret;
}

int main(int argc, char **argv)
{
	struct hdrm_ctx ctx = { 0 };
	const char *opt, *batch = NULL;
	bool force = false;
	int ret;

	/* iproute2 style: -j, -json, --json and any prefix are the same. */
	for (argc--, argv++; argc > 0 && argv[0][0] == '-'; argc--, argv++) {
		opt = argv[0] + 1;
		if (*opt == '-')
			opt++;
		if (hdrm_matches(opt, "json")) {
			ctx.json = true;
		} else if (hdrm_matches(opt, "pretty")) {
			ctx.pretty = true;
		} else if (hdrm_matches(opt, "netns")) {
			if (argc < 2) {
				hdrm_err("option \"%s\" needs a namespace name",
					 argv[0]);
				return EXIT_USAGE;
			}
			if (enter_netns(argv[1]))
				return EXIT_USAGE;
			argc--;
			argv++;
		} else if (hdrm_matches(opt, "batch")) {
			if (argc < 2) {
				hdrm_err("option \"%s\" needs a file name",
					 argv[0]);
				return EXIT_USAGE;
			}
			batch = argv[1];
			argc--;
			argv++;
		} else if (hdrm_matches(opt, "force")) {
			force = true;
		} else if (hdrm_matches(opt, "statistics")) {
			ctx.stats = true;
		} else if (hdrm_matches(opt, "Version") ||
			   !strcmp(argv[0], "--version")) {
			printf("dcb-hdrm %s\n", DCB_HDRM_VERSION);
			return 0;
		} else if (hdrm_matches(opt, "help")) {
			usage(stdout);
			return 0;
		} else {
			hdrm_err("unknown option \"%s\"; expected one of -j, -p, -s, -n NAME, -b FILE, -f, -V, -h",
				 argv[0]);
			return EXIT_USAGE;
		}
	}
	jw_init(&ctx.jw, stdout, ctx.pretty);

	if (batch) {
		if (argc) {
			hdrm_err("-batch takes its commands from \"%s\", not from the command line",
				 batch);
			return EXIT_USAGE;
		}
		ret = run_batch(&ctx, batch, force);
	} else if (argc == 0) {
		usage(stderr);
		return EXIT_USAGE;
	} else {
		ret = run_cmd(&ctx, argc, argv);
	}
	if (ctx.nl_open)
		hdrm_nl_close(&ctx.nl);
	return ret;
}
