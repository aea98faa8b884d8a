/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dcb_hdrm: measure a link's round trip and size PFC headroom from it.
 * Declarations shared by the module's files.
 *
 * The contexts and locks every field lives under are in
 * Documentation/design.rst, "Contexts and locking"; a struct's comment
 * names only what differs.
 */
#ifndef _DCB_HDRM_H
#define _DCB_HDRM_H

#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/hashtable.h>
#include <linux/hrtimer.h>
#include <linux/netdevice.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <net/genetlink.h>
#include <uapi/linux/dcb_hdrm.h>

#include "lib/hdrm_apply.h"
#include "lib/hdrm_model.h"
#include "lib/hdrm_ptp.h"
#include "lib/hdrm_calc.h"
#include "lib/hdrm_ctl.h"
#include "lib/hdrm_derive.h"
#include "lib/hdrm_drivers.h"
#include "lib/hdrm_response.h"
#include "lib/hdrm_samples.h"
#include "lib/hdrm_stats.h"
#include "lib/hdrm_wire.h"
#include "lib/hdrm_wd.h"

/*
 * The hardware TX timestamp a frame asks its driver for. From 6.15
 * SKBTX_HW_TSTAMP also carries SKBTX_BPF, the BPF timestamping callbacks'
 * request, which these frames have no program for: the driver's own bit
 * is SKBTX_HW_TSTAMP_NOBPF there (Kbuild greps skbuff.h).
 */
#ifdef HDRM_HAVE_SKBTX_NOBPF
#define HDRM_SKBTX_HW		SKBTX_HW_TSTAMP_NOBPF
#else
#define HDRM_SKBTX_HW		SKBTX_HW_TSTAMP
#endif

#define HDRM_MAX_PROBES		DCB_HDRM_LIMIT_MEASURE_COUNT_MAX

/* Defaults: 100 probes 1 ms apart take about 100 ms. */
#define HDRM_DEF_COUNT		100
#define HDRM_DEF_INTERVAL_US	1000
#define HDRM_DEF_TIMEOUT_MS	200
#define HDRM_DEF_REFLECT_RATE	1000
/*
 * Events closer together than this make one re-measurement. linkwatch
 * reports a carrier change up to a second after the link came up, so a
 * shorter wait could measure between "up" and its carrier event, and again
 * after it.
 */
#define HDRM_REMEASURE_DEBOUNCE_MS	2000
/*
 * Negotiation: a capability request every HDRM_CAP_INTERVAL_MS, at most
 * HDRM_CAP_TRIES of them, checked for an answer every HDRM_CAP_POLL_US.
 * Ten tries over a second: on a link losing 20% each way, all ten
 * exchanges fail once in 30,000 measurements (three failed one in 21).
 */
#define HDRM_CAP_TRIES		10
#define HDRM_CAP_INTERVAL_MS	100
#define HDRM_CAP_POLL_US	1000
/* A push: a configuration frame every HDRM_PUSH_WAIT_MS until answered. */
#define HDRM_PUSH_TRIES		3
#define HDRM_PUSH_WAIT_MS	500
/* Control frames a device answers or acts on, per second. */
#define HDRM_CTL_RATE		20

extern struct genl_family dcb_hdrm_family;
extern bool hdrm_reflect_default;
extern bool hdrm_unloading;

/* A timer and its function: hrtimer_setup() from 6.13, the only way from 6.15. */
static inline void hdrm_hrtimer_setup(struct hrtimer *timer,
				      enum hrtimer_restart (*fn)(struct hrtimer *),
				      clockid_t clock, enum hrtimer_mode mode)
{
#ifdef HDRM_HAVE_HRTIMER_SETUP
	hrtimer_setup(timer, fn, clock, mode);
#else
	hrtimer_init(timer, clock, mode);
	timer->function = fn;
#endif
}

/*
 * Test builds only (make kmod, never make module): module parameters that
 * hold a path open where another context may run, so that the selftests
 * reach a race every time instead of once in a while: a session's stop,
 * and a stream after its first frame (stream.c).
 */
#ifdef HDRM_TEST_HOOKS
extern unsigned int hdrm_test_stop_window_ms;
static inline void hdrm_test_stop_window(void)
{
	unsigned int ms = READ_ONCE(hdrm_test_stop_window_ms);

	if (ms)
		msleep(ms);
}

static inline bool hdrm_test_stop_window_on(void)
{
	return READ_ONCE(hdrm_test_stop_window_ms);
}
#else
static inline void hdrm_test_stop_window(void)
{
}

static inline bool hdrm_test_stop_window_on(void)
{
	return false;
}
#endif

