/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dcbsim: what the files of the test device share, its state (struct
 * dcbsim_priv) first. The device, its knobs and its locking are
 * described in Documentation/testing.rst.
 */
#ifndef _DCBSIM_PRIV_H
#define _DCBSIM_PRIV_H

#include <linux/ethtool.h>
#include <linux/hrtimer.h>
#include <linux/netdevice.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/skbuff.h>
#include <net/dcbnl.h>
#include <net/rtnetlink.h>

#include "dcbsim.h"

#define DRV_NAME		"dcbsim"

/* mlxsw (spectrum_buffers.c, spectrum_dcb.c, port.h) */
#define DCBSIM_MLXSW_PB_COUNT	10	/* 0-7 PGs, 8 unused, 9 control */

/* From xmit to delivery, the delay-0 path included. */
struct dcbsim_cb {
	u64 due;		/* x_tx + delay-ns: when the peer gets it */
	u64 xmit;		/* host ns: when the driver took it (held) */
	u64 x;			/* its instant on the wire (the ring's) */
	u8 prio;		/* its priority (PCP) on the cable */
	bool hw;		/* a hardware timestamp at the cable's entry */
	bool ctl;		/* a MAC control frame (0x8808), never held */
	bool pfc;		/* a PFC frame, which the peer's MAC takes */
	u8 pfc_vec;		/* its class-enable vector */
	u8 pfc_xoff;		/* the priorities it gives a time (XOFF) */
};

#define DCBSIM_CB(skb)	((struct dcbsim_cb *)(skb)->cb)

/*
 * A stretch of the clock's timeline: from host instant x, where it read
 * c, it runs at (1 + ppb / 1e9) times the host's rate.
 */
struct dcbsim_seg {
	u64 x;
	s64 c;
	s64 ppb;
};

struct dcbsim_clock {
	spinlock_t lock;	/* the rest of the structure */
	struct dcbsim_seg cur;
	/* the stretch before cur, for instants just before a change */
	struct dcbsim_seg prev;
	s32 knob_ppb;		/* clock-ppb */
	s32 adj_ppb;		/* the PHC's adjfine() */
};

/* mlx5: a PBMC buffer, in cells (16-bit register fields) */
/*
 * The pause received on a priority (pfc.c): the stretches of host time
 * its transmit is paused, [from, until), in order, never touching, the
 * first ending after the last instant they were looked at; at most
 * DCBSIM_PAUSE_WINDOWS of them are pending at once.
 */
#define DCBSIM_PAUSE_WINDOWS	8

struct dcbsim_pause {
	u64 from[DCBSIM_PAUSE_WINDOWS];
	u64 until[DCBSIM_PAUSE_WINDOWS];
	unsigned int n;
	u64 resume;	/* host ns: when the last pause ended or was cleared */
	u64 done_ns;	/* the time of the pauses no longer listed, ns */
};

struct dcbsim_mlx5_buf {
	u16 size;
	u16 xoff;
	u16 xon;
	u8 lossy;
};

/* mlx5: the port's registers and the driver's own DCB state */
struct dcbsim_mlx5 {
	u32 cable_len;		/* priv->dcbx.cable_len, metres */
	u32 xoff;		/* priv->dcbx.xoff: the last one computed */
	u8 owner;		/* enum dcbsim_buffer_owner */
	u8 pfc_en;		/* PFCC */
	u8 prio2buffer[IEEE_8021Q_MAX_PRIORITIES];	/* PPTB */
	struct dcbsim_mlx5_buf buf[DCBSIM_NUM_BUFFERS];	/* PBMC */
};

/* mlx5: struct mlx5e_bufferx_reg, the driver's working copy in bytes */
struct dcbsim_mlx5_pb {
	u32 size;
	u32 xoff;
	u32 xon;
	u8 lossy;
};

/* mlxsw: struct mlxsw_sp_hdroom in DCB mode */
struct dcbsim_mlxsw {
	u8 buf_idx[IEEE_8021Q_MAX_PRIORITIES];
	u8 ets_buf_idx[IEEE_8021Q_MAX_PRIORITIES];
	bool prio_lossy[IEEE_8021Q_MAX_PRIORITIES];
	struct {
		u32 thres;	/* cells */
		u32 size;	/* cells */
		bool lossy;
	} buf[DCBSIM_MLXSW_PB_COUNT];
	u32 int_size;		/* cells: 0, no SPAN mirroring */
	u32 int_reserve;	/* cells */
	int delay_bytes;
	int mtu;
	bool tc_mode;		/* MLXSW_SP_HDROOM_MODE_TC */
	u32 tc_size[DCBSIM_NUM_BUFFERS];	/* bytes, from dcbnl_setbuffer */
};

