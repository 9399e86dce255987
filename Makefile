# angelc top-level Makefile: a thin wrapper around CMake.
#
#   make          configure + build the library, the angelc command line and the examples into
#                 build/ (Release, gcc unless CC is set)
#   make demo     build the library and the game demo (examples/game) and run it
#                 (needs only cmake, gcc, make, pkg-config, libffi-dev)
#   make test     also build the test programs, the reference host (build/ashost-2.38 from
#                 ../shared/reference/as-2.38 when there, else build/ashost-2.35 from Debian's
#                 angelscript-dev), and run
#                 build/angelc_tests --reference: the scripts on both engines, the C API tests,
#                 the command line tests, then every script again after a bytecode round trip;
#                 then every script compiled to C (tests/aot/build.sh: build/aot/angelc-aot, only
#                 what changed is rebuilt; build/angelc_tests --aot);
#                 then the SDK's test_feature cases (tests/testfeature/phase.sh)
#   make asan     clang ASan+UBSan build in build-asan/ and the same tests (the compiled scripts' C
#                 instrumented too)
#   make install-test   install to a temporary prefix and build a host three ways (tests/install/run.sh)
#   make deb      the Debian packages (dpkg-buildpackage), into build-deb/
#   make deps     install the Debian packages everything needs (as root; else prints the command)
#   make fuzz     libFuzzer for FUZZ_TIME seconds (default 600); FUZZ_TARGET=compile, run, bytecode, decl
#   make tsan     clang ThreadSanitizer build in build-tsan/ and the threads tests (tests/api/threads*.c: every
#                 conformance script on 4 engines in 4 threads at once)
#   make gcstress the scripts with a full collection at every new GC object (asan-gcstress: in build-asan/)
#   make alloc-sweep    every allocation of tests/api/alloc_failure.c's workload failing in turn, under ASan
#   make bench    benchmarks vs the reference engine, Lua 5.4 and LuaJIT (ROUNDS=N, default 5)
#   make bench-dap      what an attached debugger without breakpoints costs (bench/dap_cost.py; at most 1.5x)
#   make lsp-sweep      every prefix of every test script typed into `angelc lsp` (each answered,
#                 no crash) and its memory over 10,000 edits; asan-lsp-sweep: the same under ASan
#                 (LSP_SWEEP_FLAGS, default every 5th prefix there)
#
# Variables: CC (default gcc), ASAN_CC (default clang), CXX (for the reference host, default g++),
# JOBS (build parallelism), TESTFLAGS (extra angelc_tests options, e.g. TESTFLAGS='--filter enums -v').

MAKEFLAGS += --no-print-directory

ifeq ($(origin CC),default)
CC := gcc
endif
ifeq ($(origin CXX),default)
CXX := g++
endif
ASAN_CC ?= clang
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
TESTFLAGS ?=
ASAN_TIMEOUT ?= 60

BUILD := build
ASAN_BUILD := build-asan
REF_SRC := tests/reference/ashost.cpp
REF_LIBS := -langelscript -langelscript-addon -lpthread
# The oracle of the differential test: AngelScript 2.38.0 built for this machine (../shared) when
# the checkout has it beside it, else Debian's 2.35.1. The runner asks the host its version and
# skips scripts whose expectations are a newer version's (`// reference: 2.38`) on an older one.
# `make test ORACLE=2.35` picks Debian's even when 2.38 is there (CI runs both).
REF238 := ../shared/reference/as-2.38
ORACLE ?= $(if $(wildcard $(REF238)/lib/libangelscript.a),2.38,2.35)
ifeq ($(ORACLE),2.38)
ORACLE_FLAGS := -I$(REF238)/include
ORACLE_LIBS := $(REF238)/lib/libangelscript.a -lpthread
else
ORACLE_FLAGS :=
ORACLE_LIBS := $(REF_LIBS)
endif
ORACLE_HOST := $(BUILD)/ashost-$(ORACLE)
ASAN_ORACLE_HOST := $(ASAN_BUILD)/ashost-$(ORACLE)