struct hdrm_config {
	bool reflect;
	u32 reflect_rate;		/* replies per second */
	u8 encap;			/* enum dcb_hdrm_encap: macctl, ether, auto */
	u32 speed_override;		/* Mb/s, 0 = link settings */
	u32 k_override;			/* bytes, 0 = pause-quanta table */
	u32 cell;			/* bytes */
	u8 small_pct;			/* small frames' share, percent */
	u32 prio_mask;			/* 0 = PFC-enabled, or all */
	u32 max_frame[HDRM_PRIOS];	/* bytes, 0 = MTU + 22 */
	u32 precision_override;		/* ns, 0 = clock resolution */
	u8 apply;			/* enum dcb_hdrm_apply */
	u8 delay_unit;			/* enum dcb_hdrm_delay_unit */
	bool remeasure;
	u32 remeasure_period;		/* s, 0 = on events only */
	bool auto_hdrm;			/* the buffer-configuration field */
	bool accept_push;
	bool accept_stream;		/* grant a capable peer's stream requests */
	bool k_measured;		/* K from the last response measured */
	u8 ts_mode;			/* enum dcb_hdrm_ts_mode */
	u8 model;			/* enum dcb_hdrm_model, auto by name */
	/* a request's defaults: enum dcb_hdrm_method (never ptp4l), pdelay's */
	u8 method;
	u8 ptp_domain, ptp_sdo;
};

/* What a device's driver says it timestamps (ethtool's ts_info). */
#define HDRM_TSC_TX_SW		0x01	/* skb_tx_timestamp() */
#define HDRM_TSC_HW		0x02	/* TX and RX in hardware, with a PHC */

struct hdrm_ts_caps {
	u8 flags;			/* HDRM_TSC_* */
	s32 phc_index;			/* -1: none */
	u32 hw_resolution;		/* ns, with HDRM_TSC_HW */
};

/* A received frame's timestamps, ns; 0 where there is none. */
struct hdrm_rxts {
	u64 hook;			/* the clock read at the receive hook */
	u64 sw;				/* the stack's, on the monotonic clock */
	u64 hw;				/* the NIC's */
};

/* What this end knows of its peer's capability. */
struct hdrm_peer {
	bool known;
	bool auto_hdrm;
	bool has_accept_push;		/* not carried by LLDP */
	bool accept_push;
	u8 via;				/* enum dcb_hdrm_peer_via */
	u64 learned_ns;			/* ktime_get_ns() */
	bool has_tscap;			/* the reply's timestamping TLV */
	u8 tscap;			/* HDRM_TSCAP_* */
	u32 hw_resolution;		/* ns */
};

/* The last push of a result to the peer, and the peer's answer. */
struct hdrm_push {
	u32 session;			/* 0 = none yet */
	u8 status;			/* enum dcb_hdrm_push_status */
	u8 reason, field, prio;		/* HDRM_REASON_*, HDRM_FIELD_* */
	u32 value, limit;
	u8 tries;
	bool notified;
	enum hdrm_encap encap;
	struct hdrm_ctl frame;		/* the configuration frame */
};

/* A configuration frame from the peer, waiting for rx_push_work. */
struct hdrm_rx_push {
	bool pending;
	enum hdrm_encap encap;
	u8 src[ETH_ALEN];
	struct hdrm_ctl frame;
};

/*
 * A stream this end granted the peer (stream.c): what port->stream_work
 * sends, and when the last was granted (hdrm_stream_grant()'s @last_ns).
 */
struct hdrm_stream_tx {
	bool running;			/* granted, queued or sending: busy */
	u64 last_ns;			/* ktime_get_ns() of the last grant */
	u32 session;			/* the request's */
	u8 prio;
	u16 duration_us, frame_len;
	u8 dst[ETH_ALEN];		/* the requester's address */
};

struct hdrm_counters {
	atomic64_t rx_requests;
	atomic64_t reflected;
	atomic64_t rate_limited;
	atomic64_t not_reflecting;
	atomic64_t malformed;
	atomic64_t rx_replies;
	atomic64_t stale;
	atomic64_t tx_probes;
	atomic64_t tx_errors;
	atomic64_t remeasured;
	atomic64_t applied;
	atomic64_t apply_errors;
	atomic64_t rx_control;
	atomic64_t tx_control;
	atomic64_t push_applied;
	atomic64_t push_refused;
	atomic64_t foreign;
	atomic64_t peer_no_cap;
	atomic64_t ptp_others;		/* peer delay answers to others */
	atomic64_t stream_granted;
	atomic64_t stream_refused;
	atomic64_t stream_frames_sent;
	atomic64_t rx_stream;
};

/*
 * The round trips of the last local measurement, ns, in probe order, for
 * DCB_HDRM_CMD_SAMPLES_GET. Replaced whole, never changed in place.
 */
struct hdrm_sample_set {
	u32 session;
	u32 n;
	u32 ns[] __counted_by(n);
};

/*
 * A pause-response measurement's outcome (response.c), in the result of
 * its round trip: the uAPI's response nest.
 */
struct hdrm_resp_result {
	u8 prio;
	u8 end;				/* enum dcb_hdrm_response_end */
	u8 reason;			/* HDRM_REASON_*, with end refused */
	bool hw;			/* stamped by the NIC */
	bool passive;			/* the peer's own traffic */
	u32 repeats;			/* asked */
	u32 ran;			/* status[] holds these */
	u8 status[HDRM_RESPONSE_MAX_REPEATS];	/* enum ..._response_status */
	u64 rtt_ns, pause_ns;
	u32 speed, frame_len, duration_us;
	u32 frames, overflow;
	struct hdrm_response_agg agg;
};

