/* SPDX-License-Identifier: GPL-2.0 */
/* A measurement's result as the tool holds it (result.c, report.c). */
#ifndef DCB_HDRM_RESULT_H
#define DCB_HDRM_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "dcb-hdrm.h"

struct prio_res {
	bool valid;
	bool unsized;		/* maximum frame beyond the arithmetic */
	uint32_t max_frame;
	uint64_t bytes, cells;
	uint64_t inflight;	/* (t + 2 x precision) x speed, from the kernel */
};

struct result {
	uint32_t ifindex;
	char ifname[32];
	uint32_t session, status, mode, estimator, timestamping;
	uint32_t encap;			/* enum dcb_hdrm_encap, never auto */
	uint32_t sent, received, lost, late;
	bool has_rtt;
	uint64_t est, min, median, p99, max, stddev, turnaround;
	uint32_t precision, speed, k_bytes, measure_frame, cell;
	uint32_t duration_us;
	uint64_t age_ms;
	struct prio_res prio[HDRM_PRIOS];
	struct hdrm_applied_info applied;
	uint32_t source;		/* enum dcb_hdrm_source */
	struct hdrm_push_info push;
};

/* What the prompt and the report need of a device message. */
struct dev_view {
	uint32_t ifindex;
	char ifname[32];
	struct hdrm_dcb_state st;
	struct hdrm_peer_info peer;
	uint32_t mtu;
	/* the last successful local measurement, as a result (last-measured) */
	bool has_last;
	struct result last;
};

int dev_view_cb(struct nlattr *attrs, int len, void *arg);
void manual_command(char *how, size_t len, const char *ifname,
		    const struct result *prev, const struct hdrm_dcb_state *st);
const char *manual_why(const struct dev_view *dev, uint32_t status);
int result_parse(struct nlattr *attrs, int len, struct result *r);
int result_parse_cb(struct nlattr *attrs, int len, void *arg);
void result_print(struct hdrm_ctx *ctx, const struct result *r);
void result_json_members(struct jw *w, const struct result *r);
void result_text(const struct result *r);
int result_status_exit(const struct result *r);
int hdrm_ntf_result(struct nl_msg *msg, int family, struct result *r,
		    uint8_t *cmd, bool *unloaded);
/* report.c: the device's DCB state against the result, and the savings */
void report_json(struct jw *w, const struct result *r,
		 const struct hdrm_dcb_state *st, uint32_t mtu);
void report_text(const struct result *r, const struct hdrm_dcb_state *st,
		 uint32_t mtu);

#endif
