/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_atrace.c - unit tests for the atrace marker parser (parsers/atrace.c)
 * and the PROCESS DUMP parser (parsers/process-dump.c).
 *
 * Expected values are worked out by hand from the payload formats; the
 * Perfetto vectors come from testdata/corpus/perfetto/extra/
 * atrace_print_payload_vectors.tsv (systrace_parser_unittest.cc) and the
 * real payloads from the Catapult test data in testdata/corpus/catapult.
 */
#include "testutil.h"

#include "tracemerge/atrace.h"

#define NO_TGID INT32_MIN

/* One payload and what must come out of it.  Unset strings must be empty;
 * ints: 0 = not checked, 1 = must be an int equal to the value given,
 * -1 = must not be an int. */
struct vec {
	const char *payload;
	enum tm_atrace_kind kind;
	int32_t tgid;                /* NO_TGID: has_tgid must be false */
	const char *name, *track, *cookie, *value, *args, *cat;
	int value_int, cookie_int;
	int64_t ival, icookie;
	const char *sync_id, *sync_extra;   /* clock sync: name= */
	enum tm_clock_sync_kind sync;
	int64_t ns;                  /* clock sync: sync_ns */
	const char *error;           /* INVALID: expected reason */
	enum tm_atrace_kind claimed; /* INVALID: announced kind */
};

#define V(p, k, t) .payload = p, .kind = k, .tgid = t
#define BAD(p, cl, t, err) { V(p, TM_AT_INVALID, t), .error = err, .claimed = cl }
#define FREE(p) { V(p, TM_AT_NONE, NO_TGID) }
#define B TM_AT_BEGIN
#define E TM_AT_END
#define C TM_AT_COUNTER
#define CS TM_AT_CLOCK_SYNC
#define PTS "trace_event_clock_sync: parent_ts="
#define RTS "trace_event_clock_sync: realtime_ts="
#define NAME "trace_event_clock_sync: name="
#define PARENT(p, n) { V(PTS p, CS, NO_TGID), .sync = TM_SYNC_PARENT_TS, .ns = n }
#define REAL(p, n) { V(RTS p, CS, NO_TGID), .sync = TM_SYNC_REALTIME_TS, .ns = n }

static void assert_str(struct tm_str s, const char *want, const char *what,
		       const char *payload)
{
	if (!want && s.n)
		fail_msg("%s: %s is '%.*s', want empty", payload, what,
			 (int)s.n, s.p);
	if (want && (s.n != strlen(want) || memcmp(s.p, want, s.n)))
		fail_msg("%s: %s is '%.*s', want '%s'", payload, what, (int)s.n,
			 s.p ? s.p : "", want);
}

/* Every non-empty view must point into the payload. */
static void assert_inside(struct tm_str s, const char *p, size_t n)
{
	assert_true(!s.n || (s.p >= p && s.p + s.n <= p + n));
}

static void assert_views_inside(const struct tm_atrace *a, const char *p,
				size_t n)
{
	assert_inside(a->name, p, n);
	assert_inside(a->track, p, n);
	assert_inside(a->args, p, n);
	assert_inside(a->category, p, n);
	assert_inside(a->value, p, n);
	assert_inside(a->cookie, p, n);
	assert_inside(a->sync_id, p, n);
	assert_inside(a->sync_extra, p, n);
	assert_inside(a->text, p, n);
}

static void assert_int(int want, bool is_int, int64_t got, int64_t want_val,
		       const char *payload)
{
	if (want && (want > 0) != is_int)
		fail_msg("%s: is_int %d, want %d", payload, is_int, want > 0);
	if (want > 0 && got != want_val)
		fail_msg("%s: %lld, want %lld", payload, (long long)got,
			 (long long)want_val);
}

static void check_vec(const struct vec *v)
{
	size_t len = strlen(v->payload);
	struct tm_atrace a;
	enum tm_atrace_kind k = tm_atrace_parse(v->payload, len, &a);

	if (k != v->kind || a.kind != k)
		fail_msg("'%s': kind %s, want %s (%s)", v->payload,
			 tm_atrace_kind_name(k), tm_atrace_kind_name(v->kind),
			 a.error ? a.error : "no error");
	assert_int_equal(a.has_tgid, v->tgid != NO_TGID);
	if (v->tgid != NO_TGID)
		assert_int_equal(a.tgid, v->tgid);
	assert_views_inside(&a, v->payload, len);
	if (k == TM_AT_INVALID) {
		assert_string_equal(a.error, v->error);
		assert_int_equal(a.claimed, v->claimed);
		assert_true(a.sync_ns == 0);    /* no half-computed value */
		return;
	}
	assert_null(a.error);
	assert_str(a.name, v->name, "name", v->payload);
	assert_str(a.track, v->track, "track", v->payload);
	assert_str(a.cookie, v->cookie, "cookie", v->payload);
	assert_str(a.value, v->value, "value", v->payload);
	assert_str(a.args, v->args, "args", v->payload);
	assert_str(a.category, v->cat, "category", v->payload);
	assert_int(v->value_int, a.value_is_int, a.ivalue, v->ival, v->payload);
	assert_int(v->cookie_int, a.cookie_is_int, a.icookie, v->icookie,
		   v->payload);
	assert_str(a.sync_id, v->sync_id, "sync_id", v->payload);
	assert_str(a.sync_extra, v->sync_extra, "sync_extra", v->payload);
	if (k == TM_AT_CLOCK_SYNC) {
		assert_int_equal(a.sync_kind, v->sync);
		if (a.sync_ns != v->ns)
			fail_msg("'%s': %lld ns, want %lld", v->payload,
				 (long long)a.sync_ns, (long long)v->ns);
	}
}

