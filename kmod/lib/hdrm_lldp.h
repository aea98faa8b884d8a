/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DCBX PFC TLVs with the auto-HDRM bit (US 2025/0267110 A1,
 * [0157]-[0159], FIG. 8-13) and the LLDPDU that carries one
 * (Documentation/lldp.rst).
 * Encode, decode, validate. No I/O: the tool sends and receives.
 */
#ifndef _HDRM_LLDP_H
#define _HDRM_LLDP_H

#include "hdrm_compat.h"

#define HDRM_LLDP_ETHERTYPE	0x88CC
#define HDRM_LLDP_TLV_END	0
#define HDRM_LLDP_TLV_CHASSIS	1
#define HDRM_LLDP_TLV_PORT	2
#define HDRM_LLDP_TLV_TTL	3
#define HDRM_LLDP_TLV_ORG	127

/* IEEE 802.1Qaz PFC configuration TLV */
#define HDRM_IEEE_PFC_SUBTYPE	0x0B
#define HDRM_IEEE_PFC_LEN	6
#define HDRM_IEEE_WILLING	0x80
#define HDRM_IEEE_MBC		0x40
#define HDRM_IEEE_AUTO_HDRM	0x20	/* the application's bit, reserved in 802.1Qaz */
#define HDRM_IEEE_CAP_MASK	0x0f

/* The pre-standard DCBX TLV (CIN, subtype 1; CEE, subtype 2) */
#define HDRM_DCBX_SUBTYPE_CIN	1
#define HDRM_DCBX_SUBTYPE_CEE	2
#define HDRM_DCBX_SUB_CONTROL	1
#define HDRM_DCBX_SUB_PFC	3
#define HDRM_DCBX_CONTROL_LEN	10	/* oper, max, seq (4), ack (4) */
#define HDRM_DCBX_PFC_LEN_CIN	5	/* header (4), admin map */
#define HDRM_DCBX_PFC_LEN_CEE	6	/* header (4), enable map, TCs */
#define HDRM_DCBX_ENABLE	0x80
#define HDRM_DCBX_WILLING	0x40
#define HDRM_DCBX_ERROR		0x20
#define HDRM_DCBX_AUTO_HDRM	0x10	/* the application's bit, reserved in DCBX */

enum hdrm_dcbx_variant {
	HDRM_DCBX_IEEE,
	HDRM_DCBX_CEE,
	HDRM_DCBX_CIN,
};

/* One PFC TLV, of any of the three variants. */
struct hdrm_dcbx_pfc {
	u8 variant;		/* enum hdrm_dcbx_variant */
	bool auto_hdrm;
	bool willing;
	bool mbc;		/* IEEE only */
	bool enable, error;	/* CEE and CIN only */
	u8 cap;			/* IEEE: PFC capability; CEE: TCs supported */
	u8 pfc_en;		/* bit n: priority n (CIN: the admin map) */
	u8 oper_version, max_version;	/* CEE and CIN */
	u32 seq, ack;		/* CEE and CIN: the control sub-TLV */
};

#define HDRM_LLDP_PFC_MAX	32	/* the longest PFC TLV, header included */
#define HDRM_LLDPDU_MAX		(2 + 7 + 2 + 7 + 2 + 2 + HDRM_LLDP_PFC_MAX + 2)

const char *hdrm_dcbx_variant_name(u8 variant);
unsigned int hdrm_dcbx_pfc_encode(u8 *buf, unsigned int room,
				  const struct hdrm_dcbx_pfc *p);
int hdrm_dcbx_pfc_decode(const u8 *tlv, unsigned int len,
			 struct hdrm_dcbx_pfc *p);
unsigned int hdrm_lldpdu_build(u8 *buf, unsigned int room, const u8 *mac,
			       u16 ttl, const struct hdrm_dcbx_pfc *p);
int hdrm_lldpdu_find_pfc(const u8 *pdu, unsigned int len,
			 struct hdrm_dcbx_pfc *p, u8 *chassis_mac, u16 *ttl);

#endif /* _HDRM_LLDP_H */
