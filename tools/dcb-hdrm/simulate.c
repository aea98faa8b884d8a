// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm simulate: what-if for a link not yet measured. The headroom the
 * module would recommend for a round trip (hdrm_headroom(), the same code
 * the module runs), and the PFC loop simulator's peak and drops for that
 * link (hdrm_sim_run()). Also the same simulation of a measured link, for
 * "show ... simulate" and "measure ... simulate".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hdrm_calc.h"
#include "hdrm_model.h"
#include "hdrm_sim.h"
#include "hdrm_wire.h"
#include "result.h"

/* "all" plays the four named patterns and reports each */
#define SIM_ALL		(HDRM_SIM_WORST + 1)

static const char *const pattern_names[] = {
	[HDRM_SIM_MAX] = "max",
	[HDRM_SIM_MIN] = "min",
	[HDRM_SIM_SIZE] = "size",
	[HDRM_SIM_MIX] = "mix",
	[HDRM_SIM_WORST] = "worst",
	[SIM_ALL] = "all",
};

static const uint8_t all_patterns[] = {
	HDRM_SIM_MAX, HDRM_SIM_MIN, HDRM_SIM_MIX, HDRM_SIM_WORST,
};

struct sim_args {
	uint32_t speed, precision, mtu, max_frame, link_frame, cell;
	uint32_t small_pct, k, pattern, size, other;
	uint64_t rtt, link_rtt;		/* recommended for; simulated */
	bool has_link_rtt;
	bool has_speed, has_rtt, has_max_frame, has_link_frame, has_k;
	bool has_headroom;
	uint64_t headroom;
};

static void sim_usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm simulate speed MBPS { rtt-ns NS | cable-m METRES }\n"
		"               [ link-rtt-ns NS | link-cable-m METRES ]\n"
		"               [ mtu BYTES ] [ max-frame SIZE ] [ link-frame SIZE ]\n"
		"               [ cell SIZE ] [ small-packet-percent PCT ] [ k { SIZE | auto } ]\n"
		"               [ precision NS ] [ pattern { max | min | mix | worst | all | SIZE } ]\n"
		"               [ other SIZE ] [ headroom SIZE ]\n"
		"       dcb-hdrm simulate help\n"
		"where  SIZE := bytes, or with a suffix: " HDRM_SIZE_SUFFIXES " (as dcb buffer)\n");
}

/* METRES with up to two decimals, as a round trip at 5 ns/m each way. */
static int parse_cable(const char *s, uint64_t *rtt)
{
	unsigned long long m, cm = 0;
	char *end;

	if (!s || *s < '0' || *s > '9')
		goto bad;
	m = strtoull(s, &end, 10);
	if (*end == '.') {
		const char *d = end + 1;
		int n = 0;

		while (*d >= '0' && *d <= '9' && n < 2) {
			cm = cm * 10 + (unsigned long long)(*d - '0');
			d++;
			n++;
		}
		if (n == 0 || *d)
			goto bad;
		if (n == 1)
			cm *= 10;
		end = (char *)d;
	}
	if (*end || m > HDRM_CALC_MAX_RTT_NS / 10)
		goto bad;
	cm += m * 100;
	/* 10 ns of round trip a metre: 0.1 ns a centimetre, rounded up */
	*rtt = DIV_ROUND_UP_ULL(cm, 10);
	if (*rtt > HDRM_CALC_MAX_RTT_NS)
		goto bad;
	return 0;
bad:
	hdrm_err("invalid cable-m \"%s\"; expected metres 0..%llu, with up to two decimals",
		 s ? s : "", (unsigned long long)HDRM_CALC_MAX_RTT_NS / 10);
	return -1;
}

static int parse_u64(const char *what, const char *s, uint64_t max,
		     uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (!s || *s < '0' || *s > '9')
		goto bad;
	v = strtoull(s, &end, 10);
	if (*end || v > max)
		goto bad;
	*out = v;
	return 0;
bad:
	hdrm_err("invalid %s \"%s\"; expected an integer 0..%llu", what,
		 s ? s : "", (unsigned long long)max);
	return -1;
}

