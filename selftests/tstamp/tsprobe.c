// SPDX-License-Identifier: GPL-2.0
/*
 * tsprobe: the ground truth of a NIC's hardware timestamps, as an
 * application sees them.
 *
 *   tsprobe [ -o ] [ -C ] [ -n COUNT ] [ -i MS ] [ -w MS ] TXNS TXDEV RXNS RXDEV
 *
 * Configures hardware timestamping (SIOCSHWTSTAMP: TXDEV's tx_type ON,
 * RXDEV's rx_filter ALL, each keeping the rest of its configuration,
 * printing what each driver reports back; -C leaves both as they are),
 * then sends COUNT (default 1) raw frames of
 * EtherType 0x88B6 (local experimental), -i MS apart (default 0), from an
 * AF_PACKET socket on TXDEV with SO_TIMESTAMPING (TX_HARDWARE |
 * RAW_HARDWARE, and OPT_TSONLY with -o), reads each frame's hardware
 * transmit timestamp from the socket's error queue, receives the frame on
 * RXDEV (a socket with RX_HARDWARE | RAW_HARDWARE) with its hardware
 * receive timestamp, and prints a line a frame:
 *
 *   seq N tx TX_NS rx RX_NS
 *
 * the timestamps in nanoseconds of each device's clock; "tx none" when no
 * timestamp reached the error queue within -w MS (default 2000), "rx
 * none" for a frame received without one, "rx lost" for a frame not
 * received within -w MS. TXNS and RXNS name network namespaces
 * (/run/netns/NAME; "-" for tsprobe's own). Exit 0 when every frame
 * arrived, 1 otherwise, 2 on a usage or setup error.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/errqueue.h>
#include <linux/if_packet.h>
#include <linux/net_tstamp.h>
#include <linux/sockios.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define TSPROBE_ETHERTYPE	0x88B6
#define TSPROBE_MAGIC		0x74737072	/* "tspr" */
#define NONE			INT64_MIN

struct probe {
	uint32_t magic;
	uint32_t seq;
	uint32_t pid;
};

static void die(const char *what)
{
	fprintf(stderr, "tsprobe: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* enters network namespace @name ("-": stays) */
static void enter_ns(const char *name)
{
	char path[256];
	int fd;

	if (!strcmp(name, "-"))
		return;
	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		die(path);
	if (setns(fd, CLONE_NEWNET))
		die("setns");
	close(fd);
}

/* a packet socket on @dev with SO_TIMESTAMPING @flags */
static int open_sock(const char *dev, unsigned int flags, int *ifindex,
		     unsigned char *mac)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };
	struct ifreq ifr = { 0 };
	int fd;

	fd = socket(AF_PACKET, SOCK_RAW, htons(TSPROBE_ETHERTYPE));
	if (fd < 0)
		die("socket");
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", dev);
	if (ioctl(fd, SIOCGIFINDEX, &ifr))
		die(dev);
	*ifindex = ifr.ifr_ifindex;
	if (ioctl(fd, SIOCGIFHWADDR, &ifr))
		die("SIOCGIFHWADDR");
	memcpy(mac, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	sll.sll_protocol = htons(TSPROBE_ETHERTYPE);
	sll.sll_ifindex = *ifindex;
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		die("bind");
	if (setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &flags, sizeof(flags)))
		die("SO_TIMESTAMPING");
	return fd;
}

/*
 * SIOCSHWTSTAMP of @tx_type or @rx_filter (-1: as SIOCGHWTSTAMP has it);
 * prints what the driver made of the request
 */
static void hwtstamp_set(int fd, const char *dev, int tx_type, int rx_filter)
{
	struct hwtstamp_config cfg = { 0 };
	struct ifreq ifr = { 0 };

	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", dev);
	ifr.ifr_data = (void *)&cfg;
	if (ioctl(fd, SIOCGHWTSTAMP, &ifr))
		die("SIOCGHWTSTAMP");
	if (tx_type >= 0)
		cfg.tx_type = tx_type;
	if (rx_filter >= 0)
		cfg.rx_filter = rx_filter;
	if (ioctl(fd, SIOCSHWTSTAMP, &ifr))
		die("SIOCSHWTSTAMP");
	printf("# %s: tx_type %d rx_filter %d\n", dev, cfg.tx_type,
	       cfg.rx_filter);
}

/* the hardware timestamp (ts[2]) of a message's SCM_TIMESTAMPING */
static int64_t hw_stamp(struct msghdr *msg)
{
	struct scm_timestamping *tss;
	struct cmsghdr *cm;

	for (cm = CMSG_FIRSTHDR(msg); cm; cm = CMSG_NXTHDR(msg, cm)) {
		if (cm->cmsg_level != SOL_SOCKET ||
		    cm->cmsg_type != SCM_TIMESTAMPING)
			continue;
		tss = (struct scm_timestamping *)CMSG_DATA(cm);
		if (!tss->ts[2].tv_sec && !tss->ts[2].tv_nsec)
			return NONE;
		return (int64_t)tss->ts[2].tv_sec * 1000000000 +
		       tss->ts[2].tv_nsec;
	}
	return NONE;
}

static int64_t elapsed_ms(const struct timespec *since)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - since->tv_sec) * 1000 +
	       (now.tv_nsec - since->tv_nsec) / 1000000;
}

