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

/*
 * The longest round trip simulate takes: its equivalent cable, which the
 * result gives in centimetres in a u32 as the module's does
 * (hdrm_equivalent_cable_cm()), is then exact; past it the cable would
 * print as 42949672.95 m whatever the round trip. 0.43 s is 43,000 km.
 */
#define SIM_MAX_RTT_NS	(UINT32_MAX / 10 - 1)
/* a headroom to play against: DCB's buffer sizes are u32 bytes */
#define SIM_MAX_HEADROOM	UINT32_MAX

/* METRES with up to two decimals, as a round trip at 5 ns/m each way. */
static int parse_cable(const char *what, const char *s, uint64_t *rtt)
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
	if (*end || m > SIM_MAX_RTT_NS / 10)
		goto bad;
	cm += m * 100;
	/* 10 ns of round trip a metre: 0.1 ns a centimetre, rounded up */
	*rtt = DIV_ROUND_UP_ULL(cm, 10);
	if (*rtt > SIM_MAX_RTT_NS)
		goto bad;
	return 0;
bad:
	hdrm_err("invalid %s \"%s\"; expected metres 0..%llu.%02llu, with up to two decimals",
		 what, s ? s : "", SIM_MAX_RTT_NS / 10ULL, SIM_MAX_RTT_NS % 10ULL * 10);
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
	static const char *const words[] = {
		"speed", "rtt-ns", "cable-m", "link-rtt-ns", "link-cable-m",
		"mtu", "max-frame", "link-frame", "cell",
		"small-packet-percent", "k", "precision", "pattern", "other",
		"headroom",
	};
	struct hdrm_keys k = { .cmd = "simulate" };
	const char *key, *val;
	unsigned int i;
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
		for (i = 0; i < ARRAY_SIZE(words); i++)
			if (!strcmp(key, words[i]))
				break;
		if (i == ARRAY_SIZE(words)) {
			hdrm_err("simulate: unknown argument \"%s\"; expected speed, rtt-ns, cable-m, link-rtt-ns, link-cable-m, mtu, max-frame, link-frame, cell, small-packet-percent, k, precision, pattern, other or headroom",
				 key);
			return -1;
		}
		if (hdrm_key(&k, words[i], argc, 1))
			return -1;
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
			      parse_u64("rtt-ns", val, SIM_MAX_RTT_NS,
					&a->rtt) :
			      parse_cable("cable-m", val, &a->rtt);
			a->has_rtt = true;
		} else if (!strcmp(key, "link-rtt-ns") ||
			   !strcmp(key, "link-cable-m")) {
			if (a->has_link_rtt) {
				hdrm_err("simulate: give one of link-rtt-ns and link-cable-m, once");
				return -1;
			}
			err = key[5] == 'r' ?
			      parse_u64("link-rtt-ns", val,
					SIM_MAX_RTT_NS, &a->link_rtt) :
			      parse_cable("link-cable-m", val, &a->link_rtt);
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
		} else {
			err = hdrm_parse_size("headroom", val, 0,
					      SIM_MAX_HEADROOM, &v);
			a->headroom = v;
			a->has_headroom = true;
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

/* recommended / peak, per mille, in cells (bytes with one-byte cells) */
static unsigned long long sim_margin(uint64_t cells, uint64_t peak)
{
	return peak ? cells * 1000 / peak : 0;
}

/*
 * The pause's timeline: JSON's "timeline_ns", the text's lines in us
 *   0.130 us  the receiver's PFC frame is out, after its own 1522-byte frame
 */
static void sim_timeline_print(struct out *o, const struct hdrm_sim_out *so,
			       uint32_t link)
{
	char b[32];

	out_obj_open(o, "timeline_ns");
	out_ju64(o, "pfc_sent", so->pfc_sent_ns);
	out_text(o, "  %s us  the receiver's PFC frame is out, after its own %u-byte frame\n",
		 out_fixed_str(b, sizeof(b), so->pfc_sent_ns, 3), link);
	out_ju64(o, "pfc_received", so->pfc_received_ns);
	out_text(o, "  %s us  it reaches the sender\n",
		 out_fixed_str(b, sizeof(b), so->pfc_received_ns, 3));
	out_ju64(o, "last_start", so->last_start_ns);
	out_text(o, "  %s us  the sender's last frame may begin (K later)\n",
		 out_fixed_str(b, sizeof(b), so->last_start_ns, 3));
	out_ju64(o, "last_byte", so->last_byte_ns);
	out_text(o, "  %s us  its last byte reaches the buffer\n",
		 out_fixed_str(b, sizeof(b), so->last_byte_ns, 3));
	out_obj_close(o);
}

/*
 * One pattern: its peak, its margin and what the headroom drops; JSON's
 * members, the text's line
 *   pattern worst (1522-byte frames): peak 40340 B in 40340 cells, recommended / peak 1.011, 0 B dropped (0 frames)
 */
static void sim_one_print(struct out *o, uint8_t pattern,
			  const struct hdrm_sim_out *so,
			  const struct hdrm_calc_out *h, uint32_t other)
{
	out_str(o, "pattern", "pattern %-5s", pattern_names[pattern]);
	out_opt_u64(o, "frame_bytes", so->body_frame, " (%llu-byte frames)",
		    so->body_frame);
	/* the JSON's other_frame_bytes, at the top */
	if (other)
		out_text(o, " (each after another priority's %u-byte frame)",
			 other);
	out_u64(o, "peak_bytes", ": peak %llu B", so->peak_bytes);
	out_u64(o, "peak_cells", " in %llu cells", so->peak_cells);
	out_ju64(o, "frames", so->frames);
	out_fixed(o, "margin", ", recommended / peak %s",
		  sim_margin(h->headroom_cells, so->peak_cells), 3);
	out_u64(o, "dropped_bytes", ", %llu B dropped", so->dropped_bytes);
	out_u64(o, "dropped_frames", " (%llu frames)\n", so->dropped_frames);
}

int hdrm_cmd_simulate(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct hdrm_sim_out o_[ARRAY_SIZE(all_patterns)], *top;
	struct sim_args a = { 0 };
	struct hdrm_calc_in c;
	struct hdrm_calc_out h;
	struct hdrm_sim_in s;
	unsigned int i, n = 1;
	char occ[32];
	struct out o;
	bool was;
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
	top = &o_[0];
	for (i = 0; i < n; i++) {
		if (a.pattern == SIM_ALL)
			s.pattern = all_patterns[i];
		if (hdrm_sim_run(&s, &o_[i])) {
			hdrm_err("simulate: these inputs are beyond the simulator");
			return EXIT_USAGE;
		}
		/* the top level: the highest peak, or the most dropped */
		if (o_[i].peak_cells > top->peak_cells ||
		    o_[i].dropped_bytes > top->dropped_bytes)
			top = &o_[i];
	}
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	out_u64(&o, "speed_mbps", "link: %llu Mb/s", a.speed);
	out_u64(&o, "rtt_ns", ", round trip %llu ns", a.rtt);
	out_fixed(&o, "equivalent_cable_m", " (%s m at 5 ns/m each way)",
		  hdrm_equivalent_cable_cm(a.rtt), 2);
	/* the text's line below, when it is another */
	out_ju64(&o, "link_rtt_ns", a.link_rtt);
	out_u64(&o, "precision_ns", ", precision %llu ns\n", a.precision);
	out_ju64(&o, "mtu", a.mtu);
	out_u64(&o, "max_frame_bytes", "frames: the priority's %llu B",
		a.max_frame);
	out_u64(&o, "link_frame_bytes", ", the link's largest %llu B",
		a.link_frame);
	out_u64(&o, "measure_frame_bytes", ", PFC %llu B\n",
		HDRM_FRAME_WIRE_LEN);
	out_ju64(&o, "k_bytes", a.k);
	hdrm_k_print(&o, a.k, a.speed);
	/* the text's recommendation: its size first, then how it is made */
	out_ju64(&o, "cell_bytes", a.cell);
	out_ju64(&o, "small_packet_percent", a.small_pct);
	out_jfixed(&o, "occupancy", h.occupancy_permille, 3);
	out_ju64(&o, "inflight_bytes", h.inflight_bytes);
	out_ju64(&o, "packed_bytes", h.frame_bytes);
	out_u64(&o, "headroom_bytes", "recommended headroom: %llu B",
		h.headroom_bytes);
	out_u64(&o, "headroom_cells", " = %llu cells", h.headroom_cells);
	out_text(&o, " of %u B (frames %llu B packed", a.cell,
		 (unsigned long long)h.frame_bytes);
	if (a.cell > 1)
		out_text(&o, ", occupancy x%s at small-packet-percent %u",
			 out_fixed_str(occ, sizeof(occ), h.occupancy_permille, 3),
			 a.small_pct);
	out_text(&o, ")\n");
	out_ju64(&o, "other_frame_bytes", a.other);
	out_ju64(&o, "against_bytes", s.headroom);
	if (a.link_rtt != a.rtt)
		out_text(&o, "simulated link: round trip %llu ns (%u.%02u m), not the one recommended for\n",
			 (unsigned long long)a.link_rtt,
			 hdrm_equivalent_cable_cm(a.link_rtt) / 100,
			 hdrm_equivalent_cable_cm(a.link_rtt) % 100);
	/* the timeline: the text's before the patterns, the JSON's last */
	out_text(&o, "simulated pause, times after XOFF is crossed:\n");
	if (!out_json(&o))
		sim_timeline_print(&o, top, a.link_frame);
	out_text(&o, "with %llu B of headroom:\n",
		 (unsigned long long)s.headroom);
	/* the top pattern: the JSON's members; with one, the text's line */
	was = out_mute(&o, n > 1);
	sim_one_print(&o, n > 1 ? all_patterns[top - o_] : a.pattern, top, &h,
		      a.other);
	out_mute(&o, was);
	if (n > 1) {
		out_arr_open(&o, "patterns");
		for (i = 0; i < n; i++) {
			out_obj_open(&o, NULL);
			sim_one_print(&o, all_patterns[i], &o_[i], &h, a.other);
			out_obj_close(&o);
		}
		out_arr_close(&o);
	}
	if (out_json(&o))
		sim_timeline_print(&o, top, a.link_frame);
	out_obj_close(&o);
	out_end(&o);
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

/*
 * A measured link's simulation, a priority each: JSON's "simulation",
 * the text's lines
 *   prio 3: peak 43952 B in 812 cells with 97-byte frames; 13603 B dropped at 60000 B; recommended / peak 0.769
 */
void sim_result_print(struct out *o, const struct result *r)
{
	struct hdrm_sim_out so;
	bool first = true, was;
	int prio;

	out_arr_open(o, "simulation");
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].valid || sim_prio(r, prio, &so))
			continue;
		if (first)
			out_text(o, "simulated pause on the measured link (t as the round trip, pattern worst):\n");
		first = false;
		out_obj_open(o, NULL);
		out_u64(o, "prio", "prio %llu:", prio);
		/* the text's in its header, and after the peak */
		out_jstr(o, "pattern", pattern_names[HDRM_SIM_WORST]);
		out_ju64(o, "frame_bytes", so.body_frame);
		out_ju64(o, "headroom_bytes", r->prio[prio].bytes);
		out_u64(o, "peak_bytes", " peak %llu B", so.peak_bytes);
		out_u64(o, "peak_cells", " in %llu cells", so.peak_cells);
		out_text(o, " with %u-byte frames; %llu B dropped at %llu B; recommended / peak ",
			 so.body_frame, (unsigned long long)so.dropped_bytes,
			 (unsigned long long)r->prio[prio].bytes);
		out_fixed(o, "margin", "%s\n",
			  sim_margin(r->prio[prio].cells, so.peak_cells), 3);
		out_ju64(o, "dropped_bytes", so.dropped_bytes);
		/* the text leaves the timeline to simulate's own */
		was = out_mute(o, true);
		sim_timeline_print(o, &so, r->link_frame);
		out_mute(o, was);
		out_obj_close(o);
	}
	out_arr_close(o);
}

void sim_result_json(struct jw *w, const struct result *r)
{
	struct out o;

	out_init_json(&o, w);
	sim_result_print(&o, r);
}

void sim_result_text(const struct result *r)
{
	struct out o;

	out_init_text(&o, stdout);
	sim_result_print(&o, r);
}