struct hdrm_result {
	u32 session;
	u8 status;			/* enum dcb_hdrm_status */
	u8 mode;			/* enum dcb_hdrm_mode */
	u8 estimator;			/* enum dcb_hdrm_estimator */
	u32 sent, received, lost, late;
	struct hdrm_stats rtt;		/* valid when received > 0 */
	u64 rtt_estimate;
	u64 turnaround_median;
	u32 precision, speed, k_bytes, cell;
	u8 k_source;			/* enum dcb_hdrm_k_source */
	u32 k_table_bytes;		/* the pause-quanta table's, at speed */
	u8 cell_source;			/* enum dcb_hdrm_cell_source */
	u8 small_pct;			/* small frames' share, percent */
	u32 occupancy_permille;		/* the cell occupancy factor */
	u32 link_frame;			/* the link's largest frame */
	u32 prio_mask;			/* the priorities below are valid */
	u32 max_frame[HDRM_PRIOS];
	u32 unsized_mask;		/* PFC priorities with no headroom */
	u64 packed_bytes[HDRM_PRIOS];	/* the frames, packed perfectly */
	u64 headroom_bytes[HDRM_PRIOS];	/* the whole cells they take */
	u64 headroom_cells[HDRM_PRIOS];
	u64 inflight_bytes[HDRM_PRIOS];	/* (t + 2 x precision) x speed */
	u32 duration_us;
	u64 ended_ns;			/* ktime_get_ns() at the end */
	u8 source;			/* enum dcb_hdrm_source */
	u8 encap;			/* enum hdrm_encap it used */
	u8 ts_mode;			/* enum dcb_hdrm_ts_mode asked */
	u8 timestamping;		/* enum dcb_hdrm_timestamping got */
	u8 precision_source;		/* enum dcb_hdrm_precision_source */
	bool has_ratio;
	s32 ratio_ppb;
	u32 two_step, followup_missing;
	u8 method;			/* enum dcb_hdrm_method it used */
	/* pdelay: who answered, and in how many steps (1 or 2; 0: none) */
	struct hdrm_ptp_pid responder;
	u8 steps;
	bool has_response;		/* a response measurement's */
	struct hdrm_resp_result resp;
};

/*
 * The last successful local measurement, kept when later ones fail, so a
 * peer without the capability still gets a concrete manual setting
 * (US 2025/0267110 A1, claims 8 and 23). session 0: none yet.
 */
struct hdrm_last {
	u32 session;
	u32 precision, speed;
	u32 prio_mask;
	u64 rtt_estimate;
	u64 headroom_bytes[HDRM_PRIOS];
};

/* What to set by hand for the last measurement (nl_dev.c). */
struct hdrm_manual {
	u8 model;			/* enum dcb_hdrm_model in use */
	u8 delay_unit;			/* enum dcb_hdrm_delay_unit */
	bool has_delay;
	u16 delay;
	u8 grow_mask, take_mask;	/* buffers in grow, in take */
	struct hdrm_buffers grow, take;
	u32 error;			/* positive errno: no setting */
	u8 rule;			/* enum dcb_hdrm_apply_rule */
	u64 rule_have, rule_need;
};

/* What one apply wrote to the driver, or why it did not. */
struct hdrm_applied {
	u32 session;
	u8 method;			/* DCB_HDRM_APPLY_DELAY or _BUFFER */
	u8 delay_unit;			/* DCB_HDRM_DELAY_UNIT_BITS or _METRES */
	bool clamped;
	int error;			/* 0 or a negative errno */
	u16 delay_old, delay_new;
	u64 delay_wanted;
	u8 lossless;			/* buffers a PFC priority maps to */
	struct hdrm_buffers buf_old, buf_new;
	u64 buf_wanted[HDRM_BUFFERS];
	bool has_delay, has_buf;	/* which of the two it wrote or tried */
	bool partial;			/* buffers written, delay refused, not undone */
	bool buffers_taken;		/* mlx5: this write took the buffers */
	u32 speed, mtu;			/* the device's, as planned with */
	u8 model;			/* enum dcb_hdrm_model it planned with */
	u8 rule;			/* enum dcb_hdrm_apply_rule */
	u64 rule_have, rule_need;
	u32 rule_buffer;
};

/* One measurement: what the initiator sent and what came back. */
/* A response measurement's K, as the headroom takes it (k-measured). */
struct hdrm_k_measured {
	bool valid;
	u8 prio;
	u32 k_ns;			/* the greatest over its ok repeats */
};