/* One end of a pair. Its locking: Documentation/testing.rst, "Locking". */
struct dcbsim_priv {
	struct net_device *dev;
	struct net_device __rcu *peer;
	/* the cable */
	spinlock_t lock;
	struct sk_buff_head wire;
	struct hrtimer timer;
	u32 delay_ns;
	/*
	 * The transmit ring (netdev.c): frames the driver takes with
	 * xmit_more wait in @posted for the doorbell, the first frame
	 * without it; then each gets its instant on the wire, back to back
	 * at the speed from when the wire is free (@wire_free), and waits
	 * in @sched for tx_timer to put it on the cable then. @ring_next
	 * is the instant of @sched's first frame, U64_MAX when it is empty
	 * (READ_ONCE() in pfc.c, which never takes ring_lock). ring_lock
	 * is taken before pfc_lock and lock, never under them.
	 */
	spinlock_t ring_lock;
	struct sk_buff_head posted;
	struct sk_buff_head sched;
	u64 wire_free;
	u64 posted_ns;		/* @posted's time on the wire */
	u64 ring_next;
	struct hrtimer tx_timer;
	/* knobs and DCB state, under rtnl */
	u32 speed;
	u32 lanes;
	u8 model;		/* enum dcbsim_model */
	u32 total;
	u32 cell;
	u32 fail;
	struct ieee_pfc pfc;	/* generic, mlxsw */
	struct ieee_ets ets;
	struct dcbnl_buffer buf;	/* generic */
	struct dcbsim_mlx5 mlx5;
	struct dcbsim_mlxsw mlxsw;
	u8 dcbx;
	/* hardware timestamping: under rtnl, READ_ONCE() in the data path */
	u8 hwts;
	u32 ts_res;
	s64 clock_offset;	/* clock-offset-ns as last set */
	int tx_type;		/* enum hwtstamp_tx_types */
	int rx_filter;		/* enum hwtstamp_rx_filters */
	struct dcbsim_clock clock;
	struct ptp_clock_info ptp_info;
	struct ptp_clock *ptp;
	/*
	 * The PHC's index for get_ts_info, -1 without one: ethtool also
	 * calls that without rtnl (SOF_TIMESTAMPING_BIND_PHC through
	 * ethtool_get_phc_vclocks()), and may not read @ptp while
	 * ndo_uninit unregisters and frees it.
	 */
	int phc_index;
	/*
	 * PFC received: pfc_lock guards the pause state, the frames held on
	 * paused priorities and their count, and pause_timer_at, when
	 * pause_timer (which releases them) is due, 0 when it is not armed.
	 * pfc_response_ns is a knob: under rtnl, READ_ONCE() in the data path.
	 */
	spinlock_t pfc_lock;
	struct dcbsim_pause pause[DCBSIM_NUM_PRIOS];
	struct sk_buff_head held[DCBSIM_NUM_PRIOS];
	u64 tx_held[DCBSIM_NUM_PRIOS];	/* frames ever held */
	u32 pfc_response_ns;
	struct hrtimer pause_timer;
	u64 pause_timer_at;
	/*
	 * PFC sent, the storm: the knobs under rtnl (READ_ONCE() in the
	 * timer), which (re)starts storm_timer after cancelling it; the
	 * rest is the timer's, storm_since read with READ_ONCE().
	 */
	u8 storm_prio;		/* DCBSIM_PFC_STORM_OFF: none */
	u32 storm_on_ms;
	u32 storm_off_ms;
	u16 storm_quanta;	/* the frames' quanta, 0: XON */
	u64 storm_start;	/* host ns: the cycle's start */
	u64 storm_since;	/* host ns: the burst's first pause */
	bool storm_sending;	/* the last tick sent a pause */
	struct hrtimer storm_timer;
	/* counters */
	atomic64_t tx_packets, tx_bytes, tx_dropped;
	atomic64_t rx_packets, rx_bytes;
	atomic64_t tx_prio_packets[DCBSIM_NUM_PRIOS];
	atomic64_t tx_prio_bytes[DCBSIM_NUM_PRIOS];
	/* every PFC frame (mlx5's, bnxt_en's); the XOFF ones alone */
	atomic64_t pause_sent[DCBSIM_NUM_PRIOS];
	atomic64_t pause_rcvd[DCBSIM_NUM_PRIOS];
	atomic64_t xoff_sent[DCBSIM_NUM_PRIOS];
	atomic64_t xoff_rcvd[DCBSIM_NUM_PRIOS];
	/*
	 * The driver knob (an index in dcbsim_drivers[]) under rtnl, read
	 * with READ_ONCE() by snap_timer; snap_lock guards the snapshot.
	 */
	u8 driver;
	spinlock_t snap_lock;	/* snap_sent, snap_rcvd */
	u64 snap_sent[DCBSIM_NUM_PRIOS];
	u64 snap_rcvd[DCBSIM_NUM_PRIOS];
	struct hrtimer snap_timer;
};

/*
 * Whose PFC counters the device reports (the driver knob): Linux 6.12's
 * drivers whose ieee_getpfc answers from statistics a timer refreshes
 * every period_ms, ixgbe's swapped (bnxt_dcb.c, i40e_dcb_nl.c,
 * ice_dcb_nl.c, ixgbe_dcb_nl.c). dcbsim: live, no period.
 */
enum {
	DCBSIM_DRV_DCBSIM,
	DCBSIM_DRV_BNXT_EN,
	DCBSIM_DRV_I40E,
	DCBSIM_DRV_ICE,
	DCBSIM_DRV_IXGBE,
	DCBSIM_DRV_COUNT,
};

