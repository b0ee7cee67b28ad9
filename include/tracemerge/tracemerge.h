/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tracemerge/tracemerge.h - every public header of libtracemerge at once.
 *
 * The job as a whole: session.h (inputs in, clocks solved, one trace out).
 * Its parts: input.h (opening and recognising traces), ftrace.h, atrace.h,
 * tejson.h, browser.h (the readers), stats.h (what a trace holds), clock.h (clock maps and marker fits),
 * diag.h (errors and counted warnings), ts.h (exact timestamps), marker.h
 * (writing markers into a trace being recorded; also libtracemerge-marker
 * alone), record.h (recording a kernel trace through tracefs),
 * interrupt.h (signals remove unfinished outputs), version.h.
 */
#ifndef TRACEMERGE_TRACEMERGE_H
#define TRACEMERGE_TRACEMERGE_H

#include "tracemerge/api.h"
#include "tracemerge/atrace.h"
#include "tracemerge/browser.h"
#include "tracemerge/clock.h"
#include "tracemerge/diag.h"
#include "tracemerge/ftrace.h"
#include "tracemerge/input.h"
#include "tracemerge/interrupt.h"
#include "tracemerge/marker.h"
#include "tracemerge/record.h"
#include "tracemerge/session.h"
#include "tracemerge/stats.h"
#include "tracemerge/tejson.h"
#include "tracemerge/ts.h"
#include "tracemerge/version.h"

#endif
