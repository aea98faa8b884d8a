// SPDX-License-Identifier: GPL-2.0
/*
 * link_dcbsim.so: teaches iproute2's `ip` the link kind "dcbsim".
 *
 * `ip` dlopen()s $IP_LIB_DIR/link_<kind>.so for a kind it does not know
 * and takes its <kind>_link_util. The structure below has the layout of
 * iproute2's struct link_util (ip/ip_common.h, 6.1); `ip` does not export
 * its helpers to plugins, so attributes are added here by hand.
 *
 *   ip link add A type dcbsim [ KNOBS ] peer name B [ netns NS ]
 *   ip link set A type dcbsim KNOBS
 *   KNOBS := delay-ns NS | speed MBPS | lanes N | model { generic | mlx5 | mlxsw }
 *            | buffer-owner { firmware | software } | tc-mode { on | off }
 *            | buffer-total BYTES | cell BYTES | fail ERRNO | hwts { on | off }
 *            | ts-resolution-ns NS | clock-offset-ns NS | clock-ppb PPB
 *            | pfc-storm { PRIO | off } | pfc-storm-on-ms MS | pfc-storm-off-ms MS
 *            | pfc-storm-quanta Q | pfc-response-ns NS
 *            | driver { dcbsim | bnxt_en | i40e | ice | ixgbe }
 *
 * The clock knobs' and lanes' ranges are the module's to check (its extack
 * message says why); here only that the number fits the attribute.
 * `ip -d link show` prints the knobs, then "xoff B0,...,B7": each buffer's
 * XOFF threshold in bytes (read only), then the PFC storm's knobs and two
 * read-only values: "pfc-storm-since-ns NS", the host's CLOCK_MONOTONIC
 * at the first pause of the storm's current (or last) burst, 0 if none,
 * and "pfc-paused 0xMASK", the priorities whose transmit is paused now;
 * then "driver NAME", whose PFC counters the device reports (the module
 * checks the name), "buffer-owner firmware|software" (mlx5), "tc-mode
 * on|off" (mlxsw), "pfc-storm-quanta Q" and "pfc-response-ns NS", the
 * newest knobs, so that the output of the others reads as it did, and
 * last the read-only "pfc-storm-start-ns NS": when the storm's cycle
 * began, each burst due on-ms + off-ms after the one before.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "dcbsim.h"

/* struct iplink_req in ip/iplink.c: header, ifinfomsg, 1024 bytes */
#define DCBSIM_REQ_MAX	(NLMSG_ALIGN(sizeof(struct nlmsghdr)) + \
			 NLMSG_ALIGN(sizeof(struct ifinfomsg)) + 1024)

struct link_util {
	struct link_util *next;
	const char *id;
	int maxattr;
	int (*parse_opt)(struct link_util *lu, int argc, char **argv,
			 struct nlmsghdr *n);
	void (*print_opt)(struct link_util *lu, FILE *f, struct rtattr *tb[]);
	void (*print_xstats)(struct link_util *lu, FILE *f, struct rtattr *a);
	void (*print_help)(struct link_util *lu, int argc, char **argv,
			   FILE *f);
	int (*parse_ifla_xstats)(struct link_util *lu, int argc, char **argv);
	int (*print_ifla_xstats)(struct nlmsghdr *n, void *arg);
};

static struct rtattr *tail(struct nlmsghdr *n)
{
	return (struct rtattr *)((char *)n + NLMSG_ALIGN(n->nlmsg_len));
}

static int put(struct nlmsghdr *n, int type, const void *data, int len)
{
	struct rtattr *rta = tail(n);

	if (NLMSG_ALIGN(n->nlmsg_len) + RTA_ALIGN(RTA_LENGTH(len)) >
	    DCBSIM_REQ_MAX) {
		fprintf(stderr, "dcbsim: the request is too long\n");
		return -1;
	}
	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	n->nlmsg_len = NLMSG_ALIGN(n->nlmsg_len) + RTA_ALIGN(rta->rta_len);
	return 0;
}

static int put_u32(struct nlmsghdr *n, int type, unsigned int v)
{
	return put(n, type, &v, sizeof(v));
}

static int put_s64(struct nlmsghdr *n, int type, long long v)
{
	return put(n, type, &v, sizeof(v));
}

