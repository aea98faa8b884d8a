// SPDX-License-Identifier: GPL-2.0
/*
 * The control frame codec and the bounds a pushed headroom must meet. As
 * in hdrm_wire.c, every field goes through big-endian byte accessors and
 * every length is checked against what was received before it is used.
 */
#include "hdrm_ctl.h"

/* Which TLVs each type may carry, and which it must. */
static const struct {
	u8 allowed;
	u8 required;
} hdrm_ctl_rules[] = {
	[HDRM_CTL_CAP_REQUEST]	= { BIT(HDRM_TLV_BUFCFG), BIT(HDRM_TLV_BUFCFG) },
	[HDRM_CTL_CAP_REPLY]	= { BIT(HDRM_TLV_BUFCFG) | BIT(HDRM_TLV_TSCAP), 0 },
	[HDRM_CTL_CONFIG]	= { BIT(HDRM_TLV_LINK) | BIT(HDRM_TLV_HEADROOM),
				    BIT(HDRM_TLV_LINK) | BIT(HDRM_TLV_HEADROOM) },
	[HDRM_CTL_CONFIG_ACK]	= { BIT(HDRM_TLV_ACK), BIT(HDRM_TLV_ACK) },
};

static const u8 hdrm_tlv_len[] = {
	[HDRM_TLV_END]		= 0,
	[HDRM_TLV_BUFCFG]	= HDRM_TLV_BUFCFG_LEN,
	[HDRM_TLV_LINK]		= HDRM_TLV_LINK_LEN,
	[HDRM_TLV_HEADROOM]	= HDRM_TLV_HEADROOM_LEN,
	[HDRM_TLV_ACK]		= HDRM_TLV_ACK_LEN,
	[HDRM_TLV_TSCAP]	= HDRM_TLV_TSCAP_LEN,
};

static u8 *hdrm_tlv_put(u8 *p, u8 type)
{
	p[0] = type;
	p[1] = hdrm_tlv_len[type];
	return p + 2;
}

/**
 * hdrm_ctl_encode() - write a control frame's payload
 * @payload: the first byte after the EtherType
 * @room: bytes available there; HDRM_CTL_MAX_PAYLOAD always suffices
 * @c: what to write; the has_* flags choose the TLVs
 *
 * Return: the payload's length, at least HDRM_PAYLOAD_LEN (the rest is
 * zero padding up to the Ethernet minimum), or 0 when @room is too small.
 */
unsigned int hdrm_ctl_encode(u8 *payload, unsigned int room,
			     const struct hdrm_ctl *c)
{
	unsigned int tlv_len = 2, len, i;
	u8 *p;

	if (c->has_bufcfg)
		tlv_len += 2 + HDRM_TLV_BUFCFG_LEN;
	if (c->has_link)
		tlv_len += 2 + HDRM_TLV_LINK_LEN;
	if (c->has_headroom)
		tlv_len += 2 + HDRM_TLV_HEADROOM_LEN;
	if (c->has_ack)
		tlv_len += 2 + HDRM_TLV_ACK_LEN;
	if (c->has_tscap)
		tlv_len += 2 + HDRM_TLV_TSCAP_LEN;
	len = HDRM_CTL_OFF_TLV + tlv_len;
	if (len < HDRM_PAYLOAD_LEN)
		len = HDRM_PAYLOAD_LEN;
	if (room < len)
		return 0;

	memset(payload, 0, len);
	put_unaligned_be16(HDRM_CTL_OPCODE, payload + HDRM_CTL_OFF_OPCODE);
	payload[HDRM_CTL_OFF_VERSION] = HDRM_CTL_VERSION;
	payload[HDRM_CTL_OFF_TYPE] = c->type;
	put_unaligned_be16(tlv_len, payload + HDRM_CTL_OFF_TLV_LEN);
	put_unaligned_be32(c->session, payload + HDRM_CTL_OFF_SESSION);
	p = payload + HDRM_CTL_OFF_TLV;
	if (c->has_bufcfg) {
		p = hdrm_tlv_put(p, HDRM_TLV_BUFCFG);
		p[0] = c->bufcfg;
		p += HDRM_TLV_BUFCFG_LEN;
	}
	if (c->has_link) {
		p = hdrm_tlv_put(p, HDRM_TLV_LINK);
		put_unaligned_be32(c->rtt_ns, p);
		put_unaligned_be32(c->precision_ns, p + 4);
		put_unaligned_be32(c->speed, p + 8);
		p += HDRM_TLV_LINK_LEN;
	}
	if (c->has_headroom) {
		p = hdrm_tlv_put(p, HDRM_TLV_HEADROOM);
		p[0] = c->prio_mask;
		for (i = 0; i < HDRM_PRIOS; i++)
			put_unaligned_be32(c->headroom[i], p + 2 + 4 * i);
		p += HDRM_TLV_HEADROOM_LEN;
	}
	if (c->has_ack) {
		p = hdrm_tlv_put(p, HDRM_TLV_ACK);
		p[0] = c->status;
		p[1] = c->reason;
		p[2] = c->field;
		p[3] = c->prio;
		put_unaligned_be32(c->value, p + 4);
		put_unaligned_be32(c->limit, p + 8);
		p += HDRM_TLV_ACK_LEN;
	}
	if (c->has_tscap) {
		p = hdrm_tlv_put(p, HDRM_TLV_TSCAP);
		p[0] = c->tscap;
		put_unaligned_be32(c->hw_resolution, p + 2);
		p += HDRM_TLV_TSCAP_LEN;
	}
	hdrm_tlv_put(p, HDRM_TLV_END);
	return len;
}

