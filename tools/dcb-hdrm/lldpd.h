/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lldpd, the LLDP agent, driven through its own client: whether one runs
 * for this network namespace, and lldpcli's commands run with fork and
 * exec (Documentation/lldp.rst, "lldpd").
 */
#ifndef DCB_HDRM_LLDPD_H
#define DCB_HDRM_LLDPD_H

#include <stddef.h>

/* lldpd's control socket: lldpd(8)'s default, or this variable's */
#define LLDPD_SOCKET_DEFAULT	"/run/lldpd.socket"
#define LLDPD_SOCKET_ENV	"DCB_HDRM_LLDPD_SOCKET"
/* how long one lldpcli command may take */
#define LLDPD_CLI_TIMEOUT_MS	10000
/* the most of its output kept */
#define LLDPD_OUT_MAX		(1 << 20)

const char *lldpd_socket(void);

/*
 * Whether an lldpd answers on @sock from this network namespace.
 * Return: 1 yes; 0 no, with the reason in @why; -1 when it cannot be
 * told (printed).
 */
int lldpd_present(const char *sock, char *why, size_t room);

/*
 * Runs "lldpcli -u @sock @args..." (@args NULL-terminated). Its standard
 * output goes to *@out (malloc'd, NUL-terminated, *@len bytes), the last
 * line of its standard error to @err.
 * Return: its exit status, or -1 when it could not be run (in @err).
 */
int lldpd_cli(const char *sock, const char *const *args, char **out,
	      size_t *len, char *err, size_t room);

#endif
