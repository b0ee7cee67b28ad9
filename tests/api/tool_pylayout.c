/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tool_pylayout.c - the layout of the public structs the Python package
 * mirrors with ctypes (python/tracemerge/_capi.py): one line per field,
 * "CTYPES_NAME.FIELD OFFSET SIZE", and one per struct, "CTYPES_NAME SIZE".
 * tests/python.sh compiles it and compares the lines with ctypes'.
 */
#include <stddef.h>
#include <stdio.h>

#include "tracemerge/session.h"

#define FIELD(py, type, f) \
	printf("%s.%s %zu %zu\n", py, #f, offsetof(type, f), sizeof(((type *)0)->f))
#define SIZE(py, type) printf("%s %zu\n", py, sizeof(type))

int main(void)
{
	SIZE("WarningKind", struct tm_warning);
	FIELD("WarningKind", struct tm_warning, kind);
	FIELD("WarningKind", struct tm_warning, count);
	FIELD("WarningKind", struct tm_warning, nlocs);
	FIELD("WarningKind", struct tm_warning, locs);
	FIELD("WarningKind", struct tm_warning, first_message);
	SIZE("Diag", struct tm_diag);
	FIELD("Diag", struct tm_diag, error);
	FIELD("Diag", struct tm_diag, warn);
	FIELD("Diag", struct tm_diag, nwarn);
	FIELD("Diag", struct tm_diag, cap);
	SIZE("ClockMap", struct tm_clock_map);
	FIELD("ClockMap", struct tm_clock_map, x0);
	FIELD("ClockMap", struct tm_clock_map, y0);
	FIELD("ClockMap", struct tm_clock_map, rate_fs);
	SIZE("Tuning", struct tm_tuning);
	FIELD("Tuning", struct tm_tuning, threads);
	FIELD("Tuning", struct tm_tuning, reference);
	FIELD("Tuning", struct tm_tuning, keep_cache);
	SIZE("SessionOpts", struct tm_session_opts);
	FIELD("SessionOpts", struct tm_session_opts, mode);
	FIELD("SessionOpts", struct tm_session_opts, clock);
	FIELD("SessionOpts", struct tm_session_opts, same_clock);
	FIELD("SessionOpts", struct tm_session_opts, max_drift_ppm);
	FIELD("SessionOpts", struct tm_session_opts, max_error_ns);
	FIELD("SessionOpts", struct tm_session_opts, verbatim);
	FIELD("SessionOpts", struct tm_session_opts, kernel_as);
	FIELD("SessionOpts", struct tm_session_opts, tuning);
	FIELD("SessionOpts", struct tm_session_opts, gzip);
	SIZE("SessionPart", struct tm_session_part);
	FIELD("SessionPart", struct tm_session_part, input);
	FIELD("SessionPart", struct tm_session_part, kernel);
	FIELD("SessionPart", struct tm_session_part, block);
	FIELD("SessionPart", struct tm_session_part, domain);
	FIELD("SessionPart", struct tm_session_part, linked);
	FIELD("SessionPart", struct tm_session_part, to_output);
	FIELD("SessionPart", struct tm_session_part, err_ns);
	FIELD("SessionPart", struct tm_session_part, how);
	FIELD("SessionPart", struct tm_session_part, is_output_clock);
	SIZE("SessionCounts", struct tm_session_counts);
	FIELD("SessionCounts", struct tm_session_counts, kernel_in);
	FIELD("SessionCounts", struct tm_session_counts, kernel_out);
	FIELD("SessionCounts", struct tm_session_counts, kernel_sync);
	FIELD("SessionCounts", struct tm_session_counts, kernel_rejected);
	FIELD("SessionCounts", struct tm_session_counts, unconverted);
	FIELD("SessionCounts", struct tm_session_counts, json_in);
	FIELD("SessionCounts", struct tm_session_counts, json_out);
	FIELD("SessionCounts", struct tm_session_counts, json_sync);
	FIELD("SessionCounts", struct tm_session_counts, json_rejected);
	FIELD("SessionCounts", struct tm_session_counts, names);
	FIELD("SessionCounts", struct tm_session_counts, kernel_events);
	FIELD("SessionCounts", struct tm_session_counts, kernel_objects);
	FIELD("SessionCounts", struct tm_session_counts, link);
	/* the enums are passed as C ints */
	SIZE("c_int", enum tm_kernel_as);
	SIZE("c_int", enum tm_session_mode);
	return 0;
}
