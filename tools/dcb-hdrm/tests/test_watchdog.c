// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of "dcb-hdrm watchdog": the words of watchdog set (what is
 * taken, what is refused and the one line that says why), a watchdog
 * message built as the module sends it (netlink attributes) parsed and
 * printed as text and JSON, a watchdog-ntf as monitor prints it, and the
 * name tables against the uAPI's enums.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "hdrm_limits.h"
#include "watchdog.h"
#include "tap.h"

static char out[16384];
static FILE *sink;

#define SEC	1000000000ULL
#define MS	1000000ULL

/* Output to out[] until done(). */
static struct jw *begin(void)
{
	static struct jw w;

	memset(out, 0, sizeof(out));
	sink = fmemopen(out, sizeof(out) - 1, "w");
	if (!sink)
		exit(2);
	jw_init(&w, sink, false);
	return &w;
}

static void done(void)
{
	fclose(sink);
}

/* @got is @want exactly; the difference shown when not */
static void text_is(const char *got, const char *want, const char *name)
{
	bool ok = !strcmp(got, want);

	TAP_OK(ok, "%s", name);
	if (!ok)
		printf("# got:\n%s# want:\n%s", got, want);
}

/* ---- watchdog set's words ---- */

static char err_line[1024], said_out[2048];
static struct wd_set ws;

/* wd_set_parse() on @argv (NULL-ended): stderr in err_line, stdout in said_out */
static int set_words(const char *const *argv)
{
	FILE *saved_err = stderr, *saved_out = stdout, *e, *o;
	int argc = 0, ret;

	while (argv[argc])
		argc++;
	memset(err_line, 0, sizeof(err_line));
	memset(said_out, 0, sizeof(said_out));
	e = fmemopen(err_line, sizeof(err_line) - 1, "w");
	o = fmemopen(said_out, sizeof(said_out) - 1, "w");
	if (!e || !o)
		exit(2);
	stderr = e;
	stdout = o;
	ret = wd_set_parse(argc, (char **)argv, &ws);
	stderr = saved_err;
	stdout = saved_out;
	fclose(e);
	fclose(o);
	return ret;
}

#define ARGV(...) ((const char *const []){ __VA_ARGS__, NULL })

/* refused with exactly one line on stderr, holding @what */
static void refused(const char *what, const char *const *argv)
{
	int ret = set_words(argv);
	const char *nl = strchr(err_line, '\n');

	TAP_OK(ret == -EINVAL && nl && !nl[1] && strstr(err_line, what) &&
	       !said_out[0],
	       "watchdog set %s ...: refused, \"%s\"", argv[0], what);
	if (ret != -EINVAL || !nl || nl[1] || !strstr(err_line, what))
		printf("# returned %d, stderr \"%s\"\n", ret, err_line);
}

static void test_set_words(void)
{
	TAP_OK(!set_words(ARGV("dev", "eth0", "state", "on", "action", "drop",
			       "detect-ms", "300", "restore-ms", "1000",
			       "poll-ms", "20")) && !err_line[0] &&
	       ws.name && !strcmp(ws.name, "eth0") &&
	       ws.given == (WD_SET_STATE | WD_SET_ACTION | WD_SET_DETECT |
			    WD_SET_RESTORE | WD_SET_POLL) &&
	       ws.state == 1 && ws.action == DCB_HDRM_WD_ACTION_DROP &&
	       ws.detect_ms == 300 && ws.restore_ms == 1000 && ws.poll_ms == 20,
	       "every word taken, with its value");
	TAP_OK(!set_words(ARGV("poll-ms", "10", "state", "off", "dev", "eth1")) &&
	       !strcmp(ws.name, "eth1") &&
	       ws.given == (WD_SET_STATE | WD_SET_POLL) && ws.state == 0 &&
	       ws.poll_ms == 10,
	       "any order; only the words given are marked");
	TAP_OK(!set_words(ARGV("dev", "eth0", "action", "alert")) &&
	       ws.given == WD_SET_ACTION &&
	       ws.action == DCB_HDRM_WD_ACTION_ALERT,
	       "action alert is the uAPI's alert");
	TAP_OK(!set_words(ARGV("dev", "eth0", "detect-ms", "10", "poll-ms", "10",
			       "restore-ms", "600000")) &&
	       ws.detect_ms == 10 && ws.poll_ms == 10 && ws.restore_ms == 600000,
	       "the limits themselves are taken; poll-ms equal to detect-ms is");
	TAP_OK(!set_words(ARGV("dev", "eth0", "detect-ms", "60000", "poll-ms",
			       "10000")) &&
	       ws.detect_ms == DCB_HDRM_LIMIT_WATCHDOG_DETECT_MS_MAX &&
	       ws.poll_ms == DCB_HDRM_LIMIT_WATCHDOG_POLL_MS_MAX,
	       "the upper limits too");
	/* the kernel checks poll-ms against the current detect-ms */
	TAP_OK(!set_words(ARGV("dev", "eth0", "poll-ms", "5000")) &&
	       ws.given == WD_SET_POLL,
	       "poll-ms alone is not checked against a detect-ms not given");
	TAP_OK(!set_words(ARGV("state", "on")) && !ws.name,
	       "without dev: the words pass, the device is the caller's error");
	TAP_OK(set_words(ARGV("dev", "eth0", "help")) == 1 && !err_line[0] &&
	       strstr(said_out, "Usage: dcb-hdrm [ -s ] watchdog show [ dev DEV ]\n") &&
	       strstr(said_out, "dcb-hdrm watchdog set dev DEV [ state { on | off } ] [ action { alert | drop | forward } ]\n") &&
	       strstr(said_out, "[ storm-limit N ] [ storm-period-ms MS ] [ recovery { auto | manual } ]\n") &&
	       strstr(said_out, "dcb-hdrm watchdog recover dev DEV prio P\n") &&
	       strstr(said_out, "storm-limit 0..1000 (default 0: no storm held), storm-period-ms 100..86400000\n") &&
	       strstr(said_out, "(default 60000), recovery default auto, prio 0..7") &&
	       strstr(said_out, "detect-ms 10..60000 (default 200), restore-ms 10..600000 (default 200)") &&
	       strstr(said_out, "poll-ms 10..10000 (default 50, at most detect-ms), action default alert"),
	       "help: 1, the usage with the limits and defaults on stdout, nothing on stderr");

	refused("watchdog set: poll-ms 300 is above detect-ms 200",
		ARGV("dev", "eth0", "poll-ms", "300", "detect-ms", "200"));
	refused("watchdog set: poll-ms 201 is above detect-ms 200",
		ARGV("dev", "eth0", "detect-ms", "200", "poll-ms", "201"));
	refused("invalid detect-ms \"9\"; expected an integer 10..60000",
		ARGV("dev", "eth0", "detect-ms", "9"));
	refused("invalid detect-ms \"60001\"; expected an integer 10..60000",
		ARGV("dev", "eth0", "detect-ms", "60001"));
	refused("invalid restore-ms \"600001\"; expected an integer 10..600000",
		ARGV("dev", "eth0", "restore-ms", "600001"));
	refused("invalid restore-ms \"9\"", ARGV("dev", "eth0", "restore-ms", "9"));
	refused("invalid poll-ms \"10001\"; expected an integer 10..10000",
		ARGV("dev", "eth0", "poll-ms", "10001"));
	refused("invalid poll-ms \"-50\"", ARGV("dev", "eth0", "poll-ms", "-50"));
	refused("invalid poll-ms \"50ms\"", ARGV("dev", "eth0", "poll-ms", "50ms"));
	refused("invalid state \"yes\"; expected off or on",
		ARGV("dev", "eth0", "state", "yes"));
	refused("invalid action \"shutdown\"; expected alert, drop or forward",
		ARGV("dev", "eth0", "action", "shutdown"));
	refused("invalid action \"Drop\"", ARGV("dev", "eth0", "action", "Drop"));
	refused("watchdog set: \"state\" is given twice",
		ARGV("dev", "eth0", "state", "on", "action", "drop", "state", "off"));
	refused("watchdog set: \"detect-ms\" is given twice",
		ARGV("detect-ms", "100", "dev", "eth0", "detect-ms", "100"));
	refused("watchdog set: \"dev\" is given twice",
		ARGV("dev", "eth0", "dev", "eth1", "state", "on"));
	refused("watchdog set: \"poll-ms\" needs a value",
		ARGV("dev", "eth0", "poll-ms"));
	refused("watchdog set: \"dev\" needs a device name", ARGV("dev"));
	refused("watchdog set: unknown argument \"detect\"; expected dev, state, action, detect-ms, restore-ms, poll-ms, storm-limit, storm-period-ms or recovery",
		ARGV("dev", "eth0", "detect", "100"));
	refused("watchdog set: nothing to set; see \"dcb-hdrm watchdog help\"",
		ARGV("dev", "eth0"));
}

