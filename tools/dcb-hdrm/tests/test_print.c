// SPDX-License-Identifier: GPL-2.0
/*
 * Every printer of the tool, text and JSON, against golden output.
 *
 * The selftests grep the text and parse the JSON, key names and order
 * included, so a change to how an object is printed must leave both
 * byte for byte as they were. Each case here builds a fixture (a struct
 * for a printer called directly, netlink attributes for a command run
 * against a stand-in netlink socket), prints it as text and as JSON, and
 * compares each with its section of tests/golden/<object>.out, which
 * holds what the tool printed before its printers were merged into one
 * per object. The fixtures cover every branch the printers take: each
 * state and enum value (and one past the tables), optional members
 * present and absent.
 *
 * "test_print -w DIR" writes the sections to DIR/<object>.out. The
 * goldens are the pre-merge output: never write them again to cover a
 * change of output, only to add cases for new output.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <linux/genetlink.h>

#include "agree.h"
#include "dev.h"
#include "fake_ptp4l.h"
#include "hdrm_apply.h"
#include "hdrm_lldp.h"
#include "hist.h"
#include "print_cmds.h"
#include "report.h"
#include "watchdog.h"
#include "tap.h"

#define SEC	1000000000ULL
#define MS	1000000ULL

/* ---- output: sections, by object ---- */

#define MAX_SECTIONS	1024

struct section {
	const char *obj;
	char *name;		/* "case: form" */
	char *data;
	size_t len;
};

static struct section sect[MAX_SECTIONS];
static unsigned int n_sect, n_cases;

static struct hdrm_ctx g;		/* the context every case prints with */
static const char *cur_obj;

static void add_section(const char *name, const char *form, char *data,
			size_t len)
{
	struct section *s;

	if (n_sect == MAX_SECTIONS)
		exit(2);
	s = &sect[n_sect++];
	s->obj = cur_obj;
	if (asprintf(&s->name, "%s: %s", name, form) < 0)
		exit(2);
	s->data = data;
	s->len = len;
}

/* stdout and stderr taken into memory while a command runs */
struct redirect {
	FILE *real_out, *real_err, *o, *e;
	char *obuf, *ebuf;
	size_t olen, elen;
};

static void redirect_begin(struct redirect *r)
{
	memset(r, 0, sizeof(*r));
	r->real_out = stdout;
	r->real_err = stderr;
	r->o = open_memstream(&r->obuf, &r->olen);
	r->e = open_memstream(&r->ebuf, &r->elen);
	if (!r->o || !r->e)
		exit(2);
	fflush(stdout);
	stdout = r->o;
	stderr = r->e;
}

/* Back to the real stdout and stderr; r->obuf and r->ebuf the caller's. */
static void redirect_end(struct redirect *r)
{
	fflush(r->o);
	fflush(r->e);
	stdout = r->real_out;
	stderr = r->real_err;
	fclose(r->o);
	fclose(r->e);
}

/*
 * Runs @fn with stdout and stderr captured, as text (ctx.json false) or
 * JSON; stderr is a section of its own when anything was said there.
 */
static void capture(const char *name, const char *form, bool json,
		    bool pretty, bool stats, void (*fn)(const void *),
		    const void *arg)
{
	struct redirect r;
	char eform[64];

	memset(&g, 0, sizeof(g));
	g.json = json;
	g.pretty = pretty;
	g.stats = stats;
	g.nl_open = true;		/* hdrm_connect(): the stand-in below */
	redirect_begin(&r);
	jw_init(&g.jw, r.o, pretty);
	fn(arg);
	redirect_end(&r);
	add_section(name, form, r.obuf, r.olen);
	if (r.elen) {
		snprintf(eform, sizeof(eform), "%s stderr", form);
		add_section(name, eform, r.ebuf, r.elen);
	} else {
		free(r.ebuf);
	}
}

#define F_STATS		(1u << 0)	/* -s */
#define F_PRETTY	(1u << 1)	/* also -j -p */

/* One case: @fn prints its fixture as text, then as JSON. */
static void run(const char *name, unsigned int flags,
		void (*fn)(const void *), const void *arg)
{
	bool stats = flags & F_STATS;

	n_cases++;
	capture(name, "text", false, false, stats, fn, arg);
	capture(name, "json", true, false, stats, fn, arg);
	if (flags & F_PRETTY)
		capture(name, "json pretty", true, true, stats, fn, arg);
}

/* A printer of members, in an object of its own, as a whole document. */
#define JSON_DOC(call) do {		\
	jw_obj_open(&g.jw);		\
	call;				\
	jw_obj_close(&g.jw);		\
	jw_end(&g.jw);			\
} while (0)

/* ---- the netlink stand-in (nl.c is not linked) ---- */

#define STUB_REPLIES	8
#define STUB_SENT	4

static struct {
	uint8_t cmd;
	int err;
	bool once, used;		/* an answer to the first request only */
	unsigned int n;
	struct nl_msg *msg[STUB_REPLIES];
} stub[4];
static unsigned int n_stub;
/* the requests, as sent */
static struct nl_msg *stub_sent[STUB_SENT];
static unsigned int n_sent;

static void stub_reset(void)
{
	unsigned int i, j;

	for (i = 0; i < n_stub; i++)
		for (j = 0; j < stub[i].n; j++)
			nlmsg_free(stub[i].msg[j]);
	memset(stub, 0, sizeof(stub));
	n_stub = 0;
	for (i = 0; i < n_sent; i++)
		nlmsg_free(stub_sent[i]);
	n_sent = 0;
}

/* The answer to @cmd: @err, after the replies stub_reply() adds. */
static void stub_answer(uint8_t cmd, int err)
{
	stub[n_stub].cmd = cmd;
	stub[n_stub].err = err;
	n_stub++;
}

/* The same, to the first @cmd alone; a later one takes the next answer. */
static void stub_answer_once(uint8_t cmd, int err)
{
	stub_answer(cmd, err);
	stub[n_stub - 1].once = true;
}

/* A reply to the last stub_answer(), its attributes to be put in it. */
static struct nl_msg *stub_reply(void)
{
	struct nl_msg *m = nlmsg_alloc();

	if (!m || !n_stub || stub[n_stub - 1].n == STUB_REPLIES)
		exit(2);
	stub[n_stub - 1].msg[stub[n_stub - 1].n++] = m;
	return m;
}

int hdrm_nl_open(struct hdrm_nl *nl)
{
	memset(nl, 0, sizeof(*nl));
	return -ENOENT;
}

void hdrm_nl_close(struct hdrm_nl *nl)
{
}

struct nl_msg *hdrm_nl_msg(struct hdrm_nl *nl, uint8_t cmd, int flags)
{
	struct nl_msg *msg = nlmsg_alloc();

	if (msg && !genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, nl->family, 0,
				flags, cmd, DCB_HDRM_FAMILY_VERSION)) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

/* the kernel's reason with the next refusal, as an extack; NULL: none */
static const char *stub_extack;

int hdrm_nl_talk(struct hdrm_nl *nl, struct nl_msg *msg,
		 hdrm_nl_reply_cb cb, void *arg)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));
	uint8_t cmd = gh->cmd;
	unsigned int i, j;
	int err = 0;

	if (n_sent < STUB_SENT)
		stub_sent[n_sent++] = msg;
	else
		nlmsg_free(msg);
	nl->error = 0;
	nl->extack[0] = '\0';
	for (i = 0; i < n_stub; i++) {
		if (stub[i].cmd != cmd || stub[i].used)
			continue;
		stub[i].used = stub[i].once;
		for (j = 0; j < stub[i].n && cb && !err; j++)
			err = cb(nlmsg_data(nlmsg_hdr(stub[i].msg[j])),
				 nlmsg_datalen(nlmsg_hdr(stub[i].msg[j])), arg);
		if (stub[i].err && stub_extack)
			snprintf(nl->extack, sizeof(nl->extack), "%s",
				 stub_extack);
		return stub[i].err ? stub[i].err : err;
	}
	return -EOPNOTSUPP;
}

/* "dev DEV" names a device whatever DEV is: the replies are the fixture */
unsigned int if_nametoindex(const char *name)
{
	return 7;
}

/* dev show's SIOCGHWTSTAMP, by device name */
static int fake_hwtstamp(const char *ifname, unsigned long req,
			 struct hwtstamp_config *cfg)
{
	if (!strcmp(ifname, "eth9")) {
		cfg->tx_type = HWTSTAMP_TX_ON;
		cfg->rx_filter = HWTSTAMP_FILTER_ALL;
		return 0;
	}
	if (!strcmp(ifname, "eth1"))
		return -EOPNOTSUPP;
	if (!strcmp(ifname, "eth2"))
		return -EIO;
	cfg->tx_type = 99;
	cfg->rx_filter = 99;
	return 0;
}

/* ---- fixtures as the module sends them ---- */

static void put_peer(struct nl_msg *m, int type, const struct hdrm_peer_info *p)
{
	struct nlattr *n;

	if (!p->present)
		return;
	n = nla_nest_start(m, type);
	nla_put_u8(m, DCB_HDRM_A_PEER_AUTO_HDRM, p->auto_hdrm);
	if (p->has_accept_push)
		nla_put_u8(m, DCB_HDRM_A_PEER_ACCEPT_PUSH, p->accept_push);
	nla_put_u32(m, DCB_HDRM_A_PEER_VIA, p->via);
	nla_put_u64(m, DCB_HDRM_A_PEER_AGE, p->age_ms);
	if (p->has_two_step)
		nla_put_u8(m, DCB_HDRM_A_PEER_TWO_STEP, p->two_step);
	if (p->has_hw_timestamping)
		nla_put_u8(m, DCB_HDRM_A_PEER_HW_TIMESTAMPING,
			   p->hw_timestamping);
	if (p->has_hw_resolution)
		nla_put_u32(m, DCB_HDRM_A_PEER_HW_RESOLUTION, p->hw_resolution);
	nla_nest_end(m, n);
}

static void put_buffers(struct nl_msg *m, int type, const struct hdrm_buf *b)
{
	struct nlattr *n;
	uint32_t i, p, prios;

	for (i = 0; i < HDRM_BUFFERS; i++) {
		if (!(b->present & (1u << i)))
			continue;
		prios = 0;
		for (p = 0; p < HDRM_PRIOS; p++)
			if (b->prio2buffer[p] == i)
				prios |= 1u << p;
		n = nla_nest_start(m, type);
		nla_put_u32(m, DCB_HDRM_A_BUFFER_INDEX, i);
		nla_put_u32(m, DCB_HDRM_A_BUFFER_PRIOS, prios);
		nla_put_u32(m, DCB_HDRM_A_BUFFER_SIZE, b->size[i]);
		nla_put_u32(m, DCB_HDRM_A_BUFFER_SIZE_OLD, b->size_old[i]);
		nla_put_u64(m, DCB_HDRM_A_BUFFER_SIZE_WANTED, b->wanted[i]);
		nla_put_u8(m, DCB_HDRM_A_BUFFER_LOSSLESS,
			   !!(b->lossless & (1u << i)));
		nla_nest_end(m, n);
	}
}

static void put_dcb_state(struct nl_msg *m, const struct hdrm_dcb_state *s)
{
	struct nlattr *n;

	if (!s->present)
		return;
	n = nla_nest_start(m, DCB_HDRM_A_DEV_DCB_STATE);
	if (s->driver[0])
		nla_put_string(m, DCB_HDRM_A_DCB_STATE_DRIVER, s->driver);
	nla_put_u32(m, DCB_HDRM_A_DCB_STATE_PFC_CAP, s->pfc_cap);
	if (s->has_pfc)
		nla_put_u32(m, DCB_HDRM_A_DCB_STATE_PFC_EN, s->pfc_en);
	nla_put_u32(m, DCB_HDRM_A_DCB_STATE_PFC_DELAY, s->pfc_delay);
	nla_put_u32(m, DCB_HDRM_A_DCB_STATE_DELAY_UNIT, s->delay_unit);
	if (s->has_buf)
		nla_put_u32(m, DCB_HDRM_A_DCB_STATE_BUFFER_TOTAL, s->buf.total);
	put_buffers(m, DCB_HDRM_A_DCB_STATE_BUFFER, &s->buf);
	nla_nest_end(m, n);
}

static void put_applied(struct nl_msg *m, const struct hdrm_applied_info *a)
{
	struct nlattr *n;

	if (!a->present)
		return;
	n = nla_nest_start(m, DCB_HDRM_A_RESULT_APPLIED);
	nla_put_u32(m, DCB_HDRM_A_APPLIED_SESSION, a->session);
	nla_put_u32(m, DCB_HDRM_A_APPLIED_METHOD, a->method);
	nla_put_u32(m, DCB_HDRM_A_APPLIED_ERROR, a->error);
	nla_put_u32(m, DCB_HDRM_A_APPLIED_DELAY_UNIT, a->delay_unit);
	nla_put_u32(m, DCB_HDRM_A_APPLIED_DELAY_OLD, a->delay_old);
	if (a->has_delay)
		nla_put_u32(m, DCB_HDRM_A_APPLIED_DELAY_NEW, a->delay_new);
	nla_put_u64(m, DCB_HDRM_A_APPLIED_DELAY_WANTED, a->delay_wanted);
	nla_put_u8(m, DCB_HDRM_A_APPLIED_CLAMPED, a->clamped);
	nla_put_u32(m, DCB_HDRM_A_APPLIED_BUFFER_TOTAL, a->buf.total);
	nla_put_u8(m, DCB_HDRM_A_APPLIED_MODEL, a->model);
	nla_put_u8(m, DCB_HDRM_A_APPLIED_RULE, a->rule);
	nla_put_u64(m, DCB_HDRM_A_APPLIED_RULE_HAVE, a->rule_have);
	nla_put_u64(m, DCB_HDRM_A_APPLIED_RULE_NEED, a->rule_need);
	nla_put_u32(m, DCB_HDRM_A_APPLIED_RULE_BUFFER, a->rule_buffer);
	nla_put_u8(m, DCB_HDRM_A_APPLIED_PARTIAL, a->partial);
	nla_put_u8(m, DCB_HDRM_A_APPLIED_BUFFERS_TAKEN, a->buffers_taken);
	put_buffers(m, DCB_HDRM_A_APPLIED_BUFFER, &a->buf);
	nla_nest_end(m, n);
}

static void put_push(struct nl_msg *m, const struct hdrm_push_info *p)
{
	struct nlattr *n;
	int i;

	if (!p->present)
		return;
	n = nla_nest_start(m, DCB_HDRM_A_RESULT_PUSH);
	for (i = DCB_HDRM_A_PUSH_SESSION; i <= DCB_HDRM_A_PUSH_LIMIT; i++)
		nla_put_u32(m, i, p->v[i]);
	nla_nest_end(m, n);
}

static void put_result(struct nl_msg *m, const struct result *r)
{
	const struct prio_res *p;
	struct nlattr *n;
	uint32_t i;

	nla_put_u32(m, DCB_HDRM_A_RESULT_IFINDEX, r->ifindex);
	if (r->ifname[0])
		nla_put_string(m, DCB_HDRM_A_RESULT_IFNAME, r->ifname);
	nla_put_u32(m, DCB_HDRM_A_RESULT_SESSION, r->session);
	nla_put_u32(m, DCB_HDRM_A_RESULT_STATUS, r->status);
	nla_put_u32(m, DCB_HDRM_A_RESULT_MODE, r->mode);
	nla_put_u32(m, DCB_HDRM_A_RESULT_ENCAP, r->encap);
	nla_put_u32(m, DCB_HDRM_A_RESULT_ESTIMATOR, r->estimator);
	nla_put_u32(m, DCB_HDRM_A_RESULT_TIMESTAMPING, r->timestamping);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PROBES_SENT, r->sent);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PROBES_RECEIVED, r->received);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PROBES_LOST, r->lost);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PROBES_LATE, r->late);
	if (r->has_rtt)
		nla_put_u64(m, DCB_HDRM_A_RESULT_RTT_ESTIMATE, r->est);
	nla_put_u64(m, DCB_HDRM_A_RESULT_RTT_MIN, r->min);
	nla_put_u64(m, DCB_HDRM_A_RESULT_RTT_MEDIAN, r->median);
	nla_put_u64(m, DCB_HDRM_A_RESULT_RTT_P99, r->p99);
	nla_put_u64(m, DCB_HDRM_A_RESULT_RTT_MAX, r->max);
	nla_put_u64(m, DCB_HDRM_A_RESULT_RTT_STDDEV, r->stddev);
	nla_put_u64(m, DCB_HDRM_A_RESULT_TURNAROUND_MEDIAN, r->turnaround);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PRECISION, r->precision);
	nla_put_u32(m, DCB_HDRM_A_RESULT_SPEED, r->speed);
	nla_put_u32(m, DCB_HDRM_A_RESULT_K_BYTES, r->k_bytes);
	nla_put_u32(m, DCB_HDRM_A_RESULT_MEASURE_FRAME, r->measure_frame);
	nla_put_u32(m, DCB_HDRM_A_RESULT_CELL, r->cell);
	nla_put_u8(m, DCB_HDRM_A_RESULT_SMALL_PACKET_PERCENT, r->small_pct);
	nla_put_u32(m, DCB_HDRM_A_RESULT_OCCUPANCY, r->occupancy);
	nla_put_u32(m, DCB_HDRM_A_RESULT_LINK_FRAME, r->link_frame);
	nla_put_u32(m, DCB_HDRM_A_RESULT_DURATION, r->duration_us);
	nla_put_u64(m, DCB_HDRM_A_RESULT_AGE, r->age_ms);
	if (r->has_ts) {
		nla_put_u8(m, DCB_HDRM_A_RESULT_TS_MODE, r->ts_mode);
		nla_put_u8(m, DCB_HDRM_A_RESULT_PRECISION_SOURCE,
			   r->precision_source);
	}
	if (r->has_rate_ratio)
		nla_put_s32(m, DCB_HDRM_A_RESULT_RATE_RATIO, r->rate_ratio);
	nla_put_u32(m, DCB_HDRM_A_RESULT_TWO_STEP, r->two_step);
	nla_put_u32(m, DCB_HDRM_A_RESULT_FOLLOWUP_MISSING, r->followup_missing);
	if (r->has_model)
		nla_put_u8(m, DCB_HDRM_A_RESULT_MODEL, r->model);
	if (r->has_cell_source)
		nla_put_u8(m, DCB_HDRM_A_RESULT_CELL_SOURCE, r->cell_source);
	if (r->has_owner)
		nla_put_u8(m, DCB_HDRM_A_RESULT_BUFFER_OWNER, r->owner);
	if (r->has_cable)
		nla_put_u32(m, DCB_HDRM_A_RESULT_EQUIVALENT_CABLE_CM,
			    r->cable_cm);
	if (r->has_method)
		nla_put_u8(m, DCB_HDRM_A_RESULT_METHOD, r->method);
	if (r->has_responder)
		nla_put(m, DCB_HDRM_A_RESULT_RESPONDER, HDRM_PORT_ID_LEN,
			r->responder);
	if (r->has_steps)
		nla_put_u8(m, DCB_HDRM_A_RESULT_STEPS, r->steps);
	for (i = 0; i < HDRM_PRIOS; i++) {
		p = &r->prio[i];
		if (!p->valid && !p->unsized)
			continue;
		n = nla_nest_start(m, DCB_HDRM_A_RESULT_PRIO);
		nla_put_u32(m, DCB_HDRM_A_PRIO_PRIO, i);
		nla_put_u32(m, DCB_HDRM_A_PRIO_MAX_FRAME, p->max_frame);
		if (p->unsized) {
			nla_put_flag(m, DCB_HDRM_A_PRIO_UNSIZED);
		} else {
			nla_put_u64(m, DCB_HDRM_A_PRIO_HEADROOM_BYTES, p->bytes);
			nla_put_u64(m, DCB_HDRM_A_PRIO_HEADROOM_CELLS, p->cells);
			nla_put_u64(m, DCB_HDRM_A_PRIO_INFLIGHT_BYTES,
				    p->inflight);
			nla_put_u64(m, DCB_HDRM_A_PRIO_PACKED_BYTES, p->packed);
			if (p->has_eff)
				nla_put_u64(m, DCB_HDRM_A_PRIO_EFFECTIVE_BYTES,
					    p->eff);
			nla_put_u64(m, DCB_HDRM_A_PRIO_EFFECTIVE_CELLS,
				    p->eff_cells);
			if (p->has_best)
				nla_put_u64(m, DCB_HDRM_A_PRIO_BEST_BYTES,
					    p->best);
		}
		nla_nest_end(m, n);
	}
	nla_put_u32(m, DCB_HDRM_A_RESULT_SOURCE, r->source);
	put_push(m, &r->push);
	put_applied(m, &r->applied);
}

