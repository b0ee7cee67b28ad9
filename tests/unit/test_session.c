/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_session.c - the whole job through the public API only
 * (tracemerge/session.h): sync and merge of small in-memory inputs.
 *
 * Every expected value is worked out by hand next to its assertion, from
 * the input text and the rules of doc/clock-sync.md (markers, the fit, the
 * error bound), include/tracemerge/clock.h (maps: map(x) = y0 + (x - x0) +
 * round((x - x0) * rate_fs / 1e15), rate_fs in parts per 1e15) and
 * doc/formats.md (what merge writes, the counts).  Times are ns unless
 * written as µs (JSON ts) or s (kernel text).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <json-c/json.h>

#include "testutil.h"
#include <tracemerge/session.h>

#define S 1000000000LL          /* ns per second */

/* ---- inputs -------------------------------------------------------------- */

/* Kernel text on its own clock: clock-sync markers s1 at 100.000100 s and
 * s2 at 101.000100 s (6 decimals: each is [t - 500 ns, t + 500 ns]); 4
 * other events.  Tasks with a name and a tgid: 4242 "app" (tgid 4242) and
 * 4243 "app" (tgid 4242, its TGID column); pid 0 is the idle task. */
static const char K_OFF[] =
	"# tracer: nop\n"
	"#\n"
	"#           TASK-PID     TGID   CPU#  ||||   TIMESTAMP  FUNCTION\n"
	"#              | |         |      |   ||||      |         |\n"
	"             app-4242  ( 4242) [000] ...1   100.000100: tracing_mark_write: trace_event_clock_sync: name=s1\n"
	"          <idle>-0     (-----) [001] d..2   100.200000: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=app next_pid=4243 next_prio=120\n"
	"             app-4242  ( 4242) [000] ...1   100.500000: tracing_mark_write: B|4242|work\n"
	"             app-4243  ( 4242) [001] d..2   100.550000: sched_switch: prev_comm=app prev_pid=4243 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120\n"
	"             app-4242  ( 4242) [000] ...1   100.600000: tracing_mark_write: E|4242\n"
	"             app-4242  ( 4242) [000] ...1   101.000100: tracing_mark_write: trace_event_clock_sync: name=s2\n";

/* Trace Event JSON on a clock 5000 s ahead of K_OFF's: issuer events s1,
 * s2 with [issue_ts, ts] = kernel marker + 5000 s -/+ 10 µs; work B/E and
 * a step X at kernel 100.5 s / 100.6 s / 100.51 s + 5000 s; one event whose
 * ts is no number ("bad"), which cannot be placed on the output clock. */
static const char J_OFF[] =
	"{\"traceEvents\":[\n"
	"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":5100000110,\"pid\":4242,\"tid\":4242,\"args\":{\"sync_id\":\"s1\",\"issue_ts\":5100000090}},\n"
	"{\"name\":\"work\",\"ph\":\"B\",\"ts\":5100500000,\"pid\":4242,\"tid\":4244},\n"
	"{\"name\":\"step\",\"ph\":\"X\",\"ts\":5100510000,\"dur\":1000,\"pid\":4242,\"tid\":4244},\n"
	"{\"name\":\"work\",\"ph\":\"E\",\"ts\":5100600000,\"pid\":4242,\"tid\":4244},\n"
	"{\"name\":\"bad\",\"ph\":\"i\",\"ts\":\"x\",\"pid\":4242,\"tid\":4244},\n"
	"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":5101000110,\"pid\":4242,\"tid\":4242,\"args\":{\"sync_id\":\"s2\",\"issue_ts\":5101000090}}\n"
	"]}\n";

/* J_OFF's clock, no markers: work B/E at kernel 100.5 / 100.6 s + 5000 s. */
static const char J_NOMARK[] =
	"{\"traceEvents\":[\n"
	"{\"name\":\"work\",\"ph\":\"B\",\"ts\":5100500000,\"pid\":4242,\"tid\":4244},\n"
	"{\"name\":\"work\",\"ph\":\"E\",\"ts\":5100600000,\"pid\":4242,\"tid\":4244}\n"
	"]}\n";

/* Application events on the kernel's own clock, no markers. */
static const char J_SAME[] =
	"{\"traceEvents\":[\n"
	"{\"name\":\"work\",\"ph\":\"B\",\"ts\":100500000,\"pid\":4242,\"tid\":4244},\n"
	"{\"name\":\"work\",\"ph\":\"E\",\"ts\":100600000,\"pid\":4242,\"tid\":4244}\n"
	"]}\n";

/* J_OFF with the application's own names of process 4242 and thread 4242. */
static const char J_NAMED[] =
	"{\"traceEvents\":[\n"
	"{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":4242,\"tid\":4242,\"args\":{\"name\":\"appproc\"}},\n"
	"{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":4242,\"tid\":4242,\"args\":{\"name\":\"AppMain\"}},\n"
	"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":5100000110,\"pid\":4242,\"tid\":4242,\"args\":{\"sync_id\":\"s1\",\"issue_ts\":5100000090}},\n"
	"{\"name\":\"work\",\"ph\":\"B\",\"ts\":5100500000,\"pid\":4242,\"tid\":4244},\n"
	"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":5101000110,\"pid\":4242,\"tid\":4242,\"args\":{\"sync_id\":\"s2\",\"issue_ts\":5101000090}}\n"
	"]}\n";

/* Kernel markers d0, d1, d2 at 100, 105, 110 s, with 9 decimals: exact
 * ([t, t]); and one B at 102 s. */
static const char K_DRIFT[] =
	"# tracer: nop\n"
	"#\n"
	"#           TASK-PID     TGID   CPU#  ||||   TIMESTAMP  FUNCTION\n"
	"#              | |         |      |   ||||      |         |\n"
	"             app-4242  ( 4242) [000] ...1   100.000000000: tracing_mark_write: trace_event_clock_sync: name=d0\n"
	"             app-4242  ( 4242) [000] ...1   102.000000000: tracing_mark_write: B|4242|work\n"
	"             app-4242  ( 4242) [000] ...1   105.000000000: tracing_mark_write: trace_event_clock_sync: name=d1\n"
	"             app-4242  ( 4242) [000] ...1   110.000000000: tracing_mark_write: trace_event_clock_sync: name=d2\n";

