// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm watchdog: the module's PFC watchdog of a device, which polls the
 * driver's per-priority PFC counters and, on a pause storm, alerts or turns
 * the priority's PFC off until the storm is over (watchdog-get,
 * watchdog-set); and the watchdog-ntf lines monitor prints.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "dev.h"
#include "hdrm_limits.h"
#include "watchdog.h"

/* the uAPI's enums, in their order (test_watchdog checks them) */
const char *const wd_action_names[3] = {
	[DCB_HDRM_WD_ACTION_ALERT]	= "alert",
	[DCB_HDRM_WD_ACTION_DROP]	= "drop",
	[DCB_HDRM_WD_ACTION_FORWARD]	= "forward",
};

const char *const wd_state_names[3] = {
	[DCB_HDRM_WD_STATE_OK]		= "ok",
	[DCB_HDRM_WD_STATE_STORMED]	= "stormed",
	[DCB_HDRM_WD_STATE_HELD]	= "held",
};

const char *const wd_recovery_names[2] = {
	[DCB_HDRM_WD_RECOVERY_AUTO]	= "auto",
	[DCB_HDRM_WD_RECOVERY_MANUAL]	= "manual",
};

const char *const wd_direction_names[4] = {
	[DCB_HDRM_WD_DIRECTION_NONE]	 = "none",
	[DCB_HDRM_WD_DIRECTION_RECEIVED] = "received",
	[DCB_HDRM_WD_DIRECTION_SENT]	 = "sent",
	[DCB_HDRM_WD_DIRECTION_BOTH]	 = "both",
};

const char *const wd_progress_names[2] = {
	[DCB_HDRM_WD_PROGRESS_NONE]		= "none",
	[DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS]	= "tx-prio-packets",
};

const char *const wd_event_names[6] = {
	[DCB_HDRM_WD_EVENT_STORM]	= "storm",
	[DCB_HDRM_WD_EVENT_RESTORED]	= "restored",
	[DCB_HDRM_WD_EVENT_STOPPED]	= "stopped",
	[DCB_HDRM_WD_EVENT_HELD]	= "held",
	[DCB_HDRM_WD_EVENT_RECOVERED]	= "recovered",
	[DCB_HDRM_WD_EVENT_RESTORE_FAILED] = "restore-failed",
};

static const char *const off_on[] = { "off", "on" };

static struct nla_policy wd_policy[DCB_HDRM_A_WATCHDOG_MAX + 1] = {
	[DCB_HDRM_A_WATCHDOG_IFINDEX]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_IFNAME]	= { .type = NLA_STRING },
	[DCB_HDRM_A_WATCHDOG_STATE]	= { .type = NLA_U8 },
	[DCB_HDRM_A_WATCHDOG_ACTION]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_DETECT_MS]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_RESTORE_MS] = { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_POLL_MS]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_PROGRESS]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_RUNNING]	= { .type = NLA_U8 },
	[DCB_HDRM_A_WATCHDOG_POLLS]	= { .type = NLA_U64 },
	[DCB_HDRM_A_WATCHDOG_POLL_ERRORS] = { .type = NLA_U64 },
	[DCB_HDRM_A_WATCHDOG_ACTION_ERRORS] = { .type = NLA_U64 },
	[DCB_HDRM_A_WATCHDOG_PRIO]	= { .type = NLA_NESTED },
	[DCB_HDRM_A_WATCHDOG_EVENT]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_EVENT_PRIO] = { .type = NLA_U8 },
	[DCB_HDRM_A_WATCHDOG_COUNTER_REFRESH_MS] = { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_COUNTERS_SWAPPED] = { .type = NLA_U8 },
	[DCB_HDRM_A_WATCHDOG_STORM_LIMIT] = { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS] = { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_RECOVERY]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_RECOVER_PRIO] = { .type = NLA_U8 },
	[DCB_HDRM_A_WATCHDOG_DETECT_LATENCY] = { .type = NLA_U32 },
	[DCB_HDRM_A_WATCHDOG_RESTORE_LATENCY] = { .type = NLA_U32 },
};

static struct nla_policy wd_prio_policy[DCB_HDRM_A_WD_PRIO_MAX + 1] = {
	[DCB_HDRM_A_WD_PRIO_PRIO]	= { .type = NLA_U8 },
	[DCB_HDRM_A_WD_PRIO_STATE]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_DIRECTION]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_STORMS]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_LAST_STORM_START] = { .type = NLA_U64 },
	[DCB_HDRM_A_WD_PRIO_LAST_STORM_DETECT] = { .type = NLA_U64 },
	[DCB_HDRM_A_WD_PRIO_LAST_STORM_RESTORE] = { .type = NLA_U64 },
	[DCB_HDRM_A_WD_PRIO_LAST_STORM_MS] = { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_LAST_ACTION] = { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_PFC_OFF]	= { .type = NLA_U8 },
	[DCB_HDRM_A_WD_PRIO_ACTION_ERROR] = { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_REQUESTS]	= { .type = NLA_U64 },
	[DCB_HDRM_A_WD_PRIO_INDICATIONS] = { .type = NLA_U64 },
	[DCB_HDRM_A_WD_PRIO_TX_PACKETS]	= { .type = NLA_U64 },
	[DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP] = { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_HELD_COUNT]	= { .type = NLA_U32 },
	[DCB_HDRM_A_WD_PRIO_RESTORE_PENDING] = { .type = NLA_U8 },
};

