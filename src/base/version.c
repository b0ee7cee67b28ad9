/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* version.c - the library's version at run time (tracemerge/version.h). */
#include "tracemerge/version.h"

const char *tm_version(void)
{
	return TRACEMERGE_VERSION_STRING;
}
