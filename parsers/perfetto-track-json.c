/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-track-json.c - pass 2 of a Perfetto trace's TrackEvents
 * (perfetto-track.h): each track resolved to a JSON pid and tid, the
 * records of each clock in time order written as Trace Event JSON, one
 * block a clock, with the process and thread names; what was not read
 * said as counted warnings.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "perfetto-clock.h"
#include "perfetto-track-int.h"
#include "safe-text.h"
#include "tracemerge/ts.h"

/* The nearest track up TR's parent chain (TR itself first) that is a
 * process or a thread, or NULL. */
static struct track *task_ancestor(struct tm_pftrack *t, struct track *tr)
{
	for (unsigned hop = 0; tr && hop < MAX_HOPS; hop++) {
		uint64_t up = tr->parent;

		if (tr->kind != TK_NONE)
			return tr;
		if (!up)
			return NULL;
		tr = tm_hmap_get(t->tracks, &up, sizeof(up), false);
	}
	return NULL;
}

/* TR's JSON pid and tid. */
static void resolve(struct tm_pftrack *t, struct track *tr)
{
	struct track *a;

	if (tr->resolved)
		return;
	tr->resolved = true;
	if (!tr->described)
		t->undescribed++;
	if (tr->kind == TK_THREAD) {
		tr->jtid = tr->tid;
		tr->jpid = tr->pid ? tr->pid : tr->tid;
		return;
	}
	a = task_ancestor(t, tr);
	tr->jpid = a ? (a->kind == TK_THREAD && a->pid == 0 ? a->tid : a->pid) : TRACK_IDS;
	if (!a)
		t->global_used = true;
	tr->own_thread = true;
	tr->jtid = TRACK_IDS + ++t->next_id;
}

static void put_ts(struct tm_buf *b, const char *key, int64_t ns)
{
	char num[TM_TS_BUFSZ];

	tm_buf_adds(b, key);
	tm_ts_format_us(num, ns);
	tm_buf_adds(b, num);
}

static void put_id(struct tm_buf *b, const char *key, int64_t v)
{
	char num[48];

	snprintf(num, sizeof(num), "%s%" PRId64, key, v);
	tm_buf_adds(b, num);
}

/* The start of an event object in slot S's text. */
static struct tm_buf *open_event(struct tm_pftrack *t, unsigned slot, const char *ph)
{
	struct slot *s = &t->slots[slot];

	tm_buf_adds(&s->out, s->n++ ? ",\n{\"ph\":\"" : "\n{\"ph\":\"");
	tm_buf_adds(&s->out, ph);
	tm_buf_addc(&s->out, '"');
	return &s->out;
}

/* A track's name, or "track UUID" when it has none. */
static void put_track_name(struct tm_buf *b, const struct track *tr, uint64_t uuid)
{
	char num[40];

	if (tr->name.n) {
		tm_pftrack_event_str(b, tr->name);
		return;
	}
	snprintf(num, sizeof(num), "\"track %" PRIu64 "\"", uuid);
	tm_buf_adds(b, num);
}

static void write_counter(const struct tev *ev, struct track *tr, struct tm_buf *b)
{
	double v = ev->value * (double)(tr->mult > 0 ? tr->mult : 1);

	if (tr->incremental)
		v = tr->sum += v;
	tm_buf_adds(b, ",\"name\":");
	put_track_name(b, tr, ev->track);
	put_ts(b, ",\"ts\":", ev->ts);
	put_id(b, ",\"pid\":", tr->jpid);
	tm_buf_adds(b, ",\"args\":{\"value\":");
	tm_pftrack_event_double(b, v);
	tm_buf_adds(b, "}}");
}

static int write_event(struct tm_pftrack *t, const struct tev *ev)
{
	struct track *tr = tm_pftrack_track(t, ev->track);
	struct tm_buf *b;
	char ph[2] = { (char)ev->ph, 0 };

	if (!tr)
		return -1;
	resolve(t, tr);
	tr->used = true;
	if (ev->ph == 'E' && !tr->open) {
		t->unmatched_end++;
		return 0;
	}
	if (ev->ph == 'B')
		tr->open++;
	else if (ev->ph == 'E')
		tr->open--;
	b = open_event(t, ev->slot, ph);
	if (ev->ph == 'C') {
		write_counter(ev, tr, b);
		return 0;
	}
	if (ev->ph == 'i')
		tm_buf_adds(b, ",\"s\":\"t\"");
	put_ts(b, ",\"ts\":", ev->ts);
	put_id(b, ",\"pid\":", tr->jpid);
	put_id(b, ",\"tid\":", tr->jtid);
	tm_buf_add(b, t->frags.p + ev->frag, ev->nfrag);
	tm_buf_addc(b, '}');
	return 0;
}

/* An M event NAME (process_name / thread_name) of PID/TID: VALUE, or the
 * track's name. */
static void put_meta(struct tm_pftrack *t, const char *name, int32_t pid, int32_t tid,
		     const struct track *tr, uint64_t uuid, const char *value)
{
	struct tm_buf *b = open_event(t, 0, "M");

	tm_buf_adds(b, ",\"name\":\"");
	tm_buf_adds(b, name);
	tm_buf_addc(b, '"');
	put_id(b, ",\"pid\":", pid);
	put_id(b, ",\"tid\":", tid);
	tm_buf_adds(b, ",\"args\":{\"name\":");
	if (value)
		tm_buf_json_str(b, value, strlen(value));
	else
		put_track_name(b, tr, uuid);
	tm_buf_adds(b, "}}");
}

/* process_name / thread_name of the described processes and threads, and
 * thread_name of each track's own thread (its name). */
