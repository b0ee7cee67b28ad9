/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * api.h - TM_API marks the functions of the public headers: the only ones
 * the shared library exports (it is built with -fvisibility=hidden and the
 * version script src/libtracemerge.map), so that internal functions are
 * not part of its ABI.
 */
#ifndef TRACEMERGE_API_H
#define TRACEMERGE_API_H

#if defined(__GNUC__) || defined(__clang__)
#define TM_API __attribute__((visibility("default")))
#else
#define TM_API
#endif

#endif