struct hdrm_session {
	u32 id;
	u32 count;
	u32 interval_us;
	u32 timeout_ms;
	u8 mode;
	u8 estimator;
	u8 apply;			/* enum dcb_hdrm_apply, at the end */
	bool push;			/* send the result to the peer */
	/* with "owned": the requesting socket; its closing ends the session */
	u32 owner_portid;
	const struct net *owner_net;	/* compared, never dereferenced */
	bool negotiating;		/* no probe before the peer says yes */
	bool peer_ok;			/* set by the receive path */
	/* encap auto: the peer said yes in 0x88B5; MAC control is awaited */
	bool ether_ok;
	enum hdrm_encap encap;		/* what the probes use, once peer_ok */
	u8 peer_addr[ETH_ALEN];		/* the responder that said yes */
	u8 cap_tries;
	u64 cap_next_ns;
	bool done;
	u8 status;
	u32 sent;
	u32 received;			/* replies taken, for the counters */
	u32 settled;			/* probes with all they will get */
	u64 started_ns;
	u64 last_sent_ns;
	/* taken at the start, under rtnl */
	struct hdrm_config cfg;
	struct hdrm_k_measured k_meas;	/* the port's, for cfg.k_measured */
	/* the link's, read where cfg has no override (else 0) */
	u32 speed;			/* Mb/s, 0 = unknown */
	u32 prio_mask;			/* PFC-enabled */
	u32 mtu;
	u32 drv_cell;			/* the cell when cfg has none */
	u8 cell_source;			/* enum dcb_hdrm_cell_source of it */
	struct hdrm_ts_caps ts;		/* this device's */
	/* timestamps: what was asked for, and the peer's word */
	u8 ts_mode;			/* enum dcb_hdrm_ts_mode */
	u8 peer_tscap;			/* HDRM_TSCAP_*, from the capability reply */
	u32 peer_hw_resolution;
	u8 req_flags;			/* HDRM_F_TWOSTEP, HDRM_F_HWTS in requests */
	u8 want_tx;			/* SKBTX_* asked of the driver for t1 */
	struct hrtimer timer;
	u64 clock_base;			/* added to t1 and t4: HDRM_CLOCK_BASE_MASK */
	struct hdrm_rec *rec;		/* per sequence number */
	u64 *rtt;			/* samples, ns, made at the end */
	u64 *turnaround;		/* peer's t3 - t2 per sample, ns */
	struct hdrm_port *port;
	/*
	 * The exchange (enum dcb_hdrm_method): as asked, and in use (hdrm
	 * or pdelay). auto starts with hdrm's capability exchange and falls
	 * back to pdelay when the peer is silent or says no
	 * (hdrm_session_fallback_locked()).
	 */
	u8 method_req;
	u8 method;
	/* auto fell back: the status if peer delay gets no answer either */
	bool fell_back;
	u8 fallback_status;
	/* pdelay: the requests' identity, domain, SDO and first sequenceId */
	struct hdrm_ptp_pid ptp_self;
	u8 ptp_domain, ptp_sdo;
	u16 ptp_seq0;
	/* the responder, from the first answer that matched a request */
	bool ptp_have_responder;
	struct hdrm_ptp_pid ptp_responder;
	u8 ptp_steps;			/* 2 two-step, 1 one-step, 0 none yet */
	/* ptp4l: its peerMeanPathDelay, ns, and whether it was hardware */
	u32 ptp4l_delay;
	bool ptp4l_hw;
	/* the pause response after the round trip (response.c) */
	bool response;
	bool response_passive;		/* the peer's own traffic, no stream */
	u8 response_prio;
	u32 response_repeats;
};

/* A driver's per-priority transmit counters among its ethtool statistics. */
#define HDRM_DRV_MAX_STATS	65536

struct hdrm_drv_tx_prio {
	int n;				/* the driver's statistics */
	int idx[HDRM_PRIOS];		/* tx_prio<N>_packets, -1: none */
	u64 *data;			/* n of them, read at each poll */
};

/* The PFC watchdog's defaults: SONiC pfcwd's detection and restoration. */
#define HDRM_WD_DEF_DETECT_MS	200
#define HDRM_WD_DEF_RESTORE_MS	200
#define HDRM_WD_DEF_POLL_MS	50
#define HDRM_WD_DEF_STORM_PERIOD_MS	60000

/*
 * A device's PFC watchdog (watchdog.c). Under rtnl, all of it: the poll
 * work, the family's requests and the netdevice notifier all hold it.
 */
#define HDRM_WD_LAT_N	32		/* storms whose timing is kept */

struct hdrm_wd {
	bool on;
	u8 action;			/* enum dcb_hdrm_wd_action */
	u32 detect_ms, restore_ms, poll_ms;
	bool running;			/* polling */
	u64 next_ns;			/* when the next poll is due */
	u8 progress;			/* enum dcb_hdrm_wd_progress */
	const struct hdrm_driver *drv;	/* the driver's counters */
	u8 en;				/* PFC-enabled, at the last poll */
	u8 pfc_off;			/* priorities it turned PFC off for */
	u8 last_action[HDRM_PRIOS];	/* enum dcb_hdrm_wd_action */
	int action_error[HDRM_PRIOS];	/* the driver's, positive */
	u64 polls, poll_errors, action_errors;
	struct hdrm_drv_tx_prio tx;
	struct hdrm_wd_prio prio[HDRM_PRIOS];
	/* escalation: storm-limit in storm-period-ms, recovery; held ones */
	u32 storm_limit, storm_period_ms;
	u8 recovery;			/* enum dcb_hdrm_wd_recovery */
	u8 held;			/* priorities held until recovered */
	u32 held_count[HDRM_PRIOS];
	/* turned off by the watchdog, and the driver refused them back on */
	u8 restore_pending;
	/* the last storms' detection and restoration times, us, rings */
	u32 detect_lat[HDRM_WD_LAT_N], restore_lat[HDRM_WD_LAT_N];
	u8 detect_n, restore_n;		/* stored, up to HDRM_WD_LAT_N */
	u8 detect_next, restore_next;	/* where the next one goes */
};

