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
		"where  OBJECT := { dev | measure | show | simulate | monitor | lldp | watchdog | metrics | help }\n"
		"       OPTIONS := { -j[son] | -p[retty] | -s[tatistics] | -n[etns] NAME |\n"
		"                    -b[atch] FILE | -batch-dev NAME | -f[orce] | -V[ersion] |\n"
		"                    --version | -h[elp] }\n"
		"       letters may go together (-jp), names after -- too (--json)\n");
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
	if (hdrm_matches(*argv, "metrics"))
		return hdrm_cmd_metrics(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "help")) {
		usage(stdout);
		return 0;
	}
	hdrm_err("unknown object \"%s\"; expected one of: dev, measure, show, simulate, monitor, lldp, watchdog, metrics, help",
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
 * JSON text per command, one after the other. With @only_dev, a command
 * runs only when it names that device (hdrm_batch_names_dev()): the
 * others are skipped, as comments are, so that a device that comes late
 * gets its own lines and no other device's are run again. A line that
 * cannot be read is still an error: whose it is cannot be told.
 */
static int run_batch(struct hdrm_ctx *ctx, const char *name, bool force,
		     const char *only_dev)
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
		} else if (argc == 0 ||
			   (only_dev && !hdrm_batch_names_dev(argc, args, only_dev))) {
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

/*
 * The options, a letter each as dcb's getopt_long() string, and a name;
 * letter 0: a name only.
 */
static const struct opt {
	char letter;
	const char *name;
	const char *arg;		/* what follows it, or NULL: a flag */
} opts[] = {
	{ 'j', "json" }, { 'p', "pretty" }, { 's', "statistics" },
	{ 'n', "netns", "a namespace name" }, { 'b', "batch", "a file name" },
	{ 0, "batch-dev", "a device name" }, { 'f', "force" },
	{ 'V', "Version" }, { 'h', "help" },
};

static const struct opt *opt_letter(char c)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(opts); i++)
		if (opts[i].letter == c)
			return &opts[i];
	return NULL;
}

/* A prefix of an option's name, as ip reads -json, -stat or --pretty. */
static const struct opt *opt_name(const char *word)
{
	unsigned int i;

	if (!strcmp(word, "version"))
		return opt_letter('V');
	for (i = 0; i < ARRAY_SIZE(opts); i++)
		if (hdrm_matches(word, opts[i].name))
			return &opts[i];
	return NULL;
}

/* Letters that are all flags: a cluster such as -jp, -jps or -js. */
static bool opt_flags(const char *word)
{
	const struct opt *o;

	for (; *word; word++) {
		o = opt_letter(*word);
		if (!o || o->arg)
			return false;
	}
	return true;
}

struct opt_state {
	struct hdrm_ctx *ctx;
	const char *batch;
	const char *batch_dev;
	bool force;
};

#define OPT_DONE	(-1)	/* -V, -h: exit with 0 */

/* One option. Return: 0 to go on, OPT_DONE, or EXIT_USAGE. */
static int opt_do(struct opt_state *st, const struct opt *o, const char *arg)
{
	switch (o->letter) {
	case 'j':
		st->ctx->json = true;
		break;
	case 'p':
		st->ctx->pretty = true;
		break;
	case 's':
		st->ctx->stats = true;
		break;
	case 'n':
		if (enter_netns(arg))
			return EXIT_USAGE;
		break;
	case 'b':
		st->batch = arg;
		break;
	case 0:		/* -batch-dev */
		if (!hdrm_ifname_valid(arg)) {
			hdrm_err("invalid device name \"%s\" for -batch-dev; expected 1..%d characters, no '/', ':' or blank",
				 arg, HDRM_IFNAME_MAX);
			return EXIT_USAGE;
		}
		st->batch_dev = arg;
		break;
	case 'f':
		st->force = true;
		break;
	case 'V':
		printf("dcb-hdrm %s\n", DCB_HDRM_VERSION);
		return OPT_DONE;
	default:
		usage(stdout);
		return OPT_DONE;
	}
	return 0;
}

/*
 * The options before the object, in dcb's ways and ip's: letters, alone
 * or together (-j -p, -jp, -jsn NAME, -bFILE); ip's names and their
 * prefixes after one dash (-json, -stat, -batch FILE); getopt_long()'s
 * after two (--json, --netns NAME, --netns=NAME, --). A word of flag
 * letters only is letters (-js is -j -s); any other word that begins a
 * name is that name (-n NAME, -batch FILE).
 * Return: the words taken, or -1 - STATUS to exit with STATUS.
 */
static int parse_opts(struct opt_state *st, int argc, char **argv)
{
	const char *w, *arg, *eq;
	const struct opt *o;
	char name[32];
	int i, r;

	for (i = 0; i < argc && argv[i][0] == '-'; i++) {
		w = argv[i];
		if (!strcmp(w, "--"))
			return i + 1;
		o = NULL;
		eq = NULL;
		if (w[1] == '-') {
			eq = strchr(w, '=');
			snprintf(name, sizeof(name), "%.*s",
				 (int)(eq ? eq - w - 2 : (long)strlen(w + 2)),
				 w + 2);
			o = opt_name(name);
			if (o && eq && !o->arg)
				o = NULL;
		} else if (w[1] && (!w[2] || !opt_flags(w + 1))) {
			o = opt_name(w + 1);
		}
		if (o) {
			/* one option, its argument in the next word or after = */
			arg = NULL;
			if (o->arg)
				arg = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
			if (o->arg && !arg) {
				hdrm_err("option \"%s\" needs %s", w, o->arg);
				return -1 - EXIT_USAGE;
			}
			r = opt_do(st, o, arg);
			if (r)
				return r == OPT_DONE ? -1 : -1 - r;
			continue;
		}
		if (w[1] == '-' || !w[1])
			goto unknown;
		/* letters: the last may take the rest of the word, or the next */
		for (w++; *w; w++) {
			o = opt_letter(*w);
			if (!o)
				goto unknown;
			arg = NULL;
			if (o->arg) {
				arg = w[1] ? w + 1 : i + 1 < argc ? argv[++i] : NULL;
				if (!arg) {
					hdrm_err("option \"-%c\" needs %s", *w,
						 o->arg);
					return -1 - EXIT_USAGE;
				}
			}
			r = opt_do(st, o, arg);
			if (r)
				return r == OPT_DONE ? -1 : -1 - r;
			if (o->arg)
				break;
		}
		continue;
unknown:
		hdrm_err("unknown option \"%s\"; expected one of -j, -p, -s, -n NAME, -b FILE, -batch-dev NAME, -f, -V, -h, or several letters together (-jp)",
			 argv[i]);
		return -1 - EXIT_USAGE;
	}
	return i;
}

int main(int argc, char **argv)
{
	struct hdrm_ctx ctx = { 0 };
	struct opt_state st = { .ctx = &ctx };
	int ret;

	ret = parse_opts(&st, argc - 1, argv + 1);
	if (ret < 0)
		return -1 - ret;
	argc -= ret + 1;
	argv += ret + 1;
	jw_init(&ctx.jw, stdout, ctx.pretty);

	if (st.batch_dev && !st.batch) {
		hdrm_err("-batch-dev \"%s\" needs -batch FILE: it picks that device's lines of the file",
			 st.batch_dev);
		return EXIT_USAGE;
	}
	if (st.batch) {
		if (argc) {
			hdrm_err("-batch takes its commands from \"%s\", not from the command line",
				 st.batch);
			return EXIT_USAGE;
		}
		ret = run_batch(&ctx, st.batch, st.force, st.batch_dev);
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