/* a signed number within [min, max] */
static int snumber(const char *what, const char *s, long long min,
		   long long max, long long *out)
{
	long long v;
	char *end;

	errno = 0;
	v = strtoll(s, &end, 0);
	if (!*s || *end || errno || v < min || v > max) {
		fprintf(stderr, "dcbsim: invalid %s \"%s\"; expected %lld..%lld\n",
			what, s, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

static int number(const char *what, const char *s, unsigned long max,
		  unsigned int *out)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (!*s || *end || errno || v > max || *s == '-') {
		fprintf(stderr, "dcbsim: invalid %s \"%s\"; expected 0..%lu\n",
			what, s, max);
		return -1;
	}
	*out = v;
	return 0;
}

/* peer name B [ netns NS ]: a nested ifinfomsg and its attributes */
static int parse_peer(int *argc, char ***argv, struct nlmsghdr *n)
{
	struct rtattr *nest = tail(n);
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	char path[PATH_MAX];
	int fd;

	if (put(n, IFLA_DCBSIM_PEER, &ifi, sizeof(ifi)))
		return -1;
	while (*argc > 1) {
		if (!strcmp(**argv, "name")) {
			if (put(n, IFLA_IFNAME, (*argv)[1], strlen((*argv)[1]) + 1))
				return -1;
		} else if (!strcmp(**argv, "netns")) {
			snprintf(path, sizeof(path), "/run/netns/%s", (*argv)[1]);
			/* stays open until `ip` has sent the request */
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd < 0) {
				fprintf(stderr, "dcbsim: no network namespace \"%s\"\n",
					(*argv)[1]);
				return -1;
			}
			if (put_u32(n, IFLA_NET_NS_FD, fd))
				return -1;
		} else {
			break;
		}
		*argc -= 2;
		*argv += 2;
	}
	nest->rta_len = (char *)tail(n) - (char *)nest;
	return 0;
}

/* enum dcbsim_model */
static const char *const models[] = { "generic", "mlx5", "mlxsw" };
#define NMODELS	(sizeof(models) / sizeof(models[0]))

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: ... dcbsim [ delay-ns NS ] [ speed MBPS ] [ lanes { 1 | 2 | 4 | 8 } ]\n"
		"                  [ model { generic | mlx5 | mlxsw } ]\n"
		"                  [ buffer-owner { firmware | software } ] [ tc-mode { on | off } ]\n"
		"                  [ buffer-total BYTES ] [ cell BYTES ] [ fail ERRNO ]\n"
		"                  [ hwts { on | off } ] [ ts-resolution-ns NS ]\n"
		"                  [ clock-offset-ns NS ] [ clock-ppb PPB ]\n"
		"                  [ pfc-storm { PRIO | off } ] [ pfc-storm-on-ms MS ]\n"
		"                  [ pfc-storm-off-ms MS ] [ pfc-storm-quanta Q ]\n"
		"                  [ pfc-response-ns NS ]\n"
		"                  [ driver { dcbsim | bnxt_en | i40e | ice | ixgbe } ]\n"
		"                  [ peer name NAME [ netns NS ] ]\n"
		"PRIO := 0..7: pause frames on PRIO, one per refresh interval, while\n"
		"        PFC is on for PRIO; in bursts of pfc-storm-on-ms separated by\n"
		"        pfc-storm-off-ms of silence when both are not 0\n"
		"Q := 0..65535 (default 65535): the pause quanta of the storm's\n"
		"     frames; 0 makes them XON (resume) frames, an XON storm; a\n"
		"     change takes effect at the next frame, the cycle kept\n"
		"pfc-response-ns NS := 0..1000000 (default 0): a PFC XOFF received\n"
		"     for a priority with PFC on stops its transmit NS after it\n"
		"     arrives, for its quanta x 512 bit times at this end's speed\n"
		"     or until an XON; frames taken meanwhile are held, then sent\n"
		"     (ethtool -S tx_prio<p>_held, tx_prio<p>_paused_ns)\n"
		"driver: whose PFC counters and driver name the device reports;\n"
		"        bnxt_en, i40e, ice: refreshed every 1000 ms, ixgbe every\n"
		"        2000 ms and swapped (requests = pause received)\n");
}