/* storm-limit, storm-period-ms, recovery and action forward (issue 28) */
static void test_set_storm_words(void)
{
	TAP_OK(!set_words(ARGV("dev", "eth0", "storm-limit", "2",
			       "storm-period-ms", "30000", "recovery",
			       "manual")) && !err_line[0] &&
	       ws.given == (WD_SET_STORM_LIMIT | WD_SET_STORM_PERIOD |
			    WD_SET_RECOVERY) &&
	       ws.storm_limit == 2 && ws.storm_period_ms == 30000 &&
	       ws.recovery == DCB_HDRM_WD_RECOVERY_MANUAL,
	       "storm-limit, storm-period-ms, recovery manual taken");
	TAP_OK(!set_words(ARGV("recovery", "auto", "dev", "eth0")) &&
	       ws.given == WD_SET_RECOVERY &&
	       ws.recovery == DCB_HDRM_WD_RECOVERY_AUTO,
	       "recovery auto is the uAPI's auto");
	TAP_OK(!set_words(ARGV("dev", "eth0", "storm-limit", "0",
			       "storm-period-ms", "100")) &&
	       ws.storm_limit == 0 &&
	       ws.storm_period_ms == DCB_HDRM_LIMIT_WATCHDOG_STORM_PERIOD_MS_MIN,
	       "storm-limit 0 (none) and the shortest period taken");
	TAP_OK(!set_words(ARGV("dev", "eth0", "storm-limit", "1000",
			       "storm-period-ms", "86400000")) &&
	       ws.storm_limit == DCB_HDRM_LIMIT_WATCHDOG_STORM_LIMIT_MAX &&
	       ws.storm_period_ms == DCB_HDRM_LIMIT_WATCHDOG_STORM_PERIOD_MS_MAX,
	       "the upper limits taken");
	/* the module refuses it, naming the driver: the tool sends it */
	TAP_OK(!set_words(ARGV("dev", "eth0", "action", "forward")) &&
	       ws.given == WD_SET_ACTION &&
	       ws.action == DCB_HDRM_WD_ACTION_FORWARD,
	       "action forward is sent for the module to judge");

	refused("invalid storm-limit \"1001\"; expected an integer 0..1000",
		ARGV("dev", "eth0", "storm-limit", "1001"));
	refused("invalid storm-limit \"-1\"", ARGV("dev", "eth0", "storm-limit", "-1"));
	refused("invalid storm-period-ms \"99\"; expected an integer 100..86400000",
		ARGV("dev", "eth0", "storm-period-ms", "99"));
	refused("invalid storm-period-ms \"86400001\"; expected an integer 100..86400000",
		ARGV("dev", "eth0", "storm-period-ms", "86400001"));
	refused("invalid recovery \"later\"; expected auto or manual",
		ARGV("dev", "eth0", "recovery", "later"));
	refused("watchdog set: \"storm-limit\" is given twice",
		ARGV("dev", "eth0", "storm-limit", "1", "storm-limit", "2"));
	refused("watchdog set: \"recovery\" needs a value",
		ARGV("dev", "eth0", "recovery"));
}

/* ---- watchdog recover's words ---- */

static struct wd_recover wr;

static int recover_words(const char *const *argv)
{
	FILE *saved_err = stderr, *saved_out = stdout, *e, *o;
	int argc = 0, ret;

	while (argv[argc])
		argc++;
	memset(err_line, 0, sizeof(err_line));
	memset(said_out, 0, sizeof(said_out));
	e = fmemopen(err_line, sizeof(err_line) - 1, "w");
	o = fmemopen(said_out, sizeof(said_out) - 1, "w");
	if (!e || !o)
		exit(2);
	stderr = e;
	stdout = o;
	ret = wd_recover_parse(argc, (char **)argv, &wr);
	stderr = saved_err;
	stdout = saved_out;
	fclose(e);
	fclose(o);
	return ret;
}

static void recover_refused(const char *what, const char *const *argv)
{
	int ret = recover_words(argv);
	const char *nl = strchr(err_line, '\n');
	bool ok = ret == -EINVAL && nl && !nl[1] && strstr(err_line, what) &&
		  !said_out[0];

	TAP_OK(ok, "watchdog recover %s ...: refused, \"%s\"", argv[0], what);
	if (!ok)
		printf("# returned %d, stderr \"%s\"\n", ret, err_line);
}