# What each target needs: the build (and make demo) only the first line.
BUILD_DEPS := cmake make gcc libc6-dev pkg-config libffi-dev
# libclang-dev builds angelc-bindgen, whose tests bind zlib1g-dev, libcjson-dev and libsqlite3-dev;
# nodejs runs the debug adapter's tests (Microsoft's DAP client); Debian's npm conflicts with the
# nodejs builds that bundle it, so npm is asked for only when there is none; neovim's
# built-in client tests the language server
TEST_DEPS := g++ angelscript-dev python3 libedit-dev libcjson-dev libclang-dev libsqlite3-dev zlib1g-dev neovim nodejs $(if $(shell command -v npm 2>/dev/null),,npm)
ASAN_DEPS := clang libclang-rt-14-dev
DEB_DEPS := dpkg-dev debhelper lintian
DEPS := $(BUILD_DEPS) $(TEST_DEPS) $(ASAN_DEPS)
APT_LINE := apt-get install -y $(DEPS)
REF_APT_LINE := apt-get install -y g++ angelscript-dev

# Full path of a compiler, so the value CMake caches is stable between runs.
cc_path = $(or $(shell command -v $(1) 2>/dev/null),$(1))

.PHONY: all build test test-build asan asan-build tsan gcstress asan-gcstress alloc-sweep demo bench bench-dap fuzz deps ensure-deps clean reference-check install-test deb lsp-sweep asan-lsp-sweep

all: build

# Installs what is missing when run as root (only what building needs); otherwise prints the
# apt-get line and fails.
have_deps = command -v cmake >/dev/null 2>&1 && command -v $(CC) >/dev/null 2>&1 && \
  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libffi
ensure-deps:
	@if ! { $(have_deps); }; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    $(MAKE) --no-print-directory deps DEPS="$(BUILD_DEPS)" || exit 1; \
	  else \
	    echo "make: missing build dependencies; install them with:"; \
	    echo "  sudo apt-get install -y $(BUILD_DEPS)"; \
	    exit 1; \
	  fi; \
	fi

CONFIGURE = cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(call cc_path,$(CC))

build: ensure-deps
	$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS)

# The test programs are built only for the tests.
test-build: ensure-deps
	$(CONFIGURE) -DANGELC_BUILD_TESTS=ON
	cmake --build $(BUILD) -j $(JOBS)

# The reference host needs a C++ compiler and the AngelScript headers and add-ons (angelscript-dev).
have_reference = command -v $(CXX) >/dev/null 2>&1 && \
  printf '\#include <angelscript.h>\n\#include <angelscript/scriptarray.h>\n' | $(CXX) -E -x c++ - >/dev/null 2>&1
# The differential test's oracle needs only the C++ compiler when ../shared has 2.38.
ifeq ($(ORACLE),2.38)
have_oracle = command -v $(CXX) >/dev/null 2>&1
else
have_oracle = $(have_reference)
endif

# The differential test is part of `make test`: without the reference engine it fails and says why.
reference-check:
	@if ! { $(have_oracle); }; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    $(MAKE) --no-print-directory deps DEPS="$(TEST_DEPS)" || exit 1; \
	  else \
	    echo "make: the reference host (tests/reference/ashost.cpp) needs $(CXX) and angelscript-dev; install them with:"; \
	    echo "  $(REF_APT_LINE)"; \
	    exit 1; \
	  fi; \
	fi

$(ORACLE_HOST) $(ASAN_ORACLE_HOST): $(REF_SRC) | reference-check
	@mkdir -p $(@D)
	@echo "make: the differential test's oracle is AngelScript $(ORACLE) ($@)"
	$(CXX) -O2 -DAS_USE_NAMESPACE $(ORACLE_FLAGS) -o $@ $(REF_SRC) $(ORACLE_LIBS)

