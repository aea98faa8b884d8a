// SPDX-License-Identifier: GPL-2.0
/*
 * The measurement frame codec. Every field is read and written through
 * big-endian byte accessors: nothing here depends on the host's byte order
 * or alignment.
 */
#include "hdrm_wire.h"

static const u8 hdrm_dest[][6] = {
	[HDRM_ENCAP_MACCTL]	= { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x01 },
	[HDRM_ENCAP_ETHER]	= { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x0e },
};

u16 hdrm_encap_ethertype(enum hdrm_encap encap)
{
	return encap == HDRM_ENCAP_ETHER ? HDRM_ETHERTYPE_EXP :
					   HDRM_ETHERTYPE_MACCTL;
}

const u8 *hdrm_encap_dest(enum hdrm_encap encap)
{
	return hdrm_dest[encap == HDRM_ENCAP_ETHER];
}

const char *hdrm_wire_err_str(enum hdrm_wire_err err)
{
	static const char * const str[] = {
		[HDRM_WIRE_OK]		= "ok",
		[HDRM_WIRE_SHORT]	= "shorter than 46 bytes after the EtherType",
		[HDRM_WIRE_OPCODE]	= "not the measurement opcode",
		[HDRM_WIRE_VECTOR]	= "non-zero priority-enable vector",
		[HDRM_WIRE_BAD_VERSION] = "unknown version",
		[HDRM_WIRE_TYPE]	= "unknown type",
		[HDRM_WIRE_FLAGS]	= "unknown flags",
		[HDRM_WIRE_RESERVED]	= "non-zero reserved bytes",
		[HDRM_WIRE_SESSION]	= "session id 0",
		[HDRM_WIRE_REQ_STAMPS]	= "request carries t2 or t3",
		[HDRM_WIRE_REPLY_STAMPS] = "reply's t3 precedes its t2",
		[HDRM_WIRE_ENCAP]	= "neither encapsulation's address and EtherType",
		[HDRM_WIRE_TLV]		= "malformed, unknown or repeated TLV",
		[HDRM_WIRE_TLV_MISSING] = "a TLV the frame's type needs is missing",
	};

	if ((unsigned int)err >= ARRAY_SIZE(str))
		return "unknown";
	return str[err];
}

/* The 46 bytes after the EtherType. */
void hdrm_payload_encode(u8 *payload, const struct hdrm_probe *p)
{
	memset(payload, 0, HDRM_PAYLOAD_LEN);
	put_unaligned_be16(HDRM_OPCODE, payload + HDRM_OFF_OPCODE);
	put_unaligned_be64(p->t1, payload + HDRM_OFF_T1);
	put_unaligned_be64(p->t2, payload + HDRM_OFF_T2);
	put_unaligned_be64(p->t3, payload + HDRM_OFF_T3);
	payload[HDRM_OFF_VERSION] = HDRM_WIRE_VERSION;
	payload[HDRM_OFF_TYPE] = p->type;
	payload[HDRM_OFF_FLAGS] = p->flags;
	put_unaligned_be32(p->session, payload + HDRM_OFF_SESSION);
	put_unaligned_be32(p->seq, payload + HDRM_OFF_SEQ);
}

/**
 * hdrm_payload_decode() - validate and read the bytes after the EtherType
 * @payload: the first byte after the EtherType
 * @len: how many bytes follow the EtherType; more than 46 is fine (padding
 *	 or a trailer), only the first 46 are read
 * @p: the probe, filled only when the frame is valid
 *
 * Return: HDRM_WIRE_OK, or why the frame is malformed.
 */
enum hdrm_wire_err hdrm_payload_decode(const u8 *payload, unsigned int len,
				       struct hdrm_probe *p)
{
	struct hdrm_probe q;
	unsigned int i;