static void test_recover_words(void)
{
	TAP_OK(!recover_words(ARGV("dev", "eth0", "prio", "3")) &&
	       !err_line[0] && !strcmp(wr.name, "eth0") && wr.has_prio &&
	       wr.prio == 3,
	       "recover dev eth0 prio 3");
	TAP_OK(!recover_words(ARGV("prio", "0", "dev", "eth1")) &&
	       !strcmp(wr.name, "eth1") && wr.has_prio && wr.prio == 0,
	       "recover: any order, prio 0");
	TAP_OK(!recover_words(ARGV("dev", "eth0", "prio", "7")) && wr.prio == 7,
	       "recover: prio 7, the limit");
	TAP_OK(!recover_words(ARGV("prio", "3")) && !wr.name,
	       "recover without dev: the words pass, the device is the caller's error");
	TAP_OK(recover_words(ARGV("dev", "eth0", "help")) == 1 &&
	       strstr(said_out, "dcb-hdrm watchdog recover dev DEV prio P\n") &&
	       !err_line[0],
	       "recover help: the usage on stdout");
	recover_refused("invalid prio \"8\"; expected an integer 0..7",
			ARGV("dev", "eth0", "prio", "8"));
	recover_refused("invalid prio \"all\"", ARGV("dev", "eth0", "prio", "all"));
	recover_refused("watchdog recover: expected \"prio P\", the held priority to recover",
			ARGV("dev", "eth0"));
	recover_refused("watchdog recover: \"prio\" is given twice",
			ARGV("dev", "eth0", "prio", "1", "prio", "2"));
	recover_refused("watchdog recover: \"prio\" needs a value",
			ARGV("dev", "eth0", "prio"));
	recover_refused("watchdog recover: unknown argument \"state\"; expected dev or prio",
			ARGV("dev", "eth0", "state", "on"));
}

/* ---- a watchdog message ---- */

static struct nl_msg *attrs(void)
{
	struct nl_msg *m = nlmsg_alloc();

	if (!m)
		exit(2);
	return m;
}

#define ATTRS(m) nlmsg_data(nlmsg_hdr(m)), nlmsg_datalen(nlmsg_hdr(m))

struct prio_spec {
	uint8_t prio;
	uint32_t state, direction, storms, last_ms;
	uint64_t start, detect;
	int last_action;		/* -1: none sent */
	uint8_t pfc_off;
	uint32_t action_error;
	bool counters, tx;
};

static void put_prio(struct nl_msg *m, const struct prio_spec *p)
{
	struct nlattr *nest = nla_nest_start(m, DCB_HDRM_A_WATCHDOG_PRIO);

	nla_put_u8(m, DCB_HDRM_A_WD_PRIO_PRIO, p->prio);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_STATE, p->state);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_DIRECTION, p->direction);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_STORMS, p->storms);
	nla_put_u64(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_START, p->start);
	nla_put_u64(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_DETECT, p->detect);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_MS, p->last_ms);
	if (p->last_action >= 0)
		nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_ACTION, p->last_action);
	nla_put_u8(m, DCB_HDRM_A_WD_PRIO_PFC_OFF, p->pfc_off);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_ACTION_ERROR, p->action_error);
	if (p->counters) {
		nla_put_u64(m, DCB_HDRM_A_WD_PRIO_REQUESTS, 17);
		nla_put_u64(m, DCB_HDRM_A_WD_PRIO_INDICATIONS, 123456);
	}
	if (p->tx)
		nla_put_u64(m, DCB_HDRM_A_WD_PRIO_TX_PACKETS, 789);
	nla_nest_end(m, nest);
}

/*
 * eth0, on, drop, 200/200/50, tx-prio-packets, running; prio 3 stormed
 * (received, twice, the last 412 ms from 10 s on the clock, PFC held off)
 * and prio 4 never; @event >= 0 makes it a watchdog-ntf for @event_prio.
 */
static struct nl_msg *wd_msg(int event, uint8_t event_prio)
{
	const struct prio_spec p3 = {
		.prio = 3, .state = DCB_HDRM_WD_STATE_STORMED,
		.direction = DCB_HDRM_WD_DIRECTION_RECEIVED, .storms = 2,
		.last_ms = 412, .start = 10 * SEC, .detect = 10 * SEC + 200 * MS,
		.last_action = DCB_HDRM_WD_ACTION_DROP, .pfc_off = 1,
		.counters = true, .tx = true,
	};
	const struct prio_spec p4 = {
		.prio = 4, .last_action = -1, .counters = true,
	};
	struct nl_msg *m = attrs();

	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 2);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, "eth0");
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_STATE, 1);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_ACTION, DCB_HDRM_WD_ACTION_DROP);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_DETECT_MS, 200);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_RESTORE_MS, 200);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_POLL_MS, 50);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_PROGRESS,
		    DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS);
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_RUNNING, 1);
	nla_put_u64(m, DCB_HDRM_A_WATCHDOG_POLLS, 1234);
	nla_put_u64(m, DCB_HDRM_A_WATCHDOG_POLL_ERRORS, 1);
	nla_put_u64(m, DCB_HDRM_A_WATCHDOG_ACTION_ERRORS, 0);
	put_prio(m, &p3);
	put_prio(m, &p4);
	if (event >= 0) {
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_EVENT, event);
		nla_put_u8(m, DCB_HDRM_A_WATCHDOG_EVENT_PRIO, event_prio);
	}
	return m;
}

static int parse(struct nl_msg *m, struct wd_info *w)
{
	int err = wd_parse(ATTRS(m), w);

	nlmsg_free(m);
	return err;
}

static const char *wd_json(const struct wd_info *w, bool stats, uint64_t now)
{
	struct jw *jw = begin();

	wd_print_json(jw, w, stats, now);
	done();
	return out;
}

static const char *wd_txt(const struct wd_info *w, bool stats, uint64_t now)
{
	FILE *saved = stdout;

	begin();
	stdout = sink;
	wd_print_text(w, stats, now);
	stdout = saved;
	done();
	return out;
}

#define NOW	(13 * SEC + 250 * MS)	/* 3.25 s after the storm's start */

