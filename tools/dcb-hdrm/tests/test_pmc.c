// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the PTP management client (pmc.c), for method ptp4l: the
 * GETs against bytes built by hand from IEEE 1588-2008 13.3 and 15.4.1
 * (the first as linuxptp 3.1.1's pmc -z -b 0 sent it); RESPONSEs built
 * by hand as ptp4l sends them, decoded, and cut short, refused or for
 * another managementId; the peer delay's rounding and its checks; and the
 * socket against a stand-in ptp4l in a child process.
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "fake_ptp4l.h"
#include "hdrm_limits.h"
#include "pmc.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const uint8_t all_ports[PMC_PORT_ID_LEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* ptp4l's port 1 and port 2: its clockIdentity, from MAC 0c:42:a1:00:00:07 */
static const uint8_t port1[PMC_PORT_ID_LEN] = {
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
};
static const uint8_t port2[PMC_PORT_ID_LEN] = {
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x02,
};

/* the asker: pmc's clockIdentity of zeros, and its pid 27849 */
static const uint8_t asker[PMC_PORT_ID_LEN] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0x6c, 0xc9,
};

static bool same(const uint8_t *a, const uint8_t *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (a[i] != b[i]) {
			printf("# byte %zu: 0x%02x, expected 0x%02x\n", i, a[i],
			       b[i]);
			return false;
		}
	return true;
}

/* ---- GET ---- */

/* GET PORT_DATA_SET of every port, as pmc -z -b 0 sent it (pid 27849) */
static const uint8_t get_port_ds[PMC_GET_LEN] = {
	0x0d,				/* transportSpecific 0, MANAGEMENT */
	0x02,				/* versionPTP 2 */
	0x00, 0x36,			/* messageLength 54 */
	0x00,				/* domainNumber 0 */
	0x00,				/* reserved */
	0x00, 0x00,			/* flagField */
	0, 0, 0, 0, 0, 0, 0, 0,		/* correctionField */
	0, 0, 0, 0,			/* reserved */
	0, 0, 0, 0, 0, 0, 0, 0,		/* sourcePortIdentity: clockIdentity */
	0x6c, 0xc9,			/* portNumber 27849 */
	0x00, 0x00,			/* sequenceId 0 */
	0x04,				/* controlField: management */
	0x7f,				/* logMessageInterval */
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,	/* every clock */
	0xff, 0xff,			/* every port */
	0x00,				/* startingBoundaryHops */
	0x00,				/* boundaryHops */
	0x00,				/* actionField: GET */
	0x00,				/* reserved */
	0x00, 0x01,			/* tlvType: MANAGEMENT */
	0x00, 0x02,			/* lengthField: the managementId alone */
	0x20, 0x04,			/* managementId: PORT_DATA_SET */
};

/* GET PORT_PROPERTIES_NP of port 2, 802.1AS's SDO, domain 24, seq 0x1234 */
static const uint8_t get_props_802_1as[PMC_GET_LEN] = {
	0x1d, 0x02, 0x00, 0x36, 0x18, 0x00, 0x00, 0x00,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0x6c, 0xc9,
	0x12, 0x34, 0x04, 0x7f,
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x02,
	0x00, 0x00, 0x00, 0x00,
	0x00, 0x01, 0x00, 0x02, 0xc0, 0x04,
};

