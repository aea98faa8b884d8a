// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm measure: start a measurement, wait for its end (and for the
 * apply and the push that follow it), print the result and exit with its
 * status.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "dev.h"
#include "hdrm_limits.h"
#include "hist.h"
#include "manual.h"
#include "pmc.h"
#include "result.h"

_Static_assert(HDRM_PORT_ID_LEN == PMC_PORT_ID_LEN, "a port identity is one");

/* A result whose timestamps IEEE 1588 peer delay took. */
static bool result_pdelay(const struct result *r)
{
	return r->has_method && r->method == DCB_HDRM_METHOD_PDELAY;
}

/* Nothing answered: what to check depends on who was asked. */
static int no_reply_exit(const struct result *r)
{
	if (result_pdelay(r))
		hdrm_err("%s: no answer to %u peer delay requests; check that the peer answers IEEE 1588 peer delay (ptp4l -P, or PTP or 802.1AS on the switch's port) in the domain and majorSdoId asked (ptp-domain and ptp-sdo, 0 and 0 by default), or run dcb_hdrm there with reflect on and measure with method hdrm",
			 r->ifname, r->sent);
	else
		hdrm_err("%s: no reply to %u probes; check that the peer runs dcb_hdrm with reflect on (dcb-hdrm dev set dev DEV reflect on) and, if its NIC drops MAC control frames, use encap ether on this end",
			 r->ifname, r->sent);
	return EXIT_NOREPLY;
}

/* A second responder: what answered depends on who was asked. */
static int foreign_exit(const struct result *r)
{
	char id[HDRM_PORT_ID_STR] = "the first";

	if (r->has_responder)
		hdrm_port_id_str(id, sizeof(id), r->responder);
	if (result_pdelay(r))
		hdrm_err("%s: a second port identity answered the peer delay requests besides %s (something else on the link answers them too, such as a device behind a hub); no headroom from two round trips: measure each cable between the two ends it joins",
			 r->ifname, id);
	else
		hdrm_err("%s: a second responder answered (something on the link besides the peer, such as a bridge or a hub, runs dcb_hdrm and reflects); no headroom from two round trips: measure each cable between the two ends it joins",
			 r->ifname);
	return EXIT_KERNEL;
}

/* One line for a measurement that did not produce a headroom. */
static int result_status_exit(const struct result *r)
{
	switch (r->status) {
	case DCB_HDRM_STATUS_OK:
		return 0;
	case DCB_HDRM_STATUS_PEER_NO_CAP:
	case DCB_HDRM_STATUS_PEER_SILENT:
		return manual_prompt(r, NULL, NULL);
	case DCB_HDRM_STATUS_NO_REPLY:
		return no_reply_exit(r);
	case DCB_HDRM_STATUS_NO_SPEED:
		hdrm_err("%s: the link speed is unknown; set it with \"dcb-hdrm dev set dev %s speed MBPS\"",
			 r->ifname, r->ifname);
		return EXIT_KERNEL;
	case DCB_HDRM_STATUS_DEV_GONE:
		hdrm_err("%s: the device went away during the measurement",
			 r->ifname);
		return EXIT_KERNEL;
	case DCB_HDRM_STATUS_LINK_DOWN:
		hdrm_err("%s: the link went down during the measurement",
			 r->ifname);
		return EXIT_KERNEL;
	case DCB_HDRM_STATUS_NO_HW_TIMESTAMPS:
		hdrm_err("%s: no probe had hardware timestamps at both ends, and ts-mode hardware counts no other; check phc-index and hwtstamp in \"dcb-hdrm dev show dev DEV\" on both ends (\"dcb-hdrm dev set dev DEV hwtstamp on\" widens the latter), or measure with ts-mode auto",
			 r->ifname);
		return EXIT_KERNEL;
	case DCB_HDRM_STATUS_FOREIGN:
		return foreign_exit(r);
	default:
		hdrm_err("%s: the measurement was aborted (%s)", r->ifname,
			 HDRM_NAME(hdrm_status_names, r->status));
		return EXIT_KERNEL;
	}
}

/* The raw round trips of a session (DCB_HDRM_CMD_SAMPLES_GET). */
struct samples {
	uint32_t session;
	uint32_t n;
	uint32_t *ns;
};

#define HIST_BINS	20
#define HIST_COLS	40

static int samples_cb(struct nlattr *attrs, int len, void *arg)
{
	struct nlattr *tb[DCB_HDRM_A_SAMPLES_MAX + 1];
	struct samples *sm = arg;
	int bytes;

	if (nla_parse(tb, DCB_HDRM_A_SAMPLES_MAX, attrs, len, NULL) < 0 ||
	    !tb[DCB_HDRM_A_SAMPLES_SESSION] || !tb[DCB_HDRM_A_SAMPLES_RTT])
		return -EPROTO;
	bytes = nla_len(tb[DCB_HDRM_A_SAMPLES_RTT]);
	if (bytes % sizeof(uint32_t))
		return -EPROTO;
	sm->session = nla_get_u32(tb[DCB_HDRM_A_SAMPLES_SESSION]);
	sm->n = bytes / sizeof(uint32_t);
	sm->ns = calloc(sm->n ? sm->n : 1, sizeof(uint32_t));
	if (!sm->ns)
		return -ENOMEM;
	memcpy(sm->ns, nla_data(tb[DCB_HDRM_A_SAMPLES_RTT]), bytes);
	return 0;
}

