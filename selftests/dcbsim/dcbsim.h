/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dcbsim: the netlink knobs of the selftests' DCB test device, shared by
 * the module (dcbsim.c) and the iproute2 link plugin (link_dcbsim.c).
 */
#ifndef _DCBSIM_H
#define _DCBSIM_H

/* IFLA_INFO_DATA of kind "dcbsim" */
enum {
	IFLA_DCBSIM_UNSPEC,
	IFLA_DCBSIM_PEER,	/* nested: struct ifinfomsg, IFLA_* (newlink) */
	IFLA_DCBSIM_DELAY_NS,	/* u32: the cable's one-way delay, ns */
	IFLA_DCBSIM_SPEED,	/* u32: link speed, Mb/s */
	IFLA_DCBSIM_SEMANTICS,	/* u8: enum dcbsim_semantics */
	IFLA_DCBSIM_TOTAL,	/* u32: total buffer size, bytes */
	IFLA_DCBSIM_CELL,	/* u32: buffer cell size, bytes */
	IFLA_DCBSIM_FAIL,	/* u32: errno the DCB set operations return */
	IFLA_DCBSIM_HWTS,	/* u8: hardware timestamping, 0 off, 1 on */
	IFLA_DCBSIM_TS_RES_NS,	/* u32: the timestamps' resolution, ns */
	IFLA_DCBSIM_CLOCK_OFFSET_NS, /* s64: PHC = host monotonic + this, ns */
	IFLA_DCBSIM_CLOCK_PPB,	/* s32: the PHC oscillator's error, ppb */
	IFLA_DCBSIM_PAD,
	__IFLA_DCBSIM_MAX,
};

#define IFLA_DCBSIM_MAX		(__IFLA_DCBSIM_MAX - 1)

/* Whose reading of ieee_pfc.delay the device imitates. */
enum dcbsim_semantics {
	DCBSIM_BITS,		/* bits, as the uAPI says (mlxsw) */
	DCBSIM_METRES,		/* metres of cable, 1..999, 0 = keep (mlx5) */
	DCBSIM_BUFFERS,		/* no delay: buffers only */
};

#define DCBSIM_MAX_DELAY_NS	100000000U	/* 100 ms */
#define DCBSIM_MIN_SPEED	10U
#define DCBSIM_MAX_SPEED	1600000U
#define DCBSIM_MAX_CELL		65536U
#define DCBSIM_MAX_TOTAL	(64U << 20)	/* 64 MiB */
#define DCBSIM_MAX_TS_RES_NS	1000000U	/* 1 ms */
#define DCBSIM_MAX_CLOCK_OFFSET_NS 1000000000000000000LL /* 1e18: 31 years */
#define DCBSIM_MAX_CLOCK_PPB	10000000	/* 1 % */

#endif /* _DCBSIM_H */