static void test_get(void)
{
	struct pmc_get g = { .id = PMC_ID_PORT_DATA_SET };
	uint8_t buf[PMC_MSG_MAX];

	memcpy(g.source, asker, sizeof(asker));
	memcpy(g.target, all_ports, sizeof(all_ports));
	memset(buf, 0xaa, sizeof(buf));
	TAP_OK(pmc_get_encode(buf, sizeof(buf), &g) == PMC_GET_LEN &&
	       same(buf, get_port_ds, PMC_GET_LEN) && buf[PMC_GET_LEN] == 0xaa,
	       "GET PORT_DATA_SET of every port: pmc -z -b 0's 54 bytes, nothing after");
	g = (struct pmc_get){
		.sdo = 1, .domain = 24, .seq = 0x1234,
		.id = PMC_ID_PORT_PROPERTIES_NP,
	};
	memcpy(g.source, asker, sizeof(asker));
	memcpy(g.target, port2, sizeof(port2));
	TAP_OK(pmc_get_encode(buf, sizeof(buf), &g) == PMC_GET_LEN &&
	       same(buf, get_props_802_1as, PMC_GET_LEN),
	       "GET PORT_PROPERTIES_NP of port 2: transportSpecific 1, domain 24, its sequenceId");
	g.sdo = 0x1f;
	TAP_OK(pmc_get_encode(buf, sizeof(buf), &g) == PMC_GET_LEN &&
	       buf[0] == 0xfd,
	       "GET: transportSpecific is a nibble, messageType kept");
	TAP_OK(pmc_get_encode(buf, PMC_GET_LEN - 1, &g) == 0,
	       "GET: not into a buffer too small");
}

/* ---- RESPONSE ---- */

/*
 * PORT_PROPERTIES_NP of port 1, as ptp4l sends it to pmc: SLAVE,
 * hardware timestamps, on eth0; the dataField padded to an even length.
 */
static const uint8_t resp_props[] = {
	0x0d, 0x02, 0x00, 0x48,		/* MANAGEMENT, v2, messageLength 72 */
	0x00, 0x00, 0x00, 0x00,		/* domain 0, reserved, flags */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* correction, reserved */
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
	0x00, 0x01,			/* sequenceId 1 */
	0x04, 0x7f,
	0, 0, 0, 0, 0, 0, 0, 0, 0x6c, 0xc9,	/* target: the asker */
	0x00, 0x00,			/* boundary hops */
	0x02, 0x00,			/* actionField: RESPONSE */
	0x00, 0x01, 0x00, 0x14,		/* MANAGEMENT, lengthField 20 */
	0xc0, 0x04,			/* PORT_PROPERTIES_NP */
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x01,
	0x09,				/* port_state: SLAVE */
	0x01,				/* timestamping: hardware */
	0x04, 'e', 't', 'h', '0',	/* interface */
	0x00,				/* pad */
};

/*
 * PORT_DATA_SET of port 2, P2P, peerMeanPathDelay 1234.5 ns (1234.5 x
 * 65536 = 0x04d28000); the dataField's 26 bytes.
 */
static const uint8_t resp_port_ds[] = {
	0x0d, 0x02, 0x00, 0x50,		/* messageLength 80 */
	0x00, 0x00, 0x00, 0x00,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x02,
	0x00, 0x02,			/* sequenceId 2 */
	0x04, 0x7f,
	0, 0, 0, 0, 0, 0, 0, 0, 0x6c, 0xc9,
	0x00, 0x00, 0x02, 0x00,
	0x00, 0x01, 0x00, 0x1c,		/* MANAGEMENT, lengthField 28 */
	0x20, 0x04,			/* PORT_DATA_SET */
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x02,
	0x06,				/* portState: MASTER */
	0x00,				/* logMinDelayReqInterval */
	0x00, 0x00, 0x00, 0x00, 0x04, 0xd2, 0x80, 0x00,	/* peerMeanPathDelay */
	0x01,				/* logAnnounceInterval */
	0x03,				/* announceReceiptTimeout */
	0x00,				/* logSyncInterval */
	0x02,				/* delayMechanism: P2P */
	0xfe,				/* logMinPdelayReqInterval: -2 */
	0x02,				/* versionNumber */
};