static void put_manual_sizes(struct nl_msg *m, int type, const uint32_t *size,
			     uint32_t mask)
{
	struct nlattr *n;
	uint32_t i;

	for (i = 0; i < HDRM_BUFFERS; i++) {
		if (!(mask & (1u << i)))
			continue;
		n = nla_nest_start(m, type);
		nla_put_u32(m, DCB_HDRM_A_BUFFER_INDEX, i);
		nla_put_u32(m, DCB_HDRM_A_BUFFER_SIZE, size[i]);
		nla_nest_end(m, n);
	}
}

/* A device's last-measured nest: @r's session, t, headroom, manual. */
static void put_last(struct nl_msg *m, const struct result *r)
{
	const struct manual_info *mi = &r->manual;
	struct nlattr *n, *p, *mn;
	uint32_t i;

	n = nla_nest_start(m, DCB_HDRM_A_DEV_LAST_MEASURED);
	nla_put_u32(m, DCB_HDRM_A_LAST_MEASURED_SESSION, r->session);
	nla_put_u64(m, DCB_HDRM_A_LAST_MEASURED_RTT_ESTIMATE, r->est);
	nla_put_u32(m, DCB_HDRM_A_LAST_MEASURED_PRECISION, r->precision);
	nla_put_u32(m, DCB_HDRM_A_LAST_MEASURED_SPEED, r->speed);
	for (i = 0; i < HDRM_PRIOS; i++) {
		if (!r->prio[i].valid)
			continue;
		p = nla_nest_start(m, DCB_HDRM_A_LAST_MEASURED_PRIO);
		nla_put_u32(m, DCB_HDRM_A_PRIO_PRIO, i);
		nla_put_u64(m, DCB_HDRM_A_PRIO_HEADROOM_BYTES, r->prio[i].bytes);
		nla_nest_end(m, p);
	}
	if (mi->present) {
		mn = nla_nest_start(m, DCB_HDRM_A_LAST_MEASURED_MANUAL);
		nla_put_u8(m, DCB_HDRM_A_MANUAL_MODEL, mi->model);
		if (mi->has_delay)
			nla_put_u32(m, DCB_HDRM_A_MANUAL_DELAY, mi->delay);
		nla_put_u32(m, DCB_HDRM_A_MANUAL_DELAY_UNIT, mi->delay_unit);
		nla_put_u32(m, DCB_HDRM_A_MANUAL_ERROR, mi->error);
		nla_put_u8(m, DCB_HDRM_A_MANUAL_RULE, mi->rule);
		nla_put_u64(m, DCB_HDRM_A_MANUAL_RULE_HAVE, mi->rule_have);
		nla_put_u64(m, DCB_HDRM_A_MANUAL_RULE_NEED, mi->rule_need);
		put_manual_sizes(m, DCB_HDRM_A_MANUAL_BUFFER, mi->grow,
				 mi->grow_mask);
		put_manual_sizes(m, DCB_HDRM_A_MANUAL_TAKE, mi->take,
				 mi->take_mask);
		nla_nest_end(m, mn);
	}
	nla_nest_end(m, n);
}

/* A device message; @last: its last-measured nest, or NULL. */
static void put_dev(struct nl_msg *m, const struct dev_info *d,
		    const struct result *last)
{
	struct nlattr *n;
	uint32_t i;

	nla_put_u32(m, DCB_HDRM_A_DEV_IFINDEX, d->ifindex);
	nla_put_string(m, DCB_HDRM_A_DEV_IFNAME, d->ifname);
	nla_put_u8(m, DCB_HDRM_A_DEV_DCB, d->dcb);
	nla_put_u32(m, DCB_HDRM_A_DEV_DCB_OPS, d->dcb_ops);
	if (d->has_speed)
		nla_put_u32(m, DCB_HDRM_A_DEV_SPEED, d->speed);
	nla_put_u32(m, DCB_HDRM_A_DEV_MTU, d->mtu);
	nla_put_u8(m, DCB_HDRM_A_DEV_CARRIER, d->carrier);
	nla_put_u32(m, DCB_HDRM_A_DEV_CAPS, d->caps);
	if (d->has_cfg) {
		nla_put_u8(m, DCB_HDRM_A_DEV_REFLECT, d->reflect);
		nla_put_u32(m, DCB_HDRM_A_DEV_REFLECT_RATE, d->reflect_rate);
		nla_put_u32(m, DCB_HDRM_A_DEV_ENCAP, d->encap);
		nla_put_u32(m, DCB_HDRM_A_DEV_SPEED_OVERRIDE, d->speed_override);
		nla_put_u32(m, DCB_HDRM_A_DEV_K_OVERRIDE, d->k_override);
		nla_put_u32(m, DCB_HDRM_A_DEV_CELL, d->cell);
		nla_put_u8(m, DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT, d->small_pct);
		nla_put_u32(m, DCB_HDRM_A_DEV_PRIO_MASK, d->prio_mask);
		nla_put_u32(m, DCB_HDRM_A_DEV_PRECISION_OVERRIDE,
			    d->precision_override);
		nla_put_u32(m, DCB_HDRM_A_DEV_APPLY, d->apply);
		nla_put_u32(m, DCB_HDRM_A_DEV_DELAY_UNIT, d->delay_unit);
		nla_put_u8(m, DCB_HDRM_A_DEV_REMEASURE, d->remeasure);
		nla_put_u32(m, DCB_HDRM_A_DEV_REMEASURE_PERIOD,
			    d->remeasure_period);
		nla_put_u8(m, DCB_HDRM_A_DEV_AUTO_HDRM, d->auto_hdrm);
		nla_put_u8(m, DCB_HDRM_A_DEV_ACCEPT_PUSH, d->accept_push);
		if (d->has_accept_stream)
			nla_put_u8(m, DCB_HDRM_A_DEV_ACCEPT_STREAM,
				   d->accept_stream);
		nla_put_u8(m, DCB_HDRM_A_DEV_TS_MODE, d->ts_mode);
		nla_put_u8(m, DCB_HDRM_A_DEV_MODEL, d->model);
		nla_put_u8(m, DCB_HDRM_A_DEV_METHOD, d->method);
		nla_put_u8(m, DCB_HDRM_A_DEV_PTP_DOMAIN, d->ptp_domain);
		nla_put_u8(m, DCB_HDRM_A_DEV_PTP_SDO, d->ptp_sdo);
	}
	if (d->has_phc_index)
		nla_put_u32(m, DCB_HDRM_A_DEV_PHC_INDEX, d->phc_index);
	if (d->has_hw_resolution)
		nla_put_u32(m, DCB_HDRM_A_DEV_HW_RESOLUTION, d->hw_resolution);
	if (d->has_model_in_use)
		nla_put_u8(m, DCB_HDRM_A_DEV_MODEL_IN_USE, d->model_in_use);
	nla_put_u8(m, DCB_HDRM_A_DEV_TC_MODE, d->tc_mode);
	put_peer(m, DCB_HDRM_A_DEV_PEER, &d->peer);
	put_dcb_state(m, &d->dcb_state);
	for (i = 0; i < HDRM_PRIOS; i++) {
		if (!d->max_frame[i])
			continue;
		n = nla_nest_start(m, DCB_HDRM_A_DEV_MAX_FRAME);
		nla_put_u32(m, DCB_HDRM_A_PRIO_FRAME_PRIO, i);
		nla_put_u32(m, DCB_HDRM_A_PRIO_FRAME_BYTES, d->max_frame[i]);
		nla_nest_end(m, n);
	}
	if (d->has_stats) {
		/* an older module's counters, and the newer ones it says */
		n = nla_nest_start(m, DCB_HDRM_A_DEV_STATS);
		for (i = 1; i <= DCB_HDRM_A_STATS_MAX; i++)
			if (i < DCB_HDRM_A_STATS_PTP_OTHERS ||
			    d->stats_sent & (1u << i))
				nla_put_u64(m, i, d->stats[i]);
		nla_nest_end(m, n);
	}
	if (last)
		put_last(m, last);
}

static void put_wd(struct nl_msg *m, const struct wd_info *w)
{
	const struct wd_prio *p;
	struct nlattr *n;
	unsigned int i;

	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, w->ifindex);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, w->ifname);
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_STATE, w->state);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_ACTION, w->action);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_DETECT_MS, w->detect_ms);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_RESTORE_MS, w->restore_ms);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_POLL_MS, w->poll_ms);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_PROGRESS, w->progress);
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_RUNNING, w->running);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_COUNTER_REFRESH_MS,
		    w->counter_refresh_ms);
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_COUNTERS_SWAPPED,
		   w->counters_swapped);
	nla_put_u64(m, DCB_HDRM_A_WATCHDOG_POLLS, w->polls);
	nla_put_u64(m, DCB_HDRM_A_WATCHDOG_POLL_ERRORS, w->poll_errors);
	nla_put_u64(m, DCB_HDRM_A_WATCHDOG_ACTION_ERRORS, w->action_errors);
	if (w->has_storm_limit)
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_STORM_LIMIT, w->storm_limit);
	if (w->has_storm_period)
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS,
			    w->storm_period_ms);
	if (w->has_recovery)
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_RECOVERY, w->recovery);
	for (i = 0; i < w->n_detect_latency; i++)
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_DETECT_LATENCY,
			    w->detect_latency[i]);
	for (i = 0; i < w->n_restore_latency; i++)
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_RESTORE_LATENCY,
			    w->restore_latency[i]);
	for (i = 0; i < w->n_prio; i++) {
		p = &w->prio[i];
		n = nla_nest_start(m, DCB_HDRM_A_WATCHDOG_PRIO);
		nla_put_u8(m, DCB_HDRM_A_WD_PRIO_PRIO, p->prio);
		nla_put_u32(m, DCB_HDRM_A_WD_PRIO_STATE, p->state);
		nla_put_u32(m, DCB_HDRM_A_WD_PRIO_DIRECTION, p->direction);
		nla_put_u32(m, DCB_HDRM_A_WD_PRIO_STORMS, p->storms);
		nla_put_u64(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_START,
			    p->last_storm_start_ns);
		nla_put_u64(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_DETECT,
			    p->last_storm_detect_ns);
		nla_put_u64(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_RESTORE,
			    p->last_storm_restore_ns);
		nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_MS,
			    p->last_storm_ms);
		if (p->has_last_action)
			nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_ACTION,
				    p->last_action);
		nla_put_u8(m, DCB_HDRM_A_WD_PRIO_PFC_OFF, p->pfc_off);
		nla_put_u32(m, DCB_HDRM_A_WD_PRIO_ACTION_ERROR,
			    p->action_error);
		if (p->has_requests)
			nla_put_u64(m, DCB_HDRM_A_WD_PRIO_REQUESTS, p->requests);
		if (p->has_indications)
			nla_put_u64(m, DCB_HDRM_A_WD_PRIO_INDICATIONS,
				    p->indications);
		if (p->has_tx_packets)
			nla_put_u64(m, DCB_HDRM_A_WD_PRIO_TX_PACKETS,
				    p->tx_packets);
		if (p->has_last_storm_gap)
			nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP,
				    p->last_storm_gap_us);
		if (p->has_held_count)
			nla_put_u32(m, DCB_HDRM_A_WD_PRIO_HELD_COUNT,
				    p->held_count);
		if (p->has_restore_pending)
			nla_put_u8(m, DCB_HDRM_A_WD_PRIO_RESTORE_PENDING,
				   p->restore_pending);
		nla_nest_end(m, n);
	}
	if (w->has_event) {
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_EVENT, w->event);
		nla_put_u8(m, DCB_HDRM_A_WATCHDOG_EVENT_PRIO, w->event_prio);
	}
}

/* ---- watchdog ---- */

static void wd_fix_full(struct wd_info *w)
{
	memset(w, 0, sizeof(*w));
	w->ifindex = 2;
	strcpy(w->ifname, "eth0");
	w->state = true;
	w->action = DCB_HDRM_WD_ACTION_DROP;
	w->detect_ms = 200;
	w->restore_ms = 200;
	w->poll_ms = 50;
	w->progress = DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS;
	w->running = true;
	w->polls = 1234;
	w->poll_errors = 1;
	w->n_prio = 2;
	w->prio[0] = (struct wd_prio){
		.prio = 3, .state = DCB_HDRM_WD_STATE_STORMED,
		.direction = DCB_HDRM_WD_DIRECTION_RECEIVED, .storms = 2,
		.last_storm_ms = 412, .last_storm_start_ns = 10 * SEC,
		.last_storm_detect_ns = 10 * SEC + 200 * MS,
		.has_last_action = true, .last_action = DCB_HDRM_WD_ACTION_DROP,
		.pfc_off = true, .has_requests = true, .requests = 17,
		.has_indications = true, .indications = 123456,
		.has_tx_packets = true, .tx_packets = 789,
	};
	w->prio[1] = (struct wd_prio){
		.prio = 4, .has_requests = true, .requests = 17,
		.has_indications = true, .indications = 123456,
	};
}

#define NOW_ODD	(4 * 3600 * SEC)

/* every other branch: off, refreshed and swapped counters, each age */
static void wd_fix_odd(struct wd_info *w)
{
	memset(w, 0, sizeof(*w));
	w->ifindex = 9;
	strcpy(w->ifname, "eth\"1\\");
	w->action = DCB_HDRM_WD_ACTION_ALERT;
	w->detect_ms = 1000;
	w->restore_ms = 5000;
	w->poll_ms = 1000;
	w->counter_refresh_ms = 2000;
	w->counters_swapped = true;
	w->action_errors = 3;
	w->n_prio = 6;
	w->prio[0] = (struct wd_prio){
		.prio = 0, .state = DCB_HDRM_WD_STATE_STORMED,
		.direction = DCB_HDRM_WD_DIRECTION_SENT, .last_storm_ms = 250,
		.last_storm_detect_ns = 5 * SEC, .has_last_action = true,
		.last_action = DCB_HDRM_WD_ACTION_ALERT,
		.action_error = EOPNOTSUPP,
	};
	w->prio[1] = (struct wd_prio){
		.prio = 1, .direction = DCB_HDRM_WD_DIRECTION_BOTH,
		.storms = 7, .last_storm_ms = 60000,
		.last_storm_start_ns = SEC, .last_storm_detect_ns = SEC + 200 * MS,
		.last_storm_restore_ns = 61 * SEC, .has_last_action = true,
		.last_action = DCB_HDRM_WD_ACTION_DROP, .has_requests = true,
		.requests = 5, .has_indications = true, .indications = 6,
		.has_tx_packets = true, .tx_packets = 7,
	};
	w->prio[2] = (struct wd_prio){
		.prio = 2, .state = 5, .direction = 9, .storms = 1,
		.last_storm_ms = 3, .has_last_action = true, .last_action = 7,
		.pfc_off = true, .has_indications = true, .indications = 9,
	};
	w->prio[3] = (struct wd_prio){
		.prio = 5, .direction = DCB_HDRM_WD_DIRECTION_RECEIVED,
		.storms = 1, .last_storm_ms = 10,
		.last_storm_start_ns = NOW_ODD - 45600 * MS,
	};
	w->prio[4] = (struct wd_prio){
		.prio = 6, .storms = 1, .last_storm_ms = 20,
		.last_storm_start_ns = NOW_ODD - 307 * SEC,
	};
	w->prio[5] = (struct wd_prio){
		.prio = 7, .storms = 1, .last_storm_ms = 30,
		.last_storm_start_ns = NOW_ODD - (2 * 3600 + 5 * 60 + 59) * SEC,
	};
}

