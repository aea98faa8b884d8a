// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <netlink/genl/ctrl.h>
#include <linux/genetlink.h>

#include <linux/dcb_hdrm.h>

#include "dcb-hdrm.h"

/* while a batch line runs, its file and line: every error names them */
static const char *err_file;
static unsigned long err_line, err_count;

void hdrm_err(const char *fmt, ...)
{
	va_list ap;

	fputs("dcb-hdrm: ", stderr);
	if (err_file)
		fprintf(stderr, "batch %s:%lu: ", err_file, err_line);
	err_count++;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/**
 * hdrm_err_batch() - the batch line whose errors hdrm_err() says next
 * @file: the batch file's name, or NULL once no line runs
 * @line: the line's number in it
 *
 * Return: the errors said so far, to tell a command that failed in
 * silence.
 */
unsigned long hdrm_err_batch(const char *file, unsigned long line)
{
	err_file = file;
	err_line = line;
	return err_count;
}

const char *hdrm_name(const char *const *names, unsigned int n, uint32_t v)
{
	return v < n && names[v] ? names[v] : "unknown";
}

/* iproute2 style: any non-empty prefix of @word matches. */
bool hdrm_matches(const char *arg, const char *word)
{
	size_t len = strlen(arg);

	return len && len <= strlen(word) && !strncmp(arg, word, len);
}

int hdrm_parse_u32(const char *what, const char *s, uint32_t min,
		   uint32_t max, uint32_t *out)
{
	unsigned long long v;
	char *end;

	errno = 0;
	/* strtoull() would take blanks, a sign and a wrapped negative */
	if (!s || *s < '0' || *s > '9')
		goto bad;
	v = strtoull(s, &end, 0);
	if (errno || *end || v < min || v > max)
		goto bad;
	*out = (uint32_t)v;
	return 0;
bad:
	hdrm_err("invalid %s \"%s\"; expected an integer %u..%u",
		 what, s ? s : "", min, max);
	return -EINVAL;
}

/*
 * The suffixes of iproute2's get_size(), which "dcb buffer" reads its sizes
 * with, matched without regard to case: bytes, binary kilo-, mega- and
 * gigabytes, and kilo-, mega- and gigabits (of 1024 bits, as there).
 */
static const struct {
	const char *suffix;
	uint64_t bytes;
} size_units[] = {
	{ "", 1 }, { "b", 1 },
	{ "k", 1ULL << 10 }, { "kb", 1ULL << 10 },
	{ "m", 1ULL << 20 }, { "mb", 1ULL << 20 },
	{ "g", 1ULL << 30 }, { "gb", 1ULL << 30 },
	{ "kbit", 1ULL << 7 }, { "mbit", 1ULL << 17 }, { "gbit", 1ULL << 27 },
};

#define SIZE_FRAC_DIGITS	9	/* 10^9 x 2^30 stays below 2^64 */

/*
 * NUMBER[SUFFIX] to bytes, exactly: NUMBER is decimal with an optional
 * fraction, or 0x and hex digits. -EINVAL when it is none, or when it is
 * not a whole number of bytes (get_size() would drop the fraction);
 * -ERANGE past UINT64_MAX.
 */
int hdrm_size_value(const char *s, uint64_t *out)
{
	uint64_t whole = 0, frac = 0, scale = 1, unit = 0;
	const char *p = s;
	unsigned int i, digits = 0;
	bool hex = false;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		if (!isxdigit((unsigned char)p[2]))
			return -EINVAL;
		hex = true;
		errno = 0;
		whole = strtoull(p + 2, &end, 16);
		if (errno)
			return -ERANGE;
		p = end;
	} else {
		for (; *p >= '0' && *p <= '9'; p++) {
			if (whole > (UINT64_MAX - (*p - '0')) / 10)
				return -ERANGE;
			whole = whole * 10 + (*p - '0');
		}
	}
	if (!hex && *p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++) {
			if (++digits > SIZE_FRAC_DIGITS)
				return -EINVAL;
			frac = frac * 10 + (*p - '0');
			scale *= 10;
		}
		if (!digits)
			return -EINVAL;
	}
	for (i = 0; i < sizeof(size_units) / sizeof(size_units[0]); i++)
		if (!strcasecmp(p, size_units[i].suffix))
			unit = size_units[i].bytes;
	if (!unit)
		return -EINVAL;
	if ((frac * unit) % scale)
		return -EINVAL;
	if (whole > (UINT64_MAX - frac * unit / scale) / unit)
		return -ERANGE;
	*out = whole * unit + frac * unit / scale;
	return 0;
}

