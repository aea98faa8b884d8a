// SPDX-License-Identifier: GPL-2.0
/*
 * A PTP management client: the peer delay a ptp4l has measured already on
 * a link, read over its UNIX domain socket the way pmc(8) asks for it, for
 * measure ... method ptp4l. No frame goes out on the link.
 *
 * The messages are IEEE 1588-2008's MANAGEMENT (15.4.1): the common
 * header, 34 bytes (13.3), then targetPortIdentity, startingBoundaryHops,
 * boundaryHops, actionField and a reserved byte, then one TLV. A GET
 * carries a MANAGEMENT TLV with its managementId and no dataField (pmc's
 * -z: ptp4l takes it). ptp4l answers each with a RESPONSE whose TLV
 * carries the data set, one per port when every port was asked, or a
 * MANAGEMENT_ERROR_STATUS TLV. Every field is big-endian.
 *
 * Three GETs find the port: DEFAULT_DATA_SET, for numberPorts; then
 * linuxptp's PORT_PROPERTIES_NP of every port, until the one whose
 * interface is the device answers; then that port's PORT_DATA_SET, whose
 * peerMeanPathDelay is the link's delay one way and delayMechanism says
 * whether the port measures it (P2P).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "hdrm_compat.h"
#include "hdrm_limits.h"
#include "pmc.h"

#define PMC_MSG_MANAGEMENT	0x0d	/* messageType, the low nibble */
#define PMC_VERSION		2	/* versionPTP, the low nibble */
#define PMC_CONTROL		0x04	/* controlField: management */
#define PMC_LOG_INTERVAL	0x7f	/* logMessageInterval: none */
#define PMC_ACTION_GET		0
#define PMC_ACTION_RESPONSE	2
#define PMC_TLV_MANAGEMENT	0x0001
#define PMC_TLV_ERROR_STATUS	0x0002

/* the header's and the management fields' offsets */
#define OFF_LENGTH		2
#define OFF_DOMAIN		4
#define OFF_SOURCE		20
#define OFF_SEQ			30
#define OFF_CONTROL		32
#define OFF_INTERVAL		33
#define OFF_TARGET		34
#define OFF_ACTION		46

/* the dataFields' sizes: what each decoder needs at least */
#define DEFAULT_DS_LEN		20
#define PORT_PROPS_LEN		13	/* with an empty interface */
#define PORT_DS_LEN		26
/* managementErrorId, managementId, reserved */
#define ERROR_STATUS_LEN	8

/**
 * pmc_get_encode() - a GET of @g->id, as ptp4l takes one
 * @buf: at least PMC_GET_LEN bytes
 * @len: its size
 * @g: the asker, the port asked, the managementId
 *
 * transportSpecific (the high nibble of messageType's byte) and
 * domainNumber are ptp4l's own to match (it ignores a message of another
 * domain); flags and correction are 0; boundaryHops 0 keeps the GET to
 * ptp4l's own clock, as pmc -b 0 does.
 *
 * Return: PMC_GET_LEN, or 0 when @len is too small.
 */
size_t pmc_get_encode(uint8_t *buf, size_t len, const struct pmc_get *g)
{
	if (len < PMC_GET_LEN)
		return 0;
	memset(buf, 0, PMC_GET_LEN);
	buf[0] = (g->sdo & 0x0f) << 4 | PMC_MSG_MANAGEMENT;
	buf[1] = PMC_VERSION;
	put_unaligned_be16(PMC_GET_LEN, buf + OFF_LENGTH);
	buf[OFF_DOMAIN] = g->domain;
	memcpy(buf + OFF_SOURCE, g->source, PMC_PORT_ID_LEN);
	put_unaligned_be16(g->seq, buf + OFF_SEQ);
	buf[OFF_CONTROL] = PMC_CONTROL;
	buf[OFF_INTERVAL] = PMC_LOG_INTERVAL;
	memcpy(buf + OFF_TARGET, g->target, PMC_PORT_ID_LEN);
	buf[OFF_ACTION] = PMC_ACTION_GET;
	put_unaligned_be16(PMC_TLV_MANAGEMENT, buf + PMC_TLV_OFF);
	put_unaligned_be16(sizeof(g->id), buf + PMC_TLV_OFF + 2);
	put_unaligned_be16(g->id, buf + PMC_TLV_OFF + 4);
	return PMC_GET_LEN;
}

