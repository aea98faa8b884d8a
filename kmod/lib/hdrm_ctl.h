/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The control frames (Documentation/wire-format.rst, "Control frames"):
 * the capability request and reply that carry the buffer-configuration
 * field, the configuration frame that pushes a headroom to the peer, and
 * its acknowledgment; the stream request and its answer, with which one
 * end asks the other for a stream of frames to pause (hdrm_response.h).
 * Encode, decode, validate, check a pushed headroom against the
 * receiver's bounds, and decide on a stream request. No I/O.
 */
#ifndef _HDRM_CTL_H
#define _HDRM_CTL_H

#include "hdrm_compat.h"
#include "hdrm_wire.h"

#define HDRM_CTL_OPCODE		0x0149
#define HDRM_CTL_VERSION	1

/* Payload offsets, from the byte after the EtherType. */
#define HDRM_CTL_OFF_OPCODE	0
#define HDRM_CTL_OFF_VECTOR	2
#define HDRM_CTL_OFF_VERSION	4
#define HDRM_CTL_OFF_TYPE	5
#define HDRM_CTL_OFF_TLV_LEN	6
#define HDRM_CTL_OFF_SESSION	8
#define HDRM_CTL_OFF_TLV	12

/* The longest TLV area a receiver reads; a sender's is at most 90 bytes. */
#define HDRM_CTL_MAX_TLV_LEN	128
#define HDRM_CTL_MAX_PAYLOAD	(HDRM_CTL_OFF_TLV + HDRM_CTL_MAX_TLV_LEN)

enum hdrm_ctl_type {
	HDRM_CTL_CAP_REQUEST = 1,
	HDRM_CTL_CAP_REPLY = 2,
	HDRM_CTL_CONFIG = 3,
	HDRM_CTL_CONFIG_ACK = 4,
	HDRM_CTL_STREAM_REQUEST = 5,	/* stream frames of a priority to me */
	HDRM_CTL_STREAM_ANSWER = 6,	/* granted (what) or refused (why) */
	HDRM_CTL_TYPE_MAX = HDRM_CTL_STREAM_ANSWER,
};

enum hdrm_ctl_tlv {
	HDRM_TLV_END = 0,
	HDRM_TLV_BUFCFG = 1,	/* the buffer-configuration field */
	HDRM_TLV_LINK = 2,
	HDRM_TLV_HEADROOM = 3,
	HDRM_TLV_ACK = 4,
	HDRM_TLV_TSCAP = 5,	/* the reflector's timestamping */
	HDRM_TLV_STREAM = 6,	/* a stream's priority, duration, frame */
};

#define HDRM_TLV_BUFCFG_LEN	2
#define HDRM_TLV_LINK_LEN	12
#define HDRM_TLV_HEADROOM_LEN	(2 + 4 * HDRM_PRIOS)	/* 34 */
#define HDRM_TLV_ACK_LEN	12
#define HDRM_TLV_TSCAP_LEN	6
#define HDRM_TLV_STREAM_LEN	8

/* Bits of the buffer-configuration field's first byte. */
#define HDRM_BUFCFG_AUTO_HDRM	0x01
#define HDRM_BUFCFG_ACCEPT_PUSH	0x02
#define HDRM_BUFCFG_ALL		(HDRM_BUFCFG_AUTO_HDRM | HDRM_BUFCFG_ACCEPT_PUSH)

/* The timestamping TLV's flags: what the reflector's replies can carry. */
#define HDRM_TSCAP_TWOSTEP	0x01	/* follow-ups with t3 as it left */
#define HDRM_TSCAP_HARDWARE	0x02	/* the NIC's timestamps */
#define HDRM_TSCAP_ALL		(HDRM_TSCAP_TWOSTEP | HDRM_TSCAP_HARDWARE)
/*
 * A NIC's timestamps are good to nanoseconds; a peer claiming worse than
 * this would only inflate the precision, and the headroom, it is given.
 */
#define HDRM_TSCAP_MAX_RESOLUTION_NS	1000

/* The acknowledgment's status byte (enum dcb_hdrm_push_status values). */
#define HDRM_ACK_APPLIED	1
#define HDRM_ACK_REFUSED	2

/*
 * Why a push was refused and which value was out of bounds: the uAPI's
 * enum dcb_hdrm_push_reason and enum dcb_hdrm_push_field, on the wire too
 * (the module checks they agree at build time).
 */