/* names past the tables; counters refreshed, not swapped; no priority */
static void wd_fix_refresh(struct wd_info *w)
{
	memset(w, 0, sizeof(*w));
	w->ifindex = 4;
	strcpy(w->ifname, "eth4");
	w->state = true;
	w->action = 5;
	w->progress = 9;
	w->running = true;
	w->counter_refresh_ms = 100;
}

static void wd_fix_bare(struct wd_info *w)
{
	memset(w, 0, sizeof(*w));
	w->ifindex = 5;
	strcpy(w->ifname, "eth5");
}

/*
 * A module with storm-limit (issue 28): limit 2 in 60 s, recovery
 * manual, action forward as a module past this tool might take it;
 * prio 3 held (declared 251 ms after its onset, polls 52.35 ms apart),
 * its restore pending; prio 5 stormed, never held; prio 6 ok; the
 * latencies of seven storms, unsorted, and of six restores.
 */
static void wd_fix_28(struct wd_info *w)
{
	static const uint32_t detect[] = {
		251000, 252400, 250050, 300000, 251949, 260000, 249999,
	};
	static const uint32_t restore[] = {
		200100, 250000, 199950, 1000000, 201000, 200000,
	};

	memset(w, 0, sizeof(*w));
	w->ifindex = 3;
	strcpy(w->ifname, "eth3");
	w->state = true;
	w->action = DCB_HDRM_WD_ACTION_FORWARD;
	w->detect_ms = 250;
	w->restore_ms = 200;
	w->poll_ms = 50;
	w->running = true;
	w->polls = 5000;
	w->has_storm_limit = true;
	w->storm_limit = 2;
	w->has_storm_period = true;
	w->storm_period_ms = 60000;
	w->has_recovery = true;
	w->recovery = DCB_HDRM_WD_RECOVERY_MANUAL;
	w->n_detect_latency = ARRAY_SIZE(detect);
	memcpy(w->detect_latency, detect, sizeof(detect));
	w->n_restore_latency = ARRAY_SIZE(restore);
	memcpy(w->restore_latency, restore, sizeof(restore));
	w->n_prio = 3;
	w->prio[0] = (struct wd_prio){
		.prio = 3, .state = DCB_HDRM_WD_STATE_HELD,
		.direction = DCB_HDRM_WD_DIRECTION_RECEIVED, .storms = 3,
		.last_storm_ms = 0, .last_storm_start_ns = 20 * SEC + 400000,
		.last_storm_detect_ns = 20 * SEC + 251 * MS + 400000,
		.has_last_action = true, .last_action = DCB_HDRM_WD_ACTION_DROP,
		.pfc_off = true, .has_last_storm_gap = true,
		.last_storm_gap_us = 52350, .has_held_count = true,
		.held_count = 1, .has_restore_pending = true,
		.restore_pending = true,
	};
	w->prio[1] = (struct wd_prio){
		.prio = 5, .state = DCB_HDRM_WD_STATE_STORMED,
		.direction = DCB_HDRM_WD_DIRECTION_SENT, .storms = 1,
		.last_storm_start_ns = 21 * SEC,
		.last_storm_detect_ns = 21 * SEC + 250 * MS,
		.has_last_action = true, .last_action = DCB_HDRM_WD_ACTION_ALERT,
		.has_last_storm_gap = true, .last_storm_gap_us = 50000,
		.has_held_count = true, .has_restore_pending = true,
	};
	w->prio[2] = (struct wd_prio){
		.prio = 6, .has_last_storm_gap = true,
		.has_held_count = true, .has_restore_pending = true,
	};
}

/* prio 3 recovered by the operator: PFC back on, ok */
static void wd_recovered(struct wd_info *w)
{
	w->prio[0].state = DCB_HDRM_WD_STATE_OK;
	w->prio[0].pfc_off = false;
	w->prio[0].restore_pending = false;
}

/* prio 3's restore refused by the driver: PFC still off, pending */
static void wd_28_restore_failed(struct wd_info *w)
{
	w->prio[0].state = DCB_HDRM_WD_STATE_OK;
	w->prio[0].action_error = EBUSY;
}

struct wd_case {
	void (*fix)(struct wd_info *w);
	uint64_t now;
	/* a watchdog-ntf: the event and its priority, from the fixture */
	int event;
	uint8_t event_prio;
	void (*change)(struct wd_info *w);
};

static void wd_print(const void *arg)
{
	const struct wd_case *c = arg;
	struct wd_info w;

	c->fix(&w);
	if (c->change)
		c->change(&w);
	if (g.json) {
		wd_print_json(&g.jw, &w, g.stats, c->now);
		jw_end(&g.jw);
	} else {
		wd_print_text(&w, g.stats, c->now);
	}
}

static void wd_ntf(const void *arg)
{
	const struct wd_case *c = arg;
	struct wd_info w;

	c->fix(&w);
	w.has_event = true;
	w.event = c->event;
	w.event_prio = c->event_prio;
	if (c->change)
		c->change(&w);
	if (g.json) {
		wd_ntf_json(&g.jw, &w);
		jw_end(&g.jw);
	} else {
		wd_ntf_text(&w);
	}
}

static void wd_refused(struct wd_info *w)
{
	w->prio[0].action_error = EPERM;
	w->prio[0].pfc_off = false;
}

static void wd_restored(struct wd_info *w)
{
	w->prio[0].state = DCB_HDRM_WD_STATE_OK;
	w->prio[0].pfc_off = false;
	w->prio[0].last_storm_restore_ns = 10 * SEC + 612 * MS;
}

static void wd_restore_failed(struct wd_info *w)
{
	wd_restored(w);
	w->prio[0].pfc_off = true;
	w->prio[0].action_error = EBUSY;
}

/* storms whose start the monotonic clock has not reached: no age */
static void wd_future(struct wd_info *w)
{
	w->prio[0].last_storm_start_ns = 1ULL << 62;
	w->prio[0].last_storm_detect_ns = (1ULL << 62) + 200 * MS;
}

/* watchdog show, against the stand-in */
struct wd_cmd {
	const char *const *argv;
	int argc;
	int err;
	unsigned int n;			/* devices in the reply */
	uint8_t cmd;			/* answered: 0 for watchdog-get */
	const char *extack;		/* the kernel's reason, with err */
};

static void wd_cmd(const void *arg)
{
	const struct wd_cmd *c = arg;
	struct wd_info w;

	stub_reset();
	stub_answer(c->cmd ? c->cmd : DCB_HDRM_CMD_WATCHDOG_GET, c->err);
	if (c->n > 0) {
		wd_fix_full(&w);
		wd_future(&w);
		put_wd(stub_reply(), &w);
	}
	if (c->n > 1) {
		wd_fix_bare(&w);
		put_wd(stub_reply(), &w);
	}
	stub_extack = c->extack;
	hdrm_cmd_watchdog(&g, c->argc, (char **)c->argv);
	stub_extack = NULL;
	stub_reset();
}

#define ARGV(...) ((const char *const []){ __VA_ARGS__, NULL })
#define NARGS(...) (int)(sizeof((const char *const []){ __VA_ARGS__ }) / sizeof(char *))
#define CMD(...) .argv = ARGV(__VA_ARGS__), .argc = NARGS(__VA_ARGS__)

static void golden_watchdog(void)
{
	static const struct wd_case cases[] = {
		{ wd_fix_full, 13 * SEC + 250 * MS },
		{ wd_fix_full, 10 * SEC + 999 * MS },
		{ wd_fix_full, 5 * SEC },
		{ wd_fix_odd, NOW_ODD },
		{ wd_fix_refresh, 0 },
		{ wd_fix_bare, 0 },
	};
	static const char *const names[] = {
		"full, 3.25 s after the storm", "full, 999 ms after",
		"full, the clock before the storm", "odd: every other branch",
		"refreshed counters, unknown names", "bare",
	};
	static const struct wd_case ntf[] = {
		{ wd_fix_full, 0, DCB_HDRM_WD_EVENT_STORM, 3 },
		{ wd_fix_full, 0, DCB_HDRM_WD_EVENT_STORM, 3, wd_refused },
		{ wd_fix_full, 0, DCB_HDRM_WD_EVENT_STORM, 4 },
		{ wd_fix_full, 0, DCB_HDRM_WD_EVENT_STORM, 6 },
		{ wd_fix_full, 0, DCB_HDRM_WD_EVENT_RESTORED, 3, wd_restored },
		{ wd_fix_full, 0, DCB_HDRM_WD_EVENT_RESTORED, 3, wd_restore_failed },
		{ wd_fix_full, 0, DCB_HDRM_WD_EVENT_STOPPED, 3 },
		{ wd_fix_full, 0, 9, 3 },
		{ wd_fix_odd, 0, DCB_HDRM_WD_EVENT_STORM, 2 },
		{ wd_fix_odd, 0, DCB_HDRM_WD_EVENT_STORM, 0 },
	};
	/* issue 28's, after the cases before them */
	static const struct wd_case cases28[] = {
		{ wd_fix_28, 22 * SEC },
	};
	static const char *const names28[] = {
		"storm-limit, held, restore pending, latencies",
	};
	static const struct wd_case ntf28[] = {
		{ wd_fix_28, 0, DCB_HDRM_WD_EVENT_HELD, 3 },
		{ wd_fix_28, 0, DCB_HDRM_WD_EVENT_STORM, 5 },
		{ wd_fix_28, 0, DCB_HDRM_WD_EVENT_RECOVERED, 3, wd_recovered },
		{ wd_fix_28, 0, DCB_HDRM_WD_EVENT_RESTORE_FAILED, 3,
		  wd_28_restore_failed },
		{ wd_fix_28, 0, DCB_HDRM_WD_EVENT_RESTORED, 6 },
		{ wd_fix_odd, 0, DCB_HDRM_WD_EVENT_HELD, 0 },
	};
	static const char *const ntf_names[] = {
		"ntf storm", "ntf storm, the drop refused",
		"ntf storm, no last action: the device's",
		"ntf storm of a priority not in the message", "ntf restored",
		"ntf restored, PFC not back", "ntf stopped", "ntf event 9",
		"ntf storm, names past the tables", "ntf storm, alert refused",
	};
	static const char *const ntf28_names[] = {
		"ntf held, with the storm's timing",
		"ntf storm, the timing, not held",
		"ntf recovered", "ntf restore-failed, PFC still off",
		"ntf restored, no storm: no timing",
		"ntf held, no onset: the declaration alone",
	};
	const struct wd_cmd cmds[] = {
		{ CMD("show"), 0, 2 },
		{ CMD("show"), 0, 0 },
		{ CMD("show", "dev", "eth0"), 0, 1 },
		{ CMD("show", "dev", "eth0"), -EOPNOTSUPP, 0 },
		{ CMD("show"), -EPERM, 1 },
	};
	const struct wd_cmd cmds28[] = {
		{ CMD("recover", "dev", "eth0", "prio", "3"), 0, 0,
		  DCB_HDRM_CMD_WATCHDOG_RECOVER },
		{ CMD("recover", "dev", "eth0", "prio", "3"), -EINVAL, 0,
		  DCB_HDRM_CMD_WATCHDOG_RECOVER, "prio 3 is not held" },
		{ CMD("set", "dev", "eth0", "action", "forward"), -EOPNOTSUPP,
		  0, DCB_HDRM_CMD_WATCHDOG_SET,
		  "action forward: mlx5_core cannot stop honouring received pause without stopping sending it (Documentation/drivers.rst)" },
	};
	static const char *const cmd_names[] = {
		"show: two devices", "show: none", "show dev",
		"show dev: a module without the watchdog",
		"show: refused after one device",
	};
	static const char *const cmd28_names[] = {
		"recover", "recover: refused (not held)",
		"set action forward: refused by the driver",
	};
	unsigned int i;
	char name[96];

	cur_obj = "watchdog";
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		run(names[i], i == 0 ? F_PRETTY : 0, wd_print, &cases[i]);
		snprintf(name, sizeof(name), "%s -s", names[i]);
		run(name, F_STATS, wd_print, &cases[i]);
	}
	for (i = 0; i < ARRAY_SIZE(ntf); i++)
		run(ntf_names[i], i == 0 ? F_PRETTY : 0, wd_ntf, &ntf[i]);
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		run(cmd_names[i], i == 0 ? F_PRETTY : 0, wd_cmd, &cmds[i]);
		snprintf(name, sizeof(name), "%s -s", cmd_names[i]);
		run(name, F_STATS, wd_cmd, &cmds[i]);
	}
	for (i = 0; i < ARRAY_SIZE(cases28); i++) {
		run(names28[i], F_PRETTY, wd_print, &cases28[i]);
		snprintf(name, sizeof(name), "%s -s", names28[i]);
		run(name, F_STATS | F_PRETTY, wd_print, &cases28[i]);
	}
	for (i = 0; i < ARRAY_SIZE(ntf28); i++)
		run(ntf28_names[i], i == 0 ? F_PRETTY : 0, wd_ntf, &ntf28[i]);
	for (i = 0; i < ARRAY_SIZE(cmds28); i++)
		run(cmd28_names[i], 0, wd_cmd, &cmds28[i]);
}

/* ---- peer and push ---- */

static const struct hdrm_peer_info peers[] = {
	{ 0 },
	{ .present = true, .auto_hdrm = true, .has_accept_push = true,
	  .accept_push = true, .via = DCB_HDRM_PEER_VIA_IN_BAND,
	  .age_ms = 1500, .has_two_step = true, .two_step = true,
	  .has_hw_timestamping = true, .hw_timestamping = true,
	  .has_hw_resolution = true, .hw_resolution = 4 },
	{ .present = true, .via = DCB_HDRM_PEER_VIA_LLDP, .age_ms = 0 },
	{ .present = true, .auto_hdrm = true, .has_accept_push = true,
	  .via = DCB_HDRM_PEER_VIA_IN_BAND, .age_ms = 86400000,
	  .has_two_step = true, .has_hw_timestamping = true },
	{ .present = true, .via = 5, .age_ms = 12 },
};

static const char *const peer_names[] = {
	"absent", "in-band, everything", "lldp, nothing more",
	"accept-push, two-step and hardware off", "learned by an unknown way",
};

static void peer_print(const void *arg)
{
	const struct hdrm_peer_info *p = arg;

	if (g.json)
		JSON_DOC(hdrm_peer_json(&g.jw, p));
	else
		hdrm_peer_text(p);
}

#define PUSH(st, rs, fl, pr, val, lim) { .present = true, .v = {	\
	[DCB_HDRM_A_PUSH_SESSION] = 42, [DCB_HDRM_A_PUSH_STATUS] = st,	\
	[DCB_HDRM_A_PUSH_REASON] = rs, [DCB_HDRM_A_PUSH_FIELD] = fl,	\
	[DCB_HDRM_A_PUSH_PRIO] = pr, [DCB_HDRM_A_PUSH_VALUE] = val,	\
	[DCB_HDRM_A_PUSH_LIMIT] = lim } }

static const struct hdrm_push_info pushes[] = {
	{ 0 },
	PUSH(DCB_HDRM_PUSH_STATUS_PENDING, 0, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_APPLIED, 0, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_NONE, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_POLICY, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_NO_CAP, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_SENDER_NO_CAP, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_BUSY, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_APPLY_FAILED, 0, 0, EIO, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_BOUNDS, DCB_HDRM_PUSH_FIELD_PRIOS, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_BOUNDS, DCB_HDRM_PUSH_FIELD_HEADROOM, 3, 100, 2000),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_BOUNDS, DCB_HDRM_PUSH_FIELD_HEADROOM, 5, 900000, 500000),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_BOUNDS, DCB_HDRM_PUSH_FIELD_SPEED, 0, 800000, 400000),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, DCB_HDRM_PUSH_REASON_BOUNDS, 9, 0, 1, 2),
	PUSH(DCB_HDRM_PUSH_STATUS_REFUSED, 42, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_NO_ANSWER, 0, 0, 0, 0, 0),
	PUSH(9, 0, 0, 0, 0, 0),
	PUSH(DCB_HDRM_PUSH_STATUS_PENDING, DCB_HDRM_PUSH_REASON_BOUNDS, DCB_HDRM_PUSH_FIELD_RTT, 1, 2, 3),
};

static const char *const push_names[] = {
	"absent", "pending", "applied", "refused, no reason", "refused: policy",
	"refused: no-cap", "refused: sender-no-cap", "refused: busy",
	"refused: apply-failed", "refused: bounds, prios",
	"refused: bounds, headroom below", "refused: bounds, headroom above",
	"refused: bounds, speed", "refused: bounds, a field past the table",
	"refused: a reason past the table", "no answer",
	"a status past the table", "pending, with bounds",
};

static void push_print(const void *arg)
{
	const struct hdrm_push_info *p = arg;

	if (g.json)
		JSON_DOC(hdrm_push_json(&g.jw, p));
	else
		hdrm_push_text(p);
}

