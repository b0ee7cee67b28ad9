/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_tejson_fast.c - the fast paths of the Trace Event JSON reader
 * (parsers/trace-event-json.c: numbers of ts/dur/pid/tid/args.issue_ts converted
 * during the walk, 8 digits at a time; strings and keys 16 bytes at a time)
 * give what the format says, wherever the value lies: far from the end of
 * the text (fast path), within a few bytes of it (the general path), and
 * on the reference path (tm_tuning_set: no fast path).  Expected values are worked out by
 * hand from the decimal text (µs -> ns: times 1000, rounded to the nearest,
 * ties away from zero). */
#include <stdlib.h>

#include "tejson_util.h"
#include "tracemerge/session.h"   /* tm_tuning_set */

enum mode { FAR, NEAR, REFERENCE };

/* Read "[" EVENT PAD "]" in MODE: FAR pads the event with 40 blanks before
 * its closing '}' (so no value lies near the end), NEAR leaves none. */
static void read_mode(struct res *x, const char *event, enum mode m, char *buf, size_t cap)
{
	size_t n = strlen(event);

	assert_true(n + 64 < cap && event[n - 1] == '}');
	snprintf(buf, cap, "[%.*s%s}]", (int)(n - 1), event,
		 m == FAR ? "                                        " : "");
	if (m == REFERENCE)
		tm_tuning_set(&(struct tm_tuning){ .reference = true });
	res_read(x, buf);
	tm_tuning_set(NULL);
}

struct us_case {
	const char *text;
	bool ok;
	int64_t ns;
};

/* ts, dur and args.issue_ts: µs -> ns, by hand */
static const struct us_case us_cases[] = {
	{ "0", true, 0 },
	{ "-0", true, 0 },
	{ "1", true, 1000 },
	{ "0.5", true, 500 },
	{ "-0.5", true, -500 },
	{ "1.2", true, 1200 },
	{ "1.23", true, 1230 },
	{ "1.234", true, 1234 },
	{ "1.2344", true, 1234 },
	{ "1.2345", true, 1235 },
	{ "-1.2345", true, -1235 },
	{ "12345678", true, 12345678000 },
	{ "123456789", true, 123456789000 },
	{ "101502000.830", true, 101502000830 },
	{ "123456789012345", true, 123456789012345000 },
	{ "999999999999999.999", true, 999999999999999999 },
	{ "1234567890123456", true, 1234567890123456000 },
	{ "9223372036854775.807", true, INT64_MAX },
	{ "-9223372036854775.807", true, -INT64_MAX },
	{ "9223372036854775.808", false, 0 },
	{ "12345678901234567", false, 0 },
	{ "1e3", true, 1000000 },
	{ "1.5E-3", true, 2 },
	{ "2.5e-1", true, 250 },
	{ "\"12.5\"", true, 12500 },
	{ "\"x\"", false, 0 },
};

static void test_us_values(void **state)
{
	static const char *const forms[] = {
		"{\"ph\":\"X\",\"ts\":%s,\"pid\":1}",
		"{\"ph\":\"X\",\"ts\":1,\"dur\":%s}",
		"{\"ph\":\"c\",\"ts\":1,\"args\":{\"sync_id\":\"a\",\"issue_ts\":%s}}",
	};
	char event[256], buf[512];

	(void)state;
	for (size_t c = 0; c < sizeof(us_cases) / sizeof(us_cases[0]); c++) {
		const struct us_case *u = &us_cases[c];

		for (int f = 0; f < 3; f++) {
			for (int m = FAR; m <= REFERENCE; m++) {
				struct res x;
				bool has;
				int64_t ns;

				snprintf(event, sizeof(event), forms[f], u->text);
				read_mode(&x, event, (enum mode)m, buf, sizeof(buf));
				assert_int_equal(x.rc, 0);
				assert_int_equal(x.n, 1);
				has = f == 0 ? x.ev[0].has_ts : f == 1 ? x.ev[0].has_dur :
				      x.ev[0].has_issue_ts;
				ns = f == 0 ? x.ev[0].ts_ns : f == 1 ? x.ev[0].dur_ns :
				     x.ev[0].issue_ts_ns;
				if (has != u->ok || (u->ok && ns != u->ns))
					fail_msg("%s (form %d, mode %d): has %d ns %lld", buf, f, m,
						 has, (long long)ns);
				assert_int_equal(tm_diag_count(&x.d, "json-bad-value"), u->ok ? 0 : 1);
				res_free(&x);
			}
		}
	}
}