/* DEFAULT_DATA_SET: two-step, two ports, domain 0 */
static const uint8_t resp_default_ds[] = {
	0x0d, 0x02, 0x00, 0x4a,		/* messageLength 74 */
	0x00, 0x00, 0x00, 0x00,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x00,
	0x00, 0x00, 0x04, 0x7f,
	0, 0, 0, 0, 0, 0, 0, 0, 0x6c, 0xc9,
	0x00, 0x00, 0x02, 0x00,
	0x00, 0x01, 0x00, 0x16,		/* lengthField 22 */
	0x20, 0x00,			/* DEFAULT_DATA_SET */
	0x01, 0x00,			/* flags: TSC; reserved */
	0x00, 0x02,			/* numberPorts */
	0x80,				/* priority1 */
	0xf8, 0xfe, 0xff, 0xff,		/* clockQuality */
	0x80,				/* priority2 */
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07,
	0x00, 0x00,			/* domainNumber; reserved */
};

/* MANAGEMENT_ERROR_STATUS: PORT_PROPERTIES_NP is NOT_SUPPORTED */
static const uint8_t resp_error[] = {
	0x0d, 0x02, 0x00, 0x3c,		/* messageLength 60 */
	0x00, 0x00, 0x00, 0x00,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0x00, 0x00,
	0x00, 0x07, 0x04, 0x7f,
	0, 0, 0, 0, 0, 0, 0, 0, 0x6c, 0xc9,
	0x00, 0x00, 0x02, 0x00,
	0x00, 0x02, 0x00, 0x08,		/* MANAGEMENT_ERROR_STATUS, 8 */
	0x00, 0x06,			/* managementErrorId: NOT_SUPPORTED */
	0xc0, 0x04,			/* managementId */
	0x00, 0x00, 0x00, 0x00,		/* reserved */
};

/* a copy of @m to change, in buf[] */
static uint8_t msg[PMC_MSG_MAX];

static size_t copy(const uint8_t *m, size_t len)
{
	memcpy(msg, m, len);
	return len;
}