static int wd_prio_parse(struct nlattr *nest, struct wd_prio *p)
{
	struct nlattr *tb[DCB_HDRM_A_WD_PRIO_MAX + 1];

	memset(p, 0, sizeof(*p));
	if (nla_parse_nested(tb, DCB_HDRM_A_WD_PRIO_MAX, nest,
			     wd_prio_policy) < 0 ||
	    !tb[DCB_HDRM_A_WD_PRIO_PRIO])
		return -EPROTO;
	p->prio = nla_get_u8(tb[DCB_HDRM_A_WD_PRIO_PRIO]);
	if (p->prio >= HDRM_PRIOS)
		return -EPROTO;
	p->state = hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_STATE);
	p->direction = hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_DIRECTION);
	p->storms = hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_STORMS);
	p->last_storm_start_ns =
		hdrm_nla_u64(tb, DCB_HDRM_A_WD_PRIO_LAST_STORM_START);
	p->last_storm_detect_ns =
		hdrm_nla_u64(tb, DCB_HDRM_A_WD_PRIO_LAST_STORM_DETECT);
	p->last_storm_restore_ns =
		hdrm_nla_u64(tb, DCB_HDRM_A_WD_PRIO_LAST_STORM_RESTORE);
	p->last_storm_ms = hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_LAST_STORM_MS);
	p->has_last_action = tb[DCB_HDRM_A_WD_PRIO_LAST_ACTION];
	p->last_action = hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_LAST_ACTION);
	p->pfc_off = tb[DCB_HDRM_A_WD_PRIO_PFC_OFF] &&
		     nla_get_u8(tb[DCB_HDRM_A_WD_PRIO_PFC_OFF]);
	p->action_error = hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_ACTION_ERROR);
	p->has_requests = tb[DCB_HDRM_A_WD_PRIO_REQUESTS];
	p->requests = hdrm_nla_u64(tb, DCB_HDRM_A_WD_PRIO_REQUESTS);
	p->has_indications = tb[DCB_HDRM_A_WD_PRIO_INDICATIONS];
	p->indications = hdrm_nla_u64(tb, DCB_HDRM_A_WD_PRIO_INDICATIONS);
	p->has_tx_packets = tb[DCB_HDRM_A_WD_PRIO_TX_PACKETS];
	p->tx_packets = hdrm_nla_u64(tb, DCB_HDRM_A_WD_PRIO_TX_PACKETS);
	p->has_last_storm_gap = tb[DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP];
	p->last_storm_gap_us =
		hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP);
	p->has_held_count = tb[DCB_HDRM_A_WD_PRIO_HELD_COUNT];
	p->held_count = hdrm_nla_u32(tb, DCB_HDRM_A_WD_PRIO_HELD_COUNT);
	p->has_restore_pending = tb[DCB_HDRM_A_WD_PRIO_RESTORE_PENDING];
	p->restore_pending = tb[DCB_HDRM_A_WD_PRIO_RESTORE_PENDING] &&
		nla_get_u8(tb[DCB_HDRM_A_WD_PRIO_RESTORE_PENDING]);
	return 0;
}

/*
 * One latency of a multi-attr list, oldest first: past @max the oldest
 * falls out, so that a module keeping more storms shows its newest.
 */
static int wd_latency_add(struct nlattr *a, uint32_t *lat, unsigned int *n)
{
	if (nla_len(a) != sizeof(uint32_t))
		return -EPROTO;
	if (*n == WD_LATENCY_MAX) {
		memmove(lat, lat + 1, (WD_LATENCY_MAX - 1) * sizeof(*lat));
		(*n)--;
	}
	lat[(*n)++] = nla_get_u32(a);
	return 0;
}

/**
 * wd_parse() - a watchdog message (watchdog-get's reply or a watchdog-ntf)
 * @attrs: its attributes
 * @len: their length
 * @w: filled in; the priorities in the order the module sent them
 *
 * Return: 0, or -EPROTO for a message without ifindex and ifname, with a
 * malformed attribute, a priority past 7 or more than eight priorities.
 */
int wd_parse(struct nlattr *attrs, int len, struct wd_info *w)
{
	struct nlattr *tb[DCB_HDRM_A_WATCHDOG_MAX + 1];
	struct nlattr *nest;
	int rem;

	memset(w, 0, sizeof(*w));
	if (nla_parse(tb, DCB_HDRM_A_WATCHDOG_MAX, attrs, len, wd_policy) < 0 ||
	    !tb[DCB_HDRM_A_WATCHDOG_IFINDEX] || !tb[DCB_HDRM_A_WATCHDOG_IFNAME])
		return -EPROTO;
	w->ifindex = nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_IFINDEX]);
	nla_strlcpy(w->ifname, tb[DCB_HDRM_A_WATCHDOG_IFNAME],
		    sizeof(w->ifname));
	w->state = tb[DCB_HDRM_A_WATCHDOG_STATE] &&
		   nla_get_u8(tb[DCB_HDRM_A_WATCHDOG_STATE]);
	w->action = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_ACTION);
	w->detect_ms = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_DETECT_MS);
	w->restore_ms = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_RESTORE_MS);
	w->poll_ms = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_POLL_MS);
	w->progress = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_PROGRESS);
	w->running = tb[DCB_HDRM_A_WATCHDOG_RUNNING] &&
		     nla_get_u8(tb[DCB_HDRM_A_WATCHDOG_RUNNING]);
	w->counter_refresh_ms =
		hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_COUNTER_REFRESH_MS);
	w->counters_swapped = tb[DCB_HDRM_A_WATCHDOG_COUNTERS_SWAPPED] &&
		nla_get_u8(tb[DCB_HDRM_A_WATCHDOG_COUNTERS_SWAPPED]);
	w->polls = hdrm_nla_u64(tb, DCB_HDRM_A_WATCHDOG_POLLS);
	w->poll_errors = hdrm_nla_u64(tb, DCB_HDRM_A_WATCHDOG_POLL_ERRORS);
	w->action_errors = hdrm_nla_u64(tb, DCB_HDRM_A_WATCHDOG_ACTION_ERRORS);
	w->has_storm_limit = tb[DCB_HDRM_A_WATCHDOG_STORM_LIMIT];
	w->storm_limit = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_STORM_LIMIT);
	w->has_storm_period = tb[DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS];
	w->storm_period_ms =
		hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS);
	w->has_recovery = tb[DCB_HDRM_A_WATCHDOG_RECOVERY];
	w->recovery = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_RECOVERY);
	w->has_event = tb[DCB_HDRM_A_WATCHDOG_EVENT];
	w->event = hdrm_nla_u32(tb, DCB_HDRM_A_WATCHDOG_EVENT);
	if (tb[DCB_HDRM_A_WATCHDOG_EVENT_PRIO])
		w->event_prio = nla_get_u8(tb[DCB_HDRM_A_WATCHDOG_EVENT_PRIO]);
	nla_for_each_attr(nest, attrs, len, rem) {
		if (nla_type(nest) == DCB_HDRM_A_WATCHDOG_DETECT_LATENCY &&
		    wd_latency_add(nest, w->detect_latency,
				   &w->n_detect_latency))
			return -EPROTO;
		if (nla_type(nest) == DCB_HDRM_A_WATCHDOG_RESTORE_LATENCY &&
		    wd_latency_add(nest, w->restore_latency,
				   &w->n_restore_latency))
			return -EPROTO;
		if (nla_type(nest) != DCB_HDRM_A_WATCHDOG_PRIO)
			continue;
		if (w->n_prio == HDRM_PRIOS ||
		    wd_prio_parse(nest, &w->prio[w->n_prio]))
			return -EPROTO;
		w->n_prio++;
	}
	return 0;
}