int hdrm_parse_size(const char *what, const char *s, uint64_t min,
		    uint64_t max, uint64_t *out)
{
	uint64_t v;

	if (hdrm_size_value(s, &v) || v < min || v > max) {
		hdrm_err("invalid %s \"%s\"; expected an integer %llu..%llu (bytes, or with a suffix "
			 HDRM_SIZE_SUFFIXES ")", what, s ? s : "",
			 (unsigned long long)min, (unsigned long long)max);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

int hdrm_parse_size_u32(const char *what, const char *s, uint32_t min,
			uint32_t max, uint32_t *out)
{
	uint64_t v;

	if (hdrm_parse_size(what, s, min, max, &v))
		return -EINVAL;
	*out = (uint32_t)v;
	return 0;
}

/**
 * hdrm_prio_word() - the priorities a PRIO:VALUE word names, and its VALUE
 * @word: PRIO:VALUE, PRIO 0..7 or "all" (every priority)
 * @prios: set to the priorities named, a bit each
 * @value: set to VALUE, within @word
 *
 * Says nothing: the caller knows what VALUE should have been.
 *
 * Return: 0, or -EINVAL.
 */
int hdrm_prio_word(const char *word, uint32_t *prios, const char **value)
{
	const char *colon = word ? strchr(word, ':') : NULL;

	if (!colon || !colon[1])
		return -EINVAL;
	if (colon - word == 3 && !strncmp(word, "all", 3))
		*prios = (1u << HDRM_PRIOS) - 1;
	else if (colon - word == 1 && *word >= '0' && *word < '0' + HDRM_PRIOS)
		*prios = 1u << (*word - '0');
	else
		return -EINVAL;
	*value = colon + 1;
	return 0;
}

int hdrm_parse_ifindex(const char *name, uint32_t *ifindex)
{
	if (!name || !*name || strlen(name) >= IF_NAMESIZE) {
		hdrm_err("invalid device name \"%s\"", name ? name : "");
		return -EINVAL;
	}
	*ifindex = if_nametoindex(name);
	if (!*ifindex) {
		hdrm_err("device \"%s\" does not exist", name);
		return -ENODEV;
	}
	return 0;
}

/* Returns 0 or an exit status. */
int hdrm_connect(struct hdrm_ctx *ctx)
{
	int err;

	if (ctx->nl_open)
		return 0;
	err = hdrm_nl_open(&ctx->nl);
	if (err == -ENOENT) {
		/* "make" builds it at the top of the tree (Kbuild, M=TOP) */
		hdrm_err("the dcb_hdrm kernel module is not loaded; load it with \"modprobe dcb_hdrm\" (or \"insmod ./dcb_hdrm.ko\" at the top of a tree built with make)");
		return EXIT_NOMODULE;
	}
	if (err) {
		hdrm_err("cannot open a generic netlink socket: %s",
			 strerror(-err));
		return EXIT_KERNEL;
	}
	ctx->nl_open = true;
	return 0;
}

/* Reports a kernel refusal in one line and returns the exit status. */
int hdrm_kernel_err(struct hdrm_ctx *ctx, const char *what, int err)
{
	if (ctx->nl.extack[0])
		hdrm_err("%s: %s (%s)", what, ctx->nl.extack, strerror(-err));
	else
		hdrm_err("%s: %s", what, strerror(-err));
	return EXIT_KERNEL;
}

/* One of @n words; the error lists them all. */
int hdrm_parse_word(const char *what, const char *s, const char *const *words,
		    unsigned int n, uint32_t *out)
{
	char list[256];
	size_t used = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!strcmp(s, words[i])) {
			*out = i;
			return 0;
		}
	}
	list[0] = '\0';
	for (i = 0; i < n && used < sizeof(list); i++)
		used += snprintf(list + used, sizeof(list) - used, "%s%s",
				 i == 0 ? "" : i + 1 == n ? " or " : ", ",
				 words[i]);
	hdrm_err("invalid %s \"%s\"; expected %s", what, s, list);
	return -EINVAL;
}