struct int_case {
	const char *text;
	bool ok;
	int64_t v;
};

/* pid and tid: integers only (a fraction or exponent is warned about) */
static const struct int_case int_cases[] = {
	{ "0", true, 0 },
	{ "-0", true, 0 },
	{ "-1", true, -1 },
	{ "3990", true, 3990 },
	{ "12345678", true, 12345678 },
	{ "123456789", true, 123456789 },
	{ "123456789012345", true, 123456789012345 },
	{ "1234567890123456", true, 1234567890123456 },
	{ "9223372036854775807", true, INT64_MAX },
	{ "-9223372036854775808", true, INT64_MIN },
	{ "9223372036854775808", false, 0 },
	{ "1.0", false, 0 },
	{ "1.5", false, 0 },
	{ "1e2", false, 0 },
	{ "\"42\"", true, 42 },
};

static void test_int_values(void **state)
{
	static const char *const forms[] = {
		"{\"ph\":\"X\",\"pid\":%s,\"tid\":1}",
		"{\"ph\":\"X\",\"pid\":1,\"tid\":%s}",
	};
	char event[256], buf[512];

	(void)state;
	for (size_t c = 0; c < sizeof(int_cases) / sizeof(int_cases[0]); c++) {
		const struct int_case *u = &int_cases[c];

		for (int f = 0; f < 2; f++) {
			for (int m = FAR; m <= REFERENCE; m++) {
				struct res x;
				bool has;
				int64_t v;

				snprintf(event, sizeof(event), forms[f], u->text);
				read_mode(&x, event, (enum mode)m, buf, sizeof(buf));
				assert_int_equal(x.rc, 0);
				has = f == 0 ? x.ev[0].has_pid : x.ev[0].has_tid;
				v = f == 0 ? x.ev[0].pid_v : x.ev[0].tid_v;
				if (has != u->ok || (u->ok && v != u->v))
					fail_msg("%s (mode %d): has %d v %lld", buf, m, has, (long long)v);
				assert_int_equal(tm_diag_count(&x.d, "json-bad-value"), u->ok ? 0 : 1);
				res_free(&x);
			}
		}
	}
}

/* Malformed numbers: the same error at the same place on every path. */
static void test_bad_numbers(void **state)
{
	static const struct {
		const char *event;
		const char *error;
	} cases[] = {
		{ "{\"ts\":01}", "t.json:1:9: expected ',' or '}' in an object" },
		{ "{\"ts\":1.5.3}", "t.json:1:11: expected ',' or '}' in an object" },
		{ "{\"ts\":1.}", "t.json:1:10: invalid number: no digit after '.'" },
		{ "{\"ts\":-x}", "t.json:1:9: invalid number" },
		{ "{\"ts\":1e}", "t.json:1:10: invalid number: no digit in the exponent" },
		{ "{\"pid\":00}", "t.json:1:10: expected ',' or '}' in an object" },
		{ "{\"pid\":1234567890123456789012345678901234567890x}",
		  "t.json:1:49: expected ',' or '}' in an object" },
	};
	char buf[512];

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		for (int m = FAR; m <= REFERENCE; m++) {
			struct res x;

			read_mode(&x, cases[c].event, (enum mode)m, buf, sizeof(buf));
			assert_int_equal(x.rc, -1);
			assert_int_equal(x.n, 0);
			assert_string_equal(x.d.error, cases[c].error);
			res_free(&x);
		}
	}
}

