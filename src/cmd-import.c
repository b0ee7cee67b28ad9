/*
 * cmd-import.c - `tracemerge import`: one kernel trace -> Trace Event JSON.
 *
 * Output: {"systemTraceEvents": "<canonical ftrace text>",
 *          "traceEvents": [process/thread name M events, events of JSON blocks
 *                          copied byte for byte],
 *          "metadata": {"tracemerge": {source, format, line accounting, ...}}}
 * written to a temporary file renamed into place at the end.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "cli.h"
#include "out.h"
#include "report.h"
#include "tracemerge/tejson.h"

struct import {
	struct tm_out out;
	struct tm_kstats st;
	struct tm_buf line;
	struct tm_buf passthrough;   /* lines the canonical form cannot carry */
	struct tm_canon_stats canon;
	bool verbatim;
	bool tracer_written;
	bool legend_written;
	size_t nevents_out;          /* traceEvents written so far */
	uint64_t json_events;
};

static bool has_prefix(struct tm_str s, const char *lit)
{
	size_t n = strlen(lit);
	return s.n >= n && memcmp(s.p, lit, n) == 0;
}

static void emit_text(struct import *im, const char *p, size_t n)
{
	tm_out_json_chars(&im->out, p, n);
}

/* Header lines: "# tracer:" was written first; the legend is replaced. */
static void emit_header(struct import *im, const struct tm_ftrace_line *l)
{
	if (has_prefix(l->raw, "# tracer:"))
		return;
	if (memmem(l->raw.p, l->raw.n, "TASK-PID", 8)) {
		if (!im->legend_written)
			emit_text(im, tm_canon_legend, strlen(tm_canon_legend));
		im->legend_written = true;
		return;
	}
	if (memmem(l->raw.p, l->raw.n, "| |", 3) && im->legend_written)
		return; /* the legend's second line */
	emit_text(im, l->raw.p, l->raw.n);
	emit_text(im, "\n", 1);
}

static void on_line(void *ctx, const struct tm_ftrace_line *l,
		    const struct tm_block *b, size_t bi)
{
	struct import *im = ctx;

	(void)b;
	(void)bi;
	if (im->verbatim) {
		emit_text(im, l->raw.p, l->raw.n);
		emit_text(im, "\n", 1);
		if (l->ncont) {
			emit_text(im, l->cont.p, l->cont.n);
			emit_text(im, "\n", 1);
		}
		return;
	}
	switch (l->kind) {
	case TM_LN_HEADER:
		emit_header(im, l);
		break;
	case TM_LN_EVENT:
		im->line.n = 0;
		tm_canon_line(&im->line, l, tm_kstats_tgid(&im->st, l->ev.pid), &im->canon);
		emit_text(im, im->line.p, im->line.n);
		break;
	case TM_LN_GRAPH:
		tm_buf_add(&im->passthrough, l->raw.p, l->raw.n);
		tm_buf_addc(&im->passthrough, '\n');
		break;
	default:
		break; /* blank, noise, rejected: counted by kscan */
	}
}

/* The tracer named by the first ftrace block's header ("nop" if none). */
static void first_tracer(struct tm_input *in, char *buf, size_t cap)
{
	snprintf(buf, cap, "nop");
	for (size_t i = 0; i < tm_input_nblocks(in); i++) {
		const struct tm_block *b = tm_input_block(in, i);
		struct tm_ftrace_reader *r;
		struct tm_ftrace_line l;
		if (b->kind != TM_BLOCK_FTRACE)
			continue;
		if (!(r = tm_ftrace_reader_new(b->data, b->len)))
			return;
		while (tm_ftrace_next(r, &l) && l.kind != TM_LN_EVENT)
			;
		if (tm_ftrace_reader_header(r)->tracer[0])
			snprintf(buf, cap, "%s", tm_ftrace_reader_header(r)->tracer);
		tm_ftrace_reader_free(r);
		return;
	}
}

static void emit_event_json(struct import *im, struct json_object *o)
{
	tm_out_puts(&im->out, im->nevents_out++ ? ",\n" : "\n");
	tm_out_puts(&im->out, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
							    JSON_C_TO_STRING_NOSLASHESCAPE));
}

static void emit_meta_event(struct import *im, const char *what, int32_t pid,
			    int32_t tid, const char *name)
{
	struct json_object *o = json_object_new_object(), *a = json_object_new_object();

	json_object_object_add(o, "name", json_object_new_string(what));
	json_object_object_add(o, "ph", json_object_new_string("M"));
	json_object_object_add(o, "pid", json_object_new_int(pid));
	json_object_object_add(o, "tid", json_object_new_int(tid));
	json_object_object_add(a, "name", json_object_new_string(name));
	json_object_object_add(o, "args", a);
	emit_event_json(im, o);
	json_object_put(o);
}

/* process_name for every process with a known name (PROCESS DUMP, or its
 * main thread's comm), thread_name for every named thread of a known tgid. */