static void test_show(void)
{
	struct wd_info w;
	const char *s;

	TAP_OK(!parse(wd_msg(-1, 0), &w) && w.ifindex == 2 &&
	       !strcmp(w.ifname, "eth0") && w.state && w.running &&
	       w.action == DCB_HDRM_WD_ACTION_DROP && w.detect_ms == 200 &&
	       w.restore_ms == 200 && w.poll_ms == 50 &&
	       w.progress == DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS &&
	       w.polls == 1234 && w.poll_errors == 1 && !w.has_event &&
	       w.n_prio == 2 && w.prio[0].prio == 3 && w.prio[1].prio == 4 &&
	       w.prio[0].last_storm_start_ns == 10 * SEC &&
	       w.prio[0].pfc_off && w.prio[0].has_tx_packets &&
	       !w.prio[1].has_tx_packets && !w.prio[1].has_last_action,
	       "parsed: the device, both priorities in order, what was absent");

	s = wd_json(&w, false, NOW);
	TAP_OK(!strcmp(s, "{\"ifname\":\"eth0\",\"ifindex\":2,\"state\":\"on\",\"action\":\"drop\",\"detect_ms\":200,\"restore_ms\":200,\"poll_ms\":50,\"storm_limit\":null,\"storm_period_ms\":null,\"recovery\":null,\"running\":true,\"progress\":\"tx-prio-packets\",\"counter_refresh_ms\":0,\"counters_swapped\":false,\"priorities\":["
		       "{\"prio\":3,\"state\":\"stormed\",\"direction\":\"received\",\"storms\":2,\"held_count\":null,\"last_storm_ms\":412,\"last_storm_start_ns\":10000000000,\"last_storm_detect_ns\":10200000000,\"last_storm_restore_ns\":0,\"last_storm_gap_us\":null,\"last_action\":\"drop\",\"pfc_off\":true,\"restore_pending\":null,\"action_error\":0,\"last_storm_age_ms\":3250},"
		       "{\"prio\":4,\"state\":\"ok\",\"direction\":\"none\",\"storms\":0,\"held_count\":null,\"last_storm_ms\":0,\"last_storm_start_ns\":0,\"last_storm_detect_ns\":0,\"last_storm_restore_ns\":0,\"last_storm_gap_us\":null,\"last_action\":null,\"pfc_off\":false,\"restore_pending\":null,\"action_error\":0,\"last_storm_age_ms\":null}]}"),
	       "JSON: the contract's keys, in order, no counters without -s, null for what an older module lacks: %s", s);

	s = wd_json(&w, true, NOW);
	TAP_OK(strstr(s, "\"progress\":\"tx-prio-packets\",\"counter_refresh_ms\":0,\"counters_swapped\":false,\"polls\":1234,\"poll_errors\":1,\"action_errors\":0,"
		  "\"detect_latency_ms\":{\"count\":0,\"min\":null,\"median\":null,\"p90\":null,\"max\":null},"
		  "\"restore_latency_ms\":{\"count\":0,\"min\":null,\"median\":null,\"p90\":null,\"max\":null},\"priorities\":[") &&
	       strstr(s, "\"last_storm_age_ms\":3250,\"requests\":17,\"indications\":123456,\"tx_packets\":789}") &&
	       strstr(s, "\"last_storm_age_ms\":null,\"requests\":17,\"indications\":123456,\"tx_packets\":null}"),
	       "JSON -s: polls, poll_errors, action_errors; per priority requests, indications, tx_packets (null without progress): %s", s);

	s = wd_txt(&w, false, NOW);
	text_is(s, "eth0: state on action drop detect-ms 200 restore-ms 200 poll-ms 50 progress tx-prio-packets running yes\n"
		"  prio 3: stormed direction received storms 2 last-storm 412 ms (3.2 s ago) action drop pfc off\n"
		"  prio 4: ok direction none storms 0 pfc on\n",
		"text: a line for the device, one per priority");

	s = wd_txt(&w, true, NOW);
	text_is(s, "eth0: state on action drop detect-ms 200 restore-ms 200 poll-ms 50 progress tx-prio-packets running yes\n"
		"  polls 1234 poll-errors 1 action-errors 0\n"
		"  prio 3: stormed direction received storms 2 last-storm 412 ms (3.2 s ago) action drop pfc off\n"
		"    requests 17 indications 123456 tx-packets 789\n"
		"  prio 4: ok direction none storms 0 pfc on\n"
		"    requests 17 indications 123456\n",
		"text -s: the counters below the device and each priority");

	/* a refused drop, on a device turned off */
	w.state = false;
	w.running = false;
	w.prio[0].action_error = EOPNOTSUPP;
	w.prio[0].pfc_off = false;
	s = wd_txt(&w, false, NOW);
	TAP_OK(strstr(s, "eth0: state off ") && strstr(s, " running no\n") &&
	       strstr(s, " action drop pfc on action-error 95 (Operation not supported)\n"),
	       "text: state off, running no, the driver's refusal");
	s = wd_json(&w, false, NOW);
	TAP_OK(strstr(s, "\"state\":\"off\"") && strstr(s, "\"running\":false") &&
	       strstr(s, "\"pfc_off\":false,\"restore_pending\":null,\"action_error\":95,"),
	       "JSON: state off, running false, action_error 95");

	/* a clock behind the storm (another time namespace): no age */
	s = wd_txt(&w, false, 5 * SEC);
	TAP_OK(strstr(s, "last-storm 412 ms action drop") != NULL,
	       "text: no age when the clock reads before the storm");
	s = wd_json(&w, false, 5 * SEC);
	TAP_OK(strstr(s, "\"last_storm_age_ms\":null},{\"prio\":4,") != NULL,
	       "JSON: last_storm_age_ms null then");
}

