// SPDX-License-Identifier: GPL-2.0-or-later
// api_cxx.cc - a C++ program that includes every public header and calls
// the library through them (tests/api/api.sh): the headers' extern "C" guards
// make it link; the version it runs with is the one it was built with.
#include <tracemerge/tracemerge.h>   // every public header (tests/api/api.sh checks)

#include <cstdio>
#include <cstring>
#include <ctime>

int main()
{
	int64_t ns = 0;
	int digits = 0;

	static_assert(TRACEMERGE_VERSION == TRACEMERGE_VERSION_MAJOR * 10000 +
		      TRACEMERGE_VERSION_MINOR * 100 + TRACEMERGE_VERSION_PATCH, "version");
	if (std::strcmp(tm_version(), TRACEMERGE_VERSION_STRING))
		return 1;
	if (tm_ts_parse_secs("12.5", 4, &ns, &digits) || ns != 12500000000LL)
		return 2;
	if (std::strcmp(tm_clock_domain_name(CLOCK_REALTIME), "CLOCK_REALTIME"))
		return 3;
	{
		// the session: an input from memory, solved, its part read back
		static const char text[] = "# tracer: nop\n"
			"          <idle>-0     [000] d..2  100.000100: sched_switch: "
			"prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> "
			"next_comm=a next_pid=1 next_prio=120\n";
		struct tm_diag d;
		struct tm_session_part p;
		tm_diag_init(&d);
		struct tm_session *s = tm_session_new(nullptr, &d);
		int bad = !s || tm_session_add_input_mem(s, "k.txt", text, sizeof(text) - 1) != 0 ||
			  tm_session_sync(s) || tm_session_nparts(s, 0) != 1 ||
			  tm_session_part(s, 0, 0, &p) || !p.kernel || !p.is_output_clock;
		tm_session_free(s);
		tm_diag_free(&d);
		if (bad)
			return 4;
	}
	std::printf("%s\n", tm_version());
	return 0;
}
