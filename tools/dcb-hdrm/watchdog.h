/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PFC watchdog of a device as the module reports it (watchdog-get and
 * watchdog-ntf), and the words of "watchdog set".
 */
#ifndef DCB_HDRM_WATCHDOG_H
#define DCB_HDRM_WATCHDOG_H

#include <stdint.h>

#include "dcb-hdrm.h"

/* one priority under the watchdog (a wd-prio nest) */
struct wd_prio {
	uint32_t prio;
	uint32_t state;			/* enum dcb_hdrm_wd_state */
	uint32_t direction;		/* enum dcb_hdrm_wd_direction */
	uint32_t storms;
	uint32_t last_storm_ms;
	uint64_t last_storm_start_ns;	/* CLOCK_MONOTONIC; 0: none */
	uint64_t last_storm_detect_ns;
	uint64_t last_storm_restore_ns;	/* 0: still on, or none */
	bool has_last_action;
	uint32_t last_action;		/* enum dcb_hdrm_wd_action */
	bool pfc_off;
	uint32_t action_error;		/* errno; 0: none */
	bool has_requests, has_indications, has_tx_packets;
	uint64_t requests, indications, tx_packets;
	/* absent from a module from before storm-limit (issue 28) */
	bool has_last_storm_gap, has_held_count, has_restore_pending;
	uint32_t last_storm_gap_us;	/* the longest poll gap, detecting */
	uint32_t held_count;
	bool restore_pending;
};

/* the last storms' detection and restoration times the module keeps */
#define WD_LATENCY_MAX	32

/* a watchdog message, all of it */
struct wd_info {
	uint32_t ifindex;
	char ifname[32];
	bool state;
	uint32_t action;		/* enum dcb_hdrm_wd_action */
	uint32_t detect_ms, restore_ms, poll_ms;
	uint32_t progress;		/* enum dcb_hdrm_wd_progress */
	bool running;
	uint32_t counter_refresh_ms;	/* the driver's; 0: at each read */
	bool counters_swapped;
	uint64_t polls, poll_errors, action_errors;
	/* absent from a module from before storm-limit (issue 28) */
	bool has_storm_limit, has_storm_period, has_recovery;
	uint32_t storm_limit, storm_period_ms;
	uint32_t recovery;		/* enum dcb_hdrm_wd_recovery */
	/* us, oldest first: the newest WD_LATENCY_MAX kept */
	unsigned int n_detect_latency, n_restore_latency;
	uint32_t detect_latency[WD_LATENCY_MAX];
	uint32_t restore_latency[WD_LATENCY_MAX];
	unsigned int n_prio;
	struct wd_prio prio[HDRM_PRIOS];
	/* watchdog-ntf only */
	bool has_event;
	uint32_t event;			/* enum dcb_hdrm_wd_event */
	uint32_t event_prio;
};

extern const char *const wd_action_names[3];
extern const char *const wd_state_names[3];
extern const char *const wd_recovery_names[2];
extern const char *const wd_direction_names[4];
extern const char *const wd_progress_names[2];
extern const char *const wd_event_names[6];

/* the words of "watchdog set", read but not yet sent */
#define WD_SET_STATE		(1u << 0)
#define WD_SET_ACTION		(1u << 1)
#define WD_SET_DETECT		(1u << 2)
#define WD_SET_RESTORE		(1u << 3)
#define WD_SET_POLL		(1u << 4)
#define WD_SET_STORM_LIMIT	(1u << 5)
#define WD_SET_STORM_PERIOD	(1u << 6)
#define WD_SET_RECOVERY		(1u << 7)

struct wd_set {
	const char *name;		/* DEV, or NULL */
	uint32_t given;			/* WD_SET_* */
	uint32_t state, action, detect_ms, restore_ms, poll_ms;
	uint32_t storm_limit, storm_period_ms, recovery;
};

/* the words of "watchdog recover" */
struct wd_recover {
	const char *name;		/* DEV, or NULL */
	bool has_prio;
	uint32_t prio;
};

/* a distribution of latencies, in tenths of ms (0.1 ms), rounded */
struct wd_dist {
	unsigned int count;		/* 0: none, the rest unset */
	uint32_t min, median, p90, max;
};

int wd_parse(struct nlattr *attrs, int len, struct wd_info *w);
/* @now_ns: CLOCK_MONOTONIC now, for the last storm's age (0: none) */
void wd_print_json(struct jw *jw, const struct wd_info *w, bool stats,
		   uint64_t now_ns);
void wd_print_text(const struct wd_info *w, bool stats, uint64_t now_ns);
/* a watchdog-ntf, as monitor prints it */
void wd_ntf_print(struct out *o, const struct wd_info *w);
void wd_ntf_text(const struct wd_info *w);
void wd_ntf_json(struct jw *jw, const struct wd_info *w);
/* "watchdog set"'s words: 0, 1 for help (printed), or -EINVAL, said */
int wd_set_parse(int argc, char **argv, struct wd_set *s);
/* "watchdog recover"'s words: 0, 1 for help (printed), or -EINVAL, said */
int wd_recover_parse(int argc, char **argv, struct wd_recover *r);
/*
 * wd_dist() - count, min, median (the lower middle), p90 (nearest rank)
 * and max of @n latencies @us, in tenths of ms; @us is left as it was.
 * No I/O: watchdog show -s prints it, the unit tests check it.
 */
void wd_dist(const uint32_t *us, unsigned int n, struct wd_dist *d);
/*
 * A kernel refusal in one line, as hdrm_kernel_err(); EOPNOTSUPP without a
 * reason is a module from before the watchdog. Return: EXIT_KERNEL.
 */
int wd_kernel_err(struct hdrm_ctx *ctx, const char *what, int err);
/* the age of @then_ns at @now_ns, as "412 ms", "3.2 s", "5m07s", "2h05m" */
void wd_age_text(char *buf, size_t len, uint64_t then_ns, uint64_t now_ns);
uint64_t wd_now_ns(void);

#endif
