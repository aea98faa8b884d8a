/* SPDX-License-Identifier: GPL-2.0 */
/* A device's PFC and buffers, and what an apply wrote (dcbstate.c). */
#ifndef DCB_HDRM_DCBSTATE_H
#define DCB_HDRM_DCBSTATE_H

#include <stdbool.h>
#include <stdint.h>

#include "dcb-hdrm.h"

struct hdrm_buf {
	uint32_t present;		/* bit i: buffer i was reported */
	uint8_t prio2buffer[HDRM_PRIOS];
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
	bool has_delay;			/* the delay was written or tried */
	uint32_t model;			/* enum dcb_hdrm_model */
	uint32_t rule;			/* enum dcb_hdrm_apply_rule */
	uint64_t rule_have, rule_need;
	uint32_t rule_buffer;
	bool partial;			/* buffers written and not put back */
	bool buffers_taken;		/* mlx5: taken from the firmware */
};

extern const char *const hdrm_apply_names[4];
extern const char *const hdrm_delay_unit_names[3];
int hdrm_dcb_state_parse(struct nlattr *nest, struct hdrm_dcb_state *s);
int hdrm_applied_parse(struct nlattr *nest, struct hdrm_applied_info *a);
void hdrm_dcb_state_print(struct out *o, const char *key,
			  const struct hdrm_dcb_state *s);
void hdrm_dcb_state_json(struct jw *w, const char *key,
			 const struct hdrm_dcb_state *s);
void hdrm_dcb_state_text(const struct hdrm_dcb_state *s);
void hdrm_applied_print(struct out *o, const struct hdrm_applied_info *a);
void hdrm_applied_json(struct jw *w, const struct hdrm_applied_info *a);
void hdrm_applied_text(const struct hdrm_applied_info *a);
const char *hdrm_applied_why(const struct hdrm_applied_info *a);
const char *hdrm_applied_state(const struct hdrm_applied_info *a);

#endif
