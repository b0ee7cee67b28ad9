/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * merge-early.c - the kernel text written during the first pass (merge.h:
 * tm_merge_early).
 *
 * `import` of one ftrace block into a file: the block's lines are written
 * as the first pass reads them (tm_merge_early_line, a kscan callback), so
 * the block is parsed once instead of twice.  The text depends on the
 * whole first pass only through the TGID column's fill of lines that have
 * none (the tgid learned anywhere in the block) and the tracer name: the
 * fills used are noted, and tm_merge_write keeps the text only when every
 * one is still the block's hint at the end, the tracer is the same and the
 * clock needs no change (tm_merge_early_adopt); otherwise it is thrown
 * away and written again.  The same for one Trace Event JSON block
 * (tm_merge_early_event): on the output clock its events are copied as
 * they are, and its top-level keys are kept as the second pass would keep
 * them (tm_merge_early_json_end).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash-map.h"
#include "merge.h"
#include "merge-int.h"
#include "thread.h"
#include "tuning.h"

struct early_fill {
	bool set;
	int32_t tgid;        /* the fill of its lines written last */
	bool unknown;        /* some written with "-----" */
	bool complete;       /* and each of those noted in places[] */
	uint32_t nplaces;
	uint32_t last;       /* its last place noted: places[last - 1], or 0 */
	char col[12];        /* (early_fill_in: the tgid learned, as written) */
};

/* Where a "-----" was written (in the order written). */
struct early_place {
	uint64_t off;        /* in the output */
	uint32_t prev;       /* the place before it of its task: places[prev - 1],
			      * or 0 */
};

/* The places noted: per pid and in all (16 bytes each).  Past them the
 * pid's "-----" are not noted: should its tgid be learned, the text is
 * written again.  A tgid wider than the column's 5 digits moves the
 * output after it on (tm_out_rewrite). */
#define EARLY_PLACES_PID 4096u
#define EARLY_PLACES_MAX (1u << 20)

struct tm_merge_early {
	struct tm_mw w;              /* w.out: the output, being written;
				      * w.tracer: the tracer the text names */
	struct tm_merge_opts o;
	struct tm_merge_counts c;
	struct tm_kstream k;         /* the one stream: lines from the callback;
				      * k.tc_pid/tc_tgid: the fills noted last */
	struct tm_hmap *fills;       /* pid -> struct early_fill */
	struct early_place *places;  /* the "-----" written, to be filled in
				      * with a tgid learned after them */
	uint32_t nplaces, places_cap;
	size_t block;                /* the block written */
	size_t ninputs;
	bool begun, failed, adopted;
	bool json;                   /* the block is JSON events, not kernel text */
	bool json_ended;             /* its top-level keys are kept (w.keys, w.meta) */
	struct tm_diag d;            /* what keeping them warned (w.jd) */
	/* the input whose text is written: the first whose line came; with
	 * several inputs scanned at once (kline alone), read atomically */
	struct tm_kstats *owner;
};

/* F's TGID learned (between two lines written): its "-----" filled in
 * now if they are all in the output's buffer still (a task whose tgid comes
 * soon after its first lines: a wider one then moves the buffer's bytes,
 * not the file's), else at the end (early_fill_in). */
static void early_learned(struct tm_merge_early *e, struct early_fill *f, int32_t tgid)
{
	struct tm_out_edit *ed;
	char col[12];
	uint32_t n, k = f->nplaces, grow;

	f->tgid = tgid;
	if (!f->unknown || !f->complete || !f->last)
		return;
	n = (uint32_t)snprintf(col, sizeof(col), "%5d", (int)tgid);
	if (!(ed = malloc(k * sizeof(*ed))))
		return;
	/* its places, last first, into the order written */
	for (uint32_t i = f->last; i; i = e->places[i - 1].prev)
		ed[--k] = (struct tm_out_edit){ e->places[i - 1].off, col, 5, n };
	if (tm_out_rewrite_buffered(&e->w.out, ed, f->nplaces) == 0) {
		/* the places of other tasks after its own moved on too */
		grow = n - 5;
		for (uint32_t j = 0, m = 0; grow && j < e->nplaces; j++) {
			while (m < f->nplaces && ed[m].offset < e->places[j].off)
				m++;
			e->places[j].off += (uint64_t)m * grow;
		}
		f->unknown = false;
		f->last = 0;
		f->nplaces = 0;
	}
	free(ed);
}

/* The hint known so far for PID, noted (the stream's hint cache holds the
 * fills noted last): a second, different fill for the same pid already
 * means the text differs. */
