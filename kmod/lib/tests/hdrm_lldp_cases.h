/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cases for the DCBX PFC TLV codec and the LLDPDU (hdrm_lldp.c), shared
 * by the KUnit suite and the tool's user-space tests. The golden TLVs are
 * written out by hand from the layouts in Documentation/lldp.rst.
 */
#ifndef _HDRM_LLDP_CASES_H
#define _HDRM_LLDP_CASES_H

#include "hdrm_cases.h"
#include "../hdrm_lldp.h"

struct hdrm_pfc_golden {
	const char *name;
	struct hdrm_dcbx_pfc pfc;
	u8 bytes[HDRM_LLDP_PFC_MAX];
	unsigned int len;
};

/* The control sub-TLV in every DCBX golden: versions 0, seq 1, ack 0. */
static const struct hdrm_pfc_golden hdrm_pfc_goldens[] = {
	{
		.name = "IEEE with the bit",
		.pfc = { .variant = HDRM_DCBX_IEEE, .auto_hdrm = true, .cap = 8,
			 .pfc_en = 0x08 },
		.bytes = { 0xfe, 0x06, 0x00, 0x80, 0xc2, 0x0b, 0x28, 0x08 },
		.len = 8,
	},
	{
		.name = "IEEE without the bit, willing, MBC",
		.pfc = { .variant = HDRM_DCBX_IEEE, .willing = true,
			 .mbc = true, .cap = 4, .pfc_en = 0x18 },
		.bytes = { 0xfe, 0x06, 0x00, 0x80, 0xc2, 0x0b, 0xc4, 0x18 },
		.len = 8,
	},
	{
		.name = "CEE with the bit",
		.pfc = { .variant = HDRM_DCBX_CEE, .auto_hdrm = true,
			 .enable = true, .cap = 8, .pfc_en = 0x08, .seq = 1 },
		.bytes = { 0xfe, 0x18, 0x00, 0x1b, 0x21, 0x02,
			   0x02, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
			   0x00, 0x00, 0x00, 0x00,
			   0x06, 0x06, 0x00, 0x00, 0x90, 0x00, 0x08, 0x08 },
		.len = 26,
	},
	{
		.name = "CEE without the bit, willing, error",
		.pfc = { .variant = HDRM_DCBX_CEE, .enable = true,
			 .willing = true, .error = true, .cap = 4,
			 .pfc_en = 0x09, .seq = 1 },
		.bytes = { 0xfe, 0x18, 0x00, 0x1b, 0x21, 0x02,
			   0x02, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
			   0x00, 0x00, 0x00, 0x00,
			   0x06, 0x06, 0x00, 0x00, 0xe0, 0x00, 0x09, 0x04 },
		.len = 26,
	},
	{
		.name = "CIN with the bit",
		.pfc = { .variant = HDRM_DCBX_CIN, .auto_hdrm = true,
			 .enable = true, .pfc_en = 0x08, .seq = 1 },
		.bytes = { 0xfe, 0x17, 0x00, 0x1b, 0x21, 0x01,
			   0x02, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
			   0x00, 0x00, 0x00, 0x00,
			   0x06, 0x05, 0x00, 0x00, 0x90, 0x00, 0x08 },
		.len = 25,
	},
	{
		.name = "CIN without the bit",
		.pfc = { .variant = HDRM_DCBX_CIN, .enable = true,
			 .pfc_en = 0x80, .seq = 1 },
		.bytes = { 0xfe, 0x17, 0x00, 0x1b, 0x21, 0x01,
			   0x02, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
			   0x00, 0x00, 0x00, 0x00,
			   0x06, 0x05, 0x00, 0x00, 0x80, 0x00, 0x80 },
		.len = 25,
	},
};

static bool hdrm_pfc_equal(const struct hdrm_dcbx_pfc *a,
			   const struct hdrm_dcbx_pfc *b)
{
	return a->variant == b->variant && a->auto_hdrm == b->auto_hdrm &&
	       a->willing == b->willing && a->mbc == b->mbc &&
	       a->enable == b->enable && a->error == b->error &&
	       a->cap == b->cap && a->pfc_en == b->pfc_en &&
	       a->oper_version == b->oper_version &&
	       a->max_version == b->max_version && a->seq == b->seq &&
	       a->ack == b->ack;
}

static int hdrm_check_pfc_golden(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_pfc_golden *g = &hdrm_pfc_goldens[i];
	u8 buf[HDRM_LLDP_PFC_MAX];
	struct hdrm_dcbx_pfc back;
	unsigned int n, j;
	int err;

	n = hdrm_dcbx_pfc_encode(buf, sizeof(buf), &g->pfc);
	if (n != g->len)
		return hdrm_fail(msg, len, "%s: %u bytes, want %u", g->name, n,
				 g->len);
	for (j = 0; j < n; j++)
		if (buf[j] != g->bytes[j])
			return hdrm_fail(msg, len, "%s: byte %u is 0x%02x, want 0x%02x",
					 g->name, j, buf[j], g->bytes[j]);
	err = hdrm_dcbx_pfc_decode(g->bytes, g->len, &back);
	if (err || !hdrm_pfc_equal(&back, &g->pfc))
		return hdrm_fail(msg, len, "%s: decodes to something else (%d)",
				 g->name, err);
	if (hdrm_dcbx_pfc_encode(buf, n - 1, &g->pfc))
		return hdrm_fail(msg, len, "%s: encoded into too small a buffer",
				 g->name);
	return 0;
}