/* The session's samples, or one line and an exit status. */
static int samples_fetch(struct hdrm_ctx *ctx, const char *name,
			 uint32_t ifindex, uint32_t session,
			 struct samples *sm)
{
	struct nl_msg *msg;
	int err;

	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_SAMPLES_GET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_SAMPLES_IFINDEX, ifindex) < 0) {
		nlmsg_free(msg);
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, samples_cb, sm);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	if (sm->session != session) {
		hdrm_err("%s: another measurement (session %u) replaced the samples of session %u",
			 name, sm->session, session);
		return EXIT_KERNEL;
	}
	return 0;
}

/* JSON's "samples_ns"; the text's ten to a line */
static void samples_print(struct out *o, const struct samples *sm)
{
	uint32_t i;

	out_arr_open(o, "samples_ns");
	out_text(o, "samples (ns):");
	for (i = 0; i < sm->n; i++)
		out_u64(o, NULL, i % 10 ? " %llu" : "\n  %llu", sm->ns[i]);
	out_arr_close(o);
	out_text(o, "\n");
}

/* the estimate's bin and the bins estimate +- precision touches */
static void hist_marks(const struct hist *h, const struct result *r,
		       unsigned int *est, unsigned int *band_lo,
		       unsigned int *band_hi)
{
	*est = hist_bin_of(h, r->est);
	*band_lo = hist_bin_of(h, r->est > r->precision ?
			       r->est - r->precision : 0);
	*band_hi = hist_bin_of(h, r->est + r->precision);
}

/*
 * The samples drawn: JSON's "histogram", its bins' counts and where the
 * estimate falls; the text's bar per bin, its count, the estimate's bin
 * marked "<- estimate", and the bins within estimate +- precision marked
 * "|" at the left, so the spread is seen against what the headroom
 * allows.
 */
static void hist_print(struct out *o, const struct hist *h,
		       const struct result *r)
{
	unsigned int i, j, bar, est, lo, hi;
	char line[HIST_COLS + 1];

	hist_marks(h, r, &est, &lo, &hi);
	if (!h->nbins)
		out_text(o, "histogram: no samples\n");
	out_obj_open(o, "histogram");
	/* each bin's edge, in the text */
	out_ju64(o, "first_ns", h->lo);
	if (h->nbins)
		out_text(o, "histogram: %u samples, %llu..%llu ns", h->n,
			 (unsigned long long)h->min,
			 (unsigned long long)h->max);
	out_u64_if(o, "bin_ns", h->nbins, ", bins of %llu ns\n", h->width);
	out_arr_open(o, "counts");
	for (i = 0; i < h->nbins; i++) {
		bar = hist_bar(h, i, HIST_COLS);
		for (j = 0; j < HIST_COLS; j++)
			line[j] = j < bar ? '#' : ' ';
		line[HIST_COLS] = 0;
		out_text(o, "  %c %10llu ns %s",
			 r->has_rtt && i >= lo && i <= hi ? '|' : ' ',
			 (unsigned long long)(h->lo + i * h->width), line);
		out_u64(o, NULL, " %5llu", h->count[i]);
		out_text(o, "%s\n", r->has_rtt && i == est ? "  <- estimate" : "");
	}
	out_arr_close(o);
	if (h->nbins && r->has_rtt) {
		/* the text's marks on the bars, and its line below */
		out_ju64(o, "estimate_bin", est);
		out_ju64(o, "precision_first_bin", lo);
		out_ju64(o, "precision_last_bin", hi);
		out_text(o, "  | estimate %llu ns +- precision %u ns: %llu..%llu ns\n",
			 (unsigned long long)r->est, r->precision,
			 (unsigned long long)(r->est > r->precision ?
					      r->est - r->precision : 0),
			 (unsigned long long)(r->est + r->precision));
	}
	out_obj_close(o);
}

/*
 * The result, and what measure was asked for beside it; the JSON one
 * object, the text the derivation and what follows it.
 */
static void result_print(struct hdrm_ctx *ctx, const struct result *r,
			 bool simulate, const struct samples *sm,
			 const struct hist *h)
{
	struct out o;

	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	hdrm_result_print(&o, r);
	if (simulate)
		sim_result_print(&o, r);
	if (sm && sm->ns)
		samples_print(&o, sm);
	if (h)
		hist_print(&o, h, r);
	/*
	 * What was applied and pushed: among the result's members in
	 * JSON; the text's last, a failed apply and a refused push being
	 * the one line on stderr instead
	 */
	if (!out_json(&o) && !r->applied.error)
		hdrm_applied_print(&o, &r->applied);
	if (!out_json(&o) && r->push.v[DCB_HDRM_A_PUSH_STATUS] ==
	    DCB_HDRM_PUSH_STATUS_APPLIED)
		hdrm_push_print(&o, &r->push);
	out_obj_close(&o);
	out_end(&o);
}

struct measure_args {
	uint32_t ifindex;
	uint32_t count, interval, timeout, mode, estimator, apply, ts_mode;
	bool has_count, has_interval, has_timeout, has_mode, has_estimator;
	bool has_ts_mode;
	/* the exchange, and pdelay's domainNumber and majorSdoId */
	uint32_t method, ptp_domain, ptp_sdo;
	bool has_method, has_ptp_domain, has_ptp_sdo;
	/* the device's method (dev set method), where none is given */
	uint32_t dev_method;
	/*
	 * ptp4l's socket, and the peer delay read from it for method ptp4l;
	 * ptp4l_auto: auto chose it, auto_given: "method auto" was said
	 */
	const char *ptp4l_socket;
	uint32_t peer_delay;
	bool peer_delay_hw, ptp4l_auto, auto_given;
	bool has_apply, apply_own, push;
	bool simulate, samples, histogram;
	/* response [ passive ] prio P [ repeats N ]: the pause response too */
	uint32_t response_prio, repeats;
	bool response, passive, has_repeats;
};