uint64_t wd_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void wd_age_text(char *buf, size_t len, uint64_t then_ns, uint64_t now_ns)
{
	unsigned long long ms = (now_ns - then_ns) / 1000000;

	if (ms < 1000)
		snprintf(buf, len, "%llu ms", ms);
	else if (ms < 60000)
		snprintf(buf, len, "%llu.%llu s", ms / 1000, ms % 1000 / 100);
	else if (ms < 3600000)
		snprintf(buf, len, "%llum%02llus", ms / 60000, ms % 60000 / 1000);
	else
		snprintf(buf, len, "%lluh%02llum", ms / 3600000,
			 ms % 3600000 / 60000);
}

/* the start of the last storm (its detection where the start is unknown) */
static uint64_t last_storm_ns(const struct wd_prio *p)
{
	return p->last_storm_start_ns ? p->last_storm_start_ns :
					p->last_storm_detect_ns;
}

/* pfc_off's words: the text says whether PFC is on */
static const char *const pfc_words[2] = { "on", "off" };
static const char *const pending_words[2] = { "", " restore-pending" };

/* us to tenths of ms, rounded half up */
static uint64_t us_tenths(uint64_t us)
{
	return (us + 50) / 100;
}

static int wd_u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * As the measurements' statistics (hdrm_stats_compute()): the median the
 * lower middle, p90 the nearest rank, so that each is a latency seen.
 */
void wd_dist(const uint32_t *us, unsigned int n, struct wd_dist *d)
{
	uint32_t sorted[WD_LATENCY_MAX];
	unsigned int rank;

	memset(d, 0, sizeof(*d));
	if (!n)
		return;
	if (n > WD_LATENCY_MAX)
		n = WD_LATENCY_MAX;
	memcpy(sorted, us, n * sizeof(*us));
	qsort(sorted, n, sizeof(*sorted), wd_u32_cmp);
	rank = (n * 90 + 99) / 100;
	d->count = n;
	d->min = us_tenths(sorted[0]);
	d->median = us_tenths(sorted[(n - 1) / 2]);
	d->p90 = us_tenths(sorted[rank - 1]);
	d->max = us_tenths(sorted[n - 1]);
}

/*
 * A latency's distribution: JSON's {count, min, median, p90, max} in ms
 * (null but the count without storms), the text's line
 *   detect-latency 20 storms min 50.1 median 51.0 p90 52.3 max 60.0 ms
 * only when there were storms.
 */
static void wd_dist_print(struct out *o, const char *key, const char *word,
			  const uint32_t *us, unsigned int n)
{
	struct wd_dist d;
	bool was;

	wd_dist(us, n, &d);
	was = out_mute(o, !d.count);
	out_obj_open(o, key);
	/* the text's word before the count: detect-latency 20 storms */
	out_ju64(o, "count", d.count);
	out_text(o, "  %s %u storms", word, d.count);
	if (d.count) {
		out_fixed(o, "min", " min %s", d.min, 1);
		out_fixed(o, "median", " median %s", d.median, 1);
		out_fixed(o, "p90", " p90 %s", d.p90, 1);
		out_fixed(o, "max", " max %s ms\n", d.max, 1);
	} else {
		out_jnull(o, "min");
		out_jnull(o, "median");
		out_jnull(o, "p90");
		out_jnull(o, "max");
	}
	out_obj_close(o);
	out_mute(o, was);
}

/*
 * A priority: JSON's {prio, state, direction, storms, last_storm_ms,
 * last_storm_{start,detect,restore}_ns, last_action, pfc_off,
 * action_error, last_storm_age_ms[, requests, indications, tx_packets]}
 * and the text's line
 *   prio 3: stormed direction received storms 2 last-storm 412 ms (3.2 s ago) action drop pfc off
 * with -s a line of counters below it.
 */