struct hdrm_pfc_reject {
	const char *name;
	unsigned int golden;	/* which golden TLV to start from */
	unsigned int off;	/* a byte to change */
	u8 val;
	unsigned int cut;	/* bytes to cut off the end */
	int want;
};

static const struct hdrm_pfc_reject hdrm_pfc_rejects[] = {
	{ .name = "IEEE of length 5",
	  .golden = 0, .off = 1, .val = 0x05, .want = -EINVAL },
	{ .name = "IEEE cut short",
	  .golden = 0, .off = 0, .val = 0xfe, .cut = 1, .want = -EINVAL },
	{ .name = "IEEE ETS, not PFC",
	  .golden = 0, .off = 5, .val = 0x09, .want = -ENOENT },
	{ .name = "another organisation",
	  .golden = 0, .off = 4, .val = 0xc3, .want = -ENOENT },
	{ .name = "not an organisational TLV",
	  .golden = 0, .off = 0, .val = 0x10, .want = -ENOENT },
	{ .name = "an organisational TLV of 3 bytes",
	  .golden = 0, .off = 1, .val = 0x03, .want = -EINVAL },
	{ .name = "DCBX subtype 3",
	  .golden = 2, .off = 5, .val = 0x03, .want = -ENOENT },
	{ .name = "CEE with a 5-byte PFC feature",
	  .golden = 2, .off = 19, .val = 0x05, .want = -EINVAL },
	{ .name = "CIN with a 6-byte PFC feature",
	  .golden = 4, .off = 19, .val = 0x06, .want = -EINVAL },
	{ .name = "CEE whose control sub-TLV is not first",
	  .golden = 2, .off = 6, .val = 0x04, .want = -EINVAL },
	{ .name = "CEE with a short control sub-TLV",
	  .golden = 2, .off = 7, .val = 0x09, .want = -EINVAL },
	{ .name = "CEE PFC feature past the TLV",
	  .golden = 2, .off = 1, .val = 0x17, .want = -EINVAL },
	{ .name = "CEE cut short",
	  .golden = 2, .off = 0, .val = 0xfe, .cut = 3, .want = -EINVAL },
	{ .name = "CEE without a PFC feature",
	  .golden = 2, .off = 18, .val = 0x04, .want = -ENOENT },
};

static int hdrm_check_pfc_reject(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_pfc_reject *t = &hdrm_pfc_rejects[i];
	const struct hdrm_pfc_golden *g = &hdrm_pfc_goldens[t->golden];
	u8 buf[HDRM_LLDP_PFC_MAX];
	struct hdrm_dcbx_pfc p;
	int err;

	memcpy(buf, g->bytes, g->len);
	buf[t->off] = t->val;
	err = hdrm_dcbx_pfc_decode(buf, g->len - t->cut, &p);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: returned %d, want %d", t->name,
				 err, t->want);
	return 0;
}

static const u8 hdrm_lldpdu_golden[] = {
	0x02, 0x07, 0x04, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01,	/* chassis */
	0x04, 0x07, 0x03, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01,	/* port */
	0x06, 0x02, 0x00, 0x78,					/* TTL 120 */
	0xfe, 0x06, 0x00, 0x80, 0xc2, 0x0b, 0x28, 0x08,		/* PFC */
	0x00, 0x00,						/* End */
};

static int hdrm_check_lldpdu(char *msg, size_t len)
{
	static const u8 mac[6] = { 0x02, 0, 0, 0, 0, 0x01 };
	u8 buf[HDRM_LLDPDU_MAX + 16], chassis[6];
	struct hdrm_dcbx_pfc p;
	unsigned int n, i;
	u16 ttl;
	int err;

	n = hdrm_lldpdu_build(buf, sizeof(buf), mac, 120,
			      &hdrm_pfc_goldens[0].pfc);
	if (n != sizeof(hdrm_lldpdu_golden) ||
	    memcmp(buf, hdrm_lldpdu_golden, n))
		return hdrm_fail(msg, len, "LLDPDU: %u bytes, or other bytes", n);
	err = hdrm_lldpdu_find_pfc(buf, n, &p, chassis, &ttl);
	if (err || !hdrm_pfc_equal(&p, &hdrm_pfc_goldens[0].pfc) ||
	    memcmp(chassis, mac, 6) || ttl != 120)
		return hdrm_fail(msg, len, "LLDPDU: finds %d, TTL %u", err, ttl);
	/* padding after End, as on a minimum-size frame, is fine */
	memset(buf + n, 0, 16);
	if (hdrm_lldpdu_find_pfc(buf, n + 16, &p, chassis, &ttl))
		return hdrm_fail(msg, len, "LLDPDU: padding rejected");
	/* every variant fits an LLDPDU and is found in it */
	for (i = 0; i < ARRAY_SIZE(hdrm_pfc_goldens); i++) {
		n = hdrm_lldpdu_build(buf, sizeof(buf), mac, 120,
				      &hdrm_pfc_goldens[i].pfc);
		err = n ? hdrm_lldpdu_find_pfc(buf, n, &p, chassis, &ttl) :
			  -E2BIG;
		if (err || !hdrm_pfc_equal(&p, &hdrm_pfc_goldens[i].pfc))
			return hdrm_fail(msg, len, "LLDPDU with %s: %d",
					 hdrm_pfc_goldens[i].name, err);
	}
	return 0;
}

