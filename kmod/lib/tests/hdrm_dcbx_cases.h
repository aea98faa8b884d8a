/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DCBX TLVs and LLDPDUs shaped the way an LLDP agent sends them, for the
 * PFC TLV decoder and the LLDPDU parser (hdrm_lldp.c). The goldens in
 * hdrm_lldp_cases.h are what `dcb-hdrm lldp send` builds: one PFC TLV and
 * nothing else. An agent (lldpad) sends the PFC feature between other
 * features, and the PFC TLV between other TLVs; these cases check that the
 * decoder finds it there, skips the rest and still rejects what is
 * malformed. The bytes are written by hand from the layouts in
 * Documentation/lldp.rst, with the feature order and lengths lldpad uses
 * (tlv_dcbx.c, include/tlv_dcbx.h).
 */
#ifndef _HDRM_DCBX_CASES_H
#define _HDRM_DCBX_CASES_H

#include "hdrm_lldp_cases.h"

/* CEE: control, priority groups, PFC, application. */
static const u8 hdrm_agent_cee[] = {
	0xfe, 0x37, 0x00, 0x1b, 0x21, 0x02,
	/* 6: control, type 1, 10 bytes: versions 0, seq 5, ack 3 */
	0x02, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03,
	/* 18: priority groups, type 2, 17 bytes: header, PGIDs, %, TCs */
	0x04, 0x11, 0x00, 0x00, 0x80, 0x00, 0x01, 0x23, 0x45, 0x67,
	0x0c, 0x0c, 0x0c, 0x0c, 0x0d, 0x0d, 0x0d, 0x0d, 0x08,
	/* 37: PFC, type 3, 6 bytes: enabled, willing; prios 3, 4; 8 TCs */
	0x06, 0x06, 0x00, 0x00, 0xc0, 0x00, 0x18, 0x08,
	/* 45: application, type 4, 10 bytes: one entry (0x8915) */
	0x08, 0x0a, 0x00, 0x00, 0x80, 0x00, 0x89, 0x15, 0x00, 0x1b, 0x21, 0x08,
};

#define HDRM_AGENT_CEE_PG	18
#define HDRM_AGENT_CEE_PFC	37

/* CIN: control, priority groups, PFC, application, logical link. */
static const u8 hdrm_agent_cin[] = {
	0xfe, 0x43, 0x00, 0x1b, 0x21, 0x01,
	/* 6: control, type 1, 10 bytes: versions 0, seq 5, ack 3 */
	0x02, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03,
	/* 18: priority groups, type 2, 28 bytes: header, %, 8 x 2 */
	0x04, 0x1c, 0x00, 0x00, 0x80, 0x00,
	0x0c, 0x0c, 0x0c, 0x0c, 0x0d, 0x0d, 0x0d, 0x0d,
	0x00, 0x64, 0x20, 0x64, 0x40, 0x64, 0x60, 0x64,
	0x80, 0x64, 0xa0, 0x64, 0xc0, 0x64, 0xe0, 0x64,
	/* 48: PFC, type 3, 5 bytes: enabled; prios 3, 4 */
	0x06, 0x05, 0x00, 0x00, 0x80, 0x00, 0x18,
	/* 55: application, type 5, 5 bytes */
	0x0a, 0x05, 0x00, 0x00, 0x80, 0x00, 0x08,
	/* 62: logical link, type 6, 5 bytes */
	0x0c, 0x05, 0x00, 0x00, 0x80, 0x00, 0x80,
};

#define HDRM_AGENT_CIN_PFC	48

/* IEEE PFC: willing, capability 8, priority 3; the bit set. */
static const u8 hdrm_agent_ieee[] = {
	0xfe, 0x06, 0x00, 0x80, 0xc2, 0x0b, 0xa8, 0x08,
};

struct hdrm_dcbx_agent_case {
	const char *name;
	const u8 *tlv;
	unsigned int tlv_len;
	bool change;		/* set byte @off to @val */
	unsigned int off;
	u8 val;
	unsigned int cut;	/* bytes cut off the end */
	int want;
	struct hdrm_dcbx_pfc pfc;	/* when @want is 0 */
};

