// SPDX-License-Identifier: GPL-2.0
/*
 * The DCBX PFC TLV codec and the LLDPDU around it. An LLDP TLV starts with
 * a 16-bit header: the type in the high 7 bits, the length of the value in
 * the low 9; the pre-standard DCBX sub-TLVs use the same header. Every
 * length is checked against the bytes received before it is used.
 */
#include "hdrm_lldp.h"

static const u8 hdrm_oui_8021[3] = { 0x00, 0x80, 0xc2 };
static const u8 hdrm_oui_dcbx[3] = { 0x00, 0x1b, 0x21 };

const char *hdrm_dcbx_variant_name(u8 variant)
{
	switch (variant) {
	case HDRM_DCBX_IEEE:
		return "ieee";
	case HDRM_DCBX_CEE:
		return "cee";
	case HDRM_DCBX_CIN:
		return "cin";
	}
	return "unknown";
}

static u8 *hdrm_tlv_hdr(u8 *b, unsigned int type, unsigned int len)
{
	put_unaligned_be16((type << 9) | (len & 0x1ff), b);
	return b + 2;
}

static void hdrm_tlv_hdr_get(const u8 *b, unsigned int *type,
			     unsigned int *len)
{
	u16 h = get_unaligned_be16(b);

	*type = h >> 9;
	*len = h & 0x1ff;
}

/**
 * hdrm_dcbx_pfc_encode() - one PFC TLV, header included
 * @buf: where to write it
 * @room: bytes available; HDRM_LLDP_PFC_MAX always suffices
 * @p: what it says; p->variant chooses the layout
 *
 * IEEE: the 802.1Qaz PFC configuration TLV. CEE and CIN: the DCBX TLV
 * (OUI 00-1B-21) with its control sub-TLV and the PFC feature sub-TLV.
 *
 * Return: its length, or 0 when @room is too small or the variant unknown.
 */
unsigned int hdrm_dcbx_pfc_encode(u8 *buf, unsigned int room,
				  const struct hdrm_dcbx_pfc *p)
{
	unsigned int pfc_len, len;
	u8 *b = buf;

	if (p->variant == HDRM_DCBX_IEEE) {
		if (room < 2 + HDRM_IEEE_PFC_LEN)
			return 0;
		b = hdrm_tlv_hdr(b, HDRM_LLDP_TLV_ORG, HDRM_IEEE_PFC_LEN);
		memcpy(b, hdrm_oui_8021, 3);
		b[3] = HDRM_IEEE_PFC_SUBTYPE;
		b[4] = (p->willing ? HDRM_IEEE_WILLING : 0) |
		       (p->mbc ? HDRM_IEEE_MBC : 0) |
		       (p->auto_hdrm ? HDRM_IEEE_AUTO_HDRM : 0) |
		       (p->cap & HDRM_IEEE_CAP_MASK);
		b[5] = p->pfc_en;
		return 2 + HDRM_IEEE_PFC_LEN;
	}
	if (p->variant != HDRM_DCBX_CEE && p->variant != HDRM_DCBX_CIN)
		return 0;
	pfc_len = p->variant == HDRM_DCBX_CEE ? HDRM_DCBX_PFC_LEN_CEE :
						HDRM_DCBX_PFC_LEN_CIN;
	len = 4 + 2 + HDRM_DCBX_CONTROL_LEN + 2 + pfc_len;
	if (room < 2 + len)
		return 0;
	b = hdrm_tlv_hdr(b, HDRM_LLDP_TLV_ORG, len);
	memcpy(b, hdrm_oui_dcbx, 3);
	b[3] = p->variant == HDRM_DCBX_CEE ? HDRM_DCBX_SUBTYPE_CEE :
					     HDRM_DCBX_SUBTYPE_CIN;
	b = hdrm_tlv_hdr(b + 4, HDRM_DCBX_SUB_CONTROL, HDRM_DCBX_CONTROL_LEN);
	b[0] = p->oper_version;
	b[1] = p->max_version;
	put_unaligned_be32(p->seq, b + 2);
	put_unaligned_be32(p->ack, b + 6);
	b = hdrm_tlv_hdr(b + HDRM_DCBX_CONTROL_LEN, HDRM_DCBX_SUB_PFC, pfc_len);
	b[0] = p->oper_version;
	b[1] = p->max_version;
	b[2] = (p->enable ? HDRM_DCBX_ENABLE : 0) |
	       (p->willing ? HDRM_DCBX_WILLING : 0) |
	       (p->error ? HDRM_DCBX_ERROR : 0) |
	       (p->auto_hdrm ? HDRM_DCBX_AUTO_HDRM : 0);
	b[3] = 0;			/* the feature's subtype */
	b[4] = p->pfc_en;
	if (p->variant == HDRM_DCBX_CEE)
		b[5] = p->cap;
	return 2 + len;
}