/*
 * Perfetto's vectors, with our verdict.  Where we differ from Perfetto:
 *  - "B|42|\n": Perfetto makes an "[empty slice name]" slice; our contract
 *    says an empty name is invalid (claimed == TM_AT_BEGIN lets a consumer
 *    keep the slice stack balanced anyway).
 *  - clock sync markers: Perfetto ignores them (kUnsupported); we parse them.
 *  - "H|123|track|event|456": Perfetto drops the name, we keep it.
 * Every other kFailure is NONE (no "X|" shape) or INVALID here.
 */
static const struct vec perfetto_vecs[] = {
	FREE(""), FREE("abcdef"), FREE("  "), FREE("|"), FREE("||"),
	FREE("|||"), FREE("\n"), FREE("B"), FREE("B\n"), FREE("C"), FREE("S"),
	FREE("F"), FREE("I"), FREE("N"), FREE("G"), FREE("H"),
	BAD("B|42|\n", B, 42, "empty name"),
	{ V("B|1|foo", B, 1), .name = "foo" },
	{ V("B|42|Bar\n", B, 42), .name = "Bar" },
	{ V("E\n", E, NO_TGID) }, { V("E", E, NO_TGID) },
	{ V("E|42\n", E, 42) }, { V("E|42", E, 42) },
	{ V("C|543|foo|8", C, 543), .name = "foo", .value = "8", .value_int = 1, .ival = 8 },
	{ V("C|543|foo|8|chromium_group_ignored", C, 543), .name = "foo", .value = "8",
	  .cat = "chromium_group_ignored", .value_int = 1, .ival = 8 },
	BAD("S|", TM_AT_ASYNC_BEGIN, NO_TGID, "empty tgid"),
	{ V("S|123|foo|456", TM_AT_ASYNC_BEGIN, 123), .name = "foo", .cookie = "456",
	  .cookie_int = 1, .icookie = 456 },
	{ V("F|123|foo|456", TM_AT_ASYNC_END, 123), .name = "foo", .cookie = "456" },
	BAD("I||test", TM_AT_INSTANT, NO_TGID, "empty tgid"),
	BAD("I|123|", TM_AT_INSTANT, 123, "empty name"),
	{ V("I|123|event\n", TM_AT_INSTANT, 123), .name = "event" },
	BAD("N||test|test", TM_AT_TRACK_INSTANT, NO_TGID, "empty tgid"),
	BAD("N|123|test|", TM_AT_TRACK_INSTANT, 123, "empty name"),
	BAD("N|123||test", TM_AT_TRACK_INSTANT, 123, "empty track"),
	{ V("N|123|track|event\n", TM_AT_TRACK_INSTANT, 123), .name = "event", .track = "track" },
	PARENT("0.123\n", 123000000),
	REAL("123\n", 123000000),
	BAD("G||test|test|", TM_AT_TRACK_BEGIN, NO_TGID, "empty tgid"),
	BAD("G|123|test||", TM_AT_TRACK_BEGIN, 123, "empty name"),
	BAD("G|123||test|", TM_AT_TRACK_BEGIN, 123, "empty track"),
	BAD("G|123|track|event|", TM_AT_TRACK_BEGIN, 123, "empty cookie"),
	{ V("G|123|track|event|456", TM_AT_TRACK_BEGIN, 123), .name = "event",
	  .track = "track", .cookie = "456", .cookie_int = 1, .icookie = 456 },
	BAD("H||test|test|", TM_AT_TRACK_END, NO_TGID, "empty tgid"),
	BAD("H|123|test||", TM_AT_TRACK_END, 123, "empty cookie"),
	BAD("H|123||test|", TM_AT_TRACK_END, 123, "empty track"),
	BAD("H|123|track|event|", TM_AT_TRACK_END, 123, "empty cookie"),
	{ V("H|123|track|456", TM_AT_TRACK_END, 123), .track = "track", .cookie = "456" },
	{ V("H|123|track|event|456", TM_AT_TRACK_END, 123), .name = "event",
	  .track = "track", .cookie = "456" },
};