static int sim_parse(int argc, char **argv, struct sim_args *a)
{
	const char *key, *val;
	uint64_t v;
	int err = 0;

	a->mtu = 1500;
	a->cell = 1;
	a->small_pct = 100;
	a->pattern = HDRM_SIM_WORST;
	while (argc > 0) {
		key = argv[0];
		if (hdrm_matches(key, "help")) {
			sim_usage(stdout);
			return 1;
		}
		if (argc < 2) {
			hdrm_err("simulate: \"%s\" needs a value", key);
			return -1;
		}
		val = argv[1];
		if (!strcmp(key, "speed")) {
			err = hdrm_parse_u32("speed", val, 1,
					     HDRM_CALC_MAX_SPEED_MBPS, &a->speed);
			a->has_speed = true;
		} else if (!strcmp(key, "rtt-ns") || !strcmp(key, "cable-m")) {
			if (a->has_rtt) {
				hdrm_err("simulate: give one of rtt-ns and cable-m, once");
				return -1;
			}
			err = key[0] == 'r' ?
			      parse_u64("rtt-ns", val, HDRM_CALC_MAX_RTT_NS,
					&a->rtt) :
			      parse_cable(val, &a->rtt);
			a->has_rtt = true;
		} else if (!strcmp(key, "link-rtt-ns") ||
			   !strcmp(key, "link-cable-m")) {
			if (a->has_link_rtt) {
				hdrm_err("simulate: give one of link-rtt-ns and link-cable-m, once");
				return -1;
			}
			err = key[5] == 'r' ?
			      parse_u64("link-rtt-ns", val,
					HDRM_CALC_MAX_RTT_NS, &a->link_rtt) :
			      parse_cable(val, &a->link_rtt);
			a->has_link_rtt = true;
		} else if (!strcmp(key, "mtu")) {
			err = hdrm_parse_u32("mtu", val, 68,
					     HDRM_CALC_MAX_FRAME - 22, &a->mtu);
		} else if (!strcmp(key, "max-frame")) {
			err = hdrm_parse_size_u32("max-frame", val, HDRM_MIN_FRAME,
					     HDRM_CALC_MAX_FRAME, &a->max_frame);
			a->has_max_frame = true;
		} else if (!strcmp(key, "link-frame")) {
			err = hdrm_parse_size_u32("link-frame", val, HDRM_MIN_FRAME,
					     HDRM_CALC_MAX_FRAME,
					     &a->link_frame);
			a->has_link_frame = true;
		} else if (!strcmp(key, "cell")) {
			err = hdrm_parse_size_u32("cell", val, 1, HDRM_CALC_MAX_CELL,
					     &a->cell);
		} else if (!strcmp(key, "small-packet-percent")) {
			err = hdrm_parse_u32("small-packet-percent", val, 0,
					     HDRM_CALC_MAX_SMALL_PCT,
					     &a->small_pct);
		} else if (!strcmp(key, "k")) {
			a->has_k = strcmp(val, "auto");
			if (a->has_k)
				err = hdrm_parse_size_u32("k", val, 0,
						     HDRM_CALC_MAX_K, &a->k);
		} else if (!strcmp(key, "precision")) {
			err = hdrm_parse_u32("precision", val, 0,
					     HDRM_CALC_MAX_PRECISION_NS,
					     &a->precision);
		} else if (!strcmp(key, "pattern")) {
			if (val[0] >= '0' && val[0] <= '9') {
				a->pattern = HDRM_SIM_SIZE;
				err = hdrm_parse_size_u32("pattern size", val,
						     HDRM_MIN_FRAME,
						     HDRM_CALC_MAX_FRAME,
						     &a->size);
			} else {
				err = hdrm_parse_word("pattern", val,
						      pattern_names,
						      SIM_ALL + 1,
						      &a->pattern);
				if (!err && a->pattern == HDRM_SIM_SIZE) {
					hdrm_err("invalid pattern \"size\"; give the frame's size in bytes");
					return -1;
				}
			}
		} else if (!strcmp(key, "other")) {
			err = hdrm_parse_size_u32("other", val, HDRM_MIN_FRAME,
					     HDRM_CALC_MAX_FRAME, &a->other);
		} else if (!strcmp(key, "headroom")) {
			err = hdrm_parse_size("headroom", val, 0, UINT64_MAX / 2, &v);
			a->headroom = v;
			a->has_headroom = true;
		} else {
			hdrm_err("simulate: unknown argument \"%s\"; expected speed, rtt-ns, cable-m, link-rtt-ns, link-cable-m, mtu, max-frame, link-frame, cell, small-packet-percent, k, precision, pattern, other or headroom",
				 key);
			return -1;
		}
		if (err)
			return -1;
		argc -= 2;
		argv += 2;
	}
	if (!a->has_speed || !a->has_rtt) {
		hdrm_err("simulate: needs speed MBPS and one of rtt-ns NS and cable-m METRES");
		return -1;
	}
	if (!a->has_max_frame)
		a->max_frame = hdrm_default_max_frame(a->mtu);
	if (!a->has_link_frame) {
		/* the priority's frame, every other the MTU's */
		uint32_t frames[HDRM_PRIOS] = { a->max_frame };

		a->link_frame = hdrm_link_frame(frames, a->mtu);
	}
	if (a->link_frame < a->max_frame) {
		hdrm_err("simulate: link-frame %u is below max-frame %u; the link's largest frame is at least the priority's",
			 a->link_frame, a->max_frame);
		return -1;
	}
	if (a->pattern == HDRM_SIM_SIZE && a->size > a->max_frame) {
		hdrm_err("simulate: pattern %u is above max-frame %u", a->size,
			 a->max_frame);
		return -1;
	}
	if (!a->has_k)
		a->k = hdrm_k_bytes(a->speed);
	if (!a->has_link_rtt)
		a->link_rtt = a->rtt;
	return 0;
}

