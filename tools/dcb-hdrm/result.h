/* SPDX-License-Identifier: GPL-2.0 */
/* A measurement's result as the tool holds it (result.c). */
#ifndef DCB_HDRM_RESULT_H
#define DCB_HDRM_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "dcb-hdrm.h"
#include "dcbstate.h"
#include "peer.h"
#include "hdrm_ptp.h"

/* a PTP port identity: clockIdentity, then portNumber (big-endian) */
#define HDRM_PORT_ID_LEN	10
/* as ptp4l and pmc print it: "0c42a1.fffe.000007-1" (hdrm_ptp.h) */
#define HDRM_PORT_ID_STR	HDRM_PTP_PID_STR_LEN

struct prio_res {
	bool valid;
	bool unsized;		/* maximum frame beyond the arithmetic */
	uint32_t max_frame;
	uint64_t bytes, cells;
	uint64_t packed;	/* the frames' bytes, packed perfectly */
	uint64_t inflight;	/* (t + 2 x precision) x speed, from the kernel */
	/* by the driver's model (result-get only) */
	bool has_eff, has_best;
	uint64_t eff, eff_cells, best;
};

/* last-measured's manual setting, by the driver's model (nl_dev.c) */
struct manual_info {
	bool present;
	uint32_t model;			/* enum dcb_hdrm_model in use */
	bool has_delay;
	uint32_t delay, delay_unit;
	uint32_t grow_mask, take_mask;	/* buffers in grow[], in take[] */
	uint32_t grow[HDRM_BUFFERS], take[HDRM_BUFFERS];
	uint32_t error;			/* positive errno: no setting */
	uint32_t rule;			/* enum dcb_hdrm_apply_rule */
	uint64_t rule_have, rule_need;
};

/* The response nest: the peer's pause response, measured (response.c). */
#define RESPONSE_FIGURES	8
#define RESPONSE_MAX_REPEATS	16

struct response_info {
	bool present;
	uint32_t prio;
	bool passive;			/* the peer's own traffic, no stream */
	uint32_t end;			/* enum dcb_hdrm_response_end */
	bool has_reason;
	uint32_t reason;		/* enum dcb_hdrm_push_reason */
	uint32_t repeats, ok;
	uint32_t ran;			/* status[] holds these */
	uint32_t status[RESPONSE_MAX_REPEATS];	/* ..._response_status */
	bool has_link;			/* what the figures used */
	uint64_t rtt_ns, pause_ns;
	uint32_t speed, timestamping, frames, overflow;
	bool has_stream;		/* what the peer granted */
	uint32_t frame_len, duration_us;
	/* least, median, greatest; in response_figure_keys' order */
	bool has_figures;
	uint64_t fig[RESPONSE_FIGURES][3];
};

extern const char *const response_figure_keys[RESPONSE_FIGURES];
extern const char *const hdrm_response_end_names[DCB_HDRM_RESPONSE_END_ERROR + 1];
extern const char *const hdrm_response_status_names[DCB_HDRM_RESPONSE_STATUS_IDLE + 1];
int response_parse(struct nlattr *nest, struct response_info *ri);
void response_print(struct out *o, const struct response_info *ri);
int response_exit(const char *name, const struct response_info *ri);

