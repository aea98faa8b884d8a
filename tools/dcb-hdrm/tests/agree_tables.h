/* SPDX-License-Identifier: GPL-2.0 */
/*
 * agree.c's tables: for each object, its JSON members and where its text
 * shows each. A row without text is a member the JSON has alone, and
 * says why; a word in text_only is a figure the text has alone.
 */

/* ---- parts several objects print ---- */

static const struct row peer_rows[] = {
	{ "peer", NULL },		/* null: the text's "not known yet" */
	{ "peer.auto_hdrm", "auto-hdrm %s", out_off_on },
	{ "peer.accept_push", "accept-push %s", out_off_on },
	{ "peer.via", "learned %s," },
	{ "peer.age_ms", ", %s ms ago" },
	{ "peer.two_step", "two-step %s", out_off_on },
	{ "peer.hw_timestamping", "hw-timestamping %s", out_off_on },
	{ "peer.hw_resolution_ns", "hw-resolution %s ns" },
	{ NULL }
};

static const struct row push_rows[] = {
	{ "push", NULL },		/* null: no push, no line */
	/* the line's subject is the result's session */
	{ "push.session", NULL },
	/* worded: accepted, refused it, did not answer, no answer yet */
	{ "push.status", NULL },
	/* the reason and its figures are the why's words */
	{ "push.reason", NULL },
	{ "push.why", "refused it: %s\n" },
	{ "push.field", NULL },
	{ "push.prio", NULL },
	{ "push.value", NULL },
	{ "push.limit", NULL },
	{ NULL }
};

static const struct row dcb_state_rows[] = {
	{ "dcb_state", NULL },		/* null: "no DCB operations" */
	{ "dcb_state.driver", "driver %s" },
	/* after the delay's figure, as its unit, when there is PFC */
	{ "dcb_state.delay_unit", NULL },
	/* the enabled priorities say what the capability allows */
	{ "dcb_state.pfc", NULL },	/* null: no PFC words */
	{ "dcb_state.pfc.pfc_cap", NULL },
	{ "dcb_state.pfc.enabled[]", " %s", .when = "pfc enabled:" },
	{ "dcb_state.pfc.delay", "delay %s " },
	{ "dcb_state.buffers", NULL },	/* null: no buffers line */
	{ "dcb_state.buffers.total_size", "buffers (total %s B)" },
	{ "dcb_state.buffers.buffer[].index", "  %s: ", .when = "B prios" },
	{ "dcb_state.buffers.buffer[].size", ": %s B prios" },
	{ "dcb_state.buffers.buffer[].prios[]", " %s", .when = "B prios" },
	{ NULL }
};

static const struct row applied_rows[] = {
	{ "applied", NULL },		/* null: no apply, no line */
	{ "applied.session", NULL },	/* the result's */
	{ "applied.method", "apply %s: failed" },
	/* its meaning is the failure's line */
	{ "applied.error", NULL },
	{ "applied.clamped", "%s", (const char *const []){ "", "cut to the field's range" } },
	{ "applied.partial", "%s", (const char *const []){ "", "could not be put back" } },
	{ "applied.buffers_taken", "stay %s", (const char *const []){ "", "software-owned" } },
	{ "applied.model", "(%s model)" },
	/* the rule is its sentence, why, whole */
	{ "applied.rule", NULL },
	{ "applied.rule.name", NULL },
	{ "applied.rule.have_bytes", NULL },
	{ "applied.rule.need_bytes", NULL },
	{ "applied.rule.buffer", NULL },
	{ "applied.rule.why", "  %s\n" },
	/* the unit after delay_new: "-> 25 metres" */
	{ "applied.delay_unit", NULL },
	{ "applied.delay_old", "pfc delay %s ->" },
	{ "applied.delay_new", "-> %s " },
	{ "applied.delay_wanted", "(wanted %s:" },
	{ "applied.total_size", "buffers (total %s B)" },
	/* the text lists the lossless buffers alone: "buffer 1: 98304 -> 131072 B" */
	{ "applied.buffers[].index", NULL },
	{ "applied.buffers[].prios[]", NULL },
	{ "applied.buffers[].lossless", NULL },
	{ "applied.buffers[].size_old", NULL },
	{ "applied.buffers[].size", NULL },
	{ "applied.buffers[].size_wanted", "(wanted %s)" },
	{ NULL }
};

