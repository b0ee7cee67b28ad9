/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-names.c - what a Perfetto trace says of its tasks (perfetto.c's
 * pass 1): the process tree (names, tgids, parents), process stats (the
 * threads of each process), task_newtask (the process of a task that
 * neither gives), the kernel symbols interned on each sequence
 * as defined at each packet; and the comm a line gives a thread.
 */
#include "perfetto-int.h"

static int learn_tgid(struct pf *pf, int64_t tid, int64_t tgid)
{
	int32_t *t;

	if (pf->pass2 || tgid <= 0 || tid < INT32_MIN || tid > INT32_MAX || tgid > INT32_MAX)
		return 0;
	if (!(t = tm_hmap_get_i32(pf->tgids, (int32_t)tid, true)))
		return -1;
	*t = (int32_t)tgid;
	return 0;
}

/* The kernel symbol interned as IID on the current sequence as defined
 * when the event's packet (pf->cur_pkt) was read, or an empty view. */
static struct view symbol(struct pf *pf, uint64_t iid)
{
	uint64_t key[2] = { pf->seq, iid };
	const struct sym *v = tm_hmap_get(pf->syms, key, sizeof(key), false);

	while (v && v->pkt > pf->cur_pkt)
		v = v->older ? &pf->symold[v->older - 1] : NULL;
	return v ? v->v : (struct view){ NULL, 0 };
}

/* The symbol of field NUM (an interned kernel symbol's iid) of event
 * message M, into *SYM (unchanged when M has no such field). */
int tm_pf_names_symbol(struct pf *pf, const struct tm_pb *m, uint32_t num, struct view *sym)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		if (f.num == num && f.type == TM_PB_VARINT)
			*sym = symbol(pf, f.v);
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* ProcessTree.Process or .Thread M. */
static int read_task(struct pf *pf, const struct tm_pb *m, bool thread)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int64_t id = -1, up = -1;
	struct view name = { 0 };
	struct proc *p;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num == 1 && f.type == TM_PB_VARINT)       /* PF_PROC_PID, PF_THREAD_TID */
			id = (int32_t)f.v;
		else if (!thread && f.num == PF_PROC_PPID && f.type == TM_PB_VARINT)
			up = (int32_t)f.v;
		else if (thread && f.num == PF_THREAD_TGID && f.type == TM_PB_VARINT)
			up = (int32_t)f.v;
		else if (f.type == TM_PB_BYTES && !name.n &&
			 f.num == (thread ? PF_THREAD_NAME : PF_PROC_CMDLINE))
			name = view_of(&f);
	}
	if (rc < 0)
		return wire_fail(pf, &e);
	if (id <= 0)
		return 0;
	if (thread)
		return learn_tgid(pf, id, up) || learn_name(pf, id, name) ? nomem(pf) : 0;
	if (learn_tgid(pf, id, id) || !(p = tm_hmap_get_i32(pf->procs, (int32_t)id, true)))
		return nomem(pf);
	p->ppid = (int32_t)up;
	if (name.n)
		p->name = name;
	return 0;
}

static int tree_entry(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	if (num == PF_PTREE_PROCESSES || num == PF_PTREE_THREADS)
		return read_task(pf, m, num == PF_PTREE_THREADS);
	return 0;
}

int tm_pf_names_tree(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	(void)num;
	return tm_pf_read_each(pf, m, 0, tree_entry);
}

/* Utsname M: the kernel's release, which decides how sched_switch's
 * prev_state numbers are printed (the last one given wins). */
static int read_utsname(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int rc;

	(void)num;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num != PF_UTSNAME_RELEASE || f.type != TM_PB_BYTES || pf->pass2)
			continue;
		pf->task_states = tm_task_states_of_release((const char *)f.data, f.len);
		pf->has_release = true;
	}
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

int tm_pf_names_system(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	(void)num;
	return tm_pf_read_each(pf, m, PF_SYSINFO_UTSNAME, read_utsname);
}

