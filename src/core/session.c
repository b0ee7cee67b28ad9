/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * session.c - the public session (tracemerge/session.h): the one pipeline
 * behind `import`, `merge` and `sync`.
 *
 * A session keeps the inputs as added and the options; tm_session_sync()
 * loads and solves (sync.h), tm_session_write() writes (merge.h).  Which
 * write is made is chosen here, in choose_strategy(), and only here: the
 * single pass (the kernel text, and for one input its JSON, written while
 * the inputs are read: merge.h, tm_merge_early) where the output can be
 * taken back, else the two passes.  Both give the same bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tracemerge/session.h"
#include "gzip-out.h"
#include "merge.h"
#include "output.h"
#include "session-int.h"
#include "report.h"
#include "tuning.h"

struct tm_session *tm_session_new(const struct tm_session_opts *o, struct tm_diag *d)
{
	struct tm_session *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	if (o)
		s->o = *o;
	s->d = d;
	if (s->o.clock && !(s->clock = strdup(s->o.clock))) {
		free(s);
		return NULL;
	}
	s->o.clock = s->clock;
	tm_tuning_set(&s->o.tuning);
	return s;
}

void tm_session_free(struct tm_session *s)
{
	if (!s)
		return;
	if (s->loaded)
		tm_sync_free(&s->s);
	for (size_t i = 0; i < s->n; i++) {
		free(s->in[i].name);
		free(s->in[i].machine);
		tm_input_free(s->in[i].opened);
	}
	free(s->in);
	free(s->clock);
	free(s);
}

/* ---- inputs -------------------------------------------------------------- */

/* A new input named NAME, holding OPENED (NULL: open NAME at load). */
static int add(struct tm_session *s, const char *name, struct tm_input *opened)
{
	struct session_input *in;

	if (s->loaded) {
		tm_input_free(opened);
		return tm_diag_error(s->d, "%s: inputs are added before the session syncs",
				     name);
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 4;
		struct session_input *v = realloc(s->in, cap * sizeof(*v));
		if (!v) {
			tm_input_free(opened);
			return tm_diag_error(s->d, "out of memory");
		}
		s->in = v;
		s->cap = cap;
	}
	in = &s->in[s->n];
	memset(in, 0, sizeof(*in));
	if (!(in->name = strdup(name))) {
		tm_input_free(opened);
		return tm_diag_error(s->d, "out of memory");
	}
	in->opened = opened;
	in->opened_mem = opened != NULL;
	return (int)s->n++;
}

int tm_session_add_input(struct tm_session *s, const char *path)
{
	if (!path || !*path)
		return tm_diag_error(s->d, "an input path is empty");
	return add(s, path, NULL);
}

int tm_session_add_input_mem(struct tm_session *s, const char *name, const void *data,
			     size_t len)
{
	struct tm_input *in;

	name = name ? name : "<memory>";
	if (s->loaded)
		return add(s, name, NULL);      /* (the error) */
	if (!(in = tm_input_open_mem(name, data, len, s->d)))
		return -1;
	return add(s, name, in);
}

int tm_session_add_input_fd(struct tm_session *s, const char *name, int fd)
{
	struct tm_input *in;

	name = name ? name : "<fd>";
	if (s->loaded)
		return add(s, name, NULL);
	if (!(in = tm_input_open_fd(name, fd, s->d)))
		return -1;
	return add(s, name, in);
}

/* INPUT is an index of S's inputs, and they can still be set. */
static int settable(struct tm_session *s, size_t input, const char *what)
{
	if (input >= s->n)
		return tm_diag_error(s->d, "%s: no input %zu", what, input);
	if (s->loaded)
		return tm_diag_error(s->d, "%s: set before the session syncs", what);
	return 0;
}

int tm_session_set_offset(struct tm_session *s, size_t input, int64_t ns)
{
	if (settable(s, input, "offset"))
		return -1;
	s->in[input].has_offset = true;
	s->in[input].offset_ns = ns;
	return 0;
}

