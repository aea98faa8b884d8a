/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every file of the tool shares: the exit statuses, the context,
 * util.c's helpers and each object's entry point. An object's own structs
 * are in its own header (dev.h, result.h, dcbstate.h, peer.h).
 */
#ifndef DCB_HDRM_TOOL_H
#define DCB_HDRM_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/dcb_hdrm.h>

#include "hdrm_compat.h"
#include "json.h"
#include "nl.h"
#include "out.h"

/* Exit statuses, documented in dcb-hdrm(8). */
#define EXIT_USAGE	1	/* bad command line or input */
#define EXIT_KERNEL	2	/* the kernel refused or netlink failed */
#define EXIT_NOMODULE	3	/* the dcb_hdrm module is not loaded */
#define EXIT_NOREPLY	4	/* the peer never answered a measurement */
#define EXIT_MANUAL	5	/* the peer lacks auto-HDRM: set it by hand */

struct hdrm_ctx {
	bool json;
	bool pretty;
	bool stats;			/* -s: the counters, in text too */
	struct jw jw;
	struct hdrm_nl nl;
	bool nl_open;
};

/* What an object's printer writes to: -j's JSON, else text on stdout. */
static inline void hdrm_out(struct hdrm_ctx *ctx, struct out *o)
{
	if (ctx->json)
		out_init_json(o, &ctx->jw);
	else
		out_init_text(o, stdout);
}

/* util.c */
void hdrm_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
unsigned long hdrm_err_batch(const char *file, unsigned long line);
bool hdrm_matches(const char *arg, const char *word);
int hdrm_parse_u32(const char *what, const char *s, uint32_t min,
		   uint32_t max, uint32_t *out);
int hdrm_parse_ifindex(const char *name, uint32_t *ifindex);
/*
 * A byte size as iproute2's dcb buffer reads one: a number (decimal, with
 * an optional fraction, or 0x hex) and an optional suffix, any case, of
 * HDRM_SIZE_SUFFIXES (K, M, G: 1024-based; kbit = 128 bytes); it must come
 * to whole bytes. hdrm_parse_size*() check it is within min..max and say
 * what was expected when not; hdrm_size_value() says nothing.
 */
#define HDRM_SIZE_SUFFIXES "B, K, KB, M, MB, G, GB, kbit, mbit or gbit"
int hdrm_size_value(const char *s, uint64_t *out);
int hdrm_parse_size(const char *what, const char *s, uint64_t min,
		    uint64_t max, uint64_t *out);
int hdrm_parse_size_u32(const char *what, const char *s, uint32_t min,
			uint32_t max, uint32_t *out);
/* PRIO:VALUE, PRIO 0..7 or all: the priorities named, a bit each */
int hdrm_prio_word(const char *word, uint32_t *prios, const char **value);
int hdrm_parse_word(const char *what, const char *s, const char *const *words,
		    unsigned int n, uint32_t *out);

/*
 * The keywords a command's words have given, so that a second one is
 * refused instead of the last taken: "simulate speed 25000 ... speed
 * 10000" is an error, as it is in no command of dcb's.
 */
#define HDRM_KEYS_MAX	32
struct hdrm_keys {
	const char *cmd;		/* the command, as its errors name it */
	const char *seen[HDRM_KEYS_MAX];
	unsigned int n;
};
int hdrm_key(struct hdrm_keys *k, const char *word, int argc, int values);
int hdrm_connect(struct hdrm_ctx *ctx);
int hdrm_kernel_err(struct hdrm_ctx *ctx, const char *what, int err);
struct nl_sock *hdrm_listen(int *family);
bool hdrm_is_unload(struct genlmsghdr *g);
long long hdrm_now_ms(void);

const char *hdrm_name(const char *const *names, unsigned int n, uint32_t v);
/* names[v], or "unknown" past the table's end */
#define HDRM_NAME(tbl, v) hdrm_name(tbl, sizeof(tbl) / sizeof(tbl[0]), v)

/* the objects, one file each, dispatched by main() */
int hdrm_cmd_dev(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_measure(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_show(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_monitor(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_lldp(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_simulate(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_watchdog(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_metrics(struct hdrm_ctx *ctx, int argc, char **argv);

#endif