/* A number that ends the text: truncated, the partial event skipped. */
static void test_number_at_end(void **state)
{
	static const char *const texts[] = {
		"[{\"ts\":123", "[{\"ts\":123.", "[{\"ts\":123.5", "[{\"pid\":-",
		"[{\"ts\":1e", "[{\"ts\":1e+", "[{\"ts\"", "[{\"ts\":", "[{\"name\":",
		"[{\"name\":\"abc", "[{\"args\":{\"x\":1", "[{\"pid\":1,\"args\":",
	};

	(void)state;
	for (size_t c = 0; c < sizeof(texts) / sizeof(texts[0]); c++) {
		struct res x;

		res_read(&x, texts[c]);
		assert_int_equal(x.rc, 0);
		assert_int_equal(x.n, 0);
		assert_true(x.top->truncated);
		assert_int_equal(x.top->skipped, 1);
		assert_int_equal(tm_diag_count(&x.d, "json-truncated"), 1);
		res_free(&x);
	}
}

/* Keys and strings of every length around the 16-byte steps, plain or
 * with an escape or a non-ASCII byte at any place, at any distance from
 * the end of the text: the same fields. */
static void test_string_lengths(void **state)
{
	char name[64], event[256], buf[512];

	(void)state;
	for (size_t len = 0; len < 40; len++) {
		for (size_t at = 0; at <= len; at++) {
			for (int kind = 0; kind < 3; kind++) {
				size_t i;

				for (i = 0; i < len; i++)
					name[i] = (char)('a' + i % 26);
				name[len] = '\0';
				if (kind == 1 && at < len)
					memcpy(name + at, "\\n", 2), name[len > at + 2 ? len : at + 2] = '\0';
				else if (kind == 2 && at < len && at + 2 <= len)
					memcpy(name + at, "\xc3\xa9", 2);
				snprintf(event, sizeof(event),
					 "{\"name\":\"%s\",\"ph\":\"i\",\"%s\":1,\"ts\":7}", name, name);
				for (int m = FAR; m <= REFERENCE; m++) {
					struct res x;

					read_mode(&x, event, (enum mode)m, buf, sizeof(buf));
					assert_int_equal(x.rc, 0);
					assert_int_equal(x.n, 1);
					assert_int_equal(x.ev[0].name.n, strlen(name) + 2);
					assert_memory_equal(x.ev[0].name.p + 1, name, strlen(name));
					assert_int_equal(x.ev[0].phase, 'i');
					assert_true(x.ev[0].has_ts);
					assert_int_equal(x.ev[0].ts_ns, 7000);
					assert_int_equal(tm_diag_total(&x.d), 0);
					res_free(&x);
				}
			}
		}
	}
}

/* Keys spelled with escapes or repeated: the first one wins, escaped or
 * not, on every path. */
static void test_keys_escaped_repeated(void **state)
{
	static const char event[] =
		"{\"t\\u0073\":5,\"ts\":6,\"p\\u0069d\":7,\"pid\":8,\"ph\":\"B\",\"args\":"
		"{\"issue_ts\":2,\"issue\\u005fts\":3,\"sync_id\":\"s\"}}";
	char buf[512];

	(void)state;
	for (int m = FAR; m <= REFERENCE; m++) {
		struct res x;

		read_mode(&x, event, (enum mode)m, buf, sizeof(buf));
		assert_int_equal(x.rc, 0);
		assert_int_equal(x.ev[0].ts_ns, 5000);
		assert_int_equal(x.ev[0].pid_v, 7);
		assert_int_equal(x.ev[0].issue_ts_ns, 2000);
		assert_true(jv_is(x.ev[0].sync_id, TM_J_STRING, "\"s\""));
		res_free(&x);
	}
}

/* The keys of the fields as serializers write them ("ts":) and spelled
 * otherwise (blanks before ':', longer keys that start the same): the same
 * fields on every path. */