static void test_malformed(void)
{
	struct prio_spec p = { .prio = 8, .last_action = -1 };
	struct wd_info w;
	struct nl_msg *m;
	int i;

	m = attrs();
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 2);
	TAP_OK(parse(m, &w) == -EPROTO, "no ifname: -EPROTO");

	m = attrs();
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 2);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, "eth0");
	put_prio(m, &p);
	TAP_OK(parse(m, &w) == -EPROTO, "priority 8: -EPROTO");

	m = attrs();
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 2);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, "eth0");
	for (i = 0; i < 9; i++) {
		p.prio = i % 8;
		put_prio(m, &p);
	}
	TAP_OK(parse(m, &w) == -EPROTO, "nine priorities: -EPROTO");

	m = attrs();
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 2);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, "eth0");
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_DETECT_MS, 200);
	TAP_OK(parse(m, &w) == -EPROTO, "a u32 sent as a u8: -EPROTO");

	/* a driver whose counters a timer refreshes, swapped (ixgbe) */
	m = attrs();
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 7);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, "eth7");
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_POLL_MS, 2000);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_COUNTER_REFRESH_MS, 2000);
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_COUNTERS_SWAPPED, 1);
	TAP_OK(!parse(m, &w) && w.counter_refresh_ms == 2000 &&
	       w.counters_swapped &&
	       strstr(wd_json(&w, false, NOW), "\"counter_refresh_ms\":2000,\"counters_swapped\":true,") &&
	       strstr(wd_txt(&w, false, NOW), "\n  counters refreshed every 2000 ms, sent and received swapped by the driver\n"),
	       "a driver's counter refresh and swap, in JSON and text: %s", out);
	m = attrs();
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 5);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, "eth5");
	TAP_OK(!parse(m, &w) && w.n_prio == 0 && !w.state &&
	       !strcmp(wd_json(&w, false, NOW), "{\"ifname\":\"eth5\",\"ifindex\":5,\"state\":\"off\",\"action\":\"alert\",\"detect_ms\":0,\"restore_ms\":0,\"poll_ms\":0,\"storm_limit\":null,\"storm_period_ms\":null,\"recovery\":null,\"running\":false,\"progress\":\"none\",\"counter_refresh_ms\":0,\"counters_swapped\":false,\"priorities\":[]}"),
	       "no priorities: an empty list: %s", out);
}

/* ---- watchdog-ntf, as monitor prints it ---- */

static const char *ntf_txt(const struct wd_info *w)
{
	FILE *saved = stdout;

	begin();
	stdout = sink;
	wd_ntf_text(w);
	stdout = saved;
	done();
	return out;
}

static const char *ntf_json(const struct wd_info *w)
{
	struct jw *jw = begin();

	wd_ntf_json(jw, w);
	done();
	return out;
}

static void test_ntf(void)
{
	struct wd_info w;
	const char *s;

	TAP_OK(!parse(wd_msg(DCB_HDRM_WD_EVENT_STORM, 3), &w) && w.has_event &&
	       w.event == DCB_HDRM_WD_EVENT_STORM && w.event_prio == 3,
	       "ntf parsed: event and event-prio");
	s = ntf_txt(&w);
	text_is(s, "[watchdog] eth0: prio 3 storm received (action drop, pfc off); onset at 10000 ms, declared at 10200 ms, detection took 200 ms\n",
		"ntf text: storm");
	s = ntf_json(&w);
	TAP_OK(!strcmp(s, "{\"event\":\"watchdog\",\"kind\":\"storm\",\"ifname\":\"eth0\",\"ifindex\":2,\"prio\":3,\"state\":\"stormed\",\"direction\":\"received\",\"action\":\"drop\",\"pfc_off\":true,\"restore_pending\":null,\"action_error\":0,\"storms\":2,\"held_count\":null,\"last_storm_ms\":412,\"last_storm_start_ns\":10000000000,\"last_storm_detect_ns\":10200000000,\"last_storm_restore_ns\":0,\"onset_ms\":10000,\"declared_ms\":10200,\"detect_ms_taken\":200,\"poll_gap_ms\":null}"),
	       "ntf JSON: storm: %s", s);

	w.prio[0].action_error = EPERM;
	w.prio[0].pfc_off = false;
	s = ntf_txt(&w);
	text_is(s, "[watchdog] eth0: prio 3 storm received (action drop failed: Operation not permitted, pfc on); onset at 10000 ms, declared at 10200 ms, detection took 200 ms\n",
		"ntf text: a drop the driver refused");

	TAP_OK(!parse(wd_msg(DCB_HDRM_WD_EVENT_RESTORED, 3), &w), "ntf parsed");
	w.prio[0].state = DCB_HDRM_WD_STATE_OK;
	w.prio[0].pfc_off = false;
	s = ntf_txt(&w);
	text_is(s, "[watchdog] eth0: prio 3 restored after 412 ms (pfc on)\n",
		"ntf text: restored");
	s = ntf_json(&w);
	TAP_OK(strstr(s, "\"kind\":\"restored\",") &&
	       strstr(s, "\"state\":\"ok\",") && strstr(s, "\"last_storm_ms\":412,"),
	       "ntf JSON: restored");

	TAP_OK(!parse(wd_msg(DCB_HDRM_WD_EVENT_STOPPED, 3), &w), "ntf parsed");
	w.prio[0].pfc_off = false;
	s = ntf_txt(&w);
	text_is(s, "[watchdog] eth0: prio 3 stopped after 412 ms of storm (pfc on)\n",
		"ntf text: stopped");
	TAP_OK(strstr(ntf_json(&w), "\"kind\":\"stopped\",") != NULL,
	       "ntf JSON: stopped");

	/* event-prio names a priority the message does not carry */
	TAP_OK(!parse(wd_msg(DCB_HDRM_WD_EVENT_STORM, 6), &w), "ntf parsed");
	s = ntf_json(&w);
	TAP_OK(strstr(s, "\"prio\":6,\"state\":\"ok\",\"direction\":\"none\",\"action\":\"drop\",") != NULL,
	       "ntf JSON: a priority not in the message: its prio, the device's action: %s", s);
}

/*
 * A module with storm-limit (issue 28): eth0 drop, storm-limit 2 in
 * 60 s, recovery auto; prio 3 held (its third storm, the last declared
 * 251 ms after its onset with polls up to 52.4 ms apart, held once, PFC
 * off and its restore refused), prio 4 never stormed; the latencies of
 * @n storms, detect 250.0..250.0+n-1 ms and restore 200 us each.
 */
