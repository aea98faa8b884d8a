/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/dcb_hdrm.yaml */
/* YNL-GEN uapi header */

#ifndef _UAPI_LINUX_DCB_HDRM_H
#define _UAPI_LINUX_DCB_HDRM_H

#define DCB_HDRM_FAMILY_NAME	"dcb_hdrm"
#define DCB_HDRM_FAMILY_VERSION	1

/**
 * enum dcb_hdrm_caps - What this build of the module can do.
 * @DCB_HDRM_CAPS_REFLECT: Answers measurement requests received from a peer.
 * @DCB_HDRM_CAPS_MEASURE: Sends measurement probes and estimates the round
 *   trip.
 */
enum dcb_hdrm_caps {
	DCB_HDRM_CAPS_REFLECT = 1,
	DCB_HDRM_CAPS_MEASURE = 2,
};

/**
 * enum dcb_hdrm_dcb_ops - Which DCB operations the device's driver implements.
 * @DCB_HDRM_DCB_OPS_IEEE_PFC: IEEE 802.1Qbb PFC get and set (ieee_getpfc,
 *   ieee_setpfc).
 * @DCB_HDRM_DCB_OPS_IEEE_ETS: IEEE 802.1Qaz ETS get and set (ieee_getets,
 *   ieee_setets).
 * @DCB_HDRM_DCB_OPS_BUFFER: Port buffer get and set (dcbnl_getbuffer,
 *   dcbnl_setbuffer).
 * @DCB_HDRM_DCB_OPS_DCBX: DCBX mode get and set (getdcbx, setdcbx).
 */
enum dcb_hdrm_dcb_ops {
	DCB_HDRM_DCB_OPS_IEEE_PFC = 1,
	DCB_HDRM_DCB_OPS_IEEE_ETS = 2,
	DCB_HDRM_DCB_OPS_BUFFER = 4,
	DCB_HDRM_DCB_OPS_DCBX = 8,
};

enum {
	DCB_HDRM_A_DEV_IFINDEX = 1,
	DCB_HDRM_A_DEV_IFNAME,
	DCB_HDRM_A_DEV_DCB,
	DCB_HDRM_A_DEV_DCB_OPS,
	DCB_HDRM_A_DEV_SPEED,
	DCB_HDRM_A_DEV_MTU,
	DCB_HDRM_A_DEV_CARRIER,
	DCB_HDRM_A_DEV_CAPS,

	__DCB_HDRM_A_DEV_MAX,
	DCB_HDRM_A_DEV_MAX = (__DCB_HDRM_A_DEV_MAX - 1)
};

enum {
	DCB_HDRM_CMD_DEV_GET = 1,

	__DCB_HDRM_CMD_MAX,
	DCB_HDRM_CMD_MAX = (__DCB_HDRM_CMD_MAX - 1)
};

#endif /* _UAPI_LINUX_DCB_HDRM_H */
