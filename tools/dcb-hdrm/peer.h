/* SPDX-License-Identifier: GPL-2.0 */
/* The peer's capability, and what it made of a push (peer.c). */
#ifndef DCB_HDRM_PEER_H
#define DCB_HDRM_PEER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dcb-hdrm.h"

struct hdrm_peer_info {
	bool present;
	bool auto_hdrm, has_accept_push, accept_push;
	uint32_t via;
	uint64_t age_ms;
	/* its timestamping, from the capability exchange (not from LLDP) */
	bool has_two_step, two_step;
	bool has_hw_timestamping, hw_timestamping;
	bool has_hw_resolution;
	uint32_t hw_resolution;		/* ns */
};

struct hdrm_push_info {
	bool present;
	uint32_t v[DCB_HDRM_A_PUSH_MAX + 1];	/* by attribute */
};

extern const char *const hdrm_push_status_names[4];
int hdrm_peer_parse(struct nlattr *nest, struct hdrm_peer_info *p);
void hdrm_peer_print(struct out *o, const struct hdrm_peer_info *p);
void hdrm_peer_json(struct jw *w, const struct hdrm_peer_info *p);
void hdrm_peer_text(const struct hdrm_peer_info *p);
int hdrm_push_parse(struct nlattr *nest, struct hdrm_push_info *p);
const char *hdrm_push_why(const struct hdrm_push_info *p, char *buf,
			  size_t len);
void hdrm_push_print(struct out *o, const struct hdrm_push_info *p);
void hdrm_push_json(struct jw *w, const struct hdrm_push_info *p);
void hdrm_push_text(const struct hdrm_push_info *p);

#endif