/* An application clock app(k) = k + 5000 s + (k - 100 s) * 100e-6: 100 ppm
 * fast.  Receiver events (no issue_ts: exact) at app(100 s) = 5100 s,
 * app(105 s) = 5105.0005 s, app(110 s) = 5110.001 s.  Slice x at app
 * 5102.0002 s, dur 10001 µs. */
static const char J_DRIFT[] =
	"{\"traceEvents\":[\n"
	"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":5100000000,\"pid\":1,\"tid\":1,\"args\":{\"sync_id\":\"d0\"}},\n"
	"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":5105000500,\"pid\":1,\"tid\":1,\"args\":{\"sync_id\":\"d1\"}},\n"
	"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":5110001000,\"pid\":1,\"tid\":1,\"args\":{\"sync_id\":\"d2\"}},\n"
	"{\"name\":\"x\",\"ph\":\"X\",\"ts\":5102000200,\"dur\":10001,\"pid\":1,\"tid\":1}\n"
	"]}\n";

/* ---- helpers ------------------------------------------------------------- */

struct ctx {
	struct tm_diag d;
	struct tm_session *s;
	char *out;                   /* what the session wrote (write_mem) */
	size_t out_len;
};

static int setup(void **state)
{
	struct ctx *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	tm_diag_init(&c->d);
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	struct ctx *c = *state;
	struct tm_tuning defaults = { 0 };

	tm_session_free(c->s);
	tm_diag_free(&c->d);
	free(c->out);
	free(c);
	tm_tuning_set(&defaults);
	return 0;
}

/* A new session with options O (NULL: defaults) into C, with a new diag
 * (warnings add up in a diag, and go into the output's metadata). */
static struct tm_session *open_session(struct ctx *c, const struct tm_session_opts *o)
{
	tm_session_free(c->s);
	tm_diag_free(&c->d);
	tm_diag_init(&c->d);
	c->s = tm_session_new(o, &c->d);
	assert_non_null(c->s);
	return c->s;
}

static void add_mem(struct ctx *c, const char *name, const char *text, int index)
{
	assert_int_equal(tm_session_add_input_mem(c->s, name, text, strlen(text)), index);
}

/* The whole content of FD from its start, NUL-terminated; *LEN its size. */
static char *read_back(int fd, size_t *len)
{
	struct stat st;
	char *buf;
	size_t n = 0;

	assert_int_equal(fstat(fd, &st), 0);
	buf = malloc((size_t)st.st_size + 1);
	assert_non_null(buf);
	assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
	while (n < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + n, (size_t)st.st_size - n);
		assert_true(r > 0);
		n += (size_t)r;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}

/* tm_session_write_fd into a memfd; returns its result, the bytes in C. */
static int write_mem(struct ctx *c)
{
	int fd = memfd_create("tracemerge-test", 0), rc;

	assert_true(fd >= 0);
	rc = tm_session_write_fd(c->s, fd);
	free(c->out);
	c->out = rc == 0 ? read_back(fd, &c->out_len) : NULL;
	close(fd);
	return rc;
}

/* The file PATH's bytes (NUL-terminated), *LEN its size. */
static char *slurp_path(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	char *buf;

	assert_true(fd >= 0);
	buf = read_back(fd, len);
	close(fd);
	return buf;
}