/**
 * pmc_resp_decode() - a RESPONSE, its TLV found
 * @buf: the message as read
 * @len: its length
 * @r: the response; its data points into @buf
 *
 * The bounds are messageLength's, which must fit @len, and the TLV's
 * lengthField, which must fit messageLength.
 *
 * Return: 0; -ENOMSG for a message that is not a management RESPONSE of
 * PTP version 2 or whose TLV is neither MANAGEMENT nor
 * MANAGEMENT_ERROR_STATUS; -EPROTO for one cut short or whose lengths
 * disagree.
 */
int pmc_resp_decode(const uint8_t *buf, size_t len, struct pmc_resp *r)
{
	const uint8_t *tlv = buf + PMC_TLV_OFF;
	size_t msg_len, tlv_len;

	memset(r, 0, sizeof(*r));
	if (len < PMC_HDR_LEN)
		return -EPROTO;
	if ((buf[0] & 0x0f) != PMC_MSG_MANAGEMENT ||
	    (buf[1] & 0x0f) != PMC_VERSION)
		return -ENOMSG;
	msg_len = get_unaligned_be16(buf + OFF_LENGTH);
	if (msg_len > len || msg_len < PMC_TLV_OFF + 4)
		return -EPROTO;
	if ((buf[OFF_ACTION] & 0x0f) != PMC_ACTION_RESPONSE)
		return -ENOMSG;
	memcpy(r->source, buf + OFF_SOURCE, PMC_PORT_ID_LEN);
	r->seq = get_unaligned_be16(buf + OFF_SEQ);
	tlv_len = get_unaligned_be16(tlv + 2);
	if (PMC_TLV_OFF + 4 + tlv_len > msg_len)
		return -EPROTO;
	switch (get_unaligned_be16(tlv)) {
	case PMC_TLV_MANAGEMENT:
		if (tlv_len < 2)
			return -EPROTO;
		r->id = get_unaligned_be16(tlv + 4);
		r->data = tlv + 6;
		r->len = tlv_len - 2;
		return 0;
	case PMC_TLV_ERROR_STATUS:
		if (tlv_len < ERROR_STATUS_LEN)
			return -EPROTO;
		r->error = get_unaligned_be16(tlv + 4);
		if (!r->error)
			return -EPROTO;
		r->id = get_unaligned_be16(tlv + 6);
		return 0;
	default:
		return -ENOMSG;
	}
}

/*
 * Whether @r is a dataField of @id at least @min bytes long: -ENOMSG for
 * another managementId's, -EREMOTEIO for ptp4l's refusal of @id.
 */
static int resp_data(const struct pmc_resp *r, uint16_t id, size_t min)
{
	if (r->id != id)
		return -ENOMSG;
	if (r->error)
		return -EREMOTEIO;
	return r->len < min ? -EPROTO : 0;
}

/**
 * pmc_default_ds_decode() - DEFAULT_DATA_SET: flags, reserved,
 * numberPorts, priority1, clockQuality (4), priority2, clockIdentity (8),
 * domainNumber, reserved
 * @r: a response
 * @d: its members used
 *
 * Return: 0, or resp_data()'s errors.
 */
int pmc_default_ds_decode(const struct pmc_resp *r, struct pmc_default_ds *d)
{
	int err = resp_data(r, PMC_ID_DEFAULT_DATA_SET, DEFAULT_DS_LEN);

	if (err)
		return err;
	d->ports = get_unaligned_be16(r->data + 2);
	memcpy(d->clock, r->data + 10, sizeof(d->clock));
	d->domain = r->data[18];
	return 0;
}

/**
 * pmc_port_props_decode() - PORT_PROPERTIES_NP: portIdentity (10),
 * port_state, timestamping, interface (a PTPText: a length byte, then as
 * many characters)
 * @r: a response
 * @p: its members
 *
 * ptp4l names the interface it takes the port's timestamps on (a bond's
 * active slave), and pads the dataField to an even length.
 *
 * Return: 0, -EPROTO for a name past the dataField or with a NUL in it,
 * or resp_data()'s errors.
 */