/*
 * Waits up to @wait_ms for a message on @fd (its error queue with
 * @errqueue) that carries our probe @seq (with @errqueue and OPT_TSONLY,
 * any timestamp message: the frame is not echoed back); false if none
 * came, else true with its hardware timestamp (NONE without one) in
 * @stamp.
 */
static bool wait_stamp(int fd, bool errqueue, bool tsonly, uint32_t seq,
		       int wait_ms, int64_t *stamp)
{
	unsigned char buf[2048], ctrl[512];
	struct timespec start;
	struct pollfd pfd = { .fd = fd, .events = errqueue ? 0 : POLLIN };
	struct iovec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct msghdr msg;
	struct probe p;
	int64_t left;
	ssize_t n;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		left = wait_ms - elapsed_ms(&start);
		if (left <= 0)
			return false;
		if (poll(&pfd, 1, left) < 0 && errno != EINTR)
			die("poll");
		memset(&msg, 0, sizeof(msg));
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_control = ctrl;
		msg.msg_controllen = sizeof(ctrl);
		n = recvmsg(fd, &msg, MSG_DONTWAIT |
			    (errqueue ? MSG_ERRQUEUE : 0));
		if (n < 0) {
			if (errno == EAGAIN || errno == EINTR)
				continue;
			die("recvmsg");
		}
		if (!(errqueue && tsonly)) {
			if (n < (ssize_t)(ETH_HLEN + sizeof(p)))
				continue;
			memcpy(&p, buf + ETH_HLEN, sizeof(p));
			if (ntohl(p.magic) != TSPROBE_MAGIC ||
			    ntohl(p.seq) != seq ||
			    ntohl(p.pid) != (uint32_t)getpid())
				continue;
		}
		*stamp = hw_stamp(&msg);
		return true;
	}
}

static void print_ns(const char *what, bool came, int64_t v)
{
	if (!came)
		printf(" %s %s", what, strcmp(what, "rx") ? "none" : "lost");
	else if (v == NONE)
		printf(" %s none", what);
	else
		printf(" %s %lld", what, (long long)v);
}

int main(int argc, char **argv)
{
	unsigned int txflags = SOF_TIMESTAMPING_TX_HARDWARE |
			       SOF_TIMESTAMPING_RAW_HARDWARE;
	unsigned int rxflags = SOF_TIMESTAMPING_RX_HARDWARE |
			       SOF_TIMESTAMPING_RAW_HARDWARE;
	unsigned char txmac[ETH_ALEN], rxmac[ETH_ALEN], frame[64];
	int txfd, rxfd, txif, rxif, opt, count = 1, wait_ms = 2000, lost = 0;
	int interval_ms = 0;
	bool tsonly = false, configure = true;
	struct ether_header *eh = (struct ether_header *)frame;
	struct probe p;
	int64_t tx = NONE, rx = NONE;
	bool txed, rxed;
	int i, self;

	while ((opt = getopt(argc, argv, "oCn:i:w:")) != -1) {
		switch (opt) {
		case 'o':
			tsonly = true;
			break;
		case 'C':
			configure = false;
			break;
		case 'n':
			count = atoi(optarg);
			break;
		case 'i':
			interval_ms = atoi(optarg);
			break;
		case 'w':
			wait_ms = atoi(optarg);
			break;
		default:
			goto usage;
		}
	}
	if (argc - optind != 4 || count < 1 || wait_ms < 1 || interval_ms < 0)
		goto usage;
	if (tsonly)
		txflags |= SOF_TIMESTAMPING_OPT_TSONLY;

	self = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	if (self < 0)
		die("/proc/self/ns/net");
	enter_ns(argv[optind + 2]);
	rxfd = open_sock(argv[optind + 3], rxflags, &rxif, rxmac);
	if (configure)
		hwtstamp_set(rxfd, argv[optind + 3], -1, HWTSTAMP_FILTER_ALL);
	if (setns(self, CLONE_NEWNET))
		die("setns");
	enter_ns(argv[optind]);
	txfd = open_sock(argv[optind + 1], txflags, &txif, txmac);
	if (configure)
		hwtstamp_set(txfd, argv[optind + 1], HWTSTAMP_TX_ON, -1);

	memset(frame, 0, sizeof(frame));
	memcpy(eh->ether_dhost, rxmac, ETH_ALEN);
	memcpy(eh->ether_shost, txmac, ETH_ALEN);
	eh->ether_type = htons(TSPROBE_ETHERTYPE);
	for (i = 0; i < count; i++) {
		if (i && interval_ms)
			usleep(interval_ms * 1000);
		p.magic = htonl(TSPROBE_MAGIC);
		p.seq = htonl(i);
		p.pid = htonl(getpid());
		memcpy(frame + ETH_HLEN, &p, sizeof(p));
		if (send(txfd, frame, sizeof(frame), 0) != sizeof(frame))
			die("send");
		txed = wait_stamp(txfd, true, tsonly, i, wait_ms, &tx);
		rxed = wait_stamp(rxfd, false, false, i, wait_ms, &rx);
		printf("seq %d", i);
		print_ns("tx", txed, tx);
		print_ns("rx", rxed, rx);
		printf("\n");
		fflush(stdout);
		if (!rxed)
			lost++;
	}
	return lost ? 1 : 0;

usage:
	fprintf(stderr, "usage: tsprobe [ -o ] [ -C ] [ -n COUNT ] [ -i MS ] [ -w MS ] TXNS TXDEV RXNS RXDEV\n");
	return 2;
}