static const struct row hwtstamp_rows[] = {
	{ "hwtstamp.tx_type", "tx %s" },
	{ "hwtstamp.rx_filter", "rx %s" },
	{ NULL }
};

/* a result, as measure and show print it */
static const struct row result_rows[] = {
	{ "ifname", "%s: " },
	{ "ifindex", NULL },		/* the text names the device */
	{ "session", "here (session %s)" },
	{ "status", "status: %s" },
	/* a peer's: "the peer measured this headroom and pushed it here" */
	{ "source", NULL },
	{ "mode", "(%s, " },
	{ "encap", ", %s, " },
	{ "estimator", "ns (%s)" },
	{ "timestamping", ", %s timestamps" },
	{ "method", "method %s" },
	{ "responder", "responder %s" },
	/* worded one-step or two-step; another count as steps N */
	{ "steps", "steps %s" },
	{ "ts_mode", "ts-mode %s" },
	{ "precision_source", "precision-source %s" },
	{ "rate_ratio_ppb", "rate-ratio %s ppb", NULL, C_PLUS },
	{ "two_step", "two-step %s" },
	{ "followup_missing", "followup-missing %s" },
	{ "probes.sent", "%s probes sent" },
	{ "probes.received", "%s replies" },
	{ "probes.lost", "%s lost" },
	{ "probes.late", "%s late" },
	{ "rtt_ns", NULL },		/* null: no round trip, no lines */
	{ "rtt_ns.estimate", "t = %s ns" },
	{ "rtt_ns.estimate", "estimate %s ns" },
	{ "rtt_ns.min", "min %s " },
	{ "rtt_ns.median", "median %s " },
	{ "rtt_ns.p99", "p99 %s " },
	{ "rtt_ns.max", "max %s " },
	{ "rtt_ns.stddev", "stddev %s\n" },
	{ "turnaround_ns.median", "(ns): median %s\n" },
	{ "precision_ns", "precision = %s ns" },
	{ "precision_ns", "precision %s ns" },
	{ "speed_mbps", "speed = %s Mb/s" },
	{ "speed_mbps", "at %s Mb/s" },
	{ "k_bytes", "K = %s B" },
	{ "k_quanta", "%s pause quanta" },
	{ "k_ns", "= %s us", NULL, C_US },
	{ "measure_frame_bytes", "measure_frame = %s B" },
	/* a column of the derivation's table */
	{ "link_frame_bytes", " %s ", .when = "HDRM_BYTES" },
	{ "cell_bytes", "cell = %s B" },
	{ "cell_bytes", "cells: %s B each" },
	/* worded: "the driver's" or "as set" */
	{ "cell_source", NULL },
	{ "small_packet_percent", "small-packet-percent %s" },
	{ "occupancy", "x%s their bytes" },
	{ "duration_us", ", %s us)" },
	{ "age_ms", NULL },		/* the text has no age */
	{ "equivalent_cable_m", "equivalent cable: %s m" },
	/* the text of a result leaves these to show's judgement */
	{ "model", NULL },
	{ "buffer_owner", NULL },
	/* the derivation's columns, a line per priority */
	{ "priorities[].prio", "\n%s ", .after = "HDRM_CELLS" },
	{ "priorities[].prio", "prio %s: " },
	{ "priorities[].max_frame_bytes", " %s ", .when = "HDRM_BYTES" },
	{ "priorities[].headroom_bytes", " %s" },
	{ "priorities[].headroom_cells", " %s" },
	{ "priorities[].inflight_bytes", " %s ", .when = "HDRM_BYTES" },
	{ "priorities[].packed_bytes", " %s ", .when = "HDRM_BYTES" },
	/* the driver's model, judged in show's report */
	{ "priorities[].effective_headroom_bytes", NULL },
	{ "priorities[].best_headroom_bytes", NULL },
	{ "unsized[].prio", "prio %s: no headroom" },
	{ "unsized[].max_frame_bytes", "maximum frame, %s bytes" },
	/* a peer delay's far end, set by hand: the lines under the result */
	{ "far_end.cable_length_m", "cable-length %sm," },
	{ "far_end.sonic", "SONiC: %s\n" },
	{ "far_end.dcb", "Linux: %s\n" },
	{ NULL }
};