/* Our own rules: real payloads, edge cases, overflow, whitespace. */
static const struct vec own_vecs[] = {
	/* decompressed_atrace_data.txt, android_systrace.html, counter_tracks.html */
	{ V("B|18926|approximatePathOutlineVertices", B, 18926),
	  .name = "approximatePathOutlineVertices" },
	{ V("B|18926|LinearLayout alpha caused saveLayer 1080x189", B, 18926),
	  .name = "LinearLayout alpha caused saveLayer 1080x189" },
	{ V("C|18926|hwui_Texture|4035928", C, 18926), .name = "hwui_Texture",
	  .value = "4035928", .value_int = 1, .ival = 4035928 },
	{ V("S|18926|animator:opacity|23751452", TM_AT_ASYNC_BEGIN, 18926),
	  .name = "animator:opacity", .cookie = "23751452" },
	{ V("F|18926|deliverInputEvent|1071", TM_AT_ASYNC_END, 18926),
	  .name = "deliverInputEvent", .cookie = "1071" },
	{ V("C|124|VSYNC|1", C, 124), .name = "VSYNC", .value = "1", .value_int = 1, .ival = 1 },
	{ V("C|360|oq:Window{42a6b678 com.android.launcher|0", C, 360),
	  .name = "oq:Window{42a6b678 com.android.launcher", .value = "0" },
	/* counters: floats keep their text, anything else is invalid */
	{ V("C|1|temp|36.6", C, 1), .name = "temp", .value = "36.6", .value_int = -1 },
	{ V("C|1|x|-2e3", C, 1), .name = "x", .value = "-2e3", .value_int = -1 },
	{ V("C|1|x|.5", C, 1), .name = "x", .value = ".5", .value_int = -1 },
	{ V("C|1|x|5.", C, 1), .name = "x", .value = "5.", .value_int = -1 },
	{ V("C|1|x|+5", C, 1), .name = "x", .value = "+5", .value_int = 1, .ival = 5 },
	{ V("C|1|x|-0", C, 1), .name = "x", .value = "-0", .value_int = 1, .ival = 0 },
	{ V("C|1|x|9223372036854775807", C, 1), .name = "x",
	  .value = "9223372036854775807", .value_int = 1, .ival = INT64_MAX },
	{ V("C|1|x|-9223372036854775808", C, 1), .name = "x",
	  .value = "-9223372036854775808", .value_int = 1, .ival = INT64_MIN },
	{ V("C|1|x|9223372036854775808", C, 1), .name = "x",
	  .value = "9223372036854775808", .value_int = -1 },
	{ V("C|1|x|5|cat|more", C, 1), .name = "x", .value = "5", .cat = "cat" },
	BAD("C|1||3", C, 1, "empty name"),
	BAD("C|1|x", C, 1, "missing counter value"),
	BAD("C|1|x|", C, 1, "empty counter value"),
	BAD("C|1|x|abc", C, 1, "counter value is not a number"),
	BAD("C|1|x|inf", C, 1, "counter value is not a number"),
	BAD("C|1|x|nan", C, 1, "counter value is not a number"),
	BAD("C|1|x|1e", C, 1, "counter value is not a number"),
	BAD("C|1|x|.", C, 1, "counter value is not a number"),
	BAD("C|1|x|-", C, 1, "counter value is not a number"),
	BAD("C|1|x|0x10", C, 1, "counter value is not a number"),
	/* B: args and category */
	{ V("B|1|name|a=1;b=2|cat", B, 1), .name = "name", .args = "a=1;b=2", .cat = "cat" },
	{ V("B|1|name||cat|extra", B, 1), .name = "name", .cat = "cat" },
	{ V("B|1|name|", B, 1), .name = "name" },
	/* tgid */
	{ V("B|2147483647|x", B, 2147483647), .name = "x" },
	{ V("B|007|x", B, 7), .name = "x" },
	{ V("B|0|x", B, 0), .name = "x" },
	BAD("B|2147483648|x", B, NO_TGID, "tgid out of range"),
	BAD("B|99999999999999999999999|x", B, NO_TGID, "tgid out of range"),
	/* leading zeros count for nothing; a bad byte after an out-of-range
	 * value is still a bad tgid; 2^32 + 7 and 2^64 + 7 are not 7 */
	{ V("B|0000000000002147483647|x", B, 2147483647), .name = "x" },
	BAD("B|21474836470|x", B, NO_TGID, "tgid out of range"),
	BAD("B|99999999999x|x", B, NO_TGID, "bad tgid"),
	BAD("B|4294967303|x", B, NO_TGID, "tgid out of range"),
	BAD("B|18446744073709551623|x", B, NO_TGID, "tgid out of range"),
	{ V("E|0000000000012", E, 12) },
	BAD("E|12x", E, NO_TGID, "bad tgid"),
	BAD("B|-1|x", B, NO_TGID, "bad tgid"),
	BAD("B| 1|x", B, NO_TGID, "bad tgid"),
	BAD("B|1 |x", B, NO_TGID, "bad tgid"),
	BAD("B|", B, NO_TGID, "empty tgid"),
	BAD("B|1", B, 1, "missing name"),
	BAD("I|1", TM_AT_INSTANT, 1, "missing name"),
	/* E forms: tgid optional, rest ignored, a bad tgid is still bad */
	{ V("E|", E, NO_TGID) }, { V("E||", E, NO_TGID) }, { V("E|42|ignored|too", E, 42) },
	{ V("E ", E, NO_TGID) }, { V("E\r\n", E, NO_TGID) },
	BAD("E|abc", E, NO_TGID, "bad tgid"),
	BAD("E|4294967296", E, NO_TGID, "tgid out of range"),
	FREE("Ebar"), FREE("End of frame"),
	/* trailing blanks and CR are trimmed, leading ones are not */
	{ V("B|1|name \r\n", B, 1), .name = "name" },
	{ V("B|1|name\t", B, 1), .name = "name" },
	{ V("C|1|x|5 \r", C, 1), .name = "x", .value = "5", .value_int = 1, .ival = 5 },
	{ V("B|1|a b |c", B, 1), .name = "a b ", .args = "c" },
	FREE(" B|1|x"), FREE("   "),
	/* letters we do not know (Catapult's s/f flows included) */
	FREE("X|1|foo"), FREE("b|1|foo"), FREE("s|1|flow|5"),
	FREE("Choreographer#doFrame"), FREE("hello world"),
	/* async: Catapult's S/F carry args and category as 4th/5th fields */
	{ V("S|1|name|-7|a=b|cat", TM_AT_ASYNC_BEGIN, 1), .name = "name", .cookie = "-7",
	  .args = "a=b", .cat = "cat", .cookie_int = 1, .icookie = -7 },
	{ V("S|1|name|abc", TM_AT_ASYNC_BEGIN, 1), .name = "name", .cookie = "abc",
	  .cookie_int = -1 },
	BAD("S|1|name", TM_AT_ASYNC_BEGIN, 1, "missing cookie"),
	BAD("S|1|name|", TM_AT_ASYNC_BEGIN, 1, "empty cookie"),
	BAD("F|1||5", TM_AT_ASYNC_END, 1, "empty name"),
	BAD("G|1|t|n", TM_AT_TRACK_BEGIN, 1, "missing cookie"),
	BAD("H|1|t", TM_AT_TRACK_END, 1, "missing cookie"),
	{ V("H|1|t||5", TM_AT_TRACK_END, 1), .track = "t", .cookie = "5" },
	{ V("H|1|t|n|5|extra", TM_AT_TRACK_END, 1), .name = "n", .track = "t", .cookie = "5" },
	/* T and U: read with the H layout, track[|name]|cookie */
	{ V("T|1|track|name|5", TM_AT_T, 1), .name = "name", .track = "track", .cookie = "5" },
	{ V("U|1|track|name|5", TM_AT_U, 1), .name = "name", .track = "track", .cookie = "5" },
	{ V("U|1|track|5", TM_AT_U, 1), .track = "track", .cookie = "5" },
	BAD("T|1|track", TM_AT_T, 1, "missing cookie"),
	BAD("U|1||5", TM_AT_U, 1, "empty track"),
	BAD("T|x|track|5", TM_AT_T, NO_TGID, "bad tgid"),
	/* clock sync: name=ID[ extra], extra is what follows ONE space */
	{ V(NAME "123", CS, NO_TGID), .sync_id = "123" },
	{ V(NAME "abc issue_ts=1.5 x=y\n", CS, NO_TGID), .sync_id = "abc",
	  .sync_extra = "issue_ts=1.5 x=y" },
	{ V(NAME "abc  x=y", CS, NO_TGID), .sync_id = "abc", .sync_extra = " x=y" },
	{ V(NAME "abc ", CS, NO_TGID), .sync_id = "abc" },
	/* parent_ts: exact digits, never through a double */
	PARENT("683201.375000", 683201375000000LL),
	PARENT("0", 0), PARENT("0.0", 0),
	/* (int64)(16940.543873 * 1e9) is 16940543872999 */
	PARENT("16940.543873", 16940543873000LL),
	PARENT("1.000000001", 1000000001),
	/* more than 9 decimals: round to the nearest ns, halves up */
	PARENT("1.0000000004", 1000000000),
	PARENT("1.0000000005", 1000000001),
	PARENT("1.00000000049999", 1000000000),
	PARENT("1.9999999995", 2000000000),
	PARENT("9223372036.854775807", INT64_MAX),
	BAD(PTS "9223372036.854775808", CS, NO_TGID, "parent_ts out of range"),
	BAD(PTS "9223372036.8547758075", CS, NO_TGID, "parent_ts out of range"),
	BAD(PTS "9223372037", CS, NO_TGID, "parent_ts out of range"),
	/* 19581477508 s is 1.96e19 ns: does not fit int64 */
	BAD(PTS "19581477508", CS, NO_TGID, "parent_ts out of range"),
	BAD(PTS "99999999999999999999999", CS, NO_TGID, "parent_ts out of range"),
	BAD(PTS "", CS, NO_TGID, "bad parent_ts"),
	BAD(PTS "1.", CS, NO_TGID, "bad parent_ts"),
	BAD(PTS ".5", CS, NO_TGID, "bad parent_ts"),
	BAD(PTS "-1.5", CS, NO_TGID, "bad parent_ts"),
	BAD(PTS "1.5x", CS, NO_TGID, "bad parent_ts"),
	BAD(PTS "1e3", CS, NO_TGID, "bad parent_ts"),
	BAD(PTS "1.5 2", CS, NO_TGID, "bad parent_ts"),
	/* realtime_ts: integer ms */
	REAL("3720325137", 3720325137000000LL),
	REAL("0", 0),
	REAL("9223372036854", 9223372036854000000LL),
	BAD(RTS "9223372036855", CS, NO_TGID, "realtime_ts out of range"),
	BAD(RTS "99999999999999999999", CS, NO_TGID, "realtime_ts out of range"),
	BAD(RTS "-5", CS, NO_TGID, "bad realtime_ts"),
	BAD(RTS "1.5", CS, NO_TGID, "bad realtime_ts"),
	BAD(RTS "", CS, NO_TGID, "bad realtime_ts"),
	/* clock sync shapes that are not parent_ts/realtime_ts */
	BAD("trace_event_clock_sync: name=", TM_AT_CLOCK_SYNC, NO_TGID,
	    "empty clock sync id"),
	BAD("trace_event_clock_sync: foo=1", TM_AT_CLOCK_SYNC, NO_TGID,
	    "unknown clock sync marker"),
	BAD("trace_event_clock_sync: ", TM_AT_CLOCK_SYNC, NO_TGID,
	    "empty clock sync marker"),
	BAD("trace_event_clock_sync:", TM_AT_CLOCK_SYNC, NO_TGID,
	    "empty clock sync marker"),
	BAD("trace_event_clock_sync: \r\n", TM_AT_CLOCK_SYNC, NO_TGID,
	    "empty clock sync marker"),
	FREE("trace_event_clock_sync:name=1"),
	FREE("trace_event_clock_sync"),
};