int32_t tm_merge_early_hint(struct tm_merge_early *e, struct tm_kstats *st, int32_t pid)
{
	size_t i = (uint32_t)pid % TM_TGID_CACHE;
	int32_t tgid = tm_kstats_tgid(st, pid);
	struct early_fill *f;

	if (pid < 0 || (e->k.tc_pid[i] == pid && e->k.tc_tgid[i] == tgid))
		return tgid;
	if (tgid < 0 && tm_kstats_untracked(st, pid))
		return tgid;  /* past the tasks cap: unknown for good, not noted */
	f = tm_hmap_get_i32(e->fills, pid, true);
	if (!f)
		e->failed = true;
	else if (!f->set)
		*f = (struct early_fill){ .set = true, .tgid = tgid, .complete = true };
	else if ((f->tgid >= 0 && f->tgid != tgid) || (tgid >= 0 && f->unknown && !f->complete))
		e->failed = true;   /* a tgid written, then another; or "-----"
				     * that cannot be filled in (early_holds) */
	else if (f->tgid < 0 && tgid >= 0)
		early_learned(e, f, tgid);   /* the "-----" before are filled in */
	e->k.tc_pid[i] = pid;
	e->k.tc_tgid[i] = tgid;
	return tgid;
}

/* A line of PID written with "-----" for its unknown TGID, at offset OFF of
 * the output (UINT64_MAX: not known where): noted, to be filled in should
 * its tgid be learned later in the block. */
void tm_merge_early_unknown(struct tm_merge_early *e, int32_t pid, uint64_t off)
{
	struct early_fill *f = tm_hmap_get_i32(e->fills, pid, false);
	struct early_place *p;

	if (!f)
		return;   /* past the tasks cap: never learned */
	f->unknown = true;
	if (!f->complete)
		return;
	if (off == UINT64_MAX || f->nplaces >= EARLY_PLACES_PID || e->nplaces >= EARLY_PLACES_MAX) {
		f->complete = false;
		return;
	}
	if (e->nplaces == e->places_cap) {
		uint32_t cap = e->places_cap ? e->places_cap * 2 : 4096;

		if (!(p = realloc(e->places, cap * sizeof(*p)))) {
			f->complete = false;
			return;
		}
		e->places = p;
		e->places_cap = cap;
	}
	e->places[e->nplaces++] = (struct early_place){ off, f->last };
	f->last = e->nplaces;
	f->nplaces++;
}

struct tm_merge_early *tm_merge_early_new(const char *outpath, const struct tm_merge_opts *o,
					  size_t ninputs)
{
	struct tm_merge_early *e;
	struct tm_diag d;

	if (!tm_out_takes_back(outpath) || o->kernel_as != TM_KERNEL_TEXT ||
	    tm_tuning_reference() || !(e = calloc(1, sizeof(*e))))
		return NULL;   /* stdout, a device, a FIFO cannot be taken back */
	tm_diag_init(&d);
	if (!(e->fills = tm_hmap_new(sizeof(struct early_fill))) ||
	    !(e->w.moved_lines = json_object_new_array()) ||
	    tm_merge_open_output(&e->w.out, outpath, o, &d)) {
		/* the second pass opens it again and says why it cannot */
		json_object_put(e->w.moved_lines);
		tm_hmap_free(e->fills);
		tm_diag_free(&d);
		free(e);
		return NULL;
	}
	tm_diag_free(&d);
	tm_diag_init(&e->d);
	e->o = *o;
	e->w.o = &e->o;
	e->w.c = &e->c;
	e->w.jout = &e->w.out;
	e->w.jd = &e->d;
	e->w.early = e;
	e->w.ks = &e->k;
	e->w.nks = 1;
	e->k.identity = true;
	e->ninputs = ninputs;
	memset(e->k.tc_pid, 0xff, sizeof(e->k.tc_pid)); /* pid -1: empty */
	snprintf(e->w.tracer, sizeof(e->w.tracer), "nop");
	return e;
}

/* The output's start before the first thing written: the background
 * writer only now (the input is open: a trace.dat is converted in a forked
 * child, which must not start beside other threads), and the key. */
static void early_begin(struct tm_merge_early *e, size_t bi, bool json)
{
	e->begun = true;
	e->json = json;
	e->block = bi;
	if (tm_thread_allowed())
		tm_out_background(&e->w.out);
	tm_out_puts(&e->w.out, json ? "{\"traceEvents\":[" : "{\"systemTraceEvents\":\"");
}

/* Before a line of block BI is written: the output begun at the block's
 * first line that is not a "# tracer:" line before it; false when L is not
 * written (such a tracer line, or the text is given up). */
