// SPDX-License-Identifier: GPL-2.0
/*
 * hdrm_race: measurements racing against teardown and changes
 * (Documentation/threat-model.rst, T7), many iterations in one process so
 * that the races, not process start-up, take the time under emulation.
 *
 *   hdrm_race ITERATIONS NSA NSB KO
 *
 * NSA holds dcbsim device da, whose peer db is in NSB; KO is dcb_hdrm.ko.
 * Iterations cycle through: a veth pair created, measured and deleted
 * while the measurement runs; a network namespace created with a measured
 * pair inside and dropped; da's MTU, dcbsim speed and speed override
 * changed during a measurement; reflect, accept-push, auto-hdrm, apply
 * and remeasure toggled at both ends during a measurement and a push; and
 * the module unloaded during a measurement and loaded again. Each start
 * happens a random 0-40 ms before the race. Prints the counts as JSON.
 *
 *   hdrm_race veth-test
 *
 * Only the rtnetlink steps (veth pair, MTU, deletion), for checking this
 * program itself in a namespace of one's own (unshare -n). With
 * HDRM_RACE_DEBUG set, rtnetlink failures are printed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <linux/veth.h>
#include <netlink/errno.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>

#include <linux/dcb_hdrm.h>

#include "nl.h"
#include "../dcbsim/dcbsim.h"

static int ns_a, ns_b, ns_init;
static const char *ko;

static void die(const char *what, int err)
{
	fprintf(stderr, "hdrm_race: %s: %s\n", what, strerror(err));
	exit(1);
}

static void enter(int nsfd)
{
	if (setns(nsfd, CLONE_NEWNET))
		die("setns", errno);
}

static int ns_open(const char *name)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		die(path, errno);
	return fd;
}

static void jitter(unsigned int max_ms)
{
	usleep((rand() % (max_ms + 1)) * 1000);
}

/* rtnetlink, in the namespace the calling thread is in now */
static int rtnl_do(struct nl_msg *msg)
{
	struct nl_sock *sk = nl_socket_alloc();
	int err;

	if (!sk || nl_connect(sk, NETLINK_ROUTE)) {
		nlmsg_free(msg);
		nl_socket_free(sk);
		return -EIO;
	}
	err = nl_send_auto(sk, msg);
	if (err >= 0)
		err = nl_wait_for_ack(sk);
	nlmsg_free(msg);
	nl_socket_free(sk);
	if (err < 0 && getenv("HDRM_RACE_DEBUG"))
		fprintf(stderr, "hdrm_race: rtnetlink: %s\n", nl_geterror(err));
	return err < 0 ? -EIO : 0;
}

static struct nl_msg *link_msg(int type, int flags, int ifindex,
			       unsigned int up)
{
	struct ifinfomsg ifi = {
		.ifi_family = AF_UNSPEC,
		.ifi_index = ifindex,
		.ifi_flags = up ? IFF_UP : 0,
		.ifi_change = up ? IFF_UP : 0,
	};
	struct nl_msg *msg = nlmsg_alloc_simple(type, flags);

	if (msg && nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO) < 0) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

/* a veth pair A/B here, both up */
static int veth_add(const char *a, const char *b)
{
	struct nl_msg *msg = link_msg(RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL,
				      0, 1);
	struct ifinfomsg peer = { .ifi_family = AF_UNSPEC };
	struct nlattr *info, *data, *p;

	if (!msg)
		return -ENOMEM;
	nla_put_string(msg, IFLA_IFNAME, a);
	info = nla_nest_start(msg, IFLA_LINKINFO);
	nla_put_string(msg, IFLA_INFO_KIND, "veth");
	data = nla_nest_start(msg, IFLA_INFO_DATA);
	p = nla_nest_start(msg, VETH_INFO_PEER);
	nlmsg_append(msg, &peer, sizeof(peer), NLMSG_ALIGNTO);
	nla_put_string(msg, IFLA_IFNAME, b);
	nla_nest_end(msg, p);
	nla_nest_end(msg, data);
	nla_nest_end(msg, info);
	if (rtnl_do(msg))
		return -EIO;
	/* the peer comes up when its own flag says so */
	msg = link_msg(RTM_NEWLINK, 0, if_nametoindex(b), 1);
	return msg ? rtnl_do(msg) : -ENOMEM;
}

static int link_del(const char *name)
{
	struct nl_msg *msg = link_msg(RTM_DELLINK, 0, if_nametoindex(name), 0);

	return msg ? rtnl_do(msg) : -ENOMEM;
}

static int link_mtu(const char *name, unsigned int mtu)
{
	struct nl_msg *msg = link_msg(RTM_NEWLINK, 0, if_nametoindex(name), 1);

	if (!msg)
		return -ENOMEM;
	nla_put_u32(msg, IFLA_MTU, mtu);
	return rtnl_do(msg);
}

