/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dcb_hdrm's tracepoints (TRACE_SYSTEM dcb_hdrm), for perf, trace-cmd,
 * bpftrace and tracefs: a probe leaving, a reply taken, a session's
 * result, a write to the driver, and the push of a result to the peer.
 * kmod/trace.c instantiates them; Documentation/admin-guide.rst lists the
 * fields. No strings: a device is its ifindex.
 *
 * Times: t1 and t4 are this end's CLOCK_MONOTONIC in ns (the probe's
 * clock read, without the session's random clock base); t2 and t3 are
 * the peer's, as its reply carried them.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM dcb_hdrm

#if !defined(_DCB_HDRM_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _DCB_HDRM_TRACE_H

#include <linux/tracepoint.h>

#include "dcb_hdrm.h"

#ifndef _DCB_HDRM_TRACE_ONCE
#define _DCB_HDRM_TRACE_ONCE

/* dcb_hdrm_push's direction */
#define HDRM_TRACE_PUSH_SENT		0	/* a configuration frame left */
#define HDRM_TRACE_PUSH_RECEIVED	1	/* the peer's, decided on */
#define HDRM_TRACE_PUSH_ACKED		2	/* the peer answered ours */

/*
 * A reply's round trip as it arrives, on the clock reads (t4 on the
 * clock @p->t1 left on); -1 for a two-step reply, whose t3 comes with
 * its follow-up, or one that cannot be right. The result may take its
 * samples from the driver's timestamps instead (hdrm_samples_build()).
 */
static inline s64 hdrm_trace_reply_rtt(const struct hdrm_probe *p, u64 t4)
{
	s64 rtt;

	if ((p->flags & HDRM_F_TWOSTEP) || hdrm_probe_rtt(p, t4, &rtt))
		return -1;
	return rtt;
}

#endif /* _DCB_HDRM_TRACE_ONCE */

/* Enum values resolved in the events' formats, for user space */
TRACE_DEFINE_ENUM(HDRM_ENCAP_MACCTL);
TRACE_DEFINE_ENUM(HDRM_ENCAP_ETHER);
TRACE_DEFINE_ENUM(DCB_HDRM_MODE_4TS);
TRACE_DEFINE_ENUM(DCB_HDRM_MODE_2TS);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_OK);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_NO_REPLY);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_DEV_GONE);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_LINK_DOWN);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_ABORTED);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_NO_SPEED);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_PEER_NO_CAP);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_PEER_SILENT);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_CANCELLED);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_FOREIGN);
TRACE_DEFINE_ENUM(DCB_HDRM_STATUS_NO_HW_TIMESTAMPS);
TRACE_DEFINE_ENUM(DCB_HDRM_APPLY_NONE);
TRACE_DEFINE_ENUM(DCB_HDRM_APPLY_DELAY);
TRACE_DEFINE_ENUM(DCB_HDRM_APPLY_BUFFER);
TRACE_DEFINE_ENUM(DCB_HDRM_APPLY_AUTO);
TRACE_DEFINE_ENUM(DCB_HDRM_DELAY_UNIT_AUTO);
TRACE_DEFINE_ENUM(DCB_HDRM_DELAY_UNIT_BITS);
TRACE_DEFINE_ENUM(DCB_HDRM_DELAY_UNIT_METRES);
TRACE_DEFINE_ENUM(DCB_HDRM_MODEL_AUTO);
TRACE_DEFINE_ENUM(DCB_HDRM_MODEL_GENERIC);
TRACE_DEFINE_ENUM(DCB_HDRM_MODEL_MLX5);
TRACE_DEFINE_ENUM(DCB_HDRM_MODEL_MLXSW);
TRACE_DEFINE_ENUM(DCB_HDRM_MODEL_NONE);
TRACE_DEFINE_ENUM(DCB_HDRM_PUSH_STATUS_PENDING);
TRACE_DEFINE_ENUM(DCB_HDRM_PUSH_STATUS_APPLIED);
TRACE_DEFINE_ENUM(DCB_HDRM_PUSH_STATUS_REFUSED);
TRACE_DEFINE_ENUM(DCB_HDRM_PUSH_STATUS_NO_ANSWER);

