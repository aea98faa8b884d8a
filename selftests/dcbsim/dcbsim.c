// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: a pair of virtual Ethernet devices with a built-in cable and the
 * DCB operations of a real NIC, for dcb_hdrm's selftests. Never installed.
 *
 *   ip link add A type dcbsim [ KNOBS ] peer name B [ netns NS ]
 *   ip link set A type dcbsim KNOBS
 *   KNOBS: delay-ns NS speed MBPS lanes N model generic|mlx5|mlxsw
 *          buffer-total BYTES cell BYTES fail ERRNO hwts on|off
 *          ts-resolution-ns NS clock-offset-ns NS clock-ppb PPB
 *          pfc-storm PRIO|off pfc-storm-on-ms MS pfc-storm-off-ms MS
 *          driver dcbsim|bnxt_en|i40e|ice|ixgbe
 *
 * (`ip` learns the kind from link_dcbsim.so through IP_LIB_DIR; `ip -d
 * link show` prints the knobs and "xoff B0,...,B7", each buffer's XOFF
 * threshold in bytes counted from its bottom, 0 for a lossy buffer: the
 * headroom above XOFF is the buffer's size less it; then the storm's
 * knobs, "pfc-storm-since-ns NS" and "pfc-paused 0xMASK", read only;
 * last "driver NAME".)
 *
 * The cable: a frame the driver accepts enters the cable at x_tx (the
 * host's ktime_get_ns()), is held until x_tx + delay-ns in a FIFO served
 * by a softirq hrtimer, then handed to the peer. The qdiscs above stay
 * ordinary, so host queueing is not part of the cable. Deleting either
 * end deletes both.
 *
 * The clock: each end has a PTP hardware clock (/dev/ptpN, its index in
 * ethtool -T). It reads C(x) = x + offset + drift, x being the host's
 * CLOCK_MONOTONIC (one host, so both ends share it) and the drift the
 * integral of the oscillator's error: clock-ppb plus what adjfine() set,
 * kept continuous across changes (each change re-anchors the clock at
 * the instant it is made). adjtime() and settime64() step it as on a
 * real PHC. Every reading, the PHC's included, is rounded down to a
 * multiple of ts-resolution-ns.
 *
 * Hardware timestamps, on the cable's timeline and so independent of the
 * host's scheduling: with hwts on and the hardware timestamping
 * configuration's tx_type ON, a frame that asks for one (SKBTX_HW_TSTAMP)
 * gets C_self(x_tx) on its socket's error queue; with the receiver's hwts
 * on and its rx_filter not NONE, a frame arrives stamped C_peer(x_tx +
 * delay-ns), the delay it was sent with. Equal clocks at both ends thus
 * measure a round trip of exactly twice delay-ns (to the resolution).
 *
 * The knobs, per device:
 * - speed: Mb/s (default 10000), reported by ethtool link settings and
 *   settable with "ethtool -s A speed N autoneg off" as well; a change
 *   raises NETDEV_CHANGE as a real NIC's link renegotiation would.
 * - lanes: 1 (default), 2, 4 or 8, reported by ethtool link settings
 *   ("Lanes:") and settable with "ethtool -s A ... lanes N" as well.
 * - buffer-total (default 262144) and cell (default 128), in bytes.
 * - model: whose DCB arithmetic the device does, exactly as Linux 6.12's
 *   driver does it (its integer types included):
 *   generic (default): ieee_pfc.delay any u16, stored and reported as
 *     given; dcbnl_setbuffer rounds each size up to whole cells and
 *     refuses, changing nothing, a set whose rounded sizes exceed
 *     buffer-total; no XOFF thresholds. max_mtu 65535.
 *   mlx5 (en/port_buffer.c, en_dcbnl.c): the delay is the cable's
 *     length in metres (default 7), reported as such; a new pfc_en is set
 *     first and stays even when the buffers then refuse; a delay of 0 or
 *     1000 and above is ignored. Then, only when the buffers are
 *     software-owned (buffer-owner, below), they are reconfigured as
 *     mlx5e_port_manual_buffer_config() does: a buffer is
 *     lossless when a PFC-enabled priority maps to it, and each lossless
 *     buffer's XOFF threshold is size - xoff, xon that less max_mtu, with
 *     xoff = (301 + 216 x metres / 100) x max(speed, 40000) / 1000 +
 *     272 x MTU / 100 bytes and max_mtu = max(dev->max_mtu, 9216); a
 *     lossless buffer smaller than xoff + max_mtu + cell is refused with
 *     -ENOMEM (the length put back). dcbnl_setbuffer: a lossless buffer
 *     of size 0, or sizes growing past buffer-total, -EINVAL. Sizes and
 *     thresholds are kept in whole cells, rounded down (16-bit fields).
 *     dcbnl_getbuffer's total is buffer-total. An MTU change leaves the
 *     thresholds until the next configuration, which sees a new xoff.
 *     Initially buffer 0 lossy with 65536 bytes, buffers 1-7 lossy and
 *     empty, every priority in buffer 0, PFC off. max_mtu 9978. No
 *     shared-buffer pools, global pause or link toggle.
 *   mlxsw (spectrum_buffers.c, spectrum_dcb.c; Spectrum-2, DCB headroom
 *     mode): the delay is in bits, stored and reported as given; each
 *     priority's buffer is its ETS TC; a used buffer's XOFF threshold is
 *     2 x cells(MTU) and its size that, plus for a lossless one 2 x
 *     cells(ceil(delay / 8)) + cells(MTU) (no delay while pfc_en is 0);
 *     both doubled on 8 lanes. The headroom of buffers 0-9 (9 being the
 *     control buffer, cells(max_mtu + 22)) plus the internal buffer's
 *     reserve, cells(3 x (max_mtu + 22) + 38 x speed / 1000) + 1 (doubled
 *     on 8 lanes), must fit buffer-total, or -ENOBUFS and nothing changes;
 *     ieee_setpfc, ieee_setets and an MTU change recompute it.
 *     dcbnl_setbuffer is refused with -EINVAL (not in TC mode);
 *     dcbnl_getbuffer's total is the headroom taken. Initially every
 *     priority lossy in buffer 0. max_mtu 10218.
 *   A new model, a new cell (mlx5, mlxsw) or new lanes (mlxsw) make a new
 *   port: PFC off, ETS strict with every priority in TC 0, the model's
 *   initial buffers. A model whose max_mtu is below the MTU is refused.
 * - buffer-owner firmware|software (mlx5; IFLA_DCBSIM_BUFFER_OWNER): who
 *   owns the port buffers. firmware, the default and what a new port
 *   starts with, as on real mlx5: ieee_setpfc keeps and reports the cable
 *   length but moves no XOFF (6.12.117 asks the firmware, whose answer
 *   is not SW_OWNED; 6.1 reads priv->dcbx.manual_buffer). A
 *   dcbnl_setbuffer that changes a size or the map, and succeeds, makes
 *   them software's (6.1's driver sets manual_buffer even before a
 *   configuration that then fails; not imitated); one that changes
 *   nothing writes nothing and takes nothing. The knob sets the state
 *   directly (mlnx_qos having run).
 * - tc-mode on|off (mlxsw; IFLA_DCBSIM_TC_MODE): the headroom's mode.
 *   As in mlxsw, a root prio, ets, red or tbf qdisc offloaded through
 *   ndo_setup_tc (model mlxsw only; hw-tc-offload is on) puts the port in
 *   TC mode and deleting it puts it back in DCB mode; the knob does the
 *   same without a qdisc (a size that does not fit leaves the mode). In
 *   TC mode dcbnl_setbuffer is taken: each used buffer's size is
 *   max(cells(buffer_size[i]), its threshold), and the PFC delay sizes
 *   nothing.
 * - ethtool -S also has, for every model and driver, each buffer's state
 *   as the emulated hardware holds it, bytes: buffer<N>_size,
 *   buffer<N>_xoff and buffer<N>_xon (thresholds from the bottom; 0 for
 *   a lossy buffer and for generic). The truth, readable without the
 *   module.
 * - fail: when not 0, ieee_setpfc, ieee_setets and dcbnl_setbuffer return
 *   -fail and change nothing (a driver refusal, for the tests), whatever
 *   the model.
 * - hwts on|off (default off): whether the NIC has hardware timestamping.
 *   Off: ethtool -T lists software timestamping only and no PHC index,
 *   and the hardware timestamping configuration (SIOC[GS]HWTSTAMP) is
 *   refused with -EOPNOTSUPP; turning it off resets that configuration to
 *   its default, tx_type OFF and rx_filter NONE. On: tx_type OFF or ON
 *   (others -ERANGE), and any rx_filter but NONE is widened to ALL, as
 *   many NICs do. The PHC exists either way.
 * - ts-resolution-ns (default 8, 1..1000000): the clock's resolution.
 * - clock-offset-ns (default 0, within +-1e18): from the moment it is
 *   set, the clock reads the host's CLOCK_MONOTONIC plus this, and drifts
 *   on from there; ip -d link shows the value last set.
 * - clock-ppb (default 0, within +-10000000): the oscillator's frequency
 *   error, added to the PHC's own adjfine() correction.
 * - pfc-storm PRIO|off (default off; IFLA_DCBSIM_PFC_STORM, 0..7 or 255):
 *   this end sends PFC pause frames on PRIO (below), as a NIC whose
 *   receive buffer never drains. pfc-storm-on-ms N, pfc-storm-off-ms M
 *   (default 0, 0): with both not 0, bursts of N ms of pauses separated by
 *   M ms of silence, a burst first; else one endless burst. Any of the
 *   three given restarts the cycle from that instant (off stops it).
 * - driver NAME (default dcbsim; IFLA_DCBSIM_DRIVER, a string): whose PFC
 *   counters the device reports, as Linux 6.12's driver does; any other
 *   name is refused. ethtool's drvinfo gives NAME as the driver; at
 *   dcbsim with model mlx5 it gives mlx5_core, with model mlxsw
 *   mlxsw_spectrum2, the drivers whose arithmetic the models are.
 *   dcbsim: ieee_pfc's requests and indications are the live counters
 *   (below) and ethtool -S has tx_prio<p>_{packets,bytes,pause} and
 *   rx_prio<p>_pause.
 *   bnxt_en, i40e, ice (period 1000 ms), ixgbe (2000 ms): ieee_getpfc
 *   answers from a snapshot of the counters a service timer takes, as
 *   the driver's own (bnxt_en: the statistics DMA every stats_coal_ticks;
 *   i40e, ice, ixgbe: the service task): when the knob is given (again,
 *   even with the same NAME) and every period after that, whether the
 *   device is up or not; so the values change only at those instants.
 *   ixgbe reports them swapped, as ixgbe_dcbnl_ieee_getpfc() does:
 *   requests = pause received, indications = pause sent. ethtool -S has
 *   no per-priority transmit counter (none of tx_prio<p>_packets,
 *   tx_packets_pri<p>, tx_frames_prio_<p>), only each priority's pause
 *   sent then received, named as the driver names its XOFF counters:
 *   bnxt_en tx_pfc_ena_frames_pri<p>, rx_pfc_ena_frames_pri<p> (from the
 *   snapshot, as bnxt_en's are); i40e port.tx_priority_<p>_xoff_tx,
 *   port.rx_priority_<p>_xoff_rx; ice tx_priority_<p>_xoff.nic,
 *   rx_priority_<p>_xoff.nic; ixgbe tx_pb_<p>_pxoff, rx_pb_<p>_pxoff
 *   (live, the right way round; unlike the real drivers, reading them
 *   does not refresh ieee_getpfc's snapshot).
 *
 * PFC, per device and priority p, as a NIC's MAC does it:
 * - Pause frames are counters and state, never skbs on the cable (a MAC
 *   consumes them; no receive handler sees one). Sent ones are reported
 *   as ieee_pfc.requests[p], received ones as ieee_pfc.indications[p]
 *   (every model; but see the driver knob), and in ethtool -S as
 *   tx_prio<p>_pause and rx_prio<p>_pause; tx_prio<p>_packets and
 *   tx_prio<p>_bytes count the frames that entered the cable on p (a
 *   held frame when it leaves).
 * - The storm: while the end is up with a link, one pause on PRIO every
 *   refresh interval, half a pause of 65535 quanta at its own speed
 *   (65535 x 512 / speed / 2: 1.68 ms at 10 Gb/s), within 100 us and
 *   10 ms, as a NIC refreshes XOFF before it expires; but only while its
 *   own PFC has PRIO enabled (the mlx5 model's pfc_en, else ieee_pfc's).
 *   pfc-storm-since-ns: the host's ktime_get_ns() at the first pause of
 *   the current (or last) burst, 0 if none yet; a burst begins with the
 *   first pause after the cycle's start, a silence, or a tick without a
 *   pause (PFC off, no link).
 * - A pause received, at the instant it is sent (the cable's delay is not
 *   applied to it), is counted; if the receiver has PFC on p it pauses
 *   the receiver's transmit on p until then + 65535 x 512 bit times at
 *   the receiver's speed (3.36 ms at 10 Gb/s), a later pause extending
 *   it. A receiver with PFC off on p ignores it. pfc-paused: the
 *   priorities paused now.
 * - A frame's priority is its VLAN PCP (an accelerated tag or an 802.1Q
 *   header), else skb->priority when below 8, else 0. MAC control frames
 *   (EtherType 0x8808) are never paused. A frame on a paused priority,
 *   or behind frames held on it, is held (1024 per priority at most,
 *   then dropped and counted in tx_dropped) and goes onto the cable, in
 *   order and with the cable's delay, when the pause ends, or at once
 *   when this end's PFC on p is turned off. Its hardware timestamp is
 *   taken as it enters the cable.
 * - Down (ndo_stop) or deleted: no storm, no pause, held frames dropped,
 *   no timer left; up again, a storm set restarts its cycle.
 *
 * Locking: DCB, ethtool, hardware timestamping configuration and link
 * operations run under rtnl, which guards the DCB state and the knobs;
 * the transmit and receive paths and the timers read the knobs (pfc_en,
 * speed, model included) with READ_ONCE(). priv->lock guards the cable's
 * FIFO (transmit and timer both run with bottom halves off).
 * priv->pfc_lock guards the pause state and the held frames: taken by
 * transmit, the pause timer (which puts released frames on the cable
 * under it, then priv->lock), rtnl's PFC changes (bottom halves off) and
 * the peer's storm timer, which takes no other lock of ours and never
 * arms our timers; the storm timer is (re)started only under rtnl after
 * hrtimer_cancel(), and the pause timer only under pfc_lock.
 * priv->snap_lock guards the driver knob's snapshot, which snap_timer
 * takes (softirq) and ieee_getpfc and ethtool read (bottom halves off);
 * snap_timer is (re)started only under rtnl after hrtimer_cancel().
 * priv->clock.lock guards the clock's state: the data path reads it with
 * bottom halves off, the PTP operations (process context) and the knobs
 * change it with them disabled. The peer pointer is RCU-protected; a
 * frame on the cable touches its receiver's clock state (in the
 * receiver's netdev_priv) only under RCU, never its struct ptp_clock,
 * which is unregistered in ndo_uninit; a storm's pause touches its
 * receiver's pause state and counters only under RCU too (the receiver's
 * ndo_uninit runs after the grace period that follows the pointer's
 * clearing in dellink).
 */
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/hrtimer.h>
#include <linux/if_vlan.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/net_tstamp.h>
#include <linux/netdevice.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/skbuff.h>
#include <linux/uaccess.h>
#include <net/dcbnl.h>
#include <net/pkt_cls.h>
#include <net/rtnetlink.h>