int pmc_port_props_decode(const struct pmc_resp *r, struct pmc_port_props *p)
{
	int err = resp_data(r, PMC_ID_PORT_PROPERTIES_NP, PORT_PROPS_LEN);
	size_t n;

	if (err)
		return err;
	n = r->data[12];
	if (PORT_PROPS_LEN + n > r->len ||
	    memchr(r->data + PORT_PROPS_LEN, 0, n))
		return -EPROTO;
	memcpy(p->port, r->data, PMC_PORT_ID_LEN);
	p->state = r->data[10];
	p->timestamping = r->data[11];
	memcpy(p->iface, r->data + PORT_PROPS_LEN, n);
	p->iface[n] = '\0';
	return 0;
}

/**
 * pmc_port_ds_decode() - PORT_DATA_SET: portIdentity (10), portState,
 * logMinDelayReqInterval, peerMeanPathDelay (a TimeInterval: ns x 2^16,
 * signed, 8), logAnnounceInterval, announceReceiptTimeout,
 * logSyncInterval, delayMechanism, logMinPdelayReqInterval, versionNumber
 * @r: a response
 * @d: its members
 *
 * Return: 0, or resp_data()'s errors.
 */
int pmc_port_ds_decode(const struct pmc_resp *r, struct pmc_port_ds *d)
{
	const uint8_t *p = r->data;
	int err = resp_data(r, PMC_ID_PORT_DATA_SET, PORT_DS_LEN);

	if (err)
		return err;
	memcpy(d->port, p, PMC_PORT_ID_LEN);
	d->state = p[10];
	d->log_delay_req = (int8_t)p[11];
	d->peer_delay = (int64_t)get_unaligned_be64(p + 12);
	d->log_announce = (int8_t)p[20];
	d->announce_timeout = p[21];
	d->log_sync = (int8_t)p[22];
	d->mechanism = p[23];
	d->log_pdelay_req = (int8_t)p[24];
	d->version = p[25];
	return 0;
}

/*
 * pmc_delay_ns() - a TimeInterval in whole ns, rounded to the nearest
 * (a half up), without overflow at either end: what pmc prints, but
 * rounded where pmc cuts.
 */
int64_t pmc_delay_ns(int64_t ti)
{
	return (ti >> 16) + ((ti >> 15) & 1);
}

/**
 * pmc_peer_delay() - the peer delay to measure with, from a port's data set
 * @d: ptp4l's PORT_DATA_SET of the port
 * @ns: its peerMeanPathDelay, whole ns
 *
 * Return: 0; -EOPNOTSUPP when the port measures no peer delay (its
 * delayMechanism is not P2P or COMMON_P2P); -ENETDOWN when it runs no
 * exchange now (initializing, faulty or disabled: the value is an old
 * one); -ENODATA when it has none (0, or a negative one); -ERANGE beyond
 * DCB_HDRM_LIMIT_MEASURE_PEER_DELAY_MAX, 1 ms: no link's.
 */
int pmc_peer_delay(const struct pmc_port_ds *d, uint32_t *ns)
{
	int64_t v = pmc_delay_ns(d->peer_delay);

	if (d->mechanism != PMC_DELAY_P2P &&
	    d->mechanism != PMC_DELAY_COMMON_P2P)
		return -EOPNOTSUPP;
	if (d->state < PMC_STATE_LISTENING)
		return -ENETDOWN;
	if (v <= 0)
		return -ENODATA;
	if (v > DCB_HDRM_LIMIT_MEASURE_PEER_DELAY_MAX)
		return -ERANGE;
	*ns = (uint32_t)v;
	return 0;
}

/* The names pmc prints. */
const char *pmc_id_name(unsigned int id)
{
	switch (id) {
	case PMC_ID_DEFAULT_DATA_SET:
		return "DEFAULT_DATA_SET";
	case PMC_ID_PORT_DATA_SET:
		return "PORT_DATA_SET";
	case PMC_ID_PORT_PROPERTIES_NP:
		return "PORT_PROPERTIES_NP";
	default:
		return "unknown";
	}
}

const char *pmc_error_name(unsigned int error)
{
	static const char *const names[] = {
		[1] = "RESPONSE_TOO_BIG", "NO_SUCH_ID", "WRONG_LENGTH",
		"WRONG_VALUE", "NOT_SETABLE", "NOT_SUPPORTED",
	};

	if (error == 0xfffe)
		return "GENERAL_ERROR";
	return error < ARRAY_SIZE(names) && names[error] ?
	       names[error] : "unknown";
}