static void test_resp(void)
{
	struct pmc_default_ds dds;
	struct pmc_port_props pp;
	struct pmc_port_ds ds;
	struct pmc_resp r;
	size_t n;

	TAP_OK(sizeof(resp_props) == 72 && sizeof(resp_port_ds) == 80 &&
	       sizeof(resp_default_ds) == 74 && sizeof(resp_error) == 60,
	       "RESPONSE: each built by hand as long as its messageLength says");
	TAP_OK(!pmc_resp_decode(resp_props, sizeof(resp_props), &r) &&
	       r.seq == 1 && r.id == PMC_ID_PORT_PROPERTIES_NP && !r.error &&
	       same(r.source, port1, PMC_PORT_ID_LEN) && r.len == 18 &&
	       r.data == resp_props + 54,
	       "RESPONSE: who answered, its sequenceId, managementId and dataField");
	memset(&pp, 0x55, sizeof(pp));
	TAP_OK(!pmc_port_props_decode(&r, &pp) &&
	       same(pp.port, port1, PMC_PORT_ID_LEN) && pp.state == 9 &&
	       pp.timestamping == 1 && !strcmp(pp.iface, "eth0"),
	       "PORT_PROPERTIES_NP: port 1, SLAVE, hardware, eth0");
	TAP_OK(pmc_port_ds_decode(&r, &ds) == -ENOMSG &&
	       pmc_default_ds_decode(&r, &dds) == -ENOMSG,
	       "PORT_PROPERTIES_NP: not taken for another managementId's");

	TAP_OK(!pmc_resp_decode(resp_port_ds, sizeof(resp_port_ds), &r) &&
	       r.seq == 2 && r.id == PMC_ID_PORT_DATA_SET && r.len == 26 &&
	       !pmc_port_ds_decode(&r, &ds) &&
	       same(ds.port, port2, PMC_PORT_ID_LEN) && ds.state == 6 &&
	       ds.log_delay_req == 0 && ds.peer_delay == 0x04d28000 &&
	       ds.log_announce == 1 && ds.announce_timeout == 3 &&
	       ds.log_sync == 0 && ds.mechanism == PMC_DELAY_P2P &&
	       ds.log_pdelay_req == -2 && ds.version == 2,
	       "PORT_DATA_SET: every member, the signed intervals too");
	TAP_OK(pmc_delay_ns(ds.peer_delay) == 1235,
	       "PORT_DATA_SET: 1234.5 ns rounds to 1235 (pmc prints 1234)");
	TAP_OK(pmc_port_props_decode(&r, &pp) == -ENOMSG,
	       "PORT_DATA_SET: not taken for PORT_PROPERTIES_NP's");

	TAP_OK(!pmc_resp_decode(resp_default_ds, sizeof(resp_default_ds), &r) &&
	       !pmc_default_ds_decode(&r, &dds) && dds.ports == 2 &&
	       dds.clock[0] == 0x0c && dds.clock[7] == 0x07 && dds.domain == 0,
	       "DEFAULT_DATA_SET: numberPorts, clockIdentity, domainNumber");

	TAP_OK(!pmc_resp_decode(resp_error, sizeof(resp_error), &r) &&
	       r.error == 6 && r.id == PMC_ID_PORT_PROPERTIES_NP && !r.data &&
	       pmc_port_props_decode(&r, &pp) == -EREMOTEIO &&
	       pmc_port_ds_decode(&r, &ds) == -ENOMSG &&
	       !strcmp(pmc_error_name(r.error), "NOT_SUPPORTED"),
	       "MANAGEMENT_ERROR_STATUS: the refusal and the managementId refused");
	n = copy(resp_error, sizeof(resp_error));
	msg[3] = 0x3e;
	msg[51] = 0x0a;
	msg[60] = 0x01;
	msg[61] = 'x';
	TAP_OK(!pmc_resp_decode(msg, n + 2, &r) && r.error == 6,
	       "MANAGEMENT_ERROR_STATUS: its displayData left aside");
	n = copy(resp_error, sizeof(resp_error));
	msg[51] = 0x06;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -EPROTO,
	       "MANAGEMENT_ERROR_STATUS: shorter than its 8 bytes, malformed");
	n = copy(resp_error, sizeof(resp_error));
	msg[53] = 0;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -EPROTO,
	       "MANAGEMENT_ERROR_STATUS: managementErrorId 0, malformed");

	/* cut short */
	TAP_OK(pmc_resp_decode(resp_props, 20, &r) == -EPROTO &&
	       pmc_resp_decode(resp_props, PMC_HDR_LEN, &r) == -EPROTO,
	       "truncated: a header alone, or less");
	TAP_OK(pmc_resp_decode(resp_props, sizeof(resp_props) - 1, &r) == -EPROTO,
	       "truncated: a byte short of messageLength");
	n = copy(resp_props, sizeof(resp_props));
	msg[3] = 51;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -EPROTO,
	       "truncated: a messageLength without a whole TLV header");
	n = copy(resp_props, sizeof(resp_props));
	msg[51] = 0x16;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -EPROTO,
	       "truncated: a lengthField past messageLength");
	n = copy(resp_props, sizeof(resp_props));
	msg[51] = 0x01;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -EPROTO,
	       "truncated: a MANAGEMENT TLV without its managementId");
	n = copy(resp_props, sizeof(resp_props));
	msg[66] = 6;
	TAP_OK(!pmc_resp_decode(msg, n, &r) &&
	       pmc_port_props_decode(&r, &pp) == -EPROTO,
	       "truncated: an interface name past the dataField");
	n = copy(resp_props, sizeof(resp_props));
	msg[68] = 0;
	TAP_OK(!pmc_resp_decode(msg, n, &r) &&
	       pmc_port_props_decode(&r, &pp) == -EPROTO,
	       "malformed: a NUL in the interface name");
	n = copy(resp_props, sizeof(resp_props));
	msg[51] = 0x0e;
	msg[66] = 0;
	TAP_OK(!pmc_resp_decode(msg, n, &r) && r.len == 12 &&
	       pmc_port_props_decode(&r, &pp) == -EPROTO,
	       "truncated: PORT_PROPERTIES_NP without its interface's length");
	n = copy(resp_port_ds, sizeof(resp_port_ds));
	msg[51] = 0x1b;
	TAP_OK(!pmc_resp_decode(msg, n, &r) &&
	       pmc_port_ds_decode(&r, &ds) == -EPROTO,
	       "truncated: PORT_DATA_SET a byte short");
	n = copy(resp_default_ds, sizeof(resp_default_ds));
	msg[51] = 0x15;
	TAP_OK(!pmc_resp_decode(msg, n, &r) &&
	       pmc_default_ds_decode(&r, &dds) == -EPROTO,
	       "truncated: DEFAULT_DATA_SET a byte short");
	n = copy(resp_props, sizeof(resp_props));
	TAP_OK(!pmc_resp_decode(msg, n + 10, &r),
	       "a datagram longer than messageLength: messageLength bounds it");

	/* what is no RESPONSE to a GET */
	TAP_OK(pmc_resp_decode(get_port_ds, sizeof(get_port_ds), &r) == -ENOMSG,
	       "not a response: a GET");
	n = copy(resp_props, sizeof(resp_props));
	msg[0] = 0x02;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -ENOMSG,
	       "not a response: a Pdelay_Req's messageType");
	n = copy(resp_props, sizeof(resp_props));
	msg[1] = 0x01;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -ENOMSG,
	       "not a response: PTP version 1");
	n = copy(resp_props, sizeof(resp_props));
	msg[46] = 0x03;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -ENOMSG,
	       "not a response: an ACKNOWLEDGE");
	n = copy(resp_props, sizeof(resp_props));
	msg[49] = 0x03;
	TAP_OK(pmc_resp_decode(msg, n, &r) == -ENOMSG,
	       "not a response: another TLV");
	n = copy(resp_props, sizeof(resp_props));
	msg[0] = 0x1d;
	msg[1] = 0x12;
	TAP_OK(!pmc_resp_decode(msg, n, &r),
	       "a response: another transportSpecific, IEEE 1588-2019's minorVersionPTP 1");
	n = copy(resp_props, sizeof(resp_props));
	msg[52] = 0x20;
	msg[53] = 0x04;
	TAP_OK(!pmc_resp_decode(msg, n, &r) && r.id == PMC_ID_PORT_DATA_SET &&
	       pmc_port_props_decode(&r, &pp) == -ENOMSG &&
	       pmc_port_ds_decode(&r, &ds) == -EPROTO,
	       "a wrong managementId: not PORT_PROPERTIES_NP's, and too short for its own");
}

