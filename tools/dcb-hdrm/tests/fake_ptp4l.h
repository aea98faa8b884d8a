/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A stand-in ptp4l for the unit tests (test_pmc, test_cli): a UNIX
 * datagram socket at a path, in a child process, that answers GETs of
 * DEFAULT_DATA_SET, PORT_PROPERTIES_NP and PORT_DATA_SET as ptp4l does,
 * from the ports it is given, and checks each GET it reads.
 */
#ifndef DCB_HDRM_FAKE_PTP4L_H
#define DCB_HDRM_FAKE_PTP4L_H

#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "pmc.h"

#define FAKE_PORTS	4

struct fake_port {
	uint8_t id[PMC_PORT_ID_LEN];
	const char *iface;
	uint8_t state, timestamping, mechanism;
	int64_t delay;			/* peerMeanPathDelay, ns x 2^16 */
};

enum fake_how {
	FAKE_ANSWER,			/* as ptp4l does */
	FAKE_REFUSE,			/* PORT_PROPERTIES_NP: NOT_SUPPORTED */
	FAKE_SILENT,			/* reads, answers nothing */
};

struct fake_ptp4l {
	enum fake_how how;
	uint16_t number_ports;		/* DEFAULT_DATA_SET's */
	unsigned int nports;		/* those that answer */
	struct fake_port ports[FAKE_PORTS];
	uint8_t domain, sdo;		/* what the GETs must say */
	bool noise;			/* an earlier GET's answer, and a GET */
	bool unasked;			/* no GET may come */
	int idle_ms;			/* or ends after so long without a GET */
};

/*
 * A RESPONSE to @get from @port: @id's @data, or with @error its refusal;
 * ptp4l's layout: the request's domain, sequenceId and asker echoed, the
 * dataField padded to an even length.
 */
static size_t fake_resp(uint8_t *buf, const uint8_t *get, const uint8_t *port,
			uint16_t id, const uint8_t *data, size_t len,
			uint16_t error)
{
	size_t tlv = error ? 8 : 2 + len + (len & 1);
	size_t n = PMC_TLV_OFF + 4 + tlv;

	memset(buf, 0, n);
	buf[0] = (get[0] & 0xf0) | 0x0d;
	buf[1] = 0x02;
	buf[2] = n >> 8;
	buf[3] = n;
	buf[4] = get[4];
	memcpy(buf + 20, port, PMC_PORT_ID_LEN);
	memcpy(buf + 30, get + 30, 2);
	buf[32] = 0x04;
	buf[33] = 0x7f;
	memcpy(buf + 34, get + 20, PMC_PORT_ID_LEN);
	buf[46] = 0x02;
	buf[49] = error ? 0x02 : 0x01;
	buf[51] = tlv;
	if (error) {
		buf[52] = error >> 8;
		buf[53] = error;
		buf[54] = id >> 8;
		buf[55] = id;
	} else {
		buf[52] = id >> 8;
		buf[53] = id;
		memcpy(buf + 54, data, len);
	}
	return n;
}

/* PORT_PROPERTIES_NP's dataField of @p: its length */
static size_t fake_props(uint8_t *d, const struct fake_port *p)
{
	size_t n = strlen(p->iface);

	memcpy(d, p->id, PMC_PORT_ID_LEN);
	d[10] = p->state;
	d[11] = p->timestamping;
	d[12] = n;
	memcpy(d + 13, p->iface, n);
	return 13 + n;
}

/* PORT_DATA_SET's of @p: 26 bytes */
static size_t fake_port_ds(uint8_t *d, const struct fake_port *p)
{
	int i;

	memset(d, 0, 26);
	memcpy(d, p->id, PMC_PORT_ID_LEN);
	d[10] = p->state;
	for (i = 0; i < 8; i++)
		d[12 + i] = (uint8_t)((uint64_t)p->delay >> (56 - 8 * i));
	d[20] = 1;
	d[21] = 3;
	d[23] = p->mechanism;
	d[25] = 2;
	return 26;
}

static void fake_send(int fd, const uint8_t *buf, size_t n,
		      const struct sockaddr_un *to, socklen_t len)
{
	if (sendto(fd, buf, n, 0, (const struct sockaddr *)to, len) < 0)
		perror("fake ptp4l: sendto");
}

/* fake_end() asks the stand-in to end (SIGTERM) */
static volatile sig_atomic_t fake_stop;

