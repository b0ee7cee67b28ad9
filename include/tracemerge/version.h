/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * version.h - the version of libtracemerge: the one the program was built
 * with (macros) and the one it runs with (tm_version()).  The Makefile reads
 * the release's version from here.
 */
#ifndef TRACEMERGE_VERSION_H
#define TRACEMERGE_VERSION_H

#include "api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TRACEMERGE_VERSION_MAJOR 0
#define TRACEMERGE_VERSION_MINOR 1
#define TRACEMERGE_VERSION_PATCH 0
#define TRACEMERGE_VERSION_STRING "0.1.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for #if comparisons */
#define TRACEMERGE_VERSION \
	(TRACEMERGE_VERSION_MAJOR * 10000 + TRACEMERGE_VERSION_MINOR * 100 + \
	 TRACEMERGE_VERSION_PATCH)

/* The version of the library linked at run time, "MAJOR.MINOR.PATCH". */
TM_API const char *tm_version(void);

#ifdef __cplusplus
}
#endif

#endif
