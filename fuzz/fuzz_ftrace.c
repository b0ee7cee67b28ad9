/* fuzz_ftrace.c - libFuzzer target: the ftrace reader, atrace payloads of
 * its markers, the canonical writer and the stats scan on arbitrary text.
 * The canonical lines written JSON-escaped in place must equal the whole
 * lines escaped (the reference path): both go to scratch files, compared.
 * Every line must read the same by the parser's shortcuts for the kernel's
 * layout and by its general search; columns found at the kernel's fixed
 * places must be what printf writes there, and give the prefix that checking
 * every column gives. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canon.h"
#include "ftrace-general.h"
#include "kscan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The bytes written to scratch output O (flushed), malloc'd; *N: count. */
static char *written(struct tm_out *o, size_t *n)
{
	off_t end;
	char *p;

	tm_out_flush(o);
	end = lseek(o->fd, 0, SEEK_CUR);
	if (end < 0 || !(p = malloc((size_t)end + 1)) ||
	    pread(o->fd, p, (size_t)end, 0) != end)
		abort();
	*n = (size_t)end;
	return p;
}

/* Abort unless A and B hold the same bytes; both are closed. */
static void same_output(struct tm_out *a, struct tm_out *b)
{
	size_t na, nb;
	char *pa = written(a, &na), *pb = written(b, &nb);

	if (na != nb || memcmp(pa, pb, na))
		abort();
	free(pa);
	free(pb);
	tm_out_abort(a);
	tm_out_abort(b);
}

/* Every field, bools and padding of flags included, byte for byte. */
static bool same_event(const struct tm_ftrace_event *a, const struct tm_ftrace_event *b)
{
#define SAME(f) (memcmp(&a->f, &b->f, sizeof(a->f)) == 0)
	return SAME(comm) && SAME(pid) && SAME(tgid) && SAME(has_tgid_col) && SAME(cpu) &&
	       SAME(nflags) && SAME(flags) && SAME(ts_ns) && SAME(ts_digits) && SAME(style) &&
	       SAME(name.n) && memcmp(a->name.p, b->name.p, a->name.n) == 0 &&
	       SAME(details) && SAME(instance) && SAME(print_prefixed) && SAME(name_padded);
#undef SAME
}

/* Are the first 42 of the N bytes at LINE what printf writes of EV's
 * columns in the kernel's layout (what kernel_cols promises)? */
static bool printf_columns(const char *line, size_t n, const struct tm_ftrace_event *ev)
{
	char tg[16], want[96];

	if (ev->tgid < 0)
		snprintf(tg, sizeof(tg), "-----");
	else
		snprintf(tg, sizeof(tg), "%5d", ev->tgid);
	if (ev->comm.n > 16)
		return false;
	/* "%16s" of the comm by hand: it may hold NUL bytes */
	memset(want, ' ', 16 - ev->comm.n);
	memcpy(want + 16 - ev->comm.n, ev->comm.p, ev->comm.n);
	snprintf(want + 16, sizeof(want) - 16, "-%-5d (%s) [%03d] ", ev->pid, tg, ev->cpu);
	if (strlen(want + 16) != 21)
		return false;
	memcpy(want + 37, ev->flags, 4);   /* "%.4s", NUL bytes too */
	want[41] = ' ';
	return ev->nflags == 4 && n >= 42 && memcmp(line, want, 42) == 0;
}

/* The prefix of L the same with kernel_cols as found and cleared (every
 * column checked again). */
static void same_prefix(const struct tm_ftrace_line *l)
{
	struct tm_ftrace_line g = *l;
	struct tm_canon_pre pa, pb;
	char ba[TM_CANON_PREFIX_MAX], bb[TM_CANON_PREFIX_MAX];
	bool ra, rb;

	g.ev.kernel_cols = false;
	ra = tm_canon_prefix_json(ba, l, -1, &pa);
	rb = tm_canon_prefix_json(bb, &g, -1, &pb);
	if (ra != rb)
		abort();
	if (ra && (pa.n[0] != pb.n[0] || pa.n[1] != pb.n[1] || pa.counts != pb.counts ||
		   pa.line != pb.line || pa.p[1] != pb.p[1] ||
		   memcmp(pa.p[0], pb.p[0], pa.n[0])))
		abort();
}

