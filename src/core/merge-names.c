/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * merge-names.c - the names of the kernel inputs' processes and threads as
 * metadata events (M: process_name, thread_name), never over a name a JSON
 * input gives itself.
 *
 * From each kernel input, in this order: the processes of its PROCESS
 * DUMP blocks (systrace's `ps` listings, a Perfetto trace's process tree)
 * that have a name; the tasks of its kernel text that have a name and a
 * known process (a main thread's name also names its process when nothing
 * else did); then every thread row of the dumps not written yet, in the
 * process the row gives it (also when the kernel text puts the thread in
 * another: Perfetto, reading a systrace page's dump before its ftrace
 * text, keeps it in both), with its name or, when the dump has none, an
 * empty one: the viewers then make the thread and its process with no
 * name, as Perfetto does for a process tree's process without a cmdline;
 * last, a nameless process of a dump with no thread written gets its main
 * thread that way.  Without a known process a thread gets no event (it would
 * invent one: the kernel text names such threads already); pid 0 is the
 * per-CPU idle task.
 */
#include <string.h>

#include "merge-int.h"
#include "pid-map.h"

struct names {
	struct tm_mw *w;
	struct tm_hmap *procs;    /* moved pid -> (process_name written) */
	struct tm_hmap *threads;  /* moved {tgid, tid} -> (thread_name written) */
	int64_t off;              /* the input's pid offset */
};

/* Write one M event WHAT (process_name or thread_name) for PID/TID (moved
 * by OFF) named NAME. */
static void meta_event(struct tm_mw *w, const char *what, int32_t pid, int32_t tid,
		       const char *name, int64_t off)
{
	pid = tm_pid_move(pid, off);
	tid = tm_pid_move(tid, off);
	tm_merge_sep(w, &w->out);
	tm_out_printf(&w->out, "{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":",
		      what, pid, tid);
	tm_out_json_str(&w->out, name, strlen(name));
	tm_out_puts(&w->out, "}}");
	w->c->names++;
}

/* Does a JSON input name (moved) id ID itself, as a thread (THREADS) or a
 * process? */
static bool json_named(struct tm_mw *w, bool threads, int32_t id)
{
	for (size_t j = 0; j < w->s->nsrc; j++) {
		const struct tm_src *src = &w->s->src[j];
		int64_t orig = id > 0 ? (int64_t)id - src->pid_off : id;
		if (orig >= INT32_MIN && orig <= INT32_MAX &&
		    tm_hmap_get_i32(threads ? src->json_threads : src->json_procs, (int32_t)orig, false))
			return true;
	}
	return false;
}

/* Note that thread TID of process TGID (unmoved) has its event: true the
 * first time (or when out of memory: then it may be written twice). */
static bool thread_first(struct names *n, int32_t tgid, int32_t tid)
{
	int32_t key[2] = { tm_pid_move(tgid, n->off), tm_pid_move(tid, n->off) };
	size_t before = tm_hmap_count(n->threads);

	tm_hmap_get(n->threads, key, sizeof(key), true);
	return tm_hmap_count(n->threads) != before || !tm_hmap_get(n->threads, key, sizeof(key), false);
}

/* Has thread TID of process TGID (unmoved) had its event? */
static bool thread_written(struct names *n, int32_t tgid, int32_t tid)
{
	int32_t key[2] = { tm_pid_move(tgid, n->off), tm_pid_move(tid, n->off) };

	return tm_hmap_get(n->threads, key, sizeof(key), false) != NULL;
}

/* process_name of PID (unmoved) as NAME, unless written or named by JSON. */
static void process_once(struct names *n, int32_t pid, const char *name)
{
	int32_t moved = tm_pid_move(pid, n->off);

	if (!tm_hmap_get_i32(n->procs, moved, false) && !json_named(n->w, false, moved) &&
	    tm_hmap_get_i32(n->procs, moved, true))
		meta_event(n->w, "process_name", pid, pid, name, n->off);
}

/* The named processes of ST's dumps. */
static void dump_processes(struct names *n, struct tm_kstats *st)
{
	const char *key;
	struct tm_proc *p;
	size_t it = 0;
	int32_t pid;

	while ((p = tm_hmap_next(st->procs, &it, &key, NULL))) {
		memcpy(&pid, key, sizeof(pid));
		if (p->name[0])
			process_once(n, pid, p->name);
	}
}

/* The named tasks of ST's kernel text with a known process. */
static void text_tasks(struct names *n, struct tm_kstats *st)
{
	const char *key;
	struct tm_task *t;
	size_t it = 0;
	int32_t pid;

	while ((t = tm_hmap_next(st->tasks, &it, &key, NULL))) {
		memcpy(&pid, key, sizeof(pid));
		if (!t->named || t->tgid < 0 || pid == 0)
			continue;
		thread_first(n, t->tgid, pid);
		if (!json_named(n->w, true, tm_pid_move(pid, n->off)))
			meta_event(n->w, "thread_name", t->tgid, pid, t->comm, n->off);
		if (t->tgid == pid)
			process_once(n, pid, t->comm);
	}
}

/* The thread rows of ST's dumps not written yet. */
static void dump_threads(struct names *n, struct tm_kstats *st)
{
	struct tm_dump_thread *d;
	const char *key;
	size_t it = 0;
	int32_t id[2];  /* tid, tgid */

	while ((d = tm_hmap_next(st->dump_threads, &it, &key, NULL))) {
		memcpy(id, key, sizeof(id));
		if (id[0] <= 0 || id[1] <= 0 || (id[0] == id[1] && !d->name[0]))
			continue;   /* (a nameless main thread: nameless_processes) */
		if (thread_first(n, id[1], id[0]) &&
		    !json_named(n->w, true, tm_pid_move(id[0], n->off)))
			meta_event(n->w, "thread_name", id[1], id[0], d->name, n->off);
	}
}

/* The nameless processes of ST's dumps that no event made yet: their main
 * thread, with no name. */
static void nameless_processes(struct names *n, struct tm_kstats *st)
{
	const char *key;
	struct tm_proc *p;
	size_t it = 0;
	int32_t pid;

	while ((p = tm_hmap_next(st->procs, &it, &key, NULL))) {
		memcpy(&pid, key, sizeof(pid));
		if (p->name[0] || pid <= 0 || thread_written(n, pid, pid))
			continue;
		if (thread_first(n, pid, pid) && !json_named(n->w, false, tm_pid_move(pid, n->off)) &&
		    !json_named(n->w, true, tm_pid_move(pid, n->off)))
			meta_event(n->w, "thread_name", pid, pid, "", n->off);
	}
}

int tm_merge_names(struct tm_mw *w)
{
	struct names n = { .w = w, .procs = tm_hmap_new(1), .threads = tm_hmap_new(1) };
	int rc = 0;

	if (!n.procs || !n.threads) {
		rc = tm_diag_error(w->s->d, "out of memory");
		goto done;
	}
	for (size_t i = 0; i < w->s->nsrc; i++) {
		struct tm_kstats *st = &w->s->src[i].st;

		if (!w->s->src[i].kernel || !tm_merge_takes(w->o, i))
			continue;
		n.off = w->s->src[i].pid_off;
		dump_processes(&n, st);
		text_tasks(&n, st);
		dump_threads(&n, st);
		nameless_processes(&n, st);
	}
done:
	tm_hmap_free(n.procs);
	tm_hmap_free(n.threads);
	return rc;
}