static struct nl_msg *wd_msg28(int event, unsigned int n)
{
	struct nl_msg *m = attrs();
	struct nlattr *nest;
	unsigned int i;

	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_IFINDEX, 2);
	nla_put_string(m, DCB_HDRM_A_WATCHDOG_IFNAME, "eth0");
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_STATE, 1);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_ACTION, DCB_HDRM_WD_ACTION_DROP);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_DETECT_MS, 200);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_RESTORE_MS, 200);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_POLL_MS, 50);
	nla_put_u8(m, DCB_HDRM_A_WATCHDOG_RUNNING, 1);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_STORM_LIMIT, 2);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS, 60000);
	nla_put_u32(m, DCB_HDRM_A_WATCHDOG_RECOVERY, DCB_HDRM_WD_RECOVERY_AUTO);
	for (i = 0; i < n; i++) {
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_DETECT_LATENCY,
			    250000 + i * 1000);
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_RESTORE_LATENCY, 200);
	}
	nest = nla_nest_start(m, DCB_HDRM_A_WATCHDOG_PRIO);
	nla_put_u8(m, DCB_HDRM_A_WD_PRIO_PRIO, 3);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_STATE, DCB_HDRM_WD_STATE_HELD);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_DIRECTION,
		    DCB_HDRM_WD_DIRECTION_RECEIVED);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_STORMS, 3);
	nla_put_u64(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_START, 10 * SEC + 123456);
	nla_put_u64(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_DETECT,
		    10 * SEC + 251 * MS + 999999);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_MS, 412);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_ACTION, DCB_HDRM_WD_ACTION_DROP);
	nla_put_u8(m, DCB_HDRM_A_WD_PRIO_PFC_OFF, 1);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP, 52350);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_HELD_COUNT, 1);
	nla_put_u8(m, DCB_HDRM_A_WD_PRIO_RESTORE_PENDING, 1);
	nla_nest_end(m, nest);
	nest = nla_nest_start(m, DCB_HDRM_A_WATCHDOG_PRIO);
	nla_put_u8(m, DCB_HDRM_A_WD_PRIO_PRIO, 4);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP, 0);
	nla_put_u32(m, DCB_HDRM_A_WD_PRIO_HELD_COUNT, 0);
	nla_put_u8(m, DCB_HDRM_A_WD_PRIO_RESTORE_PENDING, 0);
	nla_nest_end(m, nest);
	if (event >= 0) {
		nla_put_u32(m, DCB_HDRM_A_WATCHDOG_EVENT, event);
		nla_put_u8(m, DCB_HDRM_A_WATCHDOG_EVENT_PRIO, 3);
	}
	return m;
}

static void test_show28(void)
{
	struct wd_info w;
	const char *s;

	TAP_OK(!parse(wd_msg28(-1, 3), &w) && w.has_storm_limit &&
	       w.storm_limit == 2 && w.has_storm_period &&
	       w.storm_period_ms == 60000 && w.has_recovery &&
	       w.recovery == DCB_HDRM_WD_RECOVERY_AUTO &&
	       w.n_detect_latency == 3 && w.detect_latency[0] == 250000 &&
	       w.detect_latency[2] == 252000 && w.n_restore_latency == 3 &&
	       w.prio[0].state == DCB_HDRM_WD_STATE_HELD &&
	       w.prio[0].has_held_count && w.prio[0].held_count == 1 &&
	       w.prio[0].has_restore_pending && w.prio[0].restore_pending &&
	       w.prio[0].has_last_storm_gap &&
	       w.prio[0].last_storm_gap_us == 52350,
	       "parsed: storm-limit, storm-period-ms, recovery, latencies oldest first, held-count, restore-pending, last-storm-gap");

	s = wd_txt(&w, false, 11 * SEC);
	text_is(s, "eth0: state on action drop detect-ms 200 restore-ms 200 poll-ms 50 storm-limit 2 storm-period-ms 60000 recovery auto progress none running yes\n"
		"  prio 3: held direction received storms 3 held-count 1 last-storm 412 ms (999 ms ago) last-storm-gap 52.4 ms action drop pfc off restore-pending\n"
		"  prio 4: ok direction none storms 0 pfc on\n",
		"text: the storm settings on the device's line; held, held-count, last-storm-gap, restore-pending");
	s = wd_json(&w, false, 11 * SEC);
	TAP_OK(strstr(s, "\"poll_ms\":50,\"storm_limit\":2,\"storm_period_ms\":60000,\"recovery\":\"auto\",\"running\":true,") &&
	       strstr(s, "{\"prio\":3,\"state\":\"held\",\"direction\":\"received\",\"storms\":3,\"held_count\":1,\"last_storm_ms\":412,") &&
	       strstr(s, "\"last_storm_restore_ns\":0,\"last_storm_gap_us\":52350,\"last_action\":\"drop\",\"pfc_off\":true,\"restore_pending\":true,\"action_error\":0,") &&
	       strstr(s, "{\"prio\":4,\"state\":\"ok\",\"direction\":\"none\",\"storms\":0,\"held_count\":0,") &&
	       strstr(s, "\"last_storm_gap_us\":0,\"last_action\":null,\"pfc_off\":false,\"restore_pending\":false,") &&
	       !strstr(s, "latency"),
	       "JSON: storm_limit, storm_period_ms, recovery, held, held_count, last_storm_gap_us, restore_pending; no latencies without -s: %s", s);

	s = wd_txt(&w, true, 11 * SEC);
	TAP_OK(strstr(s, "  polls 0 poll-errors 0 action-errors 0\n"
			 "  detect-latency 3 storms min 250.0 median 251.0 p90 252.0 max 252.0 ms\n"
			 "  restore-latency 3 storms min 0.2 median 0.2 p90 0.2 max 0.2 ms\n"
			 "  prio 3: held ") != NULL,
	       "text -s: a line per latency below the counters: %s", s);
	s = wd_json(&w, true, 11 * SEC);
	TAP_OK(strstr(s, "\"action_errors\":0,\"detect_latency_ms\":{\"count\":3,\"min\":250.0,\"median\":251.0,\"p90\":252.0,\"max\":252.0},"
			 "\"restore_latency_ms\":{\"count\":3,\"min\":0.2,\"median\":0.2,\"p90\":0.2,\"max\":0.2},\"priorities\":[") != NULL,
	       "JSON -s: detect_latency_ms and restore_latency_ms: %s", s);

	/* a device without storms: the count, no line */
	TAP_OK(!parse(wd_msg28(-1, 0), &w) && !w.n_detect_latency &&
	       !strstr(wd_txt(&w, true, 11 * SEC), "latency") &&
	       strstr(wd_json(&w, true, 11 * SEC), "\"detect_latency_ms\":{\"count\":0,\"min\":null,\"median\":null,\"p90\":null,\"max\":null}"),
	       "no storms: count 0 and nulls in JSON, no line in the text: %s", out);

	/* a module keeping more than 32: the newest 32 */
	TAP_OK(!parse(wd_msg28(-1, 40), &w) &&
	       w.n_detect_latency == WD_LATENCY_MAX &&
	       w.detect_latency[0] == 258000 &&
	       w.detect_latency[WD_LATENCY_MAX - 1] == 289000,
	       "40 latencies: the newest 32, oldest first");

}

