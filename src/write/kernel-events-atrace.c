/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel-events-atrace.c - userspace markers (atrace payloads) as trace events:
 * B/E -> B/E and I -> thread instant on the writing thread, in that
 * thread's process (kernel-scan.h: enum tm_tgid_source; the payload's tgid only
 * where nothing better says it); C -> C, N -> process instant and S/F, G/H
 * and T/U -> b/e pairs written when the end arrives (a fresh id per pair,
 * the cookie in args) on the payload's process: on the writing thread when
 * it is in that process, else on the process's main thread (tid = pid), as
 * kernel threads write counters for other processes (C|1|...).  An E
 * without an open B and an end without its begin are reported and kept as
 * instants; B and S left open at the end are reported, not closed.
 */
#include <stdio.h>
#include <string.h>

#include "kernel-events-int.h"

static int32_t pid_of(struct tm_kev *kv, const struct tm_atrace *a)
{
	return a->has_tgid ? tm_kev_id(kv, a->tgid) : kv->pid;
}

/* The tid of an event of (moved) process PID written by the line's thread:
 * that thread when it is one of PID's, else PID's main thread (Perfetto
 * makes an event's tid a thread of its pid). */
static int32_t tid_in(const struct tm_kev *kv, int32_t pid)
{
	return pid == kv->pid ? kv->tid : pid;
}

/* A counter value as a JSON number ("1." -> "1.0", ".5" -> "0.5", "+2" -> "2"). */
static void json_number(char *out, size_t cap, struct tm_str v)
{
	size_t o = 0, i = 0;

	if (i < v.n && v.p[i] == '+')
		i++;
	if (i < v.n && v.p[i] == '-' && o + 1 < cap)
		out[o++] = v.p[i++];
	if (i < v.n && v.p[i] == '.' && o + 1 < cap)
		out[o++] = '0';
	for (; i < v.n && o + 2 < cap; i++) {
		char c = v.p[i];
		if ((c == 'e' || c == 'E') && o && out[o - 1] == '.')
			out[o++] = '0';
		if (c == '+' && o && (out[o - 1] == 'e' || out[o - 1] == 'E'))
			continue;
		out[o++] = c;
	}
	if (o && out[o - 1] == '.' && o + 1 < cap)
		out[o++] = '0';
	out[o] = 0;
	/* leading zeros are not JSON: "007" -> "7" */
	{
		size_t s = out[0] == '-' ? 1 : 0, z = s;
		while (out[z] == '0' && out[z + 1] >= '0' && out[z + 1] <= '9')
			z++;
		if (z > s)
			memmove(out + s, out + z, strlen(out + z) + 1);
	}
}

static void marker_instant(struct tm_kev *kv, const char *cat, const char *why)
{
	tm_kev_instant(kv, cat, kv->pid, kv->tid);
	if (why)
		tm_kev_arg_s(kv, "problem", why, strlen(why));
	tm_kev_emit(kv);
}

static void begin(struct tm_kev *kv, const struct tm_atrace *a)
{
	struct tm_kev_thread *t = tm_kev_thread(kv, kv->tid);

	if (!t)
		return;
	t->pid = kv->pid;
	tm_kev_obj(kv, "B", "atrace", kv->pid, kv->tid, kv->ts);
	if (a->name.n)
		tm_kev_name(kv, a->name.p, a->name.n);
	else
		tm_kev_names(kv, "(no name)");
	if (a->category.n)
		tm_kev_arg_s(kv, "category", a->category.p, a->category.n);
	if (a->args.n)
		tm_kev_arg_s(kv, "args", a->args.p, a->args.n);
	tm_kev_emit(kv);
	t->b_depth++;
	t->b_pid = kv->pid;
	kv->slices_b++;
}

static void end(struct tm_kev *kv)
{
	struct tm_kev_thread *t = tm_kev_thread(kv, kv->tid);

	if (!t)
		return;
	if (!t->b_depth) {
		kv->e_unmatched++; /* the first pass warned (unmatched-end) */
		marker_instant(kv, "atrace_unmatched", "E without B");
		return;
	}
	tm_kev_obj(kv, "E", "atrace", t->b_pid, kv->tid, kv->ts);
	tm_kev_emit(kv);
	t->b_depth--;
	kv->slices_e++;
}

static void counter(struct tm_kev *kv, const struct tm_atrace *a)
{
	int32_t pid = pid_of(kv, a);
	char num[64];

	if (a->value_is_int)
		snprintf(num, sizeof(num), "%lld", (long long)a->ivalue);
	else
		json_number(num, sizeof(num), a->value);
	tm_kev_obj(kv, "C", "atrace", pid, tid_in(kv, pid), kv->ts);
	tm_kev_name(kv, a->name.p, a->name.n);
	tm_kev_arg_num(kv, "value", num);
	tm_kev_emit(kv);
	kv->counters++;
}

/* Key of an async slice: pid, kind, name (or track), cookie. */
static size_t async_key(struct tm_buf *b, int32_t pid, char kind, struct tm_str name,
			struct tm_str cookie)
{
	b->n = 0;
	tm_buf_add(b, &pid, sizeof(pid));
	tm_buf_addc(b, kind);
	tm_buf_add(b, name.p, name.n);
	tm_buf_addc(b, 0);
	tm_buf_add(b, cookie.p, cookie.n);
	return b->n;
}