static void wd_prio_print(struct out *o, const struct wd_prio *p, bool stats,
			  uint64_t now_ns)
{
	uint64_t then = last_storm_ns(p);
	/* the text tells of the last storm only when there was one */
	bool storm = p->storms || then;
	bool aged = then && now_ns >= then;
	char age[32], gap[32];

	out_obj_open(o, NULL);
	out_u64(o, "prio", "  prio %llu:", p->prio);
	out_str(o, "state", " %s", HDRM_NAME(wd_state_names, p->state));
	out_str(o, "direction", " direction %s",
		HDRM_NAME(wd_direction_names, p->direction));
	out_u64(o, "storms", " storms %llu", p->storms);
	/* a module from before storm-limit sends none: null */
	if (p->has_held_count)
		out_u64_if(o, "held_count", p->held_count, " held-count %llu",
			   p->held_count);
	else
		out_jnull(o, "held_count");
	out_u64_if(o, "last_storm_ms", storm, " last-storm %llu ms",
		   p->last_storm_ms);
	/* the JSON has the clock's readings, the text the storm's age */
	out_ju64(o, "last_storm_start_ns", p->last_storm_start_ns);
	out_ju64(o, "last_storm_detect_ns", p->last_storm_detect_ns);
	out_ju64(o, "last_storm_restore_ns", p->last_storm_restore_ns);
	if (aged) {
		wd_age_text(age, sizeof(age), then, now_ns);
		out_text(o, " (%s ago)", age);
	}
	/* us in JSON, ms with a decimal in the text */
	out_jopt_u64(o, "last_storm_gap_us", p->has_last_storm_gap,
		     p->last_storm_gap_us);
	if (storm && p->has_last_storm_gap)
		out_text(o, " last-storm-gap %s ms",
			 out_fixed_str(gap, sizeof(gap),
				       us_tenths(p->last_storm_gap_us), 1));
	if (p->has_last_action)
		out_str_if(o, "last_action", storm, " action %s",
			   HDRM_NAME(wd_action_names, p->last_action));
	else
		out_jnull(o, "last_action");
	out_bool(o, "pfc_off", " pfc %s", p->pfc_off, pfc_words);
	out_opt_bool(o, "restore_pending", p->has_restore_pending, "%s",
		     p->restore_pending, pending_words);
	out_u64_if(o, "action_error", p->action_error, " action-error %llu",
		   p->action_error);
	if (p->action_error)
		out_text(o, " (%s)", strerror((int)p->action_error));
	out_text(o, "\n");
	/* beyond the contract: how long ago the last storm started */
	out_jopt_u64(o, "last_storm_age_ms", aged, (now_ns - then) / 1000000);
	if (stats) {
		/* a counter the driver lacks: null in JSON, 0 in the text */
		out_jopt_u64(o, "requests", p->has_requests, p->requests);
		out_jopt_u64(o, "indications", p->has_indications,
			     p->indications);
		out_text(o, "    requests %llu indications %llu",
			 (unsigned long long)p->requests,
			 (unsigned long long)p->indications);
		out_opt_u64(o, "tx_packets", p->has_tx_packets,
			    " tx-packets %llu", p->tx_packets);
		out_text(o, "\n");
	}
	out_obj_close(o);
}

static const char *const swapped_words[2] = {
	"", ", sent and received swapped by the driver",
};

/*
 * One device: JSON's {ifname, ifindex, state, action, detect_ms,
 * restore_ms, poll_ms, running, progress, counter_refresh_ms,
 * counters_swapped, [polls, poll_errors, action_errors,] priorities},
 * and the text's
 *   eth0: state on action drop detect-ms 200 restore-ms 200 poll-ms 50 progress tx-prio-packets running yes
 * with a line per priority, and with -s a line of counters below the
 * device.
 */
static void wd_print(struct out *o, const struct wd_info *w, bool stats,
		     uint64_t now_ns)
{
	bool refreshed = w->counter_refresh_ms || w->counters_swapped;
	unsigned int i;

	out_obj_open(o, NULL);
	out_str(o, "ifname", "%s:", w->ifname);
	out_ju64(o, "ifindex", w->ifindex);
	out_str(o, "state", " state %s", off_on[w->state]);
	out_str(o, "action", " action %s",
		HDRM_NAME(wd_action_names, w->action));
	out_u64(o, "detect_ms", " detect-ms %llu", w->detect_ms);
	out_u64(o, "restore_ms", " restore-ms %llu", w->restore_ms);
	out_u64(o, "poll_ms", " poll-ms %llu", w->poll_ms);
	/* null, and not in the text, from a module from before them */
	out_opt_u64(o, "storm_limit", w->has_storm_limit, " storm-limit %llu",
		    w->storm_limit);
	out_opt_u64(o, "storm_period_ms", w->has_storm_period,
		    " storm-period-ms %llu", w->storm_period_ms);
	out_opt_str(o, "recovery", w->has_recovery, " recovery %s",
		    HDRM_NAME(wd_recovery_names, w->recovery));
	/* the text says whether it runs at the end of its line */
	out_jbool(o, "running", w->running);
	out_str(o, "progress", " progress %s",
		HDRM_NAME(wd_progress_names, w->progress));
	out_text(o, " running %s\n", out_no_yes[w->running]);
	/* the driver's counters, where they are not read at each poll */
	out_u64_if(o, "counter_refresh_ms", refreshed,
		   "  counters refreshed every %llu ms", w->counter_refresh_ms);
	out_bool_if(o, "counters_swapped", refreshed, "%s\n",
		    w->counters_swapped, swapped_words);
	if (stats) {
		out_u64(o, "polls", "  polls %llu", w->polls);
		out_u64(o, "poll_errors", " poll-errors %llu", w->poll_errors);
		out_u64(o, "action_errors", " action-errors %llu\n",
			w->action_errors);
		wd_dist_print(o, "detect_latency_ms", "detect-latency",
			      w->detect_latency, w->n_detect_latency);
		wd_dist_print(o, "restore_latency_ms", "restore-latency",
			      w->restore_latency, w->n_restore_latency);
	}
	out_arr_open(o, "priorities");
	for (i = 0; i < w->n_prio; i++)
		wd_prio_print(o, &w->prio[i], stats, now_ns);
	out_arr_close(o);
	out_obj_close(o);
}