static int dcbsim_speed(const char *name, unsigned int speed)
{
	struct nl_msg *msg = link_msg(RTM_NEWLINK, 0, if_nametoindex(name), 1);
	struct nlattr *info, *data;

	if (!msg)
		return -ENOMEM;
	info = nla_nest_start(msg, IFLA_LINKINFO);
	nla_put_string(msg, IFLA_INFO_KIND, "dcbsim");
	data = nla_nest_start(msg, IFLA_INFO_DATA);
	nla_put_u32(msg, IFLA_DCBSIM_SPEED, speed);
	nla_nest_end(msg, data);
	nla_nest_end(msg, info);
	return rtnl_do(msg);
}

/* generic netlink: one socket per call, in the current namespace */
struct kv {
	int attr;
	unsigned int val;
	bool u8;
};

static int hdrm_cmd(int cmd, const char *dev, const struct kv *kv,
		    unsigned int n)
{
	struct hdrm_nl nl;
	struct nl_msg *msg;
	unsigned int i;
	int err;

	err = hdrm_nl_open(&nl);
	if (err)
		return err;
	msg = hdrm_nl_msg(&nl, cmd, 0);
	if (!msg) {
		hdrm_nl_close(&nl);
		return -ENOMEM;
	}
	nla_put_u32(msg, cmd == DCB_HDRM_CMD_MEASURE ?
		    DCB_HDRM_A_MEASURE_IFINDEX : DCB_HDRM_A_DEV_IFINDEX,
		    if_nametoindex(dev));
	for (i = 0; i < n; i++) {
		if (kv[i].u8)
			nla_put_u8(msg, kv[i].attr, kv[i].val);
		else
			nla_put_u32(msg, kv[i].attr, kv[i].val);
	}
	err = hdrm_nl_talk(&nl, msg, NULL, NULL);
	hdrm_nl_close(&nl);
	return err;
}

static int measure(const char *dev, bool push)
{
	const struct kv kv[] = {
		{ DCB_HDRM_A_MEASURE_COUNT, 200 },
		{ DCB_HDRM_A_MEASURE_INTERVAL, 500 },
		{ DCB_HDRM_A_MEASURE_TIMEOUT, 50 },
		{ DCB_HDRM_A_MEASURE_PUSH, push, true },
	};

	int err = hdrm_cmd(DCB_HDRM_CMD_MEASURE, dev, kv, 4);

	/* a re-measurement may run already: being turned away is the race */
	return err == -EBUSY ? 0 : err;
}

static int speed_override(const char *dev, unsigned int mbps)
{
	const struct kv kv[] = { { DCB_HDRM_A_DEV_SPEED_OVERRIDE, mbps } };

	return hdrm_cmd(DCB_HDRM_CMD_DEV_SET, dev, kv, 1);
}

/* da's settings, again after every reload */
static int pair_setup(void)
{
	const struct kv kv[] = {
		{ DCB_HDRM_A_DEV_REMEASURE, 1, true },
		{ DCB_HDRM_A_DEV_APPLY, DCB_HDRM_APPLY_AUTO },
		{ DCB_HDRM_A_DEV_CELL, 128 },
	};

	enter(ns_a);
	return hdrm_cmd(DCB_HDRM_CMD_DEV_SET, "da", kv, 3);
}

static int race_link_del(void)
{
	int err;

	enter(ns_a);
	err = veth_add("ra", "rb");
	if (!err)
		err = speed_override("ra", 10000);
	if (!err)
		err = measure("ra", false);
	jitter(40);
	return link_del("ra") ?: err;
}

static int race_netns_del(void)
{
	int err;

	/* a namespace of our own, gone when we leave it */
	enter(ns_init);
	if (unshare(CLONE_NEWNET))
		return -errno;
	err = veth_add("x1", "x2");
	if (!err)
		err = speed_override("x1", 10000);
	if (!err)
		err = measure("x1", false);
	jitter(40);
	enter(ns_a);
	return err;
}

static int race_mtu_speed(void)
{
	int err;

	enter(ns_a);
	err = measure("da", false);
	jitter(20);
	err = err ?: link_mtu("da", 1500 + rand() % 2000);
	err = err ?: dcbsim_speed("da", (rand() % 4 + 1) * 25000);
	err = err ?: speed_override("da", rand() % 2 ? 100000 : 1);
	err = err ?: speed_override("da", 0);
	return err;
}