int tm_session_set_pid_offset(struct tm_session *s, size_t input, int64_t n)
{
	if (settable(s, input, "pid offset"))
		return -1;
	if (n < 0 || n > INT32_MAX)
		return tm_diag_error(s->d, "pid offset %lld: not from 0 to 2147483647",
				     (long long)n);
	s->in[input].pid_off = n;
	return 0;
}

int tm_session_set_machine(struct tm_session *s, size_t input, const char *name)
{
	char *copy;

	if (settable(s, input, "machine"))
		return -1;
	if (!name || !*name || strlen(name) > 255)
		return tm_diag_error(s->d, "machine name '%s': not 1 to 255 bytes",
				     name ? name : "");
	if (!(copy = strdup(name)))
		return tm_diag_error(s->d, "out of memory");
	free(s->in[input].machine);
	s->in[input].machine = copy;
	return 0;
}

/* ---- the pipeline --------------------------------------------------------- */

/* Read the inputs with hooks H (NULL: none): S->s holds them after it,
 * whatever the result. */
static int load(struct tm_session *s, const struct tm_sync_hooks *h)
{
	char **names = calloc(s->n ? s->n : 1, sizeof(*names));
	char **machines = calloc(s->n ? s->n : 1, sizeof(*machines));
	struct tm_input **opened = calloc(s->n ? s->n : 1, sizeof(*opened));
	int rc;

	if (!s->n || !names || !machines || !opened) {
		free(names);
		free(machines);
		free(opened);
		return tm_diag_error(s->d, s->n ? "out of memory" : "no input given");
	}
	for (size_t i = 0; i < s->n; i++) {
		names[i] = s->in[i].name;
		machines[i] = s->in[i].machine;
		opened[i] = s->in[i].opened;
		s->in[i].opened = NULL;         /* the load's now */
	}
	rc = tm_sync_load_inputs(&s->s, names, opened, machines, s->n, s->d, h);
	s->loaded = true;
	free(names);
	free(machines);
	free(opened);
	if (rc)
		return rc;
	for (size_t i = 0; i < s->n; i++)
		s->s.src[i].pid_off = s->in[i].pid_off;
	return 0;
}

/* Solve the clocks of the loaded inputs with the session's options. */
static int solve(struct tm_session *s)
{
	struct tm_sync_offset *offs = calloc(s->n ? s->n : 1, sizeof(*offs));
	struct tm_sync_opts so = {
		.same_clock = s->o.same_clock,
		.clock = s->o.clock,
		.max_rate_ppm = s->o.max_drift_ppm,
		.max_error_ns = s->o.max_error_ns,
	};
	int rc;

	if (!offs)
		return tm_diag_error(s->d, "out of memory");
	if (s->o.max_drift_ppm < 0 || s->o.max_error_ns < 0 || s->o.max_drift_ppm != s->o.max_drift_ppm) {
		free(offs);
		s->option_error = true;
		return tm_diag_error(s->d, "the largest drift and error must be above 0 "
				     "(or 0 for the defaults)");
	}
	for (size_t i = 0; i < s->n; i++)
		if (s->in[i].has_offset)
			offs[so.noffsets++] = (struct tm_sync_offset){ i, s->in[i].offset_ns };
	so.offsets = offs;
	if (s->o.mode == TM_SESSION_IMPORT) {
		/* what the viewers do: every marker link taken, whatever its
		 * error, and parts no marker links on one clock */
		so.assume_same_clock = true;
		so.max_error_ns = INT64_MAX;
	}
	rc = tm_sync_solve(&s->s, &so);
	s->option_error = rc && s->s.option_error;
	s->solved = !rc;
	free(offs);
	return rc;
}

int tm_session_sync(struct tm_session *s)
{
	if (s->loaded)
		return s->solved ? 0 : tm_diag_error(s->d, "%s", s->d->error[0] ? s->d->error :
						     "the session failed before");
	if (s->o.mode == TM_SESSION_IMPORT && s->n != 1)
		return tm_diag_error(s->d, "import takes exactly one input, not %zu", s->n);
	if (load(s, NULL))
		return -1;
	return solve(s);
}

bool tm_session_failed_on_options(const struct tm_session *s)
{
	return s->option_error;
}