void wd_print_json(struct jw *jw, const struct wd_info *w, bool stats,
		   uint64_t now_ns)
{
	struct out o;

	out_init_json(&o, jw);
	wd_print(&o, w, stats, now_ns);
}

void wd_print_text(const struct wd_info *w, bool stats, uint64_t now_ns)
{
	struct out o;

	out_init_text(&o, stdout);
	wd_print(&o, w, stats, now_ns);
}

static const struct wd_prio *wd_event_prio(const struct wd_info *w)
{
	unsigned int i;

	for (i = 0; i < w->n_prio; i++)
		if (w->prio[i].prio == w->event_prio)
			return &w->prio[i];
	return NULL;
}

/*
 * The last storm's timing, as the module measured it (issue 28): JSON's
 * onset_ms and declared_ms (CLOCK_MONOTONIC, whole ms), detect_ms_taken
 * (the one less the other) and poll_gap_ms (the longest time between two
 * polls while it was detected), null where unknown; the text's words
 *   ; onset at 10000 ms, declared at 10200 ms, detection took 200 ms,
 *   polls up to 50.0 ms apart
 * when @words, for the events that declare a storm.
 */
static void wd_ntf_timing(struct out *o, const struct wd_prio *p, bool words)
{
	uint64_t onset = p->last_storm_start_ns / 1000000;
	uint64_t declared = p->last_storm_detect_ns / 1000000;
	bool has_onset = p->last_storm_start_ns;
	bool has_declared = p->last_storm_detect_ns;
	bool has_taken = has_onset && has_declared && declared >= onset;
	const char *sep = "; ";

	if (has_onset) {
		out_text(o, "%s", words ? sep : "");
		out_u64_if(o, "onset_ms", words, "onset at %llu ms", onset);
		sep = ", ";
	} else {
		out_jnull(o, "onset_ms");
	}
	if (has_declared) {
		out_text(o, "%s", words ? sep : "");
		out_u64_if(o, "declared_ms", words, "declared at %llu ms",
			   declared);
		sep = ", ";
	} else {
		out_jnull(o, "declared_ms");
	}
	if (has_taken)
		out_u64_if(o, "detect_ms_taken", words,
			   ", detection took %llu ms", declared - onset);
	else
		out_jnull(o, "detect_ms_taken");
	if (p->has_last_storm_gap) {
		out_text(o, "%s", words ? sep : "");
		out_fixed_if(o, "poll_gap_ms", words,
			     "polls up to %s ms apart",
			     us_tenths(p->last_storm_gap_us), 1);
	} else {
		out_jnull(o, "poll_gap_ms");
	}
}

/*
 * A watchdog-ntf: JSON's {"event": "watchdog", "kind", "ifname",
 * "ifindex", "prio", "state", "direction", "action", "pfc_off",
 * "restore_pending", "action_error", "storms", "held_count",
 * "last_storm_ms", "last_storm_start_ns", "last_storm_detect_ns",
 * "last_storm_restore_ns", "onset_ms", "declared_ms", "detect_ms_taken",
 * "poll_gap_ms"}, and monitor's line
 *   [watchdog] eth0: prio 3 storm received (action drop, pfc off); onset at 10000 ms, declared at 10200 ms, detection took 200 ms, polls up to 50.0 ms apart
 *   [watchdog] eth0: prio 3 held: storm received (action drop, pfc off); onset at ...
 *   [watchdog] eth0: prio 3 restored after 412 ms (pfc on)
 *   [watchdog] eth0: prio 3 stopped after 412 ms of storm (pfc on)
 *   [watchdog] eth0: prio 3 recovered (pfc on)
 *   [watchdog] eth0: prio 3 restore failed: Device or resource busy (pfc off restore-pending)
 */