/*
 * The exchange's words: method, pdelay's ptp-domain and ptp-sdo (ptp4l's
 * management messages' too), and ptp4l-socket.
 * Return: 0 when @key was one of them, 1 when it was none, -EINVAL for
 * a bad value (said).
 */
static int measure_parse_method(struct hdrm_keys *k, int argc, char **argv,
				struct measure_args *a)
{
	const char *key = argv[0], *val = argv[1];
	static const char *const words[] = {
		"method", "ptp-domain", "ptp-sdo", "ptp4l-socket",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (hdrm_matches(key, words[i]))
			break;
	if (i == ARRAY_SIZE(words))
		return 1;
	if (hdrm_key(k, words[i], argc, 1))
		return -EINVAL;
	if (i == 0) {
		if (hdrm_parse_word("method", val, hdrm_method_names,
				    DCB_HDRM_METHOD_PTP4L + 1, &a->method))
			return -EINVAL;
		a->has_method = true;
	} else if (i == 1) {
		if (hdrm_parse_u32("ptp-domain", val, 0, UINT8_MAX,
				   &a->ptp_domain))
			return -EINVAL;
		a->has_ptp_domain = true;
	} else if (i == 2) {
		if (hdrm_parse_u32("ptp-sdo", val, 0,
				   DCB_HDRM_LIMIT_MEASURE_PTP_SDO_MAX,
				   &a->ptp_sdo))
			return -EINVAL;
		a->has_ptp_sdo = true;
	} else {
		if (!*val ||
		    strlen(val) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
			hdrm_err("invalid ptp4l-socket \"%s\"; expected a path of 1..%zu bytes",
				 val, sizeof(((struct sockaddr_un *)0)->sun_path) - 1);
			return -EINVAL;
		}
		a->ptp4l_socket = val;
	}
	return 0;
}

/*
 * What the words ask of peer delay that it cannot do, in one line before
 * the kernel is asked: a switch port or ptp4l has no dcb_hdrm to take a
 * push, and always answers with its timestamps; the peer ptp4l measured
 * (method ptp4l) is such a responder too.
 */
static int measure_check(const struct measure_args *a)
{
	bool ptp4l = a->has_method && a->method == DCB_HDRM_METHOD_PTP4L;
	bool pdelay = ptp4l ||
		      (a->has_method && a->method == DCB_HDRM_METHOD_PDELAY);
	bool hdrm = a->has_method && a->method == DCB_HDRM_METHOD_HDRM;
	const char *method = HDRM_NAME(hdrm_method_names, a->method);

	if (pdelay && a->push) {
		hdrm_err("measure: a %s peer takes no push: a switch port or ptp4l answers peer delay but runs no dcb_hdrm to hold a headroom; measure without push and set the peer's headroom by hand",
			 method);
		return -EINVAL;
	}
	if (pdelay && a->has_mode && a->mode == DCB_HDRM_MODE_2TS) {
		hdrm_err("measure: method %s takes four timestamps: not with mode 2ts",
			 method);
		return -EINVAL;
	}
	if (hdrm && (a->has_ptp_domain || a->has_ptp_sdo)) {
		hdrm_err("measure: ptp-domain and ptp-sdo are for method pdelay, ptp4l or auto, not hdrm");
		return -EINVAL;
	}
	/* pdelay asks it too: a ptp4l on the device is no place for ours */
	if (a->has_repeats && !a->response) {
		hdrm_err("measure: repeats is for a response measurement: response prio P repeats N");
		return -EINVAL;
	}
	if (a->response && !a->passive && pdelay) {
		hdrm_err("measure: a pause response is measured with the peer's dcb_hdrm streaming: method hdrm or auto, not %s; response passive measures a peer without it",
			 method);
		return -EINVAL;
	}
	if (a->ptp4l_socket && hdrm) {
		hdrm_err("measure: ptp4l-socket is for method ptp4l, pdelay or auto, not %s",
			 method);
		return -EINVAL;
	}
	return 0;
}

static int measure_parse(int argc, char **argv, struct measure_args *a,
			 const char **name)
{
	struct hdrm_keys k = { .cmd = "measure" };
	const char *key, *val;
	int err;

	while (argc > 0) {
		key = argv[0];
		if (hdrm_matches(key, "help")) {
			printf("Usage: dcb-hdrm measure dev DEV [ count N ] [ interval USEC ] [ mode 4ts | 2ts ]\n"
			       "                        [ estimator min | median | max ] [ timeout MSEC ]\n"
			       "                        [ ts-mode auto | hardware | software | hook ]\n"
			       "                        [ method auto | hdrm | pdelay | ptp4l ] [ ptp-domain N ] [ ptp-sdo N ]\n"
			       "                        [ ptp4l-socket PATH ]\n"
			       "                        [ apply [ delay | buffer | auto | none ] ] [ push ]\n"
			       "                        [ simulate ] [ samples ] [ histogram ]\n"
			       "                        [ response [ passive ] prio P [ repeats N ] ]\n"
			       "       dcb-hdrm measure help\n");
			return 1;
		}
		if (hdrm_matches(key, "push")) {
			if (hdrm_key(&k, "push", argc, 0))
				return -EINVAL;
			a->push = true;
			argc--;
			argv++;
			continue;
		}
		if (!strcmp(key, "simulate") || !strcmp(key, "samples") ||
		    !strcmp(key, "histogram")) {
			if (hdrm_key(&k, key, argc, 0))
				return -EINVAL;
			if (*key == 'h')
				a->histogram = true;
			else if (key[1] == 'i')
				a->simulate = true;
			else
				a->samples = true;
			argc--;
			argv++;
			continue;
		}
		/*
		 * "apply" alone means the device's own method, or auto where
		 * the device's is none: the kernel resolves it (apply-own)
		 */
		if (hdrm_matches(key, "apply")) {
			if (hdrm_key(&k, "apply", argc, 0))
				return -EINVAL;
			a->has_apply = false;
			a->apply_own = true;
			if (argc > 1 && (!strcmp(argv[1], "none") ||
					 !strcmp(argv[1], "delay") ||
					 !strcmp(argv[1], "buffer") ||
					 !strcmp(argv[1], "auto"))) {
				hdrm_parse_word("apply", argv[1],
						hdrm_apply_names, 4, &a->apply);
				a->has_apply = true;
				a->apply_own = false;
				argc--;
				argv++;
			}
			argc--;
			argv++;
			continue;
		}
		val = argc > 1 ? argv[1] : NULL;
		if (hdrm_matches(key, "dev")) {
			if (hdrm_dev_arg("measure", argc, argv, name) < 0)
				return -EINVAL;
		} else if (hdrm_matches(key, "count")) {
			if (hdrm_key(&k, "count", argc, 1) ||
			    hdrm_parse_u32("count", val, DCB_HDRM_LIMIT_MEASURE_COUNT_MIN,
					   DCB_HDRM_LIMIT_MEASURE_COUNT_MAX, &a->count))
				return -EINVAL;
			a->has_count = true;
		} else if (hdrm_matches(key, "interval")) {
			if (hdrm_key(&k, "interval", argc, 1) ||
			    hdrm_parse_u32("interval", val, DCB_HDRM_LIMIT_MEASURE_INTERVAL_MIN,
					   DCB_HDRM_LIMIT_MEASURE_INTERVAL_MAX,
					   &a->interval))
				return -EINVAL;
			a->has_interval = true;
		} else if (hdrm_matches(key, "timeout")) {
			if (hdrm_key(&k, "timeout", argc, 1) ||
			    hdrm_parse_u32("timeout", val, DCB_HDRM_LIMIT_MEASURE_TIMEOUT_MIN,
					   DCB_HDRM_LIMIT_MEASURE_TIMEOUT_MAX,
					   &a->timeout))
				return -EINVAL;
			a->has_timeout = true;
		} else if (hdrm_matches(key, "mode")) {
			if (hdrm_key(&k, "mode", argc, 1) ||
			    hdrm_parse_word("mode", val, hdrm_mode_names, 2, &a->mode))
				return -EINVAL;
			a->has_mode = true;
		} else if (hdrm_matches(key, "estimator")) {
			if (hdrm_key(&k, "estimator", argc, 1) ||
			    hdrm_parse_word("estimator", val, hdrm_estimator_names,
					    3, &a->estimator))
				return -EINVAL;
			a->has_estimator = true;
		} else if (hdrm_matches(key, "response")) {
			/* "response [ passive ] prio P": two or three words */
			if (hdrm_key(&k, "response", argc, 1))
				return -EINVAL;
			if (!strcmp(val, "passive")) {
				a->passive = true;
				argc--;
				argv++;
				val = argc > 1 ? argv[1] : "";
			}
			if (strcmp(val, "prio") || argc < 3) {
				hdrm_err("measure: expected \"response [ passive ] prio P\" with P 0..%u",
					 DCB_HDRM_LIMIT_MEASURE_RESPONSE_PRIO_MAX);
				return -EINVAL;
			}
			if (hdrm_parse_u32("response prio", argv[2], 0,
					   DCB_HDRM_LIMIT_MEASURE_RESPONSE_PRIO_MAX,
					   &a->response_prio))
				return -EINVAL;
			a->response = true;
			argc--;
			argv++;
		} else if (hdrm_matches(key, "repeats")) {
			if (hdrm_key(&k, "repeats", argc, 1) ||
			    hdrm_parse_u32("repeats", val,
					   DCB_HDRM_LIMIT_MEASURE_RESPONSE_REPEATS_MIN,
					   DCB_HDRM_LIMIT_MEASURE_RESPONSE_REPEATS_MAX,
					   &a->repeats))
				return -EINVAL;
			a->has_repeats = true;
		} else if (hdrm_matches(key, "ts-mode")) {
			if (hdrm_key(&k, "ts-mode", argc, 1) ||
			    hdrm_parse_word("ts-mode", val, hdrm_ts_mode_names,
					    DCB_HDRM_TS_MODE_HOOK + 1, &a->ts_mode))
				return -EINVAL;
			a->has_ts_mode = true;
		} else {
			err = measure_parse_method(&k, argc, argv, a);
			if (err > 0)
				hdrm_unknown_arg("measure", argc, argv, !*name,
						 "dev, count, interval, mode, estimator, timeout, ts-mode, apply, push, simulate, samples, histogram, response or repeats, or method, ptp-domain, ptp-sdo or ptp4l-socket");
			if (err)
				return -EINVAL;
		}
		argc -= 2;
		argv += 2;
	}
	if (measure_check(a))
		return -EINVAL;
	return hdrm_dev_ifindex("measure", *name, &a->ifindex) ? -EINVAL : 0;
}

/*
 * The exchange's attributes, each only when given; with ptp4l its peer
 * delay, and not the domain and SDO, which were its management messages'.
 */
static int measure_put_method(struct nl_msg *msg, const struct measure_args *a)
{
	bool ptp4l = a->has_method && a->method == DCB_HDRM_METHOD_PTP4L;

	if ((a->has_method &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_METHOD, a->method) < 0) ||
	    (a->has_ptp_domain && !ptp4l &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_PTP_DOMAIN, a->ptp_domain) < 0) ||
	    (a->has_ptp_sdo && !ptp4l &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_PTP_SDO, a->ptp_sdo) < 0) ||
	    (ptp4l &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_PEER_DELAY, a->peer_delay) < 0) ||
	    (ptp4l &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_PEER_DELAY_HW,
			a->peer_delay_hw) < 0))
		return -EMSGSIZE;
	return 0;
}

