# angelc top-level Makefile: a thin wrapper around CMake.
#
#   make          configure + build into build/ (Release, gcc unless CC is set)
#   make test     build, build the reference host build/ashost, run build/angelc_tests --reference,
#                 then every script again after a bytecode round trip (--roundtrip), then the SDK's
#                 test_feature cases (tests/testfeature/phase.sh)
#   make asan     clang ASan+UBSan build in build-asan/ and the same tests
#   make demo     build and run examples/demo/demo.as
#   make deps     install the Debian packages everything needs (as root; else prints the command)
#   make fuzz     libFuzzer on the compiler for FUZZ_TIME seconds (default 600)
#   make tsan     clang ThreadSanitizer build in build-tsan/ and the threads test (tests/api/threads.c)
#   make bench    benchmarks vs the reference engine, Lua 5.4 and LuaJIT (ROUNDS=N, default 5)
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

DEPS := cmake make gcc clang g++ libc6-dev pkg-config libffi-dev angelscript-dev libclang-rt-14-dev
APT_LINE := apt-get install -y $(DEPS)
REF_APT_LINE := apt-get install -y g++ angelscript-dev

# Full path of a compiler, so the value CMake caches is stable between runs.
cc_path = $(or $(shell command -v $(1) 2>/dev/null),$(1))

.PHONY: all build test asan asan-build tsan demo bench fuzz deps ensure-deps clean reference-check

all: build

# Installs what is missing when run as root; otherwise prints the apt-get line and fails.
have_deps = command -v cmake >/dev/null 2>&1 && command -v $(CC) >/dev/null 2>&1 && \
  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libffi && { $(have_reference); }
ensure-deps:
	@if ! { $(have_deps); }; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    $(MAKE) --no-print-directory deps || exit 1; \
	  else \
	    echo "make: missing build dependencies; install them with:"; \
	    echo "  sudo apt-get install -y $(DEPS)"; \
	    exit 1; \
	  fi; \
	fi

build: ensure-deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(call cc_path,$(CC))
	cmake --build $(BUILD) -j $(JOBS)

# The reference host needs a C++ compiler and the AngelScript headers and add-ons (angelscript-dev).
have_reference = command -v $(CXX) >/dev/null 2>&1 && \
  printf '\#include <angelscript.h>\n\#include <angelscript/scriptarray.h>\n' | $(CXX) -E -x c++ - >/dev/null 2>&1

# The differential test is part of `make test`: without the reference engine it fails and says why.
reference-check:
	@if ! { $(have_reference); }; then \
	  echo "make: the reference host (tests/reference/ashost.cpp) needs $(CXX) and angelscript-dev; install them with:"; \
	  echo "  $(REF_APT_LINE)"; \
	  exit 1; \
	fi

$(BUILD)/ashost: $(REF_SRC) | reference-check
	@mkdir -p $(@D)
	$(CXX) -O2 -DAS_USE_NAMESPACE -o $@ $(REF_SRC) $(REF_LIBS)

$(ASAN_BUILD)/ashost: $(REF_SRC)
	@mkdir -p $(@D)
	$(CXX) -O2 -DAS_USE_NAMESPACE -o $@ $(REF_SRC) $(REF_LIBS)

test: reference-check build $(BUILD)/ashost
	./$(BUILD)/angelc_tests --reference $(BUILD)/ashost $(TESTFLAGS)
	./$(BUILD)/angelc_tests --roundtrip --no-api $(TESTFLAGS)
	sh tests/testfeature/phase.sh $(BUILD)/angelc

# Sanitized build. -O1 -g keeps asserts on and the interpreter fast enough for the timeouts.
asan-build:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" \
	  -DANGELC_SANITIZE=ON -DCMAKE_C_COMPILER=$(call cc_path,$(ASAN_CC))
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# The same tests; the differential test too when the reference host can be built (it is not sanitized).
asan: asan-build
	@ref=""; \
	if { $(have_reference); }; then \
	  $(MAKE) --no-print-directory $(ASAN_BUILD)/ashost || exit 1; \
	  ref="--reference $(ASAN_BUILD)/ashost"; \
	else \
	  echo "make asan: no reference host ($(REF_APT_LINE)); running without the differential test"; \
	fi; \
	export ASAN_OPTIONS="$${ASAN_OPTIONS:-detect_leaks=1}"; \
	export UBSAN_OPTIONS="$${UBSAN_OPTIONS:-print_stacktrace=1}"; \
	if [ -z "$${ASAN_SYMBOLIZER_PATH:-}" ] && ! command -v llvm-symbolizer >/dev/null 2>&1 && \
	   [ -x /usr/bin/llvm-symbolizer-14 ]; then export ASAN_SYMBOLIZER_PATH=/usr/bin/llvm-symbolizer-14; fi; \
	echo "./$(ASAN_BUILD)/angelc_tests --timeout $(ASAN_TIMEOUT) $$ref $(TESTFLAGS)"; \
	./$(ASAN_BUILD)/angelc_tests --timeout $(ASAN_TIMEOUT) $$ref $(TESTFLAGS) && \
	echo "./$(ASAN_BUILD)/angelc_tests --timeout $(ASAN_TIMEOUT) --roundtrip --no-api $(TESTFLAGS)" && \
	./$(ASAN_BUILD)/angelc_tests --timeout $(ASAN_TIMEOUT) --roundtrip --no-api $(TESTFLAGS)

# Engines on threads under ThreadSanitizer: any report fails the test (halt_on_error).
tsan:
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DANGELC_TSAN=ON \
	  -DCMAKE_C_COMPILER=$(call cc_path,$(ASAN_CC))
	cmake --build build-tsan -j $(JOBS) --target api_threads
	TSAN_OPTIONS="$${TSAN_OPTIONS:-halt_on_error=1}" ./build-tsan/api/api_threads

demo: build
	./$(BUILD)/angelc run examples/demo/demo.as

# Speed claims: bench/run.sh runs bench/ under angelc, the reference engine, lua5.4 and luajit
# (-joff and on) in one run, ROUNDS rounds (default 5), and prints medians, max RSS and ratios.
ROUNDS ?= 5
bench: build
	@if { $(have_reference); }; then \
	  $(MAKE) --no-print-directory $(BUILD)/ashost || exit 1; \
	else \
	  echo "make bench: no reference engine ($(REF_APT_LINE)); its column is skipped"; \
	fi
	@ROUNDS="$(ROUNDS)" BUILD="$(BUILD)" CC="$(CC)" CXX="$(CXX)" bash bench/run.sh

# libFuzzer on the compiler, seeded with the conformance scripts. FUZZ_TIME seconds (default 600).
FUZZ_TIME ?= 600
fuzz:
	cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DANGELC_FUZZ=ON \
	  -DCMAKE_C_COMPILER=$(call cc_path,clang)
	cmake --build build-fuzz -j $(JOBS) --target fuzz_compile
	@mkdir -p build-fuzz/corpus
	@find tests/scripts -name '*.as' -exec cp {} build-fuzz/corpus/ \;
	./build-fuzz/fuzz_compile -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	  -print_final_stats=1 build-fuzz/corpus

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
	rm -rf $(BUILD) $(ASAN_BUILD) build-tsan