#include "dcbsim.h"

#define DRV_NAME		"dcbsim"
#define DCBSIM_WIRE_MAX		4096	/* frames in flight on the cable */
#define DCBSIM_DEF_SPEED	10000
#define DCBSIM_DEF_TOTAL	262144
#define DCBSIM_DEF_CELL		128
#define DCBSIM_DEF_BUFFER0	65536
#define DCBSIM_DEF_TS_RES_NS	8
#define DCBSIM_PTP_MAX_ADJ	100000000	/* ppb, as many NICs */

/* PFC */
#define DCBSIM_HELD_MAX		1024	/* frames held per paused priority */
#define DCBSIM_PAUSE_BITS	(65535ULL * 512)	/* quanta 0xFFFF, bit times */
#define DCBSIM_REFRESH_MIN_NS	100000ULL
#define DCBSIM_REFRESH_MAX_NS	10000000ULL

/* mlx5 (en/port_buffer.[ch], en_dcbnl.c) */
#define DCBSIM_MLX5_MAX_MTU	9978	/* ConnectX's 10000-byte port MTU less 22 */
#define DCBSIM_MLX5_MIN_MAX_MTU	9216	/* MINIMUM_MAX_MTU */
#define DCBSIM_MLX5_DEF_CABLE	7	/* MLX5E_DEFAULT_CABLE_LEN, metres */
#define DCBSIM_MLX5_MAX_CABLE	1000	/* MLX5E_MAX_CABLE_LENGTH */
#define DCBSIM_MLX5_MIN_SPEED	40000	/* calculate_xoff()'s floor, Mb/s */
/* mlx5e_port_manual_buffer_config()'s change bits */
#define DCBSIM_MLX5_CABLE_LEN	BIT(0)
#define DCBSIM_MLX5_PFC		BIT(1)
#define DCBSIM_MLX5_PRIO2BUFFER	BIT(2)
#define DCBSIM_MLX5_SIZE	BIT(3)

/* mlxsw (spectrum_buffers.c, spectrum_dcb.c, port.h) */
#define DCBSIM_MLXSW_FRAME_HDR	(ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN)
#define DCBSIM_MLXSW_MAX_MTU	(10 * 1024 - DCBSIM_MLXSW_FRAME_HDR)
#define DCBSIM_MLXSW_PB_COUNT	10	/* 0-7 PGs, 8 unused, 9 control */
#define DCBSIM_MLXSW_CTL_BUF	9
#define DCBSIM_MLXSW_SP2_FACTOR	38	/* SPAN egress mirror buffer factor */

/* From xmit to delivery, the delay-0 path included. */
struct dcbsim_cb {
	u64 due;		/* x_tx + delay-ns: when the peer gets it */
	u8 prio;		/* its priority (PCP) on the cable */
	bool hw;		/* a hardware timestamp at the cable's entry */
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

struct dcbsim_priv {
	struct net_device *dev;
	struct net_device __rcu *peer;
	/* the cable */
	spinlock_t lock;
	struct sk_buff_head wire;
	struct hrtimer timer;
	u32 delay_ns;
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
	 * PFC received: pfc_lock guards paused_until (written under it, read
	 * with READ_ONCE() outside), the frames held on paused priorities and
	 * pause_timer_at, when pause_timer (which releases them) is due, 0
	 * when it is not armed.
	 */
	spinlock_t pfc_lock;
	u64 paused_until[DCBSIM_NUM_PRIOS];	/* host ns */
	struct sk_buff_head held[DCBSIM_NUM_PRIOS];
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
	u64 storm_start;	/* host ns: the cycle's start */
	u64 storm_since;	/* host ns: the burst's first pause */
	bool storm_sending;	/* the last tick sent a pause */
	struct hrtimer storm_timer;
	/* counters */
	atomic64_t tx_packets, tx_bytes, tx_dropped;
	atomic64_t rx_packets, rx_bytes;
	atomic64_t tx_prio_packets[DCBSIM_NUM_PRIOS];
	atomic64_t tx_prio_bytes[DCBSIM_NUM_PRIOS];
	atomic64_t pause_sent[DCBSIM_NUM_PRIOS];
	atomic64_t pause_rcvd[DCBSIM_NUM_PRIOS];
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

static const struct dcbsim_driver {
	const char *name;
	u32 period_ms;
	bool swapped;	/* requests = received, indications = sent */
} dcbsim_drivers[DCBSIM_DRV_COUNT] = {
	[DCBSIM_DRV_DCBSIM]	= { DRV_NAME, 0, false },
	[DCBSIM_DRV_BNXT_EN]	= { "bnxt_en", 1000, false },
	[DCBSIM_DRV_I40E]	= { "i40e", 1000, false },
	[DCBSIM_DRV_ICE]	= { "ice", 1000, false },
	[DCBSIM_DRV_IXGBE]	= { "ixgbe", 2000, true },
};

static struct rtnl_link_ops dcbsim_link_ops;

/* The clock */

/* What @seg reads at host instant @x, before rounding. */
static s64 dcbsim_seg_read(const struct dcbsim_seg *seg, u64 x)
{
	s64 dx = (s64)(x - seg->x);
	s64 drift;

	/* |dx| x |ppb| / 1e9 in 128 bits: no overflow however long ago */
	drift = mul_u64_u64_div_u64(abs(dx), abs(seg->ppb), NSEC_PER_SEC);
	if (dx < 0)
		drift = -drift;
	if (seg->ppb < 0)
		drift = -drift;
	return seg->c + dx + drift;
}

static s64 dcbsim_clock_read_locked(struct dcbsim_clock *clk, u64 x)
{
	lockdep_assert_held(&clk->lock);
	return dcbsim_seg_read(x >= clk->cur.x ? &clk->cur : &clk->prev, x);
}

/*
 * The clock at host instant @x, which may be a little in the past (a
 * frame's arrival, delivered late by the host): a change made since then
 * does not reach back. Context: bottom halves off.
 */
static s64 dcbsim_clock_read_bh(struct dcbsim_clock *clk, u64 x)
{
	s64 c;

	spin_lock(&clk->lock);
	c = dcbsim_clock_read_locked(clk, x);
	spin_unlock(&clk->lock);
	return c;
}

/* From host instant @now the clock reads @c and runs at its current rate. */
static void dcbsim_clock_anchor_locked(struct dcbsim_clock *clk, u64 now, s64 c)
{
	lockdep_assert_held(&clk->lock);
	clk->prev = clk->cur;
	clk->cur.x = now;
	clk->cur.c = c;
	clk->cur.ppb = (s64)clk->knob_ppb + clk->adj_ppb;
}

/* Rounded down to a multiple of @res, negative readings included. */
static s64 dcbsim_quantize(s64 v, u32 res)
{
	s32 rem;

	div_s64_rem(v, res, &rem);
	if (rem < 0)
		rem += res;
	return v - rem;
}

/* A timestamp of @priv's clock at host instant @x. Context: BHs off. */
static ktime_t dcbsim_stamp(struct dcbsim_priv *priv, u64 x)
{
	return ns_to_ktime(dcbsim_quantize(dcbsim_clock_read_bh(&priv->clock, x),
					   READ_ONCE(priv->ts_res)));
}

static void dcbsim_clock_init(struct dcbsim_clock *clk)
{
	u64 now = ktime_get_ns();

	spin_lock_init(&clk->lock);
	clk->cur.x = now;
	clk->cur.c = now;
	clk->prev = clk->cur;
}

/* PTP hardware clock operations. Context: process. */

static struct dcbsim_priv *dcbsim_ptp_priv(struct ptp_clock_info *info)
{
	return container_of(info, struct dcbsim_priv, ptp_info);
}

static int dcbsim_ptp_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct dcbsim_clock *clk = &dcbsim_ptp_priv(info)->clock;
	u64 now;

	spin_lock_bh(&clk->lock);
	now = ktime_get_ns();
	/* the core kept |ppb| within max_adj */
	clk->adj_ppb = scaled_ppm_to_ppb(scaled_ppm);
	dcbsim_clock_anchor_locked(clk, now, dcbsim_clock_read_locked(clk, now));
	spin_unlock_bh(&clk->lock);
	return 0;
}

static int dcbsim_ptp_adjtime(struct ptp_clock_info *info, s64 delta)
{
	struct dcbsim_clock *clk = &dcbsim_ptp_priv(info)->clock;
	u64 now;

	spin_lock_bh(&clk->lock);
	now = ktime_get_ns();
	dcbsim_clock_anchor_locked(clk, now,
				   dcbsim_clock_read_locked(clk, now) + delta);
	spin_unlock_bh(&clk->lock);
	return 0;
}

static int dcbsim_ptp_gettimex64(struct ptp_clock_info *info,
				 struct timespec64 *ts,
				 struct ptp_system_timestamp *sts)
{
	struct dcbsim_priv *priv = dcbsim_ptp_priv(info);
	struct dcbsim_clock *clk = &priv->clock;
	u64 now;
	s64 c;

	spin_lock_bh(&clk->lock);
	ptp_read_system_prets(sts);
	now = ktime_get_ns();
	ptp_read_system_postts(sts);
	c = dcbsim_clock_read_locked(clk, now);
	spin_unlock_bh(&clk->lock);
	*ts = ns_to_timespec64(dcbsim_quantize(c, READ_ONCE(priv->ts_res)));
	return 0;
}

static int dcbsim_ptp_settime64(struct ptp_clock_info *info,
				const struct timespec64 *ts)
{
	struct dcbsim_clock *clk = &dcbsim_ptp_priv(info)->clock;

	spin_lock_bh(&clk->lock);
	dcbsim_clock_anchor_locked(clk, ktime_get_ns(), timespec64_to_ns(ts));
	spin_unlock_bh(&clk->lock);
	return 0;
}

/* No pins, alarms, external timestamps, periodic outputs or PPS. */
static int dcbsim_ptp_enable(struct ptp_clock_info *info,
			     struct ptp_clock_request *rq, int on)
{
	return -EOPNOTSUPP;
}

static const struct ptp_clock_info dcbsim_ptp_info = {
	.owner		= THIS_MODULE,
	.name		= DRV_NAME,
	.max_adj	= DCBSIM_PTP_MAX_ADJ,
	.adjfine	= dcbsim_ptp_adjfine,
	.adjtime	= dcbsim_ptp_adjtime,
	.gettimex64	= dcbsim_ptp_gettimex64,
	.settime64	= dcbsim_ptp_settime64,
	.enable		= dcbsim_ptp_enable,
};

/*
 * The receive timestamp: the receiver's clock when the frame reached it,
 * x_tx + delay-ns, however late the host delivers it. Without one, no
 * stale value either: a transmit timestamp taken on this skb's clone
 * (skb_tstamp_tx) sits in the shared skb_shared_info. Writing takes a
 * private copy of it first, or the sender's error queue would read the
 * receive timestamp as its transmit one. Context: BHs off, RCU held.
 */
static int dcbsim_rx_stamp(struct dcbsim_priv *ppriv, struct sk_buff *skb)
{
	struct skb_shared_hwtstamps hwts = {};
	bool stamp = READ_ONCE(ppriv->hwts) &&
		     READ_ONCE(ppriv->rx_filter) != HWTSTAMP_FILTER_NONE;

	if (stamp)
		hwts.hwtstamp = dcbsim_stamp(ppriv, DCBSIM_CB(skb)->due);
	else if (!skb_hwtstamps(skb)->hwtstamp)
		return 0;
	if (skb_unclone(skb, GFP_ATOMIC))
		return -ENOMEM;
	*skb_hwtstamps(skb) = hwts;
	return 0;
}

/* Hands a frame to the peer. Context: bottom halves off, RCU held. */
static void dcbsim_deliver(struct dcbsim_priv *priv, struct net_device *peer,
			   struct sk_buff *skb)
{
	struct dcbsim_priv *ppriv = netdev_priv(peer);
	unsigned int len = skb->len;

	/* eth_type_trans() pulls a header that may sit in fragments */
	if (!(peer->flags & IFF_UP) || !pskb_may_pull(skb, ETH_HLEN)) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		return;
	}
	skb_scrub_packet(skb, !net_eq(dev_net(priv->dev), dev_net(peer)));
	if (dcbsim_rx_stamp(ppriv, skb)) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		return;
	}
	skb->protocol = eth_type_trans(skb, peer);
	if (netif_rx(skb) == NET_RX_SUCCESS) {
		atomic64_inc(&priv->tx_packets);
		atomic64_add(len, &priv->tx_bytes);
		atomic64_inc(&ppriv->rx_packets);
		atomic64_add(len, &ppriv->rx_bytes);
	} else {
		atomic64_inc(&priv->tx_dropped);
	}
}