/* a PORT_DATA_SET with @delay (ns x 2^16), @mechanism and @state */
static struct pmc_port_ds port_ds(int64_t delay, uint8_t mechanism,
				  uint8_t state)
{
	struct pmc_port_ds d = {
		.peer_delay = delay, .mechanism = mechanism, .state = state,
	};

	return d;
}

#define NS(n)	((int64_t)(n) * 65536)

static void test_peer_delay(void)
{
	struct pmc_port_ds d;
	uint32_t ns = 7;

	TAP_OK(pmc_delay_ns(0) == 0 && pmc_delay_ns(0x7fff) == 0 &&
	       pmc_delay_ns(0x8000) == 1 && pmc_delay_ns(NS(3) - 1) == 3 &&
	       pmc_delay_ns(-0x8000) == 0 && pmc_delay_ns(-0x8001) == -1 &&
	       pmc_delay_ns(NS(-5)) == -5,
	       "rounding: to the nearest ns, a half up");
	TAP_OK(pmc_delay_ns(INT64_MAX) == ((int64_t)1 << 47) &&
	       pmc_delay_ns(INT64_MIN) == -((int64_t)1 << 47),
	       "rounding: no overflow at either end");
	d = port_ds(NS(1234) + 0x8000, PMC_DELAY_P2P, 9);
	TAP_OK(!pmc_peer_delay(&d, &ns) && ns == 1235,
	       "peer delay: P2P, SLAVE, 1234.5 ns: 1235");
	d = port_ds(NS(40), PMC_DELAY_COMMON_P2P, PMC_STATE_LISTENING);
	TAP_OK(!pmc_peer_delay(&d, &ns) && ns == 40,
	       "peer delay: COMMON_P2P, LISTENING");
	d = port_ds(NS(DCB_HDRM_LIMIT_MEASURE_PEER_DELAY_MAX), PMC_DELAY_P2P, 6);
	TAP_OK(!pmc_peer_delay(&d, &ns) &&
	       ns == DCB_HDRM_LIMIT_MEASURE_PEER_DELAY_MAX,
	       "peer delay: 1 ms, the most");
	ns = 7;
	d = port_ds(NS(DCB_HDRM_LIMIT_MEASURE_PEER_DELAY_MAX) + 0x8000,
		    PMC_DELAY_P2P, 6);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ERANGE && ns == 7,
	       "peer delay: past 1 ms by half a ns, refused");
	d = port_ds(INT64_MAX, PMC_DELAY_P2P, 6);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ERANGE,
	       "peer delay: the largest TimeInterval, refused");
	d = port_ds(0, PMC_DELAY_P2P, 9);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ENODATA,
	       "peer delay: 0, none yet");
	d = port_ds(0x7fff, PMC_DELAY_P2P, 9);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ENODATA,
	       "peer delay: under half a ns, none");
	d = port_ds(NS(-12), PMC_DELAY_P2P, 9);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ENODATA,
	       "peer delay: negative, none");
	d = port_ds(INT64_MIN, PMC_DELAY_P2P, 9);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ENODATA,
	       "peer delay: the least TimeInterval, none");
	d = port_ds(NS(40), PMC_DELAY_E2E, 9);
	TAP_OK(pmc_peer_delay(&d, &ns) == -EOPNOTSUPP,
	       "peer delay: E2E measures none");
	d = port_ds(NS(40), 0xfe, 9);
	TAP_OK(pmc_peer_delay(&d, &ns) == -EOPNOTSUPP,
	       "peer delay: NO_MECHANISM measures none");
	d = port_ds(NS(40), PMC_DELAY_P2P, 2);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ENETDOWN,
	       "peer delay: a FAULTY port's is an old one");
	d = port_ds(NS(40), PMC_DELAY_P2P, 3);
	TAP_OK(pmc_peer_delay(&d, &ns) == -ENETDOWN,
	       "peer delay: a DISABLED port's too");
	d = port_ds(0, PMC_DELAY_E2E, 2);
	TAP_OK(pmc_peer_delay(&d, &ns) == -EOPNOTSUPP,
	       "peer delay: the mechanism is said first");
}