# Both phases run and report even when the first fails (the runner's last line counts its two
# phases; test_feature prints its own); the exit status is non-zero if either failed.
test: reference-check test-build $(ORACLE_HOST)
	@rc=0; \
	echo "./$(BUILD)/angelc_tests --reference $(ORACLE_HOST) --also-roundtrip $(TESTFLAGS)"; \
	./$(BUILD)/angelc_tests --reference $(ORACLE_HOST) --also-roundtrip $(TESTFLAGS) || rc=1; \
	echo "JOBS=$(JOBS) sh tests/aot/build.sh $(BUILD) && ./$(BUILD)/angelc_tests --aot $(TESTFLAGS)"; \
	{ JOBS=$(JOBS) sh tests/aot/build.sh $(BUILD) && ./$(BUILD)/angelc_tests --aot $(TESTFLAGS); } || rc=1; \
	sh tests/testfeature/phase.sh $(BUILD)/angelc || rc=1; \
	exit $$rc

# Sanitized build. -O1 -g keeps asserts on and the interpreter fast enough for the timeouts.
asan-build: ensure-deps
	@if ! command -v $(ASAN_CC) >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then $(MAKE) --no-print-directory deps DEPS="$(ASAN_DEPS)" || exit 1; \
	  else echo "make asan: needs $(ASAN_CC); install it with:"; echo "  sudo apt-get install -y $(ASAN_DEPS)"; exit 1; fi; \
	fi
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" \
	  -DANGELC_SANITIZE=ON -DANGELC_BUILD_TESTS=ON -DCMAKE_C_COMPILER=$(call cc_path,$(ASAN_CC))
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# The same tests; the differential test too when the reference host can be built (it is not sanitized).
asan: asan-build
	@ref=""; \
	if { $(have_oracle); }; then \
	  $(MAKE) --no-print-directory $(ASAN_ORACLE_HOST) || exit 1; \
	  ref="--reference $(ASAN_ORACLE_HOST)"; \
	else \
	  echo "make asan: no reference host ($(REF_APT_LINE)); running without the differential test"; \
	fi; \
	export ASAN_OPTIONS="$${ASAN_OPTIONS:-detect_leaks=1}"; \
	export UBSAN_OPTIONS="$${UBSAN_OPTIONS:-print_stacktrace=1}"; \
	if [ -z "$${ASAN_SYMBOLIZER_PATH:-}" ] && ! command -v llvm-symbolizer >/dev/null 2>&1 && \
	   [ -x /usr/bin/llvm-symbolizer-14 ]; then export ASAN_SYMBOLIZER_PATH=/usr/bin/llvm-symbolizer-14; fi; \
	rc=0; \
	echo "./$(ASAN_BUILD)/angelc_tests --timeout $(ASAN_TIMEOUT) $$ref --also-roundtrip $(TESTFLAGS)"; \
	./$(ASAN_BUILD)/angelc_tests --timeout $(ASAN_TIMEOUT) $$ref --also-roundtrip $(TESTFLAGS) || rc=1; \
	echo "JOBS=$(JOBS) sh tests/aot/build.sh $(ASAN_BUILD) && ./$(ASAN_BUILD)/angelc_tests --aot --timeout $(ASAN_TIMEOUT) $(TESTFLAGS)"; \
	{ JOBS=$(JOBS) sh tests/aot/build.sh $(ASAN_BUILD) && \
	  ./$(ASAN_BUILD)/angelc_tests --aot --timeout $(ASAN_TIMEOUT) $(TESTFLAGS); } || rc=1; \
	exit $$rc

# The game demo (examples/game): only the library and the demo are built (no test program).
demo: ensure-deps
	$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS) --target example_game
	./$(BUILD)/example_game

# Installs into a temporary prefix, then builds and runs a small host with pkg-config,
# find_package and add_subdirectory.
install-test: ensure-deps
	bash tests/install/run.sh

