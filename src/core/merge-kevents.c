/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * merge-kevents.c - the merge writer's hook for `--kernel-as=events|both`:
 * a kernel event converter (kernel-events.h) fed with the kernel streams' events
 * (already on the output clock) writes its objects into traceEvents.
 */
#include "canon.h"
#include "kernel-events.h"
#include "merge-int.h"

static void emit(void *ctx, const char *json, size_t n)
{
	struct tm_mw *w = ctx;

	tm_out_puts(&w->out, w->nevents++ ? ",\n" : "\n");
	tm_out_write(&w->out, json, n);
}

int tm_merge_kev_begin(struct tm_mw *w)
{
	if (!(w->kev = tm_kev_new(emit, w, w->s->d)))
		return tm_diag_error(w->s->d, "out of memory");
	return 0;
}

int tm_merge_kev_line(struct tm_mw *w, struct tm_kstream *k)
{
	struct tm_src *src = &w->s->src[k->src];
	const struct tm_kev_src ks = { src->path, &src->st, src->pid_off };

	struct tm_ftrace_event ev = k->l->ev;
	struct tm_canon_stats cs = { 0 };

	w->c->kernel_events++;
	/* trace-cmd's plugin text of sched events and its raw fields: the
	 * kernel's key=value form, as the canonical text gives it to the
	 * viewers (counted there) */
	tm_canon_task_states(&cs, tm_merge_stream_states(k));
	w->kev_details.n = 0;
	if (tm_canon_rewrite_details(&w->kev_details, &ev, &cs))
		ev.details = (struct tm_str){ w->kev_details.p, w->kev_details.n };
	if (tm_kev_feed(w->kev, &ks, k->b, k->l->lineno, &ev, k->ts))
		return tm_diag_error(w->s->d, "out of memory");
	return 0;
}

int tm_merge_kev_end(struct tm_mw *w)
{
	int rc = tm_kev_finish(w->kev);

	w->c->kernel_objects = tm_kev_written(w->kev);
	w->kev_report = tm_kev_report(w->kev);
	tm_kev_free(w->kev);
	w->kev = NULL;
	return rc ? tm_diag_error(w->s->d, "out of memory") : 0;
}