struct result {
	uint32_t ifindex;
	char ifname[32];
	uint32_t session, status, mode, estimator, timestamping;
	uint32_t encap;			/* enum dcb_hdrm_encap, never auto */
	uint32_t sent, received, lost, late;
	bool has_rtt;
	uint64_t est, min, median, p99, max, stddev, turnaround;
	uint32_t precision, speed, k_bytes, measure_frame, cell;
	bool has_k_source;		/* not from older modules */
	uint32_t k_source;		/* enum dcb_hdrm_k_source */
	uint32_t k_table_bytes;		/* the table's K at the speed */
	bool has_cell_source;
	uint32_t cell_source;		/* enum dcb_hdrm_cell_source */
	uint32_t small_pct, occupancy;	/* percent; the factor, per mille */
	uint32_t link_frame;		/* the link's largest frame */
	uint32_t duration_us;
	uint64_t age_ms;
	struct prio_res prio[HDRM_PRIOS];
	struct hdrm_applied_info applied;
	uint32_t source;		/* enum dcb_hdrm_source */
	struct hdrm_push_info push;
	/*
	 * The timestamps, as a local measurement reports them (has_ts): the
	 * mode asked for, where the precision came from; a pushed headroom
	 * has none.
	 */
	bool has_ts;
	uint32_t ts_mode, precision_source;
	bool has_rate_ratio;		/* absent when the probes were too short */
	int32_t rate_ratio;		/* the peer's clock against ours, ppb */
	uint32_t two_step, followup_missing;
	bool has_model;			/* result-get: the driver's model */
	uint32_t model;			/* enum dcb_hdrm_model */
	bool has_owner;			/* result-get, mlx5 with buffers */
	uint32_t owner;			/* enum dcb_hdrm_buffer_owner */
	bool has_cable;
	uint32_t cable_cm;		/* the equivalent cable, centimetres */
	/*
	 * The exchange that took the timestamps (a local result of a module
	 * that has pdelay; without it, hdrm), and for pdelay who answered
	 * and in how many steps.
	 */
	bool has_method;
	uint32_t method;		/* enum dcb_hdrm_method: hdrm, pdelay, ptp4l */
	bool has_responder;
	uint8_t responder[HDRM_PORT_ID_LEN];
	bool has_steps;
	uint32_t steps;			/* 1: one-step, 2: two-step */
	struct manual_info manual;	/* last-measured only */
	struct response_info response;	/* measure ... response prio P */
};

/*
 * A measurement's result as its notifications bring it (measure's wait):
 * the latest copy, with the apply and the push as their own
 * notifications had them, and the response once a copy had it
 * (hdrm_result_follow()).
 */
struct result_follow {
	bool found, applied, pushed;
	struct result r;
	struct hdrm_applied_info applied_info;
	struct hdrm_push_info push_info;
	struct response_info response;	/* from the copy that had one */
};

extern const char *const hdrm_status_names[DCB_HDRM_STATUS_NO_HW_TIMESTAMPS + 1];
extern const char *const hdrm_ts_mode_names[DCB_HDRM_TS_MODE_HOOK + 1];
extern const char *const hdrm_timestamping_names[DCB_HDRM_TIMESTAMPING_HARDWARE + 1];
extern const char *const hdrm_precision_source_names[DCB_HDRM_PRECISION_SOURCE_SAMPLES + 1];
extern const char *const hdrm_mode_names[DCB_HDRM_MODE_2TS + 1];
extern const char *const hdrm_estimator_names[DCB_HDRM_ESTIMATOR_MAX + 1];
extern const char *const hdrm_model_names[DCB_HDRM_MODEL_NONE + 1];
extern const char *const hdrm_method_names[DCB_HDRM_METHOD_PTP4L + 1];
const char *hdrm_port_id_str(char *buf, size_t len, const uint8_t *id);
int result_parse(struct nlattr *attrs, int len, struct result *r);
int result_parse_cb(struct nlattr *attrs, int len, void *arg);
int result_last_parse(struct nlattr *nest, const char *ifname,
		      struct result *r);
int hdrm_ntf_result(struct nl_msg *msg, int family, struct result *r,
		    uint8_t *cmd, bool *unloaded);
void hdrm_result_follow(struct result_follow *f, const struct result *r,
			uint8_t cmd);
void hdrm_result_print(struct out *o, const struct result *r);
void result_json_members(struct jw *w, const struct result *r);
void result_text(const struct result *r);
void hdrm_k_print(struct out *o, uint32_t k_bytes, uint32_t speed);
/* simulate.c: the measured link played back by the PFC loop simulator */
void sim_result_print(struct out *o, const struct result *r);
void sim_result_json(struct jw *w, const struct result *r);
void sim_result_text(const struct result *r);

#endif