/* How often NEEDLE occurs in HAY. */
static size_t occurrences(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

static void assert_contains(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("'%s' not found in:\n%s", needle, hay);
}

static void assert_error(struct ctx *c, const char *needle)
{
	if (!strstr(c->d.error, needle))
		fail_msg("error '%s' does not hold '%s'", c->d.error, needle);
}

static struct tm_session_part part(struct ctx *c, size_t input, size_t k)
{
	struct tm_session_part p;

	assert_int_equal(tm_session_part(c->s, input, k, &p), 0);
	return p;
}

static int64_t apply(const struct tm_clock_map *m, int64_t x)
{
	int64_t y = 0;

	assert_int_equal(tm_clock_apply(m, x, &y), 0);
	return y;
}

/* The kernel counts of N: lines IN = OUT written + SYNC markers moved. */
static void assert_kernel_counts(const struct tm_session_counts *n, uint64_t in, uint64_t out,
				 uint64_t sync)
{
	assert_int_equal(n->kernel_in, in);
	assert_int_equal(n->kernel_out, out);
	assert_int_equal(n->kernel_sync, sync);
	assert_int_equal(n->kernel_rejected, 0);
}

/* The JSON counts of N: events IN = OUT + SYNC moved + DROPPED. */
static void assert_json_counts(const struct tm_session_counts *n, uint64_t in, uint64_t out,
			       uint64_t sync, uint64_t dropped)
{
	assert_int_equal(n->json_in, in);
	assert_int_equal(n->json_out, out);
	assert_int_equal(n->json_sync, sync);
	assert_int_equal(n->json_rejected, dropped);
}

/* The output, parsed. */
static struct json_object *out_json(struct ctx *c)
{
	struct json_object *o = json_tokener_parse(c->out);

	assert_non_null(o);
	return o;
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("no key %s", key);
	return v;
}

/* The JSON and kernel sessions most tests start from: K_OFF, J_OFF. */
static void offset_pair(struct ctx *c, const struct tm_session_opts *o, const char *json)
{
	open_session(c, o);
	add_mem(c, "kernel.txt", K_OFF, 0);
	add_mem(c, "app.json", json, 1);
}

/* K_DRIFT and J_DRIFT in a session with options O. */
static void drift_pair(struct ctx *c, const struct tm_session_opts *o)
{
	open_session(c, o);
	add_mem(c, "kernel.txt", K_DRIFT, 0);
	add_mem(c, "app.json", J_DRIFT, 1);
}

/* Sync, and the clock solution as `sync --json` prints it, parsed. */
static struct json_object *sync_report(struct ctx *c)
{
	struct json_object *r;
	char *text;

	assert_int_equal(tm_session_sync(c->s), 0);
	text = tm_session_report_json(c->s);
	assert_non_null(text);
	r = json_tokener_parse(text);
	assert_non_null(r);
	tm_free(text);   /* the library's allocator */
	return r;
}

/* ---- clock solutions ----------------------------------------------------- */

/* Two markers, the application 5000 s ahead: an offset, no drift. */
static void test_offset_from_markers(void **state)
{
	struct ctx *c = *state;
	struct tm_session_part k, a;

	offset_pair(c, NULL, J_OFF);
	assert_int_equal(tm_session_sync(c->s), 0);
	assert_int_equal(tm_session_ninputs(c->s), 2);
	assert_string_equal(tm_session_input_name(c->s, 1), "app.json");
	assert_non_null(tm_session_input(c->s, 0));
	assert_int_equal(tm_session_nparts(c->s, 0), 1);  /* its kernel text */
	assert_int_equal(tm_session_nparts(c->s, 1), 1);  /* one JSON block */

	/* the first kernel input is the output clock (the default) */
	k = part(c, 0, 0);
	assert_true(k.kernel);
	assert_true(k.is_output_clock);
	assert_true(k.linked);
	assert_true(tm_clock_is_identity(&k.to_output));
	assert_int_equal(k.err_ns, 0);
	assert_string_equal(k.how, "");
	assert_string_equal(k.domain, "kernel.txt (kernel)");

	a = part(c, 1, 0);
	assert_false(a.kernel);
	assert_false(a.is_output_clock);
	assert_true(a.linked);
	assert_string_equal(a.how, "markers");
	assert_string_equal(a.domain, "app.json (json)");
	/* each marker: app mid - kernel mid = (5100.000100 - 100.000100) s
	 * = 5000 s, both markers alike, so no rate (slope 0, not above twice
	 * its error): app -> kernel is -5000 s exactly */
	assert_int_equal(a.to_output.rate_fs, 0);
	assert_int_equal(a.to_output.y0 - a.to_output.x0, -5000 * S);
	/* app 5100.5 s -> kernel 100.5 s */
	assert_int_equal(apply(&a.to_output, 5100500000000LL), 100500000000LL);
	/* error bound: |residual| 0 + kernel half-width 500 ns (6 decimals) *
	 * (1 + 0) + JSON half-width (110 - 90) / 2 µs = 10 µs */
	assert_int_equal(a.err_ns, 500 + 10000);
	/* no such part */
	assert_int_equal(tm_session_part(c->s, 1, 1, &a), -1);
	assert_int_equal(tm_session_part(c->s, 2, 0, &a), -1);
}

/* Three exact markers 100 ppm apart: the fitted drift and the rewritten
 * event, to the ns. */
static void test_drift_fit(void **state)
{
	struct ctx *c = *state;
	struct tm_session_part a;

	drift_pair(c, NULL);
	assert_int_equal(write_mem(c), 0);
	a = part(c, 1, 0);
	assert_string_equal(a.how, "markers");
	/*
	 * The fit is kernel (domain 0, made first) -> app (domain 1).  All
	 * three markers are exact (u = 0, equal weights), on one line:
	 * app - kernel - 5000 s = 0, 500 µs, 1000 µs at kernel 100, 105,
	 * 110 s.  Anchor x0 = mean of the kernel times = 105 s; the line's
	 * value there 500 µs; slope 1000 µs / 10 s = 1e-4 (far above its
	 * error 0.5 ns / 10 s): kernel -> app = { x0 105e9, y0 105e9 +
	 * 5000e9 + 500000 = 5105000500000, rate_fs 1e-4 * 1e15 = 1e11 }.
	 * The app part's map is its inverse (tm_clock_invert): x0, y0
	 * swapped, rate_fs = round(-1e11 * 1e15 / (1e15 + 1e11))
	 * = round(-99990000999.90001) = -99990001000; composed with the
	 * output clock's identity it stays so.
	 */
	assert_int_equal(a.to_output.x0, 5105000500000LL);
	assert_int_equal(a.to_output.y0, 105000000000LL);
	assert_int_equal(a.to_output.rate_fs, -99990001000LL);
	/* the offset at the anchor */
	assert_int_equal(a.to_output.y0 - a.to_output.x0, -5000000500000LL);
	/* error bound: residuals 0 (up to long double's last bits) + half-
	 * widths 0 + 0.5 ns for the rounding of a map with a rate: ceil -> 1 */
	assert_int_equal(a.err_ns, 1);
	/*
	 * x at app 5102000200000: dx = -3000300000; dx * rate_fs =
	 * 30003e5 * 99990001e3 = 3000000000003e8 = 3.000000000003e20, / 1e15
	 * = 300000.0000003 -> 300000; 105e9 - 3000300000 + 300000 = 102e9:
	 * ts 102000000 µs (app(102 s) = 5102 s + 2 s * 1e-4, so it is right).
	 * Its end app 5102010201000: dx = -2990299000; 2990299 * 99990001 =
	 * 299000000000299, so dx * rate_fs = 2.99000000000299e20, / 1e15 ->
	 * 299000; 105e9 - 2990299000 + 299000 = 102010000000: dur 10000 µs.
	 */
	assert_contains(c->out, "{\"name\":\"x\",\"ph\":\"X\",\"ts\":102000000,\"dur\":10000,"
			"\"pid\":1,\"tid\":1}");
	/* the kernel text is the output clock: as read (9 decimals kept) */
	assert_contains(c->out, " 102.000000000: tracing_mark_write: B|4242|work");
}

/* The drift's report: rate fitted, about +100 ppm kernel -> app. */
static void test_drift_report(void **state)
{
	struct ctx *c = *state;
	struct json_object *r, *l;

	drift_pair(c, NULL);
	r = sync_report(c);
	l = json_object_array_get_idx(get(r, "links"), 0);
	assert_true(json_object_get_boolean(get(l, "rate_fitted")));
	/* 1000 µs over 10 s = 100 ppm (printed from a long double) */
	assert_true(json_object_get_double(get(l, "rate_ppm")) > 99.999999 &&
		    json_object_get_double(get(l, "rate_ppm")) < 100.000001);
	assert_int_equal(json_object_get_int64(get(l, "used")), 3);
	json_object_put(r);
}

/* --offset for an input without markers: the link is exactly the offset. */
static void test_offset_option(void **state)
{
	struct ctx *c = *state;
	struct tm_session_part a;

	offset_pair(c, NULL, J_NOMARK);
	assert_int_equal(tm_session_set_offset(c->s, 1, -5000 * S), 0);
	assert_int_equal(write_mem(c), 0);
	a = part(c, 1, 0);
	assert_string_equal(a.how, "--offset");
	assert_int_equal(a.err_ns, 0);
	assert_int_equal(a.to_output.rate_fs, 0);
	assert_int_equal(apply(&a.to_output, 5100500000000LL), 100500000000LL);
	/* B at 5100500000 µs - 5000 s */
	assert_contains(c->out, "{\"name\":\"work\",\"ph\":\"B\",\"ts\":100500000,");
	/* s1 and s2 have no partner now, with two clocks in play */
	assert_int_equal(tm_diag_count(&c->d, "sync-unpaired"), 2);
}

/* same_clock: a JSON input without markers on the kernel's clock. */
static void test_same_clock(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .same_clock = true };
	struct tm_session_part a;

	offset_pair(c, &o, J_SAME);
	assert_int_equal(write_mem(c), 0);
	a = part(c, 1, 0);
	assert_string_equal(a.how, "--same-clock");
	assert_int_equal(a.err_ns, 0);
	assert_true(tm_clock_is_identity(&a.to_output));
	assert_contains(c->out, "{\"name\":\"work\",\"ph\":\"B\",\"ts\":100500000,");
}

