// SPDX-License-Identifier: GPL-2.0
/*
 * The stream frame codec. As in hdrm_wire.c, fields go through big-endian
 * byte accessors, and a length is checked before anything is read.
 */
#include "hdrm_stream.h"

/**
 * hdrm_stream_encode() - write a stream frame's payload
 * @payload: the first byte after the EtherType
 * @room: bytes available there
 * @frame_len: the frame's length from the destination address to the end
 *	       of its payload (no FCS, no VLAN tag), as the stream TLV grants
 *	       it: HDRM_STREAM_MIN_FRAME to HDRM_STREAM_MAX_FRAME
 * @f: the session, sequence number and send time to write
 *
 * Writes the header and zero padding up to @frame_len; the caller writes
 * the 14-byte Ethernet header before it. A sender that builds the frame
 * once restamps each copy with hdrm_stream_stamp().
 *
 * Return: the payload's length, @frame_len - 14, or 0 when @frame_len is
 * out of bounds or @room too small.
 */
unsigned int hdrm_stream_encode(u8 *payload, unsigned int room,
				unsigned int frame_len,
				const struct hdrm_stream_frame *f)
{
	if (frame_len < HDRM_STREAM_MIN_FRAME ||
	    frame_len > HDRM_STREAM_MAX_FRAME ||
	    room < frame_len - HDRM_ETH_HLEN)
		return 0;
	return hdrm_stream_encode_head(payload, frame_len - HDRM_ETH_HLEN,
				       frame_len, f);
}

/**
 * hdrm_stream_encode_head() - write the first bytes of a stream frame's payload
 * @payload: the first byte after the EtherType
 * @head: how many bytes to write there: the header, then zero padding;
 *	  HDRM_STREAM_HDR_LEN up to the whole payload, @frame_len - 14
 * @frame_len: the frame's length, as for hdrm_stream_encode()
 * @f: the session, sequence number and send time to write
 *
 * For a frame whose payload's rest, zeros all, the sender keeps apart: in
 * a zeroed page that a stream's frames share as fragments, so a stream of
 * 32,768 frames does not take 32,768 copies of its padding. The @head
 * bytes are those hdrm_stream_encode() writes first; nothing after them
 * is written.
 *
 * Return: @head, or 0 when @frame_len is out of bounds or @head is shorter
 * than the header or longer than the payload.
 */
unsigned int hdrm_stream_encode_head(u8 *payload, unsigned int head,
				     unsigned int frame_len,
				     const struct hdrm_stream_frame *f)
{
	if (frame_len < HDRM_STREAM_MIN_FRAME ||
	    frame_len > HDRM_STREAM_MAX_FRAME ||
	    head < HDRM_STREAM_HDR_LEN || head > frame_len - HDRM_ETH_HLEN)
		return 0;
	memset(payload, 0, head);
	put_unaligned_be16(HDRM_STREAM_OPCODE, payload + HDRM_STREAM_OFF_OPCODE);
	payload[HDRM_STREAM_OFF_VERSION] = HDRM_STREAM_VERSION;
	put_unaligned_be32(f->session, payload + HDRM_STREAM_OFF_SESSION);
	hdrm_stream_stamp(payload, f->seq, f->sent_ns);
	return head;
}

/* The sequence number and send time of an encoded frame, as it leaves. */
void hdrm_stream_stamp(u8 *payload, u32 seq, u64 sent_ns)
{
	put_unaligned_be32(seq, payload + HDRM_STREAM_OFF_SEQ);
	put_unaligned_be64(sent_ns, payload + HDRM_STREAM_OFF_SENT);
}

/* Does this payload carry the stream opcode (for the receive hook)? */
bool hdrm_is_stream(const u8 *payload, unsigned int len)
{
	return len >= 2 &&
	       get_unaligned_be16(payload + HDRM_STREAM_OFF_OPCODE) ==
	       HDRM_STREAM_OPCODE;
}

/**
 * hdrm_stream_decode() - validate and read a stream frame's header
 * @payload: the first byte after the EtherType
 * @len: how many bytes follow the EtherType, at least 46 (the least
 *	 frame's, as for every frame of this protocol); only the header's
 *	 20 are read, the padding is not (a frame may be 9 KB long and
 *	 arrive at line rate)
 * @f: the frame, filled only when it is valid
 *
 * Return: HDRM_WIRE_OK, or why the frame is malformed.
 */
enum hdrm_wire_err hdrm_stream_decode(const u8 *payload, unsigned int len,
				      struct hdrm_stream_frame *f)
{
	struct hdrm_stream_frame q;