static int dcbsim_parse_opt(struct link_util *lu, int argc, char **argv,
			    struct nlmsghdr *n)
{
	static const struct {
		const char *word;
		int attr;
		unsigned long max;
	} knobs[] = {
		{ "delay-ns", IFLA_DCBSIM_DELAY_NS, DCBSIM_MAX_DELAY_NS },
		{ "speed", IFLA_DCBSIM_SPEED, DCBSIM_MAX_SPEED },
		{ "lanes", IFLA_DCBSIM_LANES, UINT_MAX },
		{ "buffer-total", IFLA_DCBSIM_TOTAL, DCBSIM_MAX_TOTAL },
		{ "cell", IFLA_DCBSIM_CELL, DCBSIM_MAX_CELL },
		{ "fail", IFLA_DCBSIM_FAIL, 4095 },
		{ "ts-resolution-ns", IFLA_DCBSIM_TS_RES_NS, UINT_MAX },
		{ "pfc-storm-on-ms", IFLA_DCBSIM_PFC_STORM_ON_MS, UINT_MAX },
		{ "pfc-storm-off-ms", IFLA_DCBSIM_PFC_STORM_OFF_MS, UINT_MAX },
		{ "pfc-response-ns", IFLA_DCBSIM_PFC_RESPONSE_NS,
		  DCBSIM_MAX_PFC_RESPONSE_NS },
	};
	unsigned short u16;
	unsigned int i, v;
	unsigned char u8;
	long long ll;
	int s32;

	while (argc > 0) {
		if (!strcmp(*argv, "help")) {
			usage(stdout);
			return -1;
		}
		if (argc < 2) {
			fprintf(stderr, "dcbsim: \"%s\" needs a value\n", *argv);
			return -1;
		}
		if (!strcmp(*argv, "peer")) {
			argc--;
			argv++;
			if (parse_peer(&argc, &argv, n))
				return -1;
			continue;
		}
		if (!strcmp(*argv, "model")) {
			for (u8 = 0; u8 < NMODELS; u8++)
				if (!strcmp(argv[1], models[u8]))
					break;
			if (u8 == NMODELS) {
				fprintf(stderr, "dcbsim: invalid model \"%s\"; expected generic, mlx5 or mlxsw\n",
					argv[1]);
				return -1;
			}
			if (put(n, IFLA_DCBSIM_MODEL, &u8, 1))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "buffer-owner")) {
			if (!strcmp(argv[1], "firmware")) {
				u8 = DCBSIM_OWNER_FIRMWARE;
			} else if (!strcmp(argv[1], "software")) {
				u8 = DCBSIM_OWNER_SOFTWARE;
			} else {
				fprintf(stderr, "dcbsim: invalid buffer-owner \"%s\"; expected firmware or software\n",
					argv[1]);
				return -1;
			}
			if (put(n, IFLA_DCBSIM_BUFFER_OWNER, &u8, 1))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "tc-mode")) {
			if (!strcmp(argv[1], "on")) {
				u8 = 1;
			} else if (!strcmp(argv[1], "off")) {
				u8 = 0;
			} else {
				fprintf(stderr, "dcbsim: invalid tc-mode \"%s\"; expected on or off\n",
					argv[1]);
				return -1;
			}
			if (put(n, IFLA_DCBSIM_TC_MODE, &u8, 1))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "hwts")) {
			if (!strcmp(argv[1], "on")) {
				u8 = 1;
			} else if (!strcmp(argv[1], "off")) {
				u8 = 0;
			} else {
				fprintf(stderr, "dcbsim: invalid hwts \"%s\"; expected on or off\n",
					argv[1]);
				return -1;
			}
			if (put(n, IFLA_DCBSIM_HWTS, &u8, 1))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "pfc-storm")) {
			if (!strcmp(argv[1], "off")) {
				u8 = DCBSIM_PFC_STORM_OFF;
			} else if (strlen(argv[1]) == 1 && argv[1][0] >= '0' &&
				   argv[1][0] < '0' + DCBSIM_NUM_PRIOS) {
				u8 = argv[1][0] - '0';
			} else {
				fprintf(stderr, "dcbsim: invalid pfc-storm \"%s\"; expected a priority 0..7 or off\n",
					argv[1]);
				return -1;
			}
			if (put(n, IFLA_DCBSIM_PFC_STORM, &u8, 1))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "pfc-storm-quanta")) {
			if (number(*argv, argv[1], DCBSIM_PFC_QUANTA_MAX, &v))
				return -1;
			u16 = v;
			if (put(n, IFLA_DCBSIM_PFC_STORM_QUANTA, &u16, sizeof(u16)))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "driver")) {
			if (strlen(argv[1]) >= DCBSIM_DRIVER_LEN) {
				fprintf(stderr, "dcbsim: invalid driver \"%s\"; expected dcbsim, bnxt_en, i40e, ice or ixgbe\n",
					argv[1]);
				return -1;
			}
			if (put(n, IFLA_DCBSIM_DRIVER, argv[1], strlen(argv[1]) + 1))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "clock-offset-ns")) {
			if (snumber(*argv, argv[1], LLONG_MIN, LLONG_MAX, &ll) ||
			    put_s64(n, IFLA_DCBSIM_CLOCK_OFFSET_NS, ll))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "clock-ppb")) {
			if (snumber(*argv, argv[1], INT_MIN, INT_MAX, &ll))
				return -1;
			s32 = ll;
			if (put(n, IFLA_DCBSIM_CLOCK_PPB, &s32, sizeof(s32)))
				return -1;
			argc -= 2;
			argv += 2;
			continue;
		}
		for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++)
			if (!strcmp(*argv, knobs[i].word))
				break;
		if (i == sizeof(knobs) / sizeof(knobs[0])) {
			fprintf(stderr, "dcbsim: unknown argument \"%s\"; expected delay-ns, speed, lanes, model, buffer-owner, tc-mode, buffer-total, cell, fail, hwts, ts-resolution-ns, clock-offset-ns, clock-ppb, pfc-storm, pfc-storm-on-ms, pfc-storm-off-ms, pfc-storm-quanta, pfc-response-ns, driver or peer\n",
				*argv);
			return -1;
		}
		if (number(knobs[i].word, argv[1], knobs[i].max, &v) ||
		    put_u32(n, knobs[i].attr, v))
			return -1;
		argc -= 2;
		argv += 2;
	}
	return 0;
}