/*
 * The names dcb-hdrm's JSON uses. The print formats hold numbers, never
 * sizeof(type): perf's parser of them (libtraceevent) fails on sizeof(u64)
 * ("FAILED TO PARSE" in perf script), so __print_array's element sizes
 * are written out.
 */
#define hdrm_show_encap(e)					\
	__print_symbolic(e,					\
			 { HDRM_ENCAP_MACCTL, "macctl" },	\
			 { HDRM_ENCAP_ETHER, "ether" })

#define hdrm_show_mode(m)					\
	__print_symbolic(m,					\
			 { DCB_HDRM_MODE_4TS, "4ts" },		\
			 { DCB_HDRM_MODE_2TS, "2ts" })

#define hdrm_show_status(s)						\
	__print_symbolic(s,						\
			 { DCB_HDRM_STATUS_OK, "ok" },			\
			 { DCB_HDRM_STATUS_NO_REPLY, "no-reply" },	\
			 { DCB_HDRM_STATUS_DEV_GONE, "dev-gone" },	\
			 { DCB_HDRM_STATUS_LINK_DOWN, "link-down" },	\
			 { DCB_HDRM_STATUS_ABORTED, "aborted" },	\
			 { DCB_HDRM_STATUS_NO_SPEED, "no-speed" },	\
			 { DCB_HDRM_STATUS_PEER_NO_CAP, "peer-no-cap" },	\
			 { DCB_HDRM_STATUS_PEER_SILENT, "peer-silent" },	\
			 { DCB_HDRM_STATUS_CANCELLED, "cancelled" },	\
			 { DCB_HDRM_STATUS_FOREIGN, "foreign" },	\
			 { DCB_HDRM_STATUS_NO_HW_TIMESTAMPS, "no-hw-timestamps" })

#define hdrm_show_method(m)					\
	__print_symbolic(m,					\
			 { DCB_HDRM_APPLY_NONE, "none" },	\
			 { DCB_HDRM_APPLY_DELAY, "delay" },	\
			 { DCB_HDRM_APPLY_BUFFER, "buffer" },	\
			 { DCB_HDRM_APPLY_AUTO, "auto" })

#define hdrm_show_unit(u)					\
	__print_symbolic(u,					\
			 { DCB_HDRM_DELAY_UNIT_AUTO, "auto" },	\
			 { DCB_HDRM_DELAY_UNIT_BITS, "bits" },	\
			 { DCB_HDRM_DELAY_UNIT_METRES, "metres" })

#define hdrm_show_model(m)					\
	__print_symbolic(m,					\
			 { DCB_HDRM_MODEL_AUTO, "auto" },	\
			 { DCB_HDRM_MODEL_GENERIC, "generic" },	\
			 { DCB_HDRM_MODEL_MLX5, "mlx5" },	\
			 { DCB_HDRM_MODEL_MLXSW, "mlxsw" },	\
			 { DCB_HDRM_MODEL_NONE, "none" })

#define hdrm_show_push_dir(d)					\
	__print_symbolic(d,					\
			 { HDRM_TRACE_PUSH_SENT, "sent" },	\
			 { HDRM_TRACE_PUSH_RECEIVED, "received" },	\
			 { HDRM_TRACE_PUSH_ACKED, "acked" })

#define hdrm_show_push_status(s)					\
	__print_symbolic(s,						\
			 { DCB_HDRM_PUSH_STATUS_PENDING, "pending" },	\
			 { DCB_HDRM_PUSH_STATUS_APPLIED, "applied" },	\
			 { DCB_HDRM_PUSH_STATUS_REFUSED, "refused" },	\
			 { DCB_HDRM_PUSH_STATUS_NO_ANSWER, "no-answer" })

/*
 * A probe handed to the driver (past the qdiscs); tx_errors counts one
 * the driver then refused. Context: the session's softirq hrtimer.
 */