static const struct hdrm_dcbx_agent_case hdrm_dcbx_agent_cases[] = {
	{
		.name = "CEE between priority groups and applications",
		.tlv = hdrm_agent_cee, .tlv_len = sizeof(hdrm_agent_cee),
		.pfc = { .variant = HDRM_DCBX_CEE, .enable = true,
			 .willing = true, .cap = 8, .pfc_en = 0x18, .seq = 5,
			 .ack = 3 },
	},
	{
		.name = "CEE between other features, with the bit",
		.tlv = hdrm_agent_cee, .tlv_len = sizeof(hdrm_agent_cee),
		.change = true, .off = HDRM_AGENT_CEE_PFC + 4, .val = 0xd0,
		.pfc = { .variant = HDRM_DCBX_CEE, .auto_hdrm = true,
			 .enable = true, .willing = true, .cap = 8,
			 .pfc_en = 0x18, .seq = 5, .ack = 3 },
	},
	{
		.name = "CEE flags with every reserved bit set",
		.tlv = hdrm_agent_cee, .tlv_len = sizeof(hdrm_agent_cee),
		.change = true, .off = HDRM_AGENT_CEE_PFC + 4, .val = 0xff,
		.pfc = { .variant = HDRM_DCBX_CEE, .auto_hdrm = true,
			 .enable = true, .willing = true, .error = true,
			 .cap = 8, .pfc_en = 0x18, .seq = 5, .ack = 3 },
	},
	{
		.name = "CIN between priority groups, applications and logical link",
		.tlv = hdrm_agent_cin, .tlv_len = sizeof(hdrm_agent_cin),
		.pfc = { .variant = HDRM_DCBX_CIN, .enable = true,
			 .pfc_en = 0x18, .seq = 5, .ack = 3 },
	},
	{
		.name = "CIN between other features, with the bit",
		.tlv = hdrm_agent_cin, .tlv_len = sizeof(hdrm_agent_cin),
		.change = true, .off = HDRM_AGENT_CIN_PFC + 4, .val = 0x90,
		.pfc = { .variant = HDRM_DCBX_CIN, .auto_hdrm = true,
			 .enable = true, .pfc_en = 0x18, .seq = 5, .ack = 3 },
	},
	{
		.name = "IEEE with every reserved bit set",
		.tlv = hdrm_agent_ieee, .tlv_len = sizeof(hdrm_agent_ieee),
		.change = true, .off = 6, .val = 0xff,
		.pfc = { .variant = HDRM_DCBX_IEEE, .auto_hdrm = true,
			 .willing = true, .mbc = true, .cap = 15,
			 .pfc_en = 0x08 },
	},
	{
		.name = "CEE whose PFC feature is not advertised",
		.tlv = hdrm_agent_cee, .tlv_len = sizeof(hdrm_agent_cee),
		.change = true, .off = HDRM_AGENT_CEE_PFC, .val = 0x0e,
		.want = -ENOENT,
	},
	{
		.name = "CEE whose priority groups run past the TLV",
		.tlv = hdrm_agent_cee, .tlv_len = sizeof(hdrm_agent_cee),
		.change = true, .off = HDRM_AGENT_CEE_PG + 1, .val = 0x7f,
		.want = -EINVAL,
	},
	/* the TLV's length ends one byte into the PFC feature's header */
	{
		.name = "CEE ending inside a feature's header",
		.tlv = hdrm_agent_cee, .tlv_len = sizeof(hdrm_agent_cee),
		.change = true, .off = 1, .val = 0x24,
		.cut = sizeof(hdrm_agent_cee) - 38, .want = -EINVAL,
	},
	{
		.name = "CIN with CEE's PFC feature length",
		.tlv = hdrm_agent_cin, .tlv_len = sizeof(hdrm_agent_cin),
		.change = true, .off = HDRM_AGENT_CIN_PFC + 1, .val = 0x06,
		.want = -EINVAL,
	},
};

static int hdrm_check_dcbx_agent(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_dcbx_agent_case *t = &hdrm_dcbx_agent_cases[i];
	u8 buf[sizeof(hdrm_agent_cin)];
	struct hdrm_dcbx_pfc p = {};
	int err;

	if (t->tlv_len > sizeof(buf) || t->cut > t->tlv_len)
		return hdrm_fail(msg, len, "%s: a bad case", t->name);
	memcpy(buf, t->tlv, t->tlv_len);
	if (t->change)
		buf[t->off] = t->val;
	err = hdrm_dcbx_pfc_decode(buf, t->tlv_len - t->cut, &p);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: returned %d, want %d", t->name,
				 err, t->want);
	if (!err && !hdrm_pfc_equal(&p, &t->pfc))
		return hdrm_fail(msg, len,
				 "%s: bit %d flags %d%d%d%d cap %u map 0x%02x seq %u ack %u",
				 t->name, p.auto_hdrm, p.enable, p.willing,
				 p.error, p.mbc, p.cap, p.pfc_en, p.seq, p.ack);
	return 0;
}

/* Chassis ID (MAC 02:00:00:00:00:02), port ID "eth0", TTL 120, name. */
static const u8 hdrm_agent_head[] = {
	0x02, 0x07, 0x04, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02,
	0x04, 0x05, 0x05, 'e', 't', 'h', '0',
	0x06, 0x02, 0x00, 0x78,
	0x0a, 0x04, 'h', 'o', 's', 't',		/* system name */
};

/* A locally assigned chassis ID as long as a MAC one: not a MAC address. */
static const u8 hdrm_agent_head_local[] = {
	0x02, 0x07, 0x07, 'r', 'a', 'c', 'k', '0', '7',
	0x04, 0x05, 0x05, 'e', 't', 'h', '0',
	0x06, 0x02, 0x00, 0x78,
};