static void golden_peer(void)
{
	unsigned int i;

	cur_obj = "peer";
	for (i = 0; i < ARRAY_SIZE(peers); i++)
		run(peer_names[i], 0, peer_print, &peers[i]);
	for (i = 0; i < ARRAY_SIZE(pushes); i++)
		run(push_names[i], 0, push_print, &pushes[i]);
}

/* ---- DCB state and applied ---- */

/* buffers 0 (lossy) and 1 (lossless: priorities 3 and 4) of 512 KiB */
static void buf_two(struct hdrm_buf *b)
{
	static const uint8_t map[HDRM_PRIOS] = { 0, 0, 0, 1, 1, 0, 0, 0 };

	memset(b, 0, sizeof(*b));
	b->present = 0x3;
	memcpy(b->prio2buffer, map, sizeof(map));
	b->size[0] = 262144;
	b->size[1] = 131072;
	b->size_old[0] = 262144;
	b->size_old[1] = 98304;
	b->wanted[1] = 120000;
	b->lossless = 0x2;
	b->total = 524288;
}

static void st_fix_full(struct hdrm_dcb_state *s)
{
	memset(s, 0, sizeof(*s));
	s->present = true;
	strcpy(s->driver, "mlx5_core");
	s->has_pfc = true;
	s->pfc_cap = 8;
	s->pfc_en = 0x18;
	s->delay_unit = DCB_HDRM_DELAY_UNIT_BITS;
	s->has_buf = true;
	buf_two(&s->buf);
}

struct st_case {
	const char *name;
	void (*change)(struct hdrm_dcb_state *s);
};

static void st_absent(struct hdrm_dcb_state *s)
{
	memset(s, 0, sizeof(*s));
}

static void st_bare(struct hdrm_dcb_state *s)
{
	s->has_pfc = false;
	s->has_buf = false;
	s->driver[0] = '\0';
}

static void st_none_enabled(struct hdrm_dcb_state *s)
{
	s->pfc_en = 0;
	s->pfc_delay = 3;
	s->delay_unit = DCB_HDRM_DELAY_UNIT_METRES;
	s->buf.present = 0;
	s->buf.total = 0;
}

static void st_odd(struct hdrm_dcb_state *s)
{
	unsigned int i;

	s->pfc_en = 0xff;
	s->pfc_delay = 65535;
	s->delay_unit = 9;
	s->has_buf = true;
	s->buf.present = 0xff;
	for (i = 0; i < HDRM_BUFFERS; i++) {
		s->buf.prio2buffer[i] = i;
		s->buf.size[i] = 1000 * (i + 1);
	}
}

static const struct st_case st_cases[] = {
	{ "full", NULL },
	{ "absent", st_absent },
	{ "no pfc, no buffers, no driver name", st_bare },
	{ "pfc on none, metres, no buffer reported", st_none_enabled },
	{ "every buffer, a unit past the table", st_odd },
};

static void st_print(const void *arg)
{
	const struct st_case *c = arg;
	struct hdrm_dcb_state s;

	st_fix_full(&s);
	if (c->change)
		c->change(&s);
	if (g.json)
		JSON_DOC(hdrm_dcb_state_json(&g.jw, "dcb_state", &s));
	else
		hdrm_dcb_state_text(&s);
}

struct ap_case {
	const char *name;
	uint32_t method, model, rule, error;
	bool has_delay, clamped, buffers, partial, taken;
};

static const struct ap_case ap_cases[] = {
	{ "absent" },
	{ "delay", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_GENERIC, 0, 0, true },
	{ "delay clamped", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_GENERIC, 0, 0, true, true },
	{ "buffers", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, 0, 0, false, false, true },
	{ "buffers cut to fit", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, DCB_HDRM_APPLY_RULE_NO_ROOM, 0, false, false, true },
	{ "mlx5 auto, both, taken", DCB_HDRM_APPLY_AUTO, DCB_HDRM_MODEL_MLX5, 0, 0, true, false, true, false, true },
	{ "rule short, mlx5 buffer", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_MLX5, DCB_HDRM_APPLY_RULE_SHORT, 0, false, false, true },
	{ "rule short, mlx5 delay", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_MLX5, DCB_HDRM_APPLY_RULE_SHORT, 0, true },
	{ "rule short, mlxsw", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_MLXSW, DCB_HDRM_APPLY_RULE_SHORT, 0, true },
	{ "rule short, generic", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_GENERIC, DCB_HDRM_APPLY_RULE_SHORT, 0, true },
	{ "rule below-floor", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_MLX5, DCB_HDRM_APPLY_RULE_BELOW_FLOOR, 0, false, false, true },
	{ "rule tc-mode-only", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_MLXSW, DCB_HDRM_APPLY_RULE_TC_MODE_ONLY, EOPNOTSUPP },
	{ "rule clamped-floor", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_MLXSW, DCB_HDRM_APPLY_RULE_CLAMPED_FLOOR, 0, true, true },
	{ "rule clamped-ceiling, mlxsw", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_MLXSW, DCB_HDRM_APPLY_RULE_CLAMPED_CEILING, ERANGE },
	{ "rule clamped-ceiling, mlx5", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_MLX5, DCB_HDRM_APPLY_RULE_CLAMPED_CEILING, 0, true, true },
	{ "rule clamped-ceiling, generic", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_GENERIC, DCB_HDRM_APPLY_RULE_CLAMPED_CEILING, EINVAL },
	{ "rule no-model", DCB_HDRM_APPLY_AUTO, DCB_HDRM_MODEL_NONE, DCB_HDRM_APPLY_RULE_NO_MODEL, 0 },
	{ "rule tc-mode", DCB_HDRM_APPLY_AUTO, DCB_HDRM_MODEL_MLXSW, DCB_HDRM_APPLY_RULE_TC_MODE, EOPNOTSUPP },
	{ "rule firmware-owned", DCB_HDRM_APPLY_AUTO, DCB_HDRM_MODEL_MLX5, DCB_HDRM_APPLY_RULE_FIRMWARE_OWNED, EBUSY, false, false, true },
	{ "rule past the table", DCB_HDRM_APPLY_DELAY, 9, 42, 0, true },
	{ "failed: buffers unsupported", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, 0, EOPNOTSUPP },
	{ "failed: delay unsupported", DCB_HDRM_APPLY_DELAY, DCB_HDRM_MODEL_GENERIC, 0, EOPNOTSUPP },
	{ "failed: no PFC", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, 0, ENOENT },
	{ "failed: no headroom", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, 0, ENODATA },
	{ "failed: no space", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, 0, ENOSPC },
	{ "failed: no room, ENOSPC", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, DCB_HDRM_APPLY_RULE_NO_ROOM, ENOSPC, false, false, true },
	{ "failed: no room, EIO", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_GENERIC, DCB_HDRM_APPLY_RULE_NO_ROOM, EIO, false, false, true },
	{ "failed: partial", DCB_HDRM_APPLY_BUFFER, DCB_HDRM_MODEL_MLX5, 0, EIO, false, false, true, true },
	{ "failed: taken back", DCB_HDRM_APPLY_AUTO, DCB_HDRM_MODEL_MLX5, 0, EIO, true, false, true, false, true },
	{ "a method past the table", 9, DCB_HDRM_MODEL_GENERIC, 0, 0, true },
};

static void ap_fix(const struct ap_case *c, struct hdrm_applied_info *a)
{
	memset(a, 0, sizeof(*a));
	if (!c->method && !c->model)
		return;
	a->present = true;
	a->session = 42;
	a->method = c->method;
	a->model = c->model;
	a->rule = c->rule;
	a->error = c->error;
	a->rule_have = 40000;
	a->rule_need = 61000;
	a->rule_buffer = 1;
	a->partial = c->partial;
	a->buffers_taken = c->taken;
	a->has_delay = c->has_delay;
	a->clamped = c->clamped;
	if (c->has_delay) {
		a->delay_unit = c->model == DCB_HDRM_MODEL_MLX5 ?
				DCB_HDRM_DELAY_UNIT_METRES :
				DCB_HDRM_DELAY_UNIT_BITS;
		a->delay_old = 7;
		a->delay_new = c->clamped ? 65535 : 25;
		a->delay_wanted = c->clamped ? 70000 : 25;
	}
	if (c->buffers)
		buf_two(&a->buf);
}

static void ap_print(const void *arg)
{
	struct hdrm_applied_info a;

	ap_fix(arg, &a);
	if (g.json)
		JSON_DOC(hdrm_applied_json(&g.jw, &a));
	else
		hdrm_applied_text(&a);
}

static void golden_dcbstate(void)
{
	unsigned int i;

	cur_obj = "dcbstate";
	for (i = 0; i < ARRAY_SIZE(st_cases); i++)
		run(st_cases[i].name, i == 0 ? F_PRETTY : 0, st_print,
		    &st_cases[i]);
	for (i = 0; i < ARRAY_SIZE(ap_cases); i++) {
		char name[96];

		snprintf(name, sizeof(name), "applied %s", ap_cases[i].name);
		run(name, i == 5 ? F_PRETTY : 0, ap_print, &ap_cases[i]);
	}
}

/* ---- hwtstamp ---- */

static const struct hdrm_hwtstamp hwts[] = {
	{ 0, { .tx_type = HWTSTAMP_TX_ON, .rx_filter = HWTSTAMP_FILTER_ALL } },
	{ 0, { .tx_type = HWTSTAMP_TX_OFF, .rx_filter = HWTSTAMP_FILTER_NONE } },
	{ 0, { .tx_type = HWTSTAMP_TX_ONESTEP_P2P,
	       .rx_filter = HWTSTAMP_FILTER_NTP_ALL } },
	{ 0, { .tx_type = 99, .rx_filter = 99 } },
	{ -EOPNOTSUPP },
	{ -EINVAL },
	{ -ENOTTY },
	{ -EIO },
	{ -ENODATA },
};

static const char *const hwts_names[] = {
	"on, all", "off, none", "onestep-p2p, ntp-all", "past the tables",
	"EOPNOTSUPP", "EINVAL", "ENOTTY", "EIO", "not read",
};

static void hwts_print(const void *arg)
{
	if (g.json)
		JSON_DOC(hwtstamp_json(&g.jw, arg));
	else
		hwtstamp_text(arg);
}

static void golden_hwtstamp(void)
{
	unsigned int i;

	cur_obj = "hwtstamp";
	for (i = 0; i < ARRAY_SIZE(hwts); i++)
		run(hwts_names[i], 0, hwts_print, &hwts[i]);
}

/* ---- dev ---- */

static void dev_fix_full(struct dev_info *d)
{
	unsigned int i;

	memset(d, 0, sizeof(*d));
	d->ifindex = 7;
	strcpy(d->ifname, "eth9");
	d->dcb = true;
	d->dcb_ops = 0xf;
	d->has_speed = true;
	d->speed = 100000;
	d->mtu = 9000;
	d->carrier = true;
	d->caps = 3;
	d->has_cfg = true;
	d->reflect = true;
	d->reflect_rate = 1000;
	d->encap = DCB_HDRM_ENCAP_AUTO;
	d->k_override = 1234;
	d->cell = 96;
	d->small_pct = 50;
	d->prio_mask = 0x18;
	d->apply = DCB_HDRM_APPLY_AUTO;
	d->delay_unit = DCB_HDRM_DELAY_UNIT_BITS;
	d->remeasure = true;
	d->remeasure_period = 3600;
	d->auto_hdrm = true;
	d->accept_push = true;
	d->ts_mode = DCB_HDRM_TS_MODE_AUTO;
	d->model = DCB_HDRM_MODEL_AUTO;
	d->has_model_in_use = true;
	d->model_in_use = DCB_HDRM_MODEL_MLX5;
	d->has_phc_index = true;
	d->phc_index = 0;
	d->has_hw_resolution = true;
	d->hw_resolution = 8;
	d->peer = peers[1];
	d->max_frame[3] = 9216;
	d->max_frame[5] = 2000;
	st_fix_full(&d->dcb_state);
	d->has_stats = true;
	for (i = 1; i <= DCB_HDRM_A_STATS_MAX; i++)
		d->stats[i] = i * 11;
	d->hwtstamp.err = -ENODATA;
}

static void dev_fix_min(struct dev_info *d)
{
	memset(d, 0, sizeof(*d));
	d->ifindex = 3;
	strcpy(d->ifname, "eth1");
	d->mtu = 1500;
}

static void dev_fix_mlxsw(struct dev_info *d)
{
	memset(d, 0, sizeof(*d));
	d->ifindex = 4;
	strcpy(d->ifname, "eth2");
	d->dcb = true;
	d->dcb_ops = 0x5;
	d->has_speed = true;
	d->speed = 25000;
	d->mtu = 1500;
	d->carrier = true;
	d->caps = 1;
	d->has_cfg = true;
	d->reflect_rate = 100;
	d->encap = DCB_HDRM_ENCAP_MACCTL;
	d->speed_override = 25000;
	d->precision_override = 16;
	d->apply = DCB_HDRM_APPLY_DELAY;
	d->delay_unit = DCB_HDRM_DELAY_UNIT_METRES;
	d->ts_mode = DCB_HDRM_TS_MODE_HOOK;
	d->method = DCB_HDRM_METHOD_PDELAY;
	d->ptp_domain = 24;
	d->ptp_sdo = 1;
	d->model = DCB_HDRM_MODEL_MLXSW;
	d->has_model_in_use = true;
	d->model_in_use = DCB_HDRM_MODEL_NONE;
	d->tc_mode = true;
	d->peer = peers[2];
	d->dcb_state.present = true;
	d->has_stats = true;
}

static void dev_fix_odd(struct dev_info *d)
{
	memset(d, 0, sizeof(*d));
	d->ifindex = 5;
	strcpy(d->ifname, "eth3");
	d->dcb_ops = 0x22;
	d->has_speed = true;
	d->mtu = 68;
	d->caps = 0x6;
	d->has_cfg = true;
	d->encap = 7;
	d->ts_mode = 9;
	d->method = 9;
	d->apply = 9;
	d->delay_unit = 9;
	d->model = 9;
	d->remeasure_period = 60;
	d->has_model_in_use = true;
	d->model_in_use = 9;
	d->small_pct = 100;
	d->has_hw_resolution = true;
	d->hw_resolution = 1;
	d->max_frame[0] = 64;
	d->max_frame[7] = 16384;
}

/* a device in auto whose model in use is generic, without hardware */
static void dev_fix_auto(struct dev_info *d)
{
	dev_fix_full(d);
	d->ifindex = 6;
	strcpy(d->ifname, "eth1");
	d->model_in_use = DCB_HDRM_MODEL_GENERIC;
	d->has_phc_index = false;
	d->has_hw_resolution = false;
	d->cell = 0;
	d->remeasure = false;
	d->remeasure_period = 0;
	d->peer = peers[3];
	d->dcb_state.has_buf = false;
	d->has_stats = false;
}

/* a module with peer delay: it counts the answers to others */
static void dev_fix_pdelay(struct dev_info *d)
{
	dev_fix_full(d);
	d->stats_sent = 1u << DCB_HDRM_A_STATS_PTP_OTHERS;
}

/* a module that streams on request: accept-stream and its counters */
static void dev_fix_stream(struct dev_info *d)
{
	dev_fix_pdelay(d);
	d->has_accept_stream = true;
	d->accept_stream = true;
	d->has_stats = true;
	d->stats[DCB_HDRM_A_STATS_STREAM_GRANTED] = 2;
	d->stats[DCB_HDRM_A_STATS_STREAM_REFUSED] = 3;
	d->stats[DCB_HDRM_A_STATS_STREAM_FRAMES_SENT] = 4096;
	d->stats[DCB_HDRM_A_STATS_RX_STREAM] = 17;
	d->stats_sent |= 1u << DCB_HDRM_A_STATS_STREAM_GRANTED |
			 1u << DCB_HDRM_A_STATS_STREAM_REFUSED |
			 1u << DCB_HDRM_A_STATS_STREAM_FRAMES_SENT |
			 1u << DCB_HDRM_A_STATS_RX_STREAM;
}

static void (*const dev_fixes[])(struct dev_info *d) = {
	dev_fix_full, dev_fix_min, dev_fix_mlxsw, dev_fix_odd, dev_fix_auto,
	dev_fix_pdelay, dev_fix_stream,
};

struct dev_cmd {
	const char *const *argv;
	int argc;
	int err;
	uint32_t devs;			/* bit i: dev_fixes[i] in the reply */
};

static void dev_cmd(const void *arg)
{
	const struct dev_cmd *c = arg;
	struct dev_info d;
	unsigned int i;

	hdrm_hwtstamp_ioctl = fake_hwtstamp;
	stub_reset();
	stub_answer(DCB_HDRM_CMD_DEV_GET, c->err);
	for (i = 0; i < ARRAY_SIZE(dev_fixes); i++) {
		if (!(c->devs & (1u << i)))
			continue;
		dev_fixes[i](&d);
		put_dev(stub_reply(), &d, NULL);
	}
	hdrm_cmd_dev(&g, c->argc, (char **)c->argv);
	stub_reset();
}

static void golden_dev(void)
{
	const struct dev_cmd cmds[] = {
		{ CMD("show"), 0, 0x1f },
		{ CMD("show"), 0, 0 },
		{ CMD("show"), -EPERM, 0x1 },
		{ CMD("show", "dev", "eth9"), 0, 0x1 },
		{ CMD("show", "dev", "eth1"), 0, 0x2 },
		{ CMD("show", "dev", "eth2"), 0, 0x4 },
		{ CMD("show", "dev", "eth3"), 0, 0x8 },
		{ CMD("show", "dev", "eth1"), 0, 0x10 },
		{ CMD("show", "dev", "eth9"), -ENODEV, 0 },
		{ CMD("show", "dev", "eth9"), 0, 0x20 },
		{ CMD("show", "dev", "eth9"), 0, 0x40 },
	};
	static const char *const names[] = {
		"show: every device", "show: none", "show: refused after one",
		"show dev: full", "show dev: bare", "show dev: mlxsw in TC mode",
		"show dev: names past the tables", "show dev: auto is generic",
		"show dev: refused", "show dev: ptp-others counted",
		"show dev: streams on request",
	};
	unsigned int i;
	char name[96];

	cur_obj = "dev";
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		run(names[i], i == 0 || i == 3 ? F_PRETTY : 0, dev_cmd, &cmds[i]);
		snprintf(name, sizeof(name), "%s -s", names[i]);
		run(name, F_STATS, dev_cmd, &cmds[i]);
	}
}