/* How long ptp4l may take over each GET: method ptp4l's, auto's. */
#define PTP4L_TIMEOUT_MS	1000
#define PTP4L_AUTO_MS		200

static const char *ptp4l_path(const struct measure_args *a)
{
	return a->ptp4l_socket ? a->ptp4l_socket : PMC_SOCKET;
}

/* Why ptp4l has no peer delay to give for @name, in one line. */
static void ptp4l_err(const char *name, const struct measure_args *a,
		      const struct pmc *p, const struct pmc_port *port,
		      int err)
{
	const char *path = ptp4l_path(a);
	char id[HDRM_PORT_ID_STR];

	switch (err) {
	case -ENOENT:
	case -ECONNREFUSED:
		hdrm_err("no answer from ptp4l at %s: is it running? (its uds_address)",
			 path);
		break;
	case -ETIMEDOUT:
		hdrm_err("no answer from ptp4l at %s: is it running? (its uds_address) Are its domainNumber %u and its transportSpecific %u? (ptp-domain and ptp-sdo)",
			 path, a->ptp_domain, a->ptp_sdo);
		break;
	case -ENODEV:
		hdrm_err("ptp4l at %s has no port on %s", path, name);
		break;
	case -EOPNOTSUPP:
		if (port->ds.mechanism == PMC_DELAY_E2E)
			hdrm_err("ptp4l runs %s with the E2E mechanism: it measures no peer delay",
				 name);
		else
			hdrm_err("ptp4l runs %s with delayMechanism %s, not P2P: it measures no peer delay",
				 name, pmc_mechanism_name(port->ds.mechanism));
		break;
	case -ENETDOWN:
		hdrm_err("ptp4l's port %s on %s is %s: its peer delay is not current",
			 hdrm_port_id_str(id, sizeof(id), port->ds.port), name,
			 pmc_state_name(port->ds.state));
		break;
	case -ENODATA:
		if (port->ds.peer_delay)
			hdrm_err("ptp4l has no peer delay on %s yet (its peerMeanPathDelay is %lld ns)",
				 name, (long long)pmc_delay_ns(port->ds.peer_delay));
		else
			hdrm_err("ptp4l has no peer delay on %s yet", name);
		break;
	case -ERANGE:
		hdrm_err("ptp4l's peer delay on %s, %lld ns, is beyond 1 ms (200 km of cable): not a link's",
			 name, (long long)pmc_delay_ns(port->ds.peer_delay));
		break;
	case -EREMOTEIO:
		hdrm_err("ptp4l at %s refused GET %s: %s", path,
			 pmc_id_name(p->refused_id),
			 pmc_error_name(p->refused_error));
		break;
	case -EPROTO:
		hdrm_err("ptp4l at %s sent a malformed answer", path);
		break;
	default:
		hdrm_err("ptp4l at %s: %s", path, strerror(-err));
	}
}