TRACE_EVENT(dcb_hdrm_probe_sent,
	    TP_PROTO(const struct hdrm_port *port, const struct hdrm_session *s,
		     const struct hdrm_probe *p, u64 t1),
	    TP_ARGS(port, s, p, t1),
	    TP_STRUCT__entry(__field(int, ifindex)
			     __field(u32, session)
			     __field(u32, seq)
			     __field(u64, t1)
			     __field(u8, encap)
			     __field(u8, mode)
			     __field(u8, flags)
	    ),
	    TP_fast_assign(__entry->ifindex = port->dev->ifindex;
			   __entry->session = p->session;
			   __entry->seq = p->seq;
			   __entry->t1 = t1;
			   __entry->encap = s->encap;
			   __entry->mode = s->mode;
			   __entry->flags = p->flags;
	    ),
	    TP_printk("ifindex=%d session=%u seq=%u t1=%llu encap=%s mode=%s flags=0x%02x",
		      __entry->ifindex, __entry->session, __entry->seq,
		      __entry->t1, hdrm_show_encap(__entry->encap),
		      hdrm_show_mode(__entry->mode), __entry->flags)
);

/*
 * A reply the session took (one of its probes, from its responder, not
 * seen before). rtt_ns: the sample on the clock reads, -1 when two-step
 * (t3 is the follow-up's); late: beyond the session's timeout, left out
 * of the result. Context: softirq, port->lock held.
 */
TRACE_EVENT(dcb_hdrm_reply_received,
	    TP_PROTO(const struct hdrm_port *port, const struct hdrm_session *s,
		     const struct hdrm_probe *p, u64 t4),
	    TP_ARGS(port, s, p, t4),
	    TP_STRUCT__entry(__field(int, ifindex)
			     __field(u32, session)
			     __field(u32, seq)
			     __field(u64, t1)
			     __field(u64, t2)
			     __field(u64, t3)
			     __field(u64, t4)
			     __field(s64, rtt_ns)
			     __field(bool, two_step)
			     __field(bool, hw)
			     __field(bool, late)
	    ),
	    TP_fast_assign(__entry->ifindex = port->dev->ifindex;
			   __entry->session = p->session;
			   __entry->seq = p->seq;
			   __entry->t1 = p->t1 - s->clock_base;
			   __entry->t2 = p->t2;
			   __entry->t3 = p->t3;
			   __entry->t4 = t4 - s->clock_base;
			   __entry->rtt_ns = hdrm_trace_reply_rtt(p, t4);
			   __entry->two_step = p->flags & HDRM_F_TWOSTEP;
			   __entry->hw = p->flags & HDRM_F_HWTS;
			   __entry->late = t4 < p->t1 ||
					   t4 - p->t1 > (u64)s->timeout_ms * NSEC_PER_MSEC;
	    ),
	    TP_printk("ifindex=%d session=%u seq=%u rtt_ns=%lld t1=%llu t2=%llu t3=%llu t4=%llu two_step=%d hw=%d late=%d",
		      __entry->ifindex, __entry->session, __entry->seq,
		      __entry->rtt_ns, __entry->t1, __entry->t2, __entry->t3,
		      __entry->t4, __entry->two_step, __entry->hw, __entry->late)
);

/*
 * A session's result, as the port keeps it and announces it. headroom:
 * bytes per priority 0..7 (the priorities in prio_mask). Context:
 * process (port->done_work).
 */
TRACE_EVENT(dcb_hdrm_result,
	    TP_PROTO(const struct hdrm_port *port, const struct hdrm_result *r),
	    TP_ARGS(port, r),
	    TP_STRUCT__entry(__field(int, ifindex)
			     __field(u32, session)
			     __field(u8, status)
			     __field(u8, mode)
			     __field(u32, sent)
			     __field(u32, received)
			     __field(u32, late)
			     __field(u32, lost)
			     __field(u64, rtt_ns)
			     __field(u32, precision_ns)
			     __field(u32, speed)
			     __field(u32, prio_mask)
			     __array(u64, headroom, HDRM_PRIOS)
	    ),
	    TP_fast_assign(__entry->ifindex = port->dev->ifindex;
			   __entry->session = r->session;
			   __entry->status = r->status;
			   __entry->mode = r->mode;
			   __entry->sent = r->sent;
			   __entry->received = r->received;
			   __entry->late = r->late;
			   __entry->lost = r->lost;
			   __entry->rtt_ns = r->rtt_estimate;
			   __entry->precision_ns = r->precision;
			   __entry->speed = r->speed;
			   __entry->prio_mask = r->prio_mask;
			   memcpy(__entry->headroom, r->headroom_bytes,
				  sizeof(__entry->headroom));
	    ),
	    TP_printk("ifindex=%d session=%u status=%s mode=%s sent=%u received=%u late=%u lost=%u rtt_ns=%llu precision_ns=%u speed=%u prio_mask=0x%02x headroom=%s",
		      __entry->ifindex, __entry->session,
		      hdrm_show_status(__entry->status),
		      hdrm_show_mode(__entry->mode), __entry->sent,
		      __entry->received, __entry->late, __entry->lost,
		      __entry->rtt_ns, __entry->precision_ns, __entry->speed,
		      __entry->prio_mask,
		      __print_array(__entry->headroom, HDRM_PRIOS, 8))
);