/* ---- result ---- */

static void r_fix_local(struct result *r)
{
	memset(r, 0, sizeof(*r));
	r->ifindex = 7;
	strcpy(r->ifname, "eth9");
	r->session = 42;
	r->status = DCB_HDRM_STATUS_OK;
	r->mode = DCB_HDRM_MODE_4TS;
	r->encap = DCB_HDRM_ENCAP_ETHER;
	r->estimator = DCB_HDRM_ESTIMATOR_MEDIAN;
	r->timestamping = DCB_HDRM_TIMESTAMPING_HARDWARE;
	r->sent = 100;
	r->received = 98;
	r->lost = 1;
	r->late = 1;
	r->has_rtt = true;
	r->est = 2480;
	r->min = 2300;
	r->median = 2480;
	r->p99 = 2900;
	r->max = 3100;
	r->stddev = 120;
	r->turnaround = 350;
	r->precision = 8;
	r->speed = 100000;
	r->k_bytes = 1536;
	r->measure_frame = 64;
	r->cell = 96;
	r->has_cell_source = true;
	r->cell_source = DCB_HDRM_CELL_SOURCE_DRIVER;
	r->small_pct = 50;
	r->occupancy = 1250;
	r->link_frame = 9238;
	r->duration_us = 101234;
	r->age_ms = 5000;
	r->has_ts = true;
	r->ts_mode = DCB_HDRM_TS_MODE_AUTO;
	r->precision_source = DCB_HDRM_PRECISION_SOURCE_HARDWARE;
	r->has_rate_ratio = true;
	r->rate_ratio = -1234;
	r->two_step = 97;
	r->followup_missing = 3;
	r->has_model = true;
	r->model = DCB_HDRM_MODEL_MLX5;
	r->has_owner = true;
	r->owner = DCB_HDRM_BUFFER_OWNER_SOFTWARE;
	r->has_cable = true;
	r->cable_cm = 24805;
	r->prio[3] = (struct prio_res){
		.valid = true, .max_frame = 9238, .bytes = 60000, .cells = 625,
		.packed = 40000, .inflight = 31000, .has_eff = true,
		.eff = 60300, .eff_cells = 629, .has_best = true, .best = 60500,
	};
	r->prio[4] = (struct prio_res){
		.valid = true, .max_frame = 1522, .bytes = 50000, .cells = 521,
		.packed = 30000, .inflight = 31000,
	};
	r->prio[6] = (struct prio_res){ .unsized = true, .max_frame = 70000 };
	ap_fix(&ap_cases[5], &r->applied);
	r->push = pushes[2];
}

static void r_fix_2ts(struct result *r)
{
	memset(r, 0, sizeof(*r));
	r->ifindex = 3;
	strcpy(r->ifname, "eth1");
	r->session = 7;
	r->mode = DCB_HDRM_MODE_2TS;
	r->encap = DCB_HDRM_ENCAP_MACCTL;
	r->estimator = DCB_HDRM_ESTIMATOR_MAX;
	r->timestamping = DCB_HDRM_TIMESTAMPING_SOFTWARE;
	r->sent = 10;
	r->received = 10;
	r->has_rtt = true;
	r->est = 9000;
	r->min = 8000;
	r->median = 8500;
	r->p99 = 9000;
	r->max = 9000;
	r->stddev = 300;
	r->turnaround = 77;
	r->precision = 500;
	r->speed = 1000;
	r->k_bytes = 64;
	r->measure_frame = 64;
	r->cell = 1;
	r->small_pct = 100;
	r->link_frame = 1522;
	r->duration_us = 9000;
	r->has_ts = true;
	r->ts_mode = DCB_HDRM_TS_MODE_SOFTWARE;
	r->precision_source = DCB_HDRM_PRECISION_SOURCE_SAMPLES;
	r->has_model = true;
	r->model = DCB_HDRM_MODEL_NONE;
	r->has_owner = true;
	r->owner = DCB_HDRM_BUFFER_OWNER_UNKNOWN;
	r->prio[0] = (struct prio_res){
		.valid = true, .max_frame = 1522, .bytes = 4000, .cells = 4000,
		.packed = 3000, .inflight = 1000,
	};
	r->push = pushes[1];
}

static void r_fix_peer(struct result *r)
{
	memset(r, 0, sizeof(*r));
	r->ifindex = 7;
	strcpy(r->ifname, "eth9");
	r->session = 9;
	r->source = DCB_HDRM_SOURCE_PEER;
	r->timestamping = DCB_HDRM_TIMESTAMPING_HARDWARE;
	r->has_rtt = true;
	r->est = 1500;
	r->turnaround = 11;
	r->precision = 8;
	r->speed = 25000;
	r->k_bytes = 384;
	r->cell = 1;
	r->prio[3] = (struct prio_res){
		.valid = true, .max_frame = 1522, .bytes = 20000, .cells = 209,
	};
	r->prio[6] = (struct prio_res){ .unsized = true, .max_frame = 70000 };
}

static void r_fix_noreply(struct result *r)
{
	memset(r, 0, sizeof(*r));
	r->ifindex = 7;
	strcpy(r->ifname, "eth9");
	r->session = 43;
	r->status = DCB_HDRM_STATUS_NO_REPLY;
	r->sent = 100;
	r->lost = 100;
	r->speed = 100000;
	r->has_ts = true;
	r->ts_mode = DCB_HDRM_TS_MODE_HARDWARE;
	r->precision_source = DCB_HDRM_PRECISION_SOURCE_OVERRIDE;
	r->duration_us = 1200000;
	r->push = pushes[15];
}

static void r_fix_noprio(struct result *r)
{
	r_fix_local(r);
	memset(r->prio, 0, sizeof(r->prio));
	r->prio[2] = (struct prio_res){ .unsized = true, .max_frame = 66000 };
	r->has_cable = false;
	r->has_cell_source = false;
	r->cell_source = DCB_HDRM_CELL_SOURCE_SET;
	r->occupancy = 0;
	memset(&r->applied, 0, sizeof(r->applied));
	memset(&r->push, 0, sizeof(r->push));
}

static void r_fix_unknown(struct result *r)
{
	r_fix_local(r);
	r->status = 99;
	r->mode = 5;
	r->encap = 5;
	r->estimator = 9;
	r->timestamping = 9;
	r->source = 7;
	r->ts_mode = 9;
	r->precision_source = 9;
	r->cell_source = 9;
	r->model = 9;
	r->owner = 7;
	r->has_rate_ratio = false;
	r->rate_ratio = 0;
}

static void r_fix_nots(struct result *r)
{
	r_fix_local(r);
	r->has_ts = false;
	r->has_rate_ratio = false;
	r->has_model = false;
	r->has_owner = false;
	r->has_cell_source = false;
	r->prio[3].has_eff = false;
	r->prio[3].has_best = false;
	memset(&r->applied, 0, sizeof(r->applied));
	r->push = pushes[9];
}

static void r_fix_ratio_pos(struct result *r)
{
	r_fix_local(r);
	r->rate_ratio = 12;
	r->cell_source = DCB_HDRM_CELL_SOURCE_SET;
	r->has_model = true;
	r->model = DCB_HDRM_MODEL_MLXSW;
	r->has_owner = false;
	r->applied.error = EIO;
}

static void r_fix_ratio_min(struct result *r)
{
	r_fix_local(r);
	r->rate_ratio = INT32_MIN;
	r->cell_source = DCB_HDRM_CELL_SOURCE_DEFAULT;
	r->cable_cm = 5;
	r->occupancy = 1000;
}

/* measured with dcb_hdrm's own frames, by a module that says so */
static void r_fix_hdrm(struct result *r)
{
	r_fix_local(r);
	r->has_method = true;
	r->method = DCB_HDRM_METHOD_HDRM;
}

/* IEEE 1588 peer delay, a two-step responder (ptp4l's port 1) */
static void r_fix_pdelay(struct result *r)
{
	static const uint8_t id[HDRM_PORT_ID_LEN] = {
		0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
	};

	r_fix_local(r);
	r->session = 43;
	r->has_method = true;
	r->method = DCB_HDRM_METHOD_PDELAY;
	r->has_responder = true;
	memcpy(r->responder, id, sizeof(id));
	r->has_steps = true;
	r->steps = 2;
	memset(&r->push, 0, sizeof(r->push));
}

/* a one-step responder: a switch's port 258, its t3 - t2 in the response */
static void r_fix_pdelay_1step(struct result *r)
{
	static const uint8_t id[HDRM_PORT_ID_LEN] = {
		0xac, 0x1f, 0x6b, 0xff, 0xfe, 0xa1, 0xb2, 0xc3, 0x01, 0x02,
	};

	r_fix_pdelay(r);
	memcpy(r->responder, id, sizeof(id));
	r->steps = 1;
	r->two_step = 0;
	r->followup_missing = 0;
}

/* a method and steps past the tables, no responder */
static void r_fix_pdelay_unknown(struct result *r)
{
	r_fix_pdelay(r);
	r->method = 9;
	r->has_responder = false;
	r->steps = 3;
}

/* peer delay that no responder answered */
static void r_fix_pdelay_noreply(struct result *r)
{
	r_fix_noreply(r);
	r->has_method = true;
	r->method = DCB_HDRM_METHOD_PDELAY;
	memset(&r->push, 0, sizeof(r->push));
}

/*
 * A peer delay's far end, set by hand (it takes no push), worked by hand.
 * The module's equivalent cable is t x 10 cm (5 ns/m each way); the far
 * end's cable length is that in whole metres, rounded up, at least 1 m;
 * its delay is the generic manual line's, ceil((t + 2 x precision) x
 * speed) bits, 1 ns x 1 Mb/s being 1/1000 bit:
 *
 *   25 Gb/s, t 300 ns, precision 4 ns: 3000 cm = 30 m, no rounding;
 *     (300 + 2 x 4) x 25000 / 1000 = 308 x 25 = 7700 bits
 *   10 Gb/s, t 1203 ns, precision 25 ns: 12030 cm = 120.3 m, so 121 m;
 *     (1203 + 2 x 25) x 10000 / 1000 = 1253 x 10 = 12530 bits
 *   no speed, t 6 ns, precision 0: 60 cm, 0.6 m, so the least, 1 m;
 *     no bits without a speed: no dcb line
 *
 * r_fix_pdelay's own, above: 100 Gb/s, t 2480 ns, precision 8 ns, its
 * cable 24805 cm = 248.05 m, so 249 m; (2480 + 16) x 100000 / 1000 =
 * 249600 bits, over the delay's 65535: no dcb line, the buffers instead.
 * The rest of each result is r_fix_pdelay's.
 */
static void r_fix_pdelay_at(struct result *r, uint32_t speed, uint64_t t,
			    uint32_t precision)
{
	r_fix_pdelay(r);
	r->speed = speed;
	r->est = t;
	r->min = t;
	r->median = t;
	r->p99 = t + precision;
	r->max = t + precision;
	r->precision = precision;
	r->cable_cm = t * 10;
}

static void r_fix_pdelay_25g(struct result *r)
{
	r_fix_pdelay_at(r, 25000, 300, 4);
}

static void r_fix_pdelay_10g(struct result *r)
{
	r_fix_pdelay_at(r, 10000, 1203, 25);
}

static void r_fix_pdelay_nospeed(struct result *r)
{
	r_fix_pdelay_at(r, 0, 6, 0);
	memset(r->prio, 0, sizeof(r->prio));
}

/*
 * ptp4l's own peer delay, 1235 ns, read over its socket (method ptp4l),
 * as the module sends the result: one record, t4 - t1 = 2 x 1235 ns, no
 * turnaround, hardware timestamps; no responder, no steps, no push. The
 * far end as r_fix_pdelay's: 247 m, and no dcb line at 100 Gb/s.
 */
static void r_fix_ptp4l(struct result *r)
{
	r_fix_local(r);
	r->session = 44;
	r->has_method = true;
	r->method = DCB_HDRM_METHOD_PTP4L;
	r->sent = 1;
	r->received = 1;
	r->lost = 0;
	r->late = 0;
	r->est = 2470;
	r->min = 2470;
	r->median = 2470;
	r->p99 = 2470;
	r->max = 2470;
	r->stddev = 0;
	r->turnaround = 0;
	r->has_rate_ratio = false;
	r->two_step = 0;
	r->followup_missing = 0;
	r->duration_us = 14;
	r->cable_cm = 24700;
	memset(&r->push, 0, sizeof(r->push));
}

/* ptp4l's 150 ns at 25 Gb/s, precision 4 ns: 30 m and 7700 bits, as pdelay's */
static void r_fix_ptp4l_25g(struct result *r)
{
	r_fix_ptp4l(r);
	r->speed = 25000;
	r->est = 300;
	r->min = 300;
	r->median = 300;
	r->p99 = 300;
	r->max = 300;
	r->precision = 4;
	r->cable_cm = 3000;
}

static void (*const r_fixes[])(struct result *r) = {
	r_fix_local, r_fix_2ts, r_fix_peer, r_fix_noreply, r_fix_noprio,
	r_fix_unknown, r_fix_nots, r_fix_ratio_pos, r_fix_ratio_min,
	r_fix_hdrm, r_fix_pdelay, r_fix_pdelay_1step, r_fix_pdelay_unknown,
	r_fix_pdelay_noreply, r_fix_pdelay_25g, r_fix_pdelay_10g,
	r_fix_pdelay_nospeed, r_fix_ptp4l, r_fix_ptp4l_25g,
};

static const char *const r_names[] = {
	"local, 4ts, everything", "2ts, software, one-byte cells",
	"pushed by the peer", "no reply", "no priority to size",
	"names past the tables", "no timestamps' word, no model",
	"a positive rate ratio, apply failed", "the least rate ratio",
	"method hdrm", "method pdelay, two-step",
	"method pdelay, one-step, port 258",
	"a method and steps past the tables", "method pdelay, no reply",
	"method pdelay, far end at 25 Gb/s, 30 m",
	"method pdelay, far end at 10 Gb/s, 121 m",
	"method pdelay, far end under a metre, no speed",
	"method ptp4l", "method ptp4l, far end at 25 Gb/s, 30 m",
};

static void r_print(const void *arg)
{
	void (*fix)(struct result *r) = *(void (*const *)(struct result *))arg;
	struct result r;

	fix(&r);
	if (g.json)
		JSON_DOC(result_json_members(&g.jw, &r));
	else
		result_text(&r);
}

static void golden_result(void)
{
	unsigned int i;

	cur_obj = "result";
	for (i = 0; i < ARRAY_SIZE(r_fixes); i++)
		run(r_names[i],
		    i == 0 || i == 10 || i == 14 || i == 17 ? F_PRETTY : 0,
		    r_print, &r_fixes[i]);
}

/* ---- report ---- */

struct rep_case {
	const char *name;
	void (*fix)(struct result *r, struct hdrm_dcb_state *st);
	uint32_t mtu;
};

/* judged by the driver's model: enough, too small, oversized, lossy */
static void rep_model(struct result *r, struct hdrm_dcb_state *st)
{
	r_fix_local(r);
	r->prio[1] = (struct prio_res){
		.valid = true, .max_frame = 1522, .bytes = 10000, .cells = 105,
		.has_eff = true, .eff = 10000,
	};
	r->prio[4].has_eff = true;
	r->prio[4].eff = 40000;
	r->prio[5] = (struct prio_res){
		.valid = true, .max_frame = 1522, .bytes = 30000, .cells = 313,
		.has_eff = true, .eff = 90000, .has_best = true, .best = 31000,
	};
	r->prio[6] = (struct prio_res){
		.valid = true, .max_frame = 2000, .bytes = 20000, .cells = 209,
		.has_eff = true, .eff = 20000,
	};
	st_fix_full(st);
	st->pfc_en = 0x78;
	st->has_buf = false;
}

static void rep_owner(struct result *r, struct hdrm_dcb_state *st)
{
	rep_model(r, st);
	r->owner = DCB_HDRM_BUFFER_OWNER_UNKNOWN;
}

static void rep_buffer(struct result *r, struct hdrm_dcb_state *st)
{
	static const uint8_t map[HDRM_PRIOS] = { 0, 0, 0, 1, 2, 0, 0, 0 };

	r_fix_2ts(r);
	r->speed = 100000;
	r->cell = 96;
	r->small_pct = 50;
	r->prio[0].valid = false;
	r->prio[3] = (struct prio_res){ .valid = true, .max_frame = 9238,
					.bytes = 60000, .cells = 625 };
	r->prio[4] = (struct prio_res){ .valid = true, .max_frame = 1522,
					.bytes = 50000, .cells = 521 };
	r->prio[5] = (struct prio_res){ .valid = true, .max_frame = 1522,
					.bytes = 30000, .cells = 313 };
	st_fix_full(st);
	st->has_pfc = false;
	st->buf.present = 0x7;
	memcpy(st->buf.prio2buffer, map, sizeof(map));
	st->buf.size[0] = 100000;
	st->buf.size[1] = 60096;
	st->buf.size[2] = 30000;
}

static void rep_delay_small(struct result *r, struct hdrm_dcb_state *st)
{
	rep_buffer(r, st);
	/* a round trip the delay's 16 bits hold */
	r->est = 300;
	r->precision = 10;
	st->has_pfc = true;
	st->pfc_en = 0x38;
	st->has_buf = false;
	st->pfc_delay = 100;
}