/* a result's simulation (show and measure ... simulate) */
static const struct row sim_result_rows[] = {
	{ "simulation[].prio", "prio %s: peak" },
	{ "simulation[].pattern", "pattern %s)" },
	{ "simulation[].frame_bytes", "with %s-byte frames" },
	{ "simulation[].headroom_bytes", "dropped at %s B" },
	{ "simulation[].peak_bytes", "peak %s B" },
	{ "simulation[].peak_cells", "in %s cells" },
	{ "simulation[].margin", "/ peak %s\n" },
	{ "simulation[].dropped_bytes", "; %s B dropped" },
	/* the text leaves the timeline to simulate's own */
	{ "simulation[].timeline_ns.pfc_sent", NULL },
	{ "simulation[].timeline_ns.pfc_received", NULL },
	{ "simulation[].timeline_ns.last_start", NULL },
	{ "simulation[].timeline_ns.last_byte", NULL },
	{ NULL }
};

/* ---- each object ---- */

static const struct row wd_rows[] = {
	{ "ifname", "%s:" },
	{ "ifindex", NULL },		/* the text names the device */
	{ "state", "state %s" },
	{ "action", "action %s" },
	{ "detect_ms", "detect-ms %s" },
	{ "restore_ms", "restore-ms %s" },
	{ "poll_ms", "poll-ms %s" },
	{ "storm_limit", "storm-limit %s" },
	{ "storm_period_ms", "storm-period-ms %s" },
	{ "recovery", "recovery %s" },
	{ "running", "running %s", out_no_yes },
	{ "progress", "progress %s" },
	{ "counter_refresh_ms", "refreshed every %s ms" },
	{ "counters_swapped", "%s", (const char *const []){ "", ", sent and received swapped" } },
	{ "polls", "polls %s" },
	{ "poll_errors", "poll-errors %s" },
	{ "action_errors", "action-errors %s" },
	/* -s: a line each, the detection's first */
	{ "detect_latency_ms.count", "detect-latency %s storms" },
	{ "detect_latency_ms.min", "min %s", .after = "detect-latency " },
	{ "detect_latency_ms.median", "median %s", .after = "detect-latency " },
	{ "detect_latency_ms.p90", "p90 %s", .after = "detect-latency " },
	{ "detect_latency_ms.max", "max %s ms", .after = "detect-latency " },
	{ "restore_latency_ms.count", "restore-latency %s storms" },
	{ "restore_latency_ms.min", "min %s", .after = "restore-latency " },
	{ "restore_latency_ms.median", "median %s", .after = "restore-latency " },
	{ "restore_latency_ms.p90", "p90 %s", .after = "restore-latency " },
	{ "restore_latency_ms.max", "max %s ms", .after = "restore-latency " },
	{ "priorities[].prio", "prio %s:" },
	{ "priorities[].state", ": %s " },
	{ "priorities[].direction", "direction %s" },
	{ "priorities[].storms", "storms %s" },
	{ "priorities[].held_count", "held-count %s" },
	{ "priorities[].last_storm_ms", "last-storm %s ms" },
	{ "priorities[].last_storm_gap_us", "last-storm-gap %s ms", .conv = C_US_MS },
	/* the text gives the storm's age instead: "(3.2 s ago)" */
	{ "priorities[].last_storm_start_ns", NULL },
	{ "priorities[].last_storm_detect_ns", NULL },
	{ "priorities[].last_storm_restore_ns", NULL },
	{ "priorities[].last_storm_age_ms", NULL },
	{ "priorities[].last_action", "action %s" },
	{ "priorities[].pfc_off", "pfc %s", on_off },
	{ "priorities[].restore_pending", "%s", pending },
	{ "priorities[].action_error", "action-error %s" },
	{ "priorities[].requests", "requests %s" },
	{ "priorities[].indications", "indications %s" },
	{ "priorities[].tx_packets", "tx-packets %s" },
	{ NULL }
};