/*
 * The frame enters the cable now: its hardware timestamp if asked, then
 * the peer at once (delay 0) or the FIFO. Context: bottom halves off.
 */
static void dcbsim_cable_tx(struct dcbsim_priv *priv, struct sk_buff *skb)
{
	struct dcbsim_cb *cb = DCBSIM_CB(skb);
	u32 delay = READ_ONCE(priv->delay_ns);
	struct skb_shared_hwtstamps hwts = {};
	unsigned int len = skb->len;
	struct net_device *peer;
	u8 prio = cb->prio;
	bool start;
	u64 x_tx;

	x_tx = ktime_get_ns();
	cb->due = x_tx + delay;
	if (cb->hw) {
		/* latched as the frame enters the cable: complete at once */
		hwts.hwtstamp = dcbsim_stamp(priv, x_tx);
		skb_tstamp_tx(skb, &hwts);
	}
	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	if (!peer) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		goto out;
	}
	if (!delay) {
		atomic64_inc(&priv->tx_prio_packets[prio]);
		atomic64_add(len, &priv->tx_prio_bytes[prio]);
		dcbsim_deliver(priv, peer, skb);
		goto out;
	}
	/* On the cable until the delay has passed. */
	skb_orphan(skb);
	spin_lock(&priv->lock);
	if (skb_queue_len(&priv->wire) >= DCBSIM_WIRE_MAX) {
		spin_unlock(&priv->lock);
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		goto out;
	}
	start = skb_queue_empty(&priv->wire);
	__skb_queue_tail(&priv->wire, skb);
	if (start)
		hrtimer_start(&priv->timer, ns_to_ktime(cb->due),
			      HRTIMER_MODE_ABS_SOFT);
	spin_unlock(&priv->lock);
	atomic64_inc(&priv->tx_prio_packets[prio]);
	atomic64_add(len, &priv->tx_prio_bytes[prio]);
out:
	rcu_read_unlock();
}

/* PFC */

/* This end's PFC-enabled priorities, the model's. */
static u8 dcbsim_pfc_en(const struct dcbsim_priv *priv)
{
	if (READ_ONCE(priv->model) == DCBSIM_MLX5)
		return READ_ONCE(priv->mlx5.pfc_en);
	return READ_ONCE(priv->pfc.pfc_en);
}

/* A pause of quanta 0xFFFF: 65535 x 512 bit times at @speed Mb/s, ns. */
static u64 dcbsim_pause_ns(u32 speed)
{
	return div_u64(DCBSIM_PAUSE_BITS * 1000, speed);
}

/*
 * A storming NIC refreshes its XOFF before the pause it sent expires:
 * every half pause at its own speed, within 100 us and 10 ms.
 */
static u64 dcbsim_refresh_ns(u32 speed)
{
	return clamp_t(u64, dcbsim_pause_ns(speed) / 2, DCBSIM_REFRESH_MIN_NS,
		       DCBSIM_REFRESH_MAX_NS);
}

/*
 * A frame's priority: its VLAN PCP (an accelerated tag or an 802.1Q
 * header), else skb->priority when below 8, else 0. *@ctl: a MAC control
 * frame (0x8808), which a MAC sends even on a paused priority.
 */
static u8 dcbsim_skb_prio(const struct sk_buff *skb, bool *ctl)
{
	const __be16 *proto, *tci;
	__be16 _proto, _tci;

	*ctl = false;
	if (skb_vlan_tag_present(skb))
		return skb_vlan_tag_get_prio(skb);
	/* the frame from its MAC header, as handed to the driver */
	proto = skb_header_pointer(skb, 2 * ETH_ALEN, sizeof(_proto), &_proto);
	if (proto && *proto == htons(ETH_P_8021Q)) {
		tci = skb_header_pointer(skb, ETH_HLEN, sizeof(_tci), &_tci);
		if (tci)
			return ntohs(*tci) >> VLAN_PRIO_SHIFT;
	}
	if (proto && *proto == htons(ETH_P_PAUSE))
		*ctl = true;
	return skb->priority < DCBSIM_NUM_PRIOS ? skb->priority : 0;
}

/* pause_timer fires at @at, or earlier if it is already due earlier. */
static void dcbsim_pause_timer_arm(struct dcbsim_priv *priv, u64 at)
{
	lockdep_assert_held(&priv->pfc_lock);
	if (priv->pause_timer_at && priv->pause_timer_at <= at)
		return;
	priv->pause_timer_at = at;
	hrtimer_start(&priv->pause_timer, ns_to_ktime(at),
		      HRTIMER_MODE_ABS_SOFT);
}

/*
 * Puts a priority's held frames on the cable, in order. Under pfc_lock,
 * so that a frame transmitted meanwhile cannot overtake them.
 * Context: bottom halves off.
 */
static void dcbsim_release_locked(struct dcbsim_priv *priv,
				  struct sk_buff_head *q)
{
	struct sk_buff *skb;

	lockdep_assert_held(&priv->pfc_lock);
	while ((skb = __skb_dequeue(q)))
		dcbsim_cable_tx(priv, skb);
}

/*
 * Holds @skb when its priority is paused (PFC on for it and a pause
 * running), or behind frames held before it; beyond DCBSIM_HELD_MAX it is
 * dropped. False: it may go onto the cable. Context: bottom halves off.
 */
static bool dcbsim_hold(struct dcbsim_priv *priv, struct sk_buff *skb)
{
	u8 prio = DCBSIM_CB(skb)->prio;
	struct sk_buff_head *q = &priv->held[prio];
	u64 now = ktime_get_ns();
	bool held = true;
	u64 until;

	spin_lock(&priv->pfc_lock);
	until = priv->paused_until[prio];
	if (skb_queue_empty(q) &&
	    (!(dcbsim_pfc_en(priv) & BIT(prio)) || until <= now)) {
		held = false;
	} else if (skb_queue_len(q) >= DCBSIM_HELD_MAX) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
	} else {
		__skb_queue_tail(q, skb);
		/* a later pause re-arms the timer when it fires */
		dcbsim_pause_timer_arm(priv, max(until, now));
	}
	spin_unlock(&priv->pfc_lock);
	return held;
}

/* Context: softirq. Releases the priorities whose pause is over. */
static enum hrtimer_restart dcbsim_pause_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						pause_timer);
	u64 now = ktime_get_ns(), next = 0;
	int prio;
	u8 en;

	spin_lock(&priv->pfc_lock);
	priv->pause_timer_at = 0;
	en = dcbsim_pfc_en(priv);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		u64 until = priv->paused_until[prio];

		if (skb_queue_empty(&priv->held[prio]))
			continue;
		if ((en & BIT(prio)) && until > now) {
			if (!next || until < next)
				next = until;
			continue;
		}
		dcbsim_release_locked(priv, &priv->held[prio]);
	}
	/* hrtimer_start() from the callback: the only way it is re-armed */
	if (next)
		dcbsim_pause_timer_arm(priv, next);
	spin_unlock(&priv->pfc_lock);
	return HRTIMER_NORESTART;
}

/*
 * A NIC with PFC off on a priority ignores pause on it: its pause ends
 * and its held frames go now. Context: rtnl held, after any change of
 * pfc_en (a model's reset included).
 */
static void dcbsim_pfc_release(struct dcbsim_priv *priv)
{
	u8 en = dcbsim_pfc_en(priv);
	int prio;

	spin_lock_bh(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		if (en & BIT(prio))
			continue;
		WRITE_ONCE(priv->paused_until[prio], 0);
		dcbsim_release_locked(priv, &priv->held[prio]);
	}
	spin_unlock_bh(&priv->pfc_lock);
}

/* The priorities whose transmit is paused now, a mask. */
static u8 dcbsim_paused(const struct dcbsim_priv *priv)
{
	u64 now = ktime_get_ns();
	u8 en = dcbsim_pfc_en(priv), mask = 0;
	int prio;

	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		if ((en & BIT(prio)) &&
		    READ_ONCE(priv->paused_until[prio]) > now)
			mask |= BIT(prio);
	return mask;
}

/*
 * One pause frame on @prio, sent at @now if this end has PFC on @prio and
 * a link: counted at both ends, and it pauses the peer's @prio for 65535
 * quanta at the peer's speed if the peer has PFC on @prio. The frame
 * itself is not on the cable (a MAC consumes it). Context: softirq.
 */
static void dcbsim_storm_pause(struct dcbsim_priv *priv, u8 prio, u64 now)
{
	struct dcbsim_priv *ppriv;
	struct net_device *peer;

	if (!netif_carrier_ok(priv->dev) ||
	    !(dcbsim_pfc_en(priv) & BIT(prio))) {
		priv->storm_sending = false;
		return;
	}
	if (!priv->storm_sending) {
		WRITE_ONCE(priv->storm_since, now);
		priv->storm_sending = true;
	}
	atomic64_inc(&priv->pause_sent[prio]);
	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	if (peer && (peer->flags & IFF_UP)) {
		ppriv = netdev_priv(peer);
		atomic64_inc(&ppriv->pause_rcvd[prio]);
		spin_lock(&ppriv->pfc_lock);
		if (dcbsim_pfc_en(ppriv) & BIT(prio)) {
			u64 until = now +
				    dcbsim_pause_ns(READ_ONCE(ppriv->speed));

			if (until > ppriv->paused_until[prio])
				WRITE_ONCE(ppriv->paused_until[prio], until);
		}
		spin_unlock(&ppriv->pfc_lock);
	}
	rcu_read_unlock();
}

/*
 * Context: softirq. A tick of the storm: in a burst, a pause and the next
 * tick a refresh interval later (or at the burst's end); between bursts,
 * the next tick at the next burst's start.
 */
static enum hrtimer_restart dcbsim_storm_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						storm_timer);
	u64 on = (u64)READ_ONCE(priv->storm_on_ms) * NSEC_PER_MSEC;
	u64 off = (u64)READ_ONCE(priv->storm_off_ms) * NSEC_PER_MSEC;
	u8 prio = READ_ONCE(priv->storm_prio);
	u64 now = ktime_get_ns();
	u64 next, pos;

	if (prio >= DCBSIM_NUM_PRIOS)
		return HRTIMER_NORESTART;
	next = now + dcbsim_refresh_ns(READ_ONCE(priv->speed));
	if (on && off) {
		div64_u64_rem(now - priv->storm_start, on + off, &pos);
		if (pos >= on) {
			priv->storm_sending = false;
			hrtimer_set_expires(timer,
					    ns_to_ktime(now - pos + on + off));
			return HRTIMER_RESTART;
		}
		next = min(next, now - pos + on);
	}
	dcbsim_storm_pause(priv, prio, now);
	hrtimer_set_expires(timer, ns_to_ktime(next));
	return HRTIMER_RESTART;
}

/*
 * The storm's cycle afresh from now, its first burst at once, if a
 * priority is set and the device is up. Context: rtnl held.
 */
static void dcbsim_storm_restart(struct dcbsim_priv *priv)
{
	hrtimer_cancel(&priv->storm_timer);
	priv->storm_sending = false;
	if (priv->storm_prio >= DCBSIM_NUM_PRIOS || !netif_running(priv->dev))
		return;
	priv->storm_start = ktime_get_ns();
	hrtimer_start(&priv->storm_timer, ns_to_ktime(priv->storm_start),
		      HRTIMER_MODE_ABS_SOFT);
}

/*
 * Down or going: no storm, no pause, held frames dropped; no timer left.
 * Context: process; nothing transmits any more.
 */
static void dcbsim_pfc_stop(struct dcbsim_priv *priv)
{
	int prio;

	hrtimer_cancel(&priv->storm_timer);
	priv->storm_sending = false;
	hrtimer_cancel(&priv->pause_timer);
	spin_lock_bh(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		atomic64_add(skb_queue_len(&priv->held[prio]),
			     &priv->tx_dropped);
		__skb_queue_purge(&priv->held[prio]);
		WRITE_ONCE(priv->paused_until[prio], 0);
	}
	priv->pause_timer_at = 0;
	spin_unlock_bh(&priv->pfc_lock);
}

static netdev_tx_t dcbsim_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	bool hw, ctl;

	hw = (skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP) &&
	     READ_ONCE(priv->hwts) &&
	     READ_ONCE(priv->tx_type) == HWTSTAMP_TX_ON;
	if (hw)
		skb_shinfo(skb)->tx_flags |= SKBTX_IN_PROGRESS;
	/* handed to the hardware: the software timestamp, then the cable */
	skb_tx_timestamp(skb);
	DCBSIM_CB(skb)->hw = hw;
	DCBSIM_CB(skb)->prio = dcbsim_skb_prio(skb, &ctl);
	if (!ctl && dcbsim_hold(priv, skb))
		return NETDEV_TX_OK;
	dcbsim_cable_tx(priv, skb);
	return NETDEV_TX_OK;
}

/* Context: softirq. Delivers every frame that is due, then sleeps on. */
static enum hrtimer_restart dcbsim_wire_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						timer);
	enum hrtimer_restart ret = HRTIMER_NORESTART;
	struct sk_buff_head due;
	struct net_device *peer;
	struct sk_buff *skb;
	u64 now = ktime_get_ns();

	__skb_queue_head_init(&due);
	spin_lock(&priv->lock);
	while ((skb = skb_peek(&priv->wire)) && DCBSIM_CB(skb)->due <= now) {
		__skb_unlink(skb, &priv->wire);
		__skb_queue_tail(&due, skb);
	}
	if (skb) {
		hrtimer_set_expires(timer, ns_to_ktime(DCBSIM_CB(skb)->due));
		ret = HRTIMER_RESTART;
	}
	spin_unlock(&priv->lock);

	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	while ((skb = __skb_dequeue(&due))) {
		if (peer) {
			dcbsim_deliver(priv, peer, skb);
		} else {
			atomic64_inc(&priv->tx_dropped);
			kfree_skb(skb);
		}
	}
	rcu_read_unlock();
	return ret;
}