static void rep_delay_over(struct result *r, struct hdrm_dcb_state *st)
{
	rep_delay_small(r, st);
	st->pfc_delay = 65535;
}

static void rep_delay_metres(struct result *r, struct hdrm_dcb_state *st)
{
	rep_delay_small(r, st);
	st->delay_unit = DCB_HDRM_DELAY_UNIT_METRES;
	st->pfc_delay = 2;
}

static void rep_delay_enough(struct result *r, struct hdrm_dcb_state *st)
{
	struct hdrm_delay d;

	rep_delay_small(r, st);
	hdrm_delay_value(hdrm_allowance_ns(r->est, r->precision), r->speed,
			 HDRM_DELAY_BITS, &d);
	st->pfc_delay = d.value;
}

static void rep_nostate(struct result *r, struct hdrm_dcb_state *st)
{
	r_fix_local(r);
	memset(st, 0, sizeof(*st));
}

static void rep_nospeed(struct result *r, struct hdrm_dcb_state *st)
{
	rep_buffer(r, st);
	r->speed = 0;
	r->cell = 0;
}

static void rep_noprio(struct result *r, struct hdrm_dcb_state *st)
{
	r_fix_noprio(r);
	st_fix_full(st);
}

static void rep_bare_state(struct result *r, struct hdrm_dcb_state *st)
{
	r_fix_2ts(r);
	st_fix_full(st);
	st->has_pfc = false;
	st->has_buf = false;
}

static const struct rep_case rep_cases[] = {
	{ "by the model", rep_model, 9000 },
	{ "by the model, buffers the firmware's", rep_owner, 9000 },
	{ "by the buffers", rep_buffer, 1500 },
	{ "by the delay, too small", rep_delay_small, 1500 },
	{ "by the delay, oversized", rep_delay_over, 1500 },
	{ "by the delay, metres", rep_delay_metres, 1500 },
	{ "by the delay, enough", rep_delay_enough, 1500 },
	{ "no DCB state", rep_nostate, 9000 },
	{ "no speed", rep_nospeed, 1500 },
	{ "no priority", rep_noprio, 9000 },
	{ "neither PFC nor buffers", rep_bare_state, 1500 },
};

static void rep_print(const void *arg)
{
	const struct rep_case *c = arg;
	struct hdrm_dcb_state st;
	struct result r;

	c->fix(&r, &st);
	if (g.json)
		JSON_DOC(report_json(&g.jw, &r, &st, c->mtu));
	else
		report_text(&r, &st, c->mtu);
}

static void golden_report(void)
{
	unsigned int i;

	cur_obj = "report";
	for (i = 0; i < ARRAY_SIZE(rep_cases); i++)
		run(rep_cases[i].name, i == 0 ? F_PRETTY : 0, rep_print,
		    &rep_cases[i]);
}

/* ---- measure: the result as measure prints it ---- */

struct m_case {
	const char *name;
	void (*fix)(struct result *r);
	bool simulate;
	int samples;			/* -1: none asked */
	bool histogram;
	bool apply_failed, push_refused;
};

static const struct m_case m_cases[] = {
	{ "plain", r_fix_local, false, -1 },
	{ "simulate", r_fix_local, true, -1 },
	{ "samples", r_fix_local, false, 25 },
	{ "samples, none", r_fix_local, false, 0 },
	{ "histogram", r_fix_local, false, 25, true },
	{ "histogram, no samples", r_fix_local, false, 0, true },
	{ "histogram, no round trip", r_fix_noreply, false, 3, true },
	{ "everything", r_fix_local, true, 12, true },
	{ "apply failed, push refused", r_fix_local, false, -1, false, true, true },
	{ "pushed by the peer, simulate", r_fix_peer, true, -1 },
	{ "2ts, pending push", r_fix_2ts, false, -1 },
	{ "method pdelay, two-step", r_fix_pdelay, false, -1 },
	{ "method pdelay, one-step, simulate", r_fix_pdelay_1step, true, -1 },
	{ "method hdrm", r_fix_hdrm, false, -1 },
	{ "method ptp4l", r_fix_ptp4l, false, -1 },
};

static void m_print(const void *arg)
{
	const struct m_case *c = arg;
	uint32_t ns[32];
	struct hist h;
	struct result r;
	int i;

	c->fix(&r);
	if (c->apply_failed)
		r.applied.error = EOPNOTSUPP;
	if (c->push_refused)
		r.push = pushes[4];
	for (i = 0; i < c->samples; i++)
		ns[i] = 2300 + (uint32_t)(i * 37 % 800);
	if (c->histogram)
		hist_build(ns, c->samples > 0 ? c->samples : 0, 20, &h);
	golden_result_print(&g, &r, c->simulate, c->samples >= 0 ? ns : NULL,
			    c->samples > 0 ? c->samples : 0,
			    c->histogram ? &h : NULL);
}

static void r_fix_foreign(struct result *r)
{
	r_fix_local(r);
	r->status = DCB_HDRM_STATUS_FOREIGN;
}

static void r_fix_pdelay_foreign(struct result *r)
{
	r_fix_pdelay(r);
	r->status = DCB_HDRM_STATUS_FOREIGN;
}

/* peer delay that ended before the responder was named */
static void r_fix_pdelay_anonymous(struct result *r)
{
	r_fix_pdelay(r);
	r->has_responder = false;
	r->has_steps = false;
}

static void r_fix_pdelay_foreign_anonymous(struct result *r)
{
	r_fix_pdelay_anonymous(r);
	r->status = DCB_HDRM_STATUS_FOREIGN;
}

/* measure's one line on stderr and its exit status, for a result */
struct mx_case {
	const char *name;
	void (*fix)(struct result *r);
	bool push;
	int push_idx;			/* pushes[], or -1: the fixture's */
	int status;
};

static const struct mx_case mx_cases[] = {
	{ "exit: no reply", r_fix_noreply, false, -1, EXIT_NOREPLY },
	{ "exit: pdelay, no reply", r_fix_pdelay_noreply, false, -1, EXIT_NOREPLY },
	{ "exit: foreign", r_fix_foreign, false, -1, EXIT_KERNEL },
	{ "exit: pdelay, foreign", r_fix_pdelay_foreign, false, -1, EXIT_KERNEL },
	{ "exit: pdelay, foreign, no responder named",
	  r_fix_pdelay_foreign_anonymous, false, -1, EXIT_KERNEL },
	{ "exit: push applied", r_fix_local, true, 2, 0 },
	{ "exit: push refused", r_fix_local, true, 4, EXIT_KERNEL },
	{ "exit: push unanswered", r_fix_local, true, 15, EXIT_KERNEL },
	{ "exit: push, auto measured with pdelay", r_fix_pdelay, true, -1,
	  EXIT_KERNEL },
	{ "exit: push, pdelay, no responder named", r_fix_pdelay_anonymous,
	  true, -1, EXIT_KERNEL },
};

static int mx_status;

/* measure's one line when ptp4l has no peer delay for the device */
struct pe_case {
	const char *name;
	int err;
	uint8_t mechanism, state;
	int64_t delay;			/* ns x 2^16 */
	uint16_t refused_id, refused_error;
	uint32_t domain, sdo;
	const char *path;		/* ptp4l-socket; NULL: the default */
};

#define NS16(ns)	((int64_t)(ns) * 65536)

static const struct pe_case pe_cases[] = {
	{ "ptp4l: not running", -ENOENT },
	{ "ptp4l: not running, its socket left", -ECONNREFUSED,
	  .path = "/run/ptp4l-eth9" },
	{ "ptp4l: no answer in time", -ETIMEDOUT, .domain = 24, .sdo = 1 },
	{ "ptp4l: no port on the device", -ENODEV },
	{ "ptp4l: E2E", -EOPNOTSUPP, PMC_DELAY_E2E, 9 },
	{ "ptp4l: NO_MECHANISM", -EOPNOTSUPP, 0xfe, 9 },
	{ "ptp4l: a faulty port", -ENETDOWN, PMC_DELAY_P2P, 2, NS16(40) },
	{ "ptp4l: no peer delay yet", -ENODATA, PMC_DELAY_P2P, 9, 0 },
	{ "ptp4l: a negative peer delay", -ENODATA, PMC_DELAY_P2P, 9,
	  NS16(-12) },
	{ "ptp4l: beyond 1 ms", -ERANGE, PMC_DELAY_P2P, 9, NS16(2500000) },
	{ "ptp4l: refused", -EREMOTEIO, .refused_id = PMC_ID_PORT_PROPERTIES_NP,
	  .refused_error = 6 },
	{ "ptp4l: malformed", -EPROTO },
	{ "ptp4l: another error", -EACCES, .path = "/run/ptp4l-eth9" },
};

static void pe_print(const void *arg)
{
	static const uint8_t id[PMC_PORT_ID_LEN] = {
		0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
	};
	const struct pe_case *c = arg;
	struct pmc_port port = { 0 };
	struct pmc p = { .fd = -1 };

	memcpy(port.props.port, id, sizeof(id));
	memcpy(port.ds.port, id, sizeof(id));
	port.ds.mechanism = c->mechanism;
	port.ds.state = c->state;
	port.ds.peer_delay = c->delay;
	p.refused_id = c->refused_id;
	p.refused_error = c->refused_error;
	golden_ptp4l_err("eth9", c->path, c->domain, c->sdo, &p, &port, c->err);
}

static void mx_print(const void *arg)
{
	const struct mx_case *c = arg;
	struct result r;

	c->fix(&r);
	if (c->push_idx >= 0)
		r.push = pushes[c->push_idx];
	mx_status = golden_measure_exit(&r, c->push);
}

static void golden_measure(void)
{
	unsigned int i;

	cur_obj = "measure";
	for (i = 0; i < ARRAY_SIZE(m_cases); i++)
		run(m_cases[i].name, i == 7 ? F_PRETTY : 0, m_print, &m_cases[i]);
	for (i = 0; i < ARRAY_SIZE(mx_cases); i++) {
		run(mx_cases[i].name, 0, mx_print, &mx_cases[i]);
		TAP_OK(mx_status == mx_cases[i].status,
		       "measure %s: exit status %d", mx_cases[i].name,
		       mx_cases[i].status);
	}
	for (i = 0; i < ARRAY_SIZE(pe_cases); i++)
		run(pe_cases[i].name, 0, pe_print, &pe_cases[i]);
}

/* ---- measure's request, ptp4l asked (a stand-in, fake_ptp4l.h) ---- */

static char ptp4l_dir[] = "/tmp/test_print.XXXXXX";
static char ptp4l_path[64];

/* The @i-th request sent, a measure's: its attributes into @tb. */
static bool sent_measure(unsigned int i, struct nlattr **tb)
{
	struct nlmsghdr *nlh;

	if (i >= n_sent)
		return false;
	nlh = nlmsg_hdr(stub_sent[i]);
	return ((struct genlmsghdr *)nlmsg_data(nlh))->cmd ==
	       DCB_HDRM_CMD_MEASURE &&
	       !genlmsg_parse(nlh, 0, tb, DCB_HDRM_A_MEASURE_MAX, NULL);
}

/* an attribute's u8 or u32, or -1 when absent */
static long long attr_u8(struct nlattr **tb, int type)
{
	return tb[type] ? (long long)nla_get_u8(tb[type]) : -1;
}

static long long attr_u32(struct nlattr **tb, int type)
{
	return tb[type] ? (long long)nla_get_u32(tb[type]) : -1;
}

/* The kernel's yes to a measure: session 5, no apply, no push. */
static void stub_measure_ok(void)
{
	struct nl_msg *m;

	stub_answer(DCB_HDRM_CMD_MEASURE, 0);
	m = stub_reply();
	nla_put_u32(m, DCB_HDRM_A_MEASURE_SESSION, 5);
	nla_put_u32(m, DCB_HDRM_A_MEASURE_APPLY, DCB_HDRM_APPLY_NONE);
	nla_put_u8(m, DCB_HDRM_A_MEASURE_PUSH, 0);
}

/*
 * measure @argv with ptp4l @f at ptp4l_path (NULL: none there): its exit
 * status, its stderr into @err, the stand-in's verdict into @verdict.
 */
static int measure_req(const struct fake_ptp4l *f, const char *const *argv,
		       char *err, size_t len, int *verdict)
{
	FILE *real_err = stderr, *e;
	char *ebuf = NULL;
	size_t elen = 0;
	pid_t pid = 0;
	int argc, rc;

	for (argc = 0; argv[argc]; argc++)
		;
	if (f)
		pid = fake_start(ptp4l_path, f);
	memset(&g, 0, sizeof(g));
	g.nl_open = true;
	e = open_memstream(&ebuf, &elen);
	if (!e)
		exit(2);
	stderr = e;
	rc = golden_measure_start(&g, argc, (char **)argv);
	fflush(e);
	stderr = real_err;
	fclose(e);
	snprintf(err, len, "%.*s", (int)strcspn(ebuf ? ebuf : "", "\n"),
		 ebuf ? ebuf : "");
	free(ebuf);
	*verdict = pid ? fake_end(pid, ptp4l_path) : 0;
	return rc;
}

/* ptp4l with one port, eth9: @mechanism, @delay (ns x 2^16), @ts */
static struct fake_ptp4l ptp4l_eth9(uint8_t mechanism, int64_t delay,
				    uint8_t ts)
{
	struct fake_ptp4l f = {
		.how = FAKE_ANSWER, .number_ports = 1, .nports = 1,
		.ports = {
			{
				.id = { 0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00,
					0x00, 0x07, 0x00, 0x01 },
				.iface = "eth9", .state = 9, .timestamping = ts,
				.mechanism = mechanism, .delay = delay,
			},
		},
		.idle_ms = 10000,
	};

	return f;
}

#define WORDS(...)	((const char *const []){ "dev", "eth9", __VA_ARGS__, NULL })

/*
 * What measure sends: method ptp4l's peer delay and timestamps, and not
 * the domain and SDO, which went to ptp4l; auto's choice of it, and not
 * where ptp4l has no value or push or 2ts was asked; a module before
 * ptp4l asked again as auto was, where auto chose it.
 */
