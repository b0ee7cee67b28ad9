/*
 * tepline.c - a tep_record as the kernel's `trace` line (see tepline.h).
 *
 * libtraceevent's tep_print_event() prints the columns the kernel prints
 * (comm, pid, cpu, irq-info flags, the event's own text); the timestamp is
 * printed here from the record's integer nanoseconds, never through a
 * double.  The kernel's trace_marker event is "ftrace/print", whose text
 * libtraceevent gives as "tracing_mark_write: PAYLOAD\n": it is written as
 * that text alone (the kernel's form) without the trailing newline.
 */
#include <inttypes.h>
#include <string.h>

#include "tepline.h"

void tm_tepline_init(struct tm_tepline *t, struct tep_handle *tep)
{
	struct tep_event *ev;

	memset(t, 0, sizeof(*t));
	t->tep = tep;
	trace_seq_init(&t->s);
	trace_seq_init(&t->info);
	ev = tep ? tep_find_event_by_name(tep, "ftrace", "print") : NULL;
	t->print_id = ev ? ev->id : -1;
}

void tm_tepline_done(struct tm_tepline *t)
{
	trace_seq_destroy(&t->s);
	trace_seq_destroy(&t->info);
}

uint64_t tm_tepline_missed(const struct tep_record *rec)
{
	/* libtraceevent: < 0 means "some, count unknown" */
	if (rec->missed_events > 0)
		return (uint64_t)rec->missed_events;
	return rec->missed_events < 0 ? 1 : 0;
}

const char *tm_tepline_format(struct tm_tepline *t, struct tep_record *rec,
			      size_t *len)
{
	struct tep_event *ev = tep_find_event_by_record(t->tep, rec);
	uint64_t missed = tm_tepline_missed(rec);
	unsigned long long ts = rec->ts;

	trace_seq_reset(&t->s);
	if (missed)
		trace_seq_printf(&t->s, "CPU:%d [LOST %" PRIu64 " EVENTS]\n",
				 rec->cpu, missed);
	tep_print_event(t->tep, &t->s, rec, "%16s-%-7d [%03d] %s ", TEP_PRINT_COMM,
			TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_LATENCY);
	trace_seq_printf(&t->s, "%llu.%09llu: ", ts / 1000000000ull,
			 ts % 1000000000ull);
	if (ev && ev->id == t->print_id) {
		trace_seq_reset(&t->info);
		tep_print_event(t->tep, &t->info, rec, "%s", TEP_PRINT_INFO);
		trace_seq_terminate(&t->info);
		while (t->info.len && t->info.buffer[t->info.len - 1] == '\n')
			t->info.len--;
		trace_seq_printf(&t->s, "%.*s", (int)t->info.len, t->info.buffer);
	} else {
		tep_print_event(t->tep, &t->s, rec, "%s: %s", TEP_PRINT_NAME,
				TEP_PRINT_INFO);
	}
	trace_seq_putc(&t->s, '\n');
	trace_seq_terminate(&t->s);
	if (t->s.state != TRACE_SEQ__GOOD)
		return NULL;
	*len = t->s.len;
	return t->s.buffer;
}