/**
 * hdrm_key() - one of a command's keywords, read once
 * @k: the keywords the command's words have given so far
 * @word: the keyword, whole, however much of it the words spelled
 * @argc: the words left, @word's first
 * @values: the words it takes after it (0 for a flag such as "push")
 *
 * Every command calls it for each keyword before reading its value, so
 * that the two mistakes are said the same way everywhere.
 *
 * Return: 0, or -EINVAL, said, when @word was given before or its value
 * is missing.
 */
int hdrm_key(struct hdrm_keys *k, const char *word, int argc, int values)
{
	unsigned int i;

	for (i = 0; i < k->n; i++) {
		if (!strcmp(k->seen[i], word)) {
			hdrm_err("%s: \"%s\" is given twice", k->cmd, word);
			return -EINVAL;
		}
	}
	if (argc <= values) {
		hdrm_err("%s: \"%s\" needs a value", k->cmd, word);
		return -EINVAL;
	}
	/* no command has HDRM_KEYS_MAX keywords */
	if (k->n < HDRM_KEYS_MAX)
		k->seen[k->n++] = word;
	return 0;
}

/*
 * A socket that hears the dcb_hdrm monitor group and nlctrl's notify
 * group (which announces the module's unload); *family is the family's
 * id. NULL, with the reason said, when either cannot be joined.
 */
struct nl_sock *hdrm_listen(int *family)
{
	struct nl_sock *sk = nl_socket_alloc();
	int grp;

	if (!sk || genl_connect(sk) < 0) {
		hdrm_err("cannot open a generic netlink socket");
		goto fail;
	}
	grp = genl_ctrl_resolve_grp(sk, DCB_HDRM_FAMILY_NAME,
				    DCB_HDRM_MCGRP_MONITOR);
	if (grp < 0 || nl_socket_add_membership(sk, grp) < 0) {
		hdrm_err("cannot join the dcb_hdrm monitor group");
		goto fail;
	}
	*family = genl_ctrl_resolve(sk, DCB_HDRM_FAMILY_NAME);
	grp = genl_ctrl_resolve_grp(sk, "nlctrl", "notify");
	if (*family < 0 || grp < 0 || nl_socket_add_membership(sk, grp) < 0) {
		hdrm_err("cannot join the nlctrl notify group");
		goto fail;
	}
	nl_socket_disable_seq_check(sk);
	return sk;
fail:
	if (sk)
		nl_socket_free(sk);
	return NULL;
}

/* True for nlctrl's announcement that the dcb_hdrm family went away. */
bool hdrm_is_unload(struct genlmsghdr *g)
{
	struct nlattr *tb[CTRL_ATTR_MAX + 1];

	if (g->cmd != CTRL_CMD_DELFAMILY ||
	    nla_parse(tb, CTRL_ATTR_MAX, genlmsg_attrdata(g, 0),
		      genlmsg_attrlen(g, 0), NULL) < 0 ||
	    !tb[CTRL_ATTR_FAMILY_NAME])
		return false;
	return !strcmp(nla_get_string(tb[CTRL_ATTR_FAMILY_NAME]),
		       DCB_HDRM_FAMILY_NAME);
}

/* Milliseconds on the monotonic clock, for deadlines. */
long long hdrm_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}
