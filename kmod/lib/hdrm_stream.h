/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stream frames (Documentation/wire-format.rst, "Stream frames"): what
 * the peer sends back to back, on the priority the measuring end is about
 * to pause, after granting a stream request (hdrm_ctl.h). Encode, decode,
 * validate, and a frame's share of the wire. No I/O: the VLAN tag that
 * carries the priority is the sender's to add.
 */
#ifndef _HDRM_STREAM_H
#define _HDRM_STREAM_H

#include "hdrm_calc.h"
#include "hdrm_ctl.h"
#include "hdrm_wire.h"

#define HDRM_STREAM_OPCODE	0x014A
#define HDRM_STREAM_VERSION	1

/* Payload offsets, from the byte after the EtherType (0x88B5). */
#define HDRM_STREAM_OFF_OPCODE	0
#define HDRM_STREAM_OFF_VERSION	2
#define HDRM_STREAM_OFF_FLAGS	3
#define HDRM_STREAM_OFF_SESSION	4
#define HDRM_STREAM_OFF_SEQ	8
#define HDRM_STREAM_OFF_SENT	12
#define HDRM_STREAM_HDR_LEN	20	/* then zero padding */

/* What an 802.1Q tag adds to a frame on the wire. */
#define HDRM_VLAN_HLEN		4
/* The FCS the NIC appends. */
#define HDRM_FCS_LEN		4

struct hdrm_stream_frame {
	u32 session;		/* the stream request's */
	u32 seq;		/* 0, 1, 2 ... within the stream */
	u64 sent_ns;		/* the streaming end's clock, at its driver */
};

unsigned int hdrm_stream_encode(u8 *payload, unsigned int room,
				unsigned int frame_len,
				const struct hdrm_stream_frame *f);
unsigned int hdrm_stream_encode_head(u8 *payload, unsigned int head,
				     unsigned int frame_len,
				     const struct hdrm_stream_frame *f);
void hdrm_stream_stamp(u8 *payload, u32 seq, u64 sent_ns);
enum hdrm_wire_err hdrm_stream_decode(const u8 *payload, unsigned int len,
				      struct hdrm_stream_frame *f);
bool hdrm_is_stream(const u8 *payload, unsigned int len);

/* The PFC frame (IEEE 802.1Qbb) that pauses and releases a stream. */
#define HDRM_PFC_OPCODE		0x0101
#define HDRM_PFC_OFF_VECTOR	2	/* after the EtherType */
#define HDRM_PFC_OFF_TIME	4	/* eight 2-byte times, priority 0 first */
/* IEEE 802.3x PAUSE, the other MAC control frame at 01-80-C2-00-00-01 */
#define HDRM_PAUSE_OPCODE	0x0001

unsigned int hdrm_pfc_encode(u8 *frame, unsigned int room, const u8 *src,
			     u8 prio, u16 quanta);
bool hdrm_is_pause(const u8 *payload, unsigned int len);

u32 hdrm_stream_wire_bytes(u32 frame_len, bool tagged);
u64 hdrm_stream_wire_ns(u32 frame_len, bool tagged, u32 speed_mbps);

#endif /* _HDRM_STREAM_H */