/* a watchdog-ntf: monitor's line */
static const struct row wd_ntf_rows[] = {
	{ "event", NULL },		/* "[watchdog]" */
	/* worded: storm DIRECTION, restored after, stopped after, event N */
	{ "kind", NULL },
	{ "ifname", "] %s:" },
	{ "ifindex", NULL },
	{ "prio", "prio %s " },
	{ "state", NULL },		/* the event says it */
	{ "direction", "storm %s (action" },
	{ "action", "(action %s" },
	{ "pfc_off", "pfc %s", on_off },
	{ "restore_pending", "%s", pending },
	/* its meaning: "failed: Operation not permitted" */
	{ "action_error", NULL },
	{ "storms", NULL },
	{ "last_storm_ms", "after %s ms" },
	{ "last_storm_start_ns", NULL },
	{ "last_storm_detect_ns", NULL },
	{ "last_storm_restore_ns", NULL },
	{ "held_count", NULL },
	/* the timing, in words for a storm declared or held */
	{ "onset_ms", "onset at %s ms" },
	{ "declared_ms", "declared at %s ms" },
	{ "detect_ms_taken", "took %s ms" },
	{ "poll_gap_ms", "up to %s ms apart" },
	{ NULL }
};

static const struct row dev_rows[] = {
	/* the table's columns, a line per device */
	{ "ifindex", "\n%s " },
	{ "ifname", " %s " },
	{ "carrier", " %s ", (const char *const []){ "down", "up" } },
	{ "mtu", " %s " },
	{ "dcb", " %s ", out_no_yes },
	{ "dcb_ops[]", "%s" },
	{ "speed_mbps", " %sMb/s" },
	{ "caps[]", NULL },		/* no column */
	{ "phc_index", "phc-index %s" },
	{ "hw_resolution_ns", "hw-resolution %s ns" },
	/* dev show dev DEV's lines leave these to the JSON */
	{ "reflect", NULL },
	{ "reflect_rate", NULL },
	{ "encap", NULL },
	{ "speed_override_mbps", NULL },
	{ "k_override_bytes", NULL },
	{ "prio_mask", NULL },
	{ "precision_override_ns", NULL },
	{ "max_frame[].prio", NULL },
	{ "max_frame[].bytes", NULL },
	{ "ts_mode", "ts-mode %s" },
	{ "cell_bytes", "cell %s B" },
	{ "small_packet_percent", "small-packet-percent %s" },
	{ "apply", "apply %s " },
	{ "delay_unit", "delay-unit %s " },
	{ "model", "model %s" },
	/* shown for auto, and for Spectrum in TC mode */
	{ "model_in_use", "model auto (%s)" },
	{ "model_in_use", " (%s): the port" },
	{ "tc_mode", "mlxsw's %s (an offloaded", (const char *const []){ "", "TC mode" } },
	{ "remeasure", "remeasure %s", out_off_on },
	{ "remeasure_period_s", "every %s s" },
	{ "auto_hdrm", "auto-hdrm %s", out_off_on },
	{ "accept_push", "accept-push %s", out_off_on },
	{ "accept_stream", "accept-stream %s", out_off_on },
	{ "method", "method %s" },
	{ "ptp_domain", "ptp-domain %s" },
	{ "ptp_sdo", "ptp-sdo %s" },
	{ "stats.rx_requests", "rx-requests %s" },
	{ "stats.reflected", "reflected %s" },
	{ "stats.rate_limited", "rate-limited %s" },
	{ "stats.not_reflecting", "not-reflecting %s" },
	{ "stats.malformed", "malformed %s" },
	{ "stats.rx_replies", "rx-replies %s" },
	{ "stats.stale", "stale %s" },
	{ "stats.tx_probes", "tx-probes %s" },
	{ "stats.tx_errors", "tx-errors %s" },
	{ "stats.remeasured", "remeasured %s" },
	{ "stats.applied", "applied %s" },
	{ "stats.apply_errors", "apply-errors %s" },
	{ "stats.rx_control", "rx-control %s" },
	{ "stats.tx_control", "tx-control %s" },
	{ "stats.push_applied", "push-applied %s" },
	{ "stats.push_refused", "push-refused %s" },
	{ "stats.foreign", "foreign %s" },
	{ "stats.peer_no_cap", "peer-no-cap %s" },
	{ "stats.ptp_others", "ptp-others %s" },
	{ "stats.stream_granted", "stream-granted %s" },
	{ "stats.stream_refused", "stream-refused %s" },
	{ "stats.stream_frames_sent", "stream-frames-sent %s" },
	{ "stats.rx_stream", "rx-stream %s" },
	{ NULL }
};