/* The application's clock as the output clock: the kernel text moves. */
static void test_clock_app(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .clock = "app" };
	struct tm_session_part k, a;

	offset_pair(c, &o, J_OFF);
	assert_int_equal(write_mem(c), 0);
	a = part(c, 1, 0);
	assert_true(a.is_output_clock);
	assert_string_equal(a.how, "");
	k = part(c, 0, 0);
	assert_false(k.is_output_clock);
	assert_string_equal(k.how, "markers");
	assert_int_equal(k.err_ns, 10500);            /* as in test_offset_from_markers */
	/* kernel -> app, the fit's own direction: anchored at the mean kernel
	 * mid (100.000100 + 101.000100) / 2 = 100.500100 s, +5000 s */
	assert_int_equal(k.to_output.x0, 100500100000LL);
	assert_int_equal(k.to_output.y0, 5100500100000LL);
	assert_int_equal(k.to_output.rate_fs, 0);
	/* a whole-µs offset: 6 decimals; B at 100.5 s + 5000 s */
	assert_contains(c->out, " 5100.500000: tracing_mark_write: B|4242|work\\n");
	/* the application's events stay as they were */
	assert_contains(c->out, "{\"name\":\"work\",\"ph\":\"B\",\"ts\":5100500000,");
}

/* ---- what is written ----------------------------------------------------- */

static void test_counts_and_output(void **state)
{
	struct ctx *c = *state;
	struct tm_session_counts n;
	struct json_object *o, *cs, *lines, *events;
	const char *sys;

	offset_pair(c, NULL, J_OFF);
	assert_int_equal(tm_session_counts(c->s, &n), -1);       /* nothing written yet */
	assert_int_equal(write_mem(c), 0);
	assert_int_equal(tm_session_counts(c->s, &n), 0);
	/* K_OFF: 6 event lines, of them 2 markers moved out, 4 written */
	assert_kernel_counts(&n, 6, 4, 2);
	/* J_OFF: 6 events = 3 written (B, X, E) + 2 clock_sync moved + 1
	 * dropped ("bad": its ts is no number) */
	assert_json_counts(&n, 6, 3, 2, 1);
	assert_int_equal(tm_diag_count(&c->d, "json-event-dropped"), 1);
	/* names: thread 4242 "app", thread 4243 "app", process 4242 "app"
	 * (4242 is its own tgid); pid 0 is the idle task: 3 */
	assert_int_equal(n.names, 3);
	assert_true(n.link);

	o = out_json(c);
	sys = json_object_get_string(get(o, "systemTraceEvents"));
	/* the markers moved, the link line at the first event's instant
	 * (the s1 line, 100.000100 s) in their place */
	assert_null(strstr(sys, "name=s1"));
	assert_null(strstr(sys, "name=s2"));
	assert_contains(sys, " 100.000100: tracing_mark_write: trace_event_clock_sync: "
			"name=tracemerge_link source=tracemerge\n");
	assert_contains(c->out, "{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":100000100,\"pid\":0,"
			"\"tid\":0,\"args\":{\"sync_id\":\"tracemerge_link\",\"issue_ts\":100000100}}");
	/* tracemergeClockSync: the moved markers as read */
	cs = get(o, "tracemergeClockSync");
	lines = get(cs, "kernel_lines");
	events = get(cs, "json_events");
	assert_int_equal(json_object_array_length(lines), 2);
	assert_int_equal(json_object_array_length(events), 2);
	assert_contains(json_object_get_string(get(json_object_array_get_idx(lines, 0), "line")),
			" 100.000100: tracing_mark_write: trace_event_clock_sync: name=s1");
	assert_string_equal(json_object_get_string(get(json_object_array_get_idx(lines, 1),
						       "input")), "kernel.txt");
	assert_contains(json_object_to_json_string(json_object_array_get_idx(events, 1)),
			"\"s2\"");
	/* the names of the kernel tasks */
	assert_contains(c->out, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":4242,\"tid\":4242,"
			"\"args\":{\"name\":\"app\"}}");
	assert_contains(c->out, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":4242,\"tid\":4243,"
			"\"args\":{\"name\":\"app\"}}");
	assert_contains(c->out, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":4242,\"tid\":4242,"
			"\"args\":{\"name\":\"app\"}}");
	/* the application's events 5000 s back; X keeps its dur (no drift) */
	assert_contains(c->out, "{\"name\":\"work\",\"ph\":\"B\",\"ts\":100500000,");
	assert_contains(c->out, "{\"name\":\"step\",\"ph\":\"X\",\"ts\":100510000,\"dur\":1000,");
	assert_contains(c->out, "{\"name\":\"work\",\"ph\":\"E\",\"ts\":100600000,");
	assert_null(strstr(c->out, "\"bad\""));
	json_object_put(o);
}