/* Drops what is on the cable. Context: process; the timer is stopped. */
static void dcbsim_wire_flush(struct dcbsim_priv *priv)
{
	hrtimer_cancel(&priv->timer);
	spin_lock_bh(&priv->lock);
	__skb_queue_purge(&priv->wire);
	spin_unlock_bh(&priv->lock);
}

/*
 * The DCB models: each driver's arithmetic as Linux 6.12 does it, in its
 * integer types (written afresh, not copied). Context: rtnl held.
 */

/* mlx5 */

/* mlx5e_port_query_buffer(): the buffers in bytes, and their sum */
static u32 dcbsim_mlx5_query(const struct dcbsim_priv *priv,
			     struct dcbsim_mlx5_pb *pb)
{
	u32 used = 0;
	int i;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		const struct dcbsim_mlx5_buf *b = &priv->mlx5.buf[i];

		pb[i].size = b->size * priv->cell;
		pb[i].xoff = b->xoff * priv->cell;
		pb[i].xon = b->xon * priv->cell;
		pb[i].lossy = b->lossy;
		used += pb[i].size;
	}
	return used;
}

/*
 * calculate_xoff(): (301 + 2.16 x metres) x Gb/s + 2.72 x MTU bytes, the
 * speed at least 40 Gb/s, in u32 as the driver computes it.
 */
static u32 dcbsim_mlx5_calc_xoff(const struct dcbsim_priv *priv,
				 unsigned int mtu)
{
	u32 speed = max_t(u32, priv->speed, DCBSIM_MLX5_MIN_SPEED);

	return (301 + 216 * priv->mlx5.cable_len / 100) * speed / 1000 +
	       272 * mtu / 100;
}

/* update_xoff_threshold(): XOFF sits xoff bytes below a lossless top */
static int dcbsim_mlx5_update_xoff(struct dcbsim_mlx5_pb *pb, u32 xoff,
				   unsigned int max_mtu, u32 cell)
{
	int i;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		if (pb[i].lossy) {
			pb[i].xoff = 0;
			pb[i].xon = 0;
			continue;
		}
		if (pb[i].size < xoff + max_mtu + cell)
			return -ENOMEM;
		pb[i].xoff = pb[i].size - xoff;
		pb[i].xon = pb[i].xoff - max_mtu;
	}
	return 0;
}

/*
 * update_buffer_lossy(): a buffer is lossless when a PFC-enabled priority
 * maps to it; the thresholds are recomputed when any of that changed.
 */
static int dcbsim_mlx5_update_lossy(u8 pfc_en, const u8 *prio2buffer,
				    u32 xoff, unsigned int max_mtu, u32 cell,
				    struct dcbsim_mlx5_pb *pb, bool *change)
{
	bool changed = false;
	int i, prio;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		unsigned int prios = 0, lossy_prios = 0;
		u8 lossy;

		for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++) {
			if (prio2buffer[prio] != i)
				continue;
			prios++;
			lossy_prios += !(pfc_en & BIT(prio));
		}
		lossy = lossy_prios == prios;
		if (lossy != pb[i].lossy) {
			pb[i].lossy = lossy;
			changed = true;
		}
	}
	if (changed) {
		int err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);

		if (err)
			return err;
		*change = true;
	}
	return 0;
}

/*
 * mlx5e_port_manual_buffer_config(), its steps in its order, then
 * port_set_buffer(): each size and threshold written in whole cells,
 * rounded down, into PBMC's 16-bit fields. Nothing is written on an error.
 * No shared-buffer pools (sbcam_reg) and no global pause are modelled.
 */
static int dcbsim_mlx5_buffer_config(struct dcbsim_priv *priv, u32 change,
				     unsigned int mtu, u8 pfc_en,
				     const u32 *buffer_size,
				     const u8 *prio2buffer)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	struct dcbsim_mlx5_pb pb[DCBSIM_NUM_BUFFERS];
	u32 xoff = dcbsim_mlx5_calc_xoff(priv, mtu);
	unsigned int max_mtu = max_t(unsigned int, priv->dev->max_mtu,
				     DCBSIM_MLX5_MIN_MAX_MTU);
	bool update_buffer = false;
	u32 used, spare, total_used = 0;
	u32 cell = priv->cell;
	int err, i;

	used = dcbsim_mlx5_query(priv, pb);
	/* the port's buffer less its internal buffers is buffer-total */
	spare = priv->total > used ? priv->total - used : 0;

	if (change & DCBSIM_MLX5_CABLE_LEN) {
		update_buffer = true;
		err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);
		if (err)
			return err;
	}
	if (change & DCBSIM_MLX5_PFC) {
		err = dcbsim_mlx5_update_lossy(pfc_en, m->prio2buffer, xoff,
					       max_mtu, cell, pb,
					       &update_buffer);
		if (err)
			return err;
	}
	if (change & DCBSIM_MLX5_PRIO2BUFFER) {
		err = dcbsim_mlx5_update_lossy(m->pfc_en, prio2buffer, xoff,
					       max_mtu, cell, pb,
					       &update_buffer);
		if (err)
			return err;
	}
	if (change & DCBSIM_MLX5_SIZE) {
		for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
			if (!pb[i].lossy && !buffer_size[i])
				return -EINVAL;
			pb[i].size = buffer_size[i];
			total_used += buffer_size[i];
		}
		if (total_used > used && total_used - used > spare)
			return -EINVAL;
		update_buffer = true;
		err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);
		if (err)
			return err;
	}
	/* a new MTU or speed since the last configuration */
	if (!update_buffer && xoff != m->xoff) {
		update_buffer = true;
		err = dcbsim_mlx5_update_xoff(pb, xoff, max_mtu, cell);
		if (err)
			return err;
	}

	if (update_buffer) {
		for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
			m->buf[i].size = pb[i].size / cell;
			m->buf[i].xoff = pb[i].xoff / cell;
			m->buf[i].xon = pb[i].xon / cell;
			m->buf[i].lossy = pb[i].lossy;
		}
	}
	m->xoff = xoff;
	if (change & DCBSIM_MLX5_PRIO2BUFFER)
		memcpy(m->prio2buffer, prio2buffer, sizeof(m->prio2buffer));
	return 0;
}

/*
 * mlx5e_dcbnl_ieee_setpfc(): a new pfc_en is set first and stays whatever
 * follows; a delay of 1..999 is the cable's length in metres, any other
 * is ignored; the length is put back if the buffers refuse it.
 */
static int dcbsim_mlx5_setpfc(struct dcbsim_priv *priv, struct ieee_pfc *pfc)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	u32 old_cable_len = m->cable_len;
	u32 changed = 0;
	int err;

	if (pfc->pfc_en != m->pfc_en) {
		WRITE_ONCE(m->pfc_en, pfc->pfc_en);
		changed |= DCBSIM_MLX5_PFC;
	}
	if (pfc->delay && pfc->delay < DCBSIM_MLX5_MAX_CABLE &&
	    pfc->delay != m->cable_len) {
		m->cable_len = pfc->delay;
		changed |= DCBSIM_MLX5_CABLE_LEN;
	}
	/*
	 * Firmware-owned buffers (6.12.117: mlx5_query_port_buffer_ownership()
	 * not SW_OWNED; 6.1: !priv->dcbx.manual_buffer): the length is kept,
	 * and ieee_getpfc reports it, but no XOFF moves.
	 */
	if (m->owner != DCBSIM_OWNER_SOFTWARE)
		return 0;
	err = dcbsim_mlx5_buffer_config(priv, changed, priv->dev->mtu,
					m->pfc_en, NULL, NULL);
	if (err && (changed & DCBSIM_MLX5_CABLE_LEN))
		m->cable_len = old_cable_len;
	return err;
}

/* mlx5e_dcbnl_setbuffer(): sizes compared in bytes, as read back */
static int dcbsim_mlx5_setbuffer(struct dcbsim_priv *priv,
				 struct dcbnl_buffer *buf)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	u32 changed = 0;
	int err, i;

	if (memcmp(buf->prio2buffer, m->prio2buffer, sizeof(m->prio2buffer)))
		changed |= DCBSIM_MLX5_PRIO2BUFFER;
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		if (m->buf[i].size * priv->cell != buf->buffer_size[i]) {
			changed |= DCBSIM_MLX5_SIZE;
			break;
		}
	}
	if (!changed)
		return 0;
	err = dcbsim_mlx5_buffer_config(priv, changed, priv->dev->mtu, 0,
					buf->buffer_size, buf->prio2buffer);
	/* the host wrote PBMC: firmware reports the buffers SW-owned */
	if (!err)
		m->owner = DCBSIM_OWNER_SOFTWARE;
	return err;
}

/*
 * A port as dcbsim brings it up: buffer 0 lossy with 65536 bytes (as many
 * whole cells as fit, at most 65535), the others lossy and empty, every
 * priority in buffer 0, PFC off, a 7 m cable, no xoff computed yet.
 */
static void dcbsim_mlx5_init(struct dcbsim_priv *priv)
{
	struct dcbsim_mlx5 *m = &priv->mlx5;
	int i;

	memset(m, 0, sizeof(*m));
	m->cable_len = DCBSIM_MLX5_DEF_CABLE;
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
		m->buf[i].lossy = 1;
	m->buf[0].size = min_t(u32, DCBSIM_DEF_BUFFER0 / priv->cell, U16_MAX);
}

/* mlxsw (Spectrum-2's internal buffer) */

static u32 dcbsim_mlxsw_cells(const struct dcbsim_priv *priv, u32 bytes)
{
	return DIV_ROUND_UP(bytes, priv->cell);
}

/* mlxsw_sp_port_headroom_8x_adjust(): two buffers on an 8-lane port */
static u32 dcbsim_mlxsw_8x(const struct dcbsim_priv *priv, u32 cells)
{
	return priv->lanes == 8 ? 2 * cells : cells;
}

/* DCB mode: a priority's buffer is its ETS traffic class */
static void dcbsim_mlxsw_reset_buf_idx(struct dcbsim_mlxsw *h)
{
	memcpy(h->buf_idx, h->ets_buf_idx, sizeof(h->buf_idx));
}

static void dcbsim_mlxsw_reset_lossiness(struct dcbsim_mlxsw *h)
{
	int i, prio;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
		h->buf[i].lossy = true;
	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		if (!h->prio_lossy[prio])
			h->buf[h->buf_idx[prio]].lossy = false;
}

static bool dcbsim_mlxsw_buf_used(const struct dcbsim_mlxsw *h, int buf)
{
	int prio;

	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		if (h->buf_idx[prio] == buf)
			return true;
	return false;
}

/*
 * mlxsw_sp_hdroom_bufs_reset_sizes(), DCB mode: a used buffer's XOFF
 * threshold is 2 x cells(MTU) and a lossless one adds 2 x cells(delay)
 * + cells(MTU) above it; both doubled on 8 lanes. The internal buffer's
 * reserve is Spectrum-2's, 3 x (max_mtu + 22) + 38 x speed / 1000 bytes
 * (the port's maximum speed: the speed knob) in cells, plus one.
 */
static void dcbsim_mlxsw_reset_sizes(const struct dcbsim_priv *priv,
				     struct dcbsim_mlxsw *h)
{
	unsigned int max_mtu = priv->dev->max_mtu + DCBSIM_MLXSW_FRAME_HDR;
	u16 reserve, thres, delay;
	u32 bytes;
	int i;

	bytes = 3 * (int)max_mtu + DCBSIM_MLXSW_SP2_FACTOR * priv->speed / 1000;
	reserve = dcbsim_mlxsw_cells(priv, bytes) + 1;
	reserve = dcbsim_mlxsw_8x(priv, reserve);
	h->int_reserve = reserve;
	h->int_size = 0;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		if (!dcbsim_mlxsw_buf_used(h, i)) {
			thres = 0;
			delay = 0;
		} else {
			thres = 2 * dcbsim_mlxsw_cells(priv, h->mtu);
			delay = 0;
			if (!h->buf[i].lossy) {
				u16 delay_cells = dcbsim_mlxsw_cells(priv,
							h->delay_bytes);

				delay = 2 * delay_cells +
					dcbsim_mlxsw_cells(priv, h->mtu);
			}
		}
		thres = dcbsim_mlxsw_8x(priv, thres);
		delay = dcbsim_mlxsw_8x(priv, delay);
		h->buf[i].thres = thres;
		h->buf[i].size = thres + delay;
		/* TC mode: the size set by dcbnl_setbuffer, the delay unused */
		if (h->tc_mode && dcbsim_mlxsw_buf_used(h, i))
			h->buf[i].size = max_t(u32, thres,
					       dcbsim_mlxsw_cells(priv,
								  h->tc_size[i]));
	}
}

/* mlxsw_sp_hdroom_bufs_fit(): buffer-total is the maximum headroom */
static bool dcbsim_mlxsw_fit(const struct dcbsim_priv *priv,
			     const struct dcbsim_mlxsw *h)
{
	u32 taken = 0;
	int i;

	for (i = 0; i < DCBSIM_MLXSW_PB_COUNT; i++)
		taken += h->buf[i].size;
	taken += h->int_reserve;
	return taken <= priv->total / priv->cell;
}

/*
 * mlxsw_sp_hdroom_configure(): the grown buffers beside the old ones must
 * fit, and so must the new set; else -ENOBUFS and nothing changes.
 */