/* The hooks of the single pass E for the session's mode: for one input
 * (import) its kernel lines and JSON events as they are read; for merge
 * its kernel lines, the JSON events noted for the second pass. */
static struct tm_sync_hooks early_hooks(const struct tm_session *s, struct tm_merge_early *e)
{
	if (s->o.mode == TM_SESSION_IMPORT)
		return (struct tm_sync_hooks){ .kline = tm_merge_early_line,
					       .jevent = tm_merge_early_event,
					       .jend = tm_merge_early_json_end, .ctx = e,
					       .json_index = TM_NOTES_BESIDE_KERNEL };
	return (struct tm_sync_hooks){ .kline = tm_merge_early_line, .ctx = e,
				       .json_index = TM_NOTES_ALL };
}

/* The one place the write's strategy is chosen: the single pass (E set,
 * the load hooked to it) when the inputs are still to be read and the
 * output can be taken back (merge.h: tm_merge_early_new), else two passes
 * (for merge, the JSON events noted by the first for the second). */
static void choose_strategy(const struct tm_session *s, const char *path, bool to_fd,
			    const struct tm_merge_opts *mo, struct tm_merge_early **e,
			    struct tm_sync_hooks *h)
{
	*e = s->loaded || to_fd ? NULL : tm_merge_early_new(path, mo, s->n);
	if (*e)
		*h = early_hooks(s, *e);
	else
		*h = (struct tm_sync_hooks){ .json_index = s->o.mode == TM_SESSION_MERGE ?
						 TM_NOTES_ALL : TM_NOTES_NONE };
}

struct tm_merge_opts tm_session_merge_opts(const struct tm_session *s)
{
	return (struct tm_merge_opts){
		.command = s->o.mode == TM_SESSION_IMPORT ? "import" : "merge",
		.verbatim = s->o.verbatim,
		.kernel_as = s->o.kernel_as,
	};
}

static int write_out(struct tm_session *s, const char *path, bool to_fd, int fd)
{
	struct tm_merge_opts mo = tm_session_merge_opts(s);
	struct tm_sync_hooks h;
	int rc = -1;

	if (s->written)
		return tm_diag_error(s->d, "a session writes once");
	if (s->o.verbatim && s->o.kernel_as == TM_KERNEL_EVENTS)
		return tm_diag_error(s->d, "verbatim keeps kernel text: not with kernel events only");
	if (s->o.mode == TM_SESSION_IMPORT && s->n != 1)
		return tm_diag_error(s->d, "import takes exactly one input, not %zu", s->n);
	if (s->loaded && !s->solved)
		return tm_diag_error(s->d, "%s", s->d->error[0] ? s->d->error :
				     "the session failed before");
	s->written = true;
	mo.to_fd = to_fd;
	mo.fd = fd;
	mo.gzip = s->o.gzip || (!to_fd && tm_gz_name(path));
	choose_strategy(s, path, to_fd, &mo, &mo.early, &h);
	if ((s->loaded || (!load(s, &h) && !solve(s))) &&
	    !tm_merge_write(&s->s, path, &mo, &s->counts)) {
		s->have_counts = true;
		rc = 0;
	}
	tm_merge_early_free(mo.early);
	return rc;
}

int tm_session_write(struct tm_session *s, const char *path)
{
	return write_out(s, path, false, -1);
}

int tm_session_write_fd(struct tm_session *s, int fd)
{
	if (fd < 0)
		return tm_diag_error(s->d, "output: bad file descriptor %d", fd);
	return write_out(s, NULL, true, fd);
}

/* ---- results -------------------------------------------------------------- */

size_t tm_session_ninputs(const struct tm_session *s)
{
	return s->n;
}

const char *tm_session_input_name(const struct tm_session *s, size_t input)
{
	return input < s->n ? s->in[input].name : NULL;
}

const struct tm_input *tm_session_input(const struct tm_session *s, size_t input)
{
	return s->loaded && input < s->s.nsrc ? s->s.src[input].in : NULL;
}