static __attribute__((noinline)) bool early_start(struct tm_merge_early *e, struct tm_kstats *st,
						   const struct tm_ftrace_line *l, size_t bi)
{
	struct tm_mw *w = &e->w;
	char tracer[sizeof(w->tracer)];

	if (e->json) {
		e->failed = true;   /* kernel text and JSON events: not done here */
		return false;
	}
	if (e->begun) {
		e->failed = true;   /* several blocks: merged by time, not written here */
		return false;
	}
	/* the "# tracer:" lines before the first line written name the tracer
	 * of the text's first line (the reader's header keeps the last one, as
	 * does tracer[] here) */
	if (!e->o.verbatim && l->kind == TM_LN_HEADER &&
	    tm_ftrace_tracer_line(l->raw, tracer, sizeof(tracer))) {
		if (tracer[0])
			memcpy(w->tracer, tracer, sizeof(tracer));
		else
			snprintf(w->tracer, sizeof(w->tracer), "nop");
		return false;
	}
	early_begin(e, bi, false);
	e->k.st = st;
	/* the clock link and moved markers of several inputs, or of an input
	 * with JSON blocks (systrace's page): as if they held JSON events
	 * (tm_merge_write's rule, checked at the end) */
	w->want_link = w->move_sync =
		!e->o.verbatim && (e->ninputs > 1 || st->blocks[TM_BLOCK_JSON] > 0);
	if (!e->o.verbatim) {
		text_s(w, "# tracer: ");
		text_s(w, w->tracer);
		text_s(w, "\n");
	}
	return true;
}

void tm_merge_early_line(void *ctx, struct tm_kstats *st, const struct tm_fline *fl,
			 const struct tm_canon_pre *pre, const struct tm_block *b, size_t bi)
{
	struct tm_merge_early *e = ctx;
	const struct tm_ftrace_line *l = &fl->line;
	struct tm_kstats *owner = __atomic_load_n(&e->owner, __ATOMIC_ACQUIRE);

	(void)b;
	if (owner != st &&
	    (owner || !__atomic_compare_exchange_n(&e->owner, &owner, st, false,
						   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)))
		return;   /* another input's text is being written */
	if (e->failed)
		return;
	if ((e->json || !e->begun || bi != e->block) && !early_start(e, st, l, bi))
		return;
	e->k.fl = fl;
	e->k.l = l;
	e->k.pre = pre;
	if (l->kind == TM_LN_EVENT)
		e->k.ts = l->ev.ts_ns;   /* the output clock is its own */
	tm_merge_text_line(&e->w, &e->k);
}

void tm_merge_early_event(void *ctx, const struct tm_te_event *ev, size_t bi)
{
	struct tm_merge_early *e = ctx;

	if (e->failed || (e->begun && !e->json))
		return;   /* after kernel text: written after it, as merge's are */
	if (!e->begun)
		early_begin(e, bi, true);
	else if (bi != e->block || e->json_ended)
		e->failed = true;   /* several blocks */
	if (!e->failed)
		tm_merge_json_copy(&e->w, ev);
}

void tm_merge_early_json_end(void *ctx, const struct tm_te_top *top, const char *path,
			     size_t bi)
{
	struct tm_merge_early *e = ctx;

	if (e->begun && !e->json)
		return;   /* (its events are written after the kernel text) */
	if (e->failed || !e->begun || bi != e->block || e->json_ended ||
	    tm_merge_json_top(&e->w, top, path))
		e->failed = true;   /* (no events: the second pass writes it) */
	else
		e->json_ended = true;
}

static void early_drop(struct tm_merge_early *e)
{
	if (e->adopted)
		return;
	tm_out_abort(&e->w.out);
	e->w.ks = NULL;
	e->w.nks = 0;
	tm_merge_mw_free(&e->w);
	e->adopted = true;   /* nothing left to free but e */
}

void tm_merge_early_free(struct tm_merge_early *e)
{
	if (!e)
		return;
	early_drop(e);
	tm_hmap_free(e->fills);
	free(e->places);
	tm_diag_free(&e->d);
	free(e);
}

/* Are the JSON events E wrote what W (set up for the solved inputs) would
 * write: one JSON block of one input without kernel text, on the output
 * clock, nothing moved out? */
static bool early_json_holds(struct tm_merge_early *e, const struct tm_mw *w)
{
	const struct tm_sync *s = w->s;
	const struct tm_src *src = &s->src[0];
	const struct tm_clock_route *rt;

	if (e->failed || !e->json_ended || e->w.out.err || s->nsrc != 1 || src->kernel ||
	    src->njb != 1 || src->jb[0].block != e->block || src->pid_off || w->move_sync ||
	    w->o->kernel_as != TM_KERNEL_TEXT)
		return false;
	rt = &s->routes[src->jb[0].dom];
	return tm_clock_is_identity(&rt->to_target) && (rt->linked || src->jb[0].events == src->jb[0].sync);
}