/* @v / 1000 with three decimals */
static void print_milli(unsigned long long v)
{
	printf("%llu.%03llu", v / 1000, v % 1000);
}

/* recommended / peak, per mille, in cells (bytes with one-byte cells) */
static unsigned long long sim_margin(uint64_t cells, uint64_t peak)
{
	return peak ? cells * 1000 / peak : 0;
}

static void sim_timeline_text(const struct hdrm_sim_out *o, uint32_t link)
{
	printf("  ");
	print_milli(o->pfc_sent_ns);
	printf(" us  the receiver's PFC frame is out, after its own %u-byte frame\n",
	       link);
	printf("  ");
	print_milli(o->pfc_received_ns);
	printf(" us  it reaches the sender\n  ");
	print_milli(o->last_start_ns);
	printf(" us  the sender's last frame may begin (K later)\n  ");
	print_milli(o->last_byte_ns);
	printf(" us  its last byte reaches the buffer\n");
}

static void sim_timeline_json(struct jw *w, const struct hdrm_sim_out *o)
{
	jw_key(w, "timeline_ns");
	jw_obj_open(w);
	jw_ku64(w, "pfc_sent", o->pfc_sent_ns);
	jw_ku64(w, "pfc_received", o->pfc_received_ns);
	jw_ku64(w, "last_start", o->last_start_ns);
	jw_ku64(w, "last_byte", o->last_byte_ns);
	jw_obj_close(w);
}

/* one pattern's line: its peak, its margin and what the headroom drops */
static void sim_one_text(uint8_t pattern, const struct hdrm_sim_out *o,
			 const struct hdrm_calc_out *h, uint32_t other)
{
	printf("pattern %-5s", pattern_names[pattern]);
	if (o->body_frame)
		printf(" (%u-byte frames)", o->body_frame);
	if (other)
		printf(" (each after another priority's %u-byte frame)", other);
	printf(": peak %llu B in %llu cells, recommended / peak ",
	       (unsigned long long)o->peak_bytes,
	       (unsigned long long)o->peak_cells);
	print_milli(sim_margin(h->headroom_cells, o->peak_cells));
	printf(", %llu B dropped (%llu frames)\n",
	       (unsigned long long)o->dropped_bytes,
	       (unsigned long long)o->dropped_frames);
}

static void sim_one_json(struct jw *w, uint8_t pattern,
			 const struct hdrm_sim_out *o,
			 const struct hdrm_calc_out *h)
{
	jw_kstr(w, "pattern", pattern_names[pattern]);
	jw_key(w, "frame_bytes");
	if (o->body_frame)
		jw_u64(w, o->body_frame);
	else
		jw_null(w);
	jw_ku64(w, "peak_bytes", o->peak_bytes);
	jw_ku64(w, "peak_cells", o->peak_cells);
	jw_ku64(w, "frames", o->frames);
	jw_key(w, "margin");
	jw_fixed(w, sim_margin(h->headroom_cells, o->peak_cells), 3);
	jw_ku64(w, "dropped_bytes", o->dropped_bytes);
	jw_ku64(w, "dropped_frames", o->dropped_frames);
}