#define VERDICTS	.after = "VERDICT"
#define SAVINGS		.after = "savings against", .whole = true

static const struct row report_rows[] = {
	/* the verdicts' table, a line per priority */
	{ "verdict[].prio", "\n%s ", VERDICTS },
	{ "verdict[].verdict", "  %s", NULL, C_SPACES, VERDICTS },
	{ "verdict[].basis", " %s ", VERDICTS },
	{ "verdict[].unit", " %s ", VERDICTS },
	{ "verdict[].wanted", " %s ", VERDICTS },
	{ "verdict[].current", " %s ", VERDICTS },
	/* after too small and oversized alone */
	{ "verdict[].by", NULL },
	{ "verdict[].why", "unknown (%s)", VERDICTS },
	/*
	 * The savings' table: a line per model, its description; a
	 * column per priority, the savings alone.
	 */
	{ "savings[].model", NULL },
	{ "savings[].priorities[].prio", "prio %s", SAVINGS },
	{ "savings[].priorities[].static_bytes", NULL },
	{ "savings[].priorities[].measured_bytes", NULL },
	{ "savings[].priorities[].saved_bytes", " %s", SAVINGS },
	{ "savings[].port_static_bytes", NULL },
	{ "savings[].port_measured_bytes", NULL },
	{ "savings[].port_saved_bytes", " %s\n", SAVINGS },
	{ NULL }
};

static const struct row measure_rows[] = {
	{ "samples_ns[]", " %s" },
	{ "histogram.first_ns", NULL },	/* the first bar's edge */
	{ "histogram.bin_ns", "bins of %s ns" },
	{ "histogram.counts[]", " %s" },
	/* the bars' marks: "<- estimate" and the "|" of the band */
	{ "histogram.estimate_bin", NULL },
	{ "histogram.precision_first_bin", NULL },
	{ "histogram.precision_last_bin", NULL },
	{ NULL }
};

static const struct row show_rows[] = {
	{ "model", "judged by the %s model" },
	{ "manual", NULL },		/* null: no manual line */
	{ "manual.why", "the peer %s;" },
	{ "manual.command", "by hand: %s\n" },
	{ NULL }
};