/* Names the application gave are not written over. */
static void test_names_not_over_the_app(void **state)
{
	struct ctx *c = *state;
	struct tm_session_counts n;

	offset_pair(c, NULL, J_NAMED);
	assert_int_equal(write_mem(c), 0);
	assert_int_equal(tm_session_counts(c->s, &n), 0);
	/* the JSON names process 4242 and thread 4242: only thread 4243 left */
	assert_int_equal(n.names, 1);
	/* 5 events = 3 written (2 M, B) + 2 moved */
	assert_json_counts(&n, 5, 3, 2, 0);
	assert_int_equal(occurrences(c->out, "\"name\":\"process_name\""), 1);
	assert_contains(c->out, "\"args\":{\"name\":\"appproc\"}");
	assert_contains(c->out, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":4242,\"tid\":4243,"
			"\"args\":{\"name\":\"app\"}}");
	assert_null(strstr(c->out, "\"tid\":4242,\"args\":{\"name\":\"app\"}"));
}

/* The clock solution as `sync --json` prints it. */
static void test_report_json(void **state)
{
	struct ctx *c = *state;
	struct json_object *r, *in, *st, *l;

	offset_pair(c, NULL, J_OFF);
	assert_null(tm_session_report_json(c->s));        /* not solved yet */
	r = sync_report(c);
	in = json_object_array_get_idx(get(r, "inputs"), 1);
	assert_string_equal(json_object_get_string(get(in, "path")), "app.json");
	st = json_object_array_get_idx(get(in, "streams"), 0);
	/* app -> kernel: -5000 s, ±10.5 µs (test_offset_from_markers) */
	assert_int_equal(json_object_get_int64(get(st, "offset_ns")), -5000 * S);
	assert_int_equal(json_object_get_int64(get(st, "error_ns")), 10500);
	assert_string_equal(json_object_get_string(get(st, "how")), "markers");
	l = json_object_array_get_idx(get(r, "links"), 0);
	/* the link kernel -> app: +5000 s from both markers */
	assert_int_equal(json_object_get_int64(get(l, "offset_ns")), 5000 * S);
	assert_int_equal(json_object_get_int64(get(l, "used")), 2);
	assert_false(json_object_get_boolean(get(l, "rate_fitted")));
	/* the one warning so far: "bad"'s ts is no number */
	assert_int_equal(json_object_array_length(get(r, "warnings")), 1);
	json_object_put(r);
}

/* --pid-offset moves the application's pids and tids. */
static void test_pid_offset(void **state)
{
	struct ctx *c = *state;

	offset_pair(c, NULL, J_OFF);
	assert_int_equal(tm_session_set_pid_offset(c->s, 1, 100000), 0);
	assert_int_equal(write_mem(c), 0);
	/* 4242 + 100000, 4244 + 100000 */
	assert_contains(c->out, "{\"name\":\"work\",\"ph\":\"B\",\"ts\":100500000,\"pid\":104242,"
			"\"tid\":104244}");
	/* the kernel's own are not moved */
	assert_contains(c->out, "\"pid\":4242,\"tid\":4243,");
}

/* import: one input, its markers stay (nothing to move them for). */
static void test_import(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .mode = TM_SESSION_IMPORT };
	struct tm_session_counts n;

	open_session(c, &o);
	add_mem(c, "kernel.txt", K_OFF, 0);
	assert_int_equal(write_mem(c), 0);
	assert_int_equal(tm_session_counts(c->s, &n), 0);
	/* one input, no JSON: no link, no marker moved; all 6 lines out */
	assert_kernel_counts(&n, 6, 6, 0);
	assert_json_counts(&n, 0, 0, 0, 0);
	assert_false(n.link);
	assert_int_equal(n.names, 3);               /* as in test_counts_and_output */
	assert_true(part(c, 0, 0).is_output_clock);
	assert_contains(c->out, " 100.000100: tracing_mark_write: trace_event_clock_sync: name=s1");
	assert_null(strstr(c->out, "tracemerge_link"));
	assert_null(strstr(c->out, "tracemergeClockSync"));
	/* one kernel trace alone: its unpaired markers are no news */
	assert_int_equal(tm_diag_count(&c->d, "sync-unpaired"), 0);
}

/* ---- the same bytes whichever way ---------------------------------------- */

