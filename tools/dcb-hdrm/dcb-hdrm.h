/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DCB_HDRM_TOOL_H
#define DCB_HDRM_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/dcb_hdrm.h>

#include "hdrm_compat.h"
#include "json.h"
#include "nl.h"

/* Exit statuses, documented in dcb-hdrm(8). */
#define EXIT_USAGE	1	/* bad command line or input */
#define EXIT_KERNEL	2	/* the kernel refused or netlink failed */
#define EXIT_NOMODULE	3	/* the dcb_hdrm module is not loaded */
#define EXIT_NOREPLY	4	/* the peer never answered a measurement */
#define EXIT_MANUAL	5	/* the peer lacks auto-HDRM: set it by hand */

struct hdrm_ctx {
	bool json;
	bool pretty;
	struct jw jw;
	struct hdrm_nl nl;
	bool nl_open;
};

/* util.c */
void hdrm_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool hdrm_matches(const char *arg, const char *word);
int hdrm_parse_u32(const char *what, const char *s, uint32_t min,
		   uint32_t max, uint32_t *out);
int hdrm_parse_ifindex(const char *name, uint32_t *ifindex);
int hdrm_parse_word(const char *what, const char *s, const char *const *words,
		    unsigned int n, uint32_t *out);
int hdrm_connect(struct hdrm_ctx *ctx);
int hdrm_kernel_err(struct hdrm_ctx *ctx, const char *what, int err);
struct nl_sock *hdrm_listen(int *family);
bool hdrm_is_unload(struct genlmsghdr *g);

const char *hdrm_name(const char *const *names, unsigned int n, uint32_t v);
/* names[v], or "unknown" past the table's end */
#define HDRM_NAME(tbl, v) hdrm_name(tbl, sizeof(tbl) / sizeof(tbl[0]), v)

/* dcbstate.c: a device's PFC and buffers, and what an apply wrote */
struct hdrm_buf {
	uint32_t present;		/* bit i: buffer i was reported */
	uint8_t prio2buffer[HDRM_BUFFERS];
	uint32_t size[HDRM_BUFFERS];
	uint32_t size_old[HDRM_BUFFERS];
	uint64_t wanted[HDRM_BUFFERS];
	uint32_t lossless;		/* bit i: buffer i is lossless */
	uint32_t total;
};

struct hdrm_dcb_state {
	bool present;
	char driver[32];
	bool has_pfc;
	uint32_t pfc_cap, pfc_en, pfc_delay, delay_unit;
	bool has_buf;
	struct hdrm_buf buf;
};

struct hdrm_applied_info {
	bool present;
	uint32_t session, method, error, delay_unit;
	uint32_t delay_old, delay_new;
	uint64_t delay_wanted;
	bool clamped;
	struct hdrm_buf buf;
};

extern const char *const hdrm_apply_names[4];
extern const char *const hdrm_delay_unit_names[3];
int hdrm_dcb_state_parse(struct nlattr *nest, struct hdrm_dcb_state *s);
int hdrm_applied_parse(struct nlattr *nest, struct hdrm_applied_info *a);
void hdrm_dcb_state_json(struct jw *w, const char *key,
			 const struct hdrm_dcb_state *s);
void hdrm_dcb_state_text(const struct hdrm_dcb_state *s);
void hdrm_applied_json(struct jw *w, const struct hdrm_applied_info *a);
void hdrm_applied_text(const struct hdrm_applied_info *a);
const char *hdrm_applied_why(const struct hdrm_applied_info *a);

/* peer.c: the peer's capability, and what it made of a push */
struct hdrm_peer_info {
	bool present;
	bool auto_hdrm, has_accept_push, accept_push;
	uint32_t via;
	uint64_t age_ms;
};

struct hdrm_push_info {
	bool present;
	uint32_t v[DCB_HDRM_A_PUSH_MAX + 1];	/* by attribute */
};

extern const char *const hdrm_push_status_names[4];
int hdrm_peer_parse(struct nlattr *nest, struct hdrm_peer_info *p);
void hdrm_peer_json(struct jw *w, const struct hdrm_peer_info *p);
void hdrm_peer_text(const struct hdrm_peer_info *p);
int hdrm_push_parse(struct nlattr *nest, struct hdrm_push_info *p);
const char *hdrm_push_why(const struct hdrm_push_info *p, char *buf,
			  size_t len);
void hdrm_push_json(struct jw *w, const struct hdrm_push_info *p);
void hdrm_push_text(const struct hdrm_push_info *p);

/* one file per object */
int hdrm_cmd_dev(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_measure(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_show(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_monitor(struct hdrm_ctx *ctx, int argc, char **argv);
int hdrm_cmd_lldp(struct hdrm_ctx *ctx, int argc, char **argv);

#endif
