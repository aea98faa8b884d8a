/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dcbsim: the netlink knobs of the selftests' DCB test device, shared by
 * the module (dcbsim_priv.h) and the iproute2 link plugin (link_dcbsim.c).
 */
#ifndef _DCBSIM_H
#define _DCBSIM_H

/* IFLA_INFO_DATA of kind "dcbsim" */
enum {
	IFLA_DCBSIM_UNSPEC,
	IFLA_DCBSIM_PEER,	/* nested: struct ifinfomsg, IFLA_* (newlink) */
	IFLA_DCBSIM_DELAY_NS,	/* u32: the cable's one-way delay, ns */
	IFLA_DCBSIM_SPEED,	/* u32: link speed, Mb/s */
	IFLA_DCBSIM_MODEL,	/* u8: enum dcbsim_model */
	IFLA_DCBSIM_TOTAL,	/* u32: total buffer size, bytes */
	IFLA_DCBSIM_CELL,	/* u32: buffer cell size, bytes */
	IFLA_DCBSIM_FAIL,	/* u32: errno the DCB set operations return */
	IFLA_DCBSIM_HWTS,	/* u8: hardware timestamping, 0 off, 1 on */
	IFLA_DCBSIM_TS_RES_NS,	/* u32: the timestamps' resolution, ns */
	IFLA_DCBSIM_CLOCK_OFFSET_NS, /* s64: PHC = host monotonic + this, ns */
	IFLA_DCBSIM_CLOCK_PPB,	/* s32: the PHC oscillator's error, ppb */
	IFLA_DCBSIM_PAD,
	IFLA_DCBSIM_LANES,	/* u32: the port's lanes, 1, 2, 4 or 8 */
	/* u32[8], read only: each buffer's XOFF threshold, bytes from its
	 * bottom, 0 for a lossy buffer
	 */
	IFLA_DCBSIM_XOFF,
	/* u8: the priority this end storms with PFC pause frames, 0..7,
	 * DCBSIM_PFC_STORM_OFF for none
	 */
	IFLA_DCBSIM_PFC_STORM,
	IFLA_DCBSIM_PFC_STORM_ON_MS,	/* u32: a burst of pauses, 0 endless */
	IFLA_DCBSIM_PFC_STORM_OFF_MS,	/* u32: the silence between bursts */
	/* u64, read only: host CLOCK_MONOTONIC ns of the first pause of the
	 * current (or last) burst, 0 if none yet
	 */
	IFLA_DCBSIM_PFC_STORM_SINCE_NS,
	IFLA_DCBSIM_PFC_PAUSED,	/* u8, read only: priorities paused now */
	/* string: whose PFC counters the device reports, and the driver
	 * name ethtool's drvinfo gives: dcbsim, bnxt_en, i40e, ice or ixgbe
	 */
	IFLA_DCBSIM_DRIVER,
	/* u8: who owns mlx5's port buffers, enum dcbsim_buffer_owner */
	IFLA_DCBSIM_BUFFER_OWNER,
	/* u8: mlxsw's headroom mode, 0 DCB, 1 TC (an offloaded root qdisc) */
	IFLA_DCBSIM_TC_MODE,
	/* u16: the pause quanta of the storm's PFC frames for the stormed
	 * priority, 0 (XON: resume at once) to 65535
	 */
	IFLA_DCBSIM_PFC_STORM_QUANTA,
	/* u64, read only: host CLOCK_MONOTONIC ns the storm's cycle began:
	 * burst k is due at this + k x (on + off) ms, 0 if never stormed
	 */
	IFLA_DCBSIM_PFC_STORM_START_NS,
	/* u32: how long after a PFC XOFF reaches this end its transmit on
	 * the priority stops (its MAC's response), ns
	 */
	IFLA_DCBSIM_PFC_RESPONSE_NS,
	__IFLA_DCBSIM_MAX,
};

#define IFLA_DCBSIM_MAX		(__IFLA_DCBSIM_MAX - 1)

/* Whose DCB arithmetic the device imitates (Linux 6.12's drivers). */
enum dcbsim_model {
	DCBSIM_GENERIC,		/* delay stored as given, buffers in cells */
	DCBSIM_MLX5,		/* mlx5: delay = cable metres, SW-owned buffers */
	DCBSIM_MLXSW,		/* mlxsw (Spectrum-2), DCB headroom mode */
};

/*
 * mlx5: whether the driver acts on a cable length (IFLA_DCBSIM_BUFFER_OWNER).
 * Firmware, as a port comes up: ieee_setpfc stores the length and moves no
 * XOFF. Software: after a dcbnl_setbuffer that changed a size or the map
 * (dcb buffer set, mlnx_qos), or when set.
 */
enum dcbsim_buffer_owner {
	DCBSIM_OWNER_FIRMWARE,
	DCBSIM_OWNER_SOFTWARE,
};

#define DCBSIM_NUM_BUFFERS	8
#define DCBSIM_NUM_PRIOS	8
#define DCBSIM_PFC_STORM_OFF	255
#define DCBSIM_PFC_QUANTA_MAX	65535	/* also the storm's default */
#define DCBSIM_DRIVER_LEN	16	/* IFLA_DCBSIM_DRIVER, its NUL included */

#define DCBSIM_MAX_DELAY_NS	100000000U	/* 100 ms */
#define DCBSIM_MAX_PFC_RESPONSE_NS 1000000U	/* 1 ms */
#define DCBSIM_MIN_SPEED	10U
#define DCBSIM_MAX_SPEED	1600000U
#define DCBSIM_MAX_CELL		65536U
#define DCBSIM_MAX_TOTAL	(64U << 20)	/* 64 MiB */
#define DCBSIM_MAX_TS_RES_NS	1000000U	/* 1 ms */
#define DCBSIM_MAX_CLOCK_OFFSET_NS 1000000000000000000LL /* 1e18: 31 years */
#define DCBSIM_MAX_CLOCK_PPB	10000000	/* 1 % */

#endif /* _DCBSIM_H */