static void test_ntf28(void)
{
	struct wd_info w;
	const char *s;

	TAP_OK(!parse(wd_msg28(DCB_HDRM_WD_EVENT_HELD, 0), &w), "ntf held parsed");
	s = ntf_txt(&w);
	text_is(s, "[watchdog] eth0: prio 3 held: storm received (action drop, pfc off restore-pending); onset at 10000 ms, declared at 10251 ms, detection took 251 ms, polls up to 52.4 ms apart\n",
		"ntf text: held, with the storm's timing in words");
	s = ntf_json(&w);
	TAP_OK(!strcmp(s, "{\"event\":\"watchdog\",\"kind\":\"held\",\"ifname\":\"eth0\",\"ifindex\":2,\"prio\":3,\"state\":\"held\",\"direction\":\"received\",\"action\":\"drop\",\"pfc_off\":true,\"restore_pending\":true,\"action_error\":0,\"storms\":3,\"held_count\":1,\"last_storm_ms\":412,\"last_storm_start_ns\":10000123456,\"last_storm_detect_ns\":10251999999,\"last_storm_restore_ns\":0,\"onset_ms\":10000,\"declared_ms\":10251,\"detect_ms_taken\":251,\"poll_gap_ms\":52.4}"),
	       "ntf JSON: held, onset_ms and declared_ms in whole monotonic ms, detect_ms_taken their difference, poll_gap_ms: %s", s);

	TAP_OK(!parse(wd_msg28(DCB_HDRM_WD_EVENT_STORM, 0), &w), "ntf storm parsed");
	text_is(ntf_txt(&w), "[watchdog] eth0: prio 3 storm received (action drop, pfc off restore-pending); onset at 10000 ms, declared at 10251 ms, detection took 251 ms, polls up to 52.4 ms apart\n",
		"ntf text: a storm with its timing");
	TAP_OK(strstr(ntf_json(&w), "\"onset_ms\":10000,\"declared_ms\":10251,\"detect_ms_taken\":251,\"poll_gap_ms\":52.4}") != NULL,
	       "ntf JSON: storm: the timing");

	TAP_OK(!parse(wd_msg28(DCB_HDRM_WD_EVENT_RECOVERED, 0), &w), "ntf recovered parsed");
	w.prio[0].state = DCB_HDRM_WD_STATE_OK;
	w.prio[0].pfc_off = false;
	w.prio[0].restore_pending = false;
	text_is(ntf_txt(&w), "[watchdog] eth0: prio 3 recovered (pfc on)\n",
		"ntf text: recovered");
	s = ntf_json(&w);
	TAP_OK(strstr(s, "\"kind\":\"recovered\",") &&
	       strstr(s, "\"state\":\"ok\",") &&
	       strstr(s, "\"pfc_off\":false,\"restore_pending\":false,") &&
	       strstr(s, "\"onset_ms\":10000,\"declared_ms\":10251,"),
	       "ntf JSON: recovered, the timing all the same: %s", s);

	TAP_OK(!parse(wd_msg28(DCB_HDRM_WD_EVENT_RESTORE_FAILED, 0), &w), "ntf restore-failed parsed");
	w.prio[0].state = DCB_HDRM_WD_STATE_OK;
	w.prio[0].action_error = EBUSY;
	text_is(ntf_txt(&w), "[watchdog] eth0: prio 3 restore failed: Device or resource busy (pfc off restore-pending)\n",
		"ntf text: restore failed, the driver's error, PFC still off");
	s = ntf_json(&w);
	TAP_OK(strstr(s, "\"kind\":\"restore-failed\",") &&
	       strstr(s, "\"pfc_off\":true,\"restore_pending\":true,\"action_error\":16,"),
	       "ntf JSON: restore-failed: %s", s);

	/* no onset known (an older module's storm): null, the rest said */
	TAP_OK(!parse(wd_msg28(DCB_HDRM_WD_EVENT_STORM, 0), &w), "ntf parsed");
	w.prio[0].last_storm_start_ns = 0;
	w.prio[0].has_last_storm_gap = false;
	text_is(ntf_txt(&w), "[watchdog] eth0: prio 3 storm received (action drop, pfc off restore-pending); declared at 10251 ms\n",
		"ntf text: no onset: the declaration alone");
	TAP_OK(strstr(ntf_json(&w), "\"onset_ms\":null,\"declared_ms\":10251,\"detect_ms_taken\":null,\"poll_gap_ms\":null}") != NULL,
	       "ntf JSON: no onset: null, and no difference");
}

static void test_dist(void)
{
	const uint32_t one[] = { 51249 };
	const uint32_t ten[] = { 60000, 10000, 20000, 30000, 40000, 50000,
				 70000, 80000, 90000, 100000 };
	const uint32_t two[] = { 2000, 1000 };
	uint32_t many[WD_LATENCY_MAX];
	struct wd_dist d;
	unsigned int i;

	wd_dist(NULL, 0, &d);
	TAP_OK(d.count == 0, "dist: none: count 0");
	wd_dist(one, 1, &d);
	TAP_OK(d.count == 1 && d.min == 512 && d.median == 512 &&
	       d.p90 == 512 && d.max == 512,
	       "dist: one latency is each figure, 51.249 ms rounded to 51.2");
	wd_dist(two, 2, &d);
	TAP_OK(d.min == 10 && d.median == 10 && d.p90 == 20 && d.max == 20,
	       "dist: two: the median the lower, p90 the higher");
	wd_dist(ten, 10, &d);
	TAP_OK(d.count == 10 && d.min == 100 && d.median == 500 &&
	       d.p90 == 900 && d.max == 1000 && ten[0] == 60000,
	       "dist: ten unsorted: min 10, median 50, p90 90, max 100 ms; the input left as it was");
	for (i = 0; i < WD_LATENCY_MAX; i++)
		many[i] = (i + 1) * 1000 + 50;
	wd_dist(many, WD_LATENCY_MAX, &d);
	TAP_OK(d.count == 32 && d.min == 11 && d.median == 161 &&
	       d.p90 == 291 && d.max == 321,
	       "dist: 32: median the 16th, p90 the 29th (nearest rank), .05 rounded up");
}

/* wd_kernel_err() on @err with @extack: its status, its line in err_line */
static int kernel_err(int err, const char *extack)
{
	struct hdrm_ctx ctx = { 0 };
	FILE *saved = stderr, *e;
	int ret;

	snprintf(ctx.nl.extack, sizeof(ctx.nl.extack), "%s", extack);
	memset(err_line, 0, sizeof(err_line));
	e = fmemopen(err_line, sizeof(err_line) - 1, "w");
	if (!e)
		exit(2);
	stderr = e;
	ret = wd_kernel_err(&ctx, "eth0", err);
	stderr = saved;
	fclose(e);
	return ret;
}

