/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto.c - a Perfetto protobuf trace (.perfetto-trace, .pftrace) as an
 * input: its kernel events become one ftrace text block, as trace-dat.c
 * does for a trace.dat, so that stats, import, sync and merge read them as
 * they read the kernel's text.
 *
 * The file is the message Trace: repeated TracePacket (field 1).  A gzip'ed
 * file is inflated by input.c first; TracePacket.compressed_packets (zlib)
 * and zstd_compressed_packets (zstd) are decompressed here under the
 * input's decompression budget and read as more packets (the input keeps
 * them: pass 2 reads them again).  Two passes:
 *
 *  1. every packet, in file order: each FtraceEventBundle is read and
 *     noted in an index of bundles (where its bytes are, its CPU, its
 *     first and last time, its packet and sequence, and its CPU's compact
 *     sched state before it: about 100 bytes a bundle of hundreds of
 *     events), no record kept per event; its events are counted (stats)
 *     and the compact_sched columns followed (sched_switch takes its
 *     prev_* from the CPU's previous switch, as Perfetto does: the first
 *     compact switch of a CPU only seeds it, and a compact sched_waking
 *     before any switch on its CPU has no known waker: both counted as
 *     warnings); thread names (process tree, sched_switch, task_newtask,
 *     task_rename, wakeups, compact sched's comm table), tgids (process
 *     tree, process stats) and interned kernel symbols (each definition
 *     kept with the packet it came in) are learned.  A CPU's bundles
 *     make a chain when each starts no earlier than the one before ends
 *     (in a trace as traced_probes writes it: one chain a CPU); a bundle
 *     that goes back in time starts another chain of its CPU (counted:
 *     perfetto-bundles-out-of-order).
 *  2. the chains are merged by (time, bundle, place in the bundle) with a
 *     heap: each chain decodes one bundle at a time (its records, 112
 *     bytes each, made again from the bundle's bytes with the CPU's state
 *     noted for it, and the symbols of its packet; its events and its
 *     compact sched, two runs in time order, merged), so that the lines
 *     come in the order of a stable sort of all the events by time, file
 *     order among equal times.  Each is written as a line in the layout
 *     of Perfetto's to_ftrace():
 *
 *       "%16s-%-5d (%5d|-----) [%03d] .... SECS: NAME: DETAILS"
 *
 *     the comm being the last name the trace gives the thread ("<idle>"
 *     for pid 0, "<...>" when none: the kernel's "unknown", which Perfetto
 *     writes "<unknown>"), seconds with 6 decimals when the time is a whole
 *     microsecond, else 9 (exact; to_ftrace truncates to microseconds).
 *     The lines are written in place (digits.h; printf only for the
 *     hexadecimal fields of rarer events), a task's "COMM-PID (TGID) ["
 *     from a small cache.
 *
 * Pass 1 also counts the lines the text will hold (note_line), so that its
 * header is written first and everything but the lines is known after it:
 * tm_perfetto_begin ends there, with every block added and the text's
 * head written, and tm_pf_text_run, pass 2, may then write the lines on
 * another thread while the first pass of stats, import and merge reads
 * them (input.c's job).
 *
 * The typed events other than print, sched_switch, sched_blocked_reason and
 * generic are written from the table of perfetto-events.c (their fields'
 * layouts).  Memory: the names, tgids and symbols the trace defines, the
 * index of bundles, and the decoded bundles of the chains at the time
 * being written (one a chain); the text block (a scratch-file mapping, not
 * process memory) grows with the trace, as a decompressed input does.  A
 * typed event without a text form is counted per FtraceEvent field number
 * ("perfetto-event-N" warnings).
 * Clock snapshots and the bundles' ftrace clock become header records the
 * sync reads (perfetto-clock.c).  TrackEvents (app slices, instants,
 * counters) are read by perfetto-track.c from each packet and become JSON
 * blocks.
 *
 * This file is the input: the sniffing, the passes run and the text's
 * head; the passes themselves are in perfetto-read.c, perfetto-names.c,
 * perfetto-order.c and perfetto-lines.c (perfetto-int.h: their state).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "big-buffer.h"
#include "decode.h"
#include "hash-map.h"
#include "perfetto.h"
#include "perfetto-clock.h"
#include "perfetto-int.h"
#include "perfetto-track.h"
#include "perfetto-stats.h"
#include "perfetto-wire.h"

/* ---- sniffing ----------------------------------------------------------- */

/* Are the fields of [P, END) well formed, at least one?  With CUT (the
 * message goes on past END: a head of the file), a last field cut by END
 * is fine.  Nested messages are not entered. */
static bool fields_plausible(const uint8_t *p, const uint8_t *end, bool cut)
{
	struct tm_pb r = tm_pb_init(p, p, (size_t)(end - p));
	struct tm_pb_field f;
	struct tm_pb_error e;
	unsigned n = 0;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		n++;
	if (rc == 0)
		return n > 0;
	return cut && n > 0 && (!strncmp(e.what, "truncated", 9) || strstr(e.what, "past the end"));
}

bool tm_is_perfetto(const void *data, size_t len)
{
	const uint8_t *p = data, *end = p + len, *q;
	uint64_t n;

	/* empty packets first (0a 00: a valid trace begins so when its first
	 * packet's fields were all cleared): judged by the packet after them;
	 * nothing but empty packets is no trace to read */
	while (end - p >= 2 && p[0] == 0x0a && p[1] == 0)
		p += 2;
	q = p + 1;
	if (end - p < 3 || p[0] != 0x0a || tm_pb_varint(&q, end, &n) || n == 0)
		return false;
	if (n <= (uint64_t)(end - q))
		return fields_plausible(q, q + n, false) && (q + n == end || q[n] == 0x0a);
	return fields_plausible(q, end, true);
}

/* ---- the text's head, what the trace lost ------------------------------- */

/* The header of the text block before its clock records, for LINES event
 * lines, into BUF (CAP bytes); returns its length. */
static size_t format_header(const struct pf *pf, size_t lines, char *buf, size_t cap)
{
	int n = snprintf(buf, cap,
			 "# tracer: nop\n#\n# entries-in-buffer/entries-written: %zu/%zu   #P:%u\n#\n"
			 "# tracemerge: from a Perfetto trace: %" PRIu64 " packets, %" PRIu64
			 " ftrace bundles, %" PRIu64 " events, %" PRIu64 " clock snapshots\n",
			 lines, lines, pf->max_cpu + 1, pf->packets, pf->bundles, pf->events,
			 pf->clk.snapshots);

	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

/* The header's clock records (perfetto-clock.c) and its legend. */
static void put_clock_header(struct pf *pf)
{
	static const char legend[] =
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		"#              | |        |      |   ||||       |         |\n";
	size_t n = tm_pf_clocks_header(&pf->clk, NULL, 0);
	char *t = malloc(n + 1);

	if (!t || pf->clk.nomem) {
		pf->nomem = true;
		free(t);
		return;
	}
	tm_pf_clocks_header(&pf->clk, t, n + 1);
	tm_pf_lines_put(pf, t, n);
	tm_pf_lines_put(pf, legend, sizeof(legend) - 1);
	free(t);
}

/* One warning of KIND counted N times. */
static void warn_n(struct pf *pf, const char *kind, uint64_t n, const char *msg)
{
	tm_pf_warn_n(pf->in, kind, n, msg);
}

static void report_unknown(struct pf *pf)
{
	size_t it = 0;
	const char *key;
	uint64_t *n;
	uint32_t field;
	char kind[48], msg[160];

	while ((n = tm_hmap_next(pf->unknown, &it, &key, NULL))) {
		memcpy(&field, key, sizeof(field));
		snprintf(kind, sizeof(kind), "perfetto-event-%" PRIu32, field);
		snprintf(msg, sizeof(msg), "ftrace events of FtraceEvent field %" PRIu32
			 " have no text form here: not written", field);
		warn_n(pf, kind, *n, msg);
	}
	warn_n(pf, "perfetto-compact-first-switch", pf->first_switch,
	       "a CPU's first compact sched_switch only tells who runs next (no prev_*): not written");
	warn_n(pf, "perfetto-compact-waking-no-waker", pf->waking_no_waker,
	       "compact sched_waking before any sched_switch on its CPU (waker unknown): not written");
	warn_n(pf, "perfetto-bad-timestamp", pf->bad_ts,
	       "ftrace event timestamps past INT64_MAX ns: not written");
	warn_n(pf, "perfetto-bundles-out-of-order", pf->out_of_order,
	       "ftrace bundles that go back in time on their CPU: merged in time order all the same");
	warn_n(pf, "perfetto-lost-events", pf->lost_bundles,
	       "ftrace bundles that say the kernel lost events before them");
	warn_n(pf, "perfetto-clock-snapshot-unusable", pf->clk.unusable,
	       "clock snapshots with fewer than two clocks: nothing to relate");
	warn_n(pf, "perfetto-ftrace-clock-mixed", pf->clk.mixed,
	       "ftrace bundles on another ftrace clock than the trace's first: their clock pairs not used");
}

/* The loss the trace records, as counted warnings, and its "source"
 * lines for stats.  0, or -1 out of memory. */
static int report_source(struct pf *pf)
{
	struct tm_pf_loss l;
	struct tm_pf_totals t = {
		pf->packets, pf->bundles, pf->events, pf->clk.snapshots,
		tm_hmap_count(pf->procs), tm_hmap_count(pf->tgids), pf->lost_bundles,
	};

	tm_pf_stats_loss(pf->st, &l);
	warn_n(pf, "perfetto-ftrace-overrun", l.overrun + l.commit_overrun + l.dropped_events,
	       "ftrace events the kernel lost (FtraceStats: overrun, commit_overrun, "
	       "dropped_events from the trace's start to its end)");
	warn_n(pf, "perfetto-packets-dropped", l.packets_dropped,
	       "packets after a loss on their sequence (previous_packet_dropped)");
	warn_n(pf, "perfetto-incremental-state-lost", l.packets_state_lost,
	       "packets that need incremental state their sequence had lost or never set up");
	return tm_pf_stats_report(pf->st, &t, pf->in);
}

/* ---- the reader --------------------------------------------------------- */

static void recbuf_free(struct recbuf *b)
{
	free(b->r);     /* (ix and tmp with it: recbuf_grow) */
}

static void pf_free(struct pf *pf)
{
	tm_hmap_free(pf->names);
	tm_hmap_free(pf->tgids);
	tm_hmap_free(pf->born);
	tm_hmap_free(pf->procs);
	tm_hmap_free(pf->syms);
	tm_hmap_free(pf->unknown);
	tm_pftrack_free(pf->track);
	tm_pf_stats_free(pf->st);
	for (unsigned c = 0; c < 13; c++)
		free(pf->col[c].v);
	free(pf->itab);
	for (size_t i = 0; i < pf->ncpus; i++)
		free(pf->cch[i].id);
	free(pf->cch);
	free(pf->cpus);
	free(pf->lname);
	for (size_t i = 0; i < pf->npool; i++)
		recbuf_free(&pf->pool[i]);
	free(pf->pool);
	free(pf->freebuf);
	free(pf->bun);
	free(pf->chains);
	free(pf->heap);
	free(pf->symold);
	free(pf->tcache);
	tm_pf_clocks_free(&pf->clk);
	if (pf->buf)
		tm_big_free(pf->buf, pf->cap);
}

/* Pass 1, and what is known from it alone: the warnings, the source's
 * counts.  0, or -1 with the input's error set. */
static int first_pass(struct pf *pf, const char *p, size_t len)
{
	if (tm_pf_read_packets(pf, (const uint8_t *)p, (const uint8_t *)p, len) ||
	    tm_pf_names_born(pf))
		return -1;
	report_unknown(pf);
	return report_source(pf);
}

/* The text's head: the header (its count of lines from pass 1), the
 * clock records, the legend. */
static void put_head(struct pf *pf)
{
	char hdr[512];

	tm_pf_lines_put(pf, hdr, format_header(pf, pf->lines, hdr, sizeof(hdr)));
	put_clock_header(pf);
}

/* The text's end (pass 2 done): 0, or -1 with the input's error set when
 * its buffer could not grow or the lines are not those pass 1 counted. */
static int text_ended(struct pf *pf)
{
	if (pf->nomem && pf->cap >= pf->room) {
		tm_input_fail(pf->in, "its text would pass %zu bytes: not read", pf->room);
		return -1;
	}
	if (pf->nomem) {
		errno = pf->nomem_err;
		tm_input_fail_big(pf->in, "converting the Perfetto trace");
		return -1;
	}
	if (pf->written != pf->lines) {
		tm_input_fail(pf->in, "internal error: %zu lines written of the %zu counted",
			      pf->written, pf->lines);
		return -1;
	}
	return 0;
}

/* PF's tables for input IN: 0, or -1 with the input's error set. */
static int pf_init(struct pf *pf, struct tm_input *in)
{
	pf->in = in;
	in->format = TM_FMT_PERFETTO;
	tm_pf_clocks_init(&pf->clk);
	pf->task_states = TM_TASK_STATES_CURRENT;
	pf->names = tm_hmap_new(sizeof(struct view));
	pf->tgids = tm_hmap_new(sizeof(int32_t));
	pf->born = tm_hmap_new(sizeof(struct born));
	pf->procs = tm_hmap_new(sizeof(struct proc));
	pf->syms = tm_hmap_new(sizeof(struct sym));
	pf->unknown = tm_hmap_new(sizeof(uint64_t));
	pf->track = tm_pftrack_new();
	pf->st = tm_pf_stats_new();
	pf->lname = calloc(LNAME, sizeof(*pf->lname));
	if (!pf->lname || !pf->names || !pf->tgids || !pf->born || !pf->procs || !pf->syms || !pf->unknown ||
	    !pf->track || !pf->st)
		return nomem(pf);
	return 0;
}

/* ---- the text written beside the first pass ----------------------------- */

struct tm_pf_text {
	struct pf pf;
};

/* The process dump (pass 1's names and tgids) as a block of its own: the
 * text's buffer still grows.  0, or -1 with the input's error set. */
static int process_dump_apart(struct pf *pf)
{
	char *text = pf->buf, *dump;
	size_t len = pf->len, cap = pf->cap;
	int rc = 0;

	pf->buf = NULL;
	pf->len = pf->cap = 0;
	pf->fixed = false;
	tm_pf_lines_process_dump(pf);
	dump = pf->buf;
	if (pf->nomem) {
		errno = pf->nomem_err;
		tm_input_fail_big(pf->in, "converting the Perfetto trace");
		if (dump)
			tm_big_free(dump, pf->cap);
		rc = -1;
	} else if (tm_input_keep_big(pf->in, dump, pf->cap) ||
		   tm_input_add_block(pf->in, TM_BLOCK_PROCESS_DUMP, dump, pf->len, 0,
				      "perfetto")) {
		rc = -1;
	}
	pf->buf = text;
	pf->len = len;
	pf->cap = cap;
	pf->fixed = true;
	return rc;
}

/* Pass 1, with the text's buffer made ready for the lines it counts by
 * the thread BESIDE lends (or none) meanwhile: first_pass()'s result. */
static int first_pass_beside(struct pf *pf, const char *p, size_t len, struct tm_beside *beside)
{
	struct tm_big_prefill f = { .buf = pf->buf };
	int rc;

	if (!beside || !beside->start(beside, tm_big_prefill_run, &f))
		return first_pass(pf, p, len);
	pf->prefill = &f;
	rc = first_pass(pf, p, len);
	pf->prefill = NULL;
	tm_big_prefill_stop(&f);
	beside->join(beside);
	return rc;
}

int tm_perfetto_begin(struct tm_input *in, const char *p, size_t len, char *buf, size_t room,
		      struct tm_beside *beside, struct tm_pf_text **out)
{
	struct tm_pf_text *t = calloc(1, sizeof(*t));
	struct pf *pf;

	*out = NULL;
	if (!t) {
		tm_input_fail(in, "out of memory");
		return -1;
	}
	pf = &t->pf;
	pf->buf = buf;
	pf->fixed = true;
	pf->room = room;
	if (pf_init(pf, in) || first_pass_beside(pf, p, len, beside))
		goto fail;
	put_head(pf);
	if (pf->nomem) {
		text_ended(pf);
		goto fail;
	}
	if (tm_input_add_block(in, TM_BLOCK_FTRACE, buf, pf->len, 0, "perfetto") ||
	    (tm_hmap_count(pf->tgids) && process_dump_apart(pf)) ||
	    tm_pftrack_finish(pf->track, in))
		goto fail;
	/* pass 2's errors, until tm_pf_text_end */
	tm_diag_init(&pf->diag);
	pf->errin = (struct tm_input){ .name = in->name, .unmapped = in->unmapped,
				       .d = &pf->diag };
	pf->in = &pf->errin;
	*out = t;
	return 0;
fail:
	pf->buf = NULL;         /* the caller's */
	pf_free(pf);
	free(t);
	return -1;
}

int tm_pf_text_run(struct tm_pf_text *t, struct tm_grow *g, const bool *stop)
{
	struct pf *pf = &t->pf;

	pf->grow = g;
	pf->stop = stop;
	pf->published = pf->len;
	pf->ret = tm_pf_order_write(pf);
	if (!g)
		pf->published = pf->len;
	else if (pf->ret || pf->nomem || pf->written != pf->lines)
		tm_grow_stop(g);
	else
		tm_grow_end(g, pf->len);
	return pf->ret;
}

int tm_pf_text_end(struct tm_pf_text *t, struct tm_input *in, size_t *len)
{
	struct pf *pf = &t->pf;

	*len = pf->published;
	pf->in = in;
	tm_diag_absorb(in->d, &pf->diag);       /* (pass 2 warns of nothing now) */
	if (pf->ret) {
		/* (said of the stand-in, with the input's name: as it is) */
		if (pf->diag.error[0])
			tm_diag_error(in->d, "%s", pf->diag.error);
		else
			tm_input_fail(in, "converting the Perfetto trace: stopped");
		return -1;
	}
	if (text_ended(pf))
		return -1;
	*len = pf->len;
	return 0;
}

void tm_pf_text_free(struct tm_pf_text *t)
{
	if (!t)
		return;
	tm_diag_free(&t->pf.diag);
	t->pf.buf = NULL;       /* the caller's */
	pf_free(&t->pf);
	free(t);
}

/* The address space a trace's text may grow in, in place (no memory until
 * written): no limit in practice (the scratch file system's room is);
 * where that much cannot be had (under the sanitizers and valgrind), as
 * much as a gzip input of LEN bytes may inflate to without a limit set
 * (tm_decode_ratio_cap): a text that would pass it is an error. */
#define TEXT_ROOM ((size_t)1 << 40)

char *tm_pf_text_buffer(size_t len, size_t *room)
{
	char *buf = tm_big_fixed_alloc(*room = TEXT_ROOM);

	if (buf)
		return buf;
	return tm_big_fixed_alloc(*room = tm_decode_ratio_cap(len));
}

int tm_perfetto_read(struct tm_input *in, const char *p, size_t len)
{
	size_t room, block = in->nblocks;
	char *buf = tm_pf_text_buffer(len, &room);
	struct tm_pf_text *t;
	int rc;

	if (!buf) {
		tm_input_fail_big(in, "converting the Perfetto trace");
		return -1;
	}
	if (tm_input_keep_fixed(in, buf) || tm_perfetto_begin(in, p, len, buf, room, NULL, &t))
		return -1;
	tm_pf_text_run(t, NULL, NULL);
	rc = tm_pf_text_end(t, in, &in->blocks[block].len);
	tm_pf_text_free(t);
	return rc;
}