size_t tm_session_nparts(const struct tm_session *s, size_t input)
{
	const struct tm_src *src;

	if (!s->solved || input >= s->s.nsrc)
		return 0;
	src = &s->s.src[input];
	return (src->kdom >= 0) + src->njb;
}

int tm_session_part(const struct tm_session *s, size_t input, size_t part,
		    struct tm_session_part *out)
{
	const struct tm_src *src;
	const struct tm_clock_route *r;
	int dom;

	if (part >= tm_session_nparts(s, input)) {
		errno = EINVAL;
		return -1;
	}
	src = &s->s.src[input];
	memset(out, 0, sizeof(*out));
	out->input = input;
	if (src->kdom >= 0 && part == 0) {
		out->kernel = true;
		dom = src->kdom;
		out->block = 0;
		for (size_t b = 0; b < tm_input_nblocks(src->in); b++)
			if (tm_input_block(src->in, b)->kind == TM_BLOCK_FTRACE) {
				out->block = b;
				break;
			}
	} else {
		const struct tm_jblock *jb = &src->jb[part - (src->kdom >= 0)];
		dom = jb->dom;
		out->block = jb->block;
	}
	r = &s->s.routes[dom];
	out->domain = tm_clock_graph_name(s->s.g, dom);
	out->linked = r->linked;
	out->to_output = r->to_target;
	out->err_ns = r->err_ns;
	out->how = r->how ? r->how : "";
	out->is_output_clock = dom == s->s.target;
	return 0;
}

int tm_session_counts(const struct tm_session *s, struct tm_session_counts *c)
{
	const struct tm_merge_counts *m = &s->counts;
	uint64_t rejected = 0;

	if (!s->have_counts) {
		errno = EINVAL;
		return -1;
	}
	for (size_t i = 0; i < s->s.nsrc; i++)
		rejected += s->s.src[i].st.rejected;
	*c = (struct tm_session_counts){
		.kernel_in = m->kernel_in, .kernel_out = m->kernel_out,
		.kernel_sync = m->kernel_sync, .kernel_rejected = rejected,
		.unconverted = m->unconverted, .json_in = m->json_in,
		.json_out = m->json_out, .json_sync = m->json_sync,
		.json_rejected = m->json_rejected, .names = m->names,
		.kernel_events = m->kernel_events, .kernel_objects = m->kernel_objects,
		.link = m->link,
	};
	return 0;
}

void tm_free(void *p)
{
	free(p);
}

char *tm_session_report_json(const struct tm_session *s)
{
	struct json_object *o;
	char *text;

	if (!s->solved)
		return NULL;
	if (!(o = tm_sync_report(&s->s, true)))
		return NULL;
	json_object_object_add(o, "warnings", tm_report_warnings(s->d));
	text = tm_report_json_text(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	json_object_put(o);
	return text;
}

int tm_session_plot_svg(const struct tm_session *s, FILE *f)
{
	/* also after a failed solve: the fits that were made, refused ones too */
	if (!s->loaded) {
		errno = EINVAL;
		return -1;
	}
	return tm_sync_plot_svg(&s->s, f);
}

int tm_session_plot_svg_to(const struct tm_session *s, const char *path)
{
	struct tm_out o;
	char *svg = NULL;
	size_t n = 0;
	FILE *mem;
	int rc;

	if (!s || !path || !s->loaded) {
		errno = EINVAL;
		return s ? tm_diag_error(s->d, "plot: the session has not synced") : -1;
	}
	/* drawn whole first: the file is only made once there is a picture */
	if (!(mem = open_memstream(&svg, &n)))
		return tm_diag_error(s->d, "%s: out of memory", path);
	rc = tm_sync_plot_svg(&s->s, mem);
	if (fclose(mem) || rc) {
		free(svg);
		return tm_diag_error(s->d, "%s: out of memory", path);
	}
	if (tm_out_open(&o, path, s->d)) {
		free(svg);
		return -1;
	}
	tm_out_write(&o, svg, n);
	free(svg);
	return tm_out_close(&o, s->d);
}

void tm_session_print_report(const struct tm_session *s, FILE *f)
{
	if (s->solved)
		tm_sync_print(f, &s->s);
}