int hdrm_cmd_simulate(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct hdrm_sim_out o[ARRAY_SIZE(all_patterns)], *top;
	struct sim_args a = { 0 };
	struct hdrm_calc_in c;
	struct hdrm_calc_out h;
	struct hdrm_sim_in s;
	struct jw *w = &ctx->jw;
	unsigned int i, n = 1;
	int err;

	err = sim_parse(argc, argv, &a);
	if (err)
		return err > 0 ? 0 : EXIT_USAGE;
	c = (struct hdrm_calc_in){
		.rtt_ns = a.rtt, .precision_ns = a.precision,
		.speed_mbps = a.speed, .max_frame = a.max_frame,
		.measure_frame = HDRM_FRAME_WIRE_LEN, .k_bytes = a.k,
		.cell_bytes = a.cell, .link_frame = a.link_frame,
		.small_pct = a.small_pct,
	};
	if (hdrm_headroom(&c, &h)) {
		hdrm_err("simulate: these inputs are beyond the headroom arithmetic");
		return EXIT_USAGE;
	}
	/*
	 * the true link: the round trip given (or link-rtt-ns, when the
	 * recommendation is for another), half of it each way
	 */
	s = (struct hdrm_sim_in){
		.speed_mbps = a.speed,
		.delay_ns = DIV_ROUND_UP_ULL(a.link_rtt, 2),
		.link_frame = a.link_frame, .max_frame = a.max_frame,
		.k_bytes = a.k, .cell = a.cell, .pattern = (uint8_t)a.pattern,
		.size = a.size, .other_frame = a.other, .drops = true,
		.headroom = a.has_headroom ? a.headroom : h.headroom_bytes,
	};
	if (a.pattern == SIM_ALL)
		n = ARRAY_SIZE(all_patterns);
	top = &o[0];
	for (i = 0; i < n; i++) {
		if (a.pattern == SIM_ALL)
			s.pattern = all_patterns[i];
		if (hdrm_sim_run(&s, &o[i])) {
			hdrm_err("simulate: these inputs are beyond the simulator");
			return EXIT_USAGE;
		}
		/* the top level: the highest peak, or the most dropped */
		if (o[i].peak_cells > top->peak_cells ||
		    o[i].dropped_bytes > top->dropped_bytes)
			top = &o[i];
	}
	if (ctx->json) {
		jw_obj_open(w);
		jw_ku64(w, "speed_mbps", a.speed);
		jw_ku64(w, "rtt_ns", a.rtt);
		jw_key(w, "equivalent_cable_m");
		jw_fixed(w, hdrm_equivalent_cable_cm(a.rtt), 2);
		jw_ku64(w, "link_rtt_ns", a.link_rtt);
		jw_ku64(w, "precision_ns", a.precision);
		jw_ku64(w, "mtu", a.mtu);
		jw_ku64(w, "max_frame_bytes", a.max_frame);
		jw_ku64(w, "link_frame_bytes", a.link_frame);
		jw_ku64(w, "measure_frame_bytes", HDRM_FRAME_WIRE_LEN);
		jw_ku64(w, "k_bytes", a.k);
		hdrm_k_json(w, a.k, a.speed);
		jw_ku64(w, "cell_bytes", a.cell);
		jw_ku64(w, "small_packet_percent", a.small_pct);
		jw_key(w, "occupancy");
		jw_fixed(w, h.occupancy_permille, 3);
		jw_ku64(w, "inflight_bytes", h.inflight_bytes);
		jw_ku64(w, "packed_bytes", h.frame_bytes);
		jw_ku64(w, "headroom_bytes", h.headroom_bytes);
		jw_ku64(w, "headroom_cells", h.headroom_cells);
		jw_ku64(w, "other_frame_bytes", a.other);
		jw_ku64(w, "against_bytes", s.headroom);
		sim_one_json(w, n > 1 ? all_patterns[top - o] : a.pattern,
			     top, &h);
		if (n > 1) {
			jw_key(w, "patterns");
			jw_arr_open(w);
			for (i = 0; i < n; i++) {
				jw_obj_open(w);
				sim_one_json(w, all_patterns[i], &o[i], &h);
				jw_obj_close(w);
			}
			jw_arr_close(w);
		}
		sim_timeline_json(w, top);
		jw_obj_close(w);
		jw_end(w);
		return 0;
	}
	printf("link: %u Mb/s, round trip %llu ns (%u.%02u m at 5 ns/m each way), precision %u ns\n",
	       a.speed, (unsigned long long)a.rtt,
	       hdrm_equivalent_cable_cm(a.rtt) / 100,
	       hdrm_equivalent_cable_cm(a.rtt) % 100, a.precision);
	printf("frames: the priority's %u B, the link's largest %u B, PFC %u B\n",
	       a.max_frame, a.link_frame, HDRM_FRAME_WIRE_LEN);
	hdrm_k_text(a.k, a.speed);
	printf("recommended headroom: %llu B = %llu cells of %u B (frames %llu B packed",
	       (unsigned long long)h.headroom_bytes,
	       (unsigned long long)h.headroom_cells, a.cell,
	       (unsigned long long)h.frame_bytes);
	if (a.cell > 1) {
		printf(", occupancy x");
		print_milli(h.occupancy_permille);
		printf(" at small-packet-percent %u", a.small_pct);
	}
	printf(")\n");
	if (a.link_rtt != a.rtt)
		printf("simulated link: round trip %llu ns (%u.%02u m), not the one recommended for\n",
		       (unsigned long long)a.link_rtt,
		       hdrm_equivalent_cable_cm(a.link_rtt) / 100,
		       hdrm_equivalent_cable_cm(a.link_rtt) % 100);
	printf("simulated pause, times after XOFF is crossed:\n");
	sim_timeline_text(top, a.link_frame);
	printf("with %llu B of headroom:\n", (unsigned long long)s.headroom);
	for (i = 0; i < n; i++)
		sim_one_text(n > 1 ? all_patterns[i] : a.pattern, &o[i], &h,
			     a.other);
	return 0;
}