static const struct row sim_rows[] = {
	{ "speed_mbps", "link: %s Mb/s" },
	{ "speed_mbps", "at %s Mb/s" },
	{ "rtt_ns", "round trip %s ns (" },
	{ "equivalent_cable_m", "(%s m at" },
	{ "link_rtt_ns", "simulated link: round trip %s ns" },
	{ "precision_ns", "precision %s ns" },
	{ "mtu", NULL },		/* in max_frame_bytes */
	{ "max_frame_bytes", "the priority's %s B" },
	{ "link_frame_bytes", "the link's largest %s B" },
	{ "link_frame_bytes", "its own %s-byte frame" },
	{ "measure_frame_bytes", "PFC %s B" },
	{ "k_bytes", "K = %s B" },
	{ "k_quanta", "%s pause quanta" },
	{ "k_ns", "= %s us", NULL, C_US },
	{ "cell_bytes", "cells of %s B" },
	{ "small_packet_percent", "small-packet-percent %s" },
	{ "occupancy", "occupancy x%s" },
	{ "inflight_bytes", NULL },	/* in packed_bytes */
	{ "packed_bytes", "frames %s B packed" },
	{ "headroom_bytes", "recommended headroom: %s B" },
	{ "headroom_cells", "= %s cells" },
	{ "other_frame_bytes", "another priority's %s-byte" },
	{ "against_bytes", "with %s B of headroom" },
	{ "pattern", "pattern %s" },
	{ "frame_bytes", "(%s-byte frames)" },
	{ "peak_bytes", "peak %s B" },
	{ "peak_cells", "in %s cells" },
	{ "frames", NULL },		/* the dropped ones alone */
	{ "margin", "/ peak %s," },
	{ "dropped_bytes", ", %s B dropped" },
	{ "dropped_frames", "(%s frames)" },
	{ "patterns[].pattern", "pattern %s" },
	{ "patterns[].frame_bytes", "(%s-byte frames)" },
	{ "patterns[].peak_bytes", "peak %s B" },
	{ "patterns[].peak_cells", "in %s cells" },
	{ "patterns[].frames", NULL },
	{ "patterns[].margin", "/ peak %s," },
	{ "patterns[].dropped_bytes", ", %s B dropped" },
	{ "patterns[].dropped_frames", "(%s frames)" },
	{ "timeline_ns.pfc_sent", "%s us  the receiver's", NULL, C_US },
	{ "timeline_ns.pfc_received", "%s us  it reaches", NULL, C_US },
	{ "timeline_ns.last_start", "%s us  the sender's last", NULL, C_US },
	{ "timeline_ns.last_byte", "%s us  its last byte", NULL, C_US },
	{ NULL }
};

/* monitor: a line per event, the JSON the whole result */
static const struct row mon_rows[] = {
	{ "event", NULL },		/* "[result]", "[apply]", "[push]" */
	{ "ifname", "] %s " },
	{ "ifindex", NULL },
	{ "session", "session %s:" },
	{ "status", NULL },		/* ok or failed */
	{ "source", NULL },		/* "pushed by the peer" */
	{ "rtt_ns", NULL },
	{ "rtt_ns.estimate", ", t %s ns" },
	{ "timestamping", "(%s timestamps)" },
	{ "method", ", method %s" },
	{ "responder", ", responder %s" },
	{ "steps", NULL },		/* show's */
	{ "priorities[].prio", "prio %s ", .when = "[result]" },
	{ "priorities[].headroom_bytes", " %s B", .when = "[result]" },
	{ "probes.received", "(%s/" },
	{ "probes.sent", "/%s replies)" },
	/* the rest is show's: a line says what happened */
	{ "mode", NULL }, { "encap", NULL }, { "estimator", NULL },
	{ "ts_mode", NULL }, { "precision_source", NULL },
	{ "rate_ratio_ppb", NULL }, { "two_step", NULL },
	{ "followup_missing", NULL }, { "probes.lost", NULL },
	{ "probes.late", NULL }, { "rtt_ns.min", NULL },
	{ "rtt_ns.median", NULL }, { "rtt_ns.p99", NULL },
	{ "rtt_ns.max", NULL }, { "rtt_ns.stddev", NULL },
	{ "turnaround_ns.median", NULL }, { "precision_ns", NULL },
	{ "speed_mbps", NULL }, { "k_bytes", NULL }, { "k_quanta", NULL },
	{ "k_ns", NULL }, { "measure_frame_bytes", NULL },
	{ "link_frame_bytes", NULL }, { "cell_bytes", NULL },
	{ "cell_source", NULL }, { "small_packet_percent", NULL },
	{ "occupancy", NULL }, { "duration_us", NULL }, { "age_ms", NULL },
	{ "equivalent_cable_m", NULL }, { "model", NULL },
	{ "buffer_owner", NULL }, { "priorities[].max_frame_bytes", NULL },
	{ "priorities[].headroom_cells", NULL },
	{ "priorities[].inflight_bytes", NULL },
	{ "priorities[].packed_bytes", NULL },
	{ "priorities[].effective_headroom_bytes", NULL },
	{ "priorities[].best_headroom_bytes", NULL },
	{ "unsized[].prio", NULL }, { "unsized[].max_frame_bytes", NULL },
	{ "far_end.cable_length_m", NULL }, { "far_end.sonic", NULL },
	{ "far_end.dcb", NULL },
	/* a peer without the capability: the dcb line */
	{ "manual", "by hand: %s\n" },
	{ NULL }
};

