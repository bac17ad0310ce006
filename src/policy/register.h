/* register.h — how a policy file registers itself: one line of its own,
 * after its ops table,
 *     CTA_POLICY_REGISTER(cta_policy_mine);
 *     WARP_POLICY_REGISTER(warp_policy_mine);
 * at the start of the line. The build collects these lines from
 * the .c files of src/policy/ (tools/gen_registry.sh, run by the Makefile) into the list
 * policy/registry.c includes, so a new policy is one new file and no other
 * edit: `ctasim list`, --cta-sched/--warp-sched and the contract test
 * (tests/test_policy_contract.c) see it. Here the macro only declares the
 * ops table (so a registration names a table of the right type); the ops
 * table must not be static. */
#ifndef CTASIM_POLICY_REGISTER_H
#define CTASIM_POLICY_REGISTER_H

#define CTA_POLICY_REGISTER(ops) extern const cta_policy_ops_t ops
#define WARP_POLICY_REGISTER(ops) extern const warp_policy_ops_t ops

#endif
