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