	if (len < HDRM_PAYLOAD_LEN)
		return HDRM_WIRE_SHORT;
	if (get_unaligned_be16(payload + HDRM_OFF_OPCODE) != HDRM_OPCODE)
		return HDRM_WIRE_OPCODE;
	if (get_unaligned_be16(payload + HDRM_OFF_VECTOR))
		return HDRM_WIRE_VECTOR;
	if (payload[HDRM_OFF_VERSION] != HDRM_WIRE_VERSION)
		return HDRM_WIRE_BAD_VERSION;
	q.type = payload[HDRM_OFF_TYPE];
	if (q.type != HDRM_TYPE_REQUEST && q.type != HDRM_TYPE_REPLY &&
	    q.type != HDRM_TYPE_FOLLOWUP)
		return HDRM_WIRE_TYPE;
	q.flags = payload[HDRM_OFF_FLAGS];
	if (q.flags & ~HDRM_F_ALL)
		return HDRM_WIRE_FLAGS;
	if (payload[HDRM_OFF_RSVD1])
		return HDRM_WIRE_RESERVED;
	for (i = HDRM_OFF_RSVD2; i < HDRM_PAYLOAD_LEN; i++)
		if (payload[i])
			return HDRM_WIRE_RESERVED;
	q.session = get_unaligned_be32(payload + HDRM_OFF_SESSION);
	if (!q.session)
		return HDRM_WIRE_SESSION;
	q.seq = get_unaligned_be32(payload + HDRM_OFF_SEQ);
	q.t1 = get_unaligned_be64(payload + HDRM_OFF_T1);
	q.t2 = get_unaligned_be64(payload + HDRM_OFF_T2);
	q.t3 = get_unaligned_be64(payload + HDRM_OFF_T3);
	if (q.type == HDRM_TYPE_REQUEST &&
	    ((q.flags & HDRM_F_TIMESTAMPS) || q.t2 || q.t3))
		return HDRM_WIRE_REQ_STAMPS;
	/* A loopback asks for no stamps, hardware or in a follow-up. */
	if ((q.flags & HDRM_F_LOOPBACK) &&
	    (q.flags & (HDRM_F_TIMESTAMPS | HDRM_F_TWOSTEP | HDRM_F_HWTS)))
		return HDRM_WIRE_FLAGS;
	if (q.type == HDRM_TYPE_REPLY) {
		/* A reply's flags say what it carries: stamps, or a loopback. */
		if ((q.flags & (HDRM_F_TWOSTEP | HDRM_F_HWTS)) &&
		    !(q.flags & HDRM_F_TIMESTAMPS))
			return HDRM_WIRE_FLAGS;
		if ((q.flags & HDRM_F_TIMESTAMPS) && q.t3 < q.t2)
			return HDRM_WIRE_REPLY_STAMPS;
		/* two-step: t3 is the follow-up's; the reply's equals t2 */
		if ((q.flags & HDRM_F_TWOSTEP) && q.t3 != q.t2)
			return HDRM_WIRE_REPLY_STAMPS;
		if (!(q.flags & HDRM_F_TIMESTAMPS) && (q.t2 || q.t3))
			return HDRM_WIRE_REPLY_STAMPS;
	}
	if (q.type == HDRM_TYPE_FOLLOWUP) {
		if ((q.flags & ~(HDRM_F_TIMESTAMPS | HDRM_F_HWTS)) ||
		    !(q.flags & HDRM_F_TIMESTAMPS))
			return HDRM_WIRE_FLAGS;
		if (q.t3 < q.t2)
			return HDRM_WIRE_REPLY_STAMPS;
	}
	*p = q;
	return HDRM_WIRE_OK;
}

/* @frame: HDRM_FRAME_LEN bytes from the destination address on. */
void hdrm_frame_encode(u8 *frame, enum hdrm_encap encap, const u8 *src,
		       const struct hdrm_probe *p)
{
	memcpy(frame, hdrm_encap_dest(encap), 6);
	memcpy(frame + 6, src, 6);
	put_unaligned_be16(hdrm_encap_ethertype(encap), frame + 12);
	hdrm_payload_encode(frame + HDRM_ETH_HLEN, p);
}

enum hdrm_wire_err hdrm_frame_decode(const u8 *frame, unsigned int len,
				     enum hdrm_encap *encap,
				     struct hdrm_probe *p)
{
	enum hdrm_encap e;
	u16 type;

	if (len < HDRM_ETH_HLEN)
		return HDRM_WIRE_SHORT;
	type = get_unaligned_be16(frame + 12);
	if (type == HDRM_ETHERTYPE_MACCTL)
		e = HDRM_ENCAP_MACCTL;
	else if (type == HDRM_ETHERTYPE_EXP)
		e = HDRM_ENCAP_ETHER;
	else
		return HDRM_WIRE_ENCAP;
	if (memcmp(frame, hdrm_encap_dest(e), 6))
		return HDRM_WIRE_ENCAP;
	*encap = e;
	return hdrm_payload_decode(frame + HDRM_ETH_HLEN, len - HDRM_ETH_HLEN,
				   p);
}