void wd_ntf_print(struct out *o, const struct wd_info *w)
{
	static const struct wd_prio none;
	const struct wd_prio *p = wd_event_prio(w);
	bool held = w->event == DCB_HDRM_WD_EVENT_HELD;
	bool storm = w->event == DCB_HDRM_WD_EVENT_STORM || held;

	if (!p)
		p = &none;
	out_obj_open(o, NULL);
	out_str(o, "event", "[%s] ", "watchdog");
	/* the text words the event: storm, restored after, stopped after */
	out_jstr(o, "kind", HDRM_NAME(wd_event_names, w->event));
	out_str(o, "ifname", "%s:", w->ifname);
	out_ju64(o, "ifindex", w->ifindex);
	out_u64(o, "prio", " prio %llu ", w->event_prio);
	out_jstr(o, "state", HDRM_NAME(wd_state_names, p->state));
	if (held)
		out_text(o, "held: ");
	out_str_if(o, "direction", storm, "storm %s",
		   HDRM_NAME(wd_direction_names, p->direction));
	out_str_if(o, "action", storm, " (action %s",
		   HDRM_NAME(wd_action_names, p->has_last_action ?
			     p->last_action : w->action));
	switch (w->event) {
	case DCB_HDRM_WD_EVENT_STORM:
	case DCB_HDRM_WD_EVENT_HELD:
		if (p->action_error)
			out_text(o, " failed: %s",
				 strerror((int)p->action_error));
		out_text(o, ", ");
		break;
	case DCB_HDRM_WD_EVENT_RESTORED:
		out_text(o, "restored after %u ms (", p->last_storm_ms);
		if (p->action_error)
			out_text(o, "pfc restore failed: %s, ",
				 strerror((int)p->action_error));
		break;
	case DCB_HDRM_WD_EVENT_STOPPED:
		out_text(o, "stopped after %u ms of storm (", p->last_storm_ms);
		break;
	case DCB_HDRM_WD_EVENT_RECOVERED:
		out_text(o, "recovered (");
		break;
	case DCB_HDRM_WD_EVENT_RESTORE_FAILED:
		out_text(o, "restore failed");
		if (p->action_error)
			out_text(o, ": %s", strerror((int)p->action_error));
		out_text(o, " (");
		break;
	default:
		out_text(o, "event %u (", w->event);
		break;
	}
	out_bool(o, "pfc_off", "pfc %s", p->pfc_off, pfc_words);
	out_opt_bool(o, "restore_pending", p->has_restore_pending, "%s",
		     p->restore_pending, pending_words);
	out_text(o, ")");
	/* in the text's words above, or not in the text */
	out_ju64(o, "action_error", p->action_error);
	out_ju64(o, "storms", p->storms);
	out_jopt_u64(o, "held_count", p->has_held_count, p->held_count);
	out_ju64(o, "last_storm_ms", p->last_storm_ms);
	out_ju64(o, "last_storm_start_ns", p->last_storm_start_ns);
	out_ju64(o, "last_storm_detect_ns", p->last_storm_detect_ns);
	out_ju64(o, "last_storm_restore_ns", p->last_storm_restore_ns);
	wd_ntf_timing(o, p, storm);
	out_text(o, "\n");
	out_obj_close(o);
}

void wd_ntf_text(const struct wd_info *w)
{
	struct out o;

	out_init_text(&o, stdout);
	wd_ntf_print(&o, w);
}

void wd_ntf_json(struct jw *jw, const struct wd_info *w)
{
	struct out o;

	out_init_json(&o, jw);
	wd_ntf_print(&o, w);
}

static void wd_usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm [ -s ] watchdog show [ dev DEV ]\n"
		"       dcb-hdrm watchdog set dev DEV [ state { on | off } ] [ action { alert | drop | forward } ]\n"
		"               [ detect-ms MS ] [ restore-ms MS ] [ poll-ms MS ]\n"
		"               [ storm-limit N ] [ storm-period-ms MS ] [ recovery { auto | manual } ]\n"
		"       dcb-hdrm watchdog recover dev DEV prio P\n"
		"       dcb-hdrm watchdog help\n"
		"where  detect-ms %u..%u (default 200), restore-ms %u..%u (default 200),\n"
		"       poll-ms %u..%u (default 50, at most detect-ms), action default alert\n"
		"       (forward: no driver can; the module refuses it),\n"
		"       storm-limit 0..%u (default 0: no storm held), storm-period-ms %u..%u\n"
		"       (default 60000), recovery default auto, prio 0..%u (a held priority)\n",
		DCB_HDRM_LIMIT_WATCHDOG_DETECT_MS_MIN,
		DCB_HDRM_LIMIT_WATCHDOG_DETECT_MS_MAX,
		DCB_HDRM_LIMIT_WATCHDOG_RESTORE_MS_MIN,
		DCB_HDRM_LIMIT_WATCHDOG_RESTORE_MS_MAX,
		DCB_HDRM_LIMIT_WATCHDOG_POLL_MS_MIN,
		DCB_HDRM_LIMIT_WATCHDOG_POLL_MS_MAX,
		DCB_HDRM_LIMIT_WATCHDOG_STORM_LIMIT_MAX,
		DCB_HDRM_LIMIT_WATCHDOG_STORM_PERIOD_MS_MIN,
		DCB_HDRM_LIMIT_WATCHDOG_STORM_PERIOD_MS_MAX,
		DCB_HDRM_LIMIT_WATCHDOG_RECOVER_PRIO_MAX);
}

/*
 * "watchdog set"'s words, in any order, each once; every word is checked
 * before the device is looked up, as in "dev set".
 */