static void emit_names(struct import *im)
{
	struct tm_kstats *st = &im->st;
	struct tm_hmap *seen = tm_hmap_new(1);
	size_t it = 0;
	const char *key;
	struct tm_task *t;
	struct tm_proc *p;

	while ((p = tm_hmap_next(st->procs, &it, &key, NULL))) {
		int32_t pid;
		memcpy(&pid, key, sizeof(pid));
		if (p->name[0] && seen && tm_hmap_get_i32(seen, pid, true))
			emit_meta_event(im, "process_name", pid, pid, p->name);
	}
	it = 0;
	while ((t = tm_hmap_next(st->tasks, &it, &key, NULL))) {
		int32_t pid, proc;
		memcpy(&pid, key, sizeof(pid));
		/* Without a tgid a name event would invent a process; the
		 * kernel text names such threads already.  pid 0 is the
		 * per-CPU idle task, never a thread of a process. */
		if (!t->named || t->tgid < 0 || pid == 0)
			continue;
		proc = t->tgid;
		emit_meta_event(im, "thread_name", proc, pid, t->comm);
		if (t->tgid == pid && seen && !tm_hmap_get_i32(seen, pid, false) &&
		    tm_hmap_get_i32(seen, pid, true))
			emit_meta_event(im, "process_name", pid, pid, t->comm);
	}
	tm_hmap_free(seen);
}

/* metadata.clock-domain of a JSON block, as a json-c string (or NULL). */
static struct json_object *clock_domain(const struct tm_te_top *top)
{
	const struct tm_te_key *k = tm_te_find_key(top, "metadata");
	struct json_object *o;
	struct tm_jval v;
	char *s;

	if (!k)
		return NULL;
	v = tm_json_get(&k->val, "clock-domain");
	if (v.type != TM_J_STRING || !(s = tm_json_strdup(&v, NULL)))
		return NULL;
	o = json_object_new_string(s);
	free(s);
	return o;
}

/* Events of JSON blocks (a JSON input, systrace's controller block) are
 * copied byte for byte as the streaming reader hands them out (strict JSON:
 * the reader repairs what strict parsers would refuse). */
static int emit_json_blocks(struct import *im, struct tm_input *in,
			    struct json_object *meta, struct tm_diag *d)
{
	for (size_t i = 0; i < tm_input_nblocks(in); i++) {
		const struct tm_block *b = tm_input_block(in, i);
		struct json_object *cd;
		struct tm_te_reader *r;
		struct tm_te_event ev;
		char name[512];
		int rc;

		if (b->kind != TM_BLOCK_JSON)
			continue;
		snprintf(name, sizeof(name), "%s%s%s%s", tm_input_name(in),
			 b->origin[0] ? "(" : "", b->origin, b->origin[0] ? ")" : "");
		r = tm_te_reader_new(name, b->data, b->len,
				     b->first_line ? b->first_line : 1, d);
		if (!r)
			return tm_diag_error(d, "%s: out of memory", tm_input_name(in));
		while ((rc = tm_te_reader_next(r, &ev)) == 1) {
			tm_out_puts(&im->out, im->nevents_out++ ? ",\n" : "\n");
			tm_out_write(&im->out, ev.raw, ev.raw_len);
			im->json_events++;
		}
		if (rc == 0 && (cd = clock_domain(tm_te_reader_top(r))))
			json_object_object_add(meta, "clock-domain", cd);
		tm_te_reader_free(r);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static struct json_object *canon_report(const struct tm_canon_stats *c)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "flags_5th_column_dropped", json_object_new_int64((int64_t)c->flags_5th_dropped));
	json_object_object_add(o, "flag_letters_mapped", json_object_new_int64((int64_t)c->flags_letter_mapped));
	json_object_object_add(o, "flags_column_added", json_object_new_int64((int64_t)c->flags_added));
	json_object_object_add(o, "trace_cmd_plugin_text_rewritten", json_object_new_int64((int64_t)c->plugin_rewritten));
	json_object_object_add(o, "continuation_lines_joined", json_object_new_int64((int64_t)c->continuations_joined));
	json_object_object_add(o, "counter_clock_timestamps", json_object_new_int64((int64_t)c->counter_clock));
	return o;
}

static void print_summary(struct import *im, struct tm_diag *d)
{
	const struct tm_kstats *st = &im->st;

	if (!tm_diag_total(d) && !im->out.bad_utf8)
		return;
	fprintf(stderr, "tracemerge import: %s: %llu events converted, %llu lines rejected\n",
		st->name, (unsigned long long)st->events, (unsigned long long)st->rejected);
	for (size_t i = 0; i < d->nwarn; i++)
		fprintf(stderr, "  %s: %llu (%s; first at %s)\n", d->warn[i].kind,
			(unsigned long long)d->warn[i].count,
			d->warn[i].first_message ? d->warn[i].first_message : "",
			d->warn[i].nlocs ? d->warn[i].locs[0] : "?");
	if (im->out.bad_utf8)
		fprintf(stderr, "  invalid UTF-8 replaced by U+FFFD: %llu\n",
			(unsigned long long)im->out.bad_utf8);
}