struct dcbsim_driver {
	const char *name;
	u32 period_ms;
	bool swapped;	/* requests = received, indications = sent */
	bool xoff_only;	/* its counters leave XON frames out */
};

extern const struct dcbsim_driver dcbsim_drivers[DCBSIM_DRV_COUNT];

extern const struct ptp_clock_info dcbsim_ptp_info;
extern const struct ethtool_ops dcbsim_ethtool_ops;
extern const struct dcbnl_rtnl_ops dcbsim_dcbnl_ops;
extern struct rtnl_link_ops dcbsim_link_ops;

/* netdev.c: the cable */
void dcbsim_cable_tx(struct dcbsim_priv *priv, struct sk_buff *skb,
		     u64 x_tx);
void dcbsim_setup(struct net_device *dev);

/* ptp.c: the clock, the PHC and hardware timestamps */
ktime_t dcbsim_stamp(struct dcbsim_priv *priv, u64 x);
void dcbsim_clock_init(struct dcbsim_clock *clk);
int dcbsim_rx_stamp(struct dcbsim_priv *ppriv, struct sk_buff *skb);
#ifdef DCBSIM_HAVE_NDO_HWTSTAMP
int dcbsim_ndo_hwtstamp_get(struct net_device *dev,
			    struct kernel_hwtstamp_config *cfg);
int dcbsim_ndo_hwtstamp_set(struct net_device *dev,
			    struct kernel_hwtstamp_config *cfg,
			    struct netlink_ext_ack *extack);
#else
int dcbsim_eth_ioctl(struct net_device *dev, struct ifreq *ifr, int cmd);
#endif
void dcbsim_apply_clock(struct dcbsim_priv *priv, struct nlattr *data[]);

/* pfc.c: pause sent and received, the storm, the driver knob */
u8 dcbsim_skb_prio(const struct sk_buff *skb, bool *ctl);
bool dcbsim_pfc_parse(const struct sk_buff *skb, u8 *vec, u16 *quanta);
void dcbsim_pfc_rx(struct dcbsim_priv *priv, u8 vec, const u16 *quanta,
		   u64 t);
void dcbsim_pfc_rx_count(struct dcbsim_priv *priv, u8 vec, u8 xoff);
void dcbsim_pfc_tx_stats(struct dcbsim_priv *priv, int prio, u64 *held,
			 u64 *paused_ns);
bool dcbsim_hold(struct dcbsim_priv *priv, struct sk_buff *skb, u64 now);
enum hrtimer_restart dcbsim_pause_timer(struct hrtimer *timer);
void dcbsim_pfc_release(struct dcbsim_priv *priv);
u8 dcbsim_paused(struct dcbsim_priv *priv);
enum hrtimer_restart dcbsim_storm_timer(struct hrtimer *timer);
void dcbsim_storm_restart(struct dcbsim_priv *priv);
void dcbsim_pfc_stop(struct dcbsim_priv *priv);
enum hrtimer_restart dcbsim_snap_timer(struct hrtimer *timer);
int dcbsim_driver_find(const struct nlattr *a);
void dcbsim_apply_driver(struct dcbsim_priv *priv, const struct nlattr *a);
void dcbsim_pfc_live(struct dcbsim_priv *priv, int prio,
		     u64 *sent, u64 *rcvd);
void dcbsim_pfc_counters(struct dcbsim_priv *priv, int prio,
			 u64 *sent, u64 *rcvd);
void dcbsim_pfc_unpause(struct dcbsim_priv *priv);
void dcbsim_apply_storm(struct dcbsim_priv *priv, struct nlattr *data[]);

/* buffers.c: the DCB models */
int dcbsim_mlx5_setpfc(struct dcbsim_priv *priv, struct ieee_pfc *pfc);
int dcbsim_mlx5_setbuffer(struct dcbsim_priv *priv,
			  struct dcbnl_buffer *buf);
int dcbsim_mlxsw_tc_mode(struct dcbsim_priv *priv, bool on);
int dcbsim_setup_tc(struct net_device *dev, enum tc_setup_type type,
		    void *data);
int dcbsim_mlxsw_setbuffer(struct dcbsim_priv *priv,
			   const struct dcbnl_buffer *buf);
int dcbsim_mlxsw_setpfc(struct dcbsim_priv *priv, struct ieee_pfc *pfc);
int dcbsim_mlxsw_setets(struct dcbsim_priv *priv, struct ieee_ets *ets);
unsigned int dcbsim_model_max_mtu(u8 model);
void dcbsim_model_reset(struct dcbsim_priv *priv);
void dcbsim_buffer_state(const struct dcbsim_priv *priv, int i,
			 u32 *size, u32 *xoff, u32 *xon);
void dcbsim_xoff(const struct dcbsim_priv *priv, u32 *xoff);
int dcbsim_change_mtu(struct net_device *dev, int new_mtu);

/* ethtool.c: the link settings */
void dcbsim_set_speed(struct net_device *dev, u32 speed);
bool dcbsim_lanes_valid(u32 lanes);

#endif /* _DCBSIM_PRIV_H */
