// SPDX-License-Identifier: GPL-2.0
/*
 * lldpd through lldpcli: the tool never speaks lldpd's private protocol,
 * it runs lldpcli (fork and exec, its arguments as an argv: nothing goes
 * through a shell) and reads its JSON (lldpd_json.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "dcb-hdrm.h"
#include "lldpd.h"

const char *lldpd_socket(void)
{
	const char *s = getenv(LLDPD_SOCKET_ENV);

	return s && *s ? s : LLDPD_SOCKET_DEFAULT;
}

/* Whether process @pid's network namespace is this one's; true if unknown. */
static bool same_netns(pid_t pid)
{
	struct stat self, other;
	char path[64];

	if (pid <= 0)	/* another PID namespace: no way to tell */
		return true;
	snprintf(path, sizeof(path), "/proc/%d/ns/net", (int)pid);
	if (stat("/proc/self/ns/net", &self) || stat(path, &other))
		return true;
	return self.st_dev == other.st_dev && self.st_ino == other.st_ino;
}

int lldpd_present(const char *sock, char *why, size_t room)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	struct ucred cred;
	socklen_t cl = sizeof(cred);
	int fd, err;

	if (strlen(sock) >= sizeof(sun.sun_path)) {
		hdrm_err("%s %s: longer than a socket's path may be",
			 LLDPD_SOCKET_ENV, sock);
		return -1;
	}
	strcpy(sun.sun_path, sock);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		hdrm_err("cannot open a unix socket: %s", strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0) {
		err = errno;
		close(fd);
		if (err == ENOENT || err == ECONNREFUSED || err == ENOTDIR) {
			snprintf(why, room, "nothing answers on %s", sock);
			return 0;
		}
		hdrm_err("cannot reach lldpd on %s: %s", sock, strerror(err));
		return -1;
	}
	/* a socket path is seen from every network namespace */
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &cl) == 0 &&
	    !same_netns(cred.pid)) {
		close(fd);
		snprintf(why, room,
			 "the lldpd on %s (pid %d) runs in another network namespace",
			 sock, (int)cred.pid);
		return 0;
	}
	close(fd);
	return 1;
}

/* The last non-empty line of @buf (@n bytes) into @err. */
static void last_line(const char *buf, size_t n, char *err, size_t room)
{
	size_t end = n, start;

	while (end && (buf[end - 1] == '\n' || buf[end - 1] == '\r'))
		end--;
	start = end;
	while (start && buf[start - 1] != '\n')
		start--;
	snprintf(err, room, "%.*s", (int)(end - start), buf + start);
}

int lldpd_cli(const char *sock, const char *const *args, char **out,
	      size_t *len, char *err, size_t room)
{
	const char *argv[32] = { "lldpcli", "-u", sock };
	int po[2] = { -1, -1 }, pe[2] = { -1, -1 }, status, open_fds = 2;
	char ebuf[4096];
	size_t en = 0, on = 0, cap = 4096;
	long long deadline;
	unsigned int i;
	char *o = NULL;
	pid_t pid;

	*out = NULL;
	*len = 0;
	err[0] = '\0';
	for (i = 0; args[i]; i++) {
		if (3 + i + 1 >= sizeof(argv) / sizeof(argv[0])) {
			snprintf(err, room, "too many lldpcli arguments");
			return -1;
		}
		argv[3 + i] = args[i];
	}
	argv[3 + i] = NULL;
	o = malloc(cap);
	if (!o || pipe2(po, O_CLOEXEC) || pipe2(pe, O_CLOEXEC)) {
		snprintf(err, room, "cannot run lldpcli: %s", strerror(errno));
		goto fail;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(err, room, "cannot run lldpcli: %s", strerror(errno));
		goto fail;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);

		if (devnull >= 0)
			dup2(devnull, 0);
		dup2(po[1], 1);
		dup2(pe[1], 2);
		execvp(argv[0], (char *const *)argv);
		dprintf(2, "cannot run lldpcli: %s\n", strerror(errno));
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	po[1] = pe[1] = -1;
	deadline = hdrm_now_ms() + LLDPD_CLI_TIMEOUT_MS;
	while (open_fds) {
		struct pollfd pfd[2] = {
			{ .fd = po[0], .events = POLLIN },
			{ .fd = pe[0], .events = POLLIN },
		};
		long long left = deadline - hdrm_now_ms();
		ssize_t r;

		if (left <= 0 || poll(pfd, 2, (int)left) < 0) {
			if (left > 0 && errno == EINTR)
				continue;
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
			snprintf(err, room, "lldpcli %s did not finish in %d s",
				 args[0], LLDPD_CLI_TIMEOUT_MS / 1000);
			goto fail;
		}
		if (pfd[0].revents && po[0] >= 0) {
			if (cap - on < 4096 && cap < LLDPD_OUT_MAX) {
				char *b = realloc(o, cap * 2);

				if (!b) {
					kill(pid, SIGKILL);
					waitpid(pid, NULL, 0);
					snprintf(err, room, "out of memory");
					goto fail;
				}
				o = b;
				cap *= 2;
			}
			r = read(po[0], o + on, cap - on - 1);
			if (r > 0)
				on += r;
			if (r <= 0 || on + 1 == cap) {
				/* at the end, or over the limit: cut short */
				close(po[0]);
				po[0] = -1;
				open_fds--;
			}
		}
		if (pfd[1].revents && pe[0] >= 0) {
			char tmp[1024];

			r = read(pe[0], tmp, sizeof(tmp));
			if (r <= 0) {
				close(pe[0]);
				pe[0] = -1;
				open_fds--;
			} else {
				/* keep the newest bytes: the last line matters */
				if (en + r > sizeof(ebuf)) {
					size_t drop = en + r - sizeof(ebuf);

					memmove(ebuf, ebuf + drop, en - drop);
					en -= drop;
				}
				memcpy(ebuf + en, tmp, r);
				en += r;
			}
		}
	}
	if (waitpid(pid, &status, 0) < 0) {
		snprintf(err, room, "lldpcli: %s", strerror(errno));
		goto fail;
	}
	last_line(ebuf, en, err, room);
	o[on] = '\0';
	*out = o;
	*len = on;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	snprintf(err, room, "lldpcli was killed by signal %d",
		 WTERMSIG(status));
	free(o);
	*out = NULL;
	return -1;
fail:
	free(o);
	for (i = 0; i < 2; i++) {
		if (po[i] >= 0)
			close(po[i]);
		if (pe[i] >= 0)
			close(pe[i]);
	}
	return -1;
}