static int dcbsim_mlxsw_configure(struct dcbsim_priv *priv,
				  const struct dcbsim_mlxsw *h)
{
	struct dcbsim_mlxsw tmp = priv->mlxsw;
	int i;

	for (i = 0; i < DCBSIM_MLXSW_PB_COUNT; i++)
		if (h->buf[i].size)
			tmp.buf[i] = h->buf[i];
	if (!dcbsim_mlxsw_fit(priv, &tmp) || !dcbsim_mlxsw_fit(priv, h))
		return -ENOBUFS;
	priv->mlxsw = *h;
	return 0;
}

/*
 * mlxsw_sp_qdisc_create() and _destroy() for a root qdisc: TC mode while
 * one is offloaded, DCB mode after (the sizes recomputed either way).
 * Context: rtnl held.
 */
static int dcbsim_mlxsw_tc_mode(struct dcbsim_priv *priv, bool on)
{
	struct dcbsim_mlxsw h = priv->mlxsw;

	if (h.tc_mode == on)
		return 0;
	h.tc_mode = on;
	dcbsim_mlxsw_reset_sizes(priv, &h);
	return dcbsim_mlxsw_configure(priv, &h);
}

/*
 * ndo_setup_tc, as mlxsw takes a root prio, ets, red or tbf (model mlxsw
 * only; other models offload nothing): its replace puts the port in TC
 * mode, its destroy back in DCB mode; the rest (grafts, stats) is taken
 * and changes nothing. Context: rtnl held.
 */
static int dcbsim_setup_tc(struct net_device *dev, enum tc_setup_type type,
			   void *data)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	bool replace, destroy;
	u32 parent;

	if (priv->model != DCBSIM_MLXSW)
		return -EOPNOTSUPP;
	switch (type) {
	case TC_SETUP_QDISC_PRIO: {
		struct tc_prio_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_PRIO_REPLACE;
		destroy = o->command == TC_PRIO_DESTROY;
		break;
	}
	case TC_SETUP_QDISC_ETS: {
		struct tc_ets_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_ETS_REPLACE;
		destroy = o->command == TC_ETS_DESTROY;
		break;
	}
	case TC_SETUP_QDISC_RED: {
		struct tc_red_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_RED_REPLACE;
		destroy = o->command == TC_RED_DESTROY;
		break;
	}
	case TC_SETUP_QDISC_TBF: {
		struct tc_tbf_qopt_offload *o = data;

		parent = o->parent;
		replace = o->command == TC_TBF_REPLACE;
		destroy = o->command == TC_TBF_DESTROY;
		break;
	}
	default:
		return -EOPNOTSUPP;
	}
	if (parent != TC_H_ROOT)
		return -EOPNOTSUPP;
	if (replace || destroy)
		return dcbsim_mlxsw_tc_mode(priv, replace);
	return 0;
}

/* mlxsw_sp_dcbnl_setbuffer(): TC mode only; the sizes, then reconfigure */
static int dcbsim_mlxsw_setbuffer(struct dcbsim_priv *priv,
				  const struct dcbnl_buffer *buf)
{
	struct dcbsim_mlxsw h = priv->mlxsw;

	if (!h.tc_mode) {
		netdev_err(priv->dev, "The use of dcbnl_setbuffer is only allowed if egress is configured using TC\n");
		return -EINVAL;
	}
	memcpy(h.tc_size, buf->buffer_size, sizeof(h.tc_size));
	dcbsim_mlxsw_reset_sizes(priv, &h);
	return dcbsim_mlxsw_configure(priv, &h);
}

/* mlxsw_sp_dcbnl_ieee_setpfc(): the delay in bits, headroom from it */
static int dcbsim_mlxsw_setpfc(struct dcbsim_priv *priv, struct ieee_pfc *pfc)
{
	struct dcbsim_mlxsw h = priv->mlxsw;
	int prio, err;

	h.delay_bytes = pfc->pfc_en ? DIV_ROUND_UP(pfc->delay, BITS_PER_BYTE) : 0;
	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		h.prio_lossy[prio] = !(pfc->pfc_en & BIT(prio));
	dcbsim_mlxsw_reset_lossiness(&h);
	dcbsim_mlxsw_reset_sizes(priv, &h);
	err = dcbsim_mlxsw_configure(priv, &h);
	if (err)
		return err;
	priv->pfc = *pfc;
	priv->pfc.pfc_cap = IEEE_8021QAZ_MAX_TCS;
	return 0;
}

/* mlxsw_sp_port_headroom_ets_set() */
static int dcbsim_mlxsw_setets(struct dcbsim_priv *priv, struct ieee_ets *ets)
{
	struct dcbsim_mlxsw h = priv->mlxsw;

	memcpy(h.ets_buf_idx, ets->prio_tc, sizeof(h.ets_buf_idx));
	dcbsim_mlxsw_reset_buf_idx(&h);
	dcbsim_mlxsw_reset_lossiness(&h);
	dcbsim_mlxsw_reset_sizes(priv, &h);
	return dcbsim_mlxsw_configure(priv, &h);
}

/*
 * mlxsw_sp_port_headroom_init(): every priority lossy in buffer 0, the
 * control buffer 9 one maximal frame, the internal buffer off. Taken even
 * where it does not fit buffer-total (where a port would not come up).
 */
static void dcbsim_mlxsw_init(struct dcbsim_priv *priv)
{
	struct dcbsim_mlxsw *h = &priv->mlxsw;
	u32 size9;
	int prio;

	memset(h, 0, sizeof(*h));
	h->mtu = priv->dev->mtu;
	for (prio = 0; prio < IEEE_8021Q_MAX_PRIORITIES; prio++)
		h->prio_lossy[prio] = true;
	dcbsim_mlxsw_reset_lossiness(h);
	dcbsim_mlxsw_reset_sizes(priv, h);
	/* in bytes, doubled on 8 lanes, then in cells */
	size9 = dcbsim_mlxsw_8x(priv, priv->dev->max_mtu +
				DCBSIM_MLXSW_FRAME_HDR);
	h->buf[DCBSIM_MLXSW_CTL_BUF].size = dcbsim_mlxsw_cells(priv, size9);
}

static unsigned int dcbsim_model_max_mtu(u8 model)
{
	switch (model) {
	case DCBSIM_MLX5:
		return DCBSIM_MLX5_MAX_MTU;
	case DCBSIM_MLXSW:
		return DCBSIM_MLXSW_MAX_MTU;
	default:
		return ETH_MAX_MTU;
	}
}

/*
 * A new port of the model: its max_mtu, PFC off, ETS strict with every
 * priority in TC 0, and the model's initial buffers. Context: rtnl held
 * (or the device not registered yet); dev->mtu within the new max_mtu.
 */
static void dcbsim_model_reset(struct dcbsim_priv *priv)
{
	int i;

	priv->dev->max_mtu = dcbsim_model_max_mtu(priv->model);
	memset(&priv->pfc, 0, sizeof(priv->pfc));
	priv->pfc.pfc_cap = IEEE_8021QAZ_MAX_TCS;
	memset(&priv->ets, 0, sizeof(priv->ets));
	priv->ets.ets_cap = IEEE_8021QAZ_MAX_TCS;
	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++)
		priv->ets.tc_tsa[i] = IEEE_8021QAZ_TSA_STRICT;
	memset(&priv->buf, 0, sizeof(priv->buf));
	priv->buf.buffer_size[0] = DCBSIM_DEF_BUFFER0;
	dcbsim_mlx5_init(priv);
	dcbsim_mlxsw_init(priv);
}

/*
 * Buffer @i as the emulated hardware holds it, bytes: its size and its
 * XOFF and XON thresholds from its bottom (0 for a lossy buffer, and for
 * the generic model, which has none). mlxsw packs one threshold for both
 * (mlxsw_reg_pbmc_lossless_buffer_pack()).
 */
static void dcbsim_buffer_state(const struct dcbsim_priv *priv, int i,
				u32 *size, u32 *xoff, u32 *xon)
{
	const struct dcbsim_mlx5_buf *m = &priv->mlx5.buf[i];

	switch (priv->model) {
	case DCBSIM_MLX5:
		*size = m->size * priv->cell;
		*xoff = m->xoff * priv->cell;
		*xon = m->xon * priv->cell;
		break;
	case DCBSIM_MLXSW:
		*size = priv->mlxsw.buf[i].size * priv->cell;
		*xoff = priv->mlxsw.buf[i].lossy ? 0 :
			priv->mlxsw.buf[i].thres * priv->cell;
		*xon = *xoff;
		break;
	default:
		*size = priv->buf.buffer_size[i];
		*xoff = 0;
		*xon = 0;
	}
}

/* Each buffer's XOFF threshold in bytes from its bottom; 0: lossy */
static void dcbsim_xoff(const struct dcbsim_priv *priv, u32 *xoff)
{
	u32 size, xon;
	int i;

	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
		dcbsim_buffer_state(priv, i, &size, &xoff[i], &xon);
}

/*
 * mlxsw re-sizes its headroom for a new MTU and refuses one that does not
 * fit; mlx5's port buffer keeps its thresholds until its next
 * configuration, which sees a new xoff. Context: rtnl held.
 */
static int dcbsim_change_mtu(struct net_device *dev, int new_mtu)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (priv->model == DCBSIM_MLXSW) {
		struct dcbsim_mlxsw h = priv->mlxsw;
		int err;

		h.mtu = new_mtu;
		dcbsim_mlxsw_reset_sizes(priv, &h);
		err = dcbsim_mlxsw_configure(priv, &h);
		if (err)
			return err;
	}
	WRITE_ONCE(dev->mtu, new_mtu);
	return 0;
}

static int dcbsim_open(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	if (!peer)
		return -ENOTCONN;
	if (peer->flags & IFF_UP) {
		netif_carrier_on(dev);
		netif_carrier_on(peer);
	}
	dcbsim_storm_restart(priv);
	return 0;
}

static int dcbsim_stop(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	netif_carrier_off(dev);
	if (peer)
		netif_carrier_off(peer);
	dcbsim_pfc_stop(priv);
	dcbsim_wire_flush(priv);
	return 0;
}

/* The PHC lives as long as the registered device. Context: rtnl held. */
static int dcbsim_dev_init(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct ptp_clock *ptp;

	priv->ptp_info = dcbsim_ptp_info;
	ptp = ptp_clock_register(&priv->ptp_info, NULL);
	if (IS_ERR(ptp))
		return PTR_ERR(ptp);
	priv->ptp = ptp;	/* NULL without PTP support: no PHC */
	WRITE_ONCE(priv->phc_index, ptp ? ptp_clock_index(ptp) : -1);
	return 0;
}

/*
 * Frames still on the cable go first; the PHC's operations are over when
 * ptp_clock_unregister() returns (an open /dev/ptpN then gets -ENODEV).
 */
static void dcbsim_uninit(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	dcbsim_pfc_stop(priv);
	dcbsim_wire_flush(priv);
	hrtimer_cancel(&priv->snap_timer);
	WRITE_ONCE(priv->phc_index, -1);
	if (priv->ptp) {
		ptp_clock_unregister(priv->ptp);
		priv->ptp = NULL;
	}
}

/*
 * Hardware timestamping configuration, shared by 6.1's SIOC[GS]HWTSTAMP
 * ioctl and the ndo_hwtstamp_{get,set} of 6.6 and later. Context: rtnl.
 */
static int dcbsim_hwtstamp_get(struct dcbsim_priv *priv, int *tx_type,
			       int *rx_filter)
{
	if (!priv->hwts)
		return -EOPNOTSUPP;
	*tx_type = priv->tx_type;
	*rx_filter = priv->rx_filter;
	return 0;
}

static int dcbsim_hwtstamp_set(struct dcbsim_priv *priv, int tx_type,
			       int *rx_filter)
{
	if (!priv->hwts)
		return -EOPNOTSUPP;
	if (tx_type != HWTSTAMP_TX_OFF && tx_type != HWTSTAMP_TX_ON)
		return -ERANGE;
	/* every frame or none: reported back as what is done */
	if (*rx_filter != HWTSTAMP_FILTER_NONE)
		*rx_filter = HWTSTAMP_FILTER_ALL;
	WRITE_ONCE(priv->tx_type, tx_type);
	WRITE_ONCE(priv->rx_filter, *rx_filter);
	return 0;
}

#ifdef DCBSIM_HAVE_NDO_HWTSTAMP
static int dcbsim_ndo_hwtstamp_get(struct net_device *dev,
				   struct kernel_hwtstamp_config *cfg)
{
	return dcbsim_hwtstamp_get(netdev_priv(dev), &cfg->tx_type,
				   &cfg->rx_filter);
}

static int dcbsim_ndo_hwtstamp_set(struct net_device *dev,
				   struct kernel_hwtstamp_config *cfg,
				   struct netlink_ext_ack *extack)
{
	return dcbsim_hwtstamp_set(netdev_priv(dev), cfg->tx_type,
				   &cfg->rx_filter);
}
#else
static int dcbsim_eth_ioctl(struct net_device *dev, struct ifreq *ifr,
			    int cmd)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct hwtstamp_config cfg;
	int err;

	switch (cmd) {
	case SIOCGHWTSTAMP:
		memset(&cfg, 0, sizeof(cfg));
		err = dcbsim_hwtstamp_get(priv, &cfg.tx_type, &cfg.rx_filter);
		break;
	case SIOCSHWTSTAMP:
		if (copy_from_user(&cfg, ifr->ifr_data, sizeof(cfg)))
			return -EFAULT;
		err = dcbsim_hwtstamp_set(priv, cfg.tx_type, &cfg.rx_filter);
		break;
	default:
		return -EOPNOTSUPP;
	}
	if (err)
		return err;
	return copy_to_user(ifr->ifr_data, &cfg, sizeof(cfg)) ? -EFAULT : 0;
}
#endif

static void dcbsim_get_stats64(struct net_device *dev,
			       struct rtnl_link_stats64 *s)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	s->tx_packets = atomic64_read(&priv->tx_packets);
	s->tx_bytes = atomic64_read(&priv->tx_bytes);
	s->tx_dropped = atomic64_read(&priv->tx_dropped);
	s->rx_packets = atomic64_read(&priv->rx_packets);
	s->rx_bytes = atomic64_read(&priv->rx_bytes);
}

