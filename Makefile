# SPDX-License-Identifier: GPL-2.0-or-later
# tracemerge - build, test, fuzz, install.
#
#   make            library (static + shared + pkg-config file) and ./tracemerge
#   make check      unit + CLI + corpus tests (installs missing build deps first)
#   make asan       the suite under AddressSanitizer + UndefinedBehaviorSanitizer
#   make valgrind   the unit tests under valgrind
#   make tsan       the suite under ThreadSanitizer (the threaded read-ahead and merge)
#   make fuzz       every libFuzzer target for FUZZ_TIME seconds each (default 20)
#   make fuzz-long  every target for FUZZ_LONG_CPU CPU seconds each (default 3600,
#                   whatever the load; FUZZ_LONG_TIME bounds the wall time),
#                   corpora kept in build-fuzz/corpus/ (FUZZ_TARGETS= a few)
#   make demo       import a bundled real sample and print its stats
#   make bench      speed and memory against cat, Perfetto and Catapult (BENCH_MB=100)
#   make ISAL=no    build without ISA-L (zlib's inflate and deflate); with B=another dir
#   make install    PREFIX=/usr/local DESTDIR= (also MANDIR, BASHCOMPDIR)

# the release: TRACEMERGE_VERSION_STRING of include/tracemerge/version.h
VERSION  := $(shell sed -n 's/^\#define TRACEMERGE_VERSION_STRING "\(.*\)"/\1/p' include/tracemerge/version.h)
PREFIX   ?= /usr/local
LIBDIR   ?= $(PREFIX)/lib
BINDIR   ?= $(PREFIX)/bin
INCDIR   ?= $(PREFIX)/include
MANDIR   ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
DESTDIR  ?=
CC       ?= cc
B        ?= build

# ISA-L's inflate and deflate where libisal-dev is installed, zlib's otherwise
# (make ISAL=no B=build-noisal: zlib only; the reference path uses zlib too)
ISAL     ?= $(shell pkg-config --exists libisal 2>/dev/null && echo yes || echo no)
PKGS     := json-c zlib libzstd libtracecmd libtracefs libtraceevent $(if $(filter yes,$(ISAL)),libisal)
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
TEST_LIBS  := $(shell pkg-config --libs cmocka libtracefs libtraceevent 2>/dev/null)
TEST_CFLAGS := $(shell pkg-config --cflags cmocka libtracefs libtraceevent 2>/dev/null)

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wformat=2 -Wno-format-nonliteral
OPT      ?= -O2 -g
SAN      ?=
# -fvisibility=hidden: the shared library exports only what include/ marks TM_API
# the layers, lowest first (src/layers): one include path each
LAYERS   := $(shell sed -e 's/\#.*//' src/layers)
LIB_LAYERS := $(filter-out src/cli,$(LAYERS))
CFLAGS_ALL := -std=gnu11 $(OPT) $(SAN) $(WARN) -fPIC -fvisibility=hidden -pthread -D_GNU_SOURCE \
              -Iinclude $(addprefix -I,$(LAYERS)) \
              $(if $(filter yes,$(ISAL)),-DTM_HAVE_ISAL) $(PKG_CFLAGS) $(CFLAGS)
LDFLAGS_ALL := $(SAN) -pthread $(LDFLAGS)

# the default build puts the tool at the top of the tree; others keep theirs
EXE      := $(if $(filter build,$(B)),tracemerge,$(B)/tracemerge)

CLI_SRCS := $(wildcard src/cli/*.c)
LIB_SRCS := $(wildcard $(addsuffix /*.c,$(LIB_LAYERS)))
LIB_OBJS := $(LIB_SRCS:%.c=$(B)/%.o)
CLI_OBJS := $(CLI_SRCS:%.c=$(B)/%.o)
# tests/KIND/: unit (cmocka), cli, corpus, viewers, live, api (tests/run.sh)
TEST_SRCS := $(wildcard tests/*/test_*.c)
TEST_BINS := $(TEST_SRCS:tests/%.c=$(B)/tests/%)
TEST_HDRS := $(wildcard tests/*/*.h)
TOOL_BINS := $(patsubst tests/%.c,$(B)/tests/%,$(wildcard tests/*/tool_*.c))
EXAMPLE_BINS := $(patsubst examples/%.c,$(B)/examples/%,$(wildcard examples/*.c))
CXX_BINS := $(patsubst tests/%.cc,$(B)/tests/%,$(wildcard tests/*/*.cc))
# the marker API alone (tracemerge/marker.h, with ts.h's formatting): for an
# application that only writes markers, libc is all it needs
MARKER_OBJS := $(B)/src/base/marker.o $(B)/src/base/ts.o
MARKER_LIBS := $(B)/libtracemerge-marker.a $(B)/libtracemerge-marker.so $(B)/tracemerge-marker.pc