/* Stamp an encoded frame just before it leaves. */
void hdrm_frame_set_t1(u8 *frame, u64 t1)
{
	put_unaligned_be64(t1, frame + HDRM_ETH_HLEN + HDRM_OFF_T1);
}

void hdrm_frame_set_t3(u8 *frame, u64 t3)
{
	put_unaligned_be64(t3, frame + HDRM_ETH_HLEN + HDRM_OFF_T3);
}

/**
 * hdrm_reflect() - the reply to a request
 * @req: a valid request
 * @t2: when it arrived
 * @t3: when the reply leaves (may be restamped later, never before @t2)
 * @flags: HDRM_F_TWOSTEP (t3 follows; the reply's t3 is @t2) and
 *	   HDRM_F_HWTS (@t2 is the NIC's), each only where the request
 *	   offered it
 * @reply: the reply: same session, sequence and t1; t2 and t3 unless the
 *	   request asked for a plain loopback
 *
 * Return: 0, or -EINVAL when @req is not a request, @t3 precedes @t2, or
 * @flags has what the request did not offer.
 */
int hdrm_reflect(const struct hdrm_probe *req, u64 t2, u64 t3, u8 flags,
		 struct hdrm_probe *reply)
{
	if (req->type != HDRM_TYPE_REQUEST || t3 < t2 ||
	    (flags & ~(HDRM_F_TWOSTEP | HDRM_F_HWTS)) ||
	    (flags & ~req->flags))
		return -EINVAL;
	memset(reply, 0, sizeof(*reply));
	reply->type = HDRM_TYPE_REPLY;
	reply->session = req->session;
	reply->seq = req->seq;
	reply->t1 = req->t1;
	if (req->flags & HDRM_F_LOOPBACK) {
		reply->flags = HDRM_F_LOOPBACK;
	} else {
		reply->flags = HDRM_F_TIMESTAMPS | flags;
		reply->t2 = t2;
		reply->t3 = flags & HDRM_F_TWOSTEP ? t2 : t3;
	}
	return 0;
}

/**
 * hdrm_followup() - the follow-up of a two-step reply
 * @reply: the reply as it was sent
 * @t3: when it left, on the clock its t2 came from
 * @hw: @t3 is the NIC's
 * @fu: the follow-up: the reply's session, sequence, t1 and t2, with @t3
 *
 * Return: 0, or -EINVAL when @reply announced no follow-up or @t3
 * precedes its t2.
 */
int hdrm_followup(const struct hdrm_probe *reply, u64 t3, bool hw,
		  struct hdrm_probe *fu)
{
	if (reply->type != HDRM_TYPE_REPLY ||
	    !(reply->flags & HDRM_F_TWOSTEP) || t3 < reply->t2)
		return -EINVAL;
	*fu = *reply;
	fu->type = HDRM_TYPE_FOLLOWUP;
	fu->flags = HDRM_F_TIMESTAMPS | (hw ? HDRM_F_HWTS : 0);
	fu->t3 = t3;
	return 0;
}

/**
 * hdrm_probe_rtt() - the round trip of one exchange
 * @reply: a valid reply
 * @t4: when it arrived, on the clock that took its t1
 * @rtt_ns: t = (t4 - t1) - (t3 - t2) with timestamps, t' = t4 - t1 without
 *
 * Return: 0, or -ERANGE when t4 precedes t1 or the peer's turnaround is
 * longer than the whole exchange (a reply that cannot be right).
 */
int hdrm_probe_rtt(const struct hdrm_probe *reply, u64 t4, s64 *rtt_ns)
{
	u64 total, turnaround = 0;

	if (reply->type != HDRM_TYPE_REPLY || t4 < reply->t1)
		return -ERANGE;
	total = t4 - reply->t1;
	if (reply->flags & HDRM_F_TIMESTAMPS) {
		if (reply->t3 < reply->t2)
			return -ERANGE;
		turnaround = reply->t3 - reply->t2;
	}
	if (turnaround > total || total - turnaround > (U64_MAX >> 1))
		return -ERANGE;
	*rtt_ns = (s64)(total - turnaround);
	return 0;
}