/* A pipe gives what memory gives. */
static void test_fd_same_as_mem(void **state)
{
	struct ctx *c = *state;
	char *mem_out;
	size_t mem_len;
	const char *texts[2] = { K_OFF, J_OFF };

	offset_pair(c, NULL, J_OFF);
	assert_int_equal(write_mem(c), 0);
	mem_out = c->out;
	mem_len = c->out_len;
	c->out = NULL;

	open_session(c, NULL);
	for (int i = 0; i < 2; i++) {
		int p[2];
		assert_int_equal(pipe(p), 0);
		/* (both texts fit a pipe's buffer) */
		assert_int_equal(write(p[1], texts[i], strlen(texts[i])), (ssize_t)strlen(texts[i]));
		close(p[1]);
		assert_int_equal(tm_session_add_input_fd(c->s, i ? "app.json" : "kernel.txt", p[0]),
				 i);
		close(p[0]);
	}
	assert_int_equal(write_mem(c), 0);
	assert_int_equal(c->out_len, mem_len);
	assert_memory_equal(c->out, mem_out, mem_len);
	free(mem_out);
}

/* A sync before the write reads the inputs twice: the same bytes. */
static void test_sync_then_write(void **state)
{
	struct ctx *c = *state;
	char *direct;
	size_t len;

	offset_pair(c, NULL, J_OFF);
	assert_int_equal(write_mem(c), 0);
	direct = c->out;
	len = c->out_len;
	c->out = NULL;

	offset_pair(c, NULL, J_OFF);
	assert_int_equal(tm_session_sync(c->s), 0);
	assert_int_equal(tm_session_sync(c->s), 0);          /* again: nothing to do */
	assert_int_equal(write_mem(c), 0);
	assert_int_equal(c->out_len, len);
	assert_memory_equal(c->out, direct, len);
	free(direct);
}

/* Write K_OFF + J_OFF with tuning T into DIR/NAME (a file: the single
 * pass where it can be taken); returns the bytes. */
static char *write_tuned(struct ctx *c, const struct tm_tuning *t, const char *dir,
			 const char *name, size_t *len)
{
	struct tm_session_opts o = { .tuning = *t };
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	offset_pair(c, &o, J_OFF);
	assert_int_equal(tm_session_write(c->s, path), 0);
	return slurp_path(path, len);
}

/* The reference paths and one thread write what the defaults write. */
static void test_tuning_same_bytes(void **state)
{
	struct ctx *c = *state;
	char dir[] = "/tmp/test_session.XXXXXX", path[600];
	const struct tm_tuning defaults = { 0 }, reference = { .reference = true },
			       one = { .threads = 1 };
	char *a, *b, *t1;
	size_t la, lb, l1;

	assert_non_null(mkdtemp(dir));
	a = write_tuned(c, &defaults, dir, "default.json", &la);
	b = write_tuned(c, &reference, dir, "reference.json", &lb);
	t1 = write_tuned(c, &one, dir, "one.json", &l1);
	assert_int_equal(lb, la);
	assert_memory_equal(b, a, la);
	assert_int_equal(l1, la);
	assert_memory_equal(t1, a, la);
	/* and a file what a descriptor gets */
	offset_pair(c, NULL, J_OFF);
	assert_int_equal(write_mem(c), 0);
	assert_int_equal(c->out_len, la);
	assert_memory_equal(c->out, a, la);
	free(a);
	free(b);
	free(t1);
	for (size_t i = 0; i < 3; i++) {
		static const char *names[] = { "default.json", "reference.json", "one.json" };
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		assert_int_equal(unlink(path), 0);
	}
	assert_int_equal(rmdir(dir), 0);
}

/* ---- errors -------------------------------------------------------------- */

static void test_error_no_input(void **state)
{
	struct ctx *c = *state;

	open_session(c, NULL);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "no input given");
	open_session(c, NULL);
	assert_int_equal(write_mem(c), -1);
	assert_error(c, "no input given");
	assert_int_equal(tm_session_write_fd(c->s, -1), -1);
	assert_error(c, "output: bad file descriptor -1");
	assert_int_equal(tm_session_add_input(c->s, ""), -1);
	assert_error(c, "an input path is empty");
}

static void test_error_unreadable(void **state)
{
	struct ctx *c = *state;

	open_session(c, NULL);
	assert_int_equal(tm_session_add_input_mem(c->s, "junk.txt", "hello\n", 6), -1);
	assert_error(c, "junk.txt: unrecognised content (not ftrace text");
	assert_int_equal(tm_session_add_input_mem(c->s, "empty.txt", "", 0), -1);
	assert_error(c, "empty.txt: empty file");
	assert_int_equal(tm_session_add_input_mem(c->s, "blank.txt", " \n\n", 3), -1);
	assert_error(c, "blank.txt: holds only whitespace, no trace");
	assert_int_equal(tm_session_ninputs(c->s), 0);
	/* a path is opened when the session syncs; the inputs before it are
	 * freed with the session (valgrind) */
	add_mem(c, "kernel.txt", K_OFF, 0);
	assert_int_equal(tm_session_add_input(c->s, "/nonexistent/trace.txt"), 1);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "/nonexistent/trace.txt: cannot open: ");
	assert_false(tm_session_failed_on_options(c->s));
	/* the failure stays */
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_int_equal(write_mem(c), -1);
	assert_error(c, "/nonexistent/trace.txt: cannot open: ");
	assert_int_equal(tm_session_nparts(c->s, 0), 0);
}

static void test_error_not_linked(void **state)
{
	struct ctx *c = *state;

	offset_pair(c, NULL, J_NOMARK);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "cannot align app.json with the output clock (kernel.txt (kernel)): "
		     "no clock-sync markers link it; give --offset INPUT=DURATION "
		     "(e.g. --offset app.json=+0ms) or --same-clock if they share a clock");
	assert_false(tm_session_failed_on_options(c->s));
	assert_null(strchr(c->d.error, '\n'));
}

static void test_error_offset_on_output_clock(void **state)
{
	struct ctx *c = *state;

	offset_pair(c, NULL, J_NOMARK);
	assert_int_equal(tm_session_set_offset(c->s, 0, 1000), 0);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "--offset kernel.txt: that input is the output clock; "
		     "give the offset of another input");
	assert_true(tm_session_failed_on_options(c->s));
}