static void test_names(void)
{
	TAP_OK(!strcmp(pmc_state_name(1), "INITIALIZING") &&
	       !strcmp(pmc_state_name(2), "FAULTY") &&
	       !strcmp(pmc_state_name(9), "SLAVE") &&
	       !strcmp(pmc_state_name(0), "unknown") &&
	       !strcmp(pmc_state_name(10), "unknown"),
	       "names: portState as pmc prints it");
	TAP_OK(!strcmp(pmc_mechanism_name(PMC_DELAY_E2E), "E2E") &&
	       !strcmp(pmc_mechanism_name(PMC_DELAY_P2P), "P2P") &&
	       !strcmp(pmc_mechanism_name(PMC_DELAY_COMMON_P2P), "COMMON_P2P") &&
	       !strcmp(pmc_mechanism_name(4), "SPECIAL") &&
	       !strcmp(pmc_mechanism_name(0xfe), "NO_MECHANISM") &&
	       !strcmp(pmc_mechanism_name(0), "unknown") &&
	       !strcmp(pmc_mechanism_name(5), "unknown"),
	       "names: delayMechanism");
	TAP_OK(!strcmp(pmc_error_name(1), "RESPONSE_TOO_BIG") &&
	       !strcmp(pmc_error_name(2), "NO_SUCH_ID") &&
	       !strcmp(pmc_error_name(6), "NOT_SUPPORTED") &&
	       !strcmp(pmc_error_name(0xfffe), "GENERAL_ERROR") &&
	       !strcmp(pmc_error_name(0), "unknown") &&
	       !strcmp(pmc_error_name(7), "unknown"),
	       "names: managementErrorId");
	TAP_OK(!strcmp(pmc_id_name(PMC_ID_DEFAULT_DATA_SET), "DEFAULT_DATA_SET") &&
	       !strcmp(pmc_id_name(PMC_ID_PORT_DATA_SET), "PORT_DATA_SET") &&
	       !strcmp(pmc_id_name(PMC_ID_PORT_PROPERTIES_NP), "PORT_PROPERTIES_NP") &&
	       !strcmp(pmc_id_name(0x2001), "unknown"),
	       "names: managementId");
}

