/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tep-line.c - a tep_record as the kernel's `trace` line (see tep-line.h).
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

#include "tep-line.h"

void tm_tepline_init(struct tm_tepline *t, struct tep_handle *tep)
{
	struct tep_event *ev;

	memset(t, 0, sizeof(*t));
	t->tep = tep;
	trace_seq_init(&t->s);
	trace_seq_init(&t->lat);
	ev = tep ? tep_find_event_by_name(tep, "ftrace", "print") : NULL;
	t->print_id = ev ? ev->id : -1;
}

void tm_tepline_done(struct tm_tepline *t)
{
	trace_seq_destroy(&t->s);
	trace_seq_destroy(&t->lat);
}

void tm_tepline_set_canonical(struct tm_tepline *t, bool on)
{
	t->canonical = on;
}

/* One irq-info flag in the letters old Catapult knows at column I. */
static char old_flag(int i, char c)
{
	static const char *const ok[4] = { "dX.", "Nnp.", "Hhs.", "0123456789abcdef." };

	if (c == 'D')
		c = 'd';
	else if (c == 'Z')
		c = 'H';
	else if (c == 'z')
		c = 'h';
	else if (c == 'L' || c == 'B')
		c = 'N';
	else if (c == 'l' || c == 'b')
		c = 'n';
	else if (c >= 'A' && c <= 'F')
		c = (char)(c - 'A' + 'a');
	return c && strchr(ok[i], c) ? c : '.';
}

static void canonical_prefix(struct tm_tepline *t, struct tep_record *rec)
{
	char flags[5];
	unsigned int i;

	trace_seq_reset(&t->lat);
	tep_print_event(t->tep, &t->lat, rec, "%s", TEP_PRINT_LATENCY);
	for (i = 0; i < 4; i++)
		flags[i] = old_flag((int)i, i < t->lat.len ? t->lat.buffer[i] : '.');
	flags[4] = 0;
	tep_print_event(t->tep, &t->s, rec, "%16s-%-7d (-----) [%03d] ", TEP_PRINT_COMM,
			TEP_PRINT_PID, TEP_PRINT_CPU);
	trace_seq_printf(&t->s, "%s ", flags);
}

uint64_t tm_tepline_missed(const struct tep_record *rec)
{
	/* libtraceevent: < 0 means "some, count unknown" */
	if (rec->missed_events > 0)
		return (uint64_t)rec->missed_events;
	return rec->missed_events < 0 ? 1 : 0;
}

/* ftrace/print: "FUNCTION: TEXT" as the kernel prints it, FUNCTION being
 * the writer's ip resolved (tracing_mark_write for trace_marker writes).
 * A trace.dat made without kallsyms cannot resolve it; the text is then
 * taken for a trace_marker write, as nearly all print events are. */
static void print_marker(struct tm_tepline *t, struct tep_event *ev, struct tep_record *rec)
{
	unsigned long long ip = 0;
	struct tep_format_field *f = tep_find_field(ev, "buf");
	const char *fn = NULL, *buf = NULL;
	size_t n = 0;

	if (tep_get_field_val(NULL, ev, "ip", rec, &ip, 0) == 0)
		fn = tep_find_function(t->tep, ip);
	/* char buf[]: the rest of the record */
	if (f && f->offset >= 0 && f->offset < rec->size) {
		buf = (const char *)rec->data + f->offset;
		n = strnlen(buf, (size_t)(rec->size - f->offset));
	}
	while (n && buf[n - 1] == '\n')
		n--;
	trace_seq_printf(&t->s, "%s: ", fn ? fn : "tracing_mark_write");
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == '\n' && t->canonical)
			trace_seq_puts(&t->s, "\\n");
		else
			trace_seq_putc(&t->s, buf[i]);
	}
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
	if (t->canonical)
		canonical_prefix(t, rec);
	else
		tep_print_event(t->tep, &t->s, rec, "%16s-%-7d [%03d] %s ", TEP_PRINT_COMM,
				TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_LATENCY);
	trace_seq_printf(&t->s, "%llu.%09llu: ", ts / 1000000000ull,
			 ts % 1000000000ull);
	if (ev && ev->id == t->print_id) {
		print_marker(t, ev, rec);
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
