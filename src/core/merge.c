/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * merge.c - the merged trace: kernel text, JSON events, names, clock link
 * (see merge.h).  The kernel inputs' ftrace blocks are read again (the first
 * pass was tm_sync_load) and merged by their output-clock timestamps, or
 * the text written during the first pass is taken (merge-early.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "canon.h"
#include "decode.h"
#include "line-feed.h"
#include "merge.h"
#include "merge-int.h"
#include "pid-map.h"
#include "str.h"
#include "thread.h"

#define LINK_ID "tracemerge_link"

static bool is_sync_marker(const struct tm_ftrace_event *ev)
{
	return tm_ftrace_is_marker(ev) && TM_STR_STARTS(ev->details, "trace_event_clock_sync:");
}

/* ---- kernel streams ---------------------------------------------------- */

static int open_streams(struct tm_mw *w)
{
	for (size_t i = 0; i < w->s->nsrc; i++) {
		struct tm_src *src = &w->s->src[i];
		if (!src->kernel || !tm_merge_takes(w->o, i))
			continue;
		for (size_t bi = 0; bi < tm_input_nblocks(src->in); bi++) {
			const struct tm_block *b = tm_input_block(src->in, bi);
			struct tm_kstream *k;
			if (b->kind != TM_BLOCK_FTRACE)
				continue;
			k = realloc(w->ks, (w->nks + 1) * sizeof(*k));
			if (!k)
				return tm_diag_error(w->s->d, "out of memory");
			w->ks = k;
			k = &w->ks[w->nks++];
			memset(k, 0, sizeof(*k));
			memset(k->tc_pid, 0xff, sizeof(k->tc_pid)); /* pid -1: empty */
			k->src = i;
			k->b = b;
			k->st = &src->st;
			k->pid_off = src->pid_off;
			k->map = w->s->routes[src->kdom].to_target;
			k->identity = tm_clock_is_identity(&k->map);
			k->keep_digits = tm_clock_is_us_offset(&k->map);
			/* prefixes made ahead serve lines written as read */
			if (!(k->r = tm_line_feed_new(b->data, b->len, tm_thread_allowed(),
						      k->identity && !k->pid_off &&
						      !w->o->verbatim && !w->kev
						      ? &tm_canon_prefix_work : NULL)))
				return tm_diag_error(w->s->d, "out of memory");
		}
	}
	return 0;
}

/* Advance stream K to its next line; events get their output-clock time. */
static int stream_next(struct tm_mw *w, struct tm_kstream *k)
{
	k->have = (k->fl = tm_line_feed_next(k->r)) != NULL;
	k->l = k->have ? &k->fl->line : NULL;
	k->pre = tm_line_feed_result(k->r);
	tm_progress_move(&k->pm, k->have ? (size_t)(k->l->raw.p - k->b->data) : k->b->len,
			 !k->have);
	if (!k->have || k->l->kind != TM_LN_EVENT)
		return 0;
	if (k->identity) {
		k->ts = k->l->ev.ts_ns;
		return 0;
	}
	if (k->l->ev.ts_digits < 0) {
		char where[300];
		tm_kscan_where(where, sizeof(where), w->s->src[k->src].path, k->b, k->l->lineno);
		return tm_diag_error(w->s->d, "%s: counter-clock timestamps cannot be moved to "
				     "another clock; use --clock=%s", where, w->s->src[k->src].path);
	}
	if (tm_clock_apply(&k->map, k->l->ev.ts_ns, &k->ts) || k->ts < 0) {
		char where[300];
		tm_kscan_where(where, sizeof(where), w->s->src[k->src].path, k->b, k->l->lineno);
		return tm_diag_error(w->s->d, "%s: timestamp out of range on the output clock "
				     "(a kernel trace needs non-negative times; try --clock=kernel)",
				     where);
	}
	return 0;
}

/* The stream whose line comes next: non-event lines at once, then events
 * in output-clock order (ties to the earlier input). */
static struct tm_kstream *pick(struct tm_mw *w)
{
	struct tm_kstream *best = NULL;

	for (size_t i = 0; i < w->nks; i++) {
		struct tm_kstream *k = &w->ks[i];
		if (!k->have)
			continue;
		if (k->l->kind != TM_LN_EVENT)
			return k;
		if (!best || k->ts < best->ts)
			best = k;
	}
	return best;
}

/* The TGID column's fill for PID of stream K: the first pass's hint, from
 * a small direct-mapped cache (the hints do not change while writing).
 * While the first pass is still going on (w->early), the hint known so far,
 * noted for the check that it is still the hint at the end. */
static int32_t tgid_hint(struct tm_mw *w, struct tm_kstream *k, int32_t pid)
{
	size_t i = (uint32_t)pid % TM_TGID_CACHE;

	if (w->early)
		return tm_merge_early_hint(w->early, k->st, pid);
	if (k->tc_pid[i] != pid || pid < 0) {
		k->tc_pid[i] = pid;
		k->tc_tgid[i] = tm_kstats_tgid(k->st, pid);
	}
	return k->tc_tgid[i];
}

/* as_written of L when it changes: a copy in w->moved. */
static const struct tm_ftrace_line *moved_line(struct tm_mw *w, struct tm_kstream *k,
					       const struct tm_ftrace_line *l, bool mapped,
					       int32_t *tgid)
{
	struct tm_ftrace_line *m = &w->moved;

	*m = *l;
	if (mapped) {
		m->ev.ts_ns = k->ts;
		if (!k->keep_digits)
			m->ev.ts_digits = 9;
	}
	if (k->pid_off) {
		m->ev.pid = tm_pid_move(m->ev.pid, k->pid_off);
		m->ev.tgid = tm_pid_move(m->ev.tgid, k->pid_off);
		*tgid = tm_pid_move(*tgid, k->pid_off);
		w->details.n = 0;
		tm_pid_details(&w->details, &m->ev, k->pid_off);
		m->ev.details = (struct tm_str){ w->details.p ? w->details.p : "", w->details.n };
	}
	return m;
}

/* L (a line of stream K) as written: its time on the output clock when
 * MAPPED, pids moved by the input's --pid-offset (a copy in w->moved when
 * anything changes).  *TGID: the TGID column's fill. */
static inline const struct tm_ftrace_line *as_written(struct tm_mw *w, struct tm_kstream *k,
						      const struct tm_ftrace_line *l, bool mapped,
						      int32_t *tgid)
{
	/* the hint fills the TGID column only where the line has none */
	*tgid = l->ev.tgid >= 0 ? -1 : tgid_hint(w, k, l->ev.pid);
	if (!mapped && !k->pid_off)
		return l;
	return moved_line(w, k, l, mapped, tgid);
}

uint32_t tm_merge_stream_states(struct tm_kstream *k)
{
	const struct tm_task_state_guess *g = &k->st->task_guess;

	if (!k->st->raw_switches)
		return 1u << TM_TASK_STATES_CURRENT;
	if (!k->states_known || k->states_fits != g->fits || k->states_nseen != g->nseen) {
		k->tables = tm_task_state_tables(g);
		k->states_fits = g->fits;
		k->states_nseen = g->nseen;
		k->states_known = true;
	}
	return k->tables;
}

/* Stream K's tables of raw prev_state numbers into w->canon, for its
 * lines written next. */
static void stream_task_states(struct tm_mw *w, struct tm_kstream *k)
{
	tm_canon_task_states(&w->canon, tm_merge_stream_states(k));
}

/* Canonical text of L (a line of stream K) into B. */
static void canon(struct tm_mw *w, struct tm_kstream *k, const struct tm_ftrace_line *l,
		  bool mapped, struct tm_buf *b)
{
	int32_t tgid;

	stream_task_states(w, k);
	l = as_written(w, k, l, mapped, &tgid);
	b->n = 0;
	tm_canon_line(b, l, tgid, &w->canon);
	if (w->early && l->ev.tgid < 0 && tgid < 0)
		tm_merge_early_unknown(w->early, l->ev.pid, UINT64_MAX);   /* (not filled in) */
}

/* The current event of stream K into the kernel text. */
static void write_event(struct tm_mw *w, struct tm_kstream *k)
{
	int32_t tgid;
	const struct tm_ftrace_line *l = as_written(w, k, k->l, !k->identity, &tgid);
	struct tm_canon_pre own;
	const struct tm_canon_pre *pre = NULL;
	int32_t fill = tgid;
	uint64_t start = tm_out_offset(&w->out);
	int at;

	stream_task_states(w, k);
	/* the prefix made ahead has the line's own TGID column, where the fill
	 * goes; one not made ahead (the line feed left it to this thread, or
	 * no line feed) is made here with the fill, for a line as read (the
	 * reference path: never) */
	if (l == k->l) {
		if (k->pre && tm_canon_pre_fits(k->pre, tgid)) {
			pre = k->pre;
		} else if (!w->out.reference && tm_canon_prefix_json(w->pre_text, k->fl, tgid, &own)) {
			pre = &own;
			fill = -1;
		}
	}
	if (pre)
		at = tm_canon_line_json_pre(&w->out, &w->line, l, pre, fill, &w->canon);
	else
		at = tm_canon_line_json(&w->out, &w->line, l, tgid, &w->canon);
	if (w->early && l->ev.tgid < 0 && tgid < 0)
		tm_merge_early_unknown(w->early, l->ev.pid, at < 0 ? UINT64_MAX : start + (uint64_t)at);
}

/* Keep a clock-sync marker line (canonical, own clock) for "tracemergeClockSync". */
static void move_marker(struct tm_mw *w, struct tm_kstream *k)
{
	struct json_object *o = json_object_new_object();
	size_t n;

	canon(w, k, k->l, false, &w->line);
	n = w->line.n && w->line.p[w->line.n - 1] == '\n' ? w->line.n - 1 : w->line.n;
	json_object_object_add(o, "input", json_object_new_string(k->st->name));
	json_object_object_add(o, "line", json_object_new_string_len(w->line.p ? w->line.p : "",
								      (int)n));
	json_object_array_add(w->moved_lines, o);
	w->c->kernel_sync++;
}

static __attribute__((noinline)) void header_line(struct tm_mw *w, struct tm_kstream *k)
{
	const struct tm_str raw = k->l->raw;

	if (k != &w->ks[0] || TM_STR_STARTS(raw, "# tracer:"))
		return;
	if (memmem(raw.p, raw.n, "clock_type=", 11))
		return; /* the clock is the output clock now; see metadata */
	if (!k->identity && (TM_STR_STARTS(raw, "# tracemerge_trace_clock:") ||
			     TM_STR_STARTS(raw, "# tracemerge_clock_snapshot:")))
		return; /* their times are the text's own clock, not the output's */
	if (memmem(raw.p, raw.n, "TASK-PID", 8)) {
		if (!w->legend_written)
			text_s(w, tm_canon_legend);
		w->legend_written = true;
		return;
	}
	if (memmem(raw.p, raw.n, "| |", 3) && w->legend_written)
		return;
	text(w, raw.p, raw.n);
	text(w, "\n", 1);
}

static __attribute__((noinline)) void verbatim_line(struct tm_mw *w, struct tm_kstream *k)
{
	text(w, k->l->raw.p, k->l->raw.n);
	text(w, "\n", 1);
	if (k->l->ncont) {
		text(w, k->l->cont.p, k->l->cont.n);
		text(w, "\n", 1);
	}
	if (k->l->kind == TM_LN_EVENT)
		w->c->kernel_out++;
}

/* The first line of the text: the link marker at the first event's time. */
static __attribute__((noinline)) void link_line(struct tm_mw *w, struct tm_kstream *k)
{
	struct tm_ftrace_line l = *k->l;
	static const char details[] = "trace_event_clock_sync: name=" LINK_ID " source=tracemerge";

	/* same task, CPU and time as the first event; only the event differs */
	l.ev.name = (struct tm_str){ "tracing_mark_write", 18 };
	l.ev.details = (struct tm_str){ details, sizeof(details) - 1 };
	l.ev.instance = (struct tm_str){ NULL, 0 };
	l.ev.print_prefixed = false;
	l.ev.name_padded = false;
	l.ev.style = TM_EV_KERNEL;
	l.ncont = 0;
	l.ev.ts_ns = k->ts;
	if (!k->keep_digits && !k->identity)
		l.ev.ts_digits = 9;
	canon(w, k, &l, false, &w->line);
	text(w, w->line.p, w->line.n);
	w->link_ts = k->ts;
	w->c->link = true;
}

/* Line K->l of the kernel text (not --kernel-as=events). */
void tm_merge_text_line(struct tm_mw *w, struct tm_kstream *k)
{
	if (w->o->verbatim) {
		verbatim_line(w, k);
		return;
	}
	switch (k->l->kind) {
	case TM_LN_HEADER:
		header_line(w, k);
		break;
	case TM_LN_EVENT:
		if (!w->legend_written) {
			text_s(w, tm_canon_legend);
			w->legend_written = true;
		}
		if (w->want_link && !w->c->link)
			link_line(w, k);
		if (w->move_sync && is_sync_marker(&k->l->ev)) {
			move_marker(w, k);
			break;
		}
		write_event(w, k);
		w->c->kernel_out++;
		break;
	case TM_LN_GRAPH:
		tm_buf_add(&w->unconverted, k->l->raw.p, k->l->raw.n);
		tm_buf_addc(&w->unconverted, '\n');
		w->c->unconverted++;
		break;
	default:
		break; /* blank, noise, rejected: counted by kscan */
	}
}

static void close_streams(struct tm_mw *w)
{
	for (size_t i = 0; i < w->nks; i++)
		tm_line_feed_free(w->ks[i].r);
	free(w->ks);
	w->ks = NULL;
	w->nks = 0;
}

/* The kernel lines as text, or (w->kev) into the event converter. */
static int write_kernel(struct tm_mw *w)
{
	struct tm_kstream *k;

	close_streams(w); /* a second pass (--kernel-as=both) reads again */
	if (open_streams(w))
		return -1;
	for (size_t i = 0; i < w->nks; i++)
		if (stream_next(w, &w->ks[i]))
			return -1;
	if (!w->o->verbatim && !w->kev) {
		text_s(w, "# tracer: ");
		text_s(w, w->tracer);
		text_s(w, "\n");
	}
	while ((k = pick(w))) {
		if (w->kev) {
			if (k->l->kind != TM_LN_EVENT)
				;
			else if (is_sync_marker(&k->l->ev) && w->move_sync) {
				if (w->o->kernel_as == TM_KERNEL_EVENTS)
					move_marker(w, k);
			} else if (tm_merge_kev_line(w, k)) {
				return -1;
			}
		} else {
			tm_merge_text_line(w, k);
		}
		if (stream_next(w, k))
			return -1;
	}
	return 0;
}

/* Open OUT: O's fd, or OUTPATH; gzip-compressed when O asks.  0, or -1
 * with D's error (nothing left open). */
int tm_merge_open_output(struct tm_out *out, const char *outpath, const struct tm_merge_opts *o,
		       struct tm_diag *d)
{
	if (o->to_fd ? tm_out_open_fd(out, o->fd, d) : tm_out_open(out, outpath, d))
		return -1;
	if (o->gzip && tm_out_gzip(out, d)) {
		tm_out_abort(out);
		return -1;
	}
	return 0;
}

/* ---- the whole object ------------------------------------------------- */

static bool has_kernel(const struct tm_sync *s, const struct tm_merge_opts *o)
{
	for (size_t i = 0; i < s->nsrc; i++)
		if (s->src[i].kernel && tm_merge_takes(o, i))
			return true;
	return false;
}

static void first_tracer(struct tm_mw *w)
{
	snprintf(w->tracer, sizeof(w->tracer), "nop");
	for (size_t i = 0; i < w->s->nsrc; i++) {
		const struct tm_src *src = &w->s->src[i];
		if (src->kernel && src->st.have_hdr && src->st.hdr.tracer[0]) {
			snprintf(w->tracer, sizeof(w->tracer), "%s", src->st.hdr.tracer);
			return;
		}
	}
}

void tm_merge_mw_free(struct tm_mw *w)
{
	close_streams(w);
	tm_kev_free(w->kev);
	json_object_put(w->kev_report);
	tm_buf_free(&w->line);
	tm_buf_free(&w->details);
	tm_buf_free(&w->kev_details);
	tm_buf_free(&w->unconverted);
	json_object_put(w->moved_lines);
	tm_buf_free(&w->moved_json);
	tm_buf_free(&w->argv_json);
	json_object_put(w->meta);
	for (size_t i = 0; i < w->nkeys; i++) {
		free(w->keys[i].name);
		free(w->keys[i].fixed);
	}
	free(w->keys);
}

/* ---- the JSON events on a second core ---------------------------------- */

struct json_side {
	struct tm_mw *w;
	struct tm_out out;           /* scratch file */
	struct tm_diag d;
	struct tm_thread thread;
	int rc;
};

/* The kernel text is a pipeline of threads (parse ahead, write, write(2))
 * that stalls whenever one of them waits for a core; the JSON side is one
 * thread with no one waiting for it until the end.  So it runs at a lower
 * priority, on what the kernel side leaves: the kernel side ends first,
 * and the JSON part written so far is copied into place while the JSON side
 * finishes (tm_out_append_begin).  1 GB + 1 GB: 3.9 s instead of 5.2 s
 * (medians); +6 and +10 did best, +3 and +19 worse. */
#define TM_JSON_SIDE_NICE 6

static void *json_side_run(void *arg)
{
	struct json_side *js = arg;
	pid_t tid = gettid();
	int nice;

	errno = 0;
	nice = getpriority(PRIO_PROCESS, (id_t)tid); /* this thread's own, on Linux */
	if (errno == 0)
		(void)setpriority(PRIO_PROCESS, (id_t)tid,
				  nice + TM_JSON_SIDE_NICE > 19 ? 19 : nice + TM_JSON_SIDE_NICE);
	js->rc = tm_merge_json_events(js->w);
	tm_out_part_done(&js->out);
	return NULL;
}

/* Write the JSON inputs' events into a scratch file on another thread
 * while the kernel text is written; false: not started (then they are
 * written in line, after the kernel text). */
static bool json_side_start(struct tm_mw *w, struct json_side *js, const char *outpath)
{
	memset(js, 0, sizeof(*js));
	js->w = w;
	tm_diag_init(&js->d);
	if (tm_out_open_scratch(&js->out, outpath, &js->d)) {
		tm_diag_free(&js->d);
		return false;
	}
	w->jout = &js->out;
	w->jd = &js->d;
	if (!tm_thread_start(&js->thread, json_side_run, js)) {
		tm_out_abort(&js->out);
		tm_diag_free(&js->d);
		w->jout = &w->out;
		w->jd = w->s->d;
		return false;
	}
	return true;
}

/* Wait for the JSON side; its warnings join the caller's (after the kernel
 * side's, as when written in line).  PLACED: its part was appended with
 * tm_out_append_begin (else it is dropped).  -1 when it failed. */
static int json_side_join(struct tm_mw *w, struct json_side *js, bool placed)
{
	int rc;

	tm_thread_join(&js->thread);
	w->jout = &w->out;
	w->jd = w->s->d;
	tm_diag_absorb(w->s->d, &js->d);
	if (js->rc && !w->s->d->error[0])
		memcpy(w->s->d->error, js->d.error, sizeof(w->s->d->error));
	rc = js->rc;
	if (!placed)
		tm_out_abort(&js->out);
	else if (tm_out_append_end(&w->out, &js->out))
		rc = -1;
	tm_diag_free(&js->d);
	return rc;
}

/* The bytes the writing phase walks (progress.h). */
static uint64_t text_bytes(const struct tm_sync *s)
{
	uint64_t n = 0;

	for (size_t i = 0; i < s->nsrc; i++)
		n += tm_input_text_bytes(s->src[i].in);
	return n;
}

int tm_merge_write(struct tm_sync *s, const char *outpath, const struct tm_merge_opts *o,
		   struct tm_merge_counts *c)
{
	struct tm_mw local, *w = &local, *ew;
	struct json_side js;
	bool jt = false, json_written = false;
	int rc = -1;

	memset(&local, 0, sizeof(local));
	memset(c, 0, sizeof(*c));
	w->s = s;
	w->o = o;
	w->c = c;
	w->jout = &w->out;
	w->jd = s->d;
	for (size_t i = 0; i < s->nsrc; i++) {
		if (!tm_merge_takes(o, i))
			continue;
		c->kernel_in += s->src[i].st.events;
		for (size_t k = 0; k < s->src[i].njb; k++)
			c->json_in += s->src[i].jb[k].events;
	}
	tm_progress_phase("writing", text_bytes(s));
	/* the inputs' own markers leave the event streams when they could make
	 * Catapult see a second path between two domains: beside the link, or
	 * between several inputs' JSON now in one traceEvents array */
	w->want_link = !o->verbatim && c->kernel_in && c->json_in && o->kernel_as != TM_KERNEL_EVENTS;
	w->move_sync = !o->verbatim && (w->want_link || s->nsrc > 1);
	/* a process_argv event names the process that wrote a JSON trace (the
	 * host's systrace.py in a systrace page): beside kernel events its
	 * pid would be taken for one of theirs */
	w->move_argv = !o->verbatim && c->kernel_in && c->json_in;
	w->moved_lines = json_object_new_array();
	first_tracer(w);
	if (o->early && (ew = tm_merge_early_adopt(o->early, w, &json_written))) {
		/* the kernel text is written already: go on after it */
		json_object_put(local.moved_lines); /* e's has its markers */
		w = ew;
	} else {
		if (tm_merge_open_output(&w->out, outpath, o, s->d))
			goto done;
		if (tm_thread_allowed())
			tm_out_background(&w->out); /* write(2) off the writing thread */
	}
	if (has_kernel(s, o) && o->kernel_as != TM_KERNEL_EVENTS) {
		bool written = w != &local;

		if (!written)
			tm_out_puts(&w->out, "{\"systemTraceEvents\":\"");
		if (!written && c->kernel_in && c->json_in && tm_thread_allowed())
			jt = json_side_start(w, &js, o->to_fd ? NULL : outpath);
		rc = written ? 0 : write_kernel(w);
		if (!rc)
			tm_out_puts(&w->out, "\",\n\"traceEvents\":[");
		if (jt) {
			/* the JSON side's part so far is copied after the kernel
			 * text while it writes the rest straight after that */
			bool placed = !rc;

			if (placed && tm_out_append_begin(&w->out, &js.out))
				rc = -1;
			if (json_side_join(w, &js, placed))
				rc = -1;
		}
		if (rc)
			goto fail;
	} else {
		/* no kernel text: no systemTraceEvents at all (even an empty
		 * one makes Catapult add an ftrace clock domain that nothing
		 * links, and refuse the trace when the JSON has clock_sync) */
		if (!json_written)
			tm_out_puts(&w->out, "{\"traceEvents\":[");
	}
	if (!jt && !json_written && tm_merge_json_events(w))
		goto fail;
	/* --kernel-as=events|both: the kernel lines again, as trace events */
	if (o->kernel_as != TM_KERNEL_TEXT &&
	    (tm_merge_kev_begin(w) || write_kernel(w) || tm_merge_kev_end(w)))
		goto fail;
	if (tm_merge_names(w))
		goto fail;
	if (w->c->link)
		tm_merge_link_event(w);
	tm_out_puts(&w->out, "\n]");
	if (tm_merge_tail(w))
		goto fail;
	if (w->line.oom || w->details.oom || w->unconverted.oom || w->moved_json.oom ||
	    w->argv_json.oom) {
		tm_diag_error(s->d, "out of memory");
		goto fail;
	}
	rc = tm_out_close(&w->out, s->d);
	if (!rc)
		tm_progress_done();
	goto done;
fail:
	if (w->out.err && !s->d->error[0])
		tm_out_report(&w->out, s->d);   /* the cause, when nothing else said one */
	tm_out_abort(&w->out);
done:
	tm_merge_mw_free(w);
	return rc;
}