static int run_import(struct import *im, struct tm_input *in, const char *outpath,
		      struct tm_diag *d)
{
	struct json_object *meta = json_object_new_object(), *tm = json_object_new_object();
	char tracer[64];
	int rc = -1;

	if (tm_out_open(&im->out, outpath, d))
		goto done;
	tm_out_puts(&im->out, "{\"systemTraceEvents\":\"");
	if (!im->verbatim) {
		first_tracer(in, tracer, sizeof(tracer));
		tm_out_puts(&im->out, "# tracer: ");
		tm_out_json_chars(&im->out, tracer, strlen(tracer));
		tm_out_puts(&im->out, "\\n");
	}
	if (tm_kscan_input(in, &im->st, on_line, im)) {
		tm_diag_error(d, "%s: out of memory", tm_input_name(in));
		goto fail;
	}
	tm_out_puts(&im->out, "\",\n\"traceEvents\":[");
	emit_names(im);
	if (emit_json_blocks(im, in, meta, d))
		goto fail;
	tm_out_puts(&im->out, "\n]");
	if (im->passthrough.n) {
		tm_out_puts(&im->out, ",\n\"tracemergeUnconvertedText\":");
		tm_out_json_str(&im->out, im->passthrough.p, im->passthrough.n);
	}
	json_object_object_add(tm, "version", json_object_new_string(TM_VERSION));
	json_object_object_add(tm, "command", json_object_new_string("import"));
	json_object_object_add(tm, "source", json_object_new_string(tm_input_name(in)));
	json_object_object_add(tm, "format", json_object_new_string(tm_format_name(tm_input_format(in))));
	json_object_object_add(tm, "gzip", json_object_new_boolean(tm_input_was_gzip(in)));
	json_object_object_add(tm, "mode", json_object_new_string(im->verbatim ? "verbatim" : "canonical"));
	json_object_object_add(tm, "lines", tm_report_lines(&im->st));
	if (!im->verbatim)
		json_object_object_add(tm, "normalised", canon_report(&im->canon));
	json_object_object_add(tm, "json_block_events", json_object_new_int64((int64_t)im->json_events));
	json_object_object_add(tm, "warnings", tm_report_warnings(d));
	json_object_object_add(meta, "tracemerge", tm);
	tm = NULL;
	tm_out_puts(&im->out, ",\n\"metadata\":");
	tm_out_puts(&im->out, json_object_to_json_string_ext(meta, JSON_C_TO_STRING_PLAIN |
							     JSON_C_TO_STRING_NOSLASHESCAPE));
	tm_out_puts(&im->out, "}\n");
	if (im->line.oom || im->passthrough.oom) {
		tm_diag_error(d, "%s: out of memory", tm_input_name(in));
		goto fail;
	}
	rc = tm_out_close(&im->out, d);
	goto done;
fail:
	tm_out_abort(&im->out);
done:
	json_object_put(tm);
	json_object_put(meta);
	return rc;
}

int cmd_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "verbatim", no_argument, NULL, 'V' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct import im;
	const char *outpath = NULL;
	struct tm_input *in;
	struct tm_diag d;
	int c, quiet = 0, rc;

	memset(&im, 0, sizeof(im));
	while ((c = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'o': outpath = optarg; break;
		case 'V': im.verbatim = true; break;
		case 'q': quiet = 1; break;
		case 'h': tm_usage("import", 0); return TM_EXIT_OK;
		default: return tm_usage_error("import", "bad option");
		}
	}
	if (optind != argc - 1)
		return tm_usage_error("import", optind >= argc ? "no input given" :
				      "exactly one input (use merge for several)");
	tm_diag_init(&d);
	in = tm_input_open(argv[optind], &d);
	if (!in) {
		fprintf(stderr, "tracemerge import: %s\n", d.error);
		tm_diag_free(&d);
		return TM_EXIT_INPUT;
	}
	if (tm_kstats_init(&im.st, argv[optind], &d)) {
		tm_input_free(in);
		tm_diag_free(&d);
		fprintf(stderr, "tracemerge import: out of memory\n");
		return TM_EXIT_INPUT;
	}
	rc = run_import(&im, in, outpath, &d);
	if (rc)
		fprintf(stderr, "tracemerge import: %s\n", d.error);
	else if (!quiet)
		print_summary(&im, &d);
	tm_buf_free(&im.line);
	tm_buf_free(&im.passthrough);
	tm_kstats_free(&im.st);
	tm_input_free(in);
	tm_diag_free(&d);
	return rc ? TM_EXIT_INPUT : TM_EXIT_OK;
}