/* ProcessStats.Thread M of process pf->pid. */
static int stats_thread(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m;
	struct tm_pb_field g;
	struct tm_pb_error e;
	int rc;

	(void)num;
	while ((rc = tm_pb_next(&r, &g, &e)) == 1)
		if (g.num == PF_PSTATS_THREAD_TID && g.type == TM_PB_VARINT &&
		    learn_tgid(pf, (int32_t)g.v, pf->pid))
			return nomem(pf);
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* ProcessStats.Process M: its threads' tgid. */
static int read_stats_process(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int64_t pid = -1;
	int rc;

	(void)num;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		if (f.num == PF_PSTATS_PID && f.type == TM_PB_VARINT)
			pid = (int32_t)f.v;
	if (rc < 0)
		return wire_fail(pf, &e);
	if (pid <= 0)
		return 0;
	if (learn_tgid(pf, pid, pid))
		return nomem(pf);
	pf->pid = (int32_t)pid;
	return tm_pf_read_each(pf, m, PF_PSTATS_THREADS, stats_thread);
}

int tm_pf_names_stats(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	(void)num;
	return tm_pf_read_each(pf, m, PF_PSTATS_PROCESSES, read_stats_process);
}

/* Define the symbol KEY (sequence, iid) as NAME from the current packet
 * on, keeping what it was before; 0, or -1 out of memory. */
static int define_symbol(struct pf *pf, const uint64_t key[2], struct view name)
{
	struct sym *v = tm_hmap_get(pf->syms, key, 2 * sizeof(*key), true);

	if (!v)
		return -1;
	if (v->pkt) {           /* defined before: keep it for the bundles before */
		struct sym *o;

		if (pf->nsymold >= UINT32_MAX - 1 ||
		    !(o = tm_pf_read_room(pf->symold, pf->nsymold, &pf->symold_cap, sizeof(*o), 64)))
			return -1;
		pf->symold = o;
		pf->symold[pf->nsymold++] = *v;
		v->older = (uint32_t)pf->nsymold;
	}
	v->v = name;
	v->pkt = pf->packets;
	return 0;
}

/* InternedData M: kernel symbols by (sequence, iid). */
int tm_pf_names_interned(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m, s;
	struct tm_pb_field f, g;
	struct tm_pb_error e;
	int rc;

	(void)num;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		uint64_t key[2] = { pf->seq, 0 };
		struct view name = { 0 };

		if (f.num != PF_INTERNED_KERNEL_SYMBOLS || f.type != TM_PB_BYTES)
			continue;
		s = tm_pb_sub(&r, &f);
		while ((rc = tm_pb_next(&s, &g, &e)) == 1) {
			if (g.num == PF_ISTR_IID && g.type == TM_PB_VARINT)
				key[1] = g.v;
			else if (g.num == PF_ISTR_STR && g.type == TM_PB_BYTES)
				name = view_of(&g);
		}
		if (rc < 0)
			return wire_fail(pf, &e);
		if (define_symbol(pf, key, name))
			return nomem(pf);
	}
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

#define PF_CLONE_THREAD 0x00010000u   /* the kernel's clone flag */

int tm_pf_names_newtask(struct pf *pf, const struct tm_pb *m, int64_t creator)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int64_t pid = -1;
	uint64_t flags = 0;
	struct born *b;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num == PF_NEWTASK_PID && f.type == TM_PB_VARINT)
			pid = (int32_t)f.v;
		else if (f.num == PF_NEWTASK_CLONE_FLAGS && f.type == TM_PB_VARINT)
			flags = f.v;
	}
	if (rc < 0)
		return wire_fail(pf, &e);
	if (pid <= 0 || creator <= 0 || creator > INT32_MAX)
		return 0;
	if (!(b = tm_hmap_get_i32(pf->born, (int32_t)pid, true)))
		return nomem(pf);
	*b = (struct born){ (int32_t)creator, (flags & PF_CLONE_THREAD) != 0 };
	return 0;
}

/* The tgid task_newtask gives TID (not known otherwise), up a chain of
 * threads made by threads (16 links at most: pids reused in a loop), or
 * -1. */
static int32_t born_tgid(struct pf *pf, int32_t tid)
{
	const struct born *b;
	const int32_t *t;

	for (int i = 0; i < 16; i++) {
		if (!(b = tm_hmap_get_i32(pf->born, tid, false)))
			return -1;
		if (!b->thread)
			return tid;
		if ((t = tm_hmap_get_i32(pf->tgids, b->creator, false)))
			return *t;
		tid = b->creator;
	}
	return -1;
}

int tm_pf_names_born(struct pf *pf)
{
	const char *key;
	size_t it = 0;
	int32_t tid, tgid;

	while (tm_hmap_next(pf->born, &it, &key, NULL)) {
		memcpy(&tid, key, sizeof(tid));
		if (!tm_hmap_get_i32(pf->tgids, tid, false) && (tgid = born_tgid(pf, tid)) > 0 &&
		    learn_tgid(pf, tid, tgid))
			return nomem(pf);
	}
	return 0;
}

const char tm_pf_names_unknown[] = "<...>";    /* the kernel's "no name" */

/* The comm of TID: the last name the trace gives it, "<idle>" for 0, else
 * tm_pf_names_unknown. */
struct view tm_pf_names_of(struct pf *pf, int32_t tid)
{
	struct view *v;

	if (tid == 0)
		return (struct view){ (const uint8_t *)"<idle>", 6 };
	v = tm_hmap_get_i32(pf->names, tid, false);
	return v && v->n ? *v : (struct view){ (const uint8_t *)tm_pf_names_unknown, 5 };
}