/* One TLV's value, already bounds-checked; false when it is invalid. */
static bool hdrm_tlv_read(struct hdrm_ctl *c, u8 type, const u8 *v)
{
	unsigned int i;

	switch (type) {
	case HDRM_TLV_BUFCFG:
		if ((v[0] & ~HDRM_BUFCFG_ALL) || v[1])
			return false;
		c->has_bufcfg = true;
		c->bufcfg = v[0];
		return true;
	case HDRM_TLV_LINK:
		c->has_link = true;
		c->rtt_ns = get_unaligned_be32(v);
		c->precision_ns = get_unaligned_be32(v + 4);
		c->speed = get_unaligned_be32(v + 8);
		return true;
	case HDRM_TLV_HEADROOM:
		if (v[1])
			return false;
		c->has_headroom = true;
		c->prio_mask = v[0];
		for (i = 0; i < HDRM_PRIOS; i++) {
			c->headroom[i] = get_unaligned_be32(v + 2 + 4 * i);
			/* a priority outside the mask carries nothing */
			if (!(c->prio_mask & BIT(i)) && c->headroom[i])
				return false;
		}
		return true;
	case HDRM_TLV_ACK:
		if (v[0] != HDRM_ACK_APPLIED && v[0] != HDRM_ACK_REFUSED)
			return false;
		if (v[1] > HDRM_REASON_MAX || v[2] > HDRM_FIELD_MAX ||
		    v[3] >= HDRM_PRIOS)
			return false;
		if (v[0] == HDRM_ACK_APPLIED && v[1] != HDRM_REASON_NONE)
			return false;
		if (v[0] == HDRM_ACK_REFUSED && v[1] == HDRM_REASON_NONE)
			return false;
		c->has_ack = true;
		c->status = v[0];
		c->reason = v[1];
		c->field = v[2];
		c->prio = v[3];
		c->value = get_unaligned_be32(v + 4);
		c->limit = get_unaligned_be32(v + 8);
		return true;
	case HDRM_TLV_TSCAP:
		/* a resolution only with hardware, and then not 0 */
		if ((v[0] & ~HDRM_TSCAP_ALL) || v[1])
			return false;
		c->hw_resolution = get_unaligned_be32(v + 2);
		if (!!(v[0] & HDRM_TSCAP_HARDWARE) != !!c->hw_resolution ||
		    c->hw_resolution > HDRM_TSCAP_MAX_RESOLUTION_NS)
			return false;
		c->has_tscap = true;
		c->tscap = v[0];
		return true;
	}
	return false;
}

/* Does this payload carry the control opcode (rather than a probe's)? */
bool hdrm_is_ctl(const u8 *payload, unsigned int len)
{
	return len >= 2 &&
	       get_unaligned_be16(payload + HDRM_CTL_OFF_OPCODE) ==
	       HDRM_CTL_OPCODE;
}

/**
 * hdrm_ctl_decode() - validate and read a control frame's payload
 * @payload: the first byte after the EtherType
 * @len: how many bytes follow the EtherType (padding and trailers may
 *	 follow the TLVs; they are not read)
 * @c: the frame, filled only when it is valid
 *
 * The TLVs must each have their type's exact length, appear at most once,
 * be ones the frame's type may carry, include the ones it must, and end
 * with an End TLV exactly where the header's TLV length says.
 *
 * Return: HDRM_WIRE_OK, or why the frame is malformed.
 */
enum hdrm_wire_err hdrm_ctl_decode(const u8 *payload, unsigned int len,
				   struct hdrm_ctl *c)
{
	unsigned int tlv_len, off, end;
	struct hdrm_ctl q = {};
	u8 seen = 0, type, tlen;

