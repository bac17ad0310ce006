#!/bin/sh
# test_plugins.sh — a plug-in is one new file and no other edit
# (docs/ARCHITECTURE.md "Adding a policy or an experiment"). On a copy of the
# tree with a copy of the build under test (so only what the new files touch
# compiles), drop in a throw-away CTA policy, warp policy and experiment,
# each one file written here and registered by its own one line, build, and
# check: both policies are in `ctasim list` and run, the contract test built
# from the copy checks both (it iterates the registry), the experiment is in
# `ctasim experiment list` and runs. A registration line the build cannot
# read stops the build with one line naming it.
. tests/cli_common.sh
B=$(dirname "$C"); BN=$(basename "$B")
W=$T/tree
if ! [ -x "$C" ] || ! [ -f "$B/libctasim.a" ] || ! [ -d "$B/obj" ]; then
    skip plugins "no build to copy at $B (run make first)"; exit 0
fi
command -v make >/dev/null 2>&1 || { skip plugins "make not found"; exit 0; }
mkdir -p "$W"
# the tree: what git tracks, plus new files not yet added (not what it
# ignores); without git, the work tree minus build outputs. tar keeps the
# files' times, so that the copied objects stay newer than their sources.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -co --exclude-standard >"$T/files"
else
    find . -type f ! -path './build*' ! -path './.git/*' ! -name '*.o' ! -name '*.d' >"$T/files"
fi
tar -cf - -T "$T/files" | tar -xf - -C "$W" || { fail plugins_copy "could not copy the tree"; exit 0; }
cp -a "$B" "$W/$BN" || { fail plugins_copy "could not copy $B"; exit 0; }

cat >"$W/src/policy/cta_throwaway.c" <<'EOF'
/* A throw-away CTA policy written by tests/cli/test_plugins.sh: at most two
 * CTAs per core. */
#include "gpu/cta_policy.h"
#include "register.h"

static uint32_t throwaway_cap(void *st, struct gpu *g, uint32_t sm, const kernel_run_t *k) { return 2; }

const cta_policy_ops_t cta_policy_throwaway = {
    .name = "throwaway_cta",
    .summary = "test: at most two CTAs per core",
    .params = "",
    .cap = throwaway_cap,
};
CTA_POLICY_REGISTER(cta_policy_throwaway);
EOF
cat >"$W/src/policy/warp_throwaway.c" <<'EOF'
/* A throw-away warp policy written by tests/cli/test_plugins.sh: the ready
 * warps, highest slot first. */
#include <stdlib.h>

#include "model/warp_policy.h"
#include "register.h"

static void *throwaway_create(policy_args_t *a, uint32_t sm, uint32_t sched, uint32_t max_warps, cs_error_t *err)
{
    return cs_xcalloc(1, sizeof(int)); /* no state, but create may not return NULL on success */
}

static unsigned throwaway_order(void *st, const sched_view_t *v, uint16_t *out)
{
    unsigned n = 0;
    for (int slot = 63; slot >= 0; slot--)
        if (v->ready >> slot & 1)
            out[n++] = (uint16_t)slot;
    return n;
}

const warp_policy_ops_t warp_policy_throwaway = {
    .name = "throwaway_warp",
    .summary = "test: ready warps, highest slot first",
    .params = "",
    .create = throwaway_create,
    .destroy = free,
    .order = throwaway_order,
    .lists_every_ready = true,
};
WARP_POLICY_REGISTER(warp_policy_throwaway);
EOF
cat >"$W/src/cli/exp_throwaway.c" <<'EOF'
/* A throw-away experiment written by tests/cli/test_plugins.sh: one
 * synthetic kernel under the throw-away policies, its cycles printed. */
#include <stdio.h>
#include <string.h>

#include "exp_registry.h"
#include "frontend/synth.h"
#include "policy/registry.h"

static int throwaway_run(int argc, char **argv)
{
    if (argc > 3) {
        fprintf(stderr, "ctasim: experiment %s takes no option, got '%s'\n", argv[2], argv[3]);
        return 2;
    }
    gpu_config_t cfg;
    config_defaults(&cfg);
    cs_error_t err;
    gpu_t *g = gpu_create_named(&cfg, "throwaway_cta", "throwaway_warp", &err);
    workload_t *w = g ? synth_workload_open("stream:ctas=60,iters=2", &err) : NULL;
    int rc = w && gpu_run_workload(g, w, &err) == 0 ? 0 : 1;
    if (rc)
        fprintf(stderr, "ctasim: %s\n", err.msg);
    else {
        gpu_totals_t t;
        gpu_get_totals(g, &t);
        printf("throwaway-exp: %llu cycles, %llu warp instructions\n", (unsigned long long)t.cycles,
               (unsigned long long)t.warp_insts);
    }
    if (w)
        workload_destroy(w);
    gpu_destroy(g);
    return rc;
}