const char *pmc_state_name(unsigned int state)
{
	static const char *const names[] = {
		[1] = "INITIALIZING", "FAULTY", "DISABLED", "LISTENING",
		"PRE_MASTER", "MASTER", "PASSIVE", "UNCALIBRATED", "SLAVE",
	};

	return state < ARRAY_SIZE(names) && names[state] ?
	       names[state] : "unknown";
}

const char *pmc_mechanism_name(unsigned int mechanism)
{
	static const char *const names[] = {
		[PMC_DELAY_E2E] = "E2E", [PMC_DELAY_P2P] = "P2P",
		[PMC_DELAY_COMMON_P2P] = "COMMON_P2P", "SPECIAL",
	};

	if (mechanism == 0xfe)
		return "NO_MECHANISM";
	return mechanism < ARRAY_SIZE(names) && names[mechanism] ?
	       names[mechanism] : "unknown";
}

/* ---- the socket ---- */

/* where the client's own address goes: pmc's place, else one writable */
static const char *const pmc_dirs[] = { "/var/run", "/tmp", NULL };

static const uint8_t all_ports[PMC_PORT_ID_LEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

static long long pmc_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/**
 * pmc_open() - a client of the ptp4l at @server
 * @p: the client
 * @server: ptp4l's uds_address
 * @domain: the domainNumber ptp4l runs (ptp-domain)
 * @sdo: its transportSpecific (ptp-sdo)
 * @dirs: where to bind, the first that takes it; NULL: /var/run, then /tmp
 *
 * The socket is bound to DIR/dcb-hdrm.PID (ptp4l answers the address it
 * was asked from; a left-over of the same name, a process of the same
 * pid's before, is removed first), and connected to @server, so that
 * nothing else is read. The asker's port identity is pmc's: a
 * clockIdentity of zeros and the pid.
 *
 * Return: 0, or a negative errno: -ENOENT or -ECONNREFUSED when nothing
 * listens at @server. On failure nothing is left to close.
 */
int pmc_open(struct pmc *p, const char *server, uint8_t domain, uint8_t sdo,
	     const char *const *dirs)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	const char *const *d;
	int err = -ENOENT;

	memset(p, 0, sizeof(*p));
	p->fd = -1;
	p->domain = domain;
	p->sdo = sdo;
	put_unaligned_be16((uint16_t)getpid(), p->self + 8);
	if (strlen(server) >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	p->fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (p->fd < 0)
		return -errno;
	for (d = dirs ? dirs : pmc_dirs; *d && !p->path[0]; d++) {
		if (snprintf(sa.sun_path, sizeof(sa.sun_path), "%s/dcb-hdrm.%d",
			     *d, (int)getpid()) >= (int)sizeof(sa.sun_path))
			continue;
		unlink(sa.sun_path);
		if (bind(p->fd, (struct sockaddr *)&sa, sizeof(sa)))
			err = -errno;
		else
			snprintf(p->path, sizeof(p->path), "%s", sa.sun_path);
	}
	if (p->path[0]) {
		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", server);
		err = connect(p->fd, (struct sockaddr *)&sa, sizeof(sa)) ?
		      -errno : 0;
	}
	if (err)
		pmc_close(p);
	return err;
}

/* Closes the socket and removes its path. */
void pmc_close(struct pmc *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	if (p->path[0])
		unlink(p->path);
	p->path[0] = '\0';
}

/**
 * pmc_get() - a GET, and its responses
 * @p: the client
 * @id: the managementId
 * @target: the port asked, or all ones for every port
 * @timeout_ms: how long the responses may take, all of them
 * @cb: called with each response to this GET (its sequenceId): an
 *	earlier GET's, or a message that is not a RESPONSE, is skipped
 * @arg: @cb's
 *
 * Return: 0 when @cb said it was done; -ETIMEDOUT when it did not say so
 * in time; -EREMOTEIO when ptp4l refused the GET (@p->refused_id and
 * @p->refused_error say how); @cb's negative errno; -EPROTO for a
 * malformed response; or the socket's errno.
 */
int pmc_get(struct pmc *p, uint16_t id, const uint8_t *target, int timeout_ms,
	    pmc_resp_cb cb, void *arg)
{
	struct pmc_get g = {
		.sdo = p->sdo, .domain = p->domain, .seq = p->seq++, .id = id,
	};
	long long deadline = pmc_now_ms() + timeout_ms, left;
	struct pollfd pfd = { .fd = p->fd, .events = POLLIN };
	uint8_t buf[PMC_MSG_MAX];
	struct pmc_resp r;
	size_t len;
	ssize_t n;
	int err;

	memcpy(g.source, p->self, PMC_PORT_ID_LEN);
	memcpy(g.target, target, PMC_PORT_ID_LEN);
	len = pmc_get_encode(buf, sizeof(buf), &g);
	if (send(p->fd, buf, len, 0) != (ssize_t)len)
		return errno ? -errno : -EIO;
	for (;;) {
		left = deadline - pmc_now_ms();
		if (left <= 0)
			return -ETIMEDOUT;
		err = poll(&pfd, 1, (int)left);
		if (err < 0 && errno != EINTR)
			return -errno;
		if (err <= 0)
			continue;
		n = recv(p->fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n < 0)
			return -errno;
		err = pmc_resp_decode(buf, (size_t)n, &r);
		if (err == -ENOMSG || (!err && r.seq != g.seq))
			continue;
		if (err)
			return err;
		if (r.error) {
			p->refused_id = r.id;
			p->refused_error = r.error;
			return -EREMOTEIO;
		}
		err = cb(&r, arg);
		if (err)
			return err < 0 ? err : 0;
	}
}

/* DEFAULT_DATA_SET's answer: numberPorts */
static int default_ds_cb(const struct pmc_resp *r, void *arg)
{
	int err = pmc_default_ds_decode(r, arg);

	return err == -ENOMSG ? 0 : err ? err : 1;
}

/* PORT_PROPERTIES_NP of every port: the one on @ifname, or all seen */
struct props_walk {
	const char *ifname;
	unsigned int ports, seen;
	bool found;
	struct pmc_port_props *props;
};

static int props_cb(const struct pmc_resp *r, void *arg)
{
	struct props_walk *w = arg;
	struct pmc_port_props pp;
	int err = pmc_port_props_decode(r, &pp);

	if (err)
		return err == -ENOMSG ? 0 : err;
	w->seen++;
	if (!strcmp(pp.iface, w->ifname)) {
		*w->props = pp;
		w->found = true;
		return 1;
	}
	return w->seen >= w->ports;
}

/* PORT_DATA_SET of the port found: its own, by its portIdentity */
static int port_ds_cb(const struct pmc_resp *r, void *arg)
{
	struct pmc_port *port = arg;
	struct pmc_port_ds ds;
	int err = pmc_port_ds_decode(r, &ds);

	if (err)
		return err == -ENOMSG ? 0 : err;
	if (memcmp(ds.port, port->props.port, PMC_PORT_ID_LEN))
		return 0;
	port->ds = ds;
	return 1;
}

/**
 * pmc_port_query() - ptp4l's port on a device, and its data set
 * @p: the client
 * @ifname: the device
 * @timeout_ms: each GET's
 * @port: the port's properties and PORT_DATA_SET
 *
 * Every port's properties are asked for at once; ptp4l answers once per
 * port, numberPorts of them, and the reading stops at the device's port,
 * or once all have answered (or, with fewer answers, at the timeout).
 *
 * Return: 0; -ENODEV when no port of ptp4l's is on @ifname; or
 * pmc_get()'s errors, -ETIMEDOUT when ptp4l did not answer.
 */
int pmc_port_query(struct pmc *p, const char *ifname, int timeout_ms,
		   struct pmc_port *port)
{
	struct props_walk w = { .ifname = ifname, .props = &port->props };
	struct pmc_default_ds dds;
	int err;

	memset(port, 0, sizeof(*port));
	err = pmc_get(p, PMC_ID_DEFAULT_DATA_SET, all_ports, timeout_ms,
		      default_ds_cb, &dds);
	if (err)
		return err;
	w.ports = dds.ports;
	if (w.ports)
		err = pmc_get(p, PMC_ID_PORT_PROPERTIES_NP, all_ports,
			      timeout_ms, props_cb, &w);
	/* fewer answers than ports: the ones that answered are all */
	if (err == -ETIMEDOUT && w.seen)
		err = 0;
	if (err)
		return err;
	if (!w.found)
		return -ENODEV;
	return pmc_get(p, PMC_ID_PORT_DATA_SET, port->props.port, timeout_ms,
		       port_ds_cb, port);
}