	if (len < HDRM_PAYLOAD_LEN)
		return HDRM_WIRE_SHORT;
	if (get_unaligned_be16(payload + HDRM_CTL_OFF_OPCODE) !=
	    HDRM_CTL_OPCODE)
		return HDRM_WIRE_OPCODE;
	if (get_unaligned_be16(payload + HDRM_CTL_OFF_VECTOR))
		return HDRM_WIRE_VECTOR;
	if (payload[HDRM_CTL_OFF_VERSION] != HDRM_CTL_VERSION)
		return HDRM_WIRE_BAD_VERSION;
	q.type = payload[HDRM_CTL_OFF_TYPE];
	if (q.type < HDRM_CTL_CAP_REQUEST || q.type > HDRM_CTL_CONFIG_ACK)
		return HDRM_WIRE_TYPE;
	q.session = get_unaligned_be32(payload + HDRM_CTL_OFF_SESSION);
	if (!q.session)
		return HDRM_WIRE_SESSION;
	tlv_len = get_unaligned_be16(payload + HDRM_CTL_OFF_TLV_LEN);
	if (tlv_len < 2 || tlv_len > HDRM_CTL_MAX_TLV_LEN)
		return HDRM_WIRE_TLV;
	end = HDRM_CTL_OFF_TLV + tlv_len;
	if (end > len)
		return HDRM_WIRE_SHORT;

	for (off = HDRM_CTL_OFF_TLV; ; off += 2 + tlen) {
		if (off + 2 > end)
			return HDRM_WIRE_TLV;
		type = payload[off];
		tlen = payload[off + 1];
		if (type == HDRM_TLV_END) {
			if (tlen || off + 2 != end)
				return HDRM_WIRE_TLV;
			break;
		}
		if (type >= ARRAY_SIZE(hdrm_tlv_len) ||
		    !(hdrm_ctl_rules[q.type].allowed & BIT(type)) ||
		    (seen & BIT(type)) || tlen != hdrm_tlv_len[type] ||
		    off + 2 + tlen > end ||
		    !hdrm_tlv_read(&q, type, payload + off + 2))
			return HDRM_WIRE_TLV;
		seen |= BIT(type);
	}
	if ((seen & hdrm_ctl_rules[q.type].required) !=
	    hdrm_ctl_rules[q.type].required)
		return HDRM_WIRE_TLV_MISSING;
	*c = q;
	return HDRM_WIRE_OK;
}

static int hdrm_push_refuse(struct hdrm_ctl *ack, u8 field, u8 prio,
			    u32 value, u32 limit)
{
	ack->status = HDRM_ACK_REFUSED;
	ack->reason = HDRM_REASON_BOUNDS;
	ack->field = field;
	ack->prio = prio;
	ack->value = value;
	ack->limit = limit;
	return -ERANGE;
}

/**
 * hdrm_push_check() - is a pushed headroom within this end's bounds?
 * @c: a valid configuration frame
 * @b: this end's bounds
 * @ack: the acknowledgment's TLV fields, set either way
 *
 * The speed must be this end's own (the link has one), when known; the
 * round trip and precision no longer than the limits; the priority mask
 * not empty; and each priority's headroom between the minimum and maximum,
 * and no less than this end's floor for it: what its own arithmetic gives
 * for a round trip of 0, which no cable can undercut.
 *
 * Return: 0, or -ERANGE with @ack saying which value and its limit.
 */
int hdrm_push_check(const struct hdrm_ctl *c,
		    const struct hdrm_push_bounds *b, struct hdrm_ctl *ack)
{
	unsigned int i;

	ack->has_ack = true;
	if (b->speed && c->speed != b->speed)
		return hdrm_push_refuse(ack, HDRM_FIELD_SPEED, 0, c->speed,
					b->speed);
	if (c->rtt_ns > b->max_rtt_ns)
		return hdrm_push_refuse(ack, HDRM_FIELD_RTT, 0, c->rtt_ns,
					b->max_rtt_ns);
	if (c->precision_ns > b->max_precision_ns)
		return hdrm_push_refuse(ack, HDRM_FIELD_PRECISION, 0,
					c->precision_ns, b->max_precision_ns);
	if (!c->prio_mask)
		return hdrm_push_refuse(ack, HDRM_FIELD_PRIOS, 0, 0, 0);
	for (i = 0; i < HDRM_PRIOS; i++) {
		if (!(c->prio_mask & BIT(i)))
			continue;
		if (c->headroom[i] < b->min_headroom)
			return hdrm_push_refuse(ack, HDRM_FIELD_HEADROOM, i,
						c->headroom[i],
						b->min_headroom);
		if (c->headroom[i] < b->floor[i])
			return hdrm_push_refuse(ack, HDRM_FIELD_HEADROOM, i,
						c->headroom[i], b->floor[i]);
		if (c->headroom[i] > b->max_headroom)
			return hdrm_push_refuse(ack, HDRM_FIELD_HEADROOM, i,
						c->headroom[i],
						b->max_headroom);
	}
	ack->status = HDRM_ACK_APPLIED;
	ack->reason = HDRM_REASON_NONE;
	ack->field = 0;
	ack->prio = 0;
	ack->value = 0;
	ack->limit = 0;
	return 0;
}