	if (len < HDRM_PAYLOAD_LEN)
		return HDRM_WIRE_SHORT;
	if (!hdrm_is_stream(payload, len))
		return HDRM_WIRE_OPCODE;
	if (payload[HDRM_STREAM_OFF_VERSION] != HDRM_STREAM_VERSION)
		return HDRM_WIRE_BAD_VERSION;
	if (payload[HDRM_STREAM_OFF_FLAGS])
		return HDRM_WIRE_FLAGS;
	q.session = get_unaligned_be32(payload + HDRM_STREAM_OFF_SESSION);
	if (!q.session)
		return HDRM_WIRE_SESSION;
	q.seq = get_unaligned_be32(payload + HDRM_STREAM_OFF_SEQ);
	q.sent_ns = get_unaligned_be64(payload + HDRM_STREAM_OFF_SENT);
	*f = q;
	return HDRM_WIRE_OK;
}

/**
 * hdrm_is_pause() - is this MAC control payload a PAUSE or a PFC frame?
 * @payload: the first byte after the EtherType 0x8808
 * @len: the bytes there
 *
 * 802.3x PAUSE (opcode 0x0001) and 802.1Qbb PFC (0x0101) share the
 * measurement frames' EtherType and group address. They are another
 * protocol's frames, which the receive hook leaves alone rather than
 * counting them as broken ones of dcb_hdrm's (they reach it where a MAC
 * passes its control frames up: veth, or a NIC told to).
 *
 * Return: true for either opcode.
 */
bool hdrm_is_pause(const u8 *payload, unsigned int len)
{
	u16 op;

	if (len < 2)
		return false;
	op = get_unaligned_be16(payload);
	return op == HDRM_PAUSE_OPCODE || op == HDRM_PFC_OPCODE;
}

/**
 * hdrm_pfc_encode() - a PFC frame for one priority
 * @frame: where the frame goes, from its destination address
 * @room: bytes available there
 * @src: the sending port's MAC address
 * @prio: the priority: its bit of the class-enable vector and its time
 * @quanta: its pause time: 0xFFFF an XOFF, 0 an XON
 *
 * A MAC control frame (EtherType 0x8808) to 01-80-C2-00-00-01 with the
 * opcode 0x0101, only @prio's bit in the vector, the other times 0, and
 * zero padding to 60 bytes (US 2025/0267110 A1, [0122], FIG. 5; the NIC
 * adds the FCS).
 *
 * Return: HDRM_FRAME_LEN, or 0 for a priority above 7 or too little room.
 */
unsigned int hdrm_pfc_encode(u8 *frame, unsigned int room, const u8 *src,
			     u8 prio, u16 quanta)
{
	u8 *p = frame + HDRM_ETH_HLEN;

	if (prio >= HDRM_PRIOS || room < HDRM_FRAME_LEN)
		return 0;
	memset(frame, 0, HDRM_FRAME_LEN);
	memcpy(frame, hdrm_encap_dest(HDRM_ENCAP_MACCTL), 6);
	memcpy(frame + 6, src, 6);
	put_unaligned_be16(HDRM_ETHERTYPE_MACCTL, frame + 12);
	put_unaligned_be16(HDRM_PFC_OPCODE, p);
	put_unaligned_be16(1U << prio, p + HDRM_PFC_OFF_VECTOR);
	put_unaligned_be16(quanta, p + HDRM_PFC_OFF_TIME + 2 * prio);
	return HDRM_FRAME_LEN;
}

/**
 * hdrm_stream_wire_bytes() - a frame's share of the wire
 * @frame_len: from the destination address to the end of the payload, no
 *	       FCS, no VLAN tag; a shorter frame than 60 bytes is padded to it
 * @tagged: the frame carries an 802.1Q tag on the wire (a stream frame's
 *	    priority does), which the NIC inserts after the padding
 *
 * The frame with its tag and FCS, the preamble and start-of-frame
 * delimiter before it and the least inter-packet gap after it (IEEE 802.3
 * clause 4): the bytes of line time one frame of a back-to-back run takes.
 *
 * Return: bytes; 84 for the least untagged frame, 1542 for a tagged 1514.
 */
u32 hdrm_stream_wire_bytes(u32 frame_len, bool tagged)
{
	u32 len = frame_len < HDRM_FRAME_LEN ? HDRM_FRAME_LEN : frame_len;

	return len + (tagged ? HDRM_VLAN_HLEN : 0) + HDRM_FCS_LEN +
	       HDRM_WIRE_PREAMBLE + HDRM_WIRE_IFG;
}

/* hdrm_stream_wire_bytes() as time at @speed_mbps, ns rounded up; 0: 0. */
u64 hdrm_stream_wire_ns(u32 frame_len, bool tagged, u32 speed_mbps)
{
	return hdrm_line_ns(hdrm_stream_wire_bytes(frame_len, tagged),
			    speed_mbps);
}