/* ---- the socket, against a stand-in ptp4l ---- */

static char dir[32];
static char server[64];

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/*
 * ptp4l with two ports: eth0, SLAVE, hardware timestamps, E2E; eth9,
 * MASTER, software timestamps, P2P, 1234.5 ns. In domain 24 with
 * 802.1AS's transportSpecific; before each answer, an earlier GET's and
 * a GET.
 */
static const struct fake_ptp4l two_ports = {
	.how = FAKE_ANSWER, .number_ports = 2, .nports = 2,
	.ports = {
		{
			.id = { 0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07,
				0x00, 0x01 },
			.iface = "eth0", .state = 9, .timestamping = 1,
			.mechanism = PMC_DELAY_E2E,
		},
		{
			.id = { 0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07,
				0x00, 0x02 },
			.iface = "eth9", .state = 6,
			.timestamping = PMC_TS_SOFTWARE,
			.mechanism = PMC_DELAY_P2P, .delay = NS(1234) + 0x8000,
		},
	},
	.domain = 24, .sdo = 1, .noise = true, .idle_ms = 10000,
};

static void test_socket(void)
{
	const char *const dirs[] = { "/nonexistent/dir", dir, NULL };
	uint8_t get[PMC_GET_LEN], buf[PMC_MSG_MAX], data[64];
	struct fake_ptp4l f;
	struct pmc_port port;
	struct pmc_resp r;
	char mine[128];
	struct stat st;
	long long t0;
	struct pmc p;
	pid_t pid;
	size_t n;
	int err;

	snprintf(mine, sizeof(mine), "%s/dcb-hdrm.%d", dir, (int)getpid());
	/* the stand-in's answers are ptp4l's: resp_props, built */
	memcpy(get, get_port_ds, sizeof(get));
	get[31] = 1;
	n = fake_resp(buf, get, port1, PMC_ID_PORT_PROPERTIES_NP, data,
		      fake_props(data, &two_ports.ports[0]), 0);
	TAP_OK(n == sizeof(resp_props) && same(buf, resp_props, n),
	       "stand-in: its PORT_PROPERTIES_NP is the one built by hand");
	get[31] = 2;
	n = fake_resp(buf, get, port2, PMC_ID_PORT_DATA_SET, data,
		      fake_port_ds(data, &two_ports.ports[1]), 0);
	TAP_OK(n == sizeof(resp_port_ds) && !pmc_resp_decode(buf, n, &r) &&
	       same(buf + 54, resp_port_ds + 54, 12 + 8),
	       "stand-in: its PORT_DATA_SET's identity, state and delay are the ones built by hand");

	pid = fake_start(server, &two_ports);
	err = pmc_open(&p, server, 24, 1, dirs);
	TAP_OK(!err && !strcmp(p.path, mine) && !stat(mine, &st) &&
	       S_ISSOCK(st.st_mode),
	       "socket: bound in the first directory that takes it: %s", p.path);
	t0 = now_ms();
	err = pmc_port_query(&p, "eth9", 1000, &port);
	TAP_OK(!err && !memcmp(port.props.port, port2, PMC_PORT_ID_LEN) &&
	       port.props.timestamping == PMC_TS_SOFTWARE &&
	       !memcmp(port.ds.port, port2, PMC_PORT_ID_LEN) &&
	       port.ds.mechanism == PMC_DELAY_P2P &&
	       pmc_delay_ns(port.ds.peer_delay) == 1235,
	       "ptp4l: eth9 is port 2, its PORT_DATA_SET read, the noise skipped (%d)",
	       err);
	err = pmc_port_query(&p, "eth7", 1000, &port);
	TAP_OK(err == -ENODEV && now_ms() - t0 < 900,
	       "ptp4l: no port on eth7, said once both ports answered (%d, %lld ms)",
	       err, now_ms() - t0);
	pmc_close(&p);
	TAP_OK(stat(mine, &st) && errno == ENOENT && p.fd == -1,
	       "socket: its path removed at the close");
	err = fake_end(pid, server);
	TAP_OK(err == 0,
	       "ptp4l: each GET as asked: domain 24, transportSpecific 1, no hops, the targets (%d)",
	       err);

	f = two_ports;
	f.number_ports = 3;
	pid = fake_start(server, &f);
	err = pmc_open(&p, server, 24, 1, dirs);
	t0 = now_ms();
	if (!err)
		err = pmc_port_query(&p, "eth8", 200, &port);
	TAP_OK(err == -ENODEV && now_ms() - t0 >= 190,
	       "ptp4l: a port short of numberPorts, no port on eth8 after the timeout (%d)",
	       err);
	pmc_close(&p);
	TAP_OK(fake_end(pid, server) == 0, "ptp4l: its GETs as asked");

	f = two_ports;
	f.how = FAKE_REFUSE;
	pid = fake_start(server, &f);
	err = pmc_open(&p, server, 24, 1, dirs);
	if (!err)
		err = pmc_port_query(&p, "eth9", 1000, &port);
	TAP_OK(err == -EREMOTEIO && p.refused_id == PMC_ID_PORT_PROPERTIES_NP &&
	       p.refused_error == 6,
	       "ptp4l: a refusal, what and why (%d)", err);
	pmc_close(&p);
	fake_end(pid, server);

	f = two_ports;
	f.how = FAKE_SILENT;
	pid = fake_start(server, &f);
	err = pmc_open(&p, server, 24, 1, dirs);
	t0 = now_ms();
	if (!err)
		err = pmc_port_query(&p, "eth9", 200, &port);
	TAP_OK(err == -ETIMEDOUT && now_ms() - t0 >= 190 &&
	       now_ms() - t0 < 1000,
	       "ptp4l: no answer in 200 ms (%d, %lld ms)", err, now_ms() - t0);
	pmc_close(&p);
	fake_end(pid, server);

	/* a path left behind by a ptp4l gone: nothing listens there */
	TAP_OK(stat(server, &st) && pmc_open(&p, server, 0, 0, dirs) == -ENOENT &&
	       stat(mine, &st),
	       "socket: nothing at ptp4l's path, and ours not left");
	{
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		int fd = socket(AF_UNIX, SOCK_DGRAM, 0);

		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", server);
		if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
			perror(server);
		close(fd);
	}
	TAP_OK(pmc_open(&p, server, 0, 0, dirs) == -ECONNREFUSED &&
	       stat(mine, &st),
	       "socket: a socket file no one holds, refused, ours not left");
	unlink(server);
	TAP_OK(pmc_open(&p, "/x/01234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789",
			0, 0, dirs) == -ENAMETOOLONG && p.fd == -1,
	       "socket: a path longer than sun_path");
}

int main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test_pmc.XXXXXX");
	if (!mkdtemp(dir)) {
		perror(dir);
		return 2;
	}
	snprintf(server, sizeof(server), "%s/ptp4l", dir);

	test_get();
	test_resp();
	test_peer_delay();
	test_names();
	test_socket();
	rmdir(dir);
	return tap_done();
}
