/*
 * tmstr.h - comparing a struct tm_str (a view into the input text) with a
 * string literal, without strlen: TM_STR_IS(s, "lit"), TM_STR_STARTS(s,
 * "lit").  LIT must be a literal (its size is taken with sizeof).
 */
#ifndef TM_TMSTR_H
#define TM_TMSTR_H

#include <string.h>

#include "tracemerge/atrace.h" /* struct tm_str */

#define TM_STR_IS(s, lit) \
	((s).n == sizeof(lit) - 1 && memcmp((s).p, lit, sizeof(lit) - 1) == 0)
#define TM_STR_STARTS(s, lit) \
	((s).n >= sizeof(lit) - 1 && memcmp((s).p, lit, sizeof(lit) - 1) == 0)

/* sched_wakeup, sched_waking or sched_wakeup_new: one detail layout */
static inline bool tm_is_wakeup_event(struct tm_str name)
{
	return TM_STR_IS(name, "sched_wakeup") || TM_STR_IS(name, "sched_waking") ||
	       TM_STR_IS(name, "sched_wakeup_new");
}

#endif
