// SPDX-License-Identifier: GPL-2.0
/*
 * The built tool's words for timestamps at the wire, where no module is
 * needed: each bad word is one line on stderr, nothing on stdout, exit
 * status 1; "hwtstamp on" on loopback (never hardware timestamping) is one
 * line and status 2; measure ... method ptp4l against a stand-in ptp4l
 * (fake_ptp4l.h), its one line and status 2 where ptp4l has no peer delay
 * for the device, the kernel asked where it has one, and auto going on as
 * before where it has none. Runs ../dcb-hdrm beside this test.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "fake_ptp4l.h"
#include "tap.h"

static char tool[PATH_MAX];
static char err[1024], out[4096];

static void slurp(int fd, char *buf, size_t len)
{
	size_t n = 0;
	ssize_t r;

	while (n + 1 < len && (r = read(fd, buf + n, len - 1 - n)) > 0)
		n += r;
	buf[n] = '\0';
}

/* Runs the tool with @argv (NULL-ended, without argv[0]): its status. */
static int run(const char *const *argv)
{
	int o[2], e[2], status;
	const char *args[32];
	unsigned int i;
	pid_t pid;

	args[0] = tool;
	for (i = 0; argv[i] && i < 30; i++)
		args[i + 1] = argv[i];
	args[i + 1] = NULL;
	if (pipe(o) || pipe(e))
		exit(2);
	pid = fork();
	if (pid < 0)
		exit(2);
	if (!pid) {
		dup2(o[1], 1);
		dup2(e[1], 2);
		close(o[0]);
		close(e[0]);
		execv(tool, (char *const *)args);
		_exit(127);
	}
	close(o[1]);
	close(e[1]);
	/* small outputs: read one, then the other */
	slurp(e[0], err, sizeof(err));
	slurp(o[0], out, sizeof(out));
	close(o[0]);
	close(e[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* @status, nothing on stdout, one line on stderr holding @what */
static void expect(int status, const char *what, const char *const *argv)
{
	int rc = run(argv);
	const char *nl = strchr(err, '\n');
	char cmd[256] = "";
	unsigned int i;

	for (i = 0; argv[i]; i++) {
		strncat(cmd, " ", sizeof(cmd) - strlen(cmd) - 1);
		strncat(cmd, argv[i], sizeof(cmd) - strlen(cmd) - 1);
	}
	TAP_OK(rc == status && !out[0] && nl && !nl[1] && strstr(err, what),
	       "dcb-hdrm%s: status %d, one line with \"%s\"", cmd, status, what);
	if (rc != status || out[0] || !nl || nl[1] || !strstr(err, what))
		printf("# status %d, stdout \"%s\", stderr \"%s\"\n", rc, out, err);
}

/* status 0, nothing on stderr, stdout holding each of @what (NULL-ended) */
static void expect_out(const char *const *what, const char *const *argv)
{
	int rc = run(argv);
	char cmd[256] = "";
	unsigned int i;
	bool ok = rc == 0 && !err[0];

	for (i = 0; argv[i]; i++) {
		strncat(cmd, " ", sizeof(cmd) - strlen(cmd) - 1);
		strncat(cmd, argv[i], sizeof(cmd) - strlen(cmd) - 1);
	}
	for (i = 0; what[i]; i++)
		ok = ok && strstr(out, what[i]);
	TAP_OK(ok, "dcb-hdrm%s: %s...", cmd, what[0]);
	if (!ok)
		printf("# status %d, stdout \"%s\", stderr \"%s\"\n", rc, out, err);
}

#define ARGV(...) ((const char *const []){ __VA_ARGS__, NULL })

/*
 * The kernel was asked (status 2 or 3: it refused, or no module), and
 * ptp4l not named.
 */
static void expect_kernel(const char *what, const char *const *argv)
{
	int rc = run(argv);

	TAP_OK((rc == 2 || rc == 3) && !strstr(err, "ptp4l") && !out[0],
	       "%s: the kernel is asked", what);
	if (rc != 2 && rc != 3)
		printf("# status %d, stderr \"%s\"\n", rc, err);
}

/* ptp4l with one port on @iface: P2P, @delay ns x 2^16, @ts */
static struct fake_ptp4l fake_lo(const char *iface, uint8_t mechanism,
				 int64_t delay, uint8_t ts)
{
	struct fake_ptp4l f = {
		.how = FAKE_ANSWER, .number_ports = 1, .nports = 1,
		.ports = {
			{
				.id = { 0x02, 0x00, 0x00, 0xff, 0xfe, 0x0a,
					0x0b, 0x0c, 0x00, 0x01 },
				.iface = iface, .state = 9, .timestamping = ts,
				.mechanism = mechanism, .delay = delay,
			},
		},
		.idle_ms = 10000,
	};

	return f;
}

/*
 * measure ... method ptp4l against a stand-in: what ptp4l says of lo is
 * one line and status 2, before the kernel is asked; a peer delay goes
 * to the kernel; auto goes on as before where there is none.
 */
static void test_ptp4l(void)
{
	char dir[] = "/tmp/test_cli.XXXXXX", path[64], none[64], line[256];
	struct fake_ptp4l f;
	pid_t pid;

	if (!mkdtemp(dir)) {
		TAP_OK(false, "ptp4l: a directory for its socket");
		return;
	}
	snprintf(path, sizeof(path), "%s/ptp4l", dir);
	snprintf(none, sizeof(none), "%s/none", dir);

	snprintf(line, sizeof(line),
		 "no answer from ptp4l at %s: is it running? (its uds_address)",
		 none);
	expect(2, line, ARGV("measure", "dev", "lo", "method", "ptp4l",
			     "ptp4l-socket", none));
	expect_kernel("measure dev lo ptp4l-socket NONE (auto)",
		      ARGV("measure", "dev", "lo", "ptp4l-socket", none,
			   "count", "1"));

	f = fake_lo("lo", PMC_DELAY_P2P, 40 << 16, 1);
	f.domain = 24;
	f.sdo = 1;
	pid = fake_start(path, &f);
	expect_kernel("measure dev lo method ptp4l, 40 ns",
		      ARGV("measure", "dev", "lo", "method", "ptp4l",
			   "ptp-domain", "24", "ptp-sdo", "1",
			   "ptp4l-socket", path));
	TAP_OK(fake_end(pid, path) == 0,
	       "ptp4l: its GETs in domain 24, transportSpecific 1");

	f = fake_lo("lo", PMC_DELAY_E2E, 0, 1);
	pid = fake_start(path, &f);
	expect(2, "ptp4l runs lo with the E2E mechanism: it measures no peer delay",
	       ARGV("measure", "dev", "lo", "method", "ptp4l",
		    "ptp4l-socket", path));
	fake_end(pid, path);

	f = fake_lo("lo", PMC_DELAY_P2P, 0, 1);
	pid = fake_start(path, &f);
	expect(2, "ptp4l has no peer delay on lo yet",
	       ARGV("measure", "dev", "lo", "method", "ptp4l",
		    "ptp4l-socket", path));
	fake_end(pid, path);

	f = fake_lo("lo", PMC_DELAY_P2P, 40 << 16, PMC_TS_SOFTWARE);
	pid = fake_start(path, &f);
	expect(2, "ptp4l takes software timestamps on lo, and ts-mode hardware counts no other",
	       ARGV("measure", "dev", "lo", "method", "ptp4l", "ts-mode",
		    "hardware", "ptp4l-socket", path));
	fake_end(pid, path);

	f = fake_lo("eth0", PMC_DELAY_P2P, 40 << 16, 1);
	pid = fake_start(path, &f);
	snprintf(line, sizeof(line), "ptp4l at %s has no port on lo", path);
	expect(2, line, ARGV("measure", "dev", "lo", "method", "ptp4l",
			     "ptp4l-socket", path));
	fake_end(pid, path);

	/* auto: ptp4l measures no peer delay on lo, nothing said of it */
	f = fake_lo("lo", PMC_DELAY_E2E, 0, 1);
	pid = fake_start(path, &f);
	expect_kernel("measure dev lo (auto), ptp4l E2E on lo",
		      ARGV("measure", "dev", "lo", "ptp4l-socket", path,
			   "count", "1"));
	fake_end(pid, path);

	f = fake_lo("lo", PMC_DELAY_P2P, 40 << 16, 1);
	f.how = FAKE_SILENT;
	f.idle_ms = 10000;
	pid = fake_start(path, &f);
	expect_kernel("measure dev lo (auto), ptp4l silent",
		      ARGV("measure", "dev", "lo", "ptp4l-socket", path,
			   "count", "1"));
	snprintf(line, sizeof(line),
		 "no answer from ptp4l at %s: is it running? (its uds_address) Are its domainNumber 0 and its transportSpecific 0? (ptp-domain and ptp-sdo)",
		 path);
	expect(2, line, ARGV("measure", "dev", "lo", "method", "ptp4l",
			     "ptp4l-socket", path));
	fake_end(pid, path);
	rmdir(dir);
}

/*
 * metrics: the directory's errors before the kernel is asked, in one
 * line; with a directory to write in, the kernel asked (no module here)
 * and the old file left as it was, no temporary file beside it.
 */
static void test_metrics(void)
{
	char dir[] = "/tmp/test_cli.XXXXXX", path[64], cmd[96], buf[16] = "";
	FILE *f;
	int rc;

	expect(1, "metrics textfile: cannot open directory \"/nonexistent/dir\": No such file or directory",
	       ARGV("metrics", "textfile", "/nonexistent/dir"));
	expect(1, "metrics textfile: cannot open directory \"/dev/null\": Not a directory",
	       ARGV("metrics", "textfile", "/dev/null"));
	expect(1, "metrics textfile: expected a directory",
	       ARGV("metrics", "textfile"));
	expect(1, "metrics: unknown argument \"dev\"; expected \"textfile DIR\" or \"help\"",
	       ARGV("metrics", "dev", "lo"));
	expect(1, "metrics: unknown argument \"x\"",
	       ARGV("metrics", "textfile", "/tmp", "x"));
	expect_out(ARGV("Usage: dcb-hdrm metrics [ textfile DIR ]",
			"dcb-hdrm metrics help", "DIR/dcb_hdrm.prom"),
		   ARGV("metrics", "help"));
	if (!mkdtemp(dir))
		exit(2);
	snprintf(path, sizeof(path), "%s/dcb_hdrm.prom", dir);
	f = fopen(path, "w");
	if (!f || fputs("old 1\n", f) < 0 || fclose(f))
		exit(2);
	rc = run(ARGV("metrics", "textfile", dir));
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	snprintf(cmd, sizeof(cmd), "test $(ls -A %s | wc -l) = 1", dir);
	TAP_OK((rc == 2 || rc == 3) && !strcmp(buf, "old 1\n") && !system(cmd) &&
	       !out[0], "metrics textfile DIR without the module: status %d, the old file left alone",
	       rc);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		printf("# %s left behind\n", dir);
}

int main(void)
{
	static const char name[] = "/../dcb-hdrm";
	ssize_t n = readlink("/proc/self/exe", tool,
			    sizeof(tool) - sizeof(name));
	char *slash;

	if (n <= 0 || (size_t)n >= sizeof(tool) - sizeof(name))
		return 2;
	tool[n] = '\0';
	slash = strrchr(tool, '/');
	if (!slash)
		return 2;
	memcpy(slash, name, sizeof(name));
	if (access(tool, X_OK)) {
		printf("Bail out! %s is not built\n", tool);
		return 1;
	}

	expect(1, "invalid ts-mode \"fast\"; expected auto, hardware, software or hook",
	       ARGV("dev", "set", "dev", "lo", "ts-mode", "fast"));
	expect(1, "invalid ts-mode \"Auto\"; expected auto, hardware, software or hook",
	       ARGV("measure", "dev", "lo", "ts-mode", "Auto"));
	expect(1, "measure: \"ts-mode\" needs a value",
	       ARGV("measure", "dev", "lo", "ts-mode"));
	expect(1, "measure: unknown argument \"frobs\"; expected dev, count, interval, mode, estimator, timeout, ts-mode, apply, push, simulate, samples, histogram, response or repeats, or method, ptp-domain, ptp-sdo or ptp4l-socket",
	       ARGV("measure", "dev", "lo", "frobs", "1"));
	/* the pause response: its words and what goes with them */
	expect(1, "invalid response prio \"8\"; expected an integer 0..7",
	       ARGV("measure", "dev", "lo", "response", "prio", "8"));
	expect(1, "measure: expected \"response [ passive ] prio P\" with P 0..7",
	       ARGV("measure", "dev", "lo", "response", "3"));
	expect(1, "measure: expected \"response [ passive ] prio P\" with P 0..7",
	       ARGV("measure", "dev", "lo", "response", "prio"));
	expect(1, "measure: expected \"response [ passive ] prio P\" with P 0..7",
	       ARGV("measure", "dev", "lo", "response", "passive"));
	expect(1, "measure: expected \"response [ passive ] prio P\" with P 0..7",
	       ARGV("measure", "dev", "lo", "response", "passive", "3"));
	expect(1, "invalid response prio \"9\"; expected an integer 0..7",
	       ARGV("measure", "dev", "lo", "response", "passive", "prio", "9"));
	expect(1, "measure: \"response\" needs a value",
	       ARGV("measure", "dev", "lo", "response"));
	expect(1, "invalid repeats \"17\"; expected an integer 1..16",
	       ARGV("measure", "dev", "lo", "response", "prio", "3", "repeats", "17"));
	expect(1, "invalid repeats \"0\"; expected an integer 1..16",
	       ARGV("measure", "dev", "lo", "response", "prio", "3", "repeats", "0"));
	expect(1, "measure: repeats is for a response measurement: response prio P repeats N",
	       ARGV("measure", "dev", "lo", "repeats", "3"));
	expect(1, "measure: a pause response is measured with the peer's dcb_hdrm streaming: method hdrm or auto, not pdelay",
	       ARGV("measure", "dev", "lo", "response", "prio", "3", "method", "pdelay"));
	expect(1, "measure: a pause response is measured with the peer's dcb_hdrm streaming: method hdrm or auto, not ptp4l; response passive measures a peer without it",
	       ARGV("measure", "dev", "lo", "method", "ptp4l", "response", "prio", "3"));
	expect_kernel("measure dev lo response prio 3 repeats 2",
		      ARGV("measure", "dev", "lo", "response", "prio", "3",
			   "repeats", "2"));
	/* passive: against a peer without dcb_hdrm, peer delay included */
	expect_kernel("measure dev lo method pdelay response passive prio 3",
		      ARGV("measure", "dev", "lo", "method", "pdelay",
			   "response", "passive", "prio", "3", "repeats", "2"));
	/* the exchange: its words, and what peer delay cannot do */
	expect(1, "invalid method \"ptp\"; expected auto, hdrm, pdelay or ptp4l",
	       ARGV("measure", "dev", "lo", "method", "ptp"));
	expect(1, "measure: \"method\" needs a value",
	       ARGV("measure", "dev", "lo", "method"));
	expect(1, "invalid ptp-domain \"256\"; expected an integer 0..255",
	       ARGV("measure", "dev", "lo", "ptp-domain", "256"));
	expect(1, "invalid ptp-sdo \"16\"; expected an integer 0..15",
	       ARGV("measure", "dev", "lo", "ptp-sdo", "16"));
	expect(1, "invalid ptp-sdo \"-1\"",
	       ARGV("measure", "dev", "lo", "ptp-sdo", "-1"));
	expect(1, "measure: a pdelay peer takes no push: a switch port or ptp4l answers peer delay but runs no dcb_hdrm",
	       ARGV("measure", "dev", "lo", "method", "pdelay", "push"));
	expect(1, "measure: a pdelay peer takes no push: ",
	       ARGV("measure", "push", "dev", "lo", "met", "pdelay"));
	expect(1, "measure: method pdelay takes four timestamps: not with mode 2ts",
	       ARGV("measure", "dev", "lo", "mode", "2ts", "method", "pdelay"));
	expect(1, "measure: ptp-domain and ptp-sdo are for method pdelay, ptp4l or auto, not hdrm",
	       ARGV("measure", "dev", "lo", "method", "hdrm", "ptp-sdo", "1"));
	/* ptp4l's peer delay: its peer takes no push either */
	expect(1, "measure: a ptp4l peer takes no push: a switch port or ptp4l answers peer delay but runs no dcb_hdrm",
	       ARGV("measure", "dev", "lo", "method", "ptp4l", "push"));
	expect(1, "measure: method ptp4l takes four timestamps: not with mode 2ts",
	       ARGV("measure", "dev", "lo", "method", "ptp4l", "mode", "2ts"));
	expect(1, "measure: ptp4l-socket is for method ptp4l, pdelay or auto, not hdrm",
	       ARGV("measure", "dev", "lo", "ptp4l-socket", "/run/x", "method", "hdrm"));
	expect(1, "invalid ptp4l-socket \"\"; expected a path of 1..107 bytes",
	       ARGV("measure", "dev", "lo", "method", "ptp4l", "ptp4l-socket", ""));
	expect(1, "invalid ptp4l-socket \"/run/0123456789",
	       ARGV("measure", "dev", "lo", "ptp4l-s",
		    "/run/01234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"));
	expect(1, "measure: \"ptp4l-socket\" needs a value",
	       ARGV("measure", "dev", "lo", "ptp4l-socket"));
	test_ptp4l();
	{
		const char *const *const ok[] = {
			ARGV("measure", "dev", "lo", "method", "pdelay", "ptp-domain", "24",
			     "ptp-sdo", "1", "count", "1"),
			ARGV("measure", "dev", "lo", "method", "auto", "ptp-domain", "0", "push",
			     "count", "1"),
			ARGV("measure", "dev", "lo", "method", "hdrm", "mode", "2ts", "push",
			     "count", "1"),
		};
		unsigned int i;
		int rc;

		for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
			rc = run(ok[i]);
			TAP_OK((rc == 2 || rc == 3) && !strstr(err, "invalid") &&
			       !strstr(err, "measure:") && !out[0],
			       "measure ... method %s ...: the words are taken, the kernel is asked",
			       ok[i][4]);
			if (rc != 2 && rc != 3)
				printf("# status %d, stderr \"%s\"\n", rc, err);
		}
	}
	expect(1, "dev set: invalid hwtstamp \"off\"; expected on (dcb-hdrm only widens",
	       ARGV("dev", "set", "dev", "lo", "hwtstamp", "off"));
	expect(1, "dev set: \"hwtstamp\" needs a value",
	       ARGV("dev", "set", "dev", "lo", "hwtstamp"));
	expect(1, "dev set: expected \"dev DEV\"",
	       ARGV("dev", "set", "hwtstamp", "on"));
	expect(1, "device \"nosuchdev0\" does not exist",
	       ARGV("dev", "set", "dev", "nosuchdev0", "hwtstamp", "on"));
	expect(1, "dev set: unknown argument \"tsmode\"; expected dev, reflect, reflect-rate, encap, speed, k, cell, small-packet-percent, prio, prio-mask, precision, max-frame, apply, delay-unit, remeasure, remeasure-period, auto-hdrm, accept-push, accept-stream, ts-mode, model, method, ptp-domain, ptp-sdo or hwtstamp",
	       ARGV("dev", "set", "dev", "lo", "tsmode", "auto"));
	expect(1, "invalid model \"mlx4\"; expected auto, generic, mlx5, mlxsw or none",
	       ARGV("dev", "set", "dev", "lo", "model", "mlx4"));
	expect(1, "dev set: \"model\" needs a value",
	       ARGV("dev", "set", "dev", "lo", "model"));
	/* a device's method: ptp4l's peer delay is read per measurement */
	expect(1, "invalid method \"ptp4l\"; expected auto, hdrm or pdelay",
	       ARGV("dev", "set", "dev", "lo", "method", "ptp4l"));
	expect(1, "invalid ptp-domain \"256\"",
	       ARGV("dev", "set", "dev", "lo", "ptp-domain", "256"));
	expect(1, "invalid ptp-sdo \"16\"",
	       ARGV("dev", "set", "dev", "lo", "ptp-sdo", "16"));
	/*
	 * simulate: 25G, 496 ns, all 1522-byte frames: the module's
	 * arithmetic gives 1550 + 1522 + 1522 + 64 + 5120 = 9778 B; the
	 * simulator's peak is 9694 B, and 9693 B of headroom loses the last
	 * frame. cable-m 49.6 is the same round trip.
	 */
	expect_out(ARGV("\"headroom_bytes\":9778", "\"peak_bytes\":9694",
			"\"dropped_bytes\":0", "\"k_quanta\":80", "\"k_ns\":1639"),
		   ARGV("-j", "simulate", "speed", "25000", "rtt-ns", "496", "pattern", "max"));
	expect_out(ARGV("\"rtt_ns\":496", "\"headroom_bytes\":9778"),
		   ARGV("-j", "simulate", "speed", "25000", "cable-m", "49.6", "pattern", "max"));
	expect_out(ARGV("\"dropped_bytes\":1522", "\"dropped_frames\":1"),
		   ARGV("-j", "simulate", "speed", "25000", "rtt-ns", "496", "pattern", "max",
			"headroom", "9693"));
	/* simulate's sizes take dcb buffer's suffixes: 0.25K cells, 9K frames, 64K headroom */
	expect_out(ARGV("\"cell_bytes\":256", "\"max_frame_bytes\":9216",
			"\"against_bytes\":65536"),
		   ARGV("-j", "simulate", "speed", "25000", "rtt-ns", "496", "pattern", "max",
			"cell", "0.25K", "max-frame", "9K", "mtu", "9000", "headroom", "64K"));
	/* 256-byte cells, every frame small: 8256 x 4 / 256 + 6 cells; 64-byte frames peak */
	expect_out(ARGV("\"occupancy\":4.000", "\"headroom_cells\":135", "\"peak_cells\":104",
			"\"dropped_bytes\":0"),
		   ARGV("-j", "simulate", "speed", "25000", "rtt-ns", "496", "cell", "256"));
	expect_out(ARGV("pattern worst (1522-byte frames): peak 9694 B in 9694 cells, recommended / peak 1.008, 0 B dropped"),
		   ARGV("simulate", "speed", "25000", "rtt-ns", "496"));
	expect_out(ARGV("\"patterns\":[{\"pattern\":\"max\"", "{\"pattern\":\"mix\""),
		   ARGV("-j", "simulate", "speed", "25000", "rtt-ns", "496", "pattern", "all"));
	expect(1, "simulate: needs speed MBPS and one of rtt-ns NS and cable-m METRES",
	       ARGV("simulate", "speed", "25000"));
	expect(1, "invalid cable-m \"1.234\"",
	       ARGV("simulate", "speed", "25000", "cable-m", "1.234"));
	/*
	 * nothing past what the result holds: its equivalent cable is u32
	 * centimetres (42949672.95 m printed for any longer one), a
	 * headroom u32 bytes as DCB's buffers
	 */
	expect(1, "invalid cable-m \"400000000\"; expected metres 0..42949672.80, with up to two decimals",
	       ARGV("simulate", "speed", "1", "cable-m", "400000000"));
	expect(1, "invalid cable-m \"42949672.81\"",
	       ARGV("simulate", "speed", "1", "cable-m", "42949672.81"));
	expect_out(ARGV("\"rtt_ns\":429496728,\"equivalent_cable_m\":42949672.80,"),
		   ARGV("-j", "simulate", "speed", "1", "cable-m", "42949672.80"));
	expect(1, "invalid rtt-ns \"429496729\"; expected an integer 0..429496728",
	       ARGV("simulate", "speed", "1", "rtt-ns", "429496729"));
	expect(1, "invalid link-rtt-ns \"4000000000\"; expected an integer 0..429496728",
	       ARGV("simulate", "speed", "1", "rtt-ns", "10", "link-rtt-ns", "4000000000"));
	expect(1, "invalid link-cable-m \"50000000\"; expected metres 0..42949672.80",
	       ARGV("simulate", "speed", "1", "rtt-ns", "10", "link-cable-m", "50000000"));
	expect(1, "invalid headroom \"4G\"; expected an integer 0..4294967295",
	       ARGV("simulate", "speed", "1", "rtt-ns", "10", "headroom", "4G"));
	expect_out(ARGV("\"against_bytes\":4294967295,"),
		   ARGV("-j", "simulate", "speed", "1", "rtt-ns", "10", "headroom", "4294967295"));
	expect(1, "invalid speed \" 10\"; expected an integer 1..1600000",
	       ARGV("simulate", "speed", " 10", "rtt-ns", "10"));
	expect(1, "simulate: give one of rtt-ns and cable-m, once",
	       ARGV("simulate", "speed", "25000", "cable-m", "1", "rtt-ns", "10"));
	expect(1, "simulate: link-frame 1522 is below max-frame 9022",
	       ARGV("simulate", "speed", "25000", "rtt-ns", "10", "max-frame", "9022",
		    "link-frame", "1522"));
	expect(1, "simulate: pattern 2000 is above max-frame 1522",
	       ARGV("simulate", "speed", "25000", "rtt-ns", "10", "pattern", "2000"));
	expect(1, "invalid pattern \"size\"; give the frame's size in bytes",
	       ARGV("simulate", "speed", "25000", "rtt-ns", "10", "pattern", "size"));
	expect(1, "invalid small-packet-percent \"101\"; expected an integer 0..100",
	       ARGV("simulate", "speed", "25000", "rtt-ns", "10", "small-packet-percent", "101"));
	expect(1, "simulate: unknown argument \"cable\"",
	       ARGV("simulate", "speed", "25000", "cable", "10"));
	expect(1, "invalid small-packet-percent \"-1\"",
	       ARGV("dev", "set", "dev", "lo", "small-packet-percent", "-1"));
	/*
	 * a keyword given twice is one line naming it, in every command,
	 * before anything is done (the kernel would have said 2 or 3)
	 */
	expect(1, "simulate: \"speed\" is given twice",
	       ARGV("simulate", "speed", "25000", "rtt-ns", "496", "speed", "10000"));
	expect(1, "simulate: \"headroom\" is given twice",
	       ARGV("simulate", "speed", "25000", "rtt-ns", "496", "headroom", "1K",
		    "headroom", "2K"));
	expect(1, "measure: \"count\" is given twice",
	       ARGV("measure", "dev", "lo", "count", "5", "c", "6"));
	expect(1, "measure: \"push\" is given twice",
	       ARGV("measure", "dev", "lo", "push", "push"));
	expect(1, "measure: \"apply\" is given twice",
	       ARGV("measure", "dev", "lo", "apply", "auto", "apply"));
	expect(1, "measure: \"histogram\" is given twice",
	       ARGV("measure", "dev", "lo", "histogram", "histogram"));
	expect(1, "measure: \"ptp-sdo\" is given twice",
	       ARGV("measure", "dev", "lo", "ptp-sdo", "1", "ptp-sdo", "1"));
	expect(1, "measure: \"dev\" is given twice",
	       ARGV("measure", "dev", "lo", "dev", "lo"));
	expect(1, "dev set: \"k\" is given twice",
	       ARGV("dev", "set", "dev", "lo", "k", "64K", "cell", "256", "k", "32K"));
	expect(1, "dev set: \"max-frame\" is given twice",
	       ARGV("dev", "set", "dev", "lo", "max-frame", "3:9000", "max-frame", "4:1500"));
	expect(1, "dev set: give one of prio and prio-mask, once",
	       ARGV("dev", "set", "dev", "lo", "prio", "3:on", "prio-mask", "0x18"));
	expect(1, "dev set: \"dev\" is given twice",
	       ARGV("dev", "set", "dev", "lo", "reflect", "on", "dev", "lo"));
	expect(1, "dev show: \"dev\" is given twice",
	       ARGV("dev", "show", "dev", "lo", "dev", "lo"));
	expect(1, "show: \"simulate\" is given twice",
	       ARGV("show", "dev", "lo", "simulate", "simulate"));
	expect(1, "monitor: \"count\" is given twice",
	       ARGV("monitor", "count", "1", "count", "2"));
	expect(1, "lldp: \"ttl\" is given twice",
	       ARGV("lldp", "send", "dev", "lo", "ttl", "10", "ttl", "20"));
	expect(1, "lldp: \"timeout\" is given twice",
	       ARGV("lldp", "listen", "dev", "lo", "timeout", "1", "timeout", "2"));
	expect(1, "watchdog show: \"dev\" is given twice",
	       ARGV("watchdog", "show", "dev", "lo", "dev", "lo"));
	expect(1, "measure: \"count\" needs a value", ARGV("measure", "dev", "lo", "count"));
	expect(1, "monitor: \"count\" needs a value", ARGV("monitor", "count"));
	expect(1, "lldp: \"ttl\" needs a value", ARGV("lldp", "send", "dev", "lo", "ttl"));
	/*
	 * -batch, as iproute2 reads its batch files: '#' words start
	 * comments, quotes, '\' continuations, blank lines; the first
	 * failure ends it, its errors naming its line, unless -force
	 */
	{
		static const char text[] =
			"simulate speed 25000 rtt-ns 496 pattern max # 49.6 m\n"
			"simulate 'speed' \"10000\" cable-m 10 pattern max\n"
			"simulate speed 25000 rtt-ns 496 speed 10000\n"
			"simulate speed 40000 \\\n"
			"  rtt-ns 10 # a continuation\n";
		static const char text2[] =
			"# comments, blank lines, a continuation\n"
			"\n"
			"  # indented\n"
			"simulate speed 25000 \\\n"
			"\trtt-ns 496 # the continuation's comment\n"
			"simulate speed 100000 cable-m 1 #\n"
			"simulate speed \"25000 rtt-ns 1\n"
			"simulate speed 50000 rtt-ns 1\n";
		char bf[] = "/tmp/dcb-hdrm-batch-XXXXXX";
		int fd = mkstemp(bf);

		if (fd < 0 || write(fd, text, sizeof(text) - 1) != sizeof(text) - 1)
			exit(2);
		close(fd);
		expect(1, "-batch takes its commands from", ARGV("-j", "-batch", bf, "dev", "show"));
		TAP_OK(run(ARGV("-j", "-batch", bf)) == 1 &&
		       strstr(out, "\"headroom_bytes\":9778") &&
		       strstr(out, "\"speed_mbps\":10000,\"rtt_ns\":100,") &&
		       !strstr(out, "\"speed_mbps\":40000") &&
		       strstr(err, ":3: simulate: \"speed\" is given twice\n") &&
		       !strchr(err, '\n')[1],
		       "dcb-hdrm -batch: comments, quotes; lines 1 and 2 run, line 3 ends it in one line naming it");
		if (!strstr(err, ":3: simulate"))
			printf("# stdout \"%s\", stderr \"%s\"\n", out, err);
		run(ARGV("-j", "-force", "-batch", bf));
		TAP_OK(strstr(out, "\"speed_mbps\":40000,\"rtt_ns\":10,") &&
		       strstr(err, ":3: simulate: \"speed\" is given twice"),
		       "dcb-hdrm -force -batch: every line runs, a continued one too");

		fd = open(bf, O_WRONLY | O_TRUNC);
		if (fd < 0 || write(fd, text2, sizeof(text2) - 1) != sizeof(text2) - 1)
			exit(2);
		close(fd);
		TAP_OK(run(ARGV("-j", "-batch", bf)) == 1 &&
		       strstr(out, "\"speed_mbps\":25000,\"rtt_ns\":496,") &&
		       strstr(out, "\"speed_mbps\":100000,\"rtt_ns\":10,") &&
		       !strstr(out, "\"speed_mbps\":50000") &&
		       strstr(err, ":7: a \" quote is not closed on its line\n"),
		       "dcb-hdrm -batch: blank and comment lines, a continuation; an open quote ends it at its line");
		if (!strstr(err, ":7: a"))
			printf("# stdout \"%s\", stderr \"%s\"\n", out, err);
		unlink(bf);
	}
	/*
	 * -batch-dev NAME: only the lines whose "dev" keyword names NAME run
	 * (a late device's lines, udev's instance unit); the others are
	 * skipped without a word, and a line that cannot be read is still
	 * an error. The lines are bad on purpose: each one run says so at
	 * its line number, with no module needed.
	 */
	{
		static const char text[] =
			"simulate speed 25000 rtt-ns 496\n"
			"dev set dev eth9 frobnicate 1\n"
			"dev set dev lo frobnicate 2 # lo's\n"
			"measure count 5 dev eth9 frobnicate\n"
			"watchdog set dev lo poll-ms 300 detect-ms 200\n"
			"dev show dev lo0\n"
			"dev set dev lox frobnicate 3\n"
			"lldp send dev \\\n"
			"  lo ttl 0\n"
			"simulate speed \"25000 rtt-ns 1\n";
		static const char others[] =
			"simulate speed 25000 rtt-ns 496\n"
			"dev set dev eth9 frobnicate 1\n"
			"dev show\n";
		char bf[] = "/tmp/dcb-hdrm-batch-XXXXXX";
		int fd = mkstemp(bf), rc;

		if (fd < 0 || write(fd, text, sizeof(text) - 1) != sizeof(text) - 1)
			exit(2);
		close(fd);
		rc = run(ARGV("-j", "-force", "-batch", bf, "-batch-dev", "lo"));
		TAP_OK(rc == 1 && !out[0] &&
		       strstr(err, ":3: dev set: ") && strstr(err, ":5: watchdog set: poll-ms 300") &&
		       strstr(err, ":8: invalid ttl") && strstr(err, ":10: a \" quote is not closed") &&
		       !strstr(err, ":2:") && !strstr(err, ":4:") && !strstr(err, ":6:") &&
		       !strstr(err, ":7:"),
		       "dcb-hdrm -force -batch FILE -batch-dev lo: lo's lines 3, 5, 8 run, a bad line 10 is an error, no other line runs");
		if (rc != 1 || out[0] || !strstr(err, ":8: invalid ttl"))
			printf("# status %d, stdout \"%s\", stderr \"%s\"\n", rc, out, err);
		rc = run(ARGV("-force", "-batch", bf, "--batch-dev=eth9"));
		TAP_OK(rc == 1 && !out[0] && strstr(err, ":2: dev set: ") &&
		       strstr(err, ":4: measure: ") && !strstr(err, ":3:") &&
		       !strstr(err, ":5:") && !strstr(err, ":8:"),
		       "dcb-hdrm -force -batch FILE --batch-dev=eth9: eth9's lines 2 and 4 run, lo's do not");
		if (rc != 1 || out[0] || !strstr(err, ":4: measure"))
			printf("# status %d, stdout \"%s\", stderr \"%s\"\n", rc, out, err);
		rc = run(ARGV("-batch", bf, "-batch-dev", "lo"));
		TAP_OK(rc == 1 && strstr(err, ":3: dev set: ") && !strstr(err, ":5:"),
		       "dcb-hdrm -batch FILE -batch-dev lo: without -force lo's first failing line ends it");

		fd = open(bf, O_WRONLY | O_TRUNC);
		if (fd < 0 || write(fd, others, sizeof(others) - 1) != sizeof(others) - 1)
			exit(2);
		close(fd);
		rc = run(ARGV("-j", "-force", "-batch", bf));
		TAP_OK(rc != 0 && strstr(out, "\"speed_mbps\":25000") && strstr(err, ":2: dev set: "),
		       "dcb-hdrm -j -force -batch FILE: every line runs without -batch-dev");
		rc = run(ARGV("-j", "-force", "-batch", bf, "-batch-dev", "lo"));
		TAP_OK(rc == 0 && !out[0] && !err[0],
		       "dcb-hdrm -j -force -batch FILE -batch-dev lo: no line names lo, none runs, status 0");
		if (rc || out[0] || err[0])
			printf("# status %d, stdout \"%s\", stderr \"%s\"\n", rc, out, err);

		expect(1, "-batch-dev \"lo\" needs -batch FILE", ARGV("-batch-dev", "lo", "dev", "show"));
		expect(1, "option \"-batch-dev\" needs a device name", ARGV("-batch", bf, "-batch-dev"));
		expect(1, "invalid device name \"a/b\" for -batch-dev; expected 1..15 characters",
		       ARGV("-batch", bf, "-batch-dev", "a/b"));
		expect(1, "invalid device name \"0123456789abcdef\" for -batch-dev",
		       ARGV("-batch", bf, "-batch-dev", "0123456789abcdef"));
		expect(1, "invalid device name \"\" for -batch-dev", ARGV("-batch", bf, "-batch-dev", ""));
		expect(1, "invalid device name \"..\" for -batch-dev", ARGV("-batch", bf, "-batch-dev", ".."));
		unlink(bf);
	}
	/* PRIO:VALUE maps and all:, as dcb's; a bad word is one line, status 1 */
	expect(1, "dev set: invalid prio \"9:on\"; expected PRIO:on or PRIO:off, PRIO 0..7 or all",
	       ARGV("dev", "set", "dev", "lo", "prio", "3:on", "9:on"));
	expect(1, "dev set: invalid prio \"3:yes\"",
	       ARGV("dev", "set", "dev", "lo", "prio", "all:off", "3:yes"));
	expect(1, "dev set: invalid prio \"3\"; expected PRIO:on or PRIO:off words (PRIO 0..7 or all), or auto",
	       ARGV("dev", "set", "dev", "lo", "prio", "3"));
	expect(1, "dev set: invalid prio-mask \"al:on\"",
	       ARGV("dev", "set", "dev", "lo", "prio-mask", "al:on"));
	expect(1, "invalid prio-mask \"0\"; expected an integer 1..255",
	       ARGV("dev", "set", "dev", "lo", "prio-mask", "0"));
	expect(1, "dev set: invalid prio \"3:on\" after auto",
	       ARGV("dev", "set", "dev", "lo", "prio", "auto", "3:on"));
	expect(1, "dev set: prio leaves no priority on",
	       ARGV("dev", "set", "dev", "lo", "prio", "3:on", "all:off"));
	expect(1, "dev set: prio leaves no priority on",
	       ARGV("dev", "set", "dev", "lo", "prio-mask", "0x08", "3:off"));
	expect(1, "dev set: invalid max-frame \"all\"; expected PRIO:BYTES or PRIO:auto, PRIO 0..7 or all, BYTES an integer 64..65535",
	       ARGV("dev", "set", "dev", "lo", "max-frame", "all"));
	expect(1, "dev set: invalid max-frame \"8:1500\"",
	       ARGV("dev", "set", "dev", "lo", "max-frame", "all:9000", "8:1500"));
	expect(1, "dev set: invalid max-frame \"3:64K\"",
	       ARGV("dev", "set", "dev", "lo", "max-frame", "3:64K"));
	expect(1, "dev set: invalid max-frame \"3:1.5\"",
	       ARGV("dev", "set", "dev", "lo", "max-frame", "3:1.5"));
	/* sizes with iproute2's suffixes */
	expect(1, "invalid k \"12Q\"; expected an integer 1..16777216 (bytes, or with a suffix B, K, KB, M, MB, G, GB, kbit, mbit or gbit)",
	       ARGV("dev", "set", "dev", "lo", "k", "12Q"));
	expect(1, "invalid k \"17M\"", ARGV("dev", "set", "dev", "lo", "k", "17M"));
	expect(1, "invalid cell \"1KiB\"", ARGV("dev", "set", "dev", "lo", "cell", "1KiB"));
	expect(1, "invalid cell \"64.5K\"", ARGV("dev", "set", "dev", "lo", "cell", "64.5K"));
	/* the words pass: what follows is the kernel's (2, or 3 without the module) */
	{
		const char *const *const ok[] = {
			ARGV("dev", "set", "dev", "lo", "prio", "all:off", "3:on", "4:on"),
			ARGV("dev", "set", "dev", "lo", "prio", "3:on"),
			ARGV("dev", "set", "dev", "lo", "prio-mask", "0x18"),
			ARGV("dev", "set", "dev", "lo", "prio-mask", "3:on", "4:on"),
			ARGV("dev", "set", "dev", "lo", "max-frame", "all:9000", "3:1500", "4:auto"),
			ARGV("dev", "set", "dev", "lo", "max-frame", "all:9K"),
			ARGV("dev", "set", "dev", "lo", "k", "64K", "cell", "0.25k"),
			ARGV("dev", "set", "dev", "lo", "k", "1M", "cell", "2kbit"),
		};
		unsigned int i;
		int rc;

		for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
			rc = run(ok[i]);
			TAP_OK((rc == 2 || rc == 3) && !strstr(err, "invalid"),
			       "dev set ... %s %s: the words are taken", ok[i][4], ok[i][5]);
			if (rc != 2 && rc != 3)
				printf("# status %d, stderr \"%s\"\n", rc, err);
		}
	}
	/* help: every object's usage on stdout, status 0 */
	expect_out(ARGV("Usage: dcb-hdrm [ -s ] dev show", "dcb-hdrm dev set dev DEV",
			"[ prio { PRIO-MAP | auto } ] [ prio-mask { MASK | auto } ]",
			"PRIO-MAP := [ PRIO-MAP ] { PRIO | all }:{ on | off }",
			"FRAME-MAP := [ FRAME-MAP ] { PRIO | all }:{ SIZE | auto }"),
		   ARGV("dev", "help"));
	expect_out(ARGV("dcb-hdrm dev set dev DEV"), ARGV("dev", "set", "help"));
	expect_out(ARGV("Usage: dcb-hdrm measure dev DEV",
			"[ method auto | hdrm | pdelay | ptp4l ] [ ptp-domain N ] [ ptp-sdo N ]",
			"[ ptp4l-socket PATH ]"),
		   ARGV("measure", "help"));
	expect_out(ARGV("Usage: dcb-hdrm show dev DEV", "dcb-hdrm show help"), ARGV("show", "help"));
	expect_out(ARGV("Usage: dcb-hdrm simulate speed MBPS"), ARGV("simulate", "help"));
	expect_out(ARGV("Usage: dcb-hdrm monitor", "dcb-hdrm monitor help"), ARGV("monitor", "help"));
	expect_out(ARGV("Usage: dcb-hdrm lldp send", "dcb-hdrm lldp help"), ARGV("lldp", "help"));
	expect_out(ARGV("Usage: dcb-hdrm lldp send"), ARGV("lldp", "send", "dev", "lo", "help"));
	expect_out(ARGV("Usage: dcb-hdrm lldp send"), ARGV("lldp", "listen", "help"));
	expect_out(ARGV("Usage: dcb-hdrm [ OPTIONS ] OBJECT"), ARGV("help"));
	expect_out(ARGV("dcb-hdrm "), ARGV("--version"));
	/*
	 * options as dcb's getopt_long() reads them, letters together, and
	 * as ip reads them, names after one dash
	 */
	{
		static const char pretty[] = "{\n    \"speed_mbps\": 25000,\n";
		const char *const *const ok[] = {
			ARGV("-jp", "simulate", "speed", "25000", "rtt-ns", "496"),
			ARGV("-pj", "simulate", "speed", "25000", "rtt-ns", "496"),
			ARGV("-jps", "simulate", "speed", "25000", "rtt-ns", "496"),
			ARGV("-sjp", "simulate", "speed", "25000", "rtt-ns", "496"),
			ARGV("-j", "-p", "simulate", "speed", "25000", "rtt-ns", "496"),
			ARGV("-json", "-pretty", "simulate", "speed", "25000", "rtt-ns", "496"),
			ARGV("--json", "--pretty", "simulate", "speed", "25000", "rtt-ns", "496"),
			ARGV("--js", "--pre", "--", "simulate", "speed", "25000", "rtt-ns", "496"),
		};
		unsigned int i;

		for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
			expect_out(ARGV(pretty), ok[i]);
	}
	expect_out(ARGV("{\"speed_mbps\":25000,"),
		   ARGV("-js", "simulate", "speed", "25000", "rtt-ns", "496"));
	expect(1, "unknown option \"-jx\"; expected one of -j, -p, -s, -n NAME, -b FILE, -batch-dev NAME, -f, -V, -h, or several letters together (-jp)",
	       ARGV("-jx", "dev", "show"));
	expect(1, "unknown option \"--json=1\"", ARGV("--json=1", "dev", "show"));
	expect(1, "option \"-n\" needs a namespace name", ARGV("-jn"));
	expect(1, "option \"--batch\" needs a file name", ARGV("-j", "--batch"));
	expect(1, "cannot open network namespace \"nope0\"", ARGV("-jnnope0", "dev", "show"));
	expect(1, "cannot open network namespace \"nope0\"", ARGV("--netns=nope0", "dev", "show"));
	expect(1, "cannot open batch file \"/nonexistent/f\"", ARGV("-jfb", "/nonexistent/f"));
	expect(1, "cannot open batch file \"/nonexistent/f\"", ARGV("-fb/nonexistent/f"));
	expect(1, "cannot open batch file \"/nonexistent/f\"", ARGV("-batch", "/nonexistent/f"));
	/* watchdog: its words checked before the module is asked */
	expect(1, "watchdog set: poll-ms 300 is above detect-ms 200",
	       ARGV("watchdog", "set", "dev", "lo", "poll-ms", "300", "detect-ms", "200"));
	expect(1, "invalid detect-ms \"9\"; expected an integer 10..60000",
	       ARGV("watchdog", "set", "dev", "lo", "detect-ms", "9"));
	expect(1, "invalid restore-ms \"600001\"; expected an integer 10..600000",
	       ARGV("watchdog", "set", "dev", "lo", "restore-ms", "600001"));
	expect(1, "invalid poll-ms \"5\"; expected an integer 10..10000",
	       ARGV("watchdog", "set", "dev", "lo", "poll-ms", "5"));
	expect(1, "invalid action \"kill\"; expected alert, drop or forward",
	       ARGV("watchdog", "set", "dev", "lo", "action", "kill"));
	expect(1, "invalid state \"1\"; expected off or on",
	       ARGV("watchdog", "set", "dev", "lo", "state", "1"));
	expect(1, "watchdog set: \"action\" is given twice",
	       ARGV("watchdog", "set", "dev", "lo", "action", "drop", "action", "alert"));
	expect(1, "invalid storm-limit \"1001\"; expected an integer 0..1000",
	       ARGV("watchdog", "set", "dev", "lo", "storm-limit", "1001"));
	expect(1, "invalid storm-period-ms \"99\"; expected an integer 100..86400000",
	       ARGV("watchdog", "set", "dev", "lo", "storm-period-ms", "99"));
	expect(1, "invalid recovery \"never\"; expected auto or manual",
	       ARGV("watchdog", "set", "dev", "lo", "recovery", "never"));
	expect(1, "watchdog recover: expected \"dev DEV\"",
	       ARGV("watchdog", "recover", "prio", "3"));
	expect(1, "watchdog recover: expected \"prio P\", the held priority to recover",
	       ARGV("watchdog", "recover", "dev", "lo"));
	expect(1, "invalid prio \"8\"; expected an integer 0..7",
	       ARGV("watchdog", "recover", "dev", "lo", "prio", "8"));
	expect(1, "watchdog recover: unknown argument \"lo\"; to name a device, write \"dev lo\"",
	       ARGV("watchdog", "recover", "lo", "prio", "3"));
	expect(1, "watchdog set: unknown argument \"detect\"; expected dev, state, action, detect-ms, restore-ms, poll-ms, storm-limit, storm-period-ms or recovery",
	       ARGV("watchdog", "set", "dev", "lo", "detect", "100"));
	expect(1, "watchdog set: \"poll-ms\" needs a value",
	       ARGV("watchdog", "set", "dev", "lo", "poll-ms"));
	expect(1, "watchdog set: nothing to set; see \"dcb-hdrm watchdog help\"",
	       ARGV("watchdog", "set", "dev", "lo"));
	expect(1, "watchdog set: expected \"dev DEV\"",
	       ARGV("watchdog", "set", "state", "on"));
	expect(1, "device \"nosuchdev0\" does not exist",
	       ARGV("watchdog", "set", "dev", "nosuchdev0", "state", "on"));
	expect(1, "watchdog show: unknown argument \"frobs\"; expected \"dev DEV\"",
	       ARGV("watchdog", "show", "dev", "lo", "frobs"));
	/*
	 * a device without its keyword: a device's name, or the last word,
	 * is answered with what to write, in every command that takes one
	 */
	expect(1, "measure: unknown argument \"eth0\"; to name a device, write \"dev eth0\"",
	       ARGV("measure", "eth0"));
	expect(1, "measure: unknown argument \"lo\"; to name a device, write \"dev lo\"",
	       ARGV("measure", "lo", "count", "5"));
	expect(1, "measure: unknown argument \"frobs\"; expected dev, count,",
	       ARGV("measure", "frobs", "1", "dev", "lo"));
	expect(1, "measure: unknown argument \"eth0\"; expected dev, count,",
	       ARGV("measure", "dev", "lo", "eth0"));
	expect(1, "show: unknown argument \"eth0\"; to name a device, write \"dev eth0\"",
	       ARGV("show", "eth0"));
	expect(1, "show: \"dev\" needs a device name", ARGV("show", "dev"));
	expect(1, "dev show: unknown argument \"lo\"; to name a device, write \"dev lo\"",
	       ARGV("dev", "show", "lo"));
	expect(1, "dev set: unknown argument \"lo\"; to name a device, write \"dev lo\"",
	       ARGV("dev", "set", "lo", "reflect", "on"));
	expect(1, "monitor: unknown argument \"eth0\"; to name a device, write \"dev eth0\"",
	       ARGV("monitor", "eth0"));
	expect(1, "lldp send: unknown argument \"eth0\"; to name a device, write \"dev eth0\"",
	       ARGV("lldp", "send", "eth0"));
	expect(1, "lldp listen: unknown argument \"lo\"; to name a device, write \"dev lo\"",
	       ARGV("lldp", "listen", "lo", "timeout", "1"));
	expect(1, "watchdog set: unknown argument \"lo\"; to name a device, write \"dev lo\"",
	       ARGV("watchdog", "set", "lo", "state", "on"));
	expect(1, "watchdog show: unknown argument \"lo\"; to name a device, write \"dev lo\"",
	       ARGV("watchdog", "show", "lo"));
	expect(1, "watchdog: unknown command \"list\"; expected \"show\", \"set\", \"recover\" or \"help\"",
	       ARGV("watchdog", "list"));
	/*
	 * without the module, the hint names the file "make" builds: Kbuild's
	 * obj-m at the top of the tree, not under kmod/
	 */
	if (run(ARGV("dev", "show")) == 3) {
		expect(3, "load it with \"modprobe dcb_hdrm\" (or \"insmod ./dcb_hdrm.ko\" at the top of a tree built with make)",
		       ARGV("dev", "show"));
	} else {
		printf("ok %d - the module is loaded here: no hint to check # SKIP\n",
		       ++tap_n);
	}
	expect(1, "unknown object \"frobnicate\"; expected one of: dev, measure, show, simulate, monitor, lldp, watchdog, metrics, help",
	       ARGV("frobnicate"));
	{
		const char *const *const ok[] = {
			ARGV("watchdog", "set", "dev", "lo", "state", "on"),
			ARGV("watchdog", "set", "action", "drop", "dev", "lo", "detect-ms", "100",
			     "poll-ms", "100", "restore-ms", "600000", "state", "off"),
			ARGV("watchdog", "set", "dev", "lo", "poll-ms", "10000"),
			ARGV("watchdog", "set", "dev", "lo", "storm-limit", "2",
			     "storm-period-ms", "60000", "recovery", "manual"),
			ARGV("watchdog", "set", "dev", "lo", "action", "forward"),
			ARGV("watchdog", "recover", "dev", "lo", "prio", "3"),
			ARGV("watchdog", "show", "dev", "lo"),
			ARGV("-j", "watchdog", "show"),
		};
		unsigned int i;
		int rc;

		for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
			rc = run(ok[i]);
			TAP_OK((rc == 2 || rc == 3) && !strstr(err, "invalid") &&
			       !strstr(err, "watchdog set:") &&
			       !strstr(err, "watchdog recover:") && !out[0],
			       "%s %s %s ...: the words are taken, the kernel is asked",
			       ok[i][0], ok[i][1], ok[i][2]);
			if (rc != 2 && rc != 3)
				printf("# status %d, stderr \"%s\"\n", rc, err);
		}
	}
	expect_out(ARGV("Usage: dcb-hdrm [ -s ] watchdog show [ dev DEV ]",
			"dcb-hdrm watchdog set dev DEV [ state { on | off } ] [ action { alert | drop | forward } ]",
			"[ detect-ms MS ] [ restore-ms MS ] [ poll-ms MS ]",
			"[ storm-limit N ] [ storm-period-ms MS ] [ recovery { auto | manual } ]",
			"dcb-hdrm watchdog recover dev DEV prio P", "dcb-hdrm watchdog help",
			"(default 200)", "(default 50, at most detect-ms)"),
		   ARGV("watchdog", "help"));
	expect_out(ARGV("Usage: dcb-hdrm [ -s ] watchdog show"), ARGV("watchdog", "set", "dev", "lo", "help"));
	expect_out(ARGV("Usage: dcb-hdrm [ -s ] watchdog show"), ARGV("watchdog", "show", "help"));
	expect_out(ARGV("dcb-hdrm watchdog recover dev DEV prio P"),
		   ARGV("watchdog", "recover", "dev", "lo", "help"));
	expect_out(ARGV("OBJECT := { dev | measure | show | simulate | monitor | lldp | watchdog | metrics | help }"),
		   ARGV("help"));
	/* a bad word is the error even after a good hwtstamp: nothing is set */
	expect(1, "invalid ts-mode \"x\"",
	       ARGV("dev", "set", "dev", "lo", "hwtstamp", "on", "ts-mode", "x"));
	expect(2, "dev set: hwtstamp on: lo has no hardware timestamping",
	       ARGV("dev", "set", "dev", "lo", "hwtstamp", "on"));
	test_metrics();
	return tap_done();
}