static bool throwaway_describe(unsigned i, experiment_info_t *out)
{
    if (i)
        return false;
    *out = (experiment_info_t){"throwaway-exp", "test: one kernel under the throw-away policies", NULL};
    return true;
}

const experiment_set_t experiments_throwaway = {throwaway_describe, throwaway_run};
EXPERIMENT_REGISTER(experiments_throwaway);
EOF

# Build in the copy with the build's own flags (a `make test` passes them
# on in MAKEFLAGS; the asan and no-liblzma builds differ).
if ! (cd "$W" && make BUILD="$BN" "$BN/ctasim" "$BN/tests/test_policy_contract") >"$T/make.log" 2>&1; then
    fail plugins_build "the tree with three new files does not build: $(grep -m1 -E 'error|Error' "$T/make.log")"
    exit 0
fi
X=$W/$BN/ctasim
# what compiled: the three new files and what includes the registries'
# lists, not the tree
grep -E "(^| )-c " "$T/make.log" | sed "s/.* -c //" >"$T/compiled"; compiled=$(grep -cE '(^| )-c ' "$T/make.log")
if [ "$compiled" -le 8 ]; then pass plugins_incremental; else fail plugins_incremental "$compiled files compiled: $(tr "\n" " " <"$T/compiled" | cut -c1-300)"; fi

"$X" list cta >"$T/cta" 2>&1
"$X" list warp >"$T/warp" 2>&1
if grep -q '^  throwaway_cta ' "$T/cta" && grep -q '^  throwaway_warp ' "$T/warp"; then
    pass plugins_listed
else
    fail plugins_listed "not in ctasim list: $(cat "$T/cta" "$T/warp" | grep -c throwaway) of 2"
fi
"$X" run stream:ctas=60,iters=2 --cta-sched throwaway_cta --warp-sched throwaway_warp --json "$T/run.json" \
    >/dev/null 2>"$T/run.err"
if grep -q '"cta_sched": *"throwaway_cta"' "$T/run.json" 2>/dev/null && grep -q '"warp_sched": *"throwaway_warp"' "$T/run.json"; then
    pass plugins_run
else
    fail plugins_run "$(head -1 "$T/run.err")"
fi
"$W/$BN/tests/test_policy_contract" >"$T/contract" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q '^  CTA policies checked:.* throwaway_cta' "$T/contract" &&
   grep -q '^  warp policies checked:.* throwaway_warp' "$T/contract"; then
    pass plugins_contract
else
    fail plugins_contract "exit $rc: $(grep -E 'FAIL|checked:' "$T/contract" | head -3)"
fi
"$X" experiment list >"$T/exps" 2>&1
if grep -q '^  throwaway-exp ' "$T/exps"; then pass plugins_experiment_listed; else fail plugins_experiment_listed "not in ctasim experiment list"; fi
"$X" experiment throwaway-exp >"$T/exp.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q '^throwaway-exp: [1-9][0-9]* cycles, [1-9][0-9]* warp instructions' "$T/exp.out"; then
    pass plugins_experiment_runs
else
    fail plugins_experiment_runs "exit $rc: $(head -1 "$T/exp.out")"
fi
# every experiment name once
dup=$("$X" experiment list | awk 'NR > 1 {print $1}' | sort | uniq -d | head -1)
if [ -z "$dup" ]; then pass plugins_experiment_names_unique; else fail plugins_experiment_names_unique "$dup twice"; fi

# a registration the build cannot read is one error line, not a policy lost
echo 'CTA_POLICY_REGISTER (cta_policy_throwaway);' >>"$W/src/policy/cta_throwaway.c"
if (cd "$W" && make BUILD="$BN" "$BN/ctasim") >"$T/make2.log" 2>&1; then
    fail plugins_bad_registration "built with a malformed registration line"
elif grep -q 'cta_throwaway.c:[0-9]*: .* is not a registration' "$T/make2.log"; then
    pass plugins_bad_registration
else
    fail plugins_bad_registration "$(grep -m1 -iE 'error|not a' "$T/make2.log")"
fi