static void dcbsim_print_opt(struct link_util *lu, FILE *f,
			     struct rtattr *tb[])
{
	unsigned int xoff[DCBSIM_NUM_BUFFERS], i;
	unsigned long long since;
	unsigned char s;
	long long off;

	if (!tb)
		return;
	if (tb[IFLA_DCBSIM_DELAY_NS])
		fprintf(f, "delay-ns %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_DELAY_NS]));
	if (tb[IFLA_DCBSIM_SPEED])
		fprintf(f, "speed %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_SPEED]));
	if (tb[IFLA_DCBSIM_LANES])
		fprintf(f, "lanes %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_LANES]));
	if (tb[IFLA_DCBSIM_MODEL]) {
		s = *(unsigned char *)RTA_DATA(tb[IFLA_DCBSIM_MODEL]);
		fprintf(f, "model %s ", s < NMODELS ? models[s] : "unknown");
	}
	if (tb[IFLA_DCBSIM_TOTAL])
		fprintf(f, "buffer-total %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_TOTAL]));
	if (tb[IFLA_DCBSIM_CELL])
		fprintf(f, "cell %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_CELL]));
	if (tb[IFLA_DCBSIM_FAIL])
		fprintf(f, "fail %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_FAIL]));
	if (tb[IFLA_DCBSIM_HWTS])
		fprintf(f, "hwts %s ", *(unsigned char *)RTA_DATA(tb[IFLA_DCBSIM_HWTS]) ? "on" : "off");
	if (tb[IFLA_DCBSIM_TS_RES_NS])
		fprintf(f, "ts-resolution-ns %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_TS_RES_NS]));
	if (tb[IFLA_DCBSIM_CLOCK_OFFSET_NS]) {
		memcpy(&off, RTA_DATA(tb[IFLA_DCBSIM_CLOCK_OFFSET_NS]), sizeof(off));
		fprintf(f, "clock-offset-ns %lld ", off);
	}
	if (tb[IFLA_DCBSIM_CLOCK_PPB])
		fprintf(f, "clock-ppb %d ", *(int *)RTA_DATA(tb[IFLA_DCBSIM_CLOCK_PPB]));
	if (tb[IFLA_DCBSIM_XOFF] &&
	    RTA_PAYLOAD(tb[IFLA_DCBSIM_XOFF]) == sizeof(xoff)) {
		memcpy(xoff, RTA_DATA(tb[IFLA_DCBSIM_XOFF]), sizeof(xoff));
		fprintf(f, "xoff ");
		for (i = 0; i < DCBSIM_NUM_BUFFERS; i++)
			fprintf(f, "%u%s", xoff[i], i + 1 < DCBSIM_NUM_BUFFERS ? "," : " ");
	}
	if (tb[IFLA_DCBSIM_PFC_STORM]) {
		s = *(unsigned char *)RTA_DATA(tb[IFLA_DCBSIM_PFC_STORM]);
		if (s == DCBSIM_PFC_STORM_OFF)
			fprintf(f, "pfc-storm off ");
		else
			fprintf(f, "pfc-storm %u ", s);
	}
	if (tb[IFLA_DCBSIM_PFC_STORM_ON_MS])
		fprintf(f, "pfc-storm-on-ms %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_PFC_STORM_ON_MS]));
	if (tb[IFLA_DCBSIM_PFC_STORM_OFF_MS])
		fprintf(f, "pfc-storm-off-ms %u ", *(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_PFC_STORM_OFF_MS]));
	if (tb[IFLA_DCBSIM_PFC_STORM_SINCE_NS] &&
	    RTA_PAYLOAD(tb[IFLA_DCBSIM_PFC_STORM_SINCE_NS]) == sizeof(since)) {
		memcpy(&since, RTA_DATA(tb[IFLA_DCBSIM_PFC_STORM_SINCE_NS]), sizeof(since));
		fprintf(f, "pfc-storm-since-ns %llu ", since);
	}
	if (tb[IFLA_DCBSIM_PFC_PAUSED])
		fprintf(f, "pfc-paused 0x%02x ", *(unsigned char *)RTA_DATA(tb[IFLA_DCBSIM_PFC_PAUSED]));
	if (tb[IFLA_DCBSIM_DRIVER] && RTA_PAYLOAD(tb[IFLA_DCBSIM_DRIVER]) > 0 &&
	    memchr(RTA_DATA(tb[IFLA_DCBSIM_DRIVER]), 0,
		   RTA_PAYLOAD(tb[IFLA_DCBSIM_DRIVER])))
		fprintf(f, "driver %s ", (char *)RTA_DATA(tb[IFLA_DCBSIM_DRIVER]));
	if (tb[IFLA_DCBSIM_BUFFER_OWNER])
		fprintf(f, "buffer-owner %s ",
			*(unsigned char *)RTA_DATA(tb[IFLA_DCBSIM_BUFFER_OWNER]) ==
			DCBSIM_OWNER_SOFTWARE ? "software" : "firmware");
	if (tb[IFLA_DCBSIM_TC_MODE])
		fprintf(f, "tc-mode %s ",
			*(unsigned char *)RTA_DATA(tb[IFLA_DCBSIM_TC_MODE]) ? "on" : "off");
	/* last, so that the older knobs' output reads as it did */
	if (tb[IFLA_DCBSIM_PFC_STORM_QUANTA] &&
	    RTA_PAYLOAD(tb[IFLA_DCBSIM_PFC_STORM_QUANTA]) >= sizeof(unsigned short))
		fprintf(f, "pfc-storm-quanta %u ", *(unsigned short *)RTA_DATA(tb[IFLA_DCBSIM_PFC_STORM_QUANTA]));
	if (tb[IFLA_DCBSIM_PFC_RESPONSE_NS])
		fprintf(f, "pfc-response-ns %u ",
			*(unsigned int *)RTA_DATA(tb[IFLA_DCBSIM_PFC_RESPONSE_NS]));
	if (tb[IFLA_DCBSIM_PFC_STORM_START_NS] &&
	    RTA_PAYLOAD(tb[IFLA_DCBSIM_PFC_STORM_START_NS]) == sizeof(since)) {
		memcpy(&since, RTA_DATA(tb[IFLA_DCBSIM_PFC_STORM_START_NS]), sizeof(since));
		fprintf(f, "pfc-storm-start-ns %llu ", since);
	}
}

static void dcbsim_print_help(struct link_util *lu, int argc, char **argv,
			      FILE *f)
{
	usage(f);
}

struct link_util dcbsim_link_util = {
	.id		= "dcbsim",
	.maxattr	= IFLA_DCBSIM_MAX,
	.parse_opt	= dcbsim_parse_opt,
	.print_opt	= dcbsim_print_opt,
	.print_help	= dcbsim_print_help,
};