static void test_error_clock_option(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .clock = "nope" };

	offset_pair(c, &o, J_OFF);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "--clock=nope: not one of the inputs");
	assert_true(tm_session_failed_on_options(c->s));

	o.clock = "app";
	open_session(c, &o);
	add_mem(c, "kernel.txt", K_OFF, 0);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "--clock=app: no input holds application (JSON) events");
	assert_true(tm_session_failed_on_options(c->s));
}

static void test_error_max_error(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .max_error_ns = 10000 };

	/* the bound is 10.5 µs (test_offset_from_markers) */
	offset_pair(c, &o, J_OFF);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "cannot align kernel.txt (kernel) with app.json (json): the markers' "
		     "error bound ±10.5 µs is above --max-error 10.0 µs");
	/* exactly at the bound it is accepted */
	o.max_error_ns = 10500;
	offset_pair(c, &o, J_OFF);
	assert_int_equal(tm_session_sync(c->s), 0);
}

static void test_error_max_drift(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .max_drift_ppm = 50 };

	/* kernel -> app drifts +100 ppm (test_drift_fit), 3 markers used */
	drift_pair(c, &o);
	assert_int_equal(write_mem(c), -1);
	assert_error(c, "cannot align kernel.txt (kernel) with app.json (json): markers 'd0' ");
	assert_error(c, "(3 used) imply a drift of 100.0 ppm (limit 50 ppm)");
	o.max_drift_ppm = 101;
	drift_pair(c, &o);
	assert_int_equal(tm_session_sync(c->s), 0);
}

/* A negative limit is the caller's mistake, not "use the default". */
static void test_error_negative_limits(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .max_error_ns = -1 };

	offset_pair(c, &o, J_OFF);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "the largest drift and error must be above 0");
	assert_true(tm_session_failed_on_options(c->s));
	o = (struct tm_session_opts){ .max_drift_ppm = -5.0 };
	offset_pair(c, &o, J_OFF);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_true(tm_session_failed_on_options(c->s));
}

static void test_error_order(void **state)
{
	struct ctx *c = *state;
	int p[2];

	offset_pair(c, NULL, J_OFF);
	/* set_offset on a bad index */
	assert_int_equal(tm_session_set_offset(c->s, 2, 0), -1);
	assert_error(c, "offset: no input 2");
	assert_int_equal(tm_session_set_pid_offset(c->s, 5, 0), -1);
	assert_error(c, "pid offset: no input 5");
	/* the pid offset's range */
	assert_int_equal(tm_session_set_pid_offset(c->s, 1, -1), -1);
	assert_error(c, "pid offset -1: not from 0 to 2147483647");
	assert_int_equal(tm_session_set_pid_offset(c->s, 1, 2147483648LL), -1);
	assert_error(c, "pid offset 2147483648: not from 0 to 2147483647");
	assert_int_equal(tm_session_set_pid_offset(c->s, 1, 2147483647LL), 0);
	assert_int_equal(tm_session_set_pid_offset(c->s, 1, 0), 0);
	/* machine names: an input, 1 to 255 bytes; set again replaces */
	{
		char long_name[257];
		memset(long_name, 'm', 256);
		long_name[256] = '\0';
		assert_int_equal(tm_session_set_machine(c->s, 2, "a"), -1);
		assert_error(c, "machine: no input 2");
		assert_int_equal(tm_session_set_machine(c->s, 1, ""), -1);
		assert_error(c, "machine name '': not 1 to 255 bytes");
		assert_int_equal(tm_session_set_machine(c->s, 1, NULL), -1);
		assert_int_equal(tm_session_set_machine(c->s, 1, long_name), -1);
		long_name[255] = '\0';
		assert_int_equal(tm_session_set_machine(c->s, 1, long_name), 0);
		assert_int_equal(tm_session_set_machine(c->s, 1, "b"), 0);
	}

	assert_int_equal(write_mem(c), 0);
	/* once only */
	assert_int_equal(write_mem(c), -1);
	assert_error(c, "a session writes once");
	/* nothing more to add or set once it has synced */
	assert_int_equal(tm_session_add_input_mem(c->s, "more.json", J_SAME, strlen(J_SAME)), -1);
	assert_error(c, "more.json: inputs are added before the session syncs");
	assert_int_equal(tm_session_add_input(c->s, "more.txt"), -1);
	assert_error(c, "more.txt: inputs are added before the session syncs");
	assert_int_equal(pipe(p), 0);
	close(p[1]);
	assert_int_equal(tm_session_add_input_fd(c->s, "more.fd", p[0]), -1);
	close(p[0]);
	assert_error(c, "more.fd: inputs are added before the session syncs");
	assert_int_equal(tm_session_set_offset(c->s, 1, 0), -1);
	assert_error(c, "offset: set before the session syncs");
	assert_int_equal(tm_session_set_machine(c->s, 1, "c"), -1);
	assert_error(c, "machine: set before the session syncs");
	assert_int_equal(tm_session_ninputs(c->s), 2);
}

static void test_error_import_two(void **state)
{
	struct ctx *c = *state;
	struct tm_session_opts o = { .mode = TM_SESSION_IMPORT };

	offset_pair(c, &o, J_OFF);
	assert_int_equal(tm_session_sync(c->s), -1);
	assert_error(c, "import takes exactly one input, not 2");
	assert_int_equal(write_mem(c), -1);
	assert_error(c, "import takes exactly one input, not 2");
}

/* ---- bugs ---------------------------------------------------------------- */

/* Two inputs added under one name (both from memory without a name): an
 * offset set by index is the offset of that index, not of the first input
 * of the name (it was taken by name: "that input is the output clock"). */