#define HDRM_REASON_NONE	0
#define HDRM_REASON_POLICY	1
#define HDRM_REASON_NO_CAP	2
#define HDRM_REASON_BOUNDS	3
#define HDRM_REASON_APPLY	4
#define HDRM_REASON_BUSY	5
#define HDRM_REASON_SENDER_NO_CAP 6	/* the pusher never said it can */
#define HDRM_REASON_MAX		HDRM_REASON_SENDER_NO_CAP
/*
 * A stream answer's reasons are POLICY (accept-stream off), NO_CAP,
 * SENDER_NO_CAP, BUSY (a stream is running) and this one, which the
 * push's enum does not have: on the wire only, in stream answers, and
 * malformed in an acknowledgment.
 */
#define HDRM_REASON_RATE	7	/* within a second of the last stream */

#define HDRM_FIELD_SPEED	0
#define HDRM_FIELD_RTT		1
#define HDRM_FIELD_PRECISION	2
#define HDRM_FIELD_HEADROOM	3
#define HDRM_FIELD_PRIOS	4
#define HDRM_FIELD_MAX		HDRM_FIELD_PRIOS

/*
 * The stream TLV's bounds. A stream frame's length counts from the
 * destination address to the end of its payload: no FCS, no VLAN tag.
 */
#define HDRM_STREAM_MAX_US	5000
#define HDRM_STREAM_MIN_FRAME	60
#define HDRM_STREAM_MAX_FRAME	9216
/* A device grants a stream at most once in this long. */
#define HDRM_STREAM_MIN_GAP_NS	1000000000ULL

/* The stream TLV: what a request asks for, and what an answer grants. */
struct hdrm_stream_tlv {
	u8 prio;			/* 0..7: the frames' PCP */
	u16 duration_us;		/* 1..HDRM_STREAM_MAX_US */
	u16 frame_len;			/* HDRM_STREAM_{MIN,MAX}_FRAME */
};

/* A decoded control frame; the has_* flags say which TLVs it carried. */
struct hdrm_ctl {
	u8 type;
	u32 session;
	bool has_bufcfg;
	u8 bufcfg;
	bool has_link;
	u32 rtt_ns;
	u32 precision_ns;
	u32 speed;			/* Mb/s */
	bool has_tscap;
	u8 tscap;			/* HDRM_TSCAP_* */
	u32 hw_resolution;		/* ns, with HDRM_TSCAP_HARDWARE */
	bool has_headroom;
	u8 prio_mask;
	u32 headroom[HDRM_PRIOS];	/* bytes */
	bool has_ack;
	u8 status;			/* HDRM_ACK_* */
	u8 reason;			/* HDRM_REASON_* */
	u8 field;			/* HDRM_FIELD_* */
	u8 prio;
	u32 value;
	u32 limit;
	bool has_stream;
	struct hdrm_stream_tlv stream;
};

unsigned int hdrm_ctl_encode(u8 *payload, unsigned int room,
			     const struct hdrm_ctl *c);
enum hdrm_wire_err hdrm_ctl_decode(const u8 *payload, unsigned int len,
				   struct hdrm_ctl *c);
bool hdrm_is_ctl(const u8 *payload, unsigned int len);

/* What a receiver allows a pushed headroom to be. */
struct hdrm_push_bounds {
	u32 speed;			/* Mb/s of this end's link; 0 = unknown */
	u32 max_rtt_ns;
	u32 max_precision_ns;
	u32 min_headroom;		/* bytes */
	u32 max_headroom;		/* bytes */
	/*
	 * Per priority, bytes: this end's own headroom for a round trip of 0
	 * (its maximum frames, measurement frame and K); 0 = no floor.
	 */
	u32 floor[HDRM_PRIOS];
};

/* The receiver's limits on a pushed round trip and headroom. */
#define HDRM_PUSH_MAX_RTT_NS		2000000U	/* 2 ms: 200 km of fibre */
#define HDRM_PUSH_MIN_HEADROOM		(3 * HDRM_FRAME_WIRE_LEN)
#define HDRM_PUSH_MAX_HEADROOM		(16U << 20)	/* 16 MiB */

int hdrm_push_check(const struct hdrm_ctl *c,
		    const struct hdrm_push_bounds *b, struct hdrm_ctl *ack);

/* What the streaming end (the peer asked) decides a stream request on. */
struct hdrm_stream_policy {
	bool auto_hdrm;			/* this end's auto-hdrm */
	bool sender_cap;		/* the requester said it is capable */
	bool accept_stream;		/* this end streams when asked */
	bool busy;			/* a stream is running on the device */
	u32 mtu;			/* the device's; 0 = unknown */
	u16 max_us;			/* this end's cap; 0 = HDRM_STREAM_MAX_US */
};

int hdrm_stream_grant(const struct hdrm_ctl *req,
		      const struct hdrm_stream_policy *pol, u64 now_ns,
		      u64 *last_ns, struct hdrm_ctl *answer);
int hdrm_stream_answer_check(const struct hdrm_ctl *req,
			     const struct hdrm_ctl *answer);

#endif /* _HDRM_CTL_H */
