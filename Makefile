# ctasim — build, test, benchmark.
#   make            build/ctasim
#   make test       build and run every test (unit, CLI, sanitizer-free)
#   make NO_LZMA=1 test  the same on a build without liblzma (build-nolzma/);
#                   NO_ZSTD=1: without libzstd (what CI runs: both, in build-nolibs/)
#   make asan       same tests under AddressSanitizer + UBSan (build-asan/)
#   make tsan       a parallel experiment, sweeps and --threads runs under ThreadSanitizer (build-tsan/)
#   make check-threads  the same statistics with 2, 3, 4, 8 and 16 threads as with one (suite, synthetic)
#   make fuzz       short libFuzzer runs of the parsers (needs clang)
#   make bench      speed benchmark
#   make prof       build-prof/ctasim, which prints where each run's time went per phase
#   make suites     build the vendored Rodinia, Parboil and cuda-samples programs (needs nvcc)
#   make check-suites  run them all under `ctasim exec` against their own checks
# Only a C11 compiler, make, libc, libm and pthreads are required. liblzma
# (Debian: liblzma-dev) is used for .traceg.xz traces when present; libzstd
# (libzstd-dev) for the compressed PTX of CUDA programs run by `ctasim exec`.

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

# Optional libzstd, detected the same way: nvcc 13 compresses a program's PTX
# with zstd unless -no-compress. Only the CUDA runtime library links it.
# NO_ZSTD=1 builds without it, as on a machine without libzstd-dev (CI runs
# the tests on a build with neither liblzma nor libzstd).
ifeq ($(NO_ZSTD),1)
HAVE_ZSTD :=
else
HAVE_ZSTD := $(shell echo 'int main(void){return (int)ZSTD_versionNumber() < 0;}' | $(CC) -x c -include zstd.h - -lzstd -o /dev/null 2>/dev/null && echo 1)
endif
ifeq ($(HAVE_ZSTD),1)
BASE_CFLAGS += -DCS_HAVE_ZSTD=1
ZSTD_LIBS := -lzstd
endif