static void check_vecs(const struct vec *v, size_t n)
{
	while (n--)
		check_vec(v++);
}

static void test_perfetto_vectors(void **state)
{
	(void)state;
	check_vecs(perfetto_vecs, sizeof(perfetto_vecs) / sizeof(perfetto_vecs[0]));
}

static void test_own_vectors(void **state)
{
	(void)state;
	check_vecs(own_vecs, sizeof(own_vecs) / sizeof(own_vecs[0]));
}

/* Undo the TSV's C escaping (only "\n" occurs). */
static size_t tsv_unescape(const char *s, size_t n, char *out)
{
	size_t i, o = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && s[i + 1] == 'n') {
			out[o++] = '\n';
			i++;
		} else {
			out[o++] = s[i];
		}
	}
	out[o] = '\0';
	return o;
}

static bool in_perfetto_table(const char *payload)
{
	size_t i;

	for (i = 0; i < sizeof(perfetto_vecs) / sizeof(perfetto_vecs[0]); i++)
		if (!strcmp(perfetto_vecs[i].payload, payload))
			return true;
	return false;
}

/* Every line of the TSV is in the table above, and our verdict only
 * differs from Perfetto's on the payloads documented there. */
static void test_perfetto_tsv_covered(void **state)
{
	size_t len, rows = 0;
	char *tsv = tm_test_slurp(TM_CORPUS "/perfetto/extra/atrace_print_payload_vectors.tsv", &len);
	char *line, *save = NULL;

	(void)state;
	if (!tsv)
		skip();
	for (line = strtok_r(tsv, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(line, '\t'), payload[256], *verdict;
		struct tm_atrace a;
		bool ours_ok, theirs_ok;
		size_t n;

		if (line[0] == '#' || !tab)
			continue;
		assert_true((size_t)(tab - line) < sizeof(payload));
		n = tsv_unescape(line, (size_t)(tab - line), payload);
		verdict = tab + 1;
		if (!in_perfetto_table(payload))
			fail_msg("TSV payload '%s' missing from perfetto_vecs", line);
		tm_atrace_parse(payload, n, &a);
		ours_ok = a.kind != TM_AT_NONE && a.kind != TM_AT_INVALID;
		theirs_ok = !strncmp(verdict, "kSuccess", 8) ||
			    !strncmp(verdict, "kUnsupported", 12);
		if (ours_ok != theirs_ok && strcmp(payload, "B|42|\n"))
			fail_msg("'%s': Perfetto %s, we %s", line, verdict,
				 tm_atrace_kind_name(a.kind));
		rows++;
	}
	assert_int_equal(rows, 48);
	free(tsv);
}

static void test_free_text_and_invalid_text(void **state)
{
	struct tm_atrace a;
	const char *p = "hello world \r\n";

	(void)state;
	assert_int_equal(tm_atrace_parse(p, strlen(p), &a), TM_AT_NONE);
	assert_str(a.text, "hello world", "text", p);
	assert_null(a.error);

	p = "C|1||3";
	assert_int_equal(tm_atrace_parse(p, strlen(p), &a), TM_AT_INVALID);
	assert_str(a.text, "C|1||3", "text", p);
	assert_int_equal(a.claimed, TM_AT_COUNTER);

	/* not NUL-terminated: LEN is honoured */
	assert_int_equal(tm_atrace_parse("B|1|abcdef", 6, &a), TM_AT_BEGIN);
	assert_str(a.name, "ab", "name", "B|1|ab");

	assert_int_equal(tm_atrace_parse(NULL, 0, &a), TM_AT_NONE);
	assert_int_equal(tm_atrace_parse("B|1|x", 0, &a), TM_AT_NONE);
}

static void test_kind_names(void **state)
{
	(void)state;
	assert_string_equal(tm_atrace_kind_name(TM_AT_NONE), "none");
	assert_string_equal(tm_atrace_kind_name(TM_AT_INVALID), "invalid");
	assert_string_equal(tm_atrace_kind_name(TM_AT_BEGIN), "begin");
	assert_string_equal(tm_atrace_kind_name(TM_AT_TRACK_END), "track_end");
	assert_string_equal(tm_atrace_kind_name(TM_AT_U), "U");
	assert_string_equal(tm_atrace_kind_name(TM_AT_CLOCK_SYNC), "clock_sync");
	assert_string_equal(tm_atrace_kind_name((enum tm_atrace_kind)99),
			    "unknown");
	assert_string_equal(tm_atrace_kind_name((enum tm_atrace_kind)-1),
			    "unknown");
}

/* Count marker kinds over every line of a file holding PREFIX + payload;
 * END is where the payload stops (NULL: end of line). */
static void count_markers(const char *path, const char *prefix, const char *end,
			  unsigned counts[TM_AT_CLOCK_SYNC + 1])
{
	size_t len;
	char *data = tm_test_slurp(path, &len), *line, *save = NULL;

	if (!data)
		skip();
	for (line = strtok_r(data, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *p = strstr(line, prefix), *stop;
		struct tm_atrace a;

		if (!p)
			continue;
		p += strlen(prefix);
		stop = end ? strstr(p, end) : NULL;
		tm_atrace_parse(p, stop ? (size_t)(stop - p) : strlen(p), &a);
		counts[a.kind]++;
	}
	free(data);
}

/* Totals counted with grep on the files, independent of the parser. */
static void test_real_markers(void **state)
{
	unsigned c[TM_AT_CLOCK_SYNC + 1] = { 0 };

	(void)state;
	count_markers(TM_CORPUS "/catapult/decompressed_atrace_data.txt",
		      "tracing_mark_write: ", NULL, c);
	assert_int_equal(c[TM_AT_BEGIN], 463);
	assert_int_equal(c[TM_AT_END], 463);
	assert_int_equal(c[TM_AT_COUNTER], 88);
	assert_int_equal(c[TM_AT_ASYNC_BEGIN], 17);
	assert_int_equal(c[TM_AT_ASYNC_END], 9);
	assert_int_equal(c[TM_AT_CLOCK_SYNC], 2);
	assert_int_equal(c[TM_AT_INVALID] + c[TM_AT_NONE], 0);

	/* legacy HTML: "0: " event name, lines end with a JS "\n\" */
	memset(c, 0, sizeof(c));
	count_markers(TM_CORPUS "/catapult/android_systrace.html", ": 0: ",
		      "\\n", c);
	assert_int_equal(c[TM_AT_BEGIN], 5984);
	assert_int_equal(c[TM_AT_END], 5982);
	assert_int_equal(c[TM_AT_COUNTER], 1611);
	assert_int_equal(c[TM_AT_CLOCK_SYNC], 1);
	assert_int_equal(c[TM_AT_INVALID], 0);

	memset(c, 0, sizeof(c));
	count_markers(TM_CORPUS "/catapult/counter_tracks.html", ": 0: ", "\\n", c);
	assert_int_equal(c[TM_AT_COUNTER], 1611);
	assert_int_equal(c[TM_AT_INVALID], 0);
}

/* ---- PROCESS DUMP ---- */

#define MAX_ROWS 128

struct rows {
	size_t n;
	struct tm_procdump_row r[MAX_ROWS];
};

struct calls {
	size_t n;
	int32_t pid[MAX_ROWS], ppid[MAX_ROWS];
	struct tm_str name[MAX_ROWS];
};

static void collect_row(void *ctx, const struct tm_procdump_row *row)
{
	struct rows *r = ctx;

	assert_true(r->n < MAX_ROWS);
	r->r[r->n++] = *row;
}

static void collect_call(void *ctx, int32_t pid, int32_t ppid,
			 struct tm_str name)
{
	struct calls *c = ctx;

	assert_true(c->n < MAX_ROWS);
	c->pid[c->n] = pid;
	c->ppid[c->n] = ppid;
	c->name[c->n++] = name;
}

/* The row for TID in TABLE, or fail. */
static const struct tm_procdump_row *row_for(const struct rows *r,
					     unsigned table, int32_t tid,
					     bool is_thread)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (r->r[i].table == table && r->r[i].tid == tid &&
		    r->r[i].is_thread == is_thread)
			return &r->r[i];
	fail_msg("no %s row for %d in table %u", is_thread ? "thread" : "process",
		 tid, table);
	return NULL;
}

static void assert_row(const struct rows *r, unsigned table, int32_t tid,
		       bool is_thread, int32_t pid, int32_t ppid,
		       const char *name, const char *comm)
{
	const struct tm_procdump_row *row = row_for(r, table, tid, is_thread);

	assert_int_equal(row->pid, pid);
	assert_int_equal(row->ppid, ppid);
	assert_str(row->name, name, "name", "procdump");
	assert_str(row->comm, comm, "comm", "procdump");
}

/* Rows of TABLE (only thread rows if THREADS). */
static size_t count_rows(const struct rows *r, unsigned table, bool threads)
{
	size_t i, n = 0;

	for (i = 0; i < r->n; i++)
		n += r->r[i].table == table && (!threads || r->r[i].is_thread);
	return n;
}

/* Read FILE and optionally rewrite "\n" as EOL (e.g. "\r\n"). */
static char *load_dump(const char *file, const char *eol, size_t *len)
{
	size_t n, i, o = 0, el = strlen(eol);
	char *raw = tm_test_slurp(file, &n), *out;

	assert_non_null(raw);
	out = malloc(n * el + 1);
	assert_non_null(out);
	for (i = 0; i < n; i++) {
		if (raw[i] == '\n') {
			memcpy(out + o, eol, el);
			o += el;
		} else {
			out[o++] = raw[i];
		}
	}
	free(raw);
	*len = o;
	return out;
}

static void check_toybox(const char *eol)
{
	static struct rows r;
	static struct calls c;
	size_t len;
	char *d = load_dump("testdata/procdump/toybox.txt", eol, &len);

	memset(&r, 0, sizeof(r));
	memset(&c, 0, sizeof(c));
	/* 2 snapshots x (process table + thread table) = tables 0..3 */
	assert_int_equal(tm_procdump_parse_rows(d, len, collect_row, &r), 45);
	assert_int_equal(count_rows(&r, 0, false), 8);
	assert_int_equal(count_rows(&r, 0, true), 0);
	assert_int_equal(count_rows(&r, 1, false), 13);
	assert_int_equal(count_rows(&r, 1, true), 13);
	assert_int_equal(count_rows(&r, 2, false), 9);
	assert_int_equal(count_rows(&r, 3, false), 15);
	assert_row(&r, 0, 1, false, 1, 0, "init", "init");
	assert_row(&r, 0, 2, false, 2, 0, "[kthreadd]", "[kthreadd]");
	assert_row(&r, 0, 571, false, 571, 1,
		   "android.hardware.power@1.3-service.pixel",
		   "android.hardware.power@1.3-service.pixel");
	assert_row(&r, 0, 4812, false, 4812, 689,
		   "com.google.android.apps.maps", "app_process64");
	assert_row(&r, 1, 4812, true, 4812, -1, "droid.apps.maps", NULL);
	assert_row(&r, 1, 4818, true, 4812, -1, "Jit thread pool", NULL);
	assert_row(&r, 1, 1401, true, 1394, -1, "Signal Catcher", NULL);
	assert_row(&r, 2, 9001, false, 9001, 689,
		   "com.android.chrome:sandboxed_process0", "app_process64");
	assert_row(&r, 3, 4901, true, 4812, -1, "OkHttp Dispatch", NULL);

	/* basic API: 17 process rows + 11 non-main threads */
	assert_int_equal(tm_procdump_parse(d, len, collect_call, &c), 28);
	assert_int_equal(c.pid[0], 1);
	assert_int_equal(c.ppid[0], 0);
	assert_str(c.name[0], "init", "name", "toybox");
	assert_int_equal(c.pid[8], 598);      /* first thread after 8 processes */
	assert_int_equal(c.ppid[8], -1);
	assert_str(c.name[8], "HwBinder:571_1", "name", "toybox");
	assert_int_equal(tm_procdump_parse(d, len, NULL, NULL), 28);
	free(d);
}

static void test_procdump_toybox(void **state)
{
	(void)state;
	check_toybox("\n");
	check_toybox("\r\n");
	check_toybox("\r\r\n");
	check_toybox("\n\n");     /* blank lines between rows */
}

static void test_procdump_toolbox(void **state)
{
	static struct rows r;
	static struct calls c;
	size_t len;
	char *d = load_dump("testdata/procdump/toolbox.txt", "\r\n", &len);

	(void)state;
	memset(&r, 0, sizeof(r));
	memset(&c, 0, sizeof(c));
	/* (ps: 7 rows, ps -t: 7 processes + 12 threads) x 2 snapshots */
	assert_int_equal(tm_procdump_parse_rows(d, len, collect_row, &r), 52);
	assert_int_equal(count_rows(&r, 0, false), 7);
	assert_int_equal(count_rows(&r, 0, true), 0);
	assert_int_equal(count_rows(&r, 1, false), 19);
	assert_int_equal(count_rows(&r, 1, true), 12);
	assert_int_equal(count_rows(&r, 3, true), 12);
	/* the unlabelled state letter is not part of the name */
	assert_row(&r, 0, 1, false, 1, 0, "/init", NULL);
	assert_row(&r, 1, 1, false, 1, 0, "/init", NULL);
	assert_row(&r, 1, 1, true, 1, -1, "init", NULL);
	assert_row(&r, 1, 1940, true, 1931, -1, "Signal Catcher", NULL);
	assert_row(&r, 1, 3302, false, 3302, 1931, "com.android.systemui", NULL);
	assert_row(&r, 1, 3315, true, 3302, -1, "RenderThread", NULL);
	/* a child that follows its parent's thread group is still a process */
	assert_row(&r, 1, 3390, false, 3390, 3302, "com.example.child", NULL);
	assert_row(&r, 1, 3390, true, 3390, -1, "xample.child", NULL);
	assert_row(&r, 3, 4188, false, 4188, 4186, "ps", NULL);

	/* basic API: 28 process rows + 2 x 5 non-main threads */
	assert_int_equal(tm_procdump_parse(d, len, collect_call, &c), 38);
	free(d);
}

static long parse_str(const char *s, struct rows *r)
{
	memset(r, 0, sizeof(*r));
	return tm_procdump_parse_rows(s, strlen(s), collect_row, r);
}

static void test_procdump_shapes(void **state)
{
	static struct rows r;

	(void)state;
	/* the name sits between columns: blanks in it are kept */
	assert_int_equal(parse_str("PROCESS DUMP\n"
		"USER PID PPID VSZ RSS WCHAN PC S NAME COMM\n"
		"root 10 1 100 10 0 0 S sshd: root@pts/0 sshd\n", &r), 1);
	assert_row(&r, 0, 10, false, 10, 1, "sshd: root@pts/0", "sshd");

	/* toybox defaults: ps -A and ps -AT */
	assert_int_equal(parse_str("PROCESS DUMP\n"
		"USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME\n"
		"root             1     0   19140   2840 SyS_epoll_wait      0 S init\n"
		"USER           PID   TID  PPID     VSZ    RSS WCHAN            ADDR S CMD\n"
		"system        1394  1401   689 5627300 268904 futex_wait_queue_me 0 S Signal Catcher\n",
		&r), 2);
	assert_row(&r, 0, 1, false, 1, 0, "init", NULL);
	assert_row(&r, 1, 1401, true, 1394, 689, "Signal Catcher", NULL);

	/* procps ps: no PPID column, indented header */
	assert_int_equal(parse_str("\n\n  PROCESS DUMP \r\n"
		"    PID TTY          TIME CMD\n"
		"      1 ?        00:00:03 systemd\n"
		"    812 pts/0    00:00:00 Some Thing\n", &r), 2);
	assert_row(&r, 0, 812, false, 812, -1, "Some Thing", NULL);

	/* junk before the first header, bad rows and error lines are skipped */
	assert_int_equal(parse_str("PROCESS DUMP\n"
		"root 5 1 x\n"
		"bad -o ADDR=PC\n"
		"USER PID TID CMD\n"
		"root abc 1 x\n"
		"root 1 99999999999 x\n"
		"root 1\n"
		"ps: permission denied\n"
		"root 7 8 ok\n", &r), 1);
	assert_row(&r, 0, 8, true, 7, -1, "ok", NULL);

	/* a header without a name column makes its rows unusable */
	assert_int_equal(parse_str("PROCESS DUMP\nPID PPID\n1 0\n", &r), 0);

	/* nothing captured: the agent wrote just the header */
	assert_int_equal(parse_str("PROCESS DUMP\n", &r), 0);
	assert_int_equal(parse_str("PROCESS DUMP", &r), 0);
}

static void test_procdump_not_a_dump(void **state)
{
	static struct rows r;

	(void)state;
	assert_int_equal(parse_str("", &r), -1);
	assert_int_equal(parse_str("\n\n", &r), -1);
	assert_int_equal(parse_str("# tracer: nop\n", &r), -1);
	assert_int_equal(parse_str("CGROUP DUMP\nUSER PID NAME\n", &r), -1);
	assert_int_equal(parse_str("PROCESS DUMPX\n", &r), -1);
	assert_int_equal(parse_str("ATRACE_PROCESS_DUMP\n{}", &r), -1);
	assert_int_equal(tm_procdump_parse_rows(NULL, 0, NULL, NULL), -1);
	assert_int_equal(tm_procdump_parse("PROCESS", 7, NULL, NULL), -1);
	/* LEN is honoured: the magic cut short is not the magic */
	assert_int_equal(tm_procdump_parse("PROCESS DUMP\n", 7, NULL, NULL), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perfetto_vectors),
		cmocka_unit_test(test_perfetto_tsv_covered),
		cmocka_unit_test(test_own_vectors),
		cmocka_unit_test(test_free_text_and_invalid_text),
		cmocka_unit_test(test_kind_names),
		cmocka_unit_test(test_real_markers),
		cmocka_unit_test(test_procdump_toybox),
		cmocka_unit_test(test_procdump_toolbox),
		cmocka_unit_test(test_procdump_shapes),
		cmocka_unit_test(test_procdump_not_a_dump),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