static void write_names(struct tm_pftrack *t)
{
	size_t it = 0;
	const char *key;
	struct track *tr;
	uint64_t uuid;

	while ((tr = tm_hmap_next(t->tracks, &it, &key, NULL))) {
		memcpy(&uuid, key, sizeof(uuid));
		if (tr->kind == TK_PROCESS && tr->name.n && tr->pid)
			put_meta(t, "process_name", tr->pid, tr->pid, tr, uuid, NULL);
		else if (tr->kind == TK_THREAD && tr->name.n && tr->tid)
			put_meta(t, "thread_name", tr->pid ? tr->pid : tr->tid, tr->tid, tr, uuid,
				 NULL);
		if (tr->own_thread && tr->used && !tr->counter)
			put_meta(t, "thread_name", tr->jpid, tr->jtid, tr, uuid, NULL);
	}
	if (t->global_used)
		put_meta(t, "process_name", TRACK_IDS, TRACK_IDS, NULL, 0, "Perfetto tracks");
}

static int cmp_tev(const void *a, const void *b)
{
	const struct tev *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The clock-domain name of slot S (the names the sync knows for the
 * builtin clocks). */
static void domain_name(const struct slot *s, char *buf, size_t cap)
{
	const char *builtin = tm_perfetto_clock_domain(s->clock);

	if (builtin)
		snprintf(buf, cap, "%s", builtin);
	else if (s->clock < PF_CLOCK_SEQUENCE_FIRST || s->clock >= PF_CLOCK_GLOBAL_FIRST)
		snprintf(buf, cap, "PERFETTO_CLOCK_%" PRIu32, s->clock);
	else
		snprintf(buf, cap, "PERFETTO_CLOCK_%" PRIu32 "_SEQ_%" PRIu32, s->clock, s->seq);
}

/* Slot S as a JSON block of IN. */
static int add_block(struct tm_input *in, const struct slot *s)
{
	struct tm_buf b = { 0 };
	char dom[64];

	domain_name(s, dom, sizeof(dom));
	tm_buf_adds(&b, "{\"traceEvents\":[");
	tm_buf_add(&b, s->out.p, s->out.n);
	tm_buf_adds(&b, "\n],\n\"metadata\":{\"clock-domain\":\"");
	tm_buf_adds(&b, dom);
	tm_buf_adds(&b, "\",\"source-format\":\"perfetto-track-event\"}}\n");
	if (b.oom) {
		tm_buf_free(&b);
		tm_input_fail(in, "out of memory");
		return -1;
	}
	if (tm_input_keep(in, b.p))
		return -1;
	return tm_input_add_block(in, TM_BLOCK_JSON, b.p, b.n, 0, "perfetto track events");
}

static void report(struct tm_pftrack *t, struct tm_input *in)
{
	tm_pf_warn_n(in, "perfetto-track-state-lost", t->skipped,
		     "track events skipped: their sequence's incremental state was lost "
		     "(before SEQ_INCREMENTAL_STATE_CLEARED, or after previous_packet_dropped)");
	/* (the drops themselves: perfetto-packets-dropped, perfetto-stats.c) */
	tm_pf_warn_n(in, "perfetto-track-iid", t->undefined_iid,
		     "interning ids never defined on their sequence (names written empty)");
	tm_pf_warn_n(in, "perfetto-track-unmatched-end", t->unmatched_end,
		     "TYPE_SLICE_END with no open slice on its track: not written");
	tm_pf_warn_n(in, "perfetto-track-type", t->unsupported,
		     "track events of TYPE_STATE, or of TYPE_UNSPECIFIED of a legacy phase "
		     "other than B, E, I, i and R: not read");
	tm_pf_warn_n(in, "perfetto-track-args", t->args_dropped,
		     "debug annotations that are not a plain value, or without a name: not written");
	tm_pf_warn_n(in, "perfetto-track-bad-value", t->bad_value,
		     "counter values that are not finite, or without a counter track: not written");
	tm_pf_warn_n(in, "perfetto-track-bad-timestamp", t->bad_ts + t->no_ts,
		     "track events without a timestamp, or one past INT64 ns: not written");
	tm_pf_warn_n(in, "perfetto-track-undescribed", t->undescribed,
		     "tracks that events use and no TrackDescriptor describes");
	tm_pf_warn_n(in, "perfetto-track-seq-clock", t->seq_clock_unknown,
		     "timestamps on a sequence-scoped clock that no ClockSnapshot of the sequence "
		     "relates to a global clock: left on that clock");
}

int tm_pftrack_finish(struct tm_pftrack *t, struct tm_input *in)
{
	if (!t->nev) {
		report(t, in);
		return 0;
	}
	qsort(t->ev, t->nev, sizeof(*t->ev), cmp_tev);
	for (size_t i = 0; i < t->nev; i++)
		if (write_event(t, &t->ev[i])) {
			tm_input_fail(in, "out of memory");
			return -1;
		}
	write_names(t);
	for (unsigned i = 0; i < t->nslots; i++)
		if (t->slots[i].out.oom) {
			tm_input_fail(in, "out of memory");
			return -1;
		}
	for (unsigned i = 0; i < t->nslots; i++)
		if (t->slots[i].n && add_block(in, &t->slots[i]))
			return -1;
	report(t, in);
	return 0;
}

void tm_pf_warn_n(struct tm_input *in, const char *kind, uint64_t n, const char *msg)
{
	struct tm_diag *d = in->d;

	if (!n || !d)
		return;
	tm_diag_warn(d, kind, in->name, "%s: %s", in->name, msg);
	for (size_t i = 0; i < d->nwarn; i++)
		if (!strcmp(d->warn[i].kind, kind))
			d->warn[i].count += n - 1;
}