/* IEEE 802.1AB's shutdown LLDPDU, as lldp stop sends it on the raw path */
static const u8 hdrm_lldpdu_shutdown_golden[] = {
	0x02, 0x07, 0x04, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01,	/* chassis */
	0x04, 0x07, 0x03, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01,	/* port */
	0x06, 0x02, 0x00, 0x00,					/* TTL 0 */
	0x00, 0x00,						/* End */
};

/*
 * The shutdown LLDPDU: built byte-exact whatever TTL is asked for, read
 * back as valid, without a PFC TLV and with TTL 0, which is what makes
 * lldp listen withdraw the peer's word; a PFC TLV under TTL 0 is read
 * with its TTL too.
 */
static int hdrm_check_lldpdu_shutdown(char *msg, size_t len)
{
	static const u8 mac[6] = { 0x02, 0, 0, 0, 0, 0x01 };
	u8 buf[HDRM_LLDPDU_MAX], chassis[6];
	struct hdrm_dcbx_pfc p;
	unsigned int n;
	u16 ttl = 1;
	int err;

	n = hdrm_lldpdu_build(buf, sizeof(buf), mac, 120, NULL);
	if (n != sizeof(hdrm_lldpdu_shutdown_golden) ||
	    memcmp(buf, hdrm_lldpdu_shutdown_golden, n))
		return hdrm_fail(msg, len, "shutdown: %u bytes, or other bytes",
				 n);
	err = hdrm_lldpdu_find_pfc(buf, n, &p, chassis, &ttl);
	if (err != -ENOENT || ttl || memcmp(chassis, mac, 6))
		return hdrm_fail(msg, len, "shutdown: returned %d, TTL %u", err,
				 ttl);
	if (hdrm_lldpdu_build(buf, 23, mac, 0, NULL))
		return hdrm_fail(msg, len, "shutdown: built in 23 bytes");
	memcpy(buf, hdrm_lldpdu_golden, sizeof(hdrm_lldpdu_golden));
	buf[21] = 0;
	err = hdrm_lldpdu_find_pfc(buf, sizeof(hdrm_lldpdu_golden), &p,
				   chassis, &ttl);
	if (err || ttl)
		return hdrm_fail(msg, len, "PFC under TTL 0: returned %d, TTL %u",
				 err, ttl);
	return 0;
}

struct hdrm_lldpdu_reject {
	const char *name;
	unsigned int off;
	u8 val;
	unsigned int cut;
	int extra;		/* a byte of garbage appended */
	int want;
};

static const struct hdrm_lldpdu_reject hdrm_lldpdu_rejects[] = {
	{ .name = "port ID first",
	  .off = 0, .val = 0x04, .want = -EINVAL },
	{ .name = "a TTL of 3 bytes",
	  .off = 19, .val = 0x03, .want = -EINVAL },
	{ .name = "a chassis ID of 1 byte",
	  .off = 1, .val = 0x01, .want = -EINVAL },
	{ .name = "a TLV past the end",
	  .off = 23, .val = 0x40, .want = -EINVAL },
	{ .name = "End with a length",
	  .off = 31, .val = 0x01, .want = -EINVAL },
	{ .name = "a byte after the last TLV",
	  .off = 0, .val = 0x02, .cut = 2, .extra = 1, .want = -EINVAL },
	{ .name = "a malformed PFC TLV",
	  .off = 23, .val = 0x05, .want = -EINVAL },
	{ .name = "no PFC TLV",
	  .off = 27, .val = 0x09, .want = -ENOENT },
	{ .name = "only chassis and port",
	  .off = 18, .val = 0x00, .cut = 12, .want = -EINVAL },
};

static int hdrm_check_lldpdu_reject(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_lldpdu_reject *t = &hdrm_lldpdu_rejects[i];
	u8 buf[sizeof(hdrm_lldpdu_golden) + 1], chassis[6];
	unsigned int n = sizeof(hdrm_lldpdu_golden) - t->cut;
	struct hdrm_dcbx_pfc p;
	u16 ttl;
	int err;

	memcpy(buf, hdrm_lldpdu_golden, sizeof(hdrm_lldpdu_golden));
	buf[t->off] = t->val;
	if (t->extra)
		buf[n++] = 0x5a;
	err = hdrm_lldpdu_find_pfc(buf, n, &p, chassis, &ttl);
	if (err != t->want)
		return hdrm_fail(msg, len, "%s: returned %d, want %d", t->name,
				 err, t->want);
	return 0;
}

#endif /* _HDRM_LLDP_CASES_H */