# The Debian packages libangelc0, libangelc-dev and angelc, built from a copy of the tree in
# build-deb/src (dpkg-buildpackage writes next to the source directory); lintian checks them.
deb: ensure-deps
	@if ! { command -v dpkg-buildpackage && command -v dh && command -v lintian; } >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then $(MAKE) --no-print-directory deps DEPS="$(DEB_DEPS)" || exit 1; \
	  else echo "make deb: needs $(DEB_DEPS); install them with:"; echo "  sudo apt-get install -y $(DEB_DEPS)"; exit 1; fi; \
	fi
	rm -rf build-deb && mkdir -p build-deb/src
	tar --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C build-deb/src
	cd build-deb/src && dpkg-buildpackage -us -uc -b
	lintian --fail-on error build-deb/*.changes

# The conformance scripts (then again after a bytecode round trip) with the collector running a
# full cycle at every GC_STRESS-th new garbage-collected object (ANGELC_GC_STRESS, angelc.h): their
# output must not change. asan-gcstress: the same in the sanitized build.
GC_STRESS ?= 1
gcstress: test-build
	ANGELC_GC_STRESS=$(GC_STRESS) ./$(BUILD)/angelc_tests --no-api --also-roundtrip $(TESTFLAGS)

asan-gcstress: asan-build
	ASAN_OPTIONS="$${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="$${UBSAN_OPTIONS:-print_stacktrace=1}" \
	  ANGELC_GC_STRESS=$(GC_STRESS) ./$(ASAN_BUILD)/angelc_tests --no-api --timeout $(ASAN_TIMEOUT) --also-roundtrip $(TESTFLAGS)

# Every allocation failing in turn over tests/api/alloc_failure.c's workload (ALLOC_FAILURE_STRIDE=1)
# in the sanitized build: each run ends cleanly, leaks nothing, and has no memory error.
alloc-sweep: asan-build
	ASAN_OPTIONS="$${ASAN_OPTIONS:-detect_leaks=1}" ALLOC_FAILURE_STRIDE=1 ./$(ASAN_BUILD)/api/api_alloc_failure

# The language server typed at (tests/lsp/sweep.py): every prefix of every script of tests/scripts
# (at most about 10,000 of one script: the 141 KB one gets a stride), then 10,000 edits with its
# resident memory checked. docs/editors.md records a run.
LSP_SWEEP_FLAGS ?= --max-prefixes 10000 --edits 10000 --progress 100
lsp-sweep: build
	python3 tests/lsp/sweep.py --angelc $(BUILD)/angelc $(LSP_SWEEP_FLAGS)

ASAN_LSP_SWEEP_FLAGS ?= --stride 5 --max-prefixes 2000 --edits 1000 --progress 100
asan-lsp-sweep: asan-build
	ASAN_OPTIONS="$${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="$${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
	  python3 tests/lsp/sweep.py --angelc $(ASAN_BUILD)/angelc $(ASAN_LSP_SWEEP_FLAGS)

# Engines on threads under ThreadSanitizer: any report fails the test (halt_on_error).
tsan:
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DANGELC_TSAN=ON -DANGELC_BUILD_TESTS=ON \
	  -DCMAKE_C_COMPILER=$(call cc_path,$(ASAN_CC))
	cmake --build build-tsan -j $(JOBS) --target api_threads api_threads_scripts api_threads_requests
	TSAN_OPTIONS="$${TSAN_OPTIONS:-halt_on_error=1}" ./build-tsan/api/api_threads
	TSAN_OPTIONS="$${TSAN_OPTIONS:-halt_on_error=1}" ./build-tsan/api/api_threads_scripts
	TSAN_OPTIONS="$${TSAN_OPTIONS:-halt_on_error=1}" ./build-tsan/api/api_threads_requests

# Speed claims: bench/run.sh runs bench/ under angelc, the reference engine, lua5.4 and luajit
# (-joff and on) in one run, ROUNDS rounds (default 5), and prints medians, max RSS and ratios.
ROUNDS ?= 5
bench: build
	@if { $(have_reference); }; then \
	  $(MAKE) --no-print-directory $(BUILD)/ashost-2.35 ORACLE=2.35 || exit 1; \
	else \
	  echo "make bench: no reference engine ($(REF_APT_LINE)); its column is skipped"; \
	fi
	@ROUNDS="$(ROUNDS)" BUILD="$(BUILD)" CC="$(CC)" CXX="$(CXX)" bash bench/run.sh

# The debug adapter's cost (issue 27): each benchmark plain and under `angelc run --dap` with a
# client attached that sets no breakpoint; fails when a ratio is above 1.5 (ROUNDS as above).
bench-dap: build
	ROUNDS="$(ROUNDS)" python3 bench/dap_cost.py $(BUILD)/angelc

# libFuzzer (clang, ASan+UBSan) for FUZZ_TIME seconds (default 600); FUZZ_TARGET is one of
#   compile   the compiler (the default)        run   compile, then run with a budget and memory limit
#   bytecode  loading any bytes as bytecode     decl  registration declaration strings
# The corpus (build-fuzz/corpus-TARGET) is seeded from tests/scripts (bytecode: what `angelc build`
# saves from them; decl: the declarations of src/addons and examples/game). tests/fuzz/README.md
# has how long each has run clean.
FUZZ_TIME ?= 600
FUZZ_TARGET ?= compile
FUZZ_FLAGS ?=
FUZZ_CORPUS := build-fuzz/corpus-$(FUZZ_TARGET)
# (configured once: several targets may then run side by side; the build re-configures itself)
fuzz:
	[ -f build-fuzz/CMakeCache.txt ] || cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DANGELC_FUZZ=ON \
	  -DCMAKE_C_COMPILER=$(call cc_path,clang)
	cmake --build build-fuzz -j $(JOBS) --target fuzz_$(FUZZ_TARGET) $(if $(filter bytecode,$(FUZZ_TARGET)),angelc)
	@mkdir -p $(FUZZ_CORPUS)
	@case "$(FUZZ_TARGET)" in \
	  bytecode) for f in $$(find tests/scripts -name '*.as'); do \
	      n=$$(echo "$$f" | tr '/' '_'); \
	      ASAN_OPTIONS=detect_leaks=0 ./build-fuzz/angelc build "$$f" -o "$(FUZZ_CORPUS)/$$n.asb" >/dev/null 2>&1 || true; \
	    done ;; \
	  decl) python3 tests/fuzz/decl_seeds.py $(FUZZ_CORPUS) src/addons/*.c src/addons/*.h examples/game/*.c examples/game/*.h ;; \
	  *) find tests/scripts -name '*.as' -exec cp {} $(FUZZ_CORPUS)/ \; ;; \
	esac
	./build-fuzz/fuzz_$(FUZZ_TARGET) -max_total_time=$(FUZZ_TIME) -max_len=$(if $(filter bytecode,$(FUZZ_TARGET)),16384,4096) \
	  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 $(FUZZ_FLAGS) $(FUZZ_CORPUS)

# Installs with apt-get as root (running apt-get update first when there are no package lists yet).
deps:
	@if [ "$$(id -u)" = 0 ]; then \
	  if ! ls /var/lib/apt/lists/*_Packages >/dev/null 2>&1; then echo "apt-get update"; apt-get update || exit 1; fi; \
	  echo "$(APT_LINE)"; \
	  DEBIAN_FRONTEND=noninteractive $(APT_LINE); \
	else \
	  echo "make deps: needs root; run:"; \
	  echo "  apt-get update && $(APT_LINE)"; \
	fi

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-deb build-tsan build-fuzz