/* The DCBX TLV's value after OUI and subtype: control first, then PFC. */
static int hdrm_dcbx_subtlvs(const u8 *v, unsigned int len, u8 variant,
			     struct hdrm_dcbx_pfc *p)
{
	unsigned int off = 0, type, slen, want;
	bool control = false;
	const u8 *s;

	want = variant == HDRM_DCBX_CEE ? HDRM_DCBX_PFC_LEN_CEE :
					  HDRM_DCBX_PFC_LEN_CIN;
	while (off < len) {
		if (off + 2 > len)
			return -EINVAL;
		hdrm_tlv_hdr_get(v + off, &type, &slen);
		if (off + 2 + slen > len)
			return -EINVAL;
		s = v + off + 2;
		if (!control) {
			if (type != HDRM_DCBX_SUB_CONTROL ||
			    slen != HDRM_DCBX_CONTROL_LEN)
				return -EINVAL;
			p->oper_version = s[0];
			p->max_version = s[1];
			p->seq = get_unaligned_be32(s + 2);
			p->ack = get_unaligned_be32(s + 6);
			control = true;
		} else if (type == HDRM_DCBX_SUB_PFC) {
			if (slen != want)
				return -EINVAL;
			p->enable = s[2] & HDRM_DCBX_ENABLE;
			p->willing = s[2] & HDRM_DCBX_WILLING;
			p->error = s[2] & HDRM_DCBX_ERROR;
			p->auto_hdrm = s[2] & HDRM_DCBX_AUTO_HDRM;
			p->pfc_en = s[4];
			p->cap = variant == HDRM_DCBX_CEE ? s[5] : 0;
			return 0;
		}
		/* other features (priority groups, applications) are skipped */
		off += 2 + slen;
	}
	return control ? -ENOENT : -EINVAL;
}

/**
 * hdrm_dcbx_pfc_decode() - read a PFC TLV of any variant
 * @tlv: the TLV, from its header on
 * @len: bytes available from @tlv (at least the TLV's own length)
 * @p: filled when it is one
 *
 * Return: 0; -ENOENT when the TLV is valid but not a PFC TLV (another
 * organisation or subtype, or a DCBX TLV without the PFC feature); or
 * -EINVAL when it is malformed: truncated, or a length that is not its
 * layout's.
 */
int hdrm_dcbx_pfc_decode(const u8 *tlv, unsigned int len,
			 struct hdrm_dcbx_pfc *p)
{
	struct hdrm_dcbx_pfc q = {};
	unsigned int type, tlen;
	const u8 *v;
	int err;

	if (len < 2)
		return -EINVAL;
	hdrm_tlv_hdr_get(tlv, &type, &tlen);
	if (2 + tlen > len)
		return -EINVAL;
	if (type != HDRM_LLDP_TLV_ORG)
		return -ENOENT;
	if (tlen < 4)
		return -EINVAL;
	v = tlv + 2;
	if (!memcmp(v, hdrm_oui_8021, 3)) {
		if (v[3] != HDRM_IEEE_PFC_SUBTYPE)
			return -ENOENT;
		if (tlen != HDRM_IEEE_PFC_LEN)
			return -EINVAL;
		q.variant = HDRM_DCBX_IEEE;
		q.willing = v[4] & HDRM_IEEE_WILLING;
		q.mbc = v[4] & HDRM_IEEE_MBC;
		q.auto_hdrm = v[4] & HDRM_IEEE_AUTO_HDRM;
		q.cap = v[4] & HDRM_IEEE_CAP_MASK;
		q.pfc_en = v[5];
		*p = q;
		return 0;
	}
	if (memcmp(v, hdrm_oui_dcbx, 3))
		return -ENOENT;
	if (v[3] == HDRM_DCBX_SUBTYPE_CEE)
		q.variant = HDRM_DCBX_CEE;
	else if (v[3] == HDRM_DCBX_SUBTYPE_CIN)
		q.variant = HDRM_DCBX_CIN;
	else
		return -ENOENT;
	err = hdrm_dcbx_subtlvs(v + 4, tlen - 4, q.variant, &q);
	if (err)
		return err;
	*p = q;
	return 0;
}

