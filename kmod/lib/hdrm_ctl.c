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
	[HDRM_CTL_STREAM_REQUEST] = { BIT(HDRM_TLV_STREAM), BIT(HDRM_TLV_STREAM) },
	/* the stream TLV with a grant only: hdrm_ctl_decode() checks */
	[HDRM_CTL_STREAM_ANSWER] = { BIT(HDRM_TLV_ACK) | BIT(HDRM_TLV_STREAM),
				     BIT(HDRM_TLV_ACK) },
};

static const u8 hdrm_tlv_len[] = {
	[HDRM_TLV_END]		= 0,
	[HDRM_TLV_BUFCFG]	= HDRM_TLV_BUFCFG_LEN,
	[HDRM_TLV_LINK]		= HDRM_TLV_LINK_LEN,
	[HDRM_TLV_HEADROOM]	= HDRM_TLV_HEADROOM_LEN,
	[HDRM_TLV_ACK]		= HDRM_TLV_ACK_LEN,
	[HDRM_TLV_TSCAP]	= HDRM_TLV_TSCAP_LEN,
	[HDRM_TLV_STREAM]	= HDRM_TLV_STREAM_LEN,
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
	if (c->has_stream)
		tlv_len += 2 + HDRM_TLV_STREAM_LEN;
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
	if (c->has_stream) {
		p = hdrm_tlv_put(p, HDRM_TLV_STREAM);
		p[0] = c->stream.prio;
		put_unaligned_be16(c->stream.duration_us, p + 2);
		put_unaligned_be16(c->stream.frame_len, p + 4);
		p += HDRM_TLV_STREAM_LEN;
	}
	hdrm_tlv_put(p, HDRM_TLV_END);
	return len;
}

/*
 * The reasons an acknowledgment may give are the push's; a stream
 * answer's are those a stream can be refused for, with no field.
 */
static bool hdrm_ack_reason_ok(u8 ctl_type, u8 reason, u8 field)
{
	if (ctl_type != HDRM_CTL_STREAM_ANSWER)
		return reason <= HDRM_REASON_MAX && field <= HDRM_FIELD_MAX;
	if (field)
		return false;
	switch (reason) {
	case HDRM_REASON_NONE:
	case HDRM_REASON_POLICY:
	case HDRM_REASON_NO_CAP:
	case HDRM_REASON_BUSY:
	case HDRM_REASON_SENDER_NO_CAP:
	case HDRM_REASON_RATE:
		return true;
	}
	return false;
}

