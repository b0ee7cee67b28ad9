/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel-dump.c - what the first pass keeps of a PROCESS DUMP block
 * (kernel-scan.h: tm_kscan_dump): every process and every thread it lists,
 * with their names, for the writer's metadata events, and each thread's
 * process for the tgids of the kernel text's tasks.
 */
#include <string.h>

#include "kernel-scan.h"
#include "output.h"

/* The name of a row, empty when the dump had none ("<...>", the kernel's
 * "no name", as Perfetto's process trees without a cmdline are written). */
static void row_name(char *dst, size_t cap, struct tm_str name)
{
	if (name.n == 5 && memcmp(name.p, "<...>", 5) == 0)
		name.n = 0;
	tm_utf8_copy(dst, cap, name.p, name.n);
}

/* A PROCESS DUMP row: the tgid of its task (a process row's is its own
 * pid), kept for the tasks' tgids; a thread row (tid, its process) with
 * its name; a process row names its process, and so does a main-thread
 * row (tid == pid) when no process row has. */
static void on_dump_row(void *ctx, const struct tm_procdump_row *r)
{
	struct tm_kstats *st = ctx;
	int32_t *tgid = tm_hmap_get_i32(st->dump_tgids, r->tid, true);
	int32_t key[2] = { r->tid, r->pid };
	struct tm_dump_thread *t;
	struct tm_proc *p;

	if (tgid)
		*tgid = r->pid;
	if (r->is_thread && (t = tm_hmap_get(st->dump_threads, key, sizeof(key), true)))
		row_name(t->name, sizeof(t->name), r->name);
	if (r->is_thread && r->tid != r->pid)
		return;
	p = tm_hmap_get_i32(st->procs, r->pid, true);
	if (p && (!r->is_thread || !p->name[0]))
		row_name(p->name, sizeof(p->name), r->name);
}

void tm_kscan_dump(struct tm_kstats *st, const struct tm_block *b)
{
	tm_procdump_parse_rows(b->data, b->len, on_dump_row, st);
}
