/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A PTP management client (pmc.c): the peer delay a ptp4l has measured
 * already, asked over its UNIX domain socket as pmc(8) asks. The messages'
 * encoding and decoding are pure functions, apart from the socket's I/O,
 * so that the unit tests can hold them against bytes built by hand.
 */
#ifndef DCB_HDRM_PMC_H
#define DCB_HDRM_PMC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ptp4l's uds_address by default */
#define PMC_SOCKET		"/var/run/ptp4l"

/* a port identity: clockIdentity, then portNumber (big-endian) */
#define PMC_PORT_ID_LEN		10
/* the common header of IEEE 1588-2008 13.3 */
#define PMC_HDR_LEN		34
/* the header and the management fields (15.4.1): where the TLV starts */
#define PMC_TLV_OFF		48
/* a GET: the TLV's managementId, and no dataField */
#define PMC_GET_LEN		54
/* the largest message read; ptp4l's fit a frame */
#define PMC_MSG_MAX		1500

/* managementId (15.5.2.3; the _NP ones are linuxptp's) */
#define PMC_ID_DEFAULT_DATA_SET		0x2000
#define PMC_ID_PORT_DATA_SET		0x2004
#define PMC_ID_PORT_PROPERTIES_NP	0xc004

/* the portDS's delayMechanism (8.2.5.4.4; COMMON_P2P: IEEE 1588-2019) */
#define PMC_DELAY_E2E		1
#define PMC_DELAY_P2P		2
#define PMC_DELAY_COMMON_P2P	3

/* portState (8.2.5.3.1): below LISTENING a port runs no exchange */
#define PMC_STATE_LISTENING	4

/* PORT_PROPERTIES_NP's timestamping: linuxptp's, software first */
#define PMC_TS_SOFTWARE		0

/* What a GET asks, and of whom. */
struct pmc_get {
	uint8_t sdo;				/* transportSpecific */
	uint8_t domain;				/* domainNumber */
	uint16_t seq;				/* sequenceId */
	uint16_t id;				/* managementId */
	uint8_t source[PMC_PORT_ID_LEN];	/* the asker's port */
	uint8_t target[PMC_PORT_ID_LEN];	/* all ones: every port */
};

/*
 * A RESPONSE: who answered, to which GET, and its dataField; or, with
 * @error, the MANAGEMENT_ERROR_STATUS it sent instead (@id is then the
 * managementId it refused, and there is no dataField).
 */
struct pmc_resp {
	uint8_t source[PMC_PORT_ID_LEN];	/* the port that answered */
	uint16_t seq;
	uint16_t id;
	uint16_t error;				/* managementErrorId; 0: none */
	const uint8_t *data;			/* into the message decoded */
	size_t len;
};

/* DEFAULT_DATA_SET (15.5.3.3.1), the members used */
struct pmc_default_ds {
	uint16_t ports;				/* numberPorts */
	uint8_t clock[8];			/* clockIdentity */
	uint8_t domain;
};

/* PORT_PROPERTIES_NP: a port, its state and timestamps, its interface */
struct pmc_port_props {
	uint8_t port[PMC_PORT_ID_LEN];
	uint8_t state;
	uint8_t timestamping;			/* 0 software, 1 hardware, ... */
	char iface[256];			/* a PTPText's, NUL added */
};

/* PORT_DATA_SET (15.5.3.7.1) */
struct pmc_port_ds {
	uint8_t port[PMC_PORT_ID_LEN];
	uint8_t state;
	int8_t log_delay_req;			/* logMinDelayReqInterval */
	int64_t peer_delay;			/* peerMeanPathDelay, ns x 2^16 */
	int8_t log_announce;
	uint8_t announce_timeout;
	int8_t log_sync;
	uint8_t mechanism;			/* delayMechanism */
	int8_t log_pdelay_req;			/* logMinPdelayReqInterval */
	uint8_t version;			/* versionNumber */
};

/* the pure half: no I/O */
size_t pmc_get_encode(uint8_t *buf, size_t len, const struct pmc_get *g);
int pmc_resp_decode(const uint8_t *buf, size_t len, struct pmc_resp *r);
int pmc_default_ds_decode(const struct pmc_resp *r, struct pmc_default_ds *d);
int pmc_port_props_decode(const struct pmc_resp *r, struct pmc_port_props *p);
int pmc_port_ds_decode(const struct pmc_resp *r, struct pmc_port_ds *d);
int64_t pmc_delay_ns(int64_t ti);
int pmc_peer_delay(const struct pmc_port_ds *d, uint32_t *ns);
const char *pmc_id_name(unsigned int id);
const char *pmc_error_name(unsigned int error);
const char *pmc_state_name(unsigned int state);
const char *pmc_mechanism_name(unsigned int mechanism);

/*
 * A client: a datagram socket bound to a path of its own (ptp4l answers
 * the address it was asked from), connected to ptp4l's. @refused_id and
 * @refused_error name the last GET ptp4l refused.
 */
struct pmc {
	int fd;
	char path[108];				/* ours, removed by pmc_close() */
	uint8_t sdo, domain;
	uint16_t seq;
	uint8_t self[PMC_PORT_ID_LEN];
	uint16_t refused_id, refused_error;
};

/* ptp4l's port on a device: what both its data sets say */
struct pmc_port {
	struct pmc_port_props props;
	struct pmc_port_ds ds;
};

/* Each response to a GET; 0 for more, 1 when done, or a negative errno. */
typedef int (*pmc_resp_cb)(const struct pmc_resp *r, void *arg);

int pmc_open(struct pmc *p, const char *server, uint8_t domain, uint8_t sdo,
	     const char *const *dirs);
void pmc_close(struct pmc *p);
int pmc_get(struct pmc *p, uint16_t id, const uint8_t *target, int timeout_ms,
	    pmc_resp_cb cb, void *arg);
int pmc_port_query(struct pmc *p, const char *ifname, int timeout_ms,
		   struct pmc_port *port);

#endif