static struct net *dcbsim_get_link_net(const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	return peer ? dev_net(peer) : dev_net(dev);
}

static int dcbsim_get_iflink(const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer;
	int iflink;

	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	iflink = peer ? READ_ONCE(peer->ifindex) : 0;
	rcu_read_unlock();
	return iflink;
}

static const struct net_device_ops dcbsim_netdev_ops = {
	.ndo_setup_tc		= dcbsim_setup_tc,
	.ndo_init		= dcbsim_dev_init,
	.ndo_uninit		= dcbsim_uninit,
	.ndo_open		= dcbsim_open,
	.ndo_stop		= dcbsim_stop,
	.ndo_start_xmit		= dcbsim_xmit,
	.ndo_change_mtu		= dcbsim_change_mtu,
	.ndo_get_stats64	= dcbsim_get_stats64,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_get_iflink		= dcbsim_get_iflink,
#ifdef DCBSIM_HAVE_NDO_HWTSTAMP
	.ndo_hwtstamp_get	= dcbsim_ndo_hwtstamp_get,
	.ndo_hwtstamp_set	= dcbsim_ndo_hwtstamp_set,
#else
	.ndo_eth_ioctl		= dcbsim_eth_ioctl,
#endif
};

/* The driver knob: a real driver's PFC counters */

/* Context: any; bottom halves off or softirq (the timer). */
static void dcbsim_snap_take_locked(struct dcbsim_priv *priv)
{
	int prio;

	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		priv->snap_sent[prio] = atomic64_read(&priv->pause_sent[prio]);
		priv->snap_rcvd[prio] = atomic64_read(&priv->pause_rcvd[prio]);
	}
}

/*
 * Context: softirq. The driver's service timer: a snapshot every period,
 * on the boundaries counted from the knob (a late run skips to the next).
 */
static enum hrtimer_restart dcbsim_snap_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						snap_timer);
	u32 ms = dcbsim_drivers[READ_ONCE(priv->driver)].period_ms;

	if (!ms)
		return HRTIMER_NORESTART;
	spin_lock(&priv->snap_lock);
	dcbsim_snap_take_locked(priv);
	spin_unlock(&priv->snap_lock);
	hrtimer_forward_now(timer, ms_to_ktime(ms));
	return HRTIMER_RESTART;
}

/* -1 for a name that is none of dcbsim_drivers[] */
static int dcbsim_driver_find(const struct nlattr *a)
{
	int i;

	for (i = 0; i < DCBSIM_DRV_COUNT; i++)
		if (!nla_strcmp(a, dcbsim_drivers[i].name))
			return i;
	return -1;
}

/*
 * The knob given (even unchanged): a snapshot now and the service timer
 * from now on, for a driver with a period. Context: rtnl held; @a valid.
 */
static void dcbsim_apply_driver(struct dcbsim_priv *priv,
				const struct nlattr *a)
{
	u32 ms;

	hrtimer_cancel(&priv->snap_timer);
	WRITE_ONCE(priv->driver, dcbsim_driver_find(a));
	ms = dcbsim_drivers[priv->driver].period_ms;
	if (!ms)
		return;
	spin_lock_bh(&priv->snap_lock);
	dcbsim_snap_take_locked(priv);
	spin_unlock_bh(&priv->snap_lock);
	hrtimer_start(&priv->snap_timer,
		      ns_to_ktime(ktime_get_ns() + (u64)ms * NSEC_PER_MSEC),
		      HRTIMER_MODE_ABS_SOFT);
}

/*
 * The pause frames sent and received on @prio as ieee_getpfc reports
 * them: live for dcbsim, else the last snapshot. Context: rtnl held.
 */
static void dcbsim_pfc_counters(struct dcbsim_priv *priv, int prio,
				u64 *sent, u64 *rcvd)
{
	if (!dcbsim_drivers[priv->driver].period_ms) {
		*sent = atomic64_read(&priv->pause_sent[prio]);
		*rcvd = atomic64_read(&priv->pause_rcvd[prio]);
		return;
	}
	spin_lock_bh(&priv->snap_lock);
	*sent = priv->snap_sent[prio];
	*rcvd = priv->snap_rcvd[prio];
	spin_unlock_bh(&priv->snap_lock);
}

/* ethtool: the link speed knob, timestamping capabilities */

/*
 * The driver's name: the driver knob's, or with it at dcbsim the real
 * driver whose arithmetic the model is (mlx5's module is mlx5_core; a
 * Spectrum-2 port's driver is mlxsw_spectrum2), so that whatever reads
 * the name (ethtool -i, dcb_hdrm's model auto) sees what it would on that
 * hardware. Context: rtnl held (ethtool), as the knobs are.
 */
static void dcbsim_get_drvinfo(struct net_device *dev,
			       struct ethtool_drvinfo *info)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	const char *name = dcbsim_drivers[priv->driver].name;

	if (priv->driver == DCBSIM_DRV_DCBSIM && priv->model == DCBSIM_MLX5)
		name = "mlx5_core";
	else if (priv->driver == DCBSIM_DRV_DCBSIM &&
		 priv->model == DCBSIM_MLXSW)
		name = "mlxsw_spectrum2";
	strscpy(info->driver, name, sizeof(info->driver));
}

static int dcbsim_get_link_ksettings(struct net_device *dev,
				     struct ethtool_link_ksettings *ks)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	ethtool_link_ksettings_zero_link_mode(ks, supported);
	ethtool_link_ksettings_zero_link_mode(ks, advertising);
	ks->base.speed = priv->speed;
	ks->lanes = priv->lanes;
	ks->base.duplex = DUPLEX_FULL;
	ks->base.port = PORT_OTHER;
	ks->base.autoneg = AUTONEG_DISABLE;
	return 0;
}

/* Context: rtnl held. */
static void dcbsim_set_speed(struct net_device *dev, u32 speed)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (priv->speed == speed)
		return;
	WRITE_ONCE(priv->speed, speed);
	/* what a NIC's renegotiation tells the stack */
	netdev_state_change(dev);
}

static bool dcbsim_lanes_valid(u32 lanes)
{
	return lanes == 1 || lanes == 2 || lanes == 4 || lanes == 8;
}

/* Lanes 0: not given (the core clears them with autoneg off). */
static int dcbsim_set_link_ksettings(struct net_device *dev,
				     const struct ethtool_link_ksettings *ks)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (ks->base.autoneg == AUTONEG_ENABLE)
		return -EOPNOTSUPP;
	if (ks->base.duplex != DUPLEX_FULL)
		return -EINVAL;
	if (ks->base.speed < DCBSIM_MIN_SPEED ||
	    ks->base.speed > DCBSIM_MAX_SPEED)
		return -EINVAL;
	if (ks->lanes && !dcbsim_lanes_valid(ks->lanes))
		return -EINVAL;
	dcbsim_set_speed(dev, ks->base.speed);
	if (ks->lanes && ks->lanes != priv->lanes) {
		priv->lanes = ks->lanes;
		/* a port of another width: mlxsw's port afresh */
		if (priv->model == DCBSIM_MLXSW) {
			dcbsim_model_reset(priv);
			dcbsim_pfc_release(priv);
		}
	}
	return 0;
}

/* 6.11 gave the operation the kernel's own structure. Context: rtnl. */
#ifdef DCBSIM_HAVE_KERNEL_TS_INFO
static int dcbsim_get_ts_info(struct net_device *dev,
			      struct kernel_ethtool_ts_info *info)
#else
static int dcbsim_get_ts_info(struct net_device *dev,
			      struct ethtool_ts_info *info)
#endif
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	info->so_timestamping = SOF_TIMESTAMPING_TX_SOFTWARE |
				SOF_TIMESTAMPING_RX_SOFTWARE |
				SOF_TIMESTAMPING_SOFTWARE;
	info->phc_index = -1;
	if (!priv->hwts)
		return 0;
	info->so_timestamping |= SOF_TIMESTAMPING_TX_HARDWARE |
				 SOF_TIMESTAMPING_RX_HARDWARE |
				 SOF_TIMESTAMPING_RAW_HARDWARE;
	info->phc_index = READ_ONCE(priv->phc_index);
	info->tx_types = BIT(HWTSTAMP_TX_OFF) | BIT(HWTSTAMP_TX_ON);
	info->rx_filters = BIT(HWTSTAMP_FILTER_NONE) | BIT(HWTSTAMP_FILTER_ALL);
	return 0;
}

/*
 * ethtool -S: per priority, as mlx5 names them, the frames and bytes that
 * entered the cable (a held frame when it leaves) and the pause frames
 * sent (tx) and received (rx). Another driver's: only the pause frames
 * sent and received, by that driver's names of its XOFF counters.
 * Context: rtnl held (count, strings and values in one request).
 */
static int dcbsim_get_sset_count(struct net_device *dev, int sset)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (sset != ETH_SS_STATS)
		return -EOPNOTSUPP;
	return DCBSIM_NUM_PRIOS * (priv->driver == DCBSIM_DRV_DCBSIM ? 4 : 2) +
	       DCBSIM_NUM_BUFFERS * 3;
}

static void dcbsim_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	int prio, i;

	if (sset != ETH_SS_STATS)
		return;
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		switch (priv->driver) {
		case DCBSIM_DRV_BNXT_EN:
			ethtool_sprintf(&data, "tx_pfc_ena_frames_pri%d", prio);
			ethtool_sprintf(&data, "rx_pfc_ena_frames_pri%d", prio);
			break;
		case DCBSIM_DRV_I40E:
			ethtool_sprintf(&data, "port.tx_priority_%d_xoff_tx",
					prio);
			ethtool_sprintf(&data, "port.rx_priority_%d_xoff_rx",
					prio);
			break;
		case DCBSIM_DRV_ICE:
			ethtool_sprintf(&data, "tx_priority_%d_xoff.nic", prio);
			ethtool_sprintf(&data, "rx_priority_%d_xoff.nic", prio);
			break;
		case DCBSIM_DRV_IXGBE:
			ethtool_sprintf(&data, "tx_pb_%d_pxoff", prio);
			ethtool_sprintf(&data, "rx_pb_%d_pxoff", prio);
			break;
		default:
			ethtool_sprintf(&data, "tx_prio%d_packets", prio);
			ethtool_sprintf(&data, "tx_prio%d_bytes", prio);
			ethtool_sprintf(&data, "tx_prio%d_pause", prio);
			ethtool_sprintf(&data, "rx_prio%d_pause", prio);
			break;
		}
	}
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		ethtool_sprintf(&data, "buffer%d_size", i);
		ethtool_sprintf(&data, "buffer%d_xoff", i);
		ethtool_sprintf(&data, "buffer%d_xon", i);
	}
}

static void dcbsim_get_ethtool_stats(struct net_device *dev,
				     struct ethtool_stats *stats, u64 *data)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 size, xoff, xon;
	int prio, i;

	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		if (priv->driver == DCBSIM_DRV_BNXT_EN) {
			/* the statistics DMA's copy, as ieee_getpfc's */
			dcbsim_pfc_counters(priv, prio, &data[0], &data[1]);
			data += 2;
			continue;
		}
		if (priv->driver == DCBSIM_DRV_DCBSIM) {
			*data++ = atomic64_read(&priv->tx_prio_packets[prio]);
			*data++ = atomic64_read(&priv->tx_prio_bytes[prio]);
		}
		*data++ = atomic64_read(&priv->pause_sent[prio]);
		*data++ = atomic64_read(&priv->pause_rcvd[prio]);
	}
	for (i = 0; i < DCBSIM_NUM_BUFFERS; i++) {
		dcbsim_buffer_state(priv, i, &size, &xoff, &xon);
		*data++ = size;
		*data++ = xoff;
		*data++ = xon;
	}
}

static const struct ethtool_ops dcbsim_ethtool_ops = {
	.cap_link_lanes_supported = true,
	.get_drvinfo		= dcbsim_get_drvinfo,
	.get_link		= ethtool_op_get_link,
	.get_link_ksettings	= dcbsim_get_link_ksettings,
	.set_link_ksettings	= dcbsim_set_link_ksettings,
	.get_ts_info		= dcbsim_get_ts_info,
	.get_sset_count		= dcbsim_get_sset_count,
	.get_strings		= dcbsim_get_strings,
	.get_ethtool_stats	= dcbsim_get_ethtool_stats,
};

/* DCB operations, as a NIC driver has them. Context: rtnl held. */

static int dcbsim_ieee_getpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u64 sent, rcvd;
	bool swapped;
	int prio;

	if (priv->model == DCBSIM_MLX5) {
		/* the port's pfc_en and the driver's cable length */
		memset(pfc, 0, sizeof(*pfc));
		pfc->pfc_cap = IEEE_8021QAZ_MAX_TCS;
		pfc->pfc_en = priv->mlx5.pfc_en;
		pfc->delay = priv->mlx5.cable_len;
	} else {
		*pfc = priv->pfc;
	}
	/*
	 * every model: the pause frames sent and received per priority, as
	 * the driver knob's driver reports them (ixgbe's the other way round)
	 */
	swapped = dcbsim_drivers[priv->driver].swapped;
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		dcbsim_pfc_counters(priv, prio, &sent, &rcvd);
		pfc->requests[prio] = swapped ? rcvd : sent;
		pfc->indications[prio] = swapped ? sent : rcvd;
	}
	return 0;
}

static int dcbsim_ieee_setpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	int err = 0;

	if (priv->fail)
		return -priv->fail;
	switch (priv->model) {
	case DCBSIM_MLX5:
		err = dcbsim_mlx5_setpfc(priv, pfc);
		break;
	case DCBSIM_MLXSW:
		err = dcbsim_mlxsw_setpfc(priv, pfc);
		break;
	default:
		WRITE_ONCE(priv->pfc.pfc_en, pfc->pfc_en);
		priv->pfc.mbc = pfc->mbc;
		priv->pfc.delay = pfc->delay;
	}
	/* mlx5 keeps a new pfc_en even when it fails */
	dcbsim_pfc_release(priv);
	return err;
}