/*
 * The peer delay ptp4l measured on @name (pmc.c), and whether it took
 * hardware timestamps, into @a; ptp4l's delay mechanism on @name into
 * @mechanism where it has a port there, else 0. Return: 0, or a negative
 * errno, said in one line unless @quiet.
 */
static int ptp4l_read(const char *name, struct measure_args *a,
		      int timeout_ms, bool quiet, unsigned int *mechanism)
{
	struct pmc_port port;
	struct pmc p;
	int err;

	memset(&port, 0, sizeof(port));
	*mechanism = 0;
	err = pmc_open(&p, ptp4l_path(a), a->ptp_domain, a->ptp_sdo, NULL);
	if (!err) {
		err = pmc_port_query(&p, name, timeout_ms, &port);
		pmc_close(&p);
	}
	if (!err) {
		*mechanism = port.ds.mechanism;
		err = pmc_peer_delay(&port.ds, &a->peer_delay);
	}
	a->peer_delay_hw = port.props.timestamping != PMC_TS_SOFTWARE;
	if (err && !quiet)
		ptp4l_err(name, a, &p, &port, err);
	return err;
}

/* ts-mode hardware, and ptp4l's timestamps are software ones. */
static bool ptp4l_no_hw(const struct measure_args *a)
{
	return a->has_ts_mode && a->ts_mode == DCB_HDRM_TS_MODE_HARDWARE &&
	       !a->peer_delay_hw;
}

/*
 * The exchange, settled before the kernel is asked. Method ptp4l reads
 * ptp4l's peer delay: without one, one line and exit status 2. Auto
 * prefers it where ptp4l runs peer delay on the device and has a value,
 * unless what was asked needs a dcb_hdrm peer (push, mode 2ts); where no
 * socket is at the path (a stat() only), ptp4l does not answer in
 * PTP4L_AUTO_MS, or has no value, auto goes on as it was, saying nothing.
 *
 * A ptp4l with a port on the device, of any delay mechanism, faults it on
 * a Pdelay_Resp it did not ask for ("rogue peer delay response", linuxptp
 * port.c), and the answers to our requests go to the same group address:
 * method pdelay is refused there, and auto measures with hdrm alone. The
 * module sees a ptp4l that runs P2P, or E2E as a slave, by the answers
 * to it (hdrm_ptp_local_busy()); its socket tells of an E2E master too.
 */