/*
 * What one apply wrote to the driver, or tried to: the PFC delay (old ->
 * new, in its unit) and the buffers' sizes (bytes, buffers 0..7, before
 * and after), err 0 or a negative errno. Context: rtnl held.
 */
TRACE_EVENT(dcb_hdrm_apply,
	    TP_PROTO(const struct hdrm_port *port, const struct hdrm_applied *a),
	    TP_ARGS(port, a),
	    TP_STRUCT__entry(__field(int, ifindex)
			     __field(u32, session)
			     __field(int, err)
			     __field(u8, method)
			     __field(u8, model)
			     __field(u8, delay_unit)
			     __field(u8, rule)
			     __field(bool, has_delay)
			     __field(bool, has_buf)
			     __field(bool, clamped)
			     __field(bool, partial)
			     __field(u16, delay_old)
			     __field(u16, delay_new)
			     __field(u8, lossless)
			     __array(u32, buf_old, HDRM_BUFFERS)
			     __array(u32, buf_new, HDRM_BUFFERS)
	    ),
	    TP_fast_assign(__entry->ifindex = port->dev->ifindex;
			   __entry->session = a->session;
			   __entry->err = a->error;
			   __entry->method = a->method;
			   __entry->model = a->model;
			   __entry->delay_unit = a->delay_unit;
			   __entry->rule = a->rule;
			   __entry->has_delay = a->has_delay;
			   __entry->has_buf = a->has_buf;
			   __entry->clamped = a->clamped;
			   __entry->partial = a->partial;
			   __entry->delay_old = a->delay_old;
			   __entry->delay_new = a->delay_new;
			   __entry->lossless = a->lossless;
			   memcpy(__entry->buf_old, a->buf_old.size,
				  sizeof(__entry->buf_old));
			   memcpy(__entry->buf_new, a->buf_new.size,
				  sizeof(__entry->buf_new));
	    ),
	    TP_printk("ifindex=%d session=%u method=%s model=%s err=%d delay=%d:%u->%u unit=%s buffers=%d:%s->%s lossless=0x%02x clamped=%d partial=%d rule=%u",
		      __entry->ifindex, __entry->session,
		      hdrm_show_method(__entry->method),
		      hdrm_show_model(__entry->model), __entry->err,
		      __entry->has_delay, __entry->delay_old, __entry->delay_new,
		      hdrm_show_unit(__entry->delay_unit), __entry->has_buf,
		      __print_array(__entry->buf_old, HDRM_BUFFERS, 4),
		      __print_array(__entry->buf_new, HDRM_BUFFERS, 4),
		      __entry->lossless, __entry->clamped, __entry->partial,
		      __entry->rule)
);

/*
 * A push: the configuration frame @c sent to the peer (status pending),
 * the peer's received and decided on (the answer in @ack), or the peer's
 * answer @ack to ours (@c the frame it answers). headroom: the bytes per
 * priority the frame carries (the sender's arithmetic). Context: process
 * (sent, received), softirq with port->lock held (acked).
 */