static void test_offset_by_index_same_names(void **state)
{
	struct ctx *c = *state;
	struct tm_session_part a;

	open_session(c, NULL);
	assert_int_equal(tm_session_add_input_mem(c->s, NULL, K_OFF, strlen(K_OFF)), 0);
	assert_int_equal(tm_session_add_input_mem(c->s, NULL, J_NOMARK, strlen(J_NOMARK)), 1);
	assert_string_equal(tm_session_input_name(c->s, 1), "<memory>");
	assert_int_equal(tm_session_set_offset(c->s, 1, -5000 * S), 0);
	if (write_mem(c) != 0)
		fail_msg("%s", c->d.error);
	a = part(c, 1, 0);
	assert_string_equal(a.how, "--offset");
	assert_int_equal(apply(&a.to_output, 5100500000000LL), 100500000000LL);
	assert_true(part(c, 0, 0).is_output_clock);
}

/* ---- Perfetto merge archives ---------------------------------------------- */

/* sync --manifest: the kernel text is the reference on MONOTONIC (what
 * Perfetto gives ftrace text: doc/clock-sync.md), its machine's clock the
 * timeline; app.json's clock reads
 * T when the kernel's reads T - 5000 s: offset_ns -5000 s, no drift. */
static void test_manifest(void **state)
{
	struct ctx *c = *state;
	static const char head[] = "{\"perfetto_manifest\":{\"version\":1,"
		"\"trace_time\":{\"clock\":\"MONOTONIC\",\"file\":\"kernel.txt\"},"
		"\"files\":[{\"path\":\"kernel.txt\"},";
	size_t misplaced = 9;
	char *m;

	offset_pair(c, NULL, J_OFF);
	m = tm_session_manifest(c->s, &misplaced);
	assert_non_null(m);
	assert_int_equal(strncmp(m, head, strlen(head)), 0);
	assert_contains(m, "{\"path\":\"app.json\",\"clocks\":{\"sync_to\":{\"file\":"
			"\"kernel.txt\",\"clock\":\"MONOTONIC\"},\"offset_ns\":-5000000000000}}");
	assert_contains(m, "\"tracemerge.how.app.json\":\"markers\"");
	assert_int_equal(misplaced, 1);   /* a JSON moved back: its M events before 0 */
	tm_free(m);
}

/* The drifting pair: one input drifts; the offset pair on the JSON's
 * clock: the kernel text relates on a machine of its own, +5000 s. */
static void test_manifest_drift(void **state)
{
	struct ctx *c = *state;
	const struct tm_session_opts o = { .clock = "app" };
	size_t misplaced = 0;
	char *m;

	drift_pair(c, NULL);
	m = tm_session_manifest(c->s, &misplaced);
	assert_non_null(m);
	assert_int_equal(misplaced, 1);
	tm_free(m);
	tm_session_free(c->s);
	c->s = NULL;
	offset_pair(c, &o, J_OFF);
	m = tm_session_manifest(c->s, &misplaced);
	assert_non_null(m);
	assert_int_equal(misplaced, 0);
	assert_null(strstr(m, "trace_time"));
	assert_contains(m, "{\"path\":\"kernel.txt\",\"machine\":{\"name\":\"kernel.txt\"},"
			"\"clocks\":{\"clock\":\"MONOTONIC\",\"sync_to\":{\"file\":\"app.json\"},"
			"\"offset_ns\":5000000000000}}");
	tm_free(m);
}

/* An archive of inputs from memory: no file to copy, so both go in as
 * the writer's JSON (kernel.txt.json, app.json), the reference a clockless
 * JSON now (no trace_time), app.json PINned to it at 0.  A name that is
 * neither .tar nor .zip, or a gzip output asked, is an error before
 * anything is read or written. */
static void test_archive(void **state)
{
	struct ctx *c = *state;
	char dir[] = "/tmp/tm-session-XXXXXX", path[64], bad[64];
	struct stat st;
	size_t len;
	struct tm_session_opts gz = { .gzip = true };
	char *t;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.tar", dir);
	snprintf(bad, sizeof(bad), "%s/out.json", dir);
	/* a gzip output is the JSON's: an archive with it is refused, unwritten */
	offset_pair(c, &gz, J_OFF);
	assert_int_equal(tm_session_write_archive(c->s, path), -1);
	assert_error(c, "gzip");
	assert_int_equal(stat(path, &st), -1);
	tm_session_free(c->s);
	c->s = NULL;
	offset_pair(c, NULL, J_OFF);
	assert_int_equal(tm_session_write_archive(c->s, bad), -1);
	assert_error(c, ".tar or .zip");
	assert_int_equal(stat(bad, &st), -1);
	if (tm_session_write_archive(c->s, path))
		fail_msg("%s", c->d.error);
	t = slurp_path(path, &len);
	assert_int_equal(len % 10240, 0);
	assert_string_equal(t, "perfetto_manifest.json");          /* the first header */
	assert_contains(t + 512, "{\"path\":\"kernel.txt.json\"},{\"path\":\"app.json\","
			"\"clocks\":{\"sync_to\":{\"file\":\"kernel.txt.json\"},\"offset_ns\":0}}");
	assert_null(strstr(t + 512, "trace_time"));
	free(t);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
	/* one write per session */
	assert_int_equal(tm_session_write_archive(c->s, path), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_offset_from_markers),
		T(test_drift_fit),
		T(test_drift_report),
		T(test_offset_option),
		T(test_same_clock),
		T(test_clock_app),
		T(test_counts_and_output),
		T(test_names_not_over_the_app),
		T(test_report_json),
		T(test_pid_offset),
		T(test_import),
		T(test_fd_same_as_mem),
		T(test_sync_then_write),
		T(test_tuning_same_bytes),
		T(test_error_no_input),
		T(test_error_unreadable),
		T(test_error_not_linked),
		T(test_error_offset_on_output_clock),
		T(test_error_clock_option),
		T(test_error_max_error),
		T(test_error_max_drift),
		T(test_error_negative_limits),
		T(test_error_order),
		T(test_error_import_two),
		T(test_offset_by_index_same_names),
		T(test_manifest),
		T(test_manifest_drift),
		T(test_archive),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