/*
 * A measured priority's link played back: the measured t as the true
 * round trip, the result's speed, frames, K and cell, the worst pattern,
 * against the recommended headroom.
 */
static int sim_prio(const struct result *r, int prio, struct hdrm_sim_out *o)
{
	struct hdrm_sim_in s = {
		.speed_mbps = r->speed, .delay_ns = DIV_ROUND_UP_ULL(r->est, 2),
		.link_frame = r->link_frame, .max_frame = r->prio[prio].max_frame,
		.k_bytes = r->k_bytes, .cell = r->cell ? r->cell : 1,
		.pattern = HDRM_SIM_WORST, .drops = true,
		.headroom = r->prio[prio].bytes,
	};

	return hdrm_sim_run(&s, o);
}

void sim_result_json(struct jw *w, const struct result *r)
{
	struct hdrm_sim_out o;
	int prio;

	jw_key(w, "simulation");
	jw_arr_open(w);
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].valid || sim_prio(r, prio, &o))
			continue;
		jw_obj_open(w);
		jw_ku64(w, "prio", prio);
		jw_kstr(w, "pattern", pattern_names[HDRM_SIM_WORST]);
		jw_ku64(w, "frame_bytes", o.body_frame);
		jw_ku64(w, "headroom_bytes", r->prio[prio].bytes);
		jw_ku64(w, "peak_bytes", o.peak_bytes);
		jw_ku64(w, "peak_cells", o.peak_cells);
		jw_key(w, "margin");
		jw_fixed(w, sim_margin(r->prio[prio].cells, o.peak_cells), 3);
		jw_ku64(w, "dropped_bytes", o.dropped_bytes);
		sim_timeline_json(w, &o);
		jw_obj_close(w);
	}
	jw_arr_close(w);
}

void sim_result_text(const struct result *r)
{
	struct hdrm_sim_out o;
	bool first = true;
	int prio;

	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].valid || sim_prio(r, prio, &o))
			continue;
		if (first)
			printf("simulated pause on the measured link (t as the round trip, pattern worst):\n");
		first = false;
		printf("prio %d: peak %llu B in %llu cells with %u-byte frames; %llu B dropped at %llu B; recommended / peak ",
		       prio, (unsigned long long)o.peak_bytes,
		       (unsigned long long)o.peak_cells, o.body_frame,
		       (unsigned long long)o.dropped_bytes,
		       (unsigned long long)r->prio[prio].bytes);
		print_milli(sim_margin(r->prio[prio].cells, o.peak_cells));
		printf("\n");
	}
}