LIB_SRC  := $(wildcard src/util/*.c src/config/*.c src/frontend/*.c src/frontend/ptx/*.c src/model/*.c src/gpu/*.c src/policy/*.c src/apps/*.c src/report/*.c)
CLI_SRC  := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
BENCH_SRC := $(wildcard bench/bench_*.c)

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/bin/%)

.PHONY: native all test unit-test asan tsan fuzz bench prof clean demo ptx check-ptx check-workloads check-threads cudart suites check-suites
all: $(BUILD)/ctasim $(BUILD)/ctasim-native cudart

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

# Plug-ins register themselves with one line of their own file
# (CTA_POLICY_REGISTER, WARP_POLICY_REGISTER: policy/register.h;
# EXPERIMENT_REGISTER: cli/exp_registry.h); tools/gen_registry.sh collects
# those lines into the lists the two registries include. Run on every build
# (a grep of a few dozen files) so that a file added or removed is seen, and
# rewritten only when the list changes, so nothing else rebuilds.
$(BUILD)/gen/policy_list.h: FORCE
	@mkdir -p $(dir $@)
	@sh tools/gen_registry.sh $@ CTA_POLICY_REGISTER WARP_POLICY_REGISTER -- $(sort $(wildcard src/policy/*.c))
$(BUILD)/gen/experiment_list.h: FORCE
	@mkdir -p $(dir $@)
	@sh tools/gen_registry.sh $@ EXPERIMENT_REGISTER -- $(sort $(CLI_SRC))
$(BUILD)/obj/src/policy/registry.o $(BUILD)/pic/src/policy/registry.o: $(BUILD)/gen/policy_list.h
$(BUILD)/obj/src/policy/registry.o $(BUILD)/pic/src/policy/registry.o: BASE_CFLAGS += -I$(BUILD)/gen
$(BUILD)/obj/src/cli/exp_registry.o $(BUILD)/pic/src/cli/exp_registry.o: $(BUILD)/gen/experiment_list.h
$(BUILD)/obj/src/cli/exp_registry.o $(BUILD)/pic/src/cli/exp_registry.o: BASE_CFLAGS += -I$(BUILD)/gen

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
# The stand-in CUDA runtime `ctasim exec` loads into a program (src/cudart/,
# docs/ARCHITECTURE.md "CUDA programs"): the simulator and the command
# line's option/output code again as position-independent objects in
# $(BUILD)/pic/, so the ctasim binary's own objects stay as fast as they were.
CUDART_SRC := $(wildcard src/cudart/*.c)
PIC_OBJ  := $(LIB_SRC:%.c=$(BUILD)/pic/%.o) $(filter-out %/main.o,$(CLI_SRC:%.c=$(BUILD)/pic/%.o))
CUDART_OBJ := $(CUDART_SRC:%.c=$(BUILD)/pic/%.o)
CUDART_LIB := $(BUILD)/lib/libcudart.so.13
cudart: $(CUDART_LIB)
$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) -fPIC -c $< -o $@
$(BUILD)/pic/src/cli/provenance.o: $(BUILD)/version.h
$(BUILD)/pic/src/cli/provenance.o: BASE_CFLAGS += -I$(BUILD)
$(BUILD)/pic/libctasim.a: $(PIC_OBJ)
	@rm -f $@
	ar rcs $@ $^
# -z defs: every symbol resolved now, not as a loader error inside a program
$(CUDART_LIB): $(CUDART_OBJ) $(BUILD)/pic/libctasim.a src/cudart/cudart.map
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -fPIC -Wl,-soname,libcudart.so.13 -Wl,--version-script=src/cudart/cudart.map \
	  -Wl,-z,defs -o $@ $(CUDART_OBJ) $(BUILD)/pic/libctasim.a $(ZSTD_LIBS) $(LDLIBS)
# the fatbin parser's unit test links it from the normal object set
$(BUILD)/tests/test_fatbin: $(BUILD)/obj/tests/test_fatbin.o $(BUILD)/obj/src/cudart/fatbin.o $(BUILD)/libctasim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) $(LDFLAGS) -o $@ $^ $(ZSTD_LIBS) $(LDLIBS)
# the policy-step test checks Li & Liang's Up/Optimal/Down classification (src/cli/classify.c)
$(BUILD)/tests/test_policy_steps: $(BUILD)/obj/tests/test_policy_steps.o $(BUILD)/obj/src/cli/classify.o $(BUILD)/libctasim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The suite's workloads on a real GPU (`ctasim native`, src/native/): the
# same drivers (src/apps/) linked with the runtime API on the CUDA driver
# instead of the simulator. Built everywhere: libcuda is opened at run time,
# so a machine without an NVIDIA driver builds it and gets one clear line.
NATIVE_SRC := $(wildcard src/native/*.c)
NATIVE_OBJ := $(NATIVE_SRC:%.c=$(BUILD)/obj/%.o) $(filter $(BUILD)/obj/src/apps/%,$(LIB_OBJ)) \
  $(filter $(BUILD)/obj/src/util/%,$(LIB_OBJ))
$(BUILD)/ctasim-native: $(NATIVE_OBJ)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) $(LDFLAGS) -o $@ $^ -ldl $(LDLIBS)
native: $(BUILD)/ctasim-native
# A stand-in CUDA driver for the tests of `ctasim native` where no GPU is
# (tests/native/fake_libcuda.c): ctasim's functional PTX runtime behind the
# driver's entry points; -Bsymbolic keeps its ctasim_* calls its own.
FAKE_CUDA := $(BUILD)/tests/libfakecuda.so
$(FAKE_CUDA): tests/native/fake_libcuda.c $(BUILD)/pic/libctasim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(BASE_CFLAGS) $(LDFLAGS) -fPIC -shared -Wl,-Bsymbolic -o $@ $< $(BUILD)/pic/libctasim.a $(LDLIBS)

# Unit tests, then command-line tests against the built binary.
test: $(BUILD)/ctasim $(BUILD)/ctasim-native $(FAKE_CUDA) $(CUDART_LIB) $(TEST_BIN)
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

# The statistics do not depend on the thread count: check_identical's runs
# with the team forced at 2, 3, 4, 8 and 16 threads against one (CI).
check-threads: $(BUILD)/ctasim
	@sh tools/check_threads.sh $(BUILD)/ctasim

# The vendored benchmark suites (third_party/: Rodinia, Parboil, cuda-samples)
# built with nvcc as programs `ctasim exec` runs (tools/build_suites.sh; one
# line and nothing built without nvcc), and all of them run at CI size against
# their own checks (tools/run_suites.sh; docs/SUITES.md). `make test` runs a
# few of them (tests/cli/test_suites.sh).
suites: $(BUILD)/ctasim $(CUDART_LIB)
	@sh tools/build_suites.sh $(BUILD)
check-suites: suites
	@sh tools/run_suites.sh --build $(BUILD) --set ci

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

# A build that prints where each run's wall time went, phase by phase
# (gpu.c, CTASIM_PHASE_PROFILE; docs/SPEED.md "Parallel engine").
prof:
	$(MAKE) BUILD=build-prof CFLAGS="$(OPT) -g -DCTASIM_PHASE_PROFILE" build-prof/ctasim

clean:
	rm -rf build build-asan build-tsan build-fuzz build-nolzma build-nolibs build-prof

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(CUDART_OBJ:.o=.d) $(TEST_BIN:$(BUILD)/tests/%=$(BUILD)/obj/tests/%.d) \
  $(BENCH_BIN:$(BUILD)/bench/bin/%=$(BUILD)/obj/bench/%.d)