struct hdrm_port {
	struct hlist_node node;		/* in hdrm_ports, keyed by dev */
	/*
	 * kfree_rcu() takes the head's offset in place of a callback and
	 * so needs it within 4 KB: first, whatever the debug kernel adds.
	 */
	struct rcu_head rcu;
	struct net_device *dev;
	netdevice_tracker dev_tracker;
	spinlock_t lock;		/* see the top of this file */
	struct hdrm_config cfg;
	u64 rl_tat;			/* rate limit, see hdrm_ratelimit.h */
	u64 ctl_tat;			/* the control frames' rate limit */
	struct hdrm_peer peer;
	struct hdrm_push push;		/* as initiator */
	struct hdrm_rx_push rx_push;	/* as receiver */
	struct hdrm_ctl last_ack;	/* the last push answered, resent */
	struct hdrm_stream_tx stream;	/* as the peer asked for a stream */
	struct hdrm_ctl stream_answer;	/* the last stream request's, resent */
	/*
	 * When a peer-delay answer to another requester with this device's
	 * clockIdentity was last seen (monotonic ns, 0: never): a ptp4l
	 * runs P2P here, and would take the answers to dcb_hdrm's own
	 * requests for rogue ones (hdrm_ptp_local_busy()).
	 */
	u64 ptp_local_ns;
	bool dead;			/* going away: queue no more work */
	struct hdrm_session *session;	/* running, or NULL */
	struct hdrm_result *result;	/* last, or NULL */
	struct hdrm_sample_set *samples; /* the last local result's, or NULL */
	struct hdrm_last last;		/* last measured here with status ok */
	struct hdrm_ts_caps ts;		/* refreshed under rtnl */
	/*
	 * The link's speed (Mb/s, 0: unknown) as of its last event (up,
	 * carrier, speed, MTU), read from the driver under rtnl then and
	 * read with READ_ONCE() where rtnl cannot be waited for (a
	 * stream's frame cap)
	 */
	u32 link_speed;
	struct hdrm_applied *applied;	/* last, or NULL */
	/*
	 * mlx5: this module's own setbuffer has taken the port buffers from
	 * the firmware (hdrm_apply_plan()). Under rtnl.
	 */
	bool buf_sw_owned;
	/*
	 * mlx5: the speed or MTU changed since the last apply, which the
	 * driver's XOFF points may not follow: the next apply writes the
	 * buffers again as if to take them. Under rtnl.
	 */
	bool buf_stale;
	u8 apply_pending;		/* enum dcb_hdrm_apply for result */
	struct work_struct done_work;
	struct delayed_work apply_work;
	struct delayed_work remeasure_work;
	struct delayed_work push_work;
	struct delayed_work rx_push_work;
	struct delayed_work peer_ntf_work;	/* announce a peer without the capability */
	struct delayed_work wd_work;		/* the PFC watchdog's poll */
	struct work_struct stream_work;		/* sends a granted stream */
	/* a pause-response measurement (response.c), and its work and XON */
	struct hdrm_resp *resp;
	struct delayed_work resp_work;
	struct hrtimer resp_timer;
	/* the last response measured with figures: its greatest K */
	struct hdrm_k_measured k_meas;
	struct hrtimer wd_timer;		/* queues it when it is due */
	struct hdrm_wd wd;
	struct hdrm_counters ctr;
};

/* driver.c: every call into a device's driver. Context: rtnl held. */
#define HDRM_DRV_NAME_LEN	32	/* ethtool_drvinfo.driver */

struct hdrm_drv_pfc {
	u8 cap;				/* ieee_pfc.pfc_cap */
	u8 en;				/* ieee_pfc.pfc_en */
	u16 delay;			/* ieee_pfc.delay */
	/* pause frames sent and received, per priority (0: not counted) */
	u64 requests[HDRM_PRIOS];
	u64 indications[HDRM_PRIOS];
};

bool hdrm_drv_has_dcb(const struct net_device *dev);
u32 hdrm_drv_dcb_ops(const struct net_device *dev);
bool hdrm_drv_can_get_pfc(const struct net_device *dev);
bool hdrm_drv_has_pfc(const struct net_device *dev);
bool hdrm_drv_has_buffer(const struct net_device *dev);
u32 hdrm_drv_cell(struct net_device *dev, u32 configured, u8 *source);
int hdrm_drv_get_pfc(struct net_device *dev, struct hdrm_drv_pfc *p);
int hdrm_drv_set_pfc_delay(struct net_device *dev, u16 delay, u16 *old);
int hdrm_drv_set_pfc_en(struct net_device *dev, u8 off, u8 on);
int hdrm_drv_tx_prio_find(struct net_device *dev, struct hdrm_drv_tx_prio *t);
int hdrm_drv_tx_prio_read(struct net_device *dev, struct hdrm_drv_tx_prio *t,
			  u64 *tx);