/* Each line of DATA (the first byte: flag width and trace-cmd form) read
 * by both parsers into structs filled with different garbage first. */
static void both_parsers(const uint8_t *data, size_t size)
{
	const char *p, *e, *nl;
	int fw;
	bool tc;

	if (size < 1)
		return;
	fw = data[0] % 6;
	tc = data[0] & 0x80;
	for (p = (const char *)data + 1, e = (const char *)data + size; p < e; p = nl + 1) {
		struct tm_ftrace_event a, b;
		int ra, rb;

		nl = memchr(p, '\n', (size_t)(e - p));
		if (!nl)
			nl = e;
		memset(&a, 0x55, sizeof(a));
		memset(&b, 0xaa, sizeof(b));
		ra = tm_ftrace_parse_event(p, (size_t)(nl - p), fw, tc, &a);
		rb = tm_ftrace_parse_event_general(p, (size_t)(nl - p), fw, tc, &b);
		if (ra != rb || (ra == 0 && !same_event(&a, &b)) ||
		    (ra == 0 && a.kernel_cols && !printf_columns(p, (size_t)(nl - p), &a)))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tm_ftrace_reader *r = tm_ftrace_reader_new((const char *)data, size);
	struct tm_ftrace_line l;
	struct tm_buf b = { 0 };
	struct tm_canon_stats cs = { 0 };
	struct tm_diag d;
	struct tm_kstats st;
	struct tm_input *in;

	struct tm_out fast, ref, own, pre;   /* own, pre: TGID fill -1 */
	struct tm_canon_stats cs_own = { 0 }, cs_pre = { 0 };
	char prefix[TM_CANON_PREFIX_MAX];
	struct tm_canon_pre cp;

	if (!r)
		return 0;
	both_parsers(data, size);
	tm_diag_init(&d);
	if (tm_out_open_scratch(&fast, NULL, &d) || tm_out_open_scratch(&ref, NULL, &d) ||
	    tm_out_open_scratch(&own, NULL, &d) || tm_out_open_scratch(&pre, NULL, &d))
		abort();
	fast.reference = false;
	ref.reference = true;
	own.reference = pre.reference = false;
	while (tm_ftrace_next(r, &l)) {
		if (l.kind == TM_LN_EVENT) {
			if (l.ev.kernel_cols)
				same_prefix(&l);
			b.n = 0;
			tm_canon_line(&b, &l, -1, &cs);
			tm_canon_line_json(&fast, &b, &l, 7, &cs);
			tm_canon_line_json(&ref, &b, &l, 7, &cs);
			/* the prefix made ahead (the line feed's) gives the same */
			tm_canon_line_json(&own, &b, &l, -1, &cs_own);
			if (tm_canon_prefix_json(prefix, &l, -1, &cp))
				tm_canon_line_json_pre(&pre, &b, &l, &cp, &cs_pre);
			else
				tm_canon_line_json(&pre, &b, &l, -1, &cs_pre);
		}
	}
	if (memcmp(&cs_own, &cs_pre, sizeof(cs_own)))
		abort();
	same_output(&own, &pre);
	same_output(&fast, &ref);
	tm_ftrace_reader_free(r);
	tm_buf_free(&b);

	in = tm_input_open_mem("fuzz", data, size, &d);
	if (in && tm_kstats_init(&st, "fuzz", &d) == 0) {
		tm_kscan_input(in, &st, NULL, NULL);
		tm_kstats_free(&st);
	}
	tm_input_free(in);
	tm_diag_free(&d);
	return 0;
}