static int dcbsim_ieee_getets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	*ets = priv->ets;
	return 0;
}

static int dcbsim_ieee_setets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	unsigned int i, bw = 0;
	bool any_ets = false;
	int err;

	if (priv->fail)
		return -priv->fail;
	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++) {
		if (ets->prio_tc[i] >= IEEE_8021QAZ_MAX_TCS)
			return -EINVAL;
		switch (ets->tc_tsa[i]) {
		case IEEE_8021QAZ_TSA_STRICT:
			break;
		case IEEE_8021QAZ_TSA_ETS:
			any_ets = true;
			bw += ets->tc_tx_bw[i];
			break;
		default:
			/* mlxsw_sp_port_ets_validate() says -EINVAL */
			return priv->model == DCBSIM_MLXSW ? -EINVAL :
							      -EOPNOTSUPP;
		}
	}
	if (any_ets && bw != 100)
		return -EINVAL;
	if (priv->model == DCBSIM_MLXSW) {
		/* DCB mode: each priority's buffer follows its TC */
		err = dcbsim_mlxsw_setets(priv, ets);
		if (err)
			return err;
	}
	priv->ets.willing = ets->willing;
	priv->ets.ets_cap = IEEE_8021QAZ_MAX_TCS;
	memcpy(priv->ets.tc_tx_bw, ets->tc_tx_bw, sizeof(ets->tc_tx_bw));
	memcpy(priv->ets.tc_tsa, ets->tc_tsa, sizeof(ets->tc_tsa));
	memcpy(priv->ets.prio_tc, ets->prio_tc, sizeof(ets->prio_tc));
	return 0;
}

static int dcbsim_getbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	const struct dcbsim_mlxsw *h = &priv->mlxsw;
	int i;

	switch (priv->model) {
	case DCBSIM_MLX5:
		memcpy(buf->prio2buffer, priv->mlx5.prio2buffer,
		       sizeof(buf->prio2buffer));
		for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
			buf->buffer_size[i] = priv->mlx5.buf[i].size * priv->cell;
		buf->total_size = priv->total;
		return 0;
	case DCBSIM_MLXSW:
		/* the total is the headroom taken, the internal buffer's too */
		buf->total_size = 0;
		for (i = 0; i < DCBSIM_MLXSW_PB_COUNT; i++) {
			u32 bytes = h->buf[i].size * priv->cell;

			if (i < DCBX_MAX_BUFFERS)
				buf->buffer_size[i] = bytes;
			buf->total_size += bytes;
		}
		buf->total_size += h->int_size * priv->cell;
		memcpy(buf->prio2buffer, h->buf_idx, sizeof(buf->prio2buffer));
		return 0;
	}
	*buf = priv->buf;
	buf->total_size = priv->total;
	return 0;
}

static int dcbsim_setbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 size[DCBX_MAX_BUFFERS];
	u64 sum = 0;
	unsigned int i;

	if (priv->fail)
		return -priv->fail;
	for (i = 0; i < IEEE_8021Q_MAX_PRIORITIES; i++)
		if (buf->prio2buffer[i] >= DCBX_MAX_BUFFERS)
			return -EINVAL;
	switch (priv->model) {
	case DCBSIM_MLX5:
		return dcbsim_mlx5_setbuffer(priv, buf);
	case DCBSIM_MLXSW:
		return dcbsim_mlxsw_setbuffer(priv, buf);
	}
	for (i = 0; i < DCBX_MAX_BUFFERS; i++) {
		u64 cells = DIV_ROUND_UP_ULL(buf->buffer_size[i], priv->cell);

		sum += cells * priv->cell;
		if (sum > priv->total)
			return -EINVAL;
		size[i] = cells * priv->cell;
	}
	memcpy(priv->buf.prio2buffer, buf->prio2buffer,
	       sizeof(buf->prio2buffer));
	memcpy(priv->buf.buffer_size, size, sizeof(size));
	return 0;
}

static u8 dcbsim_getdcbx(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	return priv->dcbx;
}

/* dcbnl's convention: 0 taken, 1 refused. */
static u8 dcbsim_setdcbx(struct net_device *dev, u8 mode)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u8 ver = mode & (DCB_CAP_DCBX_VER_CEE | DCB_CAP_DCBX_VER_IEEE);

	if (!(mode & DCB_CAP_DCBX_HOST) || (mode & DCB_CAP_DCBX_LLD_MANAGED) ||
	    (ver != DCB_CAP_DCBX_VER_CEE && ver != DCB_CAP_DCBX_VER_IEEE))
		return 1;
	priv->dcbx = mode;
	return 0;
}

static const struct dcbnl_rtnl_ops dcbsim_dcbnl_ops = {
	.ieee_getpfc		= dcbsim_ieee_getpfc,
	.ieee_setpfc		= dcbsim_ieee_setpfc,
	.ieee_getets		= dcbsim_ieee_getets,
	.ieee_setets		= dcbsim_ieee_setets,
	.dcbnl_getbuffer	= dcbsim_getbuffer,
	.dcbnl_setbuffer	= dcbsim_setbuffer,
	.getdcbx		= dcbsim_getdcbx,
	.setdcbx		= dcbsim_setdcbx,
};

/* A softirq hrtimer on CLOCK_MONOTONIC, started in absolute time. */
static void dcbsim_timer_init(struct hrtimer *timer,
			      enum hrtimer_restart (*fn)(struct hrtimer *))
{
#ifdef DCBSIM_HAVE_HRTIMER_SETUP
	hrtimer_setup(timer, fn, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
#else
	hrtimer_init(timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	timer->function = fn;
#endif
}

static void dcbsim_setup(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	int prio;

	ether_setup(dev);
	dev->netdev_ops = &dcbsim_netdev_ops;
	dev->ethtool_ops = &dcbsim_ethtool_ops;
	dev->dcbnl_ops = &dcbsim_dcbnl_ops;
	dev->rtnl_link_ops = &dcbsim_link_ops;
	/* tc offloads a root qdisc to model mlxsw (dcbsim_setup_tc()) */
	dev->hw_features |= NETIF_F_HW_TC;
	dev->features |= NETIF_F_HW_TC;
	dev->needs_free_netdev = true;
	dev->priv_flags &= ~IFF_TX_SKB_SHARING;
	eth_hw_addr_random(dev);

	priv->dev = dev;
	spin_lock_init(&priv->lock);
	__skb_queue_head_init(&priv->wire);
	dcbsim_timer_init(&priv->timer, dcbsim_wire_timer);
	spin_lock_init(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		__skb_queue_head_init(&priv->held[prio]);
	dcbsim_timer_init(&priv->pause_timer, dcbsim_pause_timer);
	dcbsim_timer_init(&priv->storm_timer, dcbsim_storm_timer);
	spin_lock_init(&priv->snap_lock);
	dcbsim_timer_init(&priv->snap_timer, dcbsim_snap_timer);
	priv->driver = DCBSIM_DRV_DCBSIM;
	priv->storm_prio = DCBSIM_PFC_STORM_OFF;
	priv->speed = DCBSIM_DEF_SPEED;
	priv->lanes = 1;
	priv->model = DCBSIM_GENERIC;
	priv->total = DCBSIM_DEF_TOTAL;
	priv->cell = DCBSIM_DEF_CELL;
	dcbsim_model_reset(priv);
	priv->dcbx = DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE;
	priv->ts_res = DCBSIM_DEF_TS_RES_NS;
	priv->phc_index = -1;
	priv->tx_type = HWTSTAMP_TX_OFF;
	priv->rx_filter = HWTSTAMP_FILTER_NONE;
	dcbsim_clock_init(&priv->clock);
}

/* Non-const: 6.1's range validation takes a writable pointer. */
static struct netlink_range_validation dcbsim_delay_range = {
	.max = DCBSIM_MAX_DELAY_NS,
};

static struct netlink_range_validation dcbsim_speed_range = {
	.min = DCBSIM_MIN_SPEED,
	.max = DCBSIM_MAX_SPEED,
};

static struct netlink_range_validation dcbsim_total_range = {
	.min = 1,
	.max = DCBSIM_MAX_TOTAL,
};

static struct netlink_range_validation dcbsim_cell_range = {
	.min = 1,
	.max = DCBSIM_MAX_CELL,
};

static struct netlink_range_validation dcbsim_fail_range = {
	.max = MAX_ERRNO,
};

static const struct nla_policy dcbsim_policy[IFLA_DCBSIM_MAX + 1] = {
	[IFLA_DCBSIM_PEER]	= { .len = sizeof(struct ifinfomsg) },
	[IFLA_DCBSIM_DELAY_NS]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_delay_range),
	[IFLA_DCBSIM_SPEED]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_speed_range),
	[IFLA_DCBSIM_MODEL]	= NLA_POLICY_MAX(NLA_U8, DCBSIM_MLXSW),
	[IFLA_DCBSIM_TOTAL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_total_range),
	[IFLA_DCBSIM_CELL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_cell_range),
	[IFLA_DCBSIM_FAIL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_fail_range),
	/* ranges in dcbsim_validate(), to say which knob and why */
	[IFLA_DCBSIM_HWTS]	= { .type = NLA_U8 },
	[IFLA_DCBSIM_TS_RES_NS]	= { .type = NLA_U32 },
	[IFLA_DCBSIM_CLOCK_OFFSET_NS] = { .type = NLA_S64 },
	[IFLA_DCBSIM_CLOCK_PPB]	= { .type = NLA_S32 },
	[IFLA_DCBSIM_LANES]	= { .type = NLA_U32 },
	[IFLA_DCBSIM_XOFF]	= { .type = NLA_REJECT },	/* read only */
	[IFLA_DCBSIM_PFC_STORM]	= { .type = NLA_U8 },
	[IFLA_DCBSIM_PFC_STORM_ON_MS] = { .type = NLA_U32 },
	[IFLA_DCBSIM_PFC_STORM_OFF_MS] = { .type = NLA_U32 },
	[IFLA_DCBSIM_PFC_STORM_SINCE_NS] = { .type = NLA_REJECT },
	[IFLA_DCBSIM_PFC_PAUSED] = { .type = NLA_REJECT },
	[IFLA_DCBSIM_BUFFER_OWNER] = NLA_POLICY_MAX(NLA_U8, DCBSIM_OWNER_SOFTWARE),
	[IFLA_DCBSIM_TC_MODE]	= NLA_POLICY_MAX(NLA_U8, 1),
	[IFLA_DCBSIM_DRIVER]	= { .type = NLA_NUL_STRING,
				    .len = DCBSIM_DRIVER_LEN - 1 },
};

/*
 * What the device's state needs of a request: a model's max_mtu no lower
 * than the MTU. Context: rtnl held; nothing changed yet.
 */
static int dcbsim_check_knobs(struct net_device *dev, struct nlattr *data[],
			      struct netlink_ext_ack *extack)
{
	struct nlattr *a = data ? data[IFLA_DCBSIM_MODEL] : NULL;

	if (a && dev->mtu > dcbsim_model_max_mtu(nla_get_u8(a))) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "the MTU is above the model's max_mtu (mlx5 9978, mlxsw 10218)");
		return -EINVAL;
	}
	return 0;
}

static int dcbsim_validate(struct nlattr *tb[], struct nlattr *data[],
			   struct netlink_ext_ack *extack)
{
	struct nlattr *a;

	if (tb && tb[IFLA_ADDRESS]) {
		if (nla_len(tb[IFLA_ADDRESS]) != ETH_ALEN)
			return -EINVAL;
		if (!is_valid_ether_addr(nla_data(tb[IFLA_ADDRESS])))
			return -EADDRNOTAVAIL;
	}
	if (!data)
		return 0;
	a = data[IFLA_DCBSIM_HWTS];
	if (a && nla_get_u8(a) > 1) {
		NL_SET_ERR_MSG_ATTR(extack, a, "hwts is 0 (off) or 1 (on)");
		return -EINVAL;
	}
	a = data[IFLA_DCBSIM_LANES];
	if (a && !dcbsim_lanes_valid(nla_get_u32(a))) {
		NL_SET_ERR_MSG_ATTR(extack, a, "lanes is 1, 2, 4 or 8");
		return -EINVAL;
	}
	a = data[IFLA_DCBSIM_TS_RES_NS];
	if (a && (!nla_get_u32(a) || nla_get_u32(a) > DCBSIM_MAX_TS_RES_NS)) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "ts-resolution-ns is 1 to 1000000");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_CLOCK_OFFSET_NS];
	if (a && (nla_get_s64(a) > DCBSIM_MAX_CLOCK_OFFSET_NS ||
		  nla_get_s64(a) < -DCBSIM_MAX_CLOCK_OFFSET_NS)) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "clock-offset-ns is within +-1e18 (31 years)");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_CLOCK_PPB];
	if (a && (nla_get_s32(a) > DCBSIM_MAX_CLOCK_PPB ||
		  nla_get_s32(a) < -DCBSIM_MAX_CLOCK_PPB)) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "clock-ppb is within +-10000000 (1%)");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_PFC_STORM];
	if (a && nla_get_u8(a) >= DCBSIM_NUM_PRIOS &&
	    nla_get_u8(a) != DCBSIM_PFC_STORM_OFF) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "pfc-storm is a priority, 0 to 7, or 255 (off)");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_DRIVER];
	if (a && dcbsim_driver_find(a) < 0) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "driver is dcbsim, bnxt_en, i40e, ice or ixgbe");
		return -EINVAL;
	}
	return 0;
}