void hdrm_drv_tx_prio_free(struct hdrm_drv_tx_prio *t);
int hdrm_drv_get_buffer(struct net_device *dev, struct hdrm_buffers *b);
int hdrm_drv_set_buffer(struct net_device *dev, const struct hdrm_buffers *b);
void hdrm_drv_dcb_notify(struct net_device *dev);
u32 hdrm_drv_buffer_total(struct net_device *dev);
u32 hdrm_drv_pfc_prio_mask(struct net_device *dev);
u32 hdrm_drv_speed(struct net_device *dev);
void hdrm_drv_name(struct net_device *dev, char name[HDRM_DRV_NAME_LEN]);
u8 hdrm_drv_model_of(const char *driver, u8 configured);
bool hdrm_drv_tc_mode(struct net_device *dev);
u8 hdrm_drv_model_in_use(struct net_device *dev, const char *driver,
			 u8 configured, bool *tc);
u8 hdrm_drv_model_unit_of(const char *driver, u8 model, u8 configured);
void hdrm_drv_model_dev(struct net_device *dev, u8 model, u8 delay_unit,
			u32 speed, u32 cell, struct hdrm_model_dev *d);
void hdrm_drv_model_state(struct net_device *dev, struct hdrm_model_state *s);
u8 hdrm_drv_delay_unit_of(const char *driver, u8 configured);
void hdrm_drv_ts_caps(struct net_device *dev, struct hdrm_ts_caps *ts);
void hdrm_drv_ts_refresh(struct hdrm_port *port);

/* tstamp.c: timestamps at the wire */
int hdrm_ts_init(void);
void hdrm_ts_exit(void);
void hdrm_rx_stamps(struct sk_buff *skb, struct net_device *dev,
		    struct hdrm_rxts *rx);
/* Where a frame's transmit stamp goes: to its owner, from the socket's work */
typedef void (*hdrm_ts_done_t)(struct hdrm_port *port, enum hdrm_encap encap,
			       const struct hdrm_probe *p, u64 hw, u64 sw);
bool hdrm_ts_own(struct sk_buff *skb, u8 tx_flags, enum hdrm_encap encap,
		 const struct hdrm_probe *p, hdrm_ts_done_t done);
int hdrm_ts_xmit(struct sk_buff *skb);

/* port.c */
int hdrm_ports_init(void);
void hdrm_ports_exit(void);
struct hdrm_port *hdrm_port_find_rcu(const struct net_device *dev);
struct hdrm_port *hdrm_port_find_rtnl(const struct net_device *dev);
bool hdrm_dev_is_upper(const struct net_device *dev);

/* session.c */
/*
 * Marks the session done with @status and hands it to the end work, which
 * may free it as soon as port->lock is dropped.
 *
 * Context: port->lock held.
 */
static inline void hdrm_session_end_locked(struct hdrm_port *port,
					   struct hdrm_session *s, u8 status)
{
	if (s->done)
		return;
	s->done = true;
	s->status = status;
	schedule_work(&port->done_work);
}

/*
 * A local PTP daemon's peer-delay exchange was seen within this long: a
 * ptp4l polls its peer once a second (logMinPdelayReqInterval 0).
 */
#define HDRM_PTP_LOCAL_WINDOW_NS	(10ULL * NSEC_PER_SEC)

/**
 * hdrm_ptp_local_busy() - does a ptp4l run peer delay on this port?
 * @port: the port
 * @now: ktime_get_ns()
 *
 * ptp4l faults its port (EV_FAULT_DETECTED, "rogue peer delay response")
 * on a Pdelay_Resp that answers no request of its own, so dcb_hdrm sends
 * none where one runs: the answers its own requests draw go to the same
 * group address. Context: any.
 */
static inline bool hdrm_ptp_local_busy(const struct hdrm_port *port, u64 now)
{
	u64 seen = READ_ONCE(port->ptp_local_ns);

	return seen && now - seen < HDRM_PTP_LOCAL_WINDOW_NS;
}

/**
 * hdrm_session_fallback_locked() - method auto: measure with peer delay
 * @s: a session still negotiating
 * @status: its end if peer delay gets no answer either: peer-silent, or
 *	    peer-no-cap when the peer said no
 *
 * The peer did not answer the capability exchange, or answered without
 * the auto-HDRM bit: a switch, or a host without dcb_hdrm. With method
 * auto (and 4ts, which peer delay is) the session measures it with IEEE
 * 1588 peer delay instead, unless a ptp4l runs peer delay on the port
 * (hdrm_ptp_local_busy()); the timer sends the first Pdelay_Req next.
 *
 * Context: port->lock held. Return: true when it fell back, false when
 * the caller ends the session as before.
 */
static inline bool hdrm_session_fallback_locked(struct hdrm_session *s,
						u8 status)
{
	if (s->method_req != DCB_HDRM_METHOD_AUTO ||
	    s->mode != DCB_HDRM_MODE_4TS || s->done ||
	    hdrm_ptp_local_busy(s->port, ktime_get_ns()))
		return false;
	s->method = DCB_HDRM_METHOD_PDELAY;
	s->fell_back = true;
	s->fallback_status = status;
	s->negotiating = false;
	return true;
}

struct hdrm_session *hdrm_session_alloc(u32 count, gfp_t gfp);
void hdrm_session_free(struct hdrm_session *s);
int hdrm_session_start(struct hdrm_port *port, struct hdrm_session *s,
		       u32 *id, struct netlink_ext_ack *extack);