/* IEEE ETS configuration: willing, 8 TCs, prio n to TC n, 12/13 %, ETS. */
static const u8 hdrm_agent_ets[] = {
	0xfe, 0x19, 0x00, 0x80, 0xc2, 0x09, 0x88,
	0x01, 0x23, 0x45, 0x67,
	0x0c, 0x0c, 0x0c, 0x0c, 0x0d, 0x0d, 0x0d, 0x0d,
	0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02,
};

/* IEEE application priority: RoCE (0x8915, EtherType) at priority 3. */
static const u8 hdrm_agent_app[] = {
	0xfe, 0x08, 0x00, 0x80, 0xc2, 0x0c, 0x00, 0x61, 0x89, 0x15,
};

struct hdrm_lldpdu_part {
	const u8 *b;
	unsigned int len;
};

#define HDRM_PART(t)	{ t, sizeof(t) }

struct hdrm_lldpdu_agent_case {
	const char *name;
	struct hdrm_lldpdu_part parts[5];	/* then End */
	int want;
	u8 chassis[6];
	struct hdrm_dcbx_pfc pfc;		/* when @want is 0 */
};

static const struct hdrm_lldpdu_agent_case hdrm_lldpdu_agent_cases[] = {
	{
		.name = "IEEE PFC between ETS and application priority",
		.parts = { HDRM_PART(hdrm_agent_head),
			   HDRM_PART(hdrm_agent_ets),
			   HDRM_PART(hdrm_agent_ieee),
			   HDRM_PART(hdrm_agent_app) },
		.chassis = { 0x02, 0, 0, 0, 0, 0x02 },
		.pfc = { .variant = HDRM_DCBX_IEEE, .auto_hdrm = true,
			 .willing = true, .cap = 8, .pfc_en = 0x08 },
	},
	{
		.name = "the CEE TLV after other organisations' TLVs",
		.parts = { HDRM_PART(hdrm_agent_head),
			   HDRM_PART(hdrm_agent_ets),
			   HDRM_PART(hdrm_agent_cee) },
		.chassis = { 0x02, 0, 0, 0, 0, 0x02 },
		.pfc = { .variant = HDRM_DCBX_CEE, .enable = true,
			 .willing = true, .cap = 8, .pfc_en = 0x18, .seq = 5,
			 .ack = 3 },
	},
	{
		.name = "a locally assigned chassis ID",
		.parts = { HDRM_PART(hdrm_agent_head_local),
			   HDRM_PART(hdrm_agent_cin) },
		.chassis = { 0 },
		.pfc = { .variant = HDRM_DCBX_CIN, .enable = true,
			 .pfc_en = 0x18, .seq = 5, .ack = 3 },
	},
	{
		.name = "ETS and application priority but no PFC",
		.parts = { HDRM_PART(hdrm_agent_head),
			   HDRM_PART(hdrm_agent_ets),
			   HDRM_PART(hdrm_agent_app) },
		.want = -ENOENT, .chassis = { 0x02, 0, 0, 0, 0, 0x02 },
	},
	{
		.name = "the TTL before the port ID",
		.parts = { { hdrm_agent_head, 9 },
			   { hdrm_agent_head + 16, 4 },
			   { hdrm_agent_head + 9, 7 },
			   HDRM_PART(hdrm_agent_ieee) },
		.want = -EINVAL,
	},
	{
		.name = "the system name before the TTL",
		.parts = { { hdrm_agent_head, 16 },
			   { hdrm_agent_head + 20, 6 },
			   { hdrm_agent_head + 16, 4 },
			   HDRM_PART(hdrm_agent_ieee) },
		.want = -EINVAL,
	},
};

static int hdrm_check_lldpdu_agent(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_lldpdu_agent_case *t = &hdrm_lldpdu_agent_cases[i];
	u8 buf[160], chassis[6];
	struct hdrm_dcbx_pfc p = {};
	unsigned int n = 0, j;
	u16 ttl;
	int err;

	for (j = 0; j < ARRAY_SIZE(t->parts) && t->parts[j].b; j++) {
		if (n + t->parts[j].len + 2 > sizeof(buf))
			return hdrm_fail(msg, len, "%s: a bad case", t->name);
		memcpy(buf + n, t->parts[j].b, t->parts[j].len);
		n += t->parts[j].len;
	}
	buf[n++] = 0;			/* End */
	buf[n++] = 0;
	err = hdrm_lldpdu_find_pfc(buf, n, &p, chassis, &ttl);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: returned %d, want %d", t->name,
				 err, t->want);
	if (err == -EINVAL)
		return 0;
	if (memcmp(chassis, t->chassis, 6))
		return hdrm_fail(msg, len, "%s: chassis %02x:..:%02x", t->name,
				 chassis[0], chassis[5]);
	if (ttl != 120)
		return hdrm_fail(msg, len, "%s: TTL %u", t->name, ttl);
	if (!err && !hdrm_pfc_equal(&p, &t->pfc))
		return hdrm_fail(msg, len, "%s: found another PFC TLV (%s)",
				 t->name, hdrm_dcbx_variant_name(p.variant));
	return 0;
}

#endif /* _HDRM_DCBX_CASES_H */