static void async_begin(struct tm_kev *kv, const struct tm_atrace *a, char kind)
{
	struct tm_str key = kind == 'S' ? a->name : a->track;
	size_t n = async_key(&kv->tmp, pid_of(kv, a), kind, key, a->cookie);
	struct tm_kev_async *s;

	if (kv->tmp.oom || !(s = tm_hmap_get(kv->async, kv->tmp.p, n, true))) {
		kv->oom = true;
		return;
	}
	if (s->name[0]) {
		kv->async_unterminated++;
		tm_kev_warn(kv, "kevents-async-restarted", "async slice '%s' begun again before its "
			 "end: the earlier begin is dropped", s->name);
	}
	s->ts = kv->ts;
	s->pid = pid_of(kv, a);
	s->tid = tid_in(kv, s->pid);
	tm_kev_cpy(s->name, sizeof(s->name), a->name.n ? a->name : key);
	tm_kev_cpy(s->cat, sizeof(s->cat), a->track);
}

/* One of the pair: b and e share a fresh numeric id (Catapult matches
 * nestable async events by category and id alone, across processes). */
static void async_obj(struct tm_kev *kv, const char *ph, const struct tm_kev_async *s, int32_t tid,
		      int64_t ts, struct tm_str cookie)
{
	char id[32];

	tm_kev_obj(kv, ph, "atrace", s->pid, tid, ts);
	tm_kev_names(kv, s->name);
	snprintf(id, sizeof(id), ",\"id\":%llu", (unsigned long long)kv->async_id);
	tm_kev_raw(kv, id);
	tm_kev_arg_s(kv, "cookie", cookie.p, cookie.n);
	if (s->cat[0])
		tm_kev_arg_s(kv, "track", s->cat, strlen(s->cat));
	tm_kev_emit(kv);
}

static void async_end(struct tm_kev *kv, const struct tm_atrace *a, char kind)
{
	struct tm_str key = kind == 'S' ? a->name : a->track;
	size_t n = async_key(&kv->tmp, pid_of(kv, a), kind, key, a->cookie);
	struct tm_kev_async *s = kv->tmp.oom ? NULL : tm_hmap_get(kv->async, kv->tmp.p, n, false);

	if (!s) {
		kv->async_unmatched++;
		tm_kev_warn(kv, "kevents-async-unmatched", "async end without its begin: kept as an instant");
		marker_instant(kv, "atrace_unmatched", "async end without begin");
		return;
	}
	kv->async_id++;
	async_obj(kv, "b", s, s->tid, s->ts, a->cookie);
	async_obj(kv, "e", s, tid_in(kv, s->pid), kv->ts, a->cookie);
	kv->async_b++;
	kv->async_e++;
	tm_hmap_del(kv->async, kv->tmp.p, n);
}

static void instant(struct tm_kev *kv, const struct tm_atrace *a)
{
	bool track = a->kind == TM_AT_TRACK_INSTANT;
	int32_t pid = track ? pid_of(kv, a) : kv->pid;

	tm_kev_obj(kv, "i", "atrace_instant", pid, tid_in(kv, pid), kv->ts);
	tm_kev_name(kv, a->name.p, a->name.n);
	tm_kev_raw(kv, track ? ",\"s\":\"p\"" : ",\"s\":\"t\"");
	if (track)
		tm_kev_arg_s(kv, "track", a->track.p, a->track.n);
	tm_kev_emit(kv);
	kv->atrace_instants++;
}

void tm_kev_atrace(struct tm_kev *kv)
{
	struct tm_atrace a;

	tm_atrace_parse(kv->ev->details.p, kv->ev->details.n, &a);
	if (a.kind == TM_AT_INVALID) {
		kv->atrace_invalid++;
		if (a.claimed == TM_AT_END) {
			end(kv);
			return;
		}
		marker_instant(kv, "atrace_invalid", a.error);
		return;
	}
	switch (a.kind) {
	case TM_AT_BEGIN: begin(kv, &a); break;
	case TM_AT_END: end(kv); break;
	case TM_AT_COUNTER: counter(kv, &a); break;
	case TM_AT_ASYNC_BEGIN: async_begin(kv, &a, 'S'); break;
	case TM_AT_ASYNC_END: async_end(kv, &a, 'S'); break;
	case TM_AT_TRACK_BEGIN: async_begin(kv, &a, 'G'); break;
	case TM_AT_TRACK_END: async_end(kv, &a, 'G'); break;
	case TM_AT_T: async_begin(kv, &a, 'T'); break;
	case TM_AT_U: async_end(kv, &a, 'T'); break;
	case TM_AT_INSTANT:
	case TM_AT_TRACK_INSTANT: instant(kv, &a); break;
	default:
		/* free text and clock-sync markers left in the stream */
		marker_instant(kv, "marker", NULL);
		kv->instants++;
		break;
	}
}

void tm_kev_atrace_finish(struct tm_kev *kv)
{
	size_t it = 0;
	const char *key;
	struct tm_kev_thread *t;
	struct tm_kev_async *s;

	while ((t = tm_hmap_next(kv->threads, &it, &key, NULL))) {
		int32_t tid;
		memcpy(&tid, key, sizeof(tid));
		if (!t->b_depth)
			continue;
		kv->b_unterminated += (uint64_t)t->b_depth;
		tm_kev_warn(kv, "kevents-begin-unterminated", "%d atrace slice(s) of tid %d still open at "
			 "the end: written without an end", t->b_depth, tid);
	}
	it = 0;
	while ((s = tm_hmap_next(kv->async, &it, NULL, NULL))) {
		kv->async_unterminated++;
		tm_kev_warn(kv, "kevents-async-unterminated", "async slice '%s' still open at the end: "
			 "kept as an instant", s->name);
		tm_kev_obj(kv, "i", "atrace_unterminated", s->pid, s->tid, s->ts);
		tm_kev_names(kv, s->name);
		tm_kev_raw(kv, ",\"s\":\"t\"");
		tm_kev_emit(kv);
	}
}