int wd_set_parse(int argc, char **argv, struct wd_set *s)
{
	static const struct {
		const char *word;
		uint32_t bit;
		uint32_t min, max;
		const char *const *words;	/* a word per value instead */
		size_t off;
	} keys[] = {
		{ "state", WD_SET_STATE, 0, 1, off_on,
		  offsetof(struct wd_set, state) },
		{ "action", WD_SET_ACTION, 0, DCB_HDRM_WD_ACTION_FORWARD,
		  wd_action_names, offsetof(struct wd_set, action) },
		{ "detect-ms", WD_SET_DETECT,
		  DCB_HDRM_LIMIT_WATCHDOG_DETECT_MS_MIN,
		  DCB_HDRM_LIMIT_WATCHDOG_DETECT_MS_MAX, NULL,
		  offsetof(struct wd_set, detect_ms) },
		{ "restore-ms", WD_SET_RESTORE,
		  DCB_HDRM_LIMIT_WATCHDOG_RESTORE_MS_MIN,
		  DCB_HDRM_LIMIT_WATCHDOG_RESTORE_MS_MAX, NULL,
		  offsetof(struct wd_set, restore_ms) },
		{ "poll-ms", WD_SET_POLL,
		  DCB_HDRM_LIMIT_WATCHDOG_POLL_MS_MIN,
		  DCB_HDRM_LIMIT_WATCHDOG_POLL_MS_MAX, NULL,
		  offsetof(struct wd_set, poll_ms) },
		{ "storm-limit", WD_SET_STORM_LIMIT, 0,
		  DCB_HDRM_LIMIT_WATCHDOG_STORM_LIMIT_MAX, NULL,
		  offsetof(struct wd_set, storm_limit) },
		{ "storm-period-ms", WD_SET_STORM_PERIOD,
		  DCB_HDRM_LIMIT_WATCHDOG_STORM_PERIOD_MS_MIN,
		  DCB_HDRM_LIMIT_WATCHDOG_STORM_PERIOD_MS_MAX, NULL,
		  offsetof(struct wd_set, storm_period_ms) },
		{ "recovery", WD_SET_RECOVERY, 0, DCB_HDRM_WD_RECOVERY_MANUAL,
		  wd_recovery_names, offsetof(struct wd_set, recovery) },
	};
	struct hdrm_keys k = { .cmd = "watchdog set" };
	unsigned int i;
	uint32_t *v;
	int err;

	memset(s, 0, sizeof(*s));
	while (argc > 0) {
		if (hdrm_matches(*argv, "help")) {
			wd_usage(stdout);
			return 1;
		}
		if (!strcmp(*argv, "dev")) {
			err = hdrm_dev_arg("watchdog set", argc, argv, &s->name);
			if (err < 0)
				return -EINVAL;
			argc -= err;
			argv += err;
			continue;
		}
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (!strcmp(*argv, keys[i].word))
				break;
		if (i == sizeof(keys) / sizeof(keys[0])) {
			return hdrm_unknown_arg("watchdog set", argc, argv,
						!s->name,
						"dev, state, action, detect-ms, restore-ms, poll-ms, storm-limit, storm-period-ms or recovery");
		}
		if (hdrm_key(&k, keys[i].word, argc, 1))
			return -EINVAL;
		v = (uint32_t *)((char *)s + keys[i].off);
		if (keys[i].words)
			err = hdrm_parse_word(keys[i].word, argv[1],
					      keys[i].words, keys[i].max + 1, v);
		else
			err = hdrm_parse_u32(keys[i].word, argv[1],
					     keys[i].min, keys[i].max, v);
		if (err)
			return -EINVAL;
		s->given |= keys[i].bit;
		argc -= 2;
		argv += 2;
	}
	if ((s->given & WD_SET_POLL) && (s->given & WD_SET_DETECT) &&
	    s->poll_ms > s->detect_ms) {
		hdrm_err("watchdog set: poll-ms %u is above detect-ms %u; the counters must be read at least once per detect-ms",
			 s->poll_ms, s->detect_ms);
		return -EINVAL;
	}
	/* without "dev DEV", that is the one error */
	if (s->name && !s->given) {
		hdrm_err("watchdog set: nothing to set; see \"dcb-hdrm watchdog help\"");
		return -EINVAL;
	}
	return 0;
}

/*
 * A kernel refusal; a module from before the watchdog answers its
 * operations with EOPNOTSUPP and no reason, which is said plainly.
 */
int wd_kernel_err(struct hdrm_ctx *ctx, const char *what, int err)
{
	if (err == -EOPNOTSUPP && !ctx->nl.extack[0]) {
		hdrm_err("%s: the loaded dcb_hdrm module has no PFC watchdog (it predates watchdog-get and watchdog-set); load a newer one",
			 what);
		return EXIT_KERNEL;
	}
	return hdrm_kernel_err(ctx, what, err);
}

static int wd_set(struct hdrm_ctx *ctx, int argc, char **argv)
{
	static const struct {
		uint32_t bit;
		int attr;
		bool u8;
		size_t off;
	} attrs[] = {
		{ WD_SET_STATE, DCB_HDRM_A_WATCHDOG_STATE, true,
		  offsetof(struct wd_set, state) },
		{ WD_SET_ACTION, DCB_HDRM_A_WATCHDOG_ACTION, false,
		  offsetof(struct wd_set, action) },
		{ WD_SET_DETECT, DCB_HDRM_A_WATCHDOG_DETECT_MS, false,
		  offsetof(struct wd_set, detect_ms) },
		{ WD_SET_RESTORE, DCB_HDRM_A_WATCHDOG_RESTORE_MS, false,
		  offsetof(struct wd_set, restore_ms) },
		{ WD_SET_POLL, DCB_HDRM_A_WATCHDOG_POLL_MS, false,
		  offsetof(struct wd_set, poll_ms) },
		{ WD_SET_STORM_LIMIT, DCB_HDRM_A_WATCHDOG_STORM_LIMIT, false,
		  offsetof(struct wd_set, storm_limit) },
		{ WD_SET_STORM_PERIOD, DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS, false,
		  offsetof(struct wd_set, storm_period_ms) },
		{ WD_SET_RECOVERY, DCB_HDRM_A_WATCHDOG_RECOVERY, false,
		  offsetof(struct wd_set, recovery) },
	};
	struct nl_msg *msg;
	struct wd_set s;
	uint32_t ifindex, v;
	unsigned int i;
	int err;

	err = wd_set_parse(argc, argv, &s);
	if (err)
		return err > 0 ? 0 : EXIT_USAGE;
	if (hdrm_dev_ifindex("watchdog set", s.name, &ifindex))
		return EXIT_USAGE;
	err = hdrm_connect(ctx);
	if (err)
		return err;
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_WATCHDOG_SET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_WATCHDOG_IFINDEX, ifindex) < 0)
		goto nomem;
	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
		if (!(s.given & attrs[i].bit))
			continue;
		v = *(const uint32_t *)((const char *)&s + attrs[i].off);
		if ((attrs[i].u8 ? nla_put_u8(msg, attrs[i].attr, v) :
				   nla_put_u32(msg, attrs[i].attr, v)) < 0)
			goto nomem;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, NULL, NULL);
	if (err)
		return wd_kernel_err(ctx, s.name, err);
	return 0;