static void test_measure_request(void)
{
	struct nlattr *tb[DCB_HDRM_A_MEASURE_MAX + 1];
	struct nlattr *tb2[DCB_HDRM_A_MEASURE_MAX + 1];
	struct fake_ptp4l f;
	char err[512];
	int rc, v;

	if (!mkdtemp(ptp4l_dir)) {
		TAP_OK(false, "measure request: a directory for ptp4l's socket");
		return;
	}
	snprintf(ptp4l_path, sizeof(ptp4l_path), "%s/ptp4l", ptp4l_dir);

	/* 40.4 ns, hardware timestamps, in domain 24, 802.1AS's SDO */
	f = ptp4l_eth9(PMC_DELAY_P2P, NS16(40) + 0x6666, 1);
	f.domain = 24;
	f.sdo = 1;
	stub_measure_ok();
	rc = measure_req(&f, WORDS("method", "ptp4l", "ptp-domain", "24",
				   "ptp-sdo", "1", "count", "1",
				   "ptp4l-socket", ptp4l_path),
			 err, sizeof(err), &v);
	TAP_OK(!rc && !err[0] && !v && n_sent == 1 && sent_measure(0, tb) &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_METHOD) == DCB_HDRM_METHOD_PTP4L &&
	       attr_u32(tb, DCB_HDRM_A_MEASURE_PEER_DELAY) == 40 &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_PEER_DELAY_HW) == 1 &&
	       !tb[DCB_HDRM_A_MEASURE_PTP_DOMAIN] &&
	       !tb[DCB_HDRM_A_MEASURE_PTP_SDO] &&
	       attr_u32(tb, DCB_HDRM_A_MEASURE_COUNT) == 1,
	       "measure request: method ptp4l, peer-delay 40, peer-delay-hw 1, the domain and SDO ptp4l's alone (%d, %d, \"%s\")",
	       rc, v, err);
	stub_reset();

	/* auto: ptp4l's 1234.5 ns, software timestamps */
	f = ptp4l_eth9(PMC_DELAY_P2P, NS16(1234) + 0x8000, PMC_TS_SOFTWARE);
	stub_measure_ok();
	rc = measure_req(&f, WORDS("ptp4l-socket", ptp4l_path), err,
			 sizeof(err), &v);
	TAP_OK(!rc && !err[0] && !v && n_sent == 1 && sent_measure(0, tb) &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_METHOD) == DCB_HDRM_METHOD_PTP4L &&
	       attr_u32(tb, DCB_HDRM_A_MEASURE_PEER_DELAY) == 1235 &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_PEER_DELAY_HW) == 0,
	       "measure request: auto takes ptp4l's peer delay, 1235 ns, software (%d, %d)",
	       rc, v);
	stub_reset();

	/*
	 * auto: ptp4l runs E2E on the device, and would fault its port on
	 * the answers to peer delay requests: hdrm alone, nothing said
	 */
	f = ptp4l_eth9(PMC_DELAY_E2E, 0, 1);
	stub_measure_ok();
	rc = measure_req(&f, WORDS("ptp-domain", "3", "ptp4l-socket",
				   ptp4l_path), err, sizeof(err), &v);
	TAP_OK(!rc && !err[0] && n_sent == 1 && sent_measure(0, tb) &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_METHOD) == DCB_HDRM_METHOD_HDRM &&
	       !tb[DCB_HDRM_A_MEASURE_PEER_DELAY] &&
	       !tb[DCB_HDRM_A_MEASURE_PEER_DELAY_HW] &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_PTP_DOMAIN) == 3,
	       "measure request: auto, ptp4l E2E on the device: hdrm alone, nothing said (%d, \"%s\")",
	       rc, err);
	stub_reset();

	/* method pdelay beside that ptp4l: refused, nothing sent */
	f = ptp4l_eth9(PMC_DELAY_E2E, 0, 1);
	stub_measure_ok();
	rc = measure_req(&f, WORDS("method", "pdelay", "ptp4l-socket",
				   ptp4l_path), err, sizeof(err), &v);
	TAP_OK(rc == 2 && n_sent == 0 &&
	       strstr(err, "ptp4l runs eth9 (delayMechanism E2E), and would take the answers to our peer delay requests for rogue ones"),
	       "measure request: method pdelay beside ptp4l E2E: refused (%d, %d sent, \"%s\")",
	       rc, n_sent, err);
	stub_reset();

	/* auto with push, or 2ts: a dcb_hdrm peer wanted, ptp4l not asked */
	f = ptp4l_eth9(PMC_DELAY_P2P, NS16(40), 1);
	f.unasked = true;
	stub_measure_ok();
	rc = measure_req(&f, WORDS("push", "ptp4l-socket", ptp4l_path), err,
			 sizeof(err), &v);
	TAP_OK(!rc && !v && n_sent == 1 && sent_measure(0, tb) &&
	       !tb[DCB_HDRM_A_MEASURE_METHOD] &&
	       !tb[DCB_HDRM_A_MEASURE_PEER_DELAY] &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_PUSH) == 1,
	       "measure request: auto with push: ptp4l not asked (%d, %d)", rc, v);
	stub_reset();
	stub_measure_ok();
	rc = measure_req(&f, WORDS("mode", "2ts", "ptp4l-socket", ptp4l_path),
			 err, sizeof(err), &v);
	TAP_OK(!rc && !v && n_sent == 1 && sent_measure(0, tb) &&
	       !tb[DCB_HDRM_A_MEASURE_METHOD],
	       "measure request: auto with mode 2ts: ptp4l not asked (%d, %d)",
	       rc, v);
	stub_reset();

	/* a module before method ptp4l: auto asked again as it was */
	f = ptp4l_eth9(PMC_DELAY_P2P, NS16(40), 1);
	f.domain = 24;
	stub_answer_once(DCB_HDRM_CMD_MEASURE, -ERANGE);
	stub_measure_ok();
	rc = measure_req(&f, WORDS("ptp-domain", "24", "ptp4l-socket",
				   ptp4l_path), err, sizeof(err), &v);
	TAP_OK(!rc && !err[0] && !v && n_sent == 2 && sent_measure(0, tb) &&
	       sent_measure(1, tb2) &&
	       attr_u8(tb, DCB_HDRM_A_MEASURE_METHOD) == DCB_HDRM_METHOD_PTP4L &&
	       !tb[DCB_HDRM_A_MEASURE_PTP_DOMAIN] &&
	       !tb2[DCB_HDRM_A_MEASURE_METHOD] &&
	       !tb2[DCB_HDRM_A_MEASURE_PEER_DELAY] &&
	       !tb2[DCB_HDRM_A_MEASURE_PEER_DELAY_HW] &&
	       attr_u8(tb2, DCB_HDRM_A_MEASURE_PTP_DOMAIN) == 24,
	       "measure request: a module before ptp4l refuses it, auto asked as it was (%d, %u sent)",
	       rc, n_sent);
	stub_reset();
	stub_answer_once(DCB_HDRM_CMD_MEASURE, -EINVAL);
	stub_measure_ok();
	rc = measure_req(&f, WORDS("method", "auto", "ptp-domain", "24",
				   "ptp4l-socket", ptp4l_path),
			 err, sizeof(err), &v);
	TAP_OK(!rc && n_sent == 2 && sent_measure(1, tb2) &&
	       attr_u8(tb2, DCB_HDRM_A_MEASURE_METHOD) == DCB_HDRM_METHOD_AUTO &&
	       !tb2[DCB_HDRM_A_MEASURE_PEER_DELAY],
	       "measure request: \"method auto\" said again (%d, %u sent)", rc,
	       n_sent);
	stub_reset();

	/* method ptp4l asked of such a module: its refusal */
	stub_answer_once(DCB_HDRM_CMD_MEASURE, -ERANGE);
	stub_measure_ok();
	rc = measure_req(&f, WORDS("method", "ptp4l", "ptp-domain", "24",
				   "ptp4l-socket", ptp4l_path),
			 err, sizeof(err), &v);
	TAP_OK(rc == EXIT_KERNEL && n_sent == 1 &&
	       strstr(err, "eth9: Numerical result out of range"),
	       "measure request: method ptp4l refused by a module before it, not asked again (%d, \"%s\")",
	       rc, err);
	stub_reset();
	rmdir(ptp4l_dir);
}

/* ---- simulate ---- */

struct sim_case {
	const char *const *argv;
	int argc;
};

static void sim_cmd(const void *arg)
{
	const struct sim_case *c = arg;

	hdrm_cmd_simulate(&g, c->argc, (char **)c->argv);
}

static void sim_result(const void *arg)
{
	void (*fix)(struct result *r) = *(void (*const *)(struct result *))arg;
	struct result r;

	fix(&r);
	if (g.json)
		JSON_DOC(sim_result_json(&g.jw, &r));
	else
		sim_result_text(&r);
}

static void golden_simulate(void)
{
	const struct sim_case cases[] = {
		{ CMD("speed", "100000", "rtt-ns", "1000") },
		{ CMD("speed", "25000", "cable-m", "100.5", "cell", "96",
		      "small-packet-percent", "50") },
		{ CMD("speed", "100000", "rtt-ns", "2000", "link-rtt-ns",
		      "5000", "pattern", "all") },
		{ CMD("speed", "10000", "cable-m", "3", "pattern", "512",
		      "other", "1500", "headroom", "64K", "k", "1024",
		      "precision", "20", "mtu", "9000") },
		{ CMD("speed", "400000", "rtt-ns", "500", "pattern", "min",
		      "max-frame", "4096", "link-frame", "9216", "cell", "208") },
		{ CMD("speed", "100000", "link-cable-m", "300", "cable-m", "7",
		      "pattern", "mix", "headroom", "1K") },
		{ CMD("speed", "100000") },
	};
	static const char *const names[] = {
		"100G, 1 us", "25G, 100.5 m, cells", "all patterns, another link",
		"a frame size, another priority's frames, a headroom",
		"400G, min, cells", "mix, a short headroom",
		"no round trip given",
	};
	static void (*const rf[])(struct result *r) = {
		r_fix_local, r_fix_peer, r_fix_2ts, r_fix_noprio,
	};
	static const char *const rnames[] = {
		"result: local", "result: pushed", "result: 2ts",
		"result: no priority",
	};
	unsigned int i;

	cur_obj = "simulate";
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		run(names[i], i == 2 ? F_PRETTY : 0, sim_cmd, &cases[i]);
	for (i = 0; i < ARRAY_SIZE(rf); i++)
		run(rnames[i], 0, sim_result, &rf[i]);
}

/* ---- show: the last result against the device ---- */

struct show_case {
	const char *name;
	const char *const *argv;
	int argc;
	void (*fix)(struct result *r);
	int peer;			/* peers[] */
	int last;			/* 0: none; 1: generic; 2: mlx5; 3: none; 4: clamped */
	int err;
};

/* the device as dev-get describes it to show (a dev_view) */
static void show_dev(struct nl_msg *m, const struct show_case *c)
{
	struct hdrm_peer_info peer = peers[c->peer];
	struct result last;
	struct dev_info d;

	dev_fix_full(&d);
	d.peer = peer;
	if (c->last) {
		r_fix_local(&last);
		last.session = 40;
		last.prio[6].unsized = false;
	}
	switch (c->last) {
	case 2:
		last.manual = (struct manual_info){
			.present = true, .model = DCB_HDRM_MODEL_MLX5,
			.has_delay = true, .delay = 25,
			.delay_unit = DCB_HDRM_DELAY_UNIT_METRES,
			.grow_mask = 0x2, .grow = { [1] = 140000 },
			.take_mask = 0x1, .take = { [0] = 261120 },
		};
		break;
	case 3:
		last.manual = (struct manual_info){
			.present = true, .model = DCB_HDRM_MODEL_NONE,
		};
		break;
	case 4:
		last.manual = (struct manual_info){
			.present = true, .model = DCB_HDRM_MODEL_MLXSW,
			.error = ERANGE,
			.rule = DCB_HDRM_APPLY_RULE_CLAMPED_CEILING,
			.rule_have = 40000, .rule_need = 61000,
		};
		break;
	}
	put_dev(m, &d, c->last ? &last : NULL);
}

static void show_cmd(const void *arg)
{
	const struct show_case *c = arg;
	struct result r;

	stub_reset();
	stub_answer(DCB_HDRM_CMD_RESULT_GET, c->err);
	c->fix(&r);
	put_result(stub_reply(), &r);
	stub_answer(DCB_HDRM_CMD_DEV_GET, 0);
	show_dev(stub_reply(), c);
	hdrm_cmd_show(&g, c->argc, (char **)c->argv);
	stub_reset();
}

static const struct show_case show_cases[] = {
	{ "plain", CMD("dev", "eth9"), r_fix_local, 1, 0 },
	{ "simulate", CMD("dev", "eth9", "simulate"), r_fix_local, 1, 0 },
	{ "2ts, no peer", CMD("dev", "eth9"), r_fix_2ts, 0, 0 },
	{ "manual, buffer sizes, by lldp", CMD("dev", "eth9"), r_fix_local, 2, 1 },
	{ "manual, mlx5, by lldp", CMD("dev", "eth9"), r_fix_local, 2, 2 },
	{ "manual, model none, in-band", CMD("dev", "eth9"), r_fix_local, 4, 3 },
	{ "manual, mlxsw out of range", CMD("dev", "eth9", "simulate"), r_fix_peer, 2, 4 },
	{ "manual, never measured", CMD("dev", "eth9"), r_fix_noreply, 2, 0 },
	{ "refused", CMD("dev", "eth9"), r_fix_local, 1, 0, -ENODATA },
	{ "method pdelay", CMD("dev", "eth9"), r_fix_pdelay, 0, 0 },
	{ "method hdrm", CMD("dev", "eth9"), r_fix_hdrm, 1, 0 },
	{ "method ptp4l", CMD("dev", "eth9"), r_fix_ptp4l, 0, 0 },
};

static void golden_show(void)
{
	unsigned int i;

	cur_obj = "show";
	for (i = 0; i < ARRAY_SIZE(show_cases); i++)
		run(show_cases[i].name, i == 1 ? F_PRETTY : 0, show_cmd,
		    &show_cases[i]);
}

/* ---- monitor: a notification each ---- */

#define MON_FAMILY	0x1d

struct mon_case {
	const char *name;
	uint8_t cmd;
	void (*fix)(struct result *r);
	int push;			/* pushes[], or -1 */
	int apply;			/* ap_cases[], or -1 */
	uint32_t only;			/* monitor dev: this ifindex only */
};

static void mon_print(const void *arg)
{
	const struct mon_case *c = arg;
	struct nl_msg *m = nlmsg_alloc();
	struct result r;
	struct dev_info d;
	struct wd_info w;

	if (!m || !genlmsg_put(m, 0, 0, MON_FAMILY, 0, 0, c->cmd, 1))
		exit(2);
	switch (c->cmd) {
	case DCB_HDRM_CMD_WATCHDOG_NTF:
		/* apply 28: a module with storm-limit (issue 28) */
		if (c->apply == 28)
			wd_fix_28(&w);
		else
			wd_fix_full(&w);
		w.has_event = c->push != 0;
		w.event = c->push > 0 ? c->push - 1 : 0;
		w.event_prio = 3;
		put_wd(m, &w);
		break;
	case DCB_HDRM_CMD_PEER_NTF:
		dev_fix_full(&d);
		d.peer = peers[c->push];
		r_fix_local(&r);
		r.session = 40;
		put_dev(m, &d, c->apply ? &r : NULL);
		break;
	default:
		c->fix(&r);
		if (c->push >= 0)
			r.push = pushes[c->push];
		if (c->apply >= 0)
			ap_fix(&ap_cases[c->apply], &r.applied);
		put_result(m, &r);
	}
	golden_mon_event(&g, m, MON_FAMILY, c->only);
	nlmsg_free(m);
}

static const struct mon_case mon_cases[] = {
	{ "result", DCB_HDRM_CMD_RESULT_NTF, r_fix_local, -1, -1 },
	{ "result, software timestamps", DCB_HDRM_CMD_RESULT_NTF, r_fix_2ts, -1, -1 },
	{ "result, failed", DCB_HDRM_CMD_RESULT_NTF, r_fix_noreply, -1, -1 },
	{ "result, pushed by the peer", DCB_HDRM_CMD_RESULT_NTF, r_fix_peer, -1, -1 },
	{ "result, no priority", DCB_HDRM_CMD_RESULT_NTF, r_fix_noprio, -1, -1 },
	{ "result of another device", DCB_HDRM_CMD_RESULT_NTF, r_fix_local, -1, -1, 3 },
	{ "result of this device", DCB_HDRM_CMD_RESULT_NTF, r_fix_local, -1, -1, 7 },
	{ "apply", DCB_HDRM_CMD_APPLY_NTF, r_fix_local, -1, 5 },
	{ "apply, delay clamped", DCB_HDRM_CMD_APPLY_NTF, r_fix_local, -1, 2 },
	{ "apply, failed", DCB_HDRM_CMD_APPLY_NTF, r_fix_local, -1, 20 },
	{ "apply, failed by a rule", DCB_HDRM_CMD_APPLY_NTF, r_fix_local, -1, 13 },
	{ "apply, none", DCB_HDRM_CMD_APPLY_NTF, r_fix_local, -1, 0 },
	{ "push, applied", DCB_HDRM_CMD_PUSH_NTF, r_fix_local, 2, -1 },
	{ "push, refused", DCB_HDRM_CMD_PUSH_NTF, r_fix_local, 10, -1 },
	{ "push, no answer", DCB_HDRM_CMD_PUSH_NTF, r_fix_local, 15, -1 },
	{ "push, pending", DCB_HDRM_CMD_PUSH_NTF, r_fix_local, 1, -1 },
	{ "push, none", DCB_HDRM_CMD_PUSH_NTF, r_fix_local, 0, -1 },
	{ "watchdog storm", DCB_HDRM_CMD_WATCHDOG_NTF, NULL, 1 + DCB_HDRM_WD_EVENT_STORM },
	{ "watchdog stopped", DCB_HDRM_CMD_WATCHDOG_NTF, NULL, 1 + DCB_HDRM_WD_EVENT_STOPPED },
	{ "watchdog, no event", DCB_HDRM_CMD_WATCHDOG_NTF, NULL, 0 },
	{ "peer, in-band", DCB_HDRM_CMD_PEER_NTF, NULL, 3, 1 },
	{ "peer, lldp, never measured", DCB_HDRM_CMD_PEER_NTF, NULL, 2, 0 },
	{ "result, method pdelay", DCB_HDRM_CMD_RESULT_NTF, r_fix_pdelay, -1, -1 },
	{ "result, method hdrm", DCB_HDRM_CMD_RESULT_NTF, r_fix_hdrm, -1, -1 },
	{ "result, pdelay failed", DCB_HDRM_CMD_RESULT_NTF, r_fix_pdelay_noreply, -1, -1 },
	{ "apply, method pdelay", DCB_HDRM_CMD_APPLY_NTF, r_fix_pdelay, -1, 5 },
	{ "result, method ptp4l", DCB_HDRM_CMD_RESULT_NTF, r_fix_ptp4l, -1, -1 },
	{ "watchdog held", DCB_HDRM_CMD_WATCHDOG_NTF, NULL, 1 + DCB_HDRM_WD_EVENT_HELD, 28 },
	{ "watchdog recovered", DCB_HDRM_CMD_WATCHDOG_NTF, NULL, 1 + DCB_HDRM_WD_EVENT_RECOVERED, 28 },
	{ "watchdog restore-failed", DCB_HDRM_CMD_WATCHDOG_NTF, NULL, 1 + DCB_HDRM_WD_EVENT_RESTORE_FAILED, 28 },
};

static void golden_monitor(void)
{
	unsigned int i;

	cur_obj = "monitor";
	for (i = 0; i < ARRAY_SIZE(mon_cases); i++)
		run(mon_cases[i].name,
		    i == 0 || i == 17 || i == 20 || i == 22 ? F_PRETTY : 0,
		    mon_print, &mon_cases[i]);
}

/* ---- lldp ---- */

struct lldp_case {
	const char *name;
	const char *const *argv;
	int argc;
	bool auto_hdrm;
	struct hdrm_dcbx_pfc peer;	/* what the peer's LLDPDU says */
	bool ignored;			/* a frame without the TLV first */
};

static unsigned char lldp_frame[14 + HDRM_LLDPDU_MAX];
static unsigned char lldp_junk[64], lldp_out[64];

static void lldp_cmd(const void *arg)
{
	static const unsigned char mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	const struct lldp_case *c = arg;
	struct hdrm_dcb_state st;
	struct dev_info d;
	unsigned int n;

	stub_reset();
	stub_answer(DCB_HDRM_CMD_DEV_GET, 0);
	dev_fix_full(&d);
	d.auto_hdrm = c->auto_hdrm;
	st_fix_full(&st);
	d.dcb_state = st;
	put_dev(stub_reply(), &d, NULL);
	stub_answer(DCB_HDRM_CMD_DEV_SET, 0);

	memset(lldp_frame, 0, sizeof(lldp_frame));
	lldp_frame[12] = HDRM_LLDP_ETHERTYPE >> 8;
	lldp_frame[13] = HDRM_LLDP_ETHERTYPE & 0xff;
	n = hdrm_lldpdu_build(lldp_frame + 14, sizeof(lldp_frame) - 14, mac,
			      120, &c->peer);
	golden_lldp_rx_n = 0;
	if (c->ignored) {
		golden_lldp_rx[golden_lldp_rx_n++] =
			(struct golden_frame){ lldp_out, sizeof(lldp_out), true };
		golden_lldp_rx[golden_lldp_rx_n++] =
			(struct golden_frame){ lldp_junk, sizeof(lldp_junk) };
		golden_lldp_rx[golden_lldp_rx_n++] =
			(struct golden_frame){ lldp_junk, 10 };
	}
	golden_lldp_rx[golden_lldp_rx_n++] =
		(struct golden_frame){ lldp_frame, 14 + n };
	hdrm_cmd_lldp(&g, c->argc, (char **)c->argv);
	stub_reset();
}