static void test_kernel_err(void)
{
	TAP_OK(kernel_err(-EOPNOTSUPP, "") == EXIT_KERNEL,
	       "an old module (EOPNOTSUPP, no reason): status 2");
	text_is(err_line, "dcb-hdrm: eth0: the loaded dcb_hdrm module has no PFC watchdog (it predates watchdog-get and watchdog-set); load a newer one\n",
		"an old module: said plainly, in one line");
	TAP_OK(kernel_err(-EOPNOTSUPP, "eth0's driver reports no PFC counters") == EXIT_KERNEL,
	       "EOPNOTSUPP with a reason: status 2");
	text_is(err_line, "dcb-hdrm: eth0: eth0's driver reports no PFC counters (Operation not supported)\n",
		"EOPNOTSUPP with the kernel's reason: the reason");
	TAP_OK(kernel_err(-EINVAL, "poll-ms is above the current detect-ms") == EXIT_KERNEL,
	       "EINVAL with a reason: status 2");
	text_is(err_line, "dcb-hdrm: eth0: poll-ms is above the current detect-ms (Invalid argument)\n",
		"the kernel's extack, printed as for every command");
	TAP_OK(kernel_err(-EPERM, "") == EXIT_KERNEL, "EPERM: status 2");
	text_is(err_line, "dcb-hdrm: eth0: Operation not permitted\n",
		"a refusal without a reason: the errno");
}

static void test_names_age(void)
{
	char buf[32];
	uint32_t v = 9;

	TAP_OK(ARRAY_SIZE(wd_action_names) == DCB_HDRM_WD_ACTION_FORWARD + 1 &&
	       !strcmp(wd_action_names[DCB_HDRM_WD_ACTION_ALERT], "alert") &&
	       !strcmp(wd_action_names[DCB_HDRM_WD_ACTION_DROP], "drop") &&
	       !strcmp(wd_action_names[DCB_HDRM_WD_ACTION_FORWARD], "forward"),
	       "names: wd-action in the uAPI's order");
	TAP_OK(ARRAY_SIZE(wd_state_names) == DCB_HDRM_WD_STATE_HELD + 1 &&
	       !strcmp(wd_state_names[DCB_HDRM_WD_STATE_OK], "ok") &&
	       !strcmp(wd_state_names[DCB_HDRM_WD_STATE_STORMED], "stormed") &&
	       !strcmp(wd_state_names[DCB_HDRM_WD_STATE_HELD], "held"),
	       "names: wd-state");
	TAP_OK(ARRAY_SIZE(wd_recovery_names) == DCB_HDRM_WD_RECOVERY_MANUAL + 1 &&
	       !strcmp(wd_recovery_names[DCB_HDRM_WD_RECOVERY_AUTO], "auto") &&
	       !strcmp(wd_recovery_names[DCB_HDRM_WD_RECOVERY_MANUAL], "manual"),
	       "names: wd-recovery");
	TAP_OK(ARRAY_SIZE(wd_direction_names) == DCB_HDRM_WD_DIRECTION_BOTH + 1 &&
	       !strcmp(wd_direction_names[DCB_HDRM_WD_DIRECTION_NONE], "none") &&
	       !strcmp(wd_direction_names[DCB_HDRM_WD_DIRECTION_RECEIVED], "received") &&
	       !strcmp(wd_direction_names[DCB_HDRM_WD_DIRECTION_SENT], "sent") &&
	       !strcmp(wd_direction_names[DCB_HDRM_WD_DIRECTION_BOTH], "both"),
	       "names: wd-direction");
	TAP_OK(ARRAY_SIZE(wd_progress_names) == DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS + 1 &&
	       !strcmp(wd_progress_names[DCB_HDRM_WD_PROGRESS_NONE], "none") &&
	       !strcmp(wd_progress_names[DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS], "tx-prio-packets"),
	       "names: wd-progress");
	TAP_OK(ARRAY_SIZE(wd_event_names) == DCB_HDRM_WD_EVENT_RESTORE_FAILED + 1 &&
	       !strcmp(wd_event_names[DCB_HDRM_WD_EVENT_STORM], "storm") &&
	       !strcmp(wd_event_names[DCB_HDRM_WD_EVENT_RESTORED], "restored") &&
	       !strcmp(wd_event_names[DCB_HDRM_WD_EVENT_STOPPED], "stopped") &&
	       !strcmp(wd_event_names[DCB_HDRM_WD_EVENT_HELD], "held") &&
	       !strcmp(wd_event_names[DCB_HDRM_WD_EVENT_RECOVERED], "recovered") &&
	       !strcmp(wd_event_names[DCB_HDRM_WD_EVENT_RESTORE_FAILED], "restore-failed"),
	       "names: wd-event");
	TAP_OK(!strcmp(HDRM_NAME(wd_direction_names, 4), "unknown") &&
	       !strcmp(HDRM_NAME(wd_event_names, 6), "unknown"),
	       "names: a value past the table is unknown");
	TAP_OK(!hdrm_parse_word("action", "drop", wd_action_names,
				ARRAY_SIZE(wd_action_names), &v) &&
	       v == DCB_HDRM_WD_ACTION_DROP,
	       "action: the word drop is the uAPI's drop");

	wd_age_text(buf, sizeof(buf), 0, 999 * MS);
	TAP_OK(!strcmp(buf, "999 ms"), "age: 999 ms: %s", buf);
	wd_age_text(buf, sizeof(buf), SEC, SEC + 1000 * MS);
	TAP_OK(!strcmp(buf, "1.0 s"), "age: 1.0 s: %s", buf);
	wd_age_text(buf, sizeof(buf), 0, 59999 * MS);
	TAP_OK(!strcmp(buf, "59.9 s"), "age: 59.9 s, rounded down: %s", buf);
	wd_age_text(buf, sizeof(buf), 0, 307 * SEC);
	TAP_OK(!strcmp(buf, "5m07s"), "age: 5m07s: %s", buf);
	wd_age_text(buf, sizeof(buf), 0, (2 * 3600 + 5 * 60 + 59) * SEC);
	TAP_OK(!strcmp(buf, "2h05m"), "age: 2h05m: %s", buf);
}

int main(void)
{
	test_set_words();
	test_set_storm_words();
	test_recover_words();
	test_show();
	test_malformed();
	test_ntf();
	test_show28();
	test_ntf28();
	test_dist();
	test_kernel_err();
	test_names_age();
	return tap_done();
}
