# ctasim — build, test, benchmark.
#   make            build/ctasim
#   make test       build and run every test (unit, CLI, sanitizer-free)
#   make NO_LZMA=1 test  the same on a build without liblzma (build-nolzma/)
#   make asan       same tests under AddressSanitizer + UBSan (build-asan/)
#   make tsan       a parallel experiment, sweeps and --threads runs under ThreadSanitizer (build-tsan/)
#   make fuzz       short libFuzzer runs of the parsers (needs clang)
#   make bench      speed benchmark
# Only a C11 compiler, make, libc, libm and pthreads are required. liblzma
# (Debian: liblzma-dev) is used for .traceg.xz traces when present.

CC      ?= cc
# NO_LZMA=1 (below) builds apart, so that its objects never mix with build/'s
ifeq ($(NO_LZMA),1)
BUILD   ?= build-nolzma
endif
BUILD   ?= build
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
# Flags the code needs whatever CFLAGS the caller passes (make CFLAGS=... keeps these).
BASE_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter -Wshadow -Isrc -Iinclude -MMD -MP
LDLIBS  += -lm -lpthread

# Optional liblzma: detected by compiling and linking a probe against it
# (-include avoids a '#' that make would take for a comment). NO_LZMA=1 builds
# without it even where it is installed, as on a machine without it (CI runs
# the tests on such a build too), in build-nolzma/ unless BUILD names another.
ifeq ($(NO_LZMA),1)
HAVE_LZMA :=
else
HAVE_LZMA := $(shell echo 'int main(void){lzma_stream s=LZMA_STREAM_INIT;(void)s;return 0;}' | $(CC) -x c -include lzma.h - -llzma -o /dev/null 2>/dev/null && echo 1)
endif
ifeq ($(HAVE_LZMA),1)
BASE_CFLAGS += -DCS_HAVE_LZMA=1
LDLIBS  += -llzma
endif

LIB_SRC  := $(wildcard src/util/*.c src/config/*.c src/frontend/*.c src/frontend/ptx/*.c src/model/*.c src/gpu/*.c src/policy/*.c src/apps/*.c src/report/*.c)
CLI_SRC  := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
BENCH_SRC := $(wildcard bench/bench_*.c)

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/bin/%)

.PHONY: all test unit-test asan tsan fuzz bench clean demo ptx check-ptx check-workloads
all: $(BUILD)/ctasim

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) -c $< -o $@

# The version every result records (provenance.c): git describe of the tree
# built, rewritten only when it changes so nothing else rebuilds.
CTASIM_VERSION := $(shell git describe --always --dirty --tags 2>/dev/null || echo unknown)
.PHONY: FORCE
$(BUILD)/version.h: FORCE
	@mkdir -p $(dir $@)
	@echo '#define CTASIM_VERSION "$(CTASIM_VERSION)"' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@
$(BUILD)/obj/src/cli/provenance.o: $(BUILD)/version.h
$(BUILD)/obj/src/cli/provenance.o: BASE_CFLAGS += -I$(BUILD)

$(BUILD)/libctasim.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/ctasim: $(CLI_OBJ) $(BUILD)/libctasim.a
	$(CC) $(CFLAGS) $(BASE_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(BUILD)/libctasim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) -Itests -c $< -o $@

# The test and benchmark objects are intermediates of a chain of pattern rules,
# which make deletes after linking: every `make test` then compiled all of
# them again. Keeping them makes a second `make test` compile nothing.
.SECONDARY: $(TEST_BIN:$(BUILD)/tests/%=$(BUILD)/obj/tests/%.o) $(BENCH_BIN:$(BUILD)/bench/bin/%=$(BUILD)/obj/bench/%.o)

# Unit tests, then command-line tests against the built binary.
test: $(BUILD)/ctasim $(TEST_BIN)
	@sh tests/run_all.sh $(BUILD)

# The statistics, then one sentence of what ran and how fast (tools/demo.sh).
demo: $(BUILD)/ctasim
	@sh tools/demo.sh $(BUILD)/ctasim

asan:
	$(MAKE) BUILD=build-asan \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	  LDFLAGS="-fsanitize=address,undefined" test

# ThreadSanitizer over the commands that simulate on parallel threads
# (experiment, sweep); fails on any report. See tests/run_tsan.sh.
tsan:
	$(MAKE) BUILD=build-tsan CFLAGS="-O1 -g -fsanitize=thread" LDFLAGS="-fsanitize=thread" build-tsan/ctasim \
	  build-tsan/tests/test_parallel build-tsan/tests/test_trace
	@sh tests/run_tsan.sh build-tsan

FUZZ_SECONDS ?= 20
fuzz:
	@sh fuzz/run_fuzz.sh $(FUZZ_SECONDS)

# Every workload at default size (make test runs them at small size).
check-workloads: $(BUILD)/ctasim
	@sh tests/check_workloads.sh $(BUILD)/ctasim default

# Regenerate workloads/ptx from workloads/kernels (needs nvcc); check it is current.
ptx:
	sh tools/gen_ptx.sh
check-ptx:
	sh tools/check_ptx.sh

# Component micro-benchmarks (bench/bench_*.c) link the library like tests do.
$(BUILD)/bench/bin/%: $(BUILD)/obj/bench/%.o $(BUILD)/libctasim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

bench: $(BUILD)/ctasim $(BENCH_BIN) $(BUILD)/tests/test_synth
	@sh bench/run_bench.sh $(BUILD)

clean:
	rm -rf build build-asan build-tsan build-fuzz build-nolzma

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_BIN:$(BUILD)/tests/%=$(BUILD)/obj/tests/%.d) \
  $(BENCH_BIN:$(BUILD)/bench/bin/%=$(BUILD)/obj/bench/%.d)