/* One TLV's value, already bounds-checked; false when it is invalid. */
static bool hdrm_tlv_read(struct hdrm_ctl *c, u8 type, const u8 *v)
{
	u16 us, frame;
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
		if (!hdrm_ack_reason_ok(c->type, v[1], v[2]) ||
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
	case HDRM_TLV_STREAM:
		/* no flags are defined yet; the reserved bytes are 0 */
		us = get_unaligned_be16(v + 2);
		frame = get_unaligned_be16(v + 4);
		if (v[0] >= HDRM_PRIOS || v[1] || get_unaligned_be16(v + 6) ||
		    !us || us > HDRM_STREAM_MAX_US ||
		    frame < HDRM_STREAM_MIN_FRAME || frame > HDRM_STREAM_MAX_FRAME)
			return false;
		c->has_stream = true;
		c->stream.prio = v[0];
		c->stream.duration_us = us;
		c->stream.frame_len = frame;
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
 * with an End TLV exactly where the header's TLV length says. A stream
 * answer carries the stream TLV when, and only when, it grants.
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
	if (q.type < HDRM_CTL_CAP_REQUEST || q.type > HDRM_CTL_TYPE_MAX)
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
	/* a stream answer says what it grants, and a refusal grants nothing */
	if (q.type == HDRM_CTL_STREAM_ANSWER) {
		if (q.status == HDRM_ACK_APPLIED && !q.has_stream)
			return HDRM_WIRE_TLV_MISSING;
		if (q.status == HDRM_ACK_REFUSED && q.has_stream)
			return HDRM_WIRE_TLV;
	}
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

static int hdrm_stream_refuse(struct hdrm_ctl *answer, u8 reason, int err)
{
	answer->status = HDRM_ACK_REFUSED;
	answer->reason = reason;
	return err;
}

/**
 * hdrm_stream_grant() - the streaming end's answer to a stream request
 * @req: a valid stream request
 * @pol: this end's settings and state
 * @now_ns: the time, on a clock that is never 0 (the monotonic clock)
 * @last_ns: the device's last grant on that clock, 0 for never; set to
 *	     @now_ns when this one is granted. The caller holds whatever
 *	     lock guards it, and @pol->busy with it.
 * @answer: the whole answer, refused or granted, to encode and send
 *
 * Refused, in this order: auto-hdrm off (no-cap); no record of the
 * requester's capability (sender-no-cap: as for a push, US 2025/0267110
 * A1, claims 8 and 23); accept-stream off (policy); a stream running
 * (busy); a stream granted less than HDRM_STREAM_MIN_GAP_NS ago (rate,
 * the ack's value the milliseconds to wait and its limit the gap's).
 * A grant echoes the request's priority, with the duration lowered to
 * @pol->max_us and the frame to the MTU's (MTU + 14), never below the
 * least frame.
 *
 * Return: 0 when granted; -EPERM, -EBUSY or -EAGAIN when refused;
 * -EINVAL, @answer untouched, when @req is no stream request.
 */
int hdrm_stream_grant(const struct hdrm_ctl *req,
		      const struct hdrm_stream_policy *pol, u64 now_ns,
		      u64 *last_ns, struct hdrm_ctl *answer)
{
	u32 frame = req->stream.frame_len, cap_us;
	u64 wait;

	if (req->type != HDRM_CTL_STREAM_REQUEST || !req->has_stream)
		return -EINVAL;
	memset(answer, 0, sizeof(*answer));
	answer->type = HDRM_CTL_STREAM_ANSWER;
	answer->session = req->session;
	answer->has_ack = true;
	answer->prio = req->stream.prio;
	if (!pol->auto_hdrm)
		return hdrm_stream_refuse(answer, HDRM_REASON_NO_CAP, -EPERM);
	if (!pol->sender_cap)
		return hdrm_stream_refuse(answer, HDRM_REASON_SENDER_NO_CAP,
					  -EPERM);
	if (!pol->accept_stream)
		return hdrm_stream_refuse(answer, HDRM_REASON_POLICY, -EPERM);
	if (pol->busy)
		return hdrm_stream_refuse(answer, HDRM_REASON_BUSY, -EBUSY);
	if (*last_ns && now_ns < *last_ns + HDRM_STREAM_MIN_GAP_NS) {
		wait = *last_ns + HDRM_STREAM_MIN_GAP_NS - now_ns;
		answer->value = (u32)DIV_ROUND_UP_ULL(wait, 1000000);
		answer->limit = (u32)div64_u64(HDRM_STREAM_MIN_GAP_NS, 1000000);
		return hdrm_stream_refuse(answer, HDRM_REASON_RATE, -EAGAIN);
	}
	answer->status = HDRM_ACK_APPLIED;
	answer->has_stream = true;
	answer->stream = req->stream;
	cap_us = pol->max_us && pol->max_us < HDRM_STREAM_MAX_US ?
		 pol->max_us : HDRM_STREAM_MAX_US;
	if (answer->stream.duration_us > cap_us)
		answer->stream.duration_us = cap_us;
	if (pol->mtu && frame > pol->mtu + HDRM_ETH_HLEN)
		frame = pol->mtu + HDRM_ETH_HLEN;
	if (frame < HDRM_STREAM_MIN_FRAME)
		frame = HDRM_STREAM_MIN_FRAME;
	answer->stream.frame_len = frame;
	*last_ns = now_ns;
	return 0;
}

/**
 * hdrm_stream_answer_check() - is a stream answer one to this request?
 * @req: the stream request as it was sent
 * @answer: a valid control frame from the peer
 *
 * A grant must be for the request's session and priority, and no longer
 * and with frames no larger than asked for.
 *
 * Return: 0 when it grants; -ECONNREFUSED when it refuses (its reason
 * says why); -EPROTO when it is no answer to @req.
 */
int hdrm_stream_answer_check(const struct hdrm_ctl *req,
			     const struct hdrm_ctl *answer)
{
	if (answer->type != HDRM_CTL_STREAM_ANSWER || !answer->has_ack ||
	    answer->session != req->session ||
	    answer->prio != req->stream.prio)
		return -EPROTO;
	if (answer->status == HDRM_ACK_REFUSED)
		return -ECONNREFUSED;
	if (!answer->has_stream ||
	    answer->stream.prio != req->stream.prio ||
	    answer->stream.duration_us > req->stream.duration_us ||
	    answer->stream.frame_len > req->stream.frame_len)
		return -EPROTO;
	return 0;
}