static const struct lldp_case lldp_cases[] = {
	{ "send", CMD("send", "dev", "eth9"), true },
	{ "send cee, bit clear", CMD("send", "dev", "eth9", "dcbx", "cee", "ttl", "30"), false },
	{ "send cin", CMD("send", "dev", "eth9", "dcbx", "cin"), true },
	{ "listen ieee", CMD("listen", "dev", "eth9"), true,
	  { .variant = HDRM_DCBX_IEEE, .auto_hdrm = true, .willing = true,
	    .cap = 8, .pfc_en = 0x18 } },
	{ "listen cee, others ignored", CMD("listen", "dev", "eth9", "timeout", "5"), true,
	  { .variant = HDRM_DCBX_CEE, .cap = 4, .pfc_en = 0x08,
	    .enable = true, .seq = 1 }, true },
	{ "listen cin", CMD("listen", "dev", "eth9"), true,
	  { .variant = HDRM_DCBX_CIN, .auto_hdrm = true, .pfc_en = 0xff,
	    .enable = true, .willing = true, .seq = 3 } },
};

static void golden_lldp(void)
{
	unsigned int i;

	cur_obj = "lldp";
	for (i = 0; i < ARRAY_SIZE(lldp_cases); i++)
		run(lldp_cases[i].name, i == 3 ? F_PRETTY : 0, lldp_cmd,
		    &lldp_cases[i]);
}

/* ---- the goldens ---- */

static char golden_dir[PATH_MAX];

static const char *const objs[] = {
	"watchdog", "dev", "peer", "dcbstate", "result", "report", "hwtstamp",
	"measure", "simulate", "show", "monitor", "lldp",
};

/* Writes each object's sections to @dir/<object>.out. */
static int write_goldens(const char *dir)
{
	unsigned int i, j;
	char path[PATH_MAX + 64];
	FILE *f;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		snprintf(path, sizeof(path), "%s/%s.out", dir, objs[i]);
		f = fopen(path, "w");
		if (!f) {
			perror(path);
			return 1;
		}
		for (j = 0; j < n_sect; j++) {
			if (strcmp(sect[j].obj, objs[i]))
				continue;
			fprintf(f, "### %s (%zu bytes)\n", sect[j].name,
				sect[j].len);
			fwrite(sect[j].data, 1, sect[j].len, f);
			fputc('\n', f);
		}
		fclose(f);
	}
	printf("wrote %u sections to %s\n", n_sect, dir);
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	if (getdelim(&buf, &cap, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	*len = buf ? ftell(f) : 0;
	fclose(f);
	return buf;
}

/* The first line where @a and @b differ, as diagnostics. */
static void show_diff(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i, line = 1, start = 0;

	for (i = 0; i < alen && i < blen && a[i] == b[i]; i++)
		if (a[i] == '\n') {
			line++;
			start = i + 1;
		}
	printf("# first difference on line %zu:\n# golden: %.*s\n# now:    %.*s\n",
	       line, (int)strcspn(b + start, "\n"), b + start,
	       (int)strcspn(a + start, "\n"), a + start);
}

struct golden {
	const char *name;
	const char *data;
	size_t len;
	bool used;
};

/*
 * A golden file's sections: a header "### name (N bytes)", N bytes, a
 * newline. The headers are cut into names in place.
 */
static unsigned int parse_golden(char *file, size_t flen, struct golden *gs,
				 unsigned int max)
{
	char *p = file, *end = file + flen, *nl, *paren;
	unsigned int n = 0;

	while (p < end && n < max) {
		nl = memchr(p, '\n', end - p);
		if (!nl || strncmp(p, "### ", 4))
			break;
		*nl = '\0';
		paren = strrchr(p, '(');
		if (!paren || paren < p + 5)
			break;
		gs[n].len = strtoul(paren + 1, NULL, 10);
		paren[-1] = '\0';
		gs[n].name = p + 4;
		gs[n].data = nl + 1;
		gs[n].used = false;
		if (gs[n].len >= (size_t)(end - gs[n].data))
			break;
		p = nl + 1 + gs[n].len + 1;
		n++;
	}
	return n;
}

/* Each section against its golden, by name; and no golden left over. */
static void check_goldens(void)
{
	static struct golden gs[MAX_SECTIONS];
	unsigned int i, j, k, n, sections = 0;
	size_t flen, bytes = 0;
	char path[PATH_MAX + 64];
	struct golden *gd;
	char *file;
	bool ok;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		snprintf(path, sizeof(path), "%s/%s.out", golden_dir, objs[i]);
		file = slurp(path, &flen);
		TAP_OK(file != NULL, "golden %s: %s read", objs[i], path);
		if (!file)
			continue;
		n = parse_golden(file, flen, gs, MAX_SECTIONS);
		for (j = 0; j < n_sect; j++) {
			if (strcmp(sect[j].obj, objs[i]))
				continue;
			gd = NULL;
			for (k = 0; k < n && !gd; k++)
				if (!gs[k].used && !strcmp(gs[k].name, sect[j].name))
					gd = &gs[k];
			if (!gd) {
				TAP_OK(false, "golden %s: %s: not in the golden file",
				       objs[i], sect[j].name);
				continue;
			}
			gd->used = true;
			ok = gd->len == sect[j].len &&
			     !memcmp(gd->data, sect[j].data, gd->len);
			TAP_OK(ok, "golden %s: %s (%zu bytes)", objs[i],
			       sect[j].name, gd->len);
			if (!ok)
				show_diff(sect[j].data, sect[j].len, gd->data,
					  gd->len);
			bytes += gd->len;
			sections++;
		}
		for (k = 0; k < n; k++)
			if (!gs[k].used)
				TAP_OK(false, "golden %s: %s: no longer printed",
				       objs[i], gs[k].name);
		free(file);
	}
	printf("# %u cases: %u sections, %zu bytes the same as the goldens\n",
	       n_cases, sections, bytes);
}

/* @why's lines as diagnostics */
static void print_why(const char *why)
{
	const char *nl;

	for (; *why; why = nl + 1) {
		nl = strchr(why, '\n');
		if (!nl) {
			printf("# %s\n", why);
			break;
		}
		printf("# %.*s\n", (int)(nl - why), why);
	}
}

/* Each case's text against its JSON, by the object's table (agree.c). */
static void check_agreement(void)
{
	unsigned int i, j, cases = 0, n[3] = { 0 };
	char name[512], why[4096];
	const char *colon;
	bool ok;

	for (i = 0; i < n_sect; i++) {
		colon = strrchr(sect[i].name, ':');
		if (!colon || strcmp(colon, ": text"))
			continue;
		snprintf(name, sizeof(name), "%.*s: json",
			 (int)(colon - sect[i].name), sect[i].name);
		for (j = 0; j < n_sect; j++)
			if (!strcmp(sect[j].obj, sect[i].obj) &&
			    !strcmp(sect[j].name, name))
				break;
		if (j == n_sect)
			continue;
		ok = agree(sect[i].obj, sect[i].data, sect[j].data, why,
			   sizeof(why), n);
		TAP_OK(ok, "agree %s: %.*s", sect[i].obj,
		       (int)(colon - sect[i].name), sect[i].name);
		if (!ok)
			print_why(why);
		cases++;
	}
	printf("# %u cases: text and JSON agree: %u JSON members with a row, %u of them compared with the text; %u of the text's figures with a member\n",
	       cases, n[0], n[1], n[2]);
}

/* ---- what lldp listen records in the module ---- */

/* The @i-th request sent, a dev-set's: its peer-auto-hdrm, or -1. */
static long long sent_peer_word(unsigned int i)
{
	struct nlattr *tb[DCB_HDRM_A_DEV_MAX + 1];
	struct nlmsghdr *nlh;

	if (i >= n_sent)
		return -1;
	nlh = nlmsg_hdr(stub_sent[i]);
	if (((struct genlmsghdr *)nlmsg_data(nlh))->cmd != DCB_HDRM_CMD_DEV_SET ||
	    genlmsg_parse(nlh, 0, tb, DCB_HDRM_A_DEV_MAX, NULL) ||
	    attr_u32(tb, DCB_HDRM_A_DEV_IFINDEX) != 7)
		return -1;
	return attr_u8(tb, DCB_HDRM_A_DEV_PEER_AUTO_HDRM);
}

/*
 * lldp listen @argv (after "listen dev", at most 4 more words) with the
 * raw frames queued and golden_lldpd as set: its exit status, the first
 * line of its stderr into @err; the module's answer to dev-set is yes.
 */
static int lldp_listen_run(const char *dev, const char *const *more,
			   char *err, size_t len)
{
	const char *argv[8] = { "listen", "dev", dev };
	struct redirect r;
	int argc = 3, rc;

	while (more && *more && argc < 7)
		argv[argc++] = *more++;
	stub_reset();
	stub_answer(DCB_HDRM_CMD_DEV_SET, 0);
	memset(&g, 0, sizeof(g));
	g.nl_open = true;
	redirect_begin(&r);
	jw_init(&g.jw, r.o, false);
	rc = hdrm_cmd_lldp(&g, argc, (char **)argv);
	redirect_end(&r);
	snprintf(err, len, "%.*s", (int)strcspn(r.ebuf ? r.ebuf : "", "\n"),
		 r.ebuf ? r.ebuf : "");
	free(r.obuf);
	free(r.ebuf);
	return rc;
}

/* lldpcli's JSON, captured beside this program (tests/lldpd/) */
static char *lldpd_capture(const char *name)
{
	char path[PATH_MAX + 64];
	size_t len;
	char *text;

	snprintf(path, sizeof(path), "%s/../lldpd/%s", golden_dir, name);
	text = slurp(path, &len);
	if (!text) {
		perror(path);
		exit(2);
	}
	return text;
}

/*
 * The word lldp listen sends with dev-set: the bit as heard, raw and
 * through lldpd; withdrawn when lldpd's neighbour sends no PFC TLV when
 * the time is up, or a shutdown LLDPDU arrives raw; nothing at all
 * when lldpd has no neighbour.
 */
static void test_lldp_record(void)
{
	static const unsigned char mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	static const char *const t1[] = { "timeout", "1", NULL };
	static const char *const raw[] = { "agent", "raw", NULL };
	static unsigned char nopfc[14 + HDRM_LLDPDU_MAX], bye[14 + HDRM_LLDPDU_MAX];
	static const char port_vb[] =
		"{\"lldp\":{\"interface\":{\"vb\":{\"status\":\"RX and TX\"}}}}";
	const struct hdrm_dcbx_pfc clear = {
		.variant = HDRM_DCBX_IEEE, .cap = 8, .pfc_en = 0x08,
	};
	char *nbr_none, *nbr_ieee, *nbr_absent;
	unsigned int n;
	char err[512];
	int rc;

	/* raw: the bit clear, then set, as the module's enum says */
	memset(lldp_frame, 0, sizeof(lldp_frame));
	lldp_frame[12] = HDRM_LLDP_ETHERTYPE >> 8;
	lldp_frame[13] = HDRM_LLDP_ETHERTYPE & 0xff;
	memcpy(nopfc, lldp_frame, 14);
	memcpy(bye, lldp_frame, 14);
	n = hdrm_lldpdu_build(lldp_frame + 14, sizeof(lldp_frame) - 14, mac,
			      120, &clear);
	golden_lldp_rx_n = 0;
	golden_lldp_rx[golden_lldp_rx_n++] =
		(struct golden_frame){ lldp_frame, 14 + n };
	rc = lldp_listen_run("eth9", raw, err, sizeof(err));
	TAP_OK(!rc && !err[0] && n_sent == 1 &&
	       sent_peer_word(0) == DCB_HDRM_LLDP_AUTO_HDRM_OFF,
	       "lldp listen, raw, the bit clear: dev-set peer-auto-hdrm off (%d, %lld, \"%s\")",
	       rc, sent_peer_word(0), err);
	stub_reset();
	lldp_frame[14 + 22 + 6] |= HDRM_IEEE_AUTO_HDRM;
	rc = lldp_listen_run("eth9", raw, err, sizeof(err));
	TAP_OK(!rc && !err[0] && n_sent == 1 &&
	       sent_peer_word(0) == DCB_HDRM_LLDP_AUTO_HDRM_ON,
	       "lldp listen, raw, the bit set: dev-set peer-auto-hdrm on (%d, %lld, \"%s\")",
	       rc, sent_peer_word(0), err);
	stub_reset();

	/*
	 * raw: an LLDPDU without the TLV is ignored, the shutdown LLDPDU
	 * after it (lldp stop's, TTL 0) withdraws
	 */
	n = hdrm_lldpdu_build(nopfc + 14, sizeof(nopfc) - 14, mac, 120, &clear);
	nopfc[14 + 22] = HDRM_LLDP_TLV_END;
	nopfc[14 + 23] = 0;
	n = hdrm_lldpdu_build(bye + 14, sizeof(bye) - 14, mac, 120, NULL);
	golden_lldp_rx_n = 0;
	golden_lldp_rx[golden_lldp_rx_n++] =
		(struct golden_frame){ nopfc, 14 + 24 };
	golden_lldp_rx[golden_lldp_rx_n++] = (struct golden_frame){ bye, 14 + n };
	rc = lldp_listen_run("eth9", NULL, err, sizeof(err));
	TAP_OK(rc == EXIT_NOREPLY && n_sent == 1 &&
	       sent_peer_word(0) == DCB_HDRM_LLDP_AUTO_HDRM_WITHDRAWN &&
	       !strcmp(err, "dcb-hdrm: eth9: the neighbour on eth9 sent a shutdown LLDPDU (TTL 0): what LLDP said of the peer is withdrawn"),
	       "lldp listen, raw, a shutdown LLDPDU after one without the TLV: dev-set peer-auto-hdrm withdrawn, status 4, one line (%d, %lld, \"%s\")",
	       rc, sent_peer_word(0), err);
	stub_reset();
	golden_lldp_rx_n = 0;

	/* lldpd: a neighbour with the IEEE TLV, the bit set ("28,08") */
	nbr_ieee = lldpd_capture("nbr-ieee.json");
	nbr_none = lldpd_capture("nbr-none.json");
	nbr_absent = lldpd_capture("port-absent.json");
	golden_lldpd = (struct golden_lldpd){ port_vb, nbr_ieee };
	rc = lldp_listen_run("vb", t1, err, sizeof(err));
	TAP_OK(!rc && !err[0] && n_sent == 1 &&
	       sent_peer_word(0) == DCB_HDRM_LLDP_AUTO_HDRM_ON,
	       "lldp listen, lldpd, the neighbour's TLV with the bit: dev-set peer-auto-hdrm on (%d, %lld, \"%s\")",
	       rc, sent_peer_word(0), err);
	stub_reset();

	/* lldpd: the neighbour stays, its TLV is gone (the far end's stop) */
	golden_lldpd = (struct golden_lldpd){ port_vb, nbr_none };
	rc = lldp_listen_run("vb", t1, err, sizeof(err));
	TAP_OK(rc == EXIT_NOREPLY && n_sent == 1 &&
	       sent_peer_word(0) == DCB_HDRM_LLDP_AUTO_HDRM_WITHDRAWN &&
	       golden_lldpd.calls >= 3 &&
	       !strcmp(err, "dcb-hdrm: vb: lldpd's neighbour on vb sends no PFC TLV (1 without one, for 1 s): what LLDP said of the peer is withdrawn"),
	       "lldp listen, lldpd, a neighbour without the TLV for the whole timeout: dev-set peer-auto-hdrm withdrawn, status 4, one line (%d, %lld, %u calls, \"%s\")",
	       rc, sent_peer_word(0), golden_lldpd.calls, err);
	stub_reset();

	/* lldpd: no neighbour at all: nothing withdrawn */
	golden_lldpd = (struct golden_lldpd){ port_vb, nbr_absent };
	rc = lldp_listen_run("vb", t1, err, sizeof(err));
	TAP_OK(rc == EXIT_NOREPLY && n_sent == 0 &&
	       !strcmp(err, "dcb-hdrm: vb: lldpd has no neighbour on vb with a PFC TLV in 1 s (0 without one)"),
	       "lldp listen, lldpd, no neighbour: no dev-set, status 4, one line (%d, %u sent, \"%s\")",
	       rc, n_sent, err);
	stub_reset();
	golden_lldpd = (struct golden_lldpd){ NULL };
	free(nbr_ieee);
	free(nbr_none);
	free(nbr_absent);
}

int main(int argc, char **argv)
{
	char self[PATH_MAX];

	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(golden_dir, sizeof(golden_dir), "%s/golden", dirname(self));

	golden_watchdog();
	golden_dev();
	golden_peer();
	golden_dcbstate();
	golden_result();
	golden_report();
	golden_hwtstamp();
	golden_measure();
	golden_simulate();
	golden_show();
	golden_monitor();
	golden_lldp();
	test_measure_request();
	test_lldp_record();

	if (argc == 3 && !strcmp(argv[1], "-w"))
		return write_goldens(argv[2]);
	check_goldens();
	check_agreement();
	return tap_done();
}
