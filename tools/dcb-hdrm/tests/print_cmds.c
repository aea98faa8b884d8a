// SPDX-License-Identifier: GPL-2.0
/*
 * measure.c, monitor.c and lldp.c compiled whole, for test_print: their
 * printers are static, so they are reached from here. lldp's packet
 * socket is a stand-in: sending succeeds, and receiving hands out the
 * frames the test queued. The system headers come first, so that the
 * stand-ins rename only lldp.c's own calls.
 */
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>

#include "print_cmds.h"

#include "../measure.c"
#include "../monitor.c"

struct golden_frame golden_lldp_rx[GOLDEN_LLDP_FRAMES];
unsigned int golden_lldp_rx_n;
static unsigned int lldp_rx_next;

static int fake_socket(int domain, int type, int protocol)
{
	lldp_rx_next = 0;
	return 1000;
}

static int fake_bind(int fd, const struct sockaddr *sa, socklen_t len)
{
	return 0;
}

static int fake_setsockopt(int fd, int level, int name, const void *v,
			   socklen_t len)
{
	return 0;
}

/* SIOCGIFHWADDR: the device's MAC address */
static int fake_ioctl(int fd, unsigned long req, struct ifreq *ifr)
{
	static const unsigned char mac[6] = { 0x02, 0x00, 0x00, 0x0a, 0x0b, 0x0c };

	memcpy(ifr->ifr_hwaddr.sa_data, mac, sizeof(mac));
	return 0;
}

static ssize_t fake_send(int fd, const void *buf, size_t len, int flags)
{
	return (ssize_t)len;
}

static int fake_poll(struct pollfd *pfd, nfds_t n, int timeout)
{
	return 1;
}

static ssize_t fake_recvfrom(int fd, void *buf, size_t len, int flags,
			     struct sockaddr *from, socklen_t *fromlen)
{
	struct sockaddr_ll *sll = (struct sockaddr_ll *)from;
	const struct golden_frame *f;

	if (lldp_rx_next >= golden_lldp_rx_n)
		return -1;
	f = &golden_lldp_rx[lldp_rx_next++];
	memset(sll, 0, sizeof(*sll));
	sll->sll_pkttype = f->outgoing ? PACKET_OUTGOING : PACKET_HOST;
	memcpy(buf, f->data, f->len < len ? f->len : len);
	return f->len < len ? f->len : len;
}

static int fake_close(int fd)
{
	return 0;
}

#define socket(d, t, p)			fake_socket(d, t, p)
#define bind(fd, sa, len)		fake_bind(fd, sa, len)
#define setsockopt(fd, l, n, v, len)	fake_setsockopt(fd, l, n, v, len)
#define ioctl(fd, req, ifr)		fake_ioctl(fd, req, ifr)
#define send(fd, buf, len, fl)		fake_send(fd, buf, len, fl)
#define poll(pfd, n, to)		fake_poll(pfd, n, to)
#define recvfrom(fd, b, l, fl, f, fll)	fake_recvfrom(fd, b, l, fl, f, fll)
#define close(fd)			fake_close(fd)
#include "../lldp.c"
#undef socket
#undef bind
#undef setsockopt
#undef ioctl
#undef send
#undef poll
#undef recvfrom
#undef close

/*
 * lldpd: none answers unless a test gives lldpcli's answers in
 * golden_lldpd; so the goldens' lldp cases take the raw path, whose
 * printers they hold (lldpd's JSON has its own test, test_lldpd).
 */
struct golden_lldpd golden_lldpd;

const char *lldpd_socket(void)
{
	return LLDPD_SOCKET_DEFAULT;
}

int lldpd_present(const char *sock, char *why, size_t room)
{
	if (golden_lldpd.interfaces)
		return 1;
	snprintf(why, room, "no lldpd in the unit tests");
	return 0;
}

/* the stand-in lldpcli: "show interfaces" and "show neighbors" alone */
int lldpd_cli(const char *sock, const char *const *args, char **out,
	      size_t *len, char *err, size_t room)
{
	const char *text = NULL;

	*out = NULL;
	*len = 0;
	err[0] = '\0';
	if (args[3] && args[4] && !strcmp(args[3], "show"))
		text = !strcmp(args[4], "interfaces") ? golden_lldpd.interfaces :
		       !strcmp(args[4], "neighbors") ? golden_lldpd.neighbors :
		       NULL;
	if (!text) {
		snprintf(err, room, "no such lldpcli command in the unit tests");
		return -1;
	}
	*out = strdup(text);
	if (!*out) {
		snprintf(err, room, "out of memory");
		return -1;
	}
	*len = strlen(text);
	golden_lldpd.calls++;
	return 0;
}

void golden_result_print(struct hdrm_ctx *ctx, const struct result *r,
			 bool simulate, uint32_t *ns, uint32_t n,
			 const struct hist *h)
{
	struct samples sm = { .session = r->session, .n = n, .ns = ns };

	result_print(ctx, r, simulate, ns ? &sm : NULL, h);
}

int golden_measure_exit(const struct result *r, bool push)
{
	int ret = result_status_exit(r);

	return !ret && push ? push_exit(r->ifname, r) : ret;
}

void golden_ptp4l_err(const char *name, const char *path, uint32_t domain,
		      uint32_t sdo, const struct pmc *p,
		      const struct pmc_port *port, int err)
{
	struct measure_args a = {
		.ptp4l_socket = path, .ptp_domain = domain, .ptp_sdo = sdo,
	};

	ptp4l_err(name, &a, p, port, err);
}

int golden_measure_start(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct measure_args a = { 0 };
	struct measure_reply m = { 0 };
	const char *name = NULL;
	int err;

	err = measure_parse(argc, argv, &a, &name);
	if (err)
		return err > 0 ? 0 : EXIT_USAGE;
	err = measure_method(name, &a);
	if (err)
		return err;
	err = measure_start(ctx, &a, &m);
	return err ? hdrm_kernel_err(ctx, name, err) : 0;
}

int golden_mon_event(struct hdrm_ctx *ctx, struct nl_msg *msg, int family,
		     uint32_t ifindex)
{
	struct mon m = { .ctx = ctx, .family = family, .ifindex = ifindex };

	return mon_event(msg, &m);
}