static int measure_method(const char *name, struct measure_args *a)
{
	uint32_t m = a->has_method ? a->method : a->dev_method;
	unsigned int mech = 0;
	struct stat st;
	bool sock;

	if (m == DCB_HDRM_METHOD_PTP4L) {
		if (ptp4l_read(name, a, PTP4L_TIMEOUT_MS, false, &mech))
			return EXIT_KERNEL;
		if (ptp4l_no_hw(a)) {
			hdrm_err("ptp4l takes software timestamps on %s, and ts-mode hardware counts no other: run ptp4l with hardware timestamping (-H) or measure with ts-mode auto",
				 name);
			return EXIT_KERNEL;
		}
		return 0;
	}
	if (m == DCB_HDRM_METHOD_HDRM)
		return 0;
	sock = !stat(ptp4l_path(a), &st) && S_ISSOCK(st.st_mode);
	if (m == DCB_HDRM_METHOD_PDELAY) {
		if (sock)
			ptp4l_read(name, a, PTP4L_AUTO_MS, true, &mech);
		if (mech) {
			hdrm_err("ptp4l runs %s (delayMechanism %s), and would take the answers to our peer delay requests for rogue ones: measure with method ptp4l, or hdrm",
				 name, pmc_mechanism_name(mech));
			return EXIT_KERNEL;
		}
		return 0;
	}
	if (a->push || (a->has_mode && a->mode == DCB_HDRM_MODE_2TS) || !sock)
		return 0;
	if (ptp4l_read(name, a, PTP4L_AUTO_MS, true, &mech) || ptp4l_no_hw(a)) {
		/* no peer delay to fall back to beside this ptp4l */
		if (mech) {
			a->has_method = true;
			a->method = DCB_HDRM_METHOD_HDRM;
		}
		return 0;
	}
	a->auto_given = a->has_method;
	a->has_method = true;
	a->method = DCB_HDRM_METHOD_PTP4L;
	a->ptp4l_auto = true;
	return 0;
}

/* One device's message, DCB_HDRM_CMD_DEV_GET of @ifindex, handed to @cb. */
static int measure_dev_get(struct hdrm_ctx *ctx, uint32_t ifindex,
			   int (*cb)(struct nlattr *, int, void *), void *arg)
{
	struct nl_msg *msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET, 0);

	if (!msg || nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0) {
		nlmsg_free(msg);
		return -ENOMEM;
	}
	return hdrm_nl_talk(&ctx->nl, msg, cb, arg);
}

/*
 * What the device measures with where the request does not say (dev set
 * method, ptp-domain, ptp-sdo): the kernel takes them itself, and the
 * tool needs them to choose ptp4l for auto and to ask ptp4l in the
 * right domain. Without the module, nothing: the start says why.
 */
static void measure_dev_defaults(struct hdrm_ctx *ctx, struct measure_args *a)
{
	struct dev_view v = { 0 };

	if (a->has_method && a->has_ptp_domain && a->has_ptp_sdo)
		return;
	if (!ctx->nl_open) {
		if (hdrm_nl_open(&ctx->nl))
			return;
		ctx->nl_open = true;
	}
	if (measure_dev_get(ctx, a->ifindex, dev_view_cb, &v))
		return;
	a->dev_method = v.method;
	if (!a->has_ptp_domain)
		a->ptp_domain = v.ptp_domain;
	if (!a->has_ptp_sdo)
		a->ptp_sdo = v.ptp_sdo;
}

/* What the kernel will do: its session, the apply method, the push. */
struct measure_reply {
	uint32_t session, apply;
	bool push;
};

static int measure_session(struct nlattr *attrs, int len, void *arg)
{
	struct nlattr *tb[DCB_HDRM_A_MEASURE_MAX + 1];
	struct measure_reply *m = arg;

	if (nla_parse(tb, DCB_HDRM_A_MEASURE_MAX, attrs, len, NULL) < 0 ||
	    !tb[DCB_HDRM_A_MEASURE_SESSION] || !tb[DCB_HDRM_A_MEASURE_APPLY] ||
	    !tb[DCB_HDRM_A_MEASURE_PUSH])
		return -EPROTO;
	m->session = nla_get_u32(tb[DCB_HDRM_A_MEASURE_SESSION]);
	m->apply = nla_get_u32(tb[DCB_HDRM_A_MEASURE_APPLY]);
	m->push = nla_get_u8(tb[DCB_HDRM_A_MEASURE_PUSH]);
	return 0;
}

/* The measure request, every attribute given; NULL when out of memory. */
static struct nl_msg *measure_msg(struct hdrm_ctx *ctx,
				  const struct measure_args *a)
{
	struct nl_msg *msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_MEASURE, 0);

	if (!msg ||
	    nla_put_u32(msg, DCB_HDRM_A_MEASURE_IFINDEX, a->ifindex) < 0 ||
	    (a->has_count &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_COUNT, a->count) < 0) ||
	    (a->has_interval &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_INTERVAL, a->interval) < 0) ||
	    (a->has_timeout &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_TIMEOUT, a->timeout) < 0) ||
	    (a->has_mode &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_MODE, a->mode) < 0) ||
	    (a->has_estimator &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_ESTIMATOR, a->estimator) < 0) ||
	    (a->has_ts_mode &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_TS_MODE, a->ts_mode) < 0) ||
	    measure_put_method(msg, a) < 0 ||
	    (a->has_apply &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_APPLY, a->apply) < 0) ||
	    (a->apply_own &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_APPLY_OWN, 1) < 0) ||
	    (a->push && nla_put_u8(msg, DCB_HDRM_A_MEASURE_PUSH, 1) < 0) ||
	    (a->response &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_RESPONSE_PRIO,
			a->response_prio) < 0) ||
	    (a->has_repeats &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_RESPONSE_REPEATS,
			 a->repeats) < 0) ||
	    (a->passive &&
	     nla_put_flag(msg, DCB_HDRM_A_MEASURE_RESPONSE_PASSIVE) < 0) ||
	    /* ours: Ctrl-C ends it at once instead of at its deadline */
	    nla_put_u8(msg, DCB_HDRM_A_MEASURE_OWNED, 1) < 0) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