static const struct row lldp_rows[] = {
	{ "ifname", "%s: " },
	{ "sent", NULL },		/* "sent an LLDPDU" */
	{ "ttl", NULL },
	{ "dcbx", "the %s PFC TLV" },
	{ "dcbx", "peer's %s PFC TLV" },
	{ "auto_hdrm", "auto-HDRM bit %s", set_clear },
	{ "auto_hdrm", "auto-HDRM %s,", supported },
	{ "willing", NULL },
	{ "pfc_cap", NULL },
	{ "num_tcs", NULL },
	/* the text has them as a mask: "PFC enabled 0x18" */
	{ "pfc_en[]", NULL },
	{ "peer_chassis", NULL },
	{ "ignored", NULL },
	{ NULL }
};

/* ---- the text's own words ---- */

static const char *const wd_words[] = {
	"event",		/* event N: the kind past the table */
	NULL
};

static const char *const dev_words[] = {
	"prios",		/* the list after it: buffer[].prios[] */
	NULL
};

static const char *const applied_words[] = {
	"buffer",		/* buffer N: the lossless buffers */
	"prios",		/* the list after it: buffer[].prios[] */
	NULL
};

static const char *const result_words[] = {
	"of",			/* 512 bit times, a pause quantum */
	"at",			/* 5 ns/m, the cable's */
	"max-frame",		/* the advice: dev set max-frame N:BYTES */
	"formula's",		/* the arithmetic's largest frame */
	"buffer",
	"prios",
	"same",			/* the result's cell, beside the savings */
	"by",			/* verdict[].by, after too small, oversized */
	NULL
};

static const char *const lldp_words[] = {
	"enabled",		/* PFC enabled 0xNN: pfc_en[] */
	NULL
};

static const char *const sim_words[] = {
	"of",
	NULL
};

#define ROWS(...) ((const struct row *const []){ __VA_ARGS__, NULL })

static const struct table tables[] = {
	{ "watchdog", ROWS(wd_rows, wd_ntf_rows), wd_words },
	{ "dev", ROWS(dev_rows, peer_rows, dcb_state_rows, hwtstamp_rows),
	  dev_words },
	{ "peer", ROWS(peer_rows, push_rows), NULL },
	{ "dcbstate", ROWS(dcb_state_rows, applied_rows), applied_words },
	{ "result", ROWS(result_rows, applied_rows, push_rows), result_words },
	{ "report", ROWS(report_rows, dcb_state_rows), result_words },
	{ "hwtstamp", ROWS(hwtstamp_rows), NULL },
	{ "measure", ROWS(result_rows, applied_rows, push_rows,
			  sim_result_rows, measure_rows), result_words },
	{ "simulate", ROWS(sim_rows, sim_result_rows), sim_words },
	{ "show", ROWS(result_rows, applied_rows, push_rows, report_rows,
		       dcb_state_rows, sim_result_rows, show_rows),
	  result_words },
	{ "monitor", ROWS(mon_rows, applied_rows, push_rows, wd_ntf_rows,
			  peer_rows), applied_words },
	{ "lldp", ROWS(lldp_rows), lldp_words },
};