TRACE_EVENT(dcb_hdrm_push,
	    TP_PROTO(const struct hdrm_port *port, u8 dir, const struct hdrm_ctl *c,
		     const struct hdrm_ctl *ack),
	    TP_ARGS(port, dir, c, ack),
	    TP_STRUCT__entry(__field(int, ifindex)
			     __field(u32, session)
			     __field(u8, dir)
			     __field(u8, status)
			     __field(u8, reason)
			     __field(u8, prio_mask)
			     __field(u32, rtt_ns)
			     __field(u32, precision_ns)
			     __field(u32, speed)
			     __array(u32, headroom, HDRM_PRIOS)
	    ),
	    TP_fast_assign(__entry->ifindex = port->dev->ifindex;
			   __entry->session = c->session;
			   __entry->dir = dir;
			   __entry->status = ack ? ack->status :
						   DCB_HDRM_PUSH_STATUS_PENDING;
			   __entry->reason = ack ? ack->reason : 0;
			   __entry->prio_mask = c->prio_mask;
			   __entry->rtt_ns = c->rtt_ns;
			   __entry->precision_ns = c->precision_ns;
			   __entry->speed = c->speed;
			   memcpy(__entry->headroom, c->headroom,
				  sizeof(__entry->headroom));
	    ),
	    TP_printk("ifindex=%d session=%u dir=%s status=%s reason=%u rtt_ns=%u precision_ns=%u speed=%u prio_mask=0x%02x headroom=%s",
		      __entry->ifindex, __entry->session,
		      hdrm_show_push_dir(__entry->dir),
		      hdrm_show_push_status(__entry->status), __entry->reason,
		      __entry->rtt_ns, __entry->precision_ns, __entry->speed,
		      __entry->prio_mask,
		      __print_array(__entry->headroom, HDRM_PRIOS, 4))
);

/*
 * The PFC watchdog: a priority declared stormed (@held: and held, by
 * storm-limit or recovery manual), and one restored (PFC back on where
 * its action turned it off; @err the driver's refusal, PFC still off).
 * onset_ns and detect_ns are CLOCK_MONOTONIC: the first poll that saw
 * the storm's pause and the one that declared it; gap_ns the longest
 * time between two polls in between. Context: process, rtnl held.
 */
DECLARE_EVENT_CLASS(dcb_hdrm_wd_class,
		    TP_PROTO(const struct hdrm_port *port, int prio, int err),
		    TP_ARGS(port, prio, err),
		    TP_STRUCT__entry(__field(int, ifindex)
				     __field(u8, prio)
				     __field(u8, action)
				     __field(u8, direction)
				     __field(bool, pfc_off)
				     __field(int, err)
				     __field(u32, storms)
				     __field(u64, onset_ns)
				     __field(u64, detect_ns)
				     __field(u64, gap_ns)
		    ),
		    TP_fast_assign(const struct hdrm_wd_prio *wp = &port->wd.prio[prio];

				   __entry->ifindex = port->dev->ifindex;
				   __entry->prio = prio;
				   __entry->action = port->wd.action;
				   __entry->direction = wp->direction;
				   __entry->pfc_off = !!(port->wd.pfc_off & BIT(prio));
				   __entry->err = err;
				   __entry->storms = wp->storms;
				   __entry->onset_ns = wp->onset_ns;
				   __entry->detect_ns = wp->detect_ns;
				   __entry->gap_ns = wp->gap_ns;
		    ),
		    TP_printk("ifindex=%d prio=%u action=%u direction=%u pfc_off=%d err=%d storms=%u onset_ns=%llu detect_ns=%llu gap_ns=%llu",
			      __entry->ifindex, __entry->prio, __entry->action,
			      __entry->direction, __entry->pfc_off,
			      __entry->err, __entry->storms, __entry->onset_ns,
			      __entry->detect_ns, __entry->gap_ns)
);

DEFINE_EVENT(dcb_hdrm_wd_class, dcb_hdrm_wd_storm,
	     TP_PROTO(const struct hdrm_port *port, int prio, int err),
	     TP_ARGS(port, prio, err));

DEFINE_EVENT(dcb_hdrm_wd_class, dcb_hdrm_wd_held,
	     TP_PROTO(const struct hdrm_port *port, int prio, int err),
	     TP_ARGS(port, prio, err));

DEFINE_EVENT(dcb_hdrm_wd_class, dcb_hdrm_wd_restore,
	     TP_PROTO(const struct hdrm_port *port, int prio, int err),
	     TP_ARGS(port, prio, err));

#endif /* _DCB_HDRM_TRACE_H */

/*
 * Out of tree: define_trace.h includes this file again as
 * TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h, found through Kbuild's
 * -I$(src) (the module's top directory).
 */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH kmod
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