/*
 * Starts the measurement; the reply says what the kernel will do. A
 * module before method ptp4l refuses it (an out-of-range method, or an
 * unknown attribute): when auto chose it, auto is asked as it was.
 * Return: 0, -ENOMEM, or the kernel's negative errno.
 */
static int measure_start(struct hdrm_ctx *ctx, struct measure_args *a,
			 struct measure_reply *m)
{
	struct nl_msg *msg = measure_msg(ctx, a);
	int err;

	if (!msg)
		return -ENOMEM;
	err = hdrm_nl_talk(&ctx->nl, msg, measure_session, m);
	if ((err != -EINVAL && err != -ERANGE) || !a->ptp4l_auto)
		return err;
	a->ptp4l_auto = false;
	a->has_method = a->auto_given;
	a->method = DCB_HDRM_METHOD_AUTO;
	msg = measure_msg(ctx, a);
	if (!msg)
		return -ENOMEM;
	return hdrm_nl_talk(&ctx->nl, msg, measure_session, m);
}

struct wait_ctx {
	int family;
	uint32_t ifindex, session;
	bool unloaded;
	struct result_follow f;
};

static int measure_ntf(struct nl_msg *msg, void *arg)
{
	struct wait_ctx *w = arg;
	struct result r;
	uint8_t cmd;

	if (!hdrm_ntf_result(msg, w->family, &r, &cmd, &w->unloaded) ||
	    r.ifindex != w->ifindex || r.session != w->session)
		return NL_OK;
	hdrm_result_follow(&w->f, &r, cmd);
	return NL_OK;
}

/*
 * Progress on a terminal: the device's probe and reply counters (dev
 * get) against their values before the start, once the measurement has
 * run a second; never with -j, never when stderr is not a terminal.
 */
struct progress {
	bool on, shown;
	uint64_t tx0, rx0;
	long long start_ms, next_ms;
};

static int progress_dev_cb(struct nlattr *attrs, int len, void *arg)
{
	return dev_parse(attrs, len, arg);
}

static bool progress_counters(struct hdrm_ctx *ctx, uint32_t ifindex,
			      uint64_t *tx, uint64_t *rx)
{
	struct dev_info *d = calloc(1, sizeof(*d));
	bool ok = false;

	if (!d)
		return false;
	if (!measure_dev_get(ctx, ifindex, progress_dev_cb, d) &&
	    d->has_stats) {
		*tx = d->stats[DCB_HDRM_A_STATS_TX_PROBES];
		*rx = d->stats[DCB_HDRM_A_STATS_RX_REPLIES];
		ok = true;
	}
	free(d);
	return ok;
}

static void progress_start(struct hdrm_ctx *ctx, struct progress *p,
			   uint32_t ifindex)
{
	memset(p, 0, sizeof(*p));
	if (ctx->json || !isatty(STDERR_FILENO))
		return;
	p->on = progress_counters(ctx, ifindex, &p->tx0, &p->rx0);
	p->start_ms = hdrm_now_ms();
	p->next_ms = p->start_ms + 1000;
}

static void progress_tick(struct hdrm_ctx *ctx, struct progress *p,
			  uint32_t ifindex, const char *name)
{
	long long now = hdrm_now_ms();
	uint64_t tx, rx;

	if (!p->on || now < p->next_ms)
		return;
	p->next_ms = now + 250;
	if (!progress_counters(ctx, ifindex, &tx, &rx))
		return;
	fprintf(stderr, "\r%s: %llu of %llu probes answered, %lld.%lld s\033[K",
		name, (unsigned long long)(rx - p->rx0),
		(unsigned long long)(tx - p->tx0),
		(now - p->start_ms) / 1000, (now - p->start_ms) / 100 % 10);
	p->shown = true;
}

static void progress_end(struct progress *p)
{
	if (p->shown)
		fprintf(stderr, "\r\033[K");
}

/* The least of a poll's wait and the next progress line's. */
static int progress_wait(const struct progress *p, long long left)
{
	long long to_tick = p->next_ms - hdrm_now_ms();

	if (p->on && to_tick < left)
		left = to_tick > 0 ? to_tick : 0;
	return (int)left;
}

/*
 * push with method auto, which took peer delay: the kernel pushed
 * nothing, the responder being no dcb_hdrm. One line that says so.
 */
static void push_pdelay_err(const char *name, const struct result *r)
{
	char id[HDRM_PORT_ID_STR] = "its responder";

	if (r->has_responder)
		hdrm_port_id_str(id, sizeof(id), r->responder);
	hdrm_err("%s: a pdelay peer takes no push: %s answered IEEE 1588 peer delay (method auto found no dcb_hdrm there), so nothing was pushed; set the peer's headroom by hand from this result",
		 name, id);
}

/* What became of the push asked for: 0 when the peer holds the headroom. */
static int push_exit(const char *name, const struct result *r)
{
	uint32_t status = r->push.v[DCB_HDRM_A_PUSH_STATUS];
	char buf[160];

	if (result_pdelay(r))
		push_pdelay_err(name, r);
	else if (status == DCB_HDRM_PUSH_STATUS_APPLIED)
		return 0;
	else if (status == DCB_HDRM_PUSH_STATUS_REFUSED)
		hdrm_err("%s: the peer refused the pushed headroom: %s", name,
			 hdrm_push_why(&r->push, buf, sizeof(buf)));
	else
		hdrm_err("%s: the peer did not acknowledge the pushed headroom",
			 name);
	return EXIT_KERNEL;
}