void hdrm_session_release(struct hdrm_port *port, const struct net *net,
			  u32 portid);
void hdrm_session_reply(struct hdrm_port *port, const u8 *src,
			const struct hdrm_probe *p,
			const struct hdrm_rxts *t4);
void hdrm_session_ptp_rx(struct hdrm_port *port, const u8 *src,
			 const struct hdrm_ptp_msg *m,
			 const struct hdrm_rxts *rx);
void hdrm_session_followup(struct hdrm_port *port, const u8 *src,
			   const struct hdrm_probe *p);
void hdrm_session_tx_stamp(struct hdrm_port *port, enum hdrm_encap encap,
			   const struct hdrm_probe *p, u64 hw, u64 sw);
void hdrm_session_done_work(struct work_struct *work);
void hdrm_session_stop(struct hdrm_port *port, u8 status);
void hdrm_session_snapshot(struct hdrm_port *port, struct hdrm_session *s);

/* apply.c: writing results to the driver */
void hdrm_apply_work(struct work_struct *work);
void hdrm_model_inputs(struct net_device *dev, const struct hdrm_result *r,
		       u8 model, u8 unit, struct hdrm_model_dev *d,
		       struct hdrm_model_state *s, struct hdrm_model_need *n);
void hdrm_apply_schedule(struct hdrm_port *port, u8 method);
void hdrm_apply_relink(struct hdrm_port *port);
int hdrm_apply_now(struct hdrm_port *port, const struct hdrm_result *r,
		   u8 method);

/* watchdog.c: the PFC watchdog. Context: rtnl held. */
void hdrm_wd_port_init(struct hdrm_port *port);
void hdrm_wd_driver_refresh(struct hdrm_port *port);
void hdrm_wd_work(struct work_struct *work);
void hdrm_wd_start(struct hdrm_port *port);
void hdrm_wd_stop(struct hdrm_port *port, bool notify);
void hdrm_wd_undo(struct hdrm_port *port, u8 mask, bool notify);
int hdrm_wd_recover(struct hdrm_port *port, int p,
		    struct netlink_ext_ack *extack);
void hdrm_wd_drop_stormed(struct hdrm_port *port);
void hdrm_wd_reschedule(struct hdrm_port *port);

/* remeasure.c: measuring again */
void hdrm_remeasure_work(struct work_struct *work);
void hdrm_remeasure_kick(struct hdrm_port *port, unsigned int delay_ms);

/* cap.c: the capability exchange, and what is known of the peer */
void hdrm_cap_request(struct hdrm_port *port, struct hdrm_session *s);
void hdrm_cap_rx_request(struct hdrm_port *port, enum hdrm_encap encap,
			 const struct hdrm_ctl *c, u64 now);
void hdrm_cap_rx_reply(struct hdrm_port *port, enum hdrm_encap encap,
		       const u8 *src, const struct hdrm_ctl *c);
void hdrm_peer_learn(struct hdrm_port *port, bool auto_hdrm,
		     bool has_accept_push, bool accept_push, u8 via);
void hdrm_peer_withdraw_lldp(struct hdrm_port *port);
void hdrm_peer_no_cap_locked(struct hdrm_port *port);
void hdrm_peer_ntf_work(struct work_struct *work);

/* push.c: pushing a result to the peer, and taking the peer's */
void hdrm_push_prepare(struct hdrm_port *port, const struct hdrm_result *r,
		       enum hdrm_encap encap);
void hdrm_push_work(struct work_struct *work);
void hdrm_push_rx_config(struct hdrm_port *port, enum hdrm_encap encap,
			 const u8 *src, const struct hdrm_ctl *c, u64 now);
void hdrm_push_rx_ack(struct hdrm_port *port, const struct hdrm_ctl *c);
void hdrm_rx_push_work(struct work_struct *work);

/* stream.c: a stream of frames to pause, sent when the peer asks */
void hdrm_stream_rx_request(struct hdrm_port *port, enum hdrm_encap encap,
			    const u8 *src, const struct hdrm_ctl *c, u64 now);
void hdrm_stream_work(struct work_struct *work);

/* response.c: the pause response, measured by pausing a peer's stream */
/* stream frames kept per repeat: 768 KB of arrivals, vmalloc()ed */
#define HDRM_RESP_MAX_ARRIVALS	32768
#define HDRM_RESPONSE_DEF_REPEATS	5

/* What a response measurement starts from: its round trip's result. */
struct hdrm_response_start {
	u32 session;			/* the round trip's result */
	u8 prio;
	bool passive;			/* no stream: the peer's own traffic */
	u32 repeats;
	u64 rtt_ns;
	u32 speed, mtu;
	bool hw;			/* the NIC's stamps, as the round trip's */
	u8 tx_flags;			/* SKBTX_* for the XOFF and XON */
	enum hdrm_encap encap;		/* the stream request's */
	u32 owner_portid;		/* with owned, as the session's */
	const struct net *owner_net;
};

struct hdrm_resp;
struct hdrm_stream_frame;

struct hdrm_resp *hdrm_response_alloc(void);
void hdrm_response_free(struct hdrm_resp *resp);
void hdrm_response_start(struct hdrm_port *port, struct hdrm_resp *resp,
			 const struct hdrm_response_start *p, u8 end);
