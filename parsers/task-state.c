// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * task-state.c - a sched_switch prev_state number as the kernel of a given
 * release prints it (the tables: task-state.h).
 */
#include "task-state.h"

#include <stdio.h>
#include <string.h>

struct table {
	const char *name;
	int major, minor;       /* the first release it is for */
	const char *letters;    /* of bits 1, 2, 4 ...; '-': no letter */
	uint64_t plus;          /* TASK_STATE_MAX / TASK_REPORT_MAX */
};

static const struct table tables[TM_TASK_STATES_N] = {
	[TM_TASK_STATES_3_0] = { "3.0-3.8", 0, 0, "SDTtZXxW-", 512 },
	[TM_TASK_STATES_3_9] = { "3.9-4.1", 3, 9, "SDTtZXxKWP", 1024 },
	[TM_TASK_STATES_4_2] = { "4.2-4.7", 4, 2, "SDTtZXxKWPN", 2048 },
	[TM_TASK_STATES_4_8] = { "4.8-4.13", 4, 8, "SDTtZXxKWPN-", 4096 },
	[TM_TASK_STATES_4_14] = { "4.14+", 4, 14, "SDTtXZPI", 256 },
};

/* The decimal number at [*P, E), moved past: -1 when there is none. */
static long number_at(const char **p, const char *e)
{
	long v = 0;
	const char *s = *p;

	while (*p < e && **p >= '0' && **p <= '9' && v < 100000)
		v = v * 10 + (*(*p)++ - '0');
	return *p == s ? -1 : v;
}

enum tm_task_states tm_task_states_of_release(const char *s, size_t n)
{
	const char *p = s, *e = s + n;
	long major = number_at(&p, e), minor;
	int t;

	if (major < 0 || p >= e || *p++ != '.' || (minor = number_at(&p, e)) < 0)
		return TM_TASK_STATES_CURRENT;
	for (t = TM_TASK_STATES_N - 1; t > 0; t--)
		if (major > tables[t].major || (major == tables[t].major && minor >= tables[t].minor))
			break;
	return (enum tm_task_states)t;
}

const char *tm_task_states_name(enum tm_task_states t)
{
	return tables[t].name;
}

uint64_t tm_task_states_known(enum tm_task_states t)
{
	const struct table *tb = &tables[t];
	uint64_t known = tb->plus;

	for (size_t b = 0; tb->letters[b]; b++)
		if (tb->letters[b] != '-')
			known |= (uint64_t)1 << b;
	return known;
}

size_t tm_task_state_print(enum tm_task_states t, uint64_t state, char *out)
{
	const struct table *tb = &tables[t];
	uint64_t left = state & (tb->plus - 1);
	char *w = out;

	if (!left)
		*w++ = 'R';
	for (size_t b = 0; tb->letters[b] && left; b++) {
		uint64_t bit = (uint64_t)1 << b;

		if (!(left & bit) || tb->letters[b] == '-')
			continue;
		if (w != out)
			*w++ = '|';
		*w++ = tb->letters[b];
		left &= ~bit;
	}
	if (left)       /* bits without a letter: one hex number, as __print_flags */
		w += snprintf(w, 24, "%s0x%llx", w != out ? "|" : "", (unsigned long long)left);
	if (state & tb->plus)
		*w++ = '+';
	*w = '\0';
	return (size_t)(w - out);
}

void tm_task_state_guess_init(struct tm_task_state_guess *g)
{
	memset(g, 0, sizeof(*g));
	g->fits = (1u << TM_TASK_STATES_N) - 1;
}

/* Could table T's kernel write V at a switch? */
static bool fits(enum tm_task_states t, uint64_t v)
{
	const struct table *tb = &tables[t];
	uint64_t states = v & (tb->plus - 1);

	if (v & ~tm_task_states_known(t))
		return false;
	if (t == TM_TASK_STATES_4_14)   /* one state index, or preempted */
		return !(states & (states - 1));
	for (size_t b = 0; tb->letters[b]; b++)  /* K, W or N alone */
		if (states == (uint64_t)1 << b && strchr("KWN", tb->letters[b]))
			return false;
	return true;
}

void tm_task_state_note(struct tm_task_state_guess *g, uint64_t v)
{
	g->noted++;
	for (uint32_t i = 0; i < g->nseen; i++)
		if (g->seen[i] == v) {
			g->seen_n[i]++;
			return;
		}
	for (int t = 0; t < TM_TASK_STATES_N; t++)
		if (!fits((enum tm_task_states)t, v))
			g->fits &= ~(1u << t);
	if (g->nseen < TM_TASK_STATE_SEEN) {
		g->seen_n[g->nseen] = 1;
		g->seen[g->nseen++] = v;
	} else {
		g->more = true;
	}
}

bool tm_task_state_note_raw(struct tm_task_state_guess *g, const char *details, size_t n)
{
	const char *e = details + n, *p = memmem(details, n, " prev_state=", 12);
	uint64_t v = 0;
	const char *s;

	/* (the kernel's form has letters there, and " ==> " after them) */
	if (!p || e - p < 13 || p[12] < '0' || p[12] > '9')
		return false;
	for (s = p += 12; p < e && *p >= '0' && *p <= '9' && v < UINT64_MAX / 10; p++)
		v = v * 10 + (uint64_t)(*p - '0');
	if (p == s || e - p < 11 || memcmp(p, " next_comm=", 11))
		return false;
	tm_task_state_note(g, v);
	return true;
}

/* Do tables A and B print every number noted in G alike? */
static bool alike(const struct tm_task_state_guess *g, int a, int b)
{
	char x[TM_TASK_STATE_ROOM], y[TM_TASK_STATE_ROOM];

	if (g->more)
		return false;
	for (uint32_t i = 0; i < g->nseen; i++) {
		tm_task_state_print((enum tm_task_states)a, g->seen[i], x);
		tm_task_state_print((enum tm_task_states)b, g->seen[i], y);
		if (strcmp(x, y))
			return false;
	}
	return true;
}

int tm_task_state_guess(const struct tm_task_state_guess *g)
{
	int best = -1;

	if (!g->noted)
		return TM_TASK_STATES_CURRENT;
	for (int t = TM_TASK_STATES_N - 1; t >= 0; t--) {
		if (!(g->fits & (1u << t)))
			continue;
		if (best < 0)
			best = t;
		else if (!alike(g, best, t))
			return -1;
	}
	return best;
}

uint32_t tm_task_state_tables(const struct tm_task_state_guess *g)
{
	int t = tm_task_state_guess(g);

	return t >= 0 ? 1u << t : g->fits;
}

size_t tm_task_state_print_all(uint32_t set, uint64_t state, char *out)
{
	char other[TM_TASK_STATE_ROOM];
	size_t n = 0;
	bool first = true;

	out[0] = '\0';
	for (int t = 0; t < TM_TASK_STATES_N; t++) {
		if (!(set & (1u << t)))
			continue;
		if (first) {
			n = tm_task_state_print((enum tm_task_states)t, state, out);
			first = false;
		} else if (tm_task_state_print((enum tm_task_states)t, state, other) != n ||
			   memcmp(other, out, n)) {
			out[0] = '\0';
			return 0;
		}
	}
	return n;
}

bool tm_task_state_unprinted(const struct tm_task_state_guess *g, uint32_t set, uint64_t *n)
{
	char out[TM_TASK_STATE_ROOM];

	*n = 0;
	for (uint32_t i = 0; i < g->nseen; i++)
		if (!tm_task_state_print_all(set, g->seen[i], out))
			*n += g->seen_n[i];
	return !g->more;
}
