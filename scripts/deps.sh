#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian packages tracemerge needs, only when something is missing.
#   scripts/deps.sh          build + test dependencies
#   scripts/deps.sh fuzz     also clang (libFuzzer)
#   scripts/deps.sh valgrind also valgrind
#   scripts/deps.sh check    also what the live tests drive (headless chromium),
#                            groff, man and bash-completion for tests/cli/docs.sh,
#                            python3 and pip for tests/api/python.sh, and the
#                            viewers the tests load outputs into: node and npm,
#                            chromium-shell's trace_processor, clang++ with libc++
#                            (tests/viewers/harness/setup.sh then makes build/viewers)
# Run as another user, it names the packages to install and fails; only the
# viewers' packages are left for later (the viewer checks are then skipped).
set -e
need=""
viewers=""
have_pc() { pkg-config --exists "$1" 2>/dev/null; }
command -v cc >/dev/null 2>&1 || need="$need build-essential"
command -v make >/dev/null 2>&1 || need="$need make"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
have_pc json-c || need="$need libjson-c-dev"
have_pc zlib || need="$need zlib1g-dev"
# ISA-L: inflate and deflate 2-3 times zlib's speed (zlib is used without it)
have_pc libisal || need="$need libisal-dev"
have_pc libzstd || need="$need libzstd-dev"
have_pc cmocka || need="$need libcmocka-dev"
have_pc libtracefs || need="$need libtracefs-dev"
have_pc libtraceevent || need="$need libtraceevent-dev"
have_pc libtracecmd || need="$need libtracecmd-dev libzstd-dev"
command -v trace-cmd >/dev/null 2>&1 || need="$need trace-cmd"
command -v gzip >/dev/null 2>&1 || need="$need gzip"
command -v base64 >/dev/null 2>&1 || need="$need coreutils"
for extra in "$@"; do
	case "$extra" in
	fuzz) command -v clang >/dev/null 2>&1 || need="$need clang"
	      [ -x /usr/bin/time ] || need="$need time" ;;   # CPU seconds per target
	valgrind) command -v valgrind >/dev/null 2>&1 || need="$need valgrind" ;;
	check)  # the live browser tests; the man pages and the bash completion (tests/cli/docs.sh);
		# C++ (tests/api/api.sh: the public headers from C++); sync --plot rendered (tests/cli/plot.sh)
		command -v chromium >/dev/null 2>&1 || need="$need chromium"
		command -v rsvg-convert >/dev/null 2>&1 || need="$need librsvg2-bin"
		command -v groff >/dev/null 2>&1 || need="$need groff-base"
		command -v g++ >/dev/null 2>&1 || need="$need g++"
		command -v man >/dev/null 2>&1 || need="$need man-db"
		# tests/api/python.sh: the Python package, installed with pip
		command -v python3 >/dev/null 2>&1 || need="$need python3"
		python3 -m pip --version >/dev/null 2>&1 || need="$need python3-pip"
		[ -f /usr/share/bash-completion/bash_completion ] || need="$need bash-completion"
		# the viewers (tests/viewers/harness)
		command -v node >/dev/null 2>&1 || viewers="$viewers nodejs"
		command -v npm >/dev/null 2>&1 || viewers="$viewers npm"
		[ -f /usr/lib/chromium/libtest_trace_processor.so ] || viewers="$viewers chromium-shell"
		command -v clang++ >/dev/null 2>&1 || viewers="$viewers clang"
		dpkg -s libc++-14-dev libc++abi-14-dev >/dev/null 2>&1 ||
			viewers="$viewers libc++-14-dev libc++abi-14-dev" ;;
	esac
done
if [ -n "$need$viewers" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "tracemerge: installing missing packages:$need$viewers" >&2
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null
		apt-get install -y -qq $need $viewers >/dev/null
	elif [ -n "$need" ]; then
		echo "tracemerge: not root; run: sudo apt-get install$need$viewers" >&2
		exit 1
	else
		echo "tracemerge: the viewer checks will be skipped; to run them: sudo apt-get install$viewers" >&2
	fi
fi
case " $* " in
*" check "*)
	sh "$(dirname "$0")/../tests/viewers/harness/setup.sh" ||
		echo "tracemerge: the viewers are not ready: the viewer checks will say why" >&2 ;;
esac
exit 0