static void test_key_spellings(void **state)
{
	static const char event[] =
		"{\"tsx\":6,\"ts\" : 5,\"pidx\":7,\"pid\":8,\"namex\":\"m\",\"name\"\t:\"n\","
		"\"args\":{\"ts\":9,\"pid\":10},\"ph\":\"B\",\"tid\":11,\"ts\":12,\"cat\":\"c\","
		"\"dur\":1.5,\"id\":\"0x1\",\"idx\":0}";
	char buf[512];

	(void)state;
	for (int m = FAR; m <= REFERENCE; m++) {
		struct res x;

		read_mode(&x, event, (enum mode)m, buf, sizeof(buf));
		assert_int_equal(x.rc, 0);
		assert_int_equal(x.n, 1);
		assert_int_equal(x.ev[0].ts_ns, 5000);
		assert_true(jv_is(x.ev[0].ts, TM_J_NUMBER, "5"));
		assert_int_equal(x.ev[0].pid_v, 8);
		assert_int_equal(x.ev[0].tid_v, 11);
		assert_true(jv_is(x.ev[0].name, TM_J_STRING, "\"n\""));
		assert_true(jv_is(x.ev[0].cat, TM_J_STRING, "\"c\""));
		assert_true(jv_is(x.ev[0].id, TM_J_STRING, "\"0x1\""));
		assert_true(jv_is(x.ev[0].args, TM_J_OBJECT, "{\"ts\":9,\"pid\":10}"));
		assert_int_equal(x.ev[0].phase, 'B');
		assert_int_equal(x.ev[0].dur_ns, 1500);
		assert_int_equal(tm_diag_total(&x.d), 0);
		res_free(&x);
	}
}

/* Line numbers of events and of warnings, with newlines inside events
 * (between keys, in args, in a nested array), a repaired event and CRLF:
 * the fast walk counts the newlines it goes over, the others are looked
 * for; lines worked out by hand from the text. */
static void test_lines(void **state)
{
	static const char t[] =
		"[{\"ph\":\"X\",\n"                        /* 1 */
		" \"ts\":1,\r\n"                           /* 2 */
		" \"args\":{\"a\":\n"                      /* 3 */
		"   1}},\n"                                /* 4 */
		"{\"ph\":\"X\",\"ts\":2,\"x\":[1,\n"           /* 5 */
		" 2]},\n"                                  /* 6 */
		"{\"ph\":\"X\",\"ts\":3,\"bad\":\"\x01\"},\n"    /* 7 */
		"{\"ph\":\"X\",\n"                         /* 8 */
		"\"ts\":4},{\"ph\":\"X\",\"ts\":5},\n"         /* 9 */
		"{\"ph\":\"X\",\"ts\":\"x\"}]\n";             /* 10 */
	static const unsigned long lines[] = { 1, 5, 7, 8, 9, 10 };

	(void)state;
	for (int m = FAR; m <= REFERENCE; m += REFERENCE - FAR) {
		struct res x;

		if (m == REFERENCE)
			tm_tuning_set(&(struct tm_tuning){ .reference = true });
		res_read(&x, t);
		tm_tuning_set(NULL);
		assert_int_equal(x.rc, 0);
		assert_int_equal(x.n, 6);
		for (size_t i = 0; i < 6; i++)
			assert_int_equal(x.ev[i].line, lines[i]);
		assert_true(x.ev[2].repaired);
		assert_string_equal(first_loc(&x.d, "json-bad-string"), "t.json:7");
		assert_string_equal(first_loc(&x.d, "json-bad-value"), "t.json:10");
		res_free(&x);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_us_values),
		cmocka_unit_test(test_int_values),
		cmocka_unit_test(test_bad_numbers),
		cmocka_unit_test(test_number_at_end),
		cmocka_unit_test(test_string_lengths),
		cmocka_unit_test(test_keys_escaped_repeated),
		cmocka_unit_test(test_key_spellings),
		cmocka_unit_test(test_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