void hdrm_response_stop(struct hdrm_port *port, u8 end);
void hdrm_response_release(struct hdrm_port *port, const struct net *net,
			   u32 portid);
bool hdrm_response_rx_answer(struct hdrm_port *port, const struct hdrm_ctl *c);
void hdrm_response_rx_frame(struct hdrm_port *port,
			    const struct hdrm_stream_frame *f,
			    const struct hdrm_rxts *rx);
void hdrm_response_tx_stamp(struct hdrm_port *port, enum hdrm_encap encap,
			    const struct hdrm_probe *p, u64 hw, u64 sw);
void hdrm_response_work(struct work_struct *work);
enum hrtimer_restart hdrm_response_timer(struct hrtimer *timer);

/* rx.c: the receive hook for both encapsulations */
void hdrm_rx_init(void);
void hdrm_rx_exit(void);

/* reflector.c: answering requests */
void hdrm_reflect_request(struct hdrm_port *port, struct net_device *dev,
			  enum hdrm_encap encap, const struct hdrm_probe *req,
			  const struct hdrm_rxts *t2);
void hdrm_reflect_followup(struct hdrm_port *port, enum hdrm_encap encap,
			   const struct hdrm_probe *reply, u64 hw, u64 sw);
u8 hdrm_reflect_tscap(struct hdrm_port *port);
void hdrm_reflect_init(void);

/* tx.c: the frames' skbs, and sending a control frame */
struct sk_buff *hdrm_frame_skb(struct net_device *dev, enum hdrm_encap encap,
			       const struct hdrm_probe *p);
struct sk_buff *hdrm_ptp_skb(struct net_device *dev,
			     const struct hdrm_ptp_req *req);
struct sk_buff *hdrm_ctl_skb(struct net_device *dev, enum hdrm_encap encap,
			     const struct hdrm_ctl *c);
void hdrm_ctl_send(struct hdrm_port *port, enum hdrm_encap encap,
		   const struct hdrm_ctl *c);
struct sk_buff *hdrm_pfc_skb(struct net_device *dev, u8 prio, u16 quanta);

/*
 * netlink.c: the family, and one doit, one dumpit and one notify for
 * every message, as net/ethtool's request_ops.
 */
int hdrm_nl_init(void);
void hdrm_nl_exit(void);

/* A watchdog-ntf's argument to hdrm_notify(): its event and priority */
#define HDRM_NTF_WD(event, prio)	((u32)(event) << 8 | (prio))
#define HDRM_NTF_WD_EVENT(arg)		((arg) >> 8)
#define HDRM_NTF_WD_PRIO(arg)		((u8)(arg))

void hdrm_notify(struct hdrm_port *port, u8 cmd, u32 arg);

/* What a message's prepare step is asked for */
struct hdrm_nl_req {
	struct net_device *dev;
	struct hdrm_port *port;		/* NULL: the module holds none */
	u8 cmd;				/* the message's command */
	u32 arg;			/* hdrm_notify()'s */
	struct netlink_ext_ack *extack;	/* a do's, else NULL */
};

/**
 * struct hdrm_nl_msg_ops - one message the family sends
 * @ifindex_attr: the request's device attribute (a get's)
 * @data_size: bytes of what @prepare copies
 * @prepare: copies the message's contents into @data; -ENODATA when the
 *	device has none (left out of a dump). Context: rtnl held for a get,
 *	a dump and the notifications that hdrm_notify() says hold it.
 * @reply_size: the message's size for @data; NULL: NLMSG_GOODSIZE
 * @fill: puts @data's attributes, reads nothing else; -EMSGSIZE
 */
struct hdrm_nl_msg_ops {
	unsigned int ifindex_attr;
	size_t data_size;
	int (*prepare)(const struct hdrm_nl_req *req, void *data);
	size_t (*reply_size)(const void *data);
	int (*fill)(struct sk_buff *skb, const void *data);
};

extern const struct hdrm_nl_msg_ops hdrm_nl_dev_ops;	/* nl_dev.c */
extern const struct hdrm_nl_msg_ops hdrm_nl_result_ops;	/* nl_result.c */
extern const struct hdrm_nl_msg_ops hdrm_nl_samples_ops;
extern const struct hdrm_nl_msg_ops hdrm_nl_wd_ops;	/* nl_wd.c */

int hdrm_nl_check_unique(const struct nlattr *head, int len, int multi,
			 struct netlink_ext_ack *extack);
int hdrm_nl_check_request(const struct genl_info *info, int multi);
struct net_device *hdrm_nl_dev_lookup(struct net *net, struct nlattr *attr,
				      struct netlink_ext_ack *extack);
struct hdrm_port *hdrm_nl_port_lookup(struct net *net, struct nlattr *attr,
				      struct netlink_ext_ack *extack);
int hdrm_nl_port_missing(struct netlink_ext_ack *extack,
			 const struct nlattr *attr);
int hdrm_nl_put_buffers(struct sk_buff *skb, int attr,
			const struct hdrm_buffers *now,
			const struct hdrm_buffers *old,
			const u64 *wanted, u8 lossless);

#endif /* _DCB_HDRM_H */