nomem:
	hdrm_err("out of memory");
	nlmsg_free(msg);
	return EXIT_KERNEL;
}

/*
 * "watchdog recover dev DEV prio P": the words, each once, any order;
 * the priority checked against the spec's limit before the module is
 * asked, which refuses a priority that is not held.
 */
int wd_recover_parse(int argc, char **argv, struct wd_recover *r)
{
	struct hdrm_keys k = { .cmd = "watchdog recover" };
	int err;

	memset(r, 0, sizeof(*r));
	while (argc > 0) {
		if (hdrm_matches(*argv, "help")) {
			wd_usage(stdout);
			return 1;
		}
		if (!strcmp(*argv, "dev")) {
			err = hdrm_dev_arg("watchdog recover", argc, argv,
					   &r->name);
			if (err < 0)
				return -EINVAL;
			argc -= err;
			argv += err;
			continue;
		}
		if (strcmp(*argv, "prio"))
			return hdrm_unknown_arg("watchdog recover", argc, argv,
						!r->name, "dev or prio");
		if (hdrm_key(&k, "prio", argc, 1) ||
		    hdrm_parse_u32("prio", argv[1], 0,
				   DCB_HDRM_LIMIT_WATCHDOG_RECOVER_PRIO_MAX,
				   &r->prio))
			return -EINVAL;
		r->has_prio = true;
		argc -= 2;
		argv += 2;
	}
	/* without "dev DEV", that is the one error */
	if (r->name && !r->has_prio) {
		hdrm_err("watchdog recover: expected \"prio P\", the held priority to recover");
		return -EINVAL;
	}
	return 0;
}

static int wd_recover(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct wd_recover r;
	struct nl_msg *msg;
	uint32_t ifindex;
	int err;

	err = wd_recover_parse(argc, argv, &r);
	if (err)
		return err > 0 ? 0 : EXIT_USAGE;
	if (hdrm_dev_ifindex("watchdog recover", r.name, &ifindex))
		return EXIT_USAGE;
	err = hdrm_connect(ctx);
	if (err)
		return err;
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_WATCHDOG_RECOVER, 0);
	if (!msg ||
	    nla_put_u32(msg, DCB_HDRM_A_WATCHDOG_IFINDEX, ifindex) < 0 ||
	    nla_put_u8(msg, DCB_HDRM_A_WATCHDOG_RECOVER_PRIO, r.prio) < 0) {
		hdrm_err("out of memory");
		nlmsg_free(msg);
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, NULL, NULL);
	if (err)
		return wd_kernel_err(ctx, r.name, err);
	return 0;
}

struct wd_show {
	struct hdrm_ctx *ctx;
	unsigned int n;
	uint64_t now_ns;
};

static int wd_show_one(struct nlattr *attrs, int len, void *arg)
{
	struct wd_show *s = arg;
	struct wd_info w;
	struct out o;
	int err;

	err = wd_parse(attrs, len, &w);
	if (err)
		return err;
	hdrm_out(s->ctx, &o);
	/* opened with the first device: an error alone prints no JSON */
	if (!s->n)
		out_arr_open(&o, NULL);
	wd_print(&o, &w, s->ctx->stats, s->now_ns);
	s->n++;
	return 0;
}

static int wd_show(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct wd_show s = { .ctx = ctx };
	const char *name = NULL;
	uint32_t ifindex = 0;
	struct nl_msg *msg;
	struct out o;
	int err;

	while (argc > 0) {
		if (hdrm_matches(*argv, "dev")) {
			err = hdrm_dev_arg("watchdog show", argc, argv, &name);
			if (err < 0)
				return EXIT_USAGE;
			argc -= err;
			argv += err;
		} else if (hdrm_matches(*argv, "help")) {
			wd_usage(stdout);
			return 0;
		} else {
			hdrm_unknown_arg("watchdog show", argc, argv, !name,
					 "\"dev DEV\"");
			return EXIT_USAGE;
		}
	}
	if (hdrm_dev_ifindex(NULL, name, &ifindex))
		return EXIT_USAGE;
	err = hdrm_connect(ctx);
	if (err)
		return err;
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_WATCHDOG_GET,
			  ifindex ? 0 : NLM_F_DUMP);
	if (!msg || (ifindex &&
		     nla_put_u32(msg, DCB_HDRM_A_WATCHDOG_IFINDEX, ifindex) < 0)) {
		hdrm_err("out of memory");
		nlmsg_free(msg);
		return EXIT_KERNEL;
	}
	s.now_ns = wd_now_ns();
	err = hdrm_nl_talk(&ctx->nl, msg, wd_show_one, &s);
	/* a list, one device or all; [] for none, nothing for an error alone */
	hdrm_out(ctx, &o);
	if (!s.n && !err)
		out_arr_open(&o, NULL);
	if (s.n || !err) {
		out_arr_close(&o);
		out_end(&o);
	}
	if (err)
		return wd_kernel_err(ctx, name ? name : "watchdog show", err);
	return 0;
}

int hdrm_cmd_watchdog(struct hdrm_ctx *ctx, int argc, char **argv)
{
	if (argc == 0 || hdrm_matches(*argv, "show"))
		return wd_show(ctx, argc ? argc - 1 : 0, argv + 1);
	if (hdrm_matches(*argv, "set"))
		return wd_set(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "recover"))
		return wd_recover(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "help")) {
		wd_usage(stdout);
		return 0;
	}
	hdrm_err("watchdog: unknown command \"%s\"; expected \"show\", \"set\", \"recover\" or \"help\"",
		 *argv);
	return EXIT_USAGE;
}
