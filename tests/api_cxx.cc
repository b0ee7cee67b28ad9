// SPDX-License-Identifier: GPL-2.0-or-later
// api_cxx.cc - a C++ program that includes every public header and calls
// the library through them (tests/api.sh): the headers' extern "C" guards
// make it link; the version it runs with is the one it was built with.
#include <tracemerge/atrace.h>
#include <tracemerge/browser.h>
#include <tracemerge/clock.h>
#include <tracemerge/diag.h>
#include <tracemerge/ftrace.h>
#include <tracemerge/input.h>
#include <tracemerge/marker.h>
#include <tracemerge/tejson.h>
#include <tracemerge/ts.h>
#include <tracemerge/version.h>

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
	std::printf("%s\n", tm_version());
	return 0;
}