int hdrm_cmd_measure(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct measure_args a = { 0 };
	struct measure_reply m = { 0 };
	struct samples sm = { 0 };
	struct wait_ctx w = { 0 };
	struct progress prog;
	struct hist *h = NULL;
	struct nl_sock *ntf = NULL;
	const char *name = NULL;
	long long deadline;
	struct pollfd pfd;
	int err, ret;

	err = measure_parse(argc, argv, &a, &name);
	if (err)
		return err > 0 ? 0 : EXIT_USAGE;
	/* ptp4l's peer delay first: a method that cannot be had is said */
	measure_dev_defaults(ctx, &a);
	err = measure_method(name, &a);
	if (err)
		return err;
	err = hdrm_connect(ctx);
	if (err)
		return err;

	/* Listen before starting, so the end cannot be missed. */
	ntf = hdrm_listen(&w.family);
	if (!ntf) {
		ret = EXIT_KERNEL;
		goto out;
	}
	nl_socket_modify_cb(ntf, NL_CB_VALID, NL_CB_CUSTOM, measure_ntf, &w);

	progress_start(ctx, &prog, a.ifindex);
	/* The reply says whether an apply and a push follow the result. */
	err = measure_start(ctx, &a, &m);
	if (err == -ENOMEM) {
		hdrm_err("out of memory");
		ret = EXIT_KERNEL;
		goto out;
	}
	if (err) {
		ret = hdrm_kernel_err(ctx, name, err);
		goto out;
	}
	w.ifindex = a.ifindex;
	w.session = m.session;

	/* Every probe's interval, the reply timeout, and a margin. */
	deadline = hdrm_now_ms() +
		   (long long)(a.has_count ? a.count : 100) *
		   (a.has_interval ? a.interval : 1000) / 1000 +
		   (a.has_timeout ? a.timeout : 200) + 5000 +
		   (m.apply != DCB_HDRM_APPLY_NONE ? 5000 : 0) +
		   (m.push ? 5000 : 0) +
		   /* a stream a second, its rate waits and its answers */
		   (a.response ? (long long)(a.has_repeats ? a.repeats : 5) *
				 1200 + 3000 : 0) +
		   /* passive: each repeat's second of listening too */
		   (a.passive ? (long long)(a.has_repeats ? a.repeats : 5) *
				1000 : 0);
	pfd.fd = nl_socket_get_fd(ntf);
	pfd.events = POLLIN;
	/* With an apply, the result is followed by what was written. */
	/* With a push, by the peer's answer; peer delay has none to give. */
	/*
	 * With a response, by the result that carries it: an apply's or a
	 * push's notification may come first, with the round trip alone.
	 */
	while (!w.f.found || (a.response && !w.f.r.response.present) ||
	       (m.apply != DCB_HDRM_APPLY_NONE && !w.f.applied &&
		w.f.r.status == DCB_HDRM_STATUS_OK) ||
	       (m.push && !w.f.pushed && w.f.r.status == DCB_HDRM_STATUS_OK &&
		!result_pdelay(&w.f.r))) {
		long long left = deadline - hdrm_now_ms();

		if (w.unloaded) {
			hdrm_err("%s: the dcb_hdrm module was unloaded during the measurement",
				 name);
			ret = EXIT_KERNEL;
			goto out;
		}

		if (left <= 0) {
			hdrm_err("%s: the kernel did not report the end of session %u in time",
				 name, w.session);
			ret = EXIT_KERNEL;
			goto out;
		}
		if (poll(&pfd, 1, progress_wait(&prog, left)) > 0)
			nl_recvmsgs_default(ntf);
		progress_tick(ctx, &prog, a.ifindex, name);
	}
	progress_end(&prog);
	if ((a.samples || a.histogram) && w.f.r.received) {
		ret = samples_fetch(ctx, name, a.ifindex, w.session, &sm);
		if (ret)
			goto out;
	}
	if (a.histogram) {
		h = calloc(1, sizeof(*h));
		if (!h || hist_build(sm.ns, sm.n, HIST_BINS, h)) {
			hdrm_err("out of memory");
			ret = EXIT_KERNEL;
			goto out;
		}
	}
	/* A measurement that failed says so in one line, and only that. */
	if (ctx->json || w.f.r.status == DCB_HDRM_STATUS_OK)
		result_print(ctx, &w.f.r, a.simulate, a.samples ? &sm : NULL, h);
	if (w.f.r.status == DCB_HDRM_STATUS_PEER_NO_CAP ||
	    w.f.r.status == DCB_HDRM_STATUS_PEER_SILENT) {
		struct dev_view dev = { 0 };

		/* its buffers and last measurement, for a concrete dcb line */
		if (measure_dev_get(ctx, a.ifindex, dev_view_cb, &dev))
			memset(&dev, 0, sizeof(dev));
		ret = manual_prompt(&w.f.r, dev.has_last ? &dev.last : NULL, &dev);
	} else
		ret = result_status_exit(&w.f.r);
	if (!ret && w.f.r.applied.present && w.f.r.applied.error) {
		hdrm_err("%s: apply %s failed: %s; %s",
			 name, HDRM_NAME(hdrm_apply_names, w.f.r.applied.method),
			 hdrm_applied_why(&w.f.r.applied),
			 hdrm_applied_state(&w.f.r.applied));
		ret = EXIT_KERNEL;
	}
	if (!ret && a.push)
		ret = push_exit(name, &w.f.r);
	if (!ret && a.response)
		ret = response_exit(name, &w.f.r.response);
out:
	free(sm.ns);
	free(h);
	if (ntf)
		nl_socket_free(ntf);
	return ret;
}