static int race_toggles(void)
{
	const struct kv off[] = {
		{ DCB_HDRM_A_DEV_REFLECT, 0, true },
	};
	const struct kv on[] = {
		{ DCB_HDRM_A_DEV_REFLECT, 1, true },
		{ DCB_HDRM_A_DEV_ACCEPT_PUSH, 1, true },
	};
	const struct kv cap[] = {
		{ DCB_HDRM_A_DEV_ACCEPT_PUSH, 0, true },
		{ DCB_HDRM_A_DEV_AUTO_HDRM, 0, true },
	};
	const struct kv cap_on[] = { { DCB_HDRM_A_DEV_AUTO_HDRM, 1, true } };
	const struct kv apply_off[] = {
		{ DCB_HDRM_A_DEV_APPLY, DCB_HDRM_APPLY_NONE },
		{ DCB_HDRM_A_DEV_REMEASURE, 0, true },
	};
	const struct kv apply_on[] = {
		{ DCB_HDRM_A_DEV_APPLY, DCB_HDRM_APPLY_BUFFER },
		{ DCB_HDRM_A_DEV_REMEASURE, 1, true },
	};
	int err;

	enter(ns_a);
	err = measure("da", false);
	jitter(20);
	enter(ns_b);
	err = err ?: hdrm_cmd(DCB_HDRM_CMD_DEV_SET, "db", off, 1);
	enter(ns_a);
	err = err ?: hdrm_cmd(DCB_HDRM_CMD_DEV_SET, "da", apply_off, 2);
	jitter(10);
	enter(ns_b);
	err = err ?: hdrm_cmd(DCB_HDRM_CMD_DEV_SET, "db", on, 2);
	enter(ns_a);
	err = err ?: hdrm_cmd(DCB_HDRM_CMD_DEV_SET, "da", apply_on, 2);
	/* the first measurement may still run: EBUSY is part of the race */
	err = err ?: measure("da", true);
	jitter(10);
	enter(ns_b);
	err = err ?: hdrm_cmd(DCB_HDRM_CMD_DEV_SET, "db", cap, 2);
	err = err ?: hdrm_cmd(DCB_HDRM_CMD_DEV_SET, "db", cap_on, 1);
	enter(ns_a);
	return err;
}

static int race_unload(void)
{
	int fd, err, tries;

	enter(ns_a);
	err = measure("da", false);
	jitter(30);
	for (tries = 0; tries < 100; tries++) {
		if (!syscall(SYS_delete_module, "dcb_hdrm", O_NONBLOCK))
			break;
		if (errno != EAGAIN && errno != EBUSY && errno != EWOULDBLOCK)
			return -errno;
		usleep(10000);
	}
	if (tries == 100)
		return -EBUSY;
	fd = open(ko, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, "", 0)) {
		err = -errno;
		close(fd);
		return err;
	}
	close(fd);
	return err ?: pair_setup();
}

static const struct {
	const char *name;
	int (*fn)(void);
	unsigned int weight;
} races[] = {
	{ "link_del", race_link_del, 3 },
	{ "netns_del", race_netns_del, 2 },
	{ "mtu_speed", race_mtu_speed, 2 },
	{ "toggles", race_toggles, 2 },
	{ "unload", race_unload, 1 },
};

int main(int argc, char **argv)
{
	unsigned int done[5] = {}, failed[5] = {}, i, k, slot, n;
	int err, last_err[5] = {};
	struct timespec t0, t1;

	if (argc == 2 && !strcmp(argv[1], "veth-test")) {
		/* the rtnetlink steps alone, in a namespace of one's own */
		printf("add %d\n", veth_add("ra", "rb"));
		printf("mtu %d\n", link_mtu("ra", 2000));
		printf("del %d\n", link_del("ra"));
		return 0;
	}
	if (argc != 5) {
		fprintf(stderr, "usage: hdrm_race ITERATIONS NSA NSB KO\n");
		return 1;
	}
	n = strtoul(argv[1], NULL, 0);
	ns_a = ns_open(argv[2]);
	ns_b = ns_open(argv[3]);
	ns_init = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	ko = argv[4];
	srand(n);
	if (pair_setup())
		die("setting up da", EIO);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++) {
		/* weights 3:2:2:2:1 over every ten iterations */
		slot = i % 10;
		for (k = 0; slot >= races[k].weight; k++)
			slot -= races[k].weight;
		err = races[k].fn();
		done[k]++;
		if (err) {
			failed[k]++;
			last_err[k] = err;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("{\"iterations\": %u, \"seconds\": %ld", n,
	       (long)(t1.tv_sec - t0.tv_sec));
	for (k = 0; k < 5; k++)
		printf(", \"%s\": {\"done\": %u, \"failed\": %u, \"last_error\": \"%s\"}",
		       races[k].name, done[k], failed[k],
		       last_err[k] ? strerror(-last_err[k]) : "");
	printf("}\n");
	return 0;
}