/* The clock knobs, in one change of the clock. Context: rtnl held. */
static void dcbsim_apply_clock(struct dcbsim_priv *priv, struct nlattr *data[])
{
	struct nlattr *offset = data[IFLA_DCBSIM_CLOCK_OFFSET_NS];
	struct nlattr *ppb = data[IFLA_DCBSIM_CLOCK_PPB];
	struct dcbsim_clock *clk = &priv->clock;
	u64 now;
	s64 c;

	if (!offset && !ppb)
		return;
	if (offset)
		priv->clock_offset = nla_get_s64(offset);
	spin_lock_bh(&clk->lock);
	now = ktime_get_ns();
	c = offset ? (s64)now + priv->clock_offset :
		     dcbsim_clock_read_locked(clk, now);
	if (ppb)
		clk->knob_ppb = nla_get_s32(ppb);
	dcbsim_clock_anchor_locked(clk, now, c);
	spin_unlock_bh(&clk->lock);
}

/*
 * The storm knobs: any of them given restarts the cycle (pfc-storm off
 * stops it). Context: rtnl held.
 */
static void dcbsim_apply_storm(struct dcbsim_priv *priv, struct nlattr *data[])
{
	struct nlattr *prio = data[IFLA_DCBSIM_PFC_STORM];
	struct nlattr *on = data[IFLA_DCBSIM_PFC_STORM_ON_MS];
	struct nlattr *off = data[IFLA_DCBSIM_PFC_STORM_OFF_MS];

	if (!prio && !on && !off)
		return;
	if (prio)
		WRITE_ONCE(priv->storm_prio, nla_get_u8(prio));
	if (on)
		WRITE_ONCE(priv->storm_on_ms, nla_get_u32(on));
	if (off)
		WRITE_ONCE(priv->storm_off_ms, nla_get_u32(off));
	dcbsim_storm_restart(priv);
}

/* Context: rtnl held; @data validated. */
static void dcbsim_apply_knobs(struct net_device *dev, struct nlattr *data[])
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	bool reset = false;
	u32 v;

	if (!data)
		return;
	if (data[IFLA_DCBSIM_DELAY_NS])
		WRITE_ONCE(priv->delay_ns,
			   nla_get_u32(data[IFLA_DCBSIM_DELAY_NS]));
	if (data[IFLA_DCBSIM_MODEL] &&
	    nla_get_u8(data[IFLA_DCBSIM_MODEL]) != priv->model) {
		WRITE_ONCE(priv->model, nla_get_u8(data[IFLA_DCBSIM_MODEL]));
		reset = true;
	}
	if (data[IFLA_DCBSIM_TOTAL])
		priv->total = nla_get_u32(data[IFLA_DCBSIM_TOTAL]);
	/* the hardware's cell and lanes: a new port for mlx5 and mlxsw */
	v = data[IFLA_DCBSIM_CELL] ? nla_get_u32(data[IFLA_DCBSIM_CELL]) :
				     priv->cell;
	if (v != priv->cell) {
		priv->cell = v;
		reset |= priv->model != DCBSIM_GENERIC;
	}
	v = data[IFLA_DCBSIM_LANES] ? nla_get_u32(data[IFLA_DCBSIM_LANES]) :
				      priv->lanes;
	if (v != priv->lanes) {
		priv->lanes = v;
		reset |= priv->model == DCBSIM_MLXSW;
	}
	if (data[IFLA_DCBSIM_FAIL])
		priv->fail = nla_get_u32(data[IFLA_DCBSIM_FAIL]);
	if (data[IFLA_DCBSIM_TS_RES_NS])
		WRITE_ONCE(priv->ts_res,
			   nla_get_u32(data[IFLA_DCBSIM_TS_RES_NS]));
	if (data[IFLA_DCBSIM_HWTS]) {
		WRITE_ONCE(priv->hwts, nla_get_u8(data[IFLA_DCBSIM_HWTS]));
		if (!priv->hwts) {
			/* a NIC without: nothing configured */
			WRITE_ONCE(priv->tx_type, HWTSTAMP_TX_OFF);
			WRITE_ONCE(priv->rx_filter, HWTSTAMP_FILTER_NONE);
		}
	}
	dcbsim_apply_clock(priv, data);
	if (data[IFLA_DCBSIM_SPEED])
		dcbsim_set_speed(dev, nla_get_u32(data[IFLA_DCBSIM_SPEED]));
	if (reset) {
		dcbsim_model_reset(priv);
		dcbsim_pfc_release(priv);
	}
	/* after a reset, which gives the buffers back to the firmware */
	if (data[IFLA_DCBSIM_BUFFER_OWNER])
		priv->mlx5.owner = nla_get_u8(data[IFLA_DCBSIM_BUFFER_OWNER]);
	/* as a root qdisc's offload would (mlxsw only) */
	if (data[IFLA_DCBSIM_TC_MODE] && priv->model == DCBSIM_MLXSW)
		dcbsim_mlxsw_tc_mode(priv, nla_get_u8(data[IFLA_DCBSIM_TC_MODE]));
	dcbsim_apply_storm(priv, data);
	if (data[IFLA_DCBSIM_DRIVER])
		dcbsim_apply_driver(priv, data[IFLA_DCBSIM_DRIVER]);
}

/*
 * Creates the peer in @net, then @dev. Up to 6.14 @net is the requester's
 * namespace and the peer's own (IFLA_NET_NS_*) is resolved here; from 6.15
 * the core has resolved it (peer_type) and @net is the peer's.
 */
static int dcbsim_create(struct net *net, struct net_device *dev,
			 struct nlattr *tb[], struct nlattr *data[],
			 struct netlink_ext_ack *extack)
{
	struct nlattr *peer_tb[IFLA_MAX + 1], **tbp = tb;
	struct dcbsim_priv *priv, *ppriv;
	struct ifinfomsg *ifmp = NULL;
	unsigned char name_assign_type;
	struct net_device *peer;
	char ifname[IFNAMSIZ];
	int err;

	err = dcbsim_check_knobs(dev, data, extack);
	if (err < 0)
		return err;
	if (data && data[IFLA_DCBSIM_PEER]) {
		ifmp = nla_data(data[IFLA_DCBSIM_PEER]);
		err = rtnl_nla_parse_ifinfomsg(peer_tb, data[IFLA_DCBSIM_PEER],
					       extack);
		if (err < 0)
			return err;
		err = dcbsim_validate(peer_tb, NULL, extack);
		if (err < 0)
			return err;
		tbp = peer_tb;
	}
	if (ifmp && tbp[IFLA_IFNAME]) {
		nla_strscpy(ifname, tbp[IFLA_IFNAME], IFNAMSIZ);
		name_assign_type = NET_NAME_USER;
	} else {
		snprintf(ifname, IFNAMSIZ, DRV_NAME "%%d");
		name_assign_type = NET_NAME_ENUM;
	}

#ifndef DCBSIM_NEWLINK_PARAMS
	net = rtnl_link_get_net(net, tbp);
	if (IS_ERR(net))
		return PTR_ERR(net);
#endif
	peer = rtnl_create_link(net, ifname, name_assign_type,
				&dcbsim_link_ops, tbp, extack);
	if (!IS_ERR(peer)) {
		if (!ifmp || !tbp[IFLA_ADDRESS])
			eth_hw_addr_random(peer);
		err = register_netdevice(peer);
	}
#ifndef DCBSIM_NEWLINK_PARAMS
	put_net(net);	/* the peer holds its namespace once registered */
#endif
	if (IS_ERR(peer))
		return PTR_ERR(peer);
	if (err < 0) {
		free_netdev(peer);
		return err;
	}
	netif_carrier_off(peer);
	err = rtnl_configure_link(peer, ifmp, 0, NULL);
	if (err < 0)
		goto unregister_peer;

	if (tb[IFLA_IFNAME])
		nla_strscpy(dev->name, tb[IFLA_IFNAME], IFNAMSIZ);
	else
		snprintf(dev->name, IFNAMSIZ, DRV_NAME "%%d");
	err = register_netdevice(dev);
	if (err < 0)
		goto unregister_peer;
	netif_carrier_off(dev);

	priv = netdev_priv(dev);
	ppriv = netdev_priv(peer);
	rcu_assign_pointer(priv->peer, peer);
	rcu_assign_pointer(ppriv->peer, dev);
	dcbsim_apply_knobs(dev, data);
	return 0;

unregister_peer:
	unregister_netdevice(peer);
	return err;
}

#ifdef DCBSIM_NEWLINK_PARAMS
static int dcbsim_newlink(struct net_device *dev,
			  struct rtnl_newlink_params *params,
			  struct netlink_ext_ack *extack)
{
	return dcbsim_create(rtnl_newlink_peer_net(params), dev, params->tb,
			     params->data, extack);
}
#else
static int dcbsim_newlink(struct net *src_net, struct net_device *dev,
			  struct nlattr *tb[], struct nlattr *data[],
			  struct netlink_ext_ack *extack)
{
	return dcbsim_create(src_net, dev, tb, data, extack);
}
#endif

static int dcbsim_changelink(struct net_device *dev, struct nlattr *tb[],
			     struct nlattr *data[],
			     struct netlink_ext_ack *extack)
{
	int err;

	if (data && data[IFLA_DCBSIM_PEER]) {
		NL_SET_ERR_MSG_ATTR(extack, data[IFLA_DCBSIM_PEER],
				    "the peer is chosen when the pair is created");
		return -EOPNOTSUPP;
	}
	err = dcbsim_check_knobs(dev, data, extack);
	if (err < 0)
		return err;
	dcbsim_apply_knobs(dev, data);
	return 0;
}

static void dcbsim_dellink(struct net_device *dev, struct list_head *head)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	/* Readers hold RCU; unregistering waits for them. */
	RCU_INIT_POINTER(priv->peer, NULL);
	unregister_netdevice_queue(dev, head);
	if (peer) {
		priv = netdev_priv(peer);
		RCU_INIT_POINTER(priv->peer, NULL);
		unregister_netdevice_queue(peer, head);
	}
}

static size_t dcbsim_get_size(const struct net_device *dev)
{
	return 10 * nla_total_size(sizeof(u32)) +	/* ... STORM_OFF_MS */
	       6 * nla_total_size(sizeof(u8)) +	/* MODEL ... TC_MODE */
	       2 * nla_total_size_64bit(sizeof(u64)) + /* ... STORM_SINCE_NS */
	       nla_total_size(DCBSIM_NUM_BUFFERS * sizeof(u32)) + /* XOFF */
	       nla_total_size(DCBSIM_DRIVER_LEN);	/* DRIVER */
}

static int dcbsim_fill_info(struct sk_buff *skb, const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 xoff[DCBSIM_NUM_BUFFERS];

	dcbsim_xoff(priv, xoff);
	if (nla_put_u32(skb, IFLA_DCBSIM_DELAY_NS, READ_ONCE(priv->delay_ns)) ||
	    nla_put_u32(skb, IFLA_DCBSIM_SPEED, priv->speed) ||
	    nla_put_u32(skb, IFLA_DCBSIM_LANES, priv->lanes) ||
	    nla_put_u8(skb, IFLA_DCBSIM_MODEL, priv->model) ||
	    nla_put_u32(skb, IFLA_DCBSIM_TOTAL, priv->total) ||
	    nla_put_u32(skb, IFLA_DCBSIM_CELL, priv->cell) ||
	    nla_put_u32(skb, IFLA_DCBSIM_FAIL, priv->fail) ||
	    nla_put_u8(skb, IFLA_DCBSIM_HWTS, priv->hwts) ||
	    nla_put_u32(skb, IFLA_DCBSIM_TS_RES_NS, priv->ts_res) ||
	    nla_put_s64(skb, IFLA_DCBSIM_CLOCK_OFFSET_NS, priv->clock_offset,
			IFLA_DCBSIM_PAD) ||
	    nla_put_s32(skb, IFLA_DCBSIM_CLOCK_PPB, priv->clock.knob_ppb) ||
	    nla_put(skb, IFLA_DCBSIM_XOFF, sizeof(xoff), xoff) ||
	    nla_put_u8(skb, IFLA_DCBSIM_PFC_STORM, priv->storm_prio) ||
	    nla_put_u32(skb, IFLA_DCBSIM_PFC_STORM_ON_MS, priv->storm_on_ms) ||
	    nla_put_u32(skb, IFLA_DCBSIM_PFC_STORM_OFF_MS, priv->storm_off_ms) ||
	    nla_put_u64_64bit(skb, IFLA_DCBSIM_PFC_STORM_SINCE_NS,
			      READ_ONCE(priv->storm_since), IFLA_DCBSIM_PAD) ||
	    nla_put_u8(skb, IFLA_DCBSIM_PFC_PAUSED, dcbsim_paused(priv)) ||
	    nla_put_string(skb, IFLA_DCBSIM_DRIVER,
			   dcbsim_drivers[priv->driver].name) ||
	    nla_put_u8(skb, IFLA_DCBSIM_BUFFER_OWNER, priv->mlx5.owner) ||
	    nla_put_u8(skb, IFLA_DCBSIM_TC_MODE, priv->mlxsw.tc_mode))
		return -EMSGSIZE;
	return 0;
}

static struct rtnl_link_ops dcbsim_link_ops = {
	.kind		= DRV_NAME,
	.priv_size	= sizeof(struct dcbsim_priv),
	.setup		= dcbsim_setup,
	.validate	= dcbsim_validate,
	.newlink	= dcbsim_newlink,
	.changelink	= dcbsim_changelink,
	.dellink	= dcbsim_dellink,
	.policy		= dcbsim_policy,
#ifdef DCBSIM_NEWLINK_PARAMS
	.peer_type	= IFLA_DCBSIM_PEER,
#endif
	.maxtype	= IFLA_DCBSIM_MAX,
	.get_size	= dcbsim_get_size,
	.fill_info	= dcbsim_fill_info,
	.get_link_net	= dcbsim_get_link_net,
};

static int __init dcbsim_init(void)
{
	return rtnl_link_register(&dcbsim_link_ops);
}

static void __exit dcbsim_exit(void)
{
	rtnl_link_unregister(&dcbsim_link_ops);
}

module_init(dcbsim_init);
module_exit(dcbsim_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DCB test device pairs with a delaying cable, for dcb_hdrm's selftests");
MODULE_ALIAS_RTNL_LINK(DRV_NAME);