/**
 * hdrm_lldpdu_build() - an LLDPDU announcing one PFC TLV, or withdrawing
 * @buf: where to write it (the bytes after the EtherType)
 * @room: bytes available; HDRM_LLDPDU_MAX always suffices
 * @mac: the sending port's MAC address, as chassis and port ID
 * @ttl: seconds the receiver keeps it; 0 with @p NULL
 * @p: the PFC TLV, or NULL for the shutdown LLDPDU
 *
 * Chassis ID (subtype 4, MAC address), port ID (subtype 3, MAC address),
 * TTL, the PFC TLV, End. Without @p, IEEE 802.1AB's shutdown LLDPDU:
 * the same IDs, TTL 0 and End, which tells the receiver to forget what
 * was advertised under them.
 *
 * Return: its length, or 0 when it does not fit.
 */
unsigned int hdrm_lldpdu_build(u8 *buf, unsigned int room, const u8 *mac,
			       u16 ttl, const struct hdrm_dcbx_pfc *p)
{
	unsigned int n = 0;
	u8 *b = buf;

	if (room < 2 + 7 + 2 + 7 + 2 + 2 + 2)
		return 0;
	b = hdrm_tlv_hdr(b, HDRM_LLDP_TLV_CHASSIS, 7);
	b[0] = 4;
	memcpy(b + 1, mac, 6);
	b = hdrm_tlv_hdr(b + 7, HDRM_LLDP_TLV_PORT, 7);
	b[0] = 3;
	memcpy(b + 1, mac, 6);
	b = hdrm_tlv_hdr(b + 7, HDRM_LLDP_TLV_TTL, 2);
	put_unaligned_be16(p ? ttl : 0, b);
	b += 2;
	if (p) {
		n = hdrm_dcbx_pfc_encode(b, room - (b - buf) - 2, p);
		if (!n)
			return 0;
	}
	b = hdrm_tlv_hdr(b + n, HDRM_LLDP_TLV_END, 0);
	return b - buf;
}

/**
 * hdrm_lldpdu_find_pfc() - the PFC TLV of an LLDPDU
 * @pdu: the bytes after the EtherType
 * @len: how many
 * @p: the first PFC TLV, of any variant
 * @chassis_mac: the chassis ID when it is a MAC address (subtype 4), else
 *		 zeros; 6 bytes
 * @ttl: the TTL, seconds; 0 is a shutdown LLDPDU, which withdraws what
 *	 the sender advertised, a PFC TLV in it included
 *
 * The LLDPDU must start with the chassis ID, port ID and TTL TLVs, and no
 * TLV may run past @len; it ends at the End TLV or at @len.
 *
 * Return: 0, -ENOENT when it is valid but has no PFC TLV (@ttl set in
 * both), or -EINVAL.
 */
int hdrm_lldpdu_find_pfc(const u8 *pdu, unsigned int len,
			 struct hdrm_dcbx_pfc *p, u8 *chassis_mac, u16 *ttl)
{
	unsigned int off = 0, i = 0, type, tlen;
	bool found = false;
	int err;

	memset(chassis_mac, 0, 6);
	*ttl = 0;
	while (off + 2 <= len) {
		hdrm_tlv_hdr_get(pdu + off, &type, &tlen);
		if (off + 2 + tlen > len)
			return -EINVAL;
		/* chassis, port and TTL first, in that order */
		if (i < 3 && type != HDRM_LLDP_TLV_CHASSIS + i)
			return -EINVAL;
		if ((type == HDRM_LLDP_TLV_CHASSIS || type == HDRM_LLDP_TLV_PORT) &&
		    (tlen < 2 || tlen > 256))
			return -EINVAL;
		if (type == HDRM_LLDP_TLV_TTL && tlen != 2)
			return -EINVAL;
		if (type == HDRM_LLDP_TLV_TTL)
			*ttl = get_unaligned_be16(pdu + off + 2);
		if (type == HDRM_LLDP_TLV_CHASSIS && tlen == 7 &&
		    pdu[off + 2] == 4)
			memcpy(chassis_mac, pdu + off + 3, 6);
		if (type == HDRM_LLDP_TLV_END)
			return tlen ? -EINVAL : found ? 0 : -ENOENT;
		if (!found) {
			err = hdrm_dcbx_pfc_decode(pdu + off, len - off, p);
			if (err == -EINVAL)
				return err;
			found = !err;
		}
		off += 2 + tlen;
		i++;
	}
	if (i < 3 || off != len)
		return -EINVAL;
	return found ? 0 : -ENOENT;
}