/* Is what E wrote the kernel text W (set up for the solved inputs) would
 * write? */
static bool early_holds(struct tm_merge_early *e, const struct tm_mw *w)
{
	const struct tm_sync *s = w->s;
	struct tm_src *src = NULL;
	size_t nftrace = 0, it = 0;
	const struct early_fill *f;
	const char *key;
	size_t klen;

	if (e->json)
		return early_json_holds(e, w);
	if (e->failed || !e->begun || e->w.out.err || w->want_link != e->w.want_link ||
	    w->move_sync != e->w.move_sync || e->o.verbatim != w->o->verbatim ||
	    w->o->kernel_as != TM_KERNEL_TEXT ||
	    (!w->o->verbatim && strcmp(e->w.tracer, w->tracer)))
		return false;
	/* one kernel input, the one written, as it is */
	for (size_t i = 0; i < s->nsrc; i++) {
		if (!s->src[i].kernel)
			continue;
		if (src)
			return false;
		src = &s->src[i];
	}
	if (!src || &src->st != e->owner || src->pid_off)
		return false;
	for (size_t bi = 0; bi < tm_input_nblocks(src->in); bi++)
		nftrace += tm_input_block(src->in, bi)->kind == TM_BLOCK_FTRACE;
	if (nftrace != 1 || !tm_clock_is_identity(&s->routes[src->kdom].to_target))
		return false;
	/* raw prev_state numbers written with the tables of the whole block */
	if (e->w.canon.task_tables_used &&
	    (e->w.canon.task_tables_mixed ||
	     e->w.canon.task_tables_used != (tm_task_state_tables(&src->st.task_guess) |
					     TM_CANON_TABLES_SET)))
		return false;
	/* every tgid written is the block's; a "-----" written where it has
	 * one can be filled in */
	while ((f = tm_hmap_next(e->fills, &it, &key, &klen))) {
		int32_t pid, tgid;

		memcpy(&pid, key, sizeof(pid));
		tgid = tm_kstats_tgid(&src->st, pid);
		if ((f->tgid >= 0 && f->tgid != tgid) ||
		    (tgid >= 0 && f->tgid < 0 && !f->unknown) ||
		    (tgid >= 0 && f->unknown && !f->complete))
			return false;
	}
	return true;
}

/* The "-----" E wrote for tgids learned after them, filled in with those
 * (early_holds said they can be); false if the output could not be. */
static bool early_fill_in(struct tm_merge_early *e)
{
	struct tm_out_edit *ed;
	struct early_fill *f;
	size_t it = 0, klen, ne = 0;
	const char *key;
	bool ok;

	if (!e->nplaces)
		return true;
	if (!(ed = calloc(e->nplaces, sizeof(*ed))))
		return false;
	/* each task's places (a list through places[]) at their index: the
	 * edits in the order written, as tm_out_rewrite wants them */
	while ((f = tm_hmap_next(e->fills, &it, &key, &klen))) {
		int32_t pid, tgid;
		uint32_t n;

		memcpy(&pid, key, sizeof(pid));
		tgid = tm_kstats_tgid(e->owner, pid);
		if (tgid < 0 || !f->last)
			continue;
		n = (uint32_t)snprintf(f->col, sizeof(f->col), "%5d", (int)tgid);
		for (uint32_t i = f->last; i; i = e->places[i - 1].prev)
			ed[i - 1] = (struct tm_out_edit){ e->places[i - 1].off, f->col, 5, n };
	}
	for (uint32_t i = 0; i < e->nplaces; i++)
		if (ed[i].p)
			ed[ne++] = ed[i];
	ok = tm_out_rewrite(&e->w.out, ed, ne) == 0;
	free(ed);
	return ok;
}

struct tm_mw *tm_merge_early_adopt(struct tm_merge_early *e, struct tm_mw *w, bool *json)
{
	struct tm_merge_counts *c = w->c;

	if (!early_holds(e, w) || !early_fill_in(e)) {
		early_drop(e);
		return NULL;
	}
	e->w.s = w->s;
	e->w.o = w->o;
	e->w.c = c;
	e->w.jd = w->s->d;
	e->w.early = NULL;
	e->w.move_argv = w->move_argv;
	e->w.ks = NULL;
	e->w.nks = 0;
	c->kernel_out = e->c.kernel_out;
	c->kernel_sync = e->c.kernel_sync;
	c->link = e->c.link;
	c->unconverted = e->c.unconverted;
	c->json_out = e->c.json_out;
	*json = e->json;
	/* keeping the top-level keys warned where the second pass would */
	tm_diag_absorb(w->s->d, &e->d);
	e->adopted = true;
	return &e->w;
}