static void fake_on_term(int sig)
{
	(void)sig;
	fake_stop = 1;
}

/*
 * Answers the GETs read on @fd until fake_end() says so, or until
 * @f->idle_ms pass without one (a safety net: the end is the test's,
 * not a race with a client slow to start on a loaded host). Its
 * verdict on them: 0, or a bit for each check a GET failed (64: one came,
 * and none was to).
 */
static int fake_serve(int fd, const struct fake_ptp4l *f)
{
	static const uint8_t all[PMC_PORT_ID_LEN] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	};
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	uint8_t get[PMC_MSG_MAX], buf[PMC_MSG_MAX], data[300];
	const struct fake_port *p;
	struct sockaddr_un from;
	socklen_t flen;
	unsigned int i;
	uint16_t id;
	int bad = 0;
	ssize_t n;

	while (!fake_stop && poll(&pfd, 1, f->idle_ms) > 0) {
		flen = sizeof(from);
		n = recvfrom(fd, get, sizeof(get), 0, (struct sockaddr *)&from,
			     &flen);
		if (f->unasked)
			bad |= 64;
		if (n != PMC_GET_LEN) {
			bad |= 1;
			continue;
		}
		if (get[0] != (f->sdo << 4 | 0x0d) || get[4] != f->domain ||
		    get[44] || get[45] || get[46] != 0)
			bad |= 2;
		id = (uint16_t)(get[52] << 8 | get[53]);
		if (f->how == FAKE_SILENT)
			continue;
		if (f->noise) {
			n = fake_resp(buf, get, f->ports[0].id, id, data,
				      fake_props(data, &f->ports[0]), 0);
			buf[31]--;
			fake_send(fd, buf, n, &from, flen);
			fake_send(fd, get, PMC_GET_LEN, &from, flen);
		}
		if (id == PMC_ID_DEFAULT_DATA_SET) {
			memset(data, 0, 20);
			data[2] = f->number_ports >> 8;
			data[3] = f->number_ports;
			if (memcmp(get + 34, all, PMC_PORT_ID_LEN))
				bad |= 4;
			n = fake_resp(buf, get, f->ports[0].id, id, data, 20, 0);
			fake_send(fd, buf, n, &from, flen);
		} else if (id == PMC_ID_PORT_PROPERTIES_NP) {
			if (memcmp(get + 34, all, PMC_PORT_ID_LEN))
				bad |= 8;
			for (i = 0; i < f->nports; i++) {
				p = &f->ports[i];
				if (f->how == FAKE_REFUSE)
					n = fake_resp(buf, get, p->id, id,
						      NULL, 0, 6);
				else
					n = fake_resp(buf, get, p->id, id, data,
						      fake_props(data, p), 0);
				fake_send(fd, buf, n, &from, flen);
				if (f->how == FAKE_REFUSE)
					break;
			}
		} else if (id == PMC_ID_PORT_DATA_SET) {
			/* asked of one port, which answers */
			for (i = 0; i < f->nports; i++)
				if (!memcmp(get + 34, f->ports[i].id,
					    PMC_PORT_ID_LEN))
					break;
			if (i == f->nports) {
				bad |= 16;
				continue;
			}
			p = &f->ports[i];
			n = fake_resp(buf, get, p->id, id, data,
				      fake_port_ds(data, p), 0);
			fake_send(fd, buf, n, &from, flen);
		} else {
			bad |= 32;
		}
	}
	return bad;
}

/* @f at @path, in a child: its pid. */
static pid_t fake_start(const char *path, const struct fake_ptp4l *f)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct sigaction sa_term = { 0 }, old;
	pid_t pid;
	int fd;

	fd = socket(AF_UNIX, SOCK_DGRAM, 0);
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	unlink(path);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror(path);
		exit(2);
	}
	fflush(stdout);
	/* the child has its handler from the start, the parent its own */
	sigemptyset(&sa_term.sa_mask);
	sa_term.sa_handler = fake_on_term;
	sigaction(SIGTERM, &sa_term, &old);
	pid = fork();
	if (pid < 0)
		exit(2);
	if (!pid)
		_exit(fake_serve(fd, f));
	sigaction(SIGTERM, &old, NULL);
	close(fd);
	return pid;
}

/* Ends the stand-in, removes its path: its verdict, or -1. */
static int fake_end(pid_t pid, const char *path)
{
	int status;

	kill(pid, SIGTERM);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	unlink(path);
	return WEXITSTATUS(status);
}

#endif