FUZZ_SRCS := $(wildcard fuzz/fuzz_*.c)
HDRS     := $(wildcard include/tracemerge/*.h $(addsuffix /*.h,$(LAYERS)))

.PHONY: FORCE all deps check asan tsan valgrind fuzz fuzz-long demo bench install clean tests
all: $(EXE) $(B)/libtracemerge.a $(B)/libtracemerge.so $(B)/tracemerge.pc $(MARKER_LIBS)

deps:
	@sh scripts/deps.sh

$(B)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(B)/libtracemerge.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(B)/libtracemerge-marker.a: $(MARKER_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(B)/libtracemerge-marker.so: $(MARKER_OBJS) src/libtracemerge.map
	$(CC) -shared -Wl,-soname,libtracemerge-marker.so.0 -Wl,--version-script=src/libtracemerge.map \
		$(LDFLAGS_ALL) -o $@ $(MARKER_OBJS)

$(B)/libtracemerge.so: $(LIB_OBJS) src/libtracemerge.map
	$(CC) -shared -Wl,-soname,libtracemerge.so.0 -Wl,--version-script=src/libtracemerge.map \
		$(LDFLAGS_ALL) -o $@ $(LIB_OBJS) $(PKG_LIBS)

# the pkg-config file names the install prefix, so it is written per PREFIX
PC_TEXT = 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: tracemerge\nDescription: merge kernel and application traces onto one time axis\nVersion: %s\nRequires.private: $(PKGS)\nLibs: -L$${libdir} -ltracemerge\nLibs.private: -pthread\nCflags: -I$${includedir}\n' \
	'$(PREFIX)' '$(LIBDIR)' '$(INCDIR)' '$(VERSION)'
$(B)/tracemerge.pc: FORCE
	@mkdir -p $(B)
	@printf $(PC_TEXT) > $@.new
	@cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@
MARKER_PC_TEXT = 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: tracemerge-marker\nDescription: write markers and clock-sync handshakes into a kernel trace being recorded (libc only)\nVersion: %s\nLibs: -L$${libdir} -ltracemerge-marker\nCflags: -I$${includedir}\n' \
	'$(PREFIX)' '$(LIBDIR)' '$(INCDIR)' '$(VERSION)'
$(B)/tracemerge-marker.pc: FORCE
	@mkdir -p $(B)
	@printf $(MARKER_PC_TEXT) > $@.new
	@cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@
FORCE:

$(EXE): $(CLI_OBJS) $(B)/libtracemerge.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJS) $(B)/libtracemerge.a $(PKG_LIBS)

$(B)/tests/%: tests/%.c $(B)/libtracemerge.a $(HDRS) $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(TEST_CFLAGS) -Itests/unit -DTM_SRCDIR='"$(CURDIR)"' $< -o $@ \
		$(LDFLAGS_ALL) $(B)/libtracemerge.a $(PKG_LIBS) $(TEST_LIBS)

# helper programs for the shell suites: no libtracemerge
$(TOOL_BINS): $(B)/tests/%: tests/%.c $(TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(TEST_CFLAGS) $< -o $@ $(LDFLAGS_ALL) $(TEST_LIBS)

# programs using the public API (README examples), linked like an application;
# record_app writes markers only: the marker library, and libc
$(filter-out $(B)/examples/record_app,$(EXAMPLE_BINS)): $(B)/examples/%: examples/%.c \
		$(B)/libtracemerge.a $(wildcard include/tracemerge/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LDFLAGS_ALL) $(B)/libtracemerge.a $(PKG_LIBS)
$(B)/examples/record_app: examples/record_app.c $(B)/libtracemerge-marker.a $(wildcard include/tracemerge/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LDFLAGS_ALL) $(B)/libtracemerge-marker.a

# C++ programs using the public headers (tests/api/api.sh), with the build's flags
$(CXX_BINS): $(B)/tests/%: tests/%.cc $(B)/libtracemerge.a $(wildcard include/tracemerge/*.h)
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 $(OPT) $(SAN) -Wall -Wextra -Werror -Iinclude $< -o $@ \
		$(LDFLAGS_ALL) $(B)/libtracemerge.a $(PKG_LIBS)

tests: all $(TEST_BINS) $(TOOL_BINS) $(EXAMPLE_BINS) $(CXX_BINS) $(B)/bench/gen \
	$(B)/bench/perfetto-passes

check:
	@sh scripts/deps.sh check
	@$(MAKE) --no-print-directory tests
	@TM_BIN=$(CURDIR)/$(EXE) sh tests/run.sh $(B)

# clang's UBSan also checks pointer arithmetic on NULL, which gcc's does not
ASAN_CC := $(shell command -v clang >/dev/null 2>&1 && echo clang || echo cc)
ASAN_CXX := $(shell command -v clang++ >/dev/null 2>&1 && echo clang++ || echo c++)
asan:
	@sh scripts/deps.sh fuzz
	@$(MAKE) --no-print-directory B=build-asan CC=$(ASAN_CC) CXX=$(ASAN_CXX) OPT='-O1 -g -fno-omit-frame-pointer' \
		SAN='-fsanitize=address,undefined -fno-sanitize-recover=all' tests
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		TM_BIN=$(CURDIR)/build-asan/tracemerge sh tests/run.sh build-asan

tsan:
	@sh scripts/deps.sh fuzz
	@$(MAKE) --no-print-directory B=build-tsan CC=$(ASAN_CC) CXX=$(ASAN_CXX) OPT='-O1 -g' SAN='-fsanitize=thread' tests
	@TSAN_OPTIONS=halt_on_error=1:allocator_may_return_null=1 TM_BIN=$(CURDIR)/build-tsan/tracemerge sh tests/run.sh build-tsan

valgrind: deps
	@$(MAKE) --no-print-directory B=build-vg OPT='-O1 -g' tests
	@TM_VALGRIND=1 TM_BIN=$(CURDIR)/build-vg/tracemerge sh tests/run.sh build-vg

FUZZ_TIME ?= 20
FUZZ_LONG_CPU ?= 3600
FUZZ_LONG_TIME ?= 36000
FUZZ_TARGETS ?=
fuzz:
	@sh scripts/deps.sh fuzz
	@sh scripts/fuzz.sh $(FUZZ_TIME) $(FUZZ_TARGETS)

fuzz-long:
	@sh scripts/deps.sh fuzz
	@FUZZ_CPU=$(FUZZ_LONG_CPU) sh scripts/fuzz.sh $(FUZZ_LONG_TIME) $(FUZZ_TARGETS)

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh

$(B)/bench/gen: bench/gen.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $< -o $@

# the Perfetto reader's two passes timed alone (make bench)
$(B)/bench/perfetto-passes: bench/perfetto-passes.c $(B)/libtracemerge.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $< -o $@ $(LDFLAGS_ALL) $(B)/libtracemerge.a $(PKG_LIBS)

# with ISA-L, the gzip rows again with the tool built without it (zlib)
BENCH_ZLIB := $(if $(filter yes,$(ISAL)),$(B)/bench-zlib/tracemerge)
bench: deps
	@$(MAKE) --no-print-directory all $(B)/bench/gen $(B)/bench/perfetto-passes
	$(if $(BENCH_ZLIB),@$(MAKE) --no-print-directory B=$(B)/bench-zlib ISAL=no $(BENCH_ZLIB))
	@python3 scripts/bench.py $(if $(BENCH_MB),--mb $(BENCH_MB)) $(if $(BENCH_ZLIB),--zlib-tool $(BENCH_ZLIB)) \
		--dir $(B)/bench ./$(EXE) $(B)/bench/gen

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR)/tracemerge
	install -m 755 tracemerge $(DESTDIR)$(BINDIR)/tracemerge
	install -m 644 $(B)/libtracemerge.a $(DESTDIR)$(LIBDIR)/libtracemerge.a
	install -m 755 $(B)/libtracemerge.so $(DESTDIR)$(LIBDIR)/libtracemerge.so.$(VERSION)
	ln -sf libtracemerge.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libtracemerge.so.0
	ln -sf libtracemerge.so.0 $(DESTDIR)$(LIBDIR)/libtracemerge.so
	install -m 644 $(B)/tracemerge.pc $(DESTDIR)$(LIBDIR)/pkgconfig/tracemerge.pc
	install -m 644 $(B)/libtracemerge-marker.a $(DESTDIR)$(LIBDIR)/libtracemerge-marker.a
	install -m 755 $(B)/libtracemerge-marker.so $(DESTDIR)$(LIBDIR)/libtracemerge-marker.so.$(VERSION)
	ln -sf libtracemerge-marker.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libtracemerge-marker.so.0
	ln -sf libtracemerge-marker.so.0 $(DESTDIR)$(LIBDIR)/libtracemerge-marker.so
	install -m 644 $(B)/tracemerge-marker.pc $(DESTDIR)$(LIBDIR)/pkgconfig/tracemerge-marker.pc
	install -m 644 include/tracemerge/*.h $(DESTDIR)$(INCDIR)/tracemerge/
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 doc/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 scripts/tracemerge.bash-completion $(DESTDIR)$(BASHCOMPDIR)/tracemerge
	@# the dynamic linker's cache, so that programs (and Python) find the
	@# new libraries at once; not for a staged install
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then ldconfig 2>/dev/null || true; fi

clean:
	rm -rf build build-asan build-tsan build-vg build-fuzz tracemerge
