/* test_config.c — option files, presets, cache/DRAM strings, validation, dump.
 *
 * Every file read here is a fixture in tests/data/config/ (paths relative to
 * the repository root the tests run from), so the tests need nothing outside
 * the repository. gtx480.config and qv100/{gpgpusim,trace}.config are our own
 * GPGPU-Sim-syntax files with the values of GPGPU-Sim's GTX 480 and
 * Accel-Sim's QV100 configurations. */
#include "config/config.h"
#include "config/config_coverage.h"
#include "model/dram.h"
#include "test.h"

#include <math.h>
#include <unistd.h>

#define FIXTURES "tests/data/config"
#define GTX480_FILE FIXTURES "/gtx480.config"
#define QV100_GPGPUSIM_FILE FIXTURES "/qv100/gpgpusim.config"
#define QV100_TRACE_FILE FIXTURES "/qv100/trace.config"

#define GTX480_MAPPING "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"

/* ---- helpers ------------------------------------------------------------ */

static int load_str(gpu_config_t *c, const char *text, bool allow_unknown, cs_error_t *err)
{
    return config_load_text(c, text, strlen(text), "t.cfg", allow_unknown, err);
}

/* Expect `text` to fail with exactly `expected` as the message. */
static void expect_error(const char *text, const char *expected)
{
    gpu_config_t c, before;
    config_defaults(&c);
    before = c;
    cs_error_t err = {{0}};
    int rc = load_str(&c, text, false, &err);
    CHECK_EQ(rc, -1);
    if (strcmp(err.msg, expected) != 0) {
        printf("  expected: %s\n  got:      %s\n", expected, err.msg);
        test_case_failed = 1;
    }
    /* A failed load leaves the configuration untouched. */
    CHECK(memcmp(&c, &before, sizeof c) == 0);
}

/* Run fn with stderr captured into buf (NUL-terminated). */
static void capture_stderr(void (*fn)(void *), void *arg, char *buf, size_t bufsz)
{
    fflush(stderr);
    FILE *tmp = tmpfile();
    int saved = dup(2);
    dup2(fileno(tmp), 2);
    fn(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t n = fread(buf, 1, bufsz - 1, tmp);
    buf[n] = '\0';
    fclose(tmp);
}

/* Occurrences of `needle` in s. */
static int count_matches(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Field-by-field comparison (names the differing field), then bytewise. */
static void check_same_config(const gpu_config_t *a, const gpu_config_t *b)
{
#define SAME(f) CHECK_EQ(a->f, b->f)
    SAME(n_clusters); SAME(n_cores_per_cluster); SAME(n_mem); SAME(n_sub_partition_per_mchannel);
    CHECK(a->clk_core_mhz == b->clk_core_mhz); CHECK(a->clk_icnt_mhz == b->clk_icnt_mhz);
    CHECK(a->clk_l2_mhz == b->clk_l2_mhz); CHECK(a->clk_dram_mhz == b->clk_dram_mhz);
    SAME(kernel_launch_latency); SAME(tb_launch_latency); SAME(max_concurrent_kernel); SAME(concurrent_kernel_sm);
    SAME(max_threads_per_sm); SAME(warp_size); SAME(max_cta_per_sm); SAME(registers_per_sm);
    SAME(registers_per_block); SAME(reg_alloc_granularity); SAME(shmem_per_sm); SAME(shmem_per_block);
    SAME(shmem_alloc_granularity); SAME(simd_width); SAME(num_sched_per_core);
    CHECK(strcmp(a->warp_sched, b->warp_sched) == 0);
    for (int u = 0; u < UNIT__COUNT; u++)
        SAME(num_units[u]);
    for (int l = 0; l < LAT__COUNT; l++) {
        SAME(lat[l]);
        SAME(init[l]);
    }
    SAME(ibuffer_size); SAME(max_insn_issue_per_warp);
    SAME(l1d.enabled); SAME(l1d.sectored); SAME(l1d.nsets); SAME(l1d.line_size); SAME(l1d.assoc);
    SAME(l1d.replacement); SAME(l1d.write_policy); SAME(l1d.alloc_policy); SAME(l1d.write_alloc);
    SAME(l1d.set_index_fn); SAME(l1d.mshr_type); SAME(l1d.mshr_entries); SAME(l1d.mshr_max_merge);
    SAME(l1d.miss_queue);
    SAME(l1_latency); SAME(smem_latency); SAME(shmem_num_banks); SAME(shmem_bank_width);
    SAME(gmem_skip_l1d); SAME(coalesce_arch); SAME(l1_ports); SAME(const_latency);
    SAME(icnt_flit_size); SAME(icnt_latency); SAME(icnt_in_buffer); SAME(icnt_out_buffer);
    SAME(icnt_ctrl_bytes); SAME(ejection_buffer);
    SAME(l2.enabled); SAME(l2.sectored); SAME(l2.nsets); SAME(l2.line_size); SAME(l2.assoc);
    SAME(l2.replacement); SAME(l2.write_policy); SAME(l2.alloc_policy); SAME(l2.write_alloc);
    SAME(l2.set_index_fn); SAME(l2.mshr_type); SAME(l2.mshr_entries); SAME(l2.mshr_max_merge);
    SAME(l2.miss_queue);
    SAME(l2_rop_latency); SAME(dram_latency); SAME(partition_queue); SAME(dram_scheduler);
    SAME(frfcfs_queue); SAME(dram_return_queue); SAME(n_mem_per_ctrlr); SAME(dram_buswidth);
    SAME(dram_burst_length); SAME(dram_data_cmd_ratio);
    SAME(dram.nbk); SAME(dram.tCCD); SAME(dram.tRRD); SAME(dram.tRCD); SAME(dram.tRAS); SAME(dram.tRP);
    SAME(dram.tRC); SAME(dram.tCL); SAME(dram.tWL); SAME(dram.tCDLR); SAME(dram.tWR); SAME(dram.nbkgrp);
    SAME(dram.tCCDL); SAME(dram.tRTPL); SAME(dram.tRTP);
    CHECK(strcmp(a->addr_mapping, b->addr_mapping) == 0);
    SAME(mem_address_mask); SAME(partition_indexing); SAME(max_ctas_override); SAME(max_cycles);
    SAME(max_insn);
#undef SAME
    CHECK(memcmp(a, b, sizeof *a) == 0);
}

static void check_gtx480_file_values(const gpu_config_t *c)
{
    CHECK_EQ(c->n_clusters, 15);
    CHECK_EQ(c->n_cores_per_cluster, 1);
    CHECK_EQ(config_n_sm(c), 15);
    CHECK_EQ(c->n_mem, 6);
    CHECK_EQ(c->n_sub_partition_per_mchannel, 2);
    CHECK_EQ(config_n_l2(c), 12);
    CHECK(c->clk_core_mhz == 700.0 && c->clk_icnt_mhz == 700.0 && c->clk_l2_mhz == 700.0);
    CHECK(c->clk_dram_mhz == 924.0);
    CHECK_EQ(c->registers_per_sm, 32768);
    CHECK_EQ(c->max_threads_per_sm, 1536);
    CHECK_EQ(c->warp_size, 32);
    CHECK_EQ(c->max_cta_per_sm, 8);
    CHECK_EQ(c->num_units[UNIT_SP], 2);
    CHECK_EQ(c->num_units[UNIT_SFU], 1);
    CHECK_EQ(c->num_units[UNIT_DP], 0);
    CHECK_EQ(c->lat[LAT_INT_ADD], 4);
    CHECK_EQ(c->lat[LAT_INT_MAX], 13);
    CHECK_EQ(c->lat[LAT_INT_DIV], 145);
    CHECK_EQ(c->lat[LAT_INT_SHFL], 32);
    CHECK_EQ(c->init[LAT_INT_MUL], 2);
    CHECK_EQ(c->init[LAT_INT_SHFL], 4);
    CHECK_EQ(c->lat[LAT_FP_DIV], 39);
    CHECK_EQ(c->init[LAT_FP_DIV], 4);
    CHECK_EQ(c->lat[LAT_DP_MAX], 19);
    CHECK_EQ(c->lat[LAT_DP_DIV], 330);
    CHECK_EQ(c->init[LAT_DP_MAX], 16);
    CHECK_EQ(c->init[LAT_DP_DIV], 130);
    CHECK(c->l1d.enabled);
    CHECK(!c->l1d.sectored);
    CHECK_EQ(c->l1d.nsets, 32);
    CHECK_EQ(c->l1d.line_size, 128);
    CHECK_EQ(c->l1d.assoc, 4);
    CHECK_EQ(c->l1d.set_index_fn, 'H');
    CHECK_EQ(c->l1d.mshr_type, 'S');
    CHECK_EQ(c->l1d.mshr_entries, 64);
    CHECK_EQ(c->l1d.mshr_max_merge, 8);
    CHECK_EQ(c->l1d.miss_queue, 8);
    CHECK_EQ(c->shmem_per_sm, 49152);
    CHECK_EQ(c->icnt_flit_size, 40);
    CHECK_EQ(c->gmem_skip_l1d, 0);
    CHECK_EQ(c->ejection_buffer, 32);
    CHECK_EQ(c->l1_latency, 35);
    CHECK_EQ(c->smem_latency, 26);
    CHECK(c->l2.enabled);
    CHECK(c->l2.sectored);
    CHECK_EQ(c->l2.nsets, 64);
    CHECK_EQ(c->l2.line_size, 128);
    CHECK_EQ(c->l2.assoc, 8);
    CHECK_EQ(c->l2.write_policy, 'B');
    CHECK_EQ(c->l2.write_alloc, 'L');
    CHECK_EQ(c->l2.mshr_type, 'A');
    CHECK_EQ(c->l2.mshr_entries, 256);
    CHECK_EQ(c->l2.mshr_max_merge, 4);
    CHECK_EQ(c->l2.miss_queue, 4);
    CHECK_EQ(c->partition_queue, 64);
    CHECK_EQ(c->partition_indexing, 0);
    CHECK_EQ(c->shmem_num_banks, 32);
    CHECK_EQ(c->coalesce_arch, 20);
    CHECK_EQ(c->max_insn_issue_per_warp, 1);
    CHECK_EQ(c->l2_rop_latency, 120);
    CHECK_EQ(c->dram_latency, 100);
    CHECK_EQ(c->dram_scheduler, 1);
    CHECK_EQ(c->frfcfs_queue, 64);
    CHECK_EQ(c->dram_return_queue, 116);
    CHECK_EQ(c->n_mem_per_ctrlr, 2);
    CHECK_EQ(c->dram_buswidth, 4);
    CHECK_EQ(c->dram_burst_length, 8);
    CHECK_EQ(c->dram_data_cmd_ratio, 4);
    CHECK_EQ(c->mem_address_mask, 1);
    CHECK(strcmp(c->addr_mapping, GTX480_MAPPING) == 0);
    CHECK_EQ(c->dram.nbk, 16);
    CHECK_EQ(c->dram.tCCD, 2);
    CHECK_EQ(c->dram.tRRD, 6);
    CHECK_EQ(c->dram.tRCD, 12);
    CHECK_EQ(c->dram.tRAS, 28);
    CHECK_EQ(c->dram.tRP, 12);
    CHECK_EQ(c->dram.tRC, 40);
    CHECK_EQ(c->dram.tCL, 12);
    CHECK_EQ(c->dram.tWL, 4);
    CHECK_EQ(c->dram.tCDLR, 5);
    CHECK_EQ(c->dram.tWR, 12);
    CHECK_EQ(c->dram.nbkgrp, 4);
    CHECK_EQ(c->dram.tCCDL, 3);
    CHECK_EQ(c->dram.tRTPL, 2);
    CHECK_EQ(c->num_sched_per_core, 2);
    CHECK(strcmp(c->warp_sched, "gto") == 0);
}

/* ---- cases -------------------------------------------------------------- */

static void inst_names(void)
{
    CHECK(strcmp(exec_unit_name(UNIT_SP), "sp") == 0);
    CHECK(strcmp(exec_unit_name(UNIT_INT), "int") == 0);
    CHECK(strcmp(exec_unit_name(UNIT_DP), "dp") == 0);
    CHECK(strcmp(exec_unit_name(UNIT_SFU), "sfu") == 0);
    CHECK(strcmp(exec_unit_name(UNIT_LDST), "ldst") == 0);
    CHECK(strcmp(exec_unit_name(UNIT_BRANCH), "branch") == 0);
    CHECK(strcmp(exec_unit_name(UNIT_TENSOR), "tensor") == 0);
    CHECK(strcmp(exec_unit_name(UNIT__COUNT), "?") == 0);
    CHECK(strcmp(lat_class_name(LAT_INT_ADD), "int_add") == 0);
    CHECK(strcmp(lat_class_name(LAT_INT_SHFL), "int_shfl") == 0);
    CHECK(strcmp(lat_class_name(LAT_FP_MAD), "fp_mad") == 0);
    CHECK(strcmp(lat_class_name(LAT_DP_DIV), "dp_div") == 0);
    CHECK(strcmp(lat_class_name(LAT_SFU), "sfu") == 0);
    CHECK(strcmp(lat_class_name(LAT_TENSOR), "tensor") == 0);
    CHECK(strcmp(lat_class_name(LAT_BRANCH), "branch") == 0);
    CHECK(strcmp(lat_class_name((enum lat_class)200), "?") == 0);
    /* Every class and unit has a distinct name. */
    for (int i = 0; i < LAT__COUNT; i++)
        for (int j = i + 1; j < LAT__COUNT; j++)
            CHECK(strcmp(lat_class_name((enum lat_class)i), lat_class_name((enum lat_class)j)) != 0);
}

static void defaults_are_gtx480(void)
{
    gpu_config_t c;
    config_defaults(&c);
    check_gtx480_file_values(&c);
    /* ctasim's own defaults and GPGPU-Sim's built-in ones the file omits. */
    CHECK_EQ(c.reg_alloc_granularity, 4);
    CHECK_EQ(c.shmem_alloc_granularity, 128);
    CHECK_EQ(c.simd_width, 32);
    CHECK_EQ(c.ibuffer_size, 2);
    CHECK_EQ(c.shmem_bank_width, 4);
    CHECK_EQ(c.l1_ports, 1);
    CHECK_EQ(c.const_latency, 35);
    CHECK_EQ(c.icnt_latency, 8);
    CHECK_EQ(c.icnt_in_buffer, 512);
    CHECK_EQ(c.icnt_out_buffer, 512);
    CHECK_EQ(c.icnt_ctrl_bytes, 8);
    CHECK_EQ(c.kernel_launch_latency, 0);
    CHECK_EQ(c.tb_launch_latency, 0);
    CHECK_EQ(c.max_concurrent_kernel, 16);
    CHECK_EQ(c.concurrent_kernel_sm, 1); /* ctasim's presets share cores; GPGPU-Sim's default is 0 */
    CHECK_EQ(c.num_units[UNIT_INT], 0);
    CHECK_EQ(c.num_units[UNIT_TENSOR], 0);
    CHECK_EQ(c.num_units[UNIT_LDST], 1);
    CHECK_EQ(c.num_units[UNIT_BRANCH], 2);
    CHECK_EQ(c.lat[LAT_SFU], 8);
    CHECK_EQ(c.init[LAT_SFU], 8);
    CHECK_EQ(c.lat[LAT_TENSOR], 64);
    CHECK_EQ(c.lat[LAT_BRANCH], 1);
    CHECK_EQ(c.dram.tRTP, 2);
    CHECK_EQ(c.max_ctas_override, 0);
    CHECK_EQ(c.max_cycles, 0);
    cs_error_t err;
    CHECK_EQ(config_validate(&c, &err), 0);
    /* The gtx480 preset is the defaults. */
    gpu_config_t p;
    memset(&p, 0xa5, sizeof p);
    CHECK_EQ(config_load_preset(&p, "gtx480", &err), 0);
    check_same_config(&c, &p);
}

struct load_args {
    gpu_config_t *c;
    const char *path;
    bool allow_unknown;
    int rc;
    cs_error_t err;
};

static void load_file_cb(void *p)
{
    struct load_args *a = p;
    a->rc = config_load_file(a->c, a->path, a->allow_unknown, &a->err);
}

static void gtx480_file_with_allow_unknown(void)
{
    /* Start from a different GPU so every checked field must come from the file. */
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "pact13-30sm", &err), 0);
    struct load_args a = {.c = &c, .path = GTX480_FILE, .allow_unknown = true};
    static char warnings[16384];
    capture_stderr(load_file_cb, &a, warnings, sizeof warnings);
    if (a.rc)
        printf("  %s\n", a.err.msg);
    CHECK_EQ(a.rc, 0);
    check_gtx480_file_values(&c);
    /* One warning line per option the file sets and ctasim does not model,
     * in line order: 13 options it does not parse, the first on line 2, the
     * last on the file's last line, and 4 it parses but does not model in
     * full (what of them is ignored: config_coverage.c). -power_simulation_enabled
     * is parsed: ctasim's own power model. */
    CHECK_EQ(count_lines(warnings), 17);
    CHECK_EQ(count_matches(warnings, "is not modelled; ignored\n"), 13);
    CHECK(strstr(warnings, "ctasim: warning: " GTX480_FILE
                           ":2: option -gpgpu_ptx_instruction_classification is not modelled; ignored\n") ==
          warnings);
    CHECK(strstr(warnings, GTX480_FILE ":110: option -gpuwattch_xml_file is not modelled; ignored\n") != NULL);
    CHECK(strstr(warnings, "ctasim: warning: " GTX480_FILE ":62: option -gpgpu_cache:dl1 is not fully modelled "
                           "(approximated: write_policy L, set_index_fn H, mshr_type S); "
                           "see `ctasim config --unmodelled`\n") != NULL);
    CHECK(strstr(warnings, "-gpgpu_coalesce_arch") == NULL);
    CHECK(strstr(warnings, GTX480_FILE ":81: option -gpgpu_n_cluster_ejection_buffer_size is not modelled "
                           "(value 32 ignored)") != NULL);
    CHECK(strstr(warnings, GTX480_FILE ":84: option -gpgpu_cache:dl2 is not fully modelled (ignored: "
                           "mshr_type A, miss_queue 4, data_port_width 32)") != NULL);
    CHECK(strstr(warnings, GTX480_FILE ":85: option -gpgpu_dram_partition_queues is not fully modelled "
                           "(ignored: dram_to_l2 64)") != NULL);
    /* modelled options, and ignored ones at a value where that is exact, are not warned about */
    CHECK(strstr(warnings, "-gpgpu_shader_cta") == NULL);
    CHECK(strstr(warnings, "-gpgpu_n_cores_per_cluster") == NULL);
    CHECK(strstr(warnings, "-gpgpu_mem_address_mask") == NULL);
    /* The file sets L2 per sub-partition: 12 slices of 64 KB = 768 KB. */
    CHECK_EQ((uint64_t)config_n_l2(&c) * c.l2.nsets * c.l2.line_size * c.l2.assoc, 786432);
}

static void gtx480_file_strict_fails_at_line_2(void)
{
    gpu_config_t c, before;
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_n_clusters", "3", NULL), 0);
    before = c;
    cs_error_t err = {{0}};
    CHECK_EQ(config_load_file(&c, GTX480_FILE, false, &err), -1);
    CHECK(strstr(err.msg, GTX480_FILE ":2: unknown option -gpgpu_ptx_instruction_classification") == err.msg);
    CHECK(memcmp(&c, &before, sizeof c) == 0);
    CHECK_EQ(c.n_clusters, 3);
}

static void qv100_pair(void)
{
    gpu_config_t c;
    config_defaults(&c);
    struct load_args a = {.c = &c, .path = QV100_GPGPUSIM_FILE, .allow_unknown = true};
    static char warnings[16384];
    capture_stderr(load_file_cb, &a, warnings, sizeof warnings);
    if (a.rc)
        printf("  %s\n", a.err.msg);
    CHECK_EQ(a.rc, 0);
    /* 16 options ctasim does not parse, 4 it does not model in full */
    CHECK_EQ(count_lines(warnings), 20);
    CHECK_EQ(count_matches(warnings, "is not modelled; ignored\n"), 16);
    CHECK(strstr(warnings, QV100_GPGPUSIM_FILE ":78: option -gpgpu_cache:dl1 is not fully modelled (ignored: "
                           "data_port_width 32)") != NULL);
    CHECK(strstr(warnings, QV100_GPGPUSIM_FILE ":90: option -gpgpu_cache:dl2 is not fully modelled (ignored: "
                           "mshr_type A, miss_queue 32, data_port_width 32; approximated: "
                           "set_index_fn P)") != NULL);
    /* exact at the file's values: no launch delay, per-block limits GPGPU-Sim's timing does not use */
    CHECK(strstr(warnings, "-gpgpu_TB_launch_latency") == NULL);
    CHECK(strstr(warnings, "-gpgpu_registers_per_block") == NULL);
    CHECK(strstr(warnings, "-gpgpu_shmem_per_block") == NULL);
    /* the last line has no newline after it and is still read */
    CHECK(strstr(warnings, QV100_GPGPUSIM_FILE ":123: option -gpgpu_runtime_stat is not modelled; ignored\n") !=
          NULL);
    /* ptx latencies before trace.config overrides them */
    CHECK_EQ(c.lat[LAT_INT_SHFL], 21);
    CHECK_EQ(c.init[LAT_INT_ADD], 2);
    CHECK_EQ(c.lat[LAT_SFU], 100);
    CHECK_EQ(c.init[LAT_SFU], 8);
    CHECK_EQ(c.lat[LAT_TENSOR], 64); /* via -ptx_opcode_latency_tesnor */
    CHECK_EQ(c.init[LAT_DP_ADD], 4);

    a.path = QV100_TRACE_FILE;
    capture_stderr(load_file_cb, &a, warnings, sizeof warnings);
    CHECK_EQ(a.rc, 0);
    CHECK_EQ(count_lines(warnings), 6);
    CHECK(strstr(warnings, QV100_TRACE_FILE ":12: option -specialized_unit_1 is not modelled; ignored") != NULL);

    CHECK_EQ(config_n_sm(&c), 80);
    CHECK_EQ(c.n_mem, 32);
    CHECK_EQ(config_n_l2(&c), 64);
    CHECK(c.clk_core_mhz == 1132.0 && c.clk_dram_mhz == 850.0);
    CHECK_EQ(c.kernel_launch_latency, 5000);
    CHECK_EQ(c.max_concurrent_kernel, 128);
    CHECK_EQ(c.max_threads_per_sm, 2048);
    CHECK_EQ(c.max_cta_per_sm, 32);
    CHECK_EQ(c.registers_per_sm, 65536);
    CHECK_EQ(c.registers_per_block, 65536);
    CHECK_EQ(c.shmem_per_sm, 98304);
    CHECK_EQ(c.shmem_per_block, 65536);
    CHECK_EQ(c.num_units[UNIT_SP], 4);
    CHECK_EQ(c.num_units[UNIT_INT], 4);
    CHECK_EQ(c.num_units[UNIT_DP], 4);
    CHECK_EQ(c.num_units[UNIT_SFU], 4);
    CHECK_EQ(c.num_units[UNIT_TENSOR], 4);
    CHECK_EQ(c.num_sched_per_core, 4);
    CHECK_EQ(c.num_units[UNIT_BRANCH], 4);
    CHECK(strcmp(c.warp_sched, "lrr") == 0);
    /* trace.config: latency,initiation per class group */
    for (int l = LAT_INT_ADD; l <= LAT_INT_SHFL; l++) {
        CHECK_EQ(c.lat[l], 2);
        CHECK_EQ(c.init[l], 2);
    }
    for (int l = LAT_FP_ADD; l <= LAT_FP_DIV; l++) {
        CHECK_EQ(c.lat[l], 2);
        CHECK_EQ(c.init[l], 2);
    }
    for (int l = LAT_DP_ADD; l <= LAT_DP_DIV; l++) {
        CHECK_EQ(c.lat[l], 8);
        CHECK_EQ(c.init[l], 4);
    }
    CHECK_EQ(c.lat[LAT_SFU], 20);
    CHECK_EQ(c.init[LAT_SFU], 8);
    CHECK_EQ(c.lat[LAT_TENSOR], 2);
    CHECK_EQ(c.init[LAT_TENSOR], 2);
    CHECK(c.l1d.sectored);
    CHECK_EQ(c.l1d.nsets, 4);
    CHECK_EQ(c.l1d.assoc, 64);
    CHECK_EQ(c.l1d.write_policy, 'T');
    CHECK_EQ(c.l1d.mshr_entries, 512);
    CHECK_EQ(c.l1d.miss_queue, 16);
    CHECK_EQ(c.l1_latency, 20);
    CHECK_EQ(c.smem_latency, 20);
    CHECK_EQ(c.l2.nsets, 32);
    CHECK_EQ(c.l2.assoc, 24);
    CHECK_EQ(c.l2.set_index_fn, 'P');
    CHECK_EQ(c.l2.mshr_entries, 192);
    CHECK_EQ(c.l2.miss_queue, 32);
    CHECK_EQ(c.coalesce_arch, 70);
    CHECK_EQ(c.partition_indexing, 2);
    CHECK_EQ(c.l2_rop_latency, 160);
    CHECK_EQ(c.dram_return_queue, 192);
    CHECK_EQ(c.n_mem_per_ctrlr, 1);
    CHECK_EQ(c.dram_buswidth, 16);
    CHECK_EQ(c.dram_burst_length, 2);
    CHECK_EQ(c.dram_data_cmd_ratio, 2);
    CHECK_EQ(c.dram.tCCD, 1);
    CHECK_EQ(c.dram.tRRD, 3);
    CHECK_EQ(c.dram.tWL, 2);
    CHECK_EQ(c.dram.tCDLR, 3);
    CHECK_EQ(c.dram.tWR, 10);
    CHECK_EQ(c.dram.tCCDL, 2);
    CHECK_EQ(c.dram.tRTPL, 3);
    CHECK_EQ(c.icnt_in_buffer, 512);
    CHECK(strcmp(c.addr_mapping,
                 "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS") == 0);
    cs_error_t err;
    int rc = config_validate(&c, &err);
    if (rc)
        printf("  %s\n", err.msg);
    CHECK_EQ(rc, 0);
}

struct preset_expect {
    const char *name;
    uint32_t n_sm, n_clusters, n_mem, threads, shmem, regs, simd;
    double core, icnt, dram;
    uint32_t l1_sets, l1_line, l1_assoc, l1_mshr;
    uint32_t l2_sets, l2_line, l2_assoc; /* per slice; 2 slices per channel */
    uint32_t l2_kb_per_channel;
    uint32_t frfcfs, nbk, tCL, tRC, tRRD, flit;
    const char *sched;
};

static const struct preset_expect preset_expectations[] = {
    {"gtx480", 15, 15, 6, 1536, 49152, 32768, 32, 700, 700, 924, 32, 128, 4, 64, 64, 128, 8, 128, 64, 16, 12, 40, 6, 40, "gto"},
    {"c2050", 14, 14, 6, 1024, 49152, 32768, 16, 1150, 1150, 750, 32, 128, 4, 32, 32, 128, 16, 128, 16, 16, 12, 40, 6, 32, "lrr"},
    {"hpca14-28sm", 28, 28, 8, 1536, 49152, 32768, 16, 1400, 1400, 924, 32, 128, 8, 32, 32, 256, 8, 128, 16, 16, 12, 40, 6, 32, "gto"},
    {"date14-28sm", 28, 28, 8, 1536, 49152, 32768, 16, 1400, 1400, 924, 32, 128, 8, 32, 32, 256, 8, 128, 16, 16, 12, 40, 6, 32, "gto"},
    {"pact13-30sm", 30, 10, 8, 1024, 32768, 32768, 8, 1300, 650, 800, 64, 64, 8, 64, 128, 64, 16, 256, 128, 4, 10, 35, 8, 16, "lrr"},
    {"date16-15sm", 15, 15, 6, 1536, 49152, 32768, 32, 700, 700, 924, 32, 128, 4, 32, 64, 128, 8, 128, 16, 16, 12, 40, 6, 32, "gto"},
};

/* Song et al.'s Table I writes the GTX 480's GDDR5 as "1848 MHz" (its WCK); the
 * command clock the DRAM model runs at is 924 MHz, as in Lee et al.'s Table 1
 * for the same 28-SM machine and GPGPU-Sim's GTX 480 configuration. Taken as
 * the command clock, 1848 doubled the per-pin rate (7.4 Gb/s) and the peak
 * bandwidth (473 GB/s): these numbers are what that mistake gets wrong. */
/* Peak DRAM bandwidth in GB/s as the DRAM model moves data (model/dram.h). */
static double peak_gbs(const gpu_config_t *c)
{
    return dram_peak_bytes_per_cycle(c) * c->clk_dram_mhz * c->n_mem / 1000.0;
}

static void date14_memory_is_gtx480_gddr5(void)
{
    gpu_config_t c, lee, gtx;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "date14-28sm", &err), 0);
    CHECK_EQ(config_load_preset(&lee, "hpca14-28sm", &err), 0);
    CHECK_EQ(config_load_preset(&gtx, "gtx480", &err), 0);
    CHECK(c.clk_dram_mhz == 924.0);
    /* per-pin data rate: command clock x data beats per command cycle */
    CHECK_EQ((uint32_t)(c.clk_dram_mhz * c.dram_data_cmd_ratio), 3696);
    /* 8 channels x 64 bits x 3.696 Gb/s = 236.5 GB/s, not 473 */
    CHECK(fabs(peak_gbs(&c) - 236.544) < 1e-9);
    CHECK(peak_gbs(&c) == peak_gbs(&lee));
    /* the GTX 480's own 6 channels: NVIDIA's 177.4 GB/s */
    CHECK(fabs(peak_gbs(&gtx) - 177.408) < 1e-9);
    /* the DRAM's fixed latency, 100 core cycles, in command cycles at 924 MHz */
    CHECK_EQ(config_dram_latency_dram(&c), 66);
}

/* L2 MSHRs of one memory channel (all its slices). */
static uint32_t l2_mshrs_per_channel(const gpu_config_t *c)
{
    return c->n_sub_partition_per_mchannel * c->l2.mshr_entries;
}

/* Lee et al. and Song et al. ran GPGPU-Sim v3, whose GTX 480 file has clock
 * domains 700:1400:700:924 (the tables' 1400 MHz core is its hot clock): the L2
 * runs at 700 MHz, half the 1400 the presets used to give it; 16-entry DRAM
 * scheduler and return queues (v4's file: 64, 116); 32 MSHRs per L1 and per
 * channel's L2. Each number below is one a v4-based preset got wrong. */
static void fermi_28sm_follow_gpgpusim_v3(void)
{
    for (int p = 0; p < 2; p++) {
        gpu_config_t c;
        cs_error_t err;
        CHECK_EQ(config_load_preset(&c, p ? "date14-28sm" : "hpca14-28sm", &err), 0);
        CHECK(c.clk_core_mhz == 1400.0 && c.clk_icnt_mhz == 1400.0 && c.clk_l2_mhz == 700.0);
        /* L2 tag lookups per microsecond over all 16 slices: 11200, not 22400 */
        CHECK_EQ((uint32_t)(config_n_l2(&c) * c.clk_l2_mhz), 11200);
        /* the ROP delay, 120 core cycles (86 ns), in L2 cycles: 60, not 120 */
        CHECK_EQ(config_rop_latency_l2(&c), 60);
        /* requests one channel holds between its scheduler and return queues */
        CHECK_EQ(c.frfcfs_queue + c.dram_return_queue, 32);
        CHECK_EQ(c.l1d.mshr_entries, 32);
        CHECK_EQ(l2_mshrs_per_channel(&c), 32);
    }
}

/* Yu et al. ran GPGPU-Sim 3.2.0's TeslaC2050 file (clock domains
 * 575:1150:575:750, dl1 A:32:8, dl2 64:128:16 A:32:4 per channel, return queue
 * = the 16-entry scheduler queue, 32-byte flits, no sectors). */
static void c2050_follows_gpgpusim_320(void)
{
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "c2050", &err), 0);
    CHECK(c.clk_l2_mhz == 575.0 && c.clk_icnt_mhz == 1150.0 && c.clk_dram_mhz == 750.0);
    CHECK_EQ((uint32_t)(config_n_l2(&c) * c.clk_l2_mhz), 6900); /* not 13800 */
    CHECK_EQ(config_rop_latency_l2(&c), 60);                    /* not 120 */
    CHECK_EQ(c.frfcfs_queue + c.dram_return_queue, 32);         /* not 132 */
    CHECK_EQ(c.l1d.mshr_entries, 32);
    CHECK_EQ(l2_mshrs_per_channel(&c), 32);                     /* not 512 */
    CHECK(!c.l2.sectored);
    /* crossbar bytes per port per microsecond: 32 B x 1150 MHz, not 40 B x 1150 */
    CHECK_EQ((uint32_t)(c.icnt_flit_size * c.clk_icnt_mhz), 36800);
    /* the C2050's 144 GB/s: 6 channels x 64 bits x 3.0 Gb/s */
    CHECK(fabs(peak_gbs(&c) - 144.0) < 1e-9);
}

/* Kayiran et al.'s GDDR3 timing is GPGPU-Sim's QuadroFX5800 one (CL=10, RP=10,
 * RC=35, RAS=25, RCD=12, RRD=8, CDLR=6, WR=11), whose WL is 7; the preset kept
 * GDDR5's WL=4 from gtx480. GPGPU-Sim's bus turnarounds, in command cycles:
 * write to read WL + BL/ratio + CDLR, read to write CL + BL/ratio + 2 - WL. */
static void pact13_gddr3_write_latency(void)
{
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "pact13-30sm", &err), 0);
    uint32_t burst = c.dram_burst_length / c.dram_data_cmd_ratio;
    CHECK_EQ(burst, 2);
    CHECK_EQ(c.dram.tWL + burst + c.dram.tCDLR, 15);      /* not 12 */
    CHECK_EQ(c.dram.tCL + burst + 2 - c.dram.tWL, 7);     /* not 10 */
    /* 8 channels x 64 bits x 1.6 Gb/s */
    CHECK(fabs(peak_gbs(&c) - 102.4) < 1e-9);
}

/* Li and Liang name GPGPU-Sim 3.2.2, whose GTX 480 file differs from v4's
 * (gtx480) in the values below; their table states none of them. */
static void date16_follows_gpgpusim_322(void)
{
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "date16-15sm", &err), 0);
    CHECK_EQ(c.l1d.mshr_entries, 32);
    CHECK_EQ(l2_mshrs_per_channel(&c), 64);                     /* not 512 */
    CHECK_EQ(c.frfcfs_queue + c.dram_return_queue, 132);        /* not 180 */
    CHECK(!c.l2.sectored);
    CHECK_EQ((uint32_t)(c.icnt_flit_size * c.clk_icnt_mhz), 22400); /* not 28000 */
    CHECK(fabs(peak_gbs(&c) - 177.408) < 1e-9);
}

static void presets_load_and_validate(void)
{
    int n = 0;
    for (const char *const *name = config_preset_names(); *name; name++, n++) {
        gpu_config_t c;
        cs_error_t err;
        int rc = config_load_preset(&c, *name, &err);
        if (rc)
            printf("  %s: %s\n", *name, err.msg);
        CHECK_EQ(rc, 0);
        rc = config_validate(&c, &err);
        if (rc)
            printf("  %s: %s\n", *name, err.msg);
        CHECK_EQ(rc, 0);
        const char *desc = config_preset_desc(*name);
        CHECK(desc && strlen(desc) > 10 && !strchr(desc, '\n'));
        if (!strcmp(*name, "a100") || !strcmp(*name, "h100"))
            continue; /* today's GPUs: checked against their files (h100_and_a100_*) */
        const struct preset_expect *e = NULL;
        for (size_t i = 0; i < CS_ARRAY_LEN(preset_expectations); i++)
            if (strcmp(preset_expectations[i].name, *name) == 0)
                e = &preset_expectations[i];
        CHECK(e != NULL);
        if (!e)
            continue;
        CHECK_EQ(config_n_sm(&c), e->n_sm);
        CHECK_EQ(c.n_clusters, e->n_clusters);
        CHECK_EQ(c.n_mem, e->n_mem);
        CHECK_EQ(c.n_sub_partition_per_mchannel, 2);
        CHECK_EQ(c.max_threads_per_sm, e->threads);
        CHECK_EQ(c.shmem_per_sm, e->shmem);
        CHECK_EQ(c.registers_per_sm, e->regs);
        CHECK_EQ(c.simd_width, e->simd);
        CHECK(c.clk_core_mhz == e->core && c.clk_icnt_mhz == e->icnt && c.clk_dram_mhz == e->dram);
        CHECK_EQ(c.l1d.nsets, e->l1_sets);
        CHECK_EQ(c.l1d.line_size, e->l1_line);
        CHECK_EQ(c.l1d.assoc, e->l1_assoc);
        CHECK_EQ(c.l1d.mshr_entries, e->l1_mshr);
        CHECK_EQ(c.l2.nsets, e->l2_sets);
        CHECK_EQ(c.l2.line_size, e->l2_line);
        CHECK_EQ(c.l2.assoc, e->l2_assoc);
        CHECK_EQ(c.n_sub_partition_per_mchannel * c.l2.nsets * c.l2.line_size * c.l2.assoc / 1024,
                 e->l2_kb_per_channel);
        CHECK_EQ(c.frfcfs_queue, e->frfcfs);
        CHECK_EQ(c.dram.nbk, e->nbk);
        CHECK_EQ(c.dram.tCL, e->tCL);
        CHECK_EQ(c.dram.tRC, e->tRC);
        CHECK_EQ(c.dram.tRRD, e->tRRD);
        CHECK_EQ(c.icnt_flit_size, e->flit);
        CHECK(strcmp(c.warp_sched, e->sched) == 0);
    }
    CHECK_EQ(n, 8);
    /* Paper-specific values beyond the table above. */
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "pact13-30sm", &err), 0);
    CHECK_EQ(c.n_cores_per_cluster, 3);
    CHECK_EQ(c.dram.tRP, 10);
    CHECK_EQ(c.dram.tRAS, 25);
    CHECK_EQ(c.dram.tRCD, 12);
    CHECK_EQ(c.dram.tCDLR, 6);
    CHECK_EQ(c.dram.tWR, 11);
    CHECK_EQ(c.dram.nbkgrp, 1);
    CHECK_EQ(c.dram_burst_length, 4);
    CHECK_EQ(c.dram_buswidth, 4);
    CHECK_EQ(c.dram_data_cmd_ratio, 2);
    CHECK(c.clk_l2_mhz == 650.0);
    CHECK_EQ(config_load_preset(&c, "c2050", &err), 0);
    CHECK_EQ(c.l1d.nsets * c.l1d.line_size * c.l1d.assoc, 16384);
    CHECK(c.clk_l2_mhz == 575.0);
    CHECK_EQ(config_load_preset(&c, "date16-15sm", &err), 0);
    CHECK_EQ(c.l1d.nsets * c.l1d.line_size * c.l1d.assoc, 16384);
    CHECK_EQ(c.max_cta_per_sm, 8);
    CHECK_EQ(c.num_sched_per_core, 2);

    gpu_config_t before = c;
    CHECK_EQ(config_load_preset(&c, "gtx580", &err), -1);
    CHECK(strcmp(err.msg, "unknown preset 'gtx580' (known: gtx480, c2050, hpca14-28sm, date14-28sm, "
                          "pact13-30sm, date16-15sm, a100, h100)") == 0);
    CHECK(memcmp(&c, &before, sizeof c) == 0);
    CHECK(config_preset_desc("nope") == NULL);
}

static char *dump_to_string(const gpu_config_t *c, size_t *len)
{
    FILE *f = tmpfile();
    config_dump(c, f);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    *len = fread(s, 1, (size_t)n, f);
    s[*len] = '\0';
    fclose(f);
    return s;
}

static void dump_round_trip(void)
{
    const char *const *names = config_preset_names();
    for (int i = 0; names[i]; i++) {
        gpu_config_t src;
        cs_error_t err;
        CHECK_EQ(config_load_preset(&src, names[i], &err), 0);
        size_t len;
        char *text = dump_to_string(&src, &len);
        /* Load onto every other preset: the dump must set every field. */
        for (int j = 0; names[j]; j++) {
            gpu_config_t dst;
            CHECK_EQ(config_load_preset(&dst, names[j], &err), 0);
            int rc = config_load_text(&dst, text, len, "dump", false, &err);
            if (rc)
                printf("  %s onto %s: %s\n", names[i], names[j], err.msg);
            CHECK_EQ(rc, 0);
            check_same_config(&src, &dst);
        }
        free(text);
    }
    /* A configuration read from a GPGPU-Sim file pair round-trips as well. */
    gpu_config_t qv, back;
    config_defaults(&qv);
    struct load_args a = {.c = &qv, .path = QV100_GPGPUSIM_FILE, .allow_unknown = true};
    char warnings[8192];
    capture_stderr(load_file_cb, &a, warnings, sizeof warnings);
    a.path = QV100_TRACE_FILE;
    capture_stderr(load_file_cb, &a, warnings, sizeof warnings);
    CHECK_EQ(config_set(&qv, "gpgpu_clock_domains", "1132.5:1000.25:0.1:850", NULL), 0);
    CHECK_EQ(config_set(&qv, "gpgpu_cache:dl1", "none", NULL), 0);
    CHECK_EQ(config_set(&qv, "gpgpu_max_insn", "18446744073709551615", NULL), 0);
    size_t len;
    char *text = dump_to_string(&qv, &len);
    config_defaults(&back);
    cs_error_t err;
    CHECK_EQ(config_load_text(&back, text, len, "dump", false, &err), 0);
    check_same_config(&qv, &back);
    CHECK(back.clk_l2_mhz == 0.1);
    CHECK(!back.l1d.enabled);
    CHECK_EQ(back.max_insn, UINT64_MAX);
    free(text);
}

static void later_option_wins(void)
{
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    CHECK_EQ(load_str(&c, "-gpgpu_n_clusters 4\n-gpgpu_n_mem 3\n-gpgpu_n_clusters 9\n", false, &err), 0);
    CHECK_EQ(c.n_clusters, 9);
    CHECK_EQ(c.n_mem, 3);
    /* across files too */
    CHECK_EQ(config_load_file(&c, FIXTURES "/later_wins.cfg", false, &err), 0);
    CHECK_EQ(c.n_clusters, 12);
    CHECK_EQ(c.l1_latency, 40);
    CHECK_EQ(c.n_mem, 3);
}

static void comments_and_layout(void)
{
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    const char *text = "# leading comment -gpgpu_n_mem 1\n"
                       "\n"
                       "   \t\n"
                       "-dram_data_command_freq_ratio 2  # HBM is DDR -gpgpu_n_mem 9\n"
                       "-gpgpu_n_mem 5# glued comment\n"
                       "-gpgpu_shader_cta 6 -gpgpu_shader_registers 16384\r\n" /* two on a line, CRLF */
                       "-gpgpu_num_sp_units\n  3\n"                                /* value on the next line */
                       "--gpgpu_l1_latency 30\n"                                  /* GNU-style dashes */
                       "-gpgpu_scheduler \"lrr\"\n"                               /* quoted single word */
                       "-gpgpu_max_cycle +1000";                                  /* no final newline */
    int rc = load_str(&c, text, false, &err);
    if (rc)
        printf("  %s\n", err.msg);
    CHECK_EQ(rc, 0);
    CHECK_EQ(c.dram_data_cmd_ratio, 2);
    CHECK_EQ(c.n_mem, 5);
    CHECK_EQ(c.max_cta_per_sm, 6);
    CHECK_EQ(c.registers_per_sm, 16384);
    CHECK_EQ(c.num_units[UNIT_SP], 3);
    CHECK_EQ(c.l1_latency, 30);
    CHECK(strcmp(c.warp_sched, "lrr") == 0);
    CHECK_EQ(c.max_cycles, 1000);
    /* Empty input and comment-only input change nothing. */
    gpu_config_t before = c;
    CHECK_EQ(config_load_text(&c, "", 0, "empty", false, &err), 0);
    CHECK_EQ(load_str(&c, "# nothing\n\n", false, &err), 0);
    CHECK(memcmp(&c, &before, sizeof c) == 0);
}

static void multiline_quoted_value(void)
{
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    const char *text = "-gpgpu_dram_timing_opt \"nbk=8:CCD=1:RRD=3:RCD=11:RAS=27:RP=13:RC=41:   \n"
                       "                        CL=14:WL=3:CDLR=4:WR=11:nbkgrp=2:CCDL=2:RTPL=3\"\n"
                       "-gpgpu_mem_addr_mapping \"dramid@8;00000000.00000000.00000000.00000000.\n"
                       "     0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS\"\n"
                       "-gpgpu_n_mem bogus\n";
    CHECK_EQ(load_str(&c, text, false, &err), -1);
    /* The line count continues correctly after two multi-line values. */
    CHECK(strcmp(err.msg, "t.cfg:5: -gpgpu_n_mem: not an unsigned integer ('bogus')") == 0);
    CHECK_EQ(load_str(&c, text, false, &err) , -1);
    size_t good_len = strstr(text, "-gpgpu_n_mem") - text;
    int rc = config_load_text(&c, text, good_len, "t.cfg", false, &err);
    if (rc)
        printf("  %s\n", err.msg);
    CHECK_EQ(rc, 0);
    CHECK_EQ(c.dram.nbk, 8);
    CHECK_EQ(c.dram.tCCD, 1);
    CHECK_EQ(c.dram.tRC, 41);
    CHECK_EQ(c.dram.tCL, 14);
    CHECK_EQ(c.dram.tWL, 3);
    CHECK_EQ(c.dram.nbkgrp, 2);
    CHECK_EQ(c.dram.tRTPL, 3);
    CHECK(strcmp(c.addr_mapping, GTX480_MAPPING) == 0);
    /* The fixture file: the same idiom as gpgpusim-gtx480.config. */
    config_defaults(&c);
    rc = config_load_file(&c, FIXTURES "/multiline.cfg", false, &err);
    if (rc)
        printf("  %s\n", err.msg);
    CHECK_EQ(rc, 0);
    CHECK_EQ(c.dram.tRCD, 10);
    CHECK_EQ(c.dram.tCL, 9);
    CHECK_EQ(c.dram.tRTP, 5);
    CHECK_EQ(c.n_clusters, 7);
}

static void error_messages(void)
{
    expect_error("\n\n-foo 3\n", "t.cfg:3: unknown option -foo");
    expect_error("-gpgpu_n_cluster 4\n", "t.cfg:1: unknown option -gpgpu_n_cluster (did you mean -gpgpu_n_clusters?)");
    expect_error("-gpgpu_simd_model 1\n",
                 "t.cfg:1: unknown option -gpgpu_simd_model (a GPGPU-Sim option ctasim does not model; "
                 "--allow-unknown ignores it)");
    expect_error("-gpgpu_n_clusters abc\n", "t.cfg:1: -gpgpu_n_clusters: not an unsigned integer ('abc')");
    expect_error("-gpgpu_n_clusters 12abc\n", "t.cfg:1: -gpgpu_n_clusters: not an unsigned integer ('12abc')");
    expect_error("# c\n-gpgpu_shader_cta -2\n", "t.cfg:2: -gpgpu_shader_cta: must not be negative ('-2')");
    expect_error("-gpgpu_shader_registers 4294967296\n",
                 "t.cfg:1: -gpgpu_shader_registers: out of range (at most 4294967295) ('4294967296')");
    expect_error("-gpgpu_max_cycle 18446744073709551616\n",
                 "t.cfg:1: -gpgpu_max_cycle: out of range (at most 18446744073709551615) ('18446744073709551616')");
    expect_error("-gpgpu_n_mem\n-gpgpu_n_clusters 3\n", "t.cfg:1: -gpgpu_n_mem: missing value");
    expect_error("-gpgpu_n_clusters 3\n-gpgpu_n_mem", "t.cfg:2: -gpgpu_n_mem: missing value");
    expect_error("-gpgpu_n_clusters 0\n", "t.cfg:1: -gpgpu_n_clusters: must be at least 1 ('0')");
    expect_error("-gpgpu_dram_scheduler 2\n", "t.cfg:1: -gpgpu_dram_scheduler: too large (at most 1) ('2')");
    expect_error("-gpgpu_concurrent_kernel_sm 2\n", "t.cfg:1: -gpgpu_concurrent_kernel_sm: too large (at most 1) ('2')");
    expect_error("-ptx_opcode_latency_fp 1,2,3\n",
                 "t.cfg:1: -ptx_opcode_latency_fp: expected 5 ','-separated values, got 3 ('1,2,3')");
    expect_error("-ptx_opcode_latency_int 1,2,3,4,5,6,7\n",
                 "t.cfg:1: -ptx_opcode_latency_int: expected 5 to 6 ','-separated values, got 7 ('1,2,3,4,5,6,7')");
    expect_error("-ptx_opcode_latency_int 1,2,0,4,5\n",
                 "t.cfg:1: -ptx_opcode_latency_int: field 3 (MUL) = '0': must be at least 1 ('1,2,0,4,5')");
    expect_error("-trace_opcode_latency_initiation_sfu 20\n",
                 "t.cfg:1: -trace_opcode_latency_initiation_sfu: expected 2 ','-separated values, got 1 ('20')");
    expect_error("-gpgpu_clock_domains 700:700:700\n",
                 "t.cfg:1: -gpgpu_clock_domains: expected 4 ':'-separated clocks <core>:<icnt>:<l2>:<dram> in "
                 "MHz, got 3 ('700:700:700')");
    expect_error("-gpgpu_clock_domains 700:fast:700:924\n",
                 "t.cfg:1: -gpgpu_clock_domains: interconnect clock is not a number ('700:fast:700:924')");
    expect_error("-gpgpu_clock_domains 700:700:0:924\n",
                 "t.cfg:1: -gpgpu_clock_domains: L2 clock must be above 0 and at most 100000 MHz ('700:700:0:924')");
    expect_error("-gpgpu_clock_domains nan:700:700:924\n",
                 "t.cfg:1: -gpgpu_clock_domains: core clock is not a number ('nan:700:700:924')");
    expect_error("-gpgpu_shader_core_pipeline 1536\n",
                 "t.cfg:1: -gpgpu_shader_core_pipeline: expected 2 ':'-separated values, got 1 ('1536')");
    expect_error("-gpgpu_dram_partition_queues 64:64\n",
                 "t.cfg:1: -gpgpu_dram_partition_queues: expected 4 ':'-separated values, got 2 ('64:64')");
    expect_error("-gpgpu_gmem_skip_L1D 2\n", "t.cfg:1: -gpgpu_gmem_skip_L1D: expected 0 or 1 ('2')");
    expect_error("\n-gpgpu_dram_timing_opt \"nbk=16:\n   CL=12\n-gpgpu_n_mem 4\n",
                 "t.cfg:2: unterminated quoted value");
    expect_error("-gpgpu_cache:dl1 N:32:128:4,Q:L:m:N:H,S:64:8,8\n",
                 "t.cfg:1: -gpgpu_cache:dl1: bad replacement policy 'Q' (expected one of L F) "
                 "('N:32:128:4,Q:L:m:N:H,S:64:8,8')");
    expect_error("-gpgpu_cache:dl2 S:64:100:8,L:B:m:L:L,A:256:4,4:0,32\n",
                 "t.cfg:1: -gpgpu_cache:dl2: line size 100 must be a power of two from 32 to 4096 "
                 "('S:64:100:8,L:B:m:L:L,A:256:4,4:0,32')");
    expect_error("-gpgpu_dram_timing_opt nbk=16:tCL=12\n",
                 "t.cfg:1: -gpgpu_dram_timing_opt: unknown DRAM timing parameter 'tCL' (known: nbk CCD RRD RCD "
                 "RAS RP RC CL WL CDLR WR nbkgrp CCDL RTPL RTP) ('nbk=16:tCL=12')");
    expect_error("-gpgpu_scheduler lrr\nstray 3\n",
                 "t.cfg:2: expected an option (a word starting with '-'), got 'stray'");
    expect_error("-gpgpu_scheduler \"two level\"\n",
                 "t.cfg:1: -gpgpu_scheduler: must not contain blanks, quotes, '#' or control characters "
                 "('two level')");
    expect_error("-gpgpu_scheduler \"\"\n", "t.cfg:1: -gpgpu_scheduler: empty value ('')");
    expect_error("-gpgpu_scheduler "
                 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n",
                 "t.cfg:1: -gpgpu_scheduler: too long (at most 63 characters) "
                 "('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...')");
    expect_error("-gpgpu_n_clusters \x01\x02\n",
                 "t.cfg:1: -gpgpu_n_clusters: not an unsigned integer ('?" "?')");
    /* An unknown option is an error even when its value is fine; the first one counts. */
    expect_error("-gpgpu_n_mem 4\n-alpha 1\n-beta 2\n", "t.cfg:2: unknown option -alpha");

    /* NUL bytes cannot appear in an option file. */
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    static const char with_nul[] = "-gpgpu_n_mem 4\n-gpgpu_n_cl\0usters 3\n";
    CHECK_EQ(config_load_text(&c, with_nul, sizeof with_nul - 1, "t.cfg", true, &err), -1);
    CHECK(strcmp(err.msg, "t.cfg:2: NUL byte in option text") == 0);
    CHECK_EQ(c.n_mem, 6);

    /* A file path names itself. */
    CHECK_EQ(config_load_file(&c, FIXTURES "/bad_value.cfg", false, &err), -1);
    CHECK(strcmp(err.msg, FIXTURES "/bad_value.cfg:4: -gpgpu_shader_cta: must be at least 1 ('0')") == 0);
    CHECK_EQ(config_load_file(&c, FIXTURES "/no_such_file.cfg", false, &err), -1);
    CHECK(strcmp(err.msg, FIXTURES "/no_such_file.cfg: cannot open: No such file or directory") == 0);
}

struct text_args {
    const char *text;
    int rc;
    gpu_config_t c;
    cs_error_t err;
};

static void load_text_unknown_cb(void *p)
{
    struct text_args *a = p;
    a->rc = config_load_text(&a->c, a->text, strlen(a->text), "w.cfg", true, &a->err);
}

static void allow_unknown_warns_once_per_option(void)
{
    struct text_args a = {.text = "-visualizer_enabled 0\n-gpgpu_n_mem 7\n-totally_made_up \"a b\n c\"\n"
                                  "-no_value_at_end"};
    config_defaults(&a.c);
    char out[4096];
    capture_stderr(load_text_unknown_cb, &a, out, sizeof out);
    CHECK_EQ(a.rc, 0);
    CHECK_EQ(a.c.n_mem, 7);
    CHECK(strcmp(out, "ctasim: warning: w.cfg:1: option -visualizer_enabled is not modelled; ignored\n"
                      "ctasim: warning: w.cfg:3: option -totally_made_up is not modelled; ignored\n"
                      "ctasim: warning: w.cfg:5: option -no_value_at_end is not modelled; ignored\n") == 0);
    /* Bad values of known options are still errors. */
    a.text = "-visualizer_enabled 0\n-gpgpu_n_mem x\n";
    capture_stderr(load_text_unknown_cb, &a, out, sizeof out);
    CHECK_EQ(a.rc, -1);
    CHECK(strcmp(a.err.msg, "w.cfg:2: -gpgpu_n_mem: not an unsigned integer ('x')") == 0);
}

static void latency_options(void)
{
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    /* the 5-value integer form leaves SHFL alone */
    CHECK_EQ(load_str(&c, "-ptx_opcode_latency_int 5,6,7,8,9\n", false, &err), 0);
    CHECK_EQ(c.lat[LAT_INT_ADD], 5);
    CHECK_EQ(c.lat[LAT_INT_DIV], 9);
    CHECK_EQ(c.lat[LAT_INT_SHFL], 32);
    CHECK_EQ(c.lat[LAT_FP_ADD], 4);
    CHECK_EQ(load_str(&c, "-trace_opcode_latency_initiation_int 3,7\n", false, &err), 0);
    for (int l = LAT_INT_ADD; l <= LAT_INT_SHFL; l++) {
        CHECK_EQ(c.lat[l], 3);
        CHECK_EQ(c.init[l], 7);
    }
    CHECK_EQ(c.lat[LAT_FP_ADD], 4); /* neighbours untouched */
    CHECK_EQ(load_str(&c, "-trace_opcode_latency_initiation_sp 11,2\n-trace_opcode_latency_initiation_dp 12,3\n"
                          "-trace_opcode_latency_initiation_sfu 13,4\n-trace_opcode_latency_initiation_tensor 14,5\n",
                      false, &err), 0);
    CHECK_EQ(c.lat[LAT_FP_MAD], 11);
    CHECK_EQ(c.init[LAT_FP_DIV], 2);
    CHECK_EQ(c.lat[LAT_DP_ADD], 12);
    CHECK_EQ(c.init[LAT_DP_DIV], 3);
    CHECK_EQ(c.lat[LAT_SFU], 13);
    CHECK_EQ(c.init[LAT_SFU], 4);
    CHECK_EQ(c.lat[LAT_TENSOR], 14);
    CHECK_EQ(c.init[LAT_TENSOR], 5);
    CHECK_EQ(c.lat[LAT_BRANCH], 1);
    CHECK_EQ(load_str(&c, "-ptx_opcode_latency_tesnor 33\n", false, &err), 0);
    CHECK_EQ(c.lat[LAT_TENSOR], 33);
    CHECK_EQ(load_str(&c, "-ptx_opcode_latency_tensor 34 -ptx_opcode_initiation_tensor 6\n", false, &err), 0);
    CHECK_EQ(c.lat[LAT_TENSOR], 34);
    CHECK_EQ(c.init[LAT_TENSOR], 6);
    CHECK_EQ(load_str(&c, "-ctasim_opcode_latency_branch 4 -ctasim_opcode_initiation_branch 2\n", false, &err), 0);
    CHECK_EQ(c.lat[LAT_BRANCH], 4);
    CHECK_EQ(c.init[LAT_BRANCH], 2);
    CHECK_EQ(load_str(&c, "-gpgpu_num_sched_per_core 4\n", false, &err), 0);
    CHECK_EQ(c.num_units[UNIT_BRANCH], 4);
    CHECK_EQ(c.num_units[UNIT_LDST], 1);
    CHECK_EQ(load_str(&c, "-gpgpu_num_int_units 2 -gpgpu_num_dp_units 1 -gpgpu_num_tensor_core_units 3\n", false,
                      &err), 0);
    CHECK_EQ(c.num_units[UNIT_INT], 2);
    CHECK_EQ(c.num_units[UNIT_DP], 1);
    CHECK_EQ(c.num_units[UNIT_TENSOR], 3);
}

static void cache_strings(void)
{
    cache_config_t cc;
    cs_error_t err;
    CHECK_EQ(cache_config_parse(&cc, "N:32:128:4,L:L:m:N:H,S:64:8,8", &err), 0);
    CHECK(cc.enabled && !cc.sectored);
    CHECK_EQ(cc.nsets, 32);
    CHECK_EQ(cc.line_size, 128);
    CHECK_EQ(cc.assoc, 4);
    CHECK_EQ(cc.replacement, 'L');
    CHECK_EQ(cc.write_policy, 'L');
    CHECK_EQ(cc.alloc_policy, 'm');
    CHECK_EQ(cc.write_alloc, 'N');
    CHECK_EQ(cc.set_index_fn, 'H');
    CHECK_EQ(cc.mshr_type, 'S');
    CHECK_EQ(cc.mshr_entries, 64);
    CHECK_EQ(cc.mshr_max_merge, 8);
    CHECK_EQ(cc.miss_queue, 8);

    CHECK_EQ(cache_config_parse(&cc, "S:64:128:8,L:B:m:L:L,A:256:4,4:0,32", &err), 0);
    CHECK(cc.enabled && cc.sectored);
    CHECK_EQ(cc.nsets, 64);
    CHECK_EQ(cc.write_policy, 'B');
    CHECK_EQ(cc.write_alloc, 'L');
    CHECK_EQ(cc.mshr_type, 'A');
    CHECK_EQ(cc.mshr_entries, 256);
    CHECK_EQ(cc.mshr_max_merge, 4);
    CHECK_EQ(cc.miss_queue, 4);

    CHECK_EQ(cache_config_parse(&cc, "S:4:128:64,L:T:m:L:L,A:512:8,16:0,32", &err), 0);
    CHECK_EQ(cc.assoc, 64);
    CHECK_EQ(cc.write_policy, 'T');
    CHECK_EQ(cc.miss_queue, 16);
    CHECK_EQ(cache_config_parse(&cc, "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32", &err), 0);
    CHECK_EQ(cc.assoc, 24);
    CHECK_EQ(cc.set_index_fn, 'P');
    CHECK_EQ(cc.miss_queue, 32);
    CHECK_EQ(cache_config_parse(&cc, "N:4:128:4,L:R:f:N:L,S:2:32,4", &err), 0);
    CHECK_EQ(cc.write_policy, 'R');
    CHECK_EQ(cc.alloc_policy, 'f');
    CHECK_EQ(cc.mshr_entries, 2);
    CHECK_EQ(cc.mshr_max_merge, 32);
    /* GPGPU-Sim 3.x form: no sector flag, no set-index function */
    CHECK_EQ(cache_config_parse(&cc, "32:128:4,L:L:m:N,A:32:8,8", &err), 0);
    CHECK(cc.enabled && !cc.sectored);
    CHECK_EQ(cc.set_index_fn, 'L');
    CHECK_EQ(cc.mshr_entries, 32);
    /* disabled forms */
    CHECK_EQ(cache_config_parse(&cc, "none", &err), 0);
    CHECK(!cc.enabled);
    CHECK_EQ(cc.nsets, 0);
    CHECK_EQ(cache_config_parse(&cc, "N:0:128:4,L:L:m:N:H,S:64:8,8", &err), 0);
    CHECK(!cc.enabled);
    CHECK_EQ(cc.line_size, 0);

    static const struct {
        const char *s, *msg;
    } bad[] = {
        {"", "expected 4 or 5 comma-separated sections <geometry>,<policies>,<mshr>,<miss queue>[,<port width>] (got 1)"},
        {"N:32:128:4,L:L:m:N:H,S:64:8,8,1,2",
         "expected 4 or 5 comma-separated sections <geometry>,<policies>,<mshr>,<miss queue>[,<port width>] (got more than 5)"},
        {"X:32:128:4,L:L:m:N:H,S:64:8,8", "bad sector flag 'X' (expected one of N S)"},
        {"N:32:128:0,L:L:m:N:H,S:64:8,8", "associativity: must be at least 1"},
        {"N:32:16:4,L:L:m:N:H,S:64:8,8", "line size 16 must be a power of two from 32 to 4096"},
        {"S:32:512:4,L:L:m:N:H,S:64:8,8", "sectored cache needs a line of at most 8 32-byte sectors (line size 512)"},
        {"N:32:128:4,L:Z:m:N:H,S:64:8,8", "bad write policy 'Z' (expected one of R B T E L)"},
        {"N:32:128:4,L:L:M:N:H,S:64:8,8", "bad allocation policy 'M' (expected one of m f s)"},
        {"N:32:128:4,L:L:m:N:Q,S:64:8,8", "bad set index function 'Q' (expected one of L H P X)"},
        {"N:32:128:4,L:L:m:N:H,Z:64:8,8", "bad MSHR type 'Z' (expected one of A S T F)"},
        {"N:32:128:4,L:L:m:N:H,S:0:8,8", "MSHR entries: must be at least 1"},
        {"N:32:128:4,L:L:m:N:H,S:64,8", "MSHR section '<type>:<entries>:<max merge>' needs 3 fields (got 2)"},
        {"N:32:128:4,L:L:m:N:H,S:64:8,x", "miss queue size: not an unsigned integer"},
        {"N:65536:128:32,L:L:m:N:H,S:64:8,8", "cache too large (65536 sets x 32 ways; at most 1048576 lines)"},
        {"N:-1:128:4,L:L:m:N:H,S:64:8,8", "set count: must not be negative"},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(bad); i++) {
        cache_config_t before;
        memset(&cc, 0x5a, sizeof cc);
        before = cc;
        CHECK_EQ(cache_config_parse(&cc, bad[i].s, &err), -1);
        if (strcmp(err.msg, bad[i].msg) != 0) {
            printf("  '%s'\n    expected: %s\n    got:      %s\n", bad[i].s, bad[i].msg, err.msg);
            test_case_failed = 1;
        }
        CHECK(memcmp(&cc, &before, sizeof cc) == 0);
    }
}

static void dram_timing_strings(void)
{
    dram_timing_t t;
    cs_error_t err;
    memset(&t, 0, sizeof t);
    CHECK_EQ(dram_timing_parse(&t, "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:"
                                   "CCDL=3:RTPL=2", &err), 0);
    CHECK_EQ(t.nbk, 16);
    CHECK_EQ(t.tCCD, 2);
    CHECK_EQ(t.tRRD, 6);
    CHECK_EQ(t.tRCD, 12);
    CHECK_EQ(t.tRAS, 28);
    CHECK_EQ(t.tRP, 12);
    CHECK_EQ(t.tRC, 40);
    CHECK_EQ(t.tCL, 12);
    CHECK_EQ(t.tWL, 4);
    CHECK_EQ(t.tCDLR, 5);
    CHECK_EQ(t.tWR, 12);
    CHECK_EQ(t.nbkgrp, 4);
    CHECK_EQ(t.tCCDL, 3);
    CHECK_EQ(t.tRTPL, 2);
    CHECK_EQ(t.tRTP, 2); /* not given: defaults to 2 */
    /* order free, blanks and newlines between fields, missing keys keep their values */
    CHECK_EQ(dram_timing_parse(&t, " CL = 9 :\n  RTP=4:nbk=8 ", &err), 0);
    CHECK_EQ(t.tCL, 9);
    CHECK_EQ(t.tRTP, 4);
    CHECK_EQ(t.nbk, 8);
    CHECK_EQ(t.tRC, 40);
    CHECK_EQ(dram_timing_parse(&t, "CL=10", &err), 0);
    CHECK_EQ(t.tRTP, 4); /* an earlier RTP is kept */

    static const struct {
        const char *s, *msg;
    } bad[] = {
        {"nbk=16:foo=3", "unknown DRAM timing parameter 'foo' (known: nbk CCD RRD RCD RAS RP RC CL WL CDLR WR nbkgrp CCDL RTPL RTP)"},
        {"nbk=16:CL", "bad DRAM timing field 'CL' (expected KEY=VALUE)"},
        {"CL=x", "CL: not an unsigned integer"},
        {"CL=0", "CL: must be at least 1"},
        {"RRD=-1", "RRD: must not be negative"},
        {"nbk=16:nbkgrp=3", "nbk (16) must be a multiple of nbkgrp (3)"},
        {"nbk=4096", "nbk: too large (at most 1024)"},
        {" \n ", "empty DRAM timing string"},
    };
    for (size_t i = 0; i < CS_ARRAY_LEN(bad); i++) {
        dram_timing_t before = t;
        CHECK_EQ(dram_timing_parse(&t, bad[i].s, &err), -1);
        if (strcmp(err.msg, bad[i].msg) != 0) {
            printf("  '%s'\n    expected: %s\n    got:      %s\n", bad[i].s, bad[i].msg, err.msg);
            test_case_failed = 1;
        }
        CHECK(memcmp(&t, &before, sizeof t) == 0);
    }
}

static void set_option(void)
{
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    CHECK_EQ(config_set(&c, "gpgpu_n_clusters", "20", &err), 0);
    CHECK_EQ(c.n_clusters, 20);
    CHECK_EQ(config_set(&c, "-gpgpu_n_clusters", "21", &err), 0);
    CHECK_EQ(c.n_clusters, 21);
    CHECK_EQ(config_set(&c, "--max-ctas", "3", &err), 0);
    CHECK_EQ(c.max_ctas_override, 3);
    CHECK_EQ(config_set(&c, "ctasim_max_ctas", "2", &err), 0);
    CHECK_EQ(c.max_ctas_override, 2);
    CHECK_EQ(config_set(&c, "gpgpu_cache:dl1", "none", &err), 0);
    CHECK(!c.l1d.enabled);
    CHECK_EQ(config_set(&c, "gpgpu_dram_timing_opt", "CL=15", &err), 0);
    CHECK_EQ(c.dram.tCL, 15);
    CHECK_EQ(c.dram.tRCD, 12);
    CHECK_EQ(config_set(&c, "gpgpu_scheduler", "two_level_active:6:0:1", &err), 0);
    CHECK(strcmp(c.warp_sched, "two_level_active:6:0:1") == 0);

    gpu_config_t before = c;
    CHECK_EQ(config_set(&c, "gpgpu_n_clusters", "x", &err), -1);
    CHECK(strcmp(err.msg, "--set: -gpgpu_n_clusters: not an unsigned integer ('x')") == 0);
    CHECK_EQ(config_set(&c, "gpgpu_n_clusters", "", &err), -1);
    CHECK(strcmp(err.msg, "--set: -gpgpu_n_clusters: empty where a number is expected ('')") == 0);
    CHECK_EQ(config_set(&c, "gpgpu_n_clusters", NULL, &err), -1);
    CHECK(strcmp(err.msg, "--set: -gpgpu_n_clusters: missing value") == 0);
    CHECK_EQ(config_set(&c, "nope", "1", &err), -1);
    CHECK(strcmp(err.msg, "--set: unknown option -nope") == 0);
    CHECK_EQ(config_set(&c, "gpgpu_shader_core_pipelin", "1536:32", &err), -1);
    CHECK(strcmp(err.msg, "--set: unknown option -gpgpu_shader_core_pipelin (did you mean -gpgpu_shader_core_pipeline?)") == 0);
    CHECK_EQ(config_set(&c, "gpgpu_cache:dl2", "S:64:128:8,L:B:m:L:L,A:256:4", &err), -1);
    CHECK(strcmp(err.msg, "--set: -gpgpu_cache:dl2: expected 4 or 5 comma-separated sections <geometry>,<policies>,"
                          "<mshr>,<miss queue>[,<port width>] (got 3) ('S:64:128:8,L:B:m:L:L,A:256:4')") == 0);
    CHECK_EQ(config_set(&c, "", "1", &err), -1);
    CHECK(memcmp(&c, &before, sizeof c) == 0);
}

static void expect_invalid(const gpu_config_t *c, const char *msg)
{
    cs_error_t err;
    CHECK_EQ(config_validate(c, &err), -1);
    if (strcmp(err.msg, msg) != 0) {
        printf("  expected: %s\n  got:      %s\n", msg, err.msg);
        test_case_failed = 1;
    }
}

static void validation(void)
{
    gpu_config_t c;
    cs_error_t err;
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_shader_core_pipeline", "1536:16", &err), 0);
    expect_invalid(&c, "config: -gpgpu_shader_core_pipeline: warp size must be 32 (got 16)");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_shader_core_pipeline", "1500:32", &err), 0);
    expect_invalid(&c, "config: -gpgpu_shader_core_pipeline: threads per SM must be a positive multiple of 32 (got 1500)");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_shader_core_pipeline", "4096:32", &err), 0);
    expect_invalid(&c, "config: -gpgpu_shader_core_pipeline: at most 64 warps per SM are modelled (got 4096 threads)");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_shader_cta", "64", &err), 0);
    expect_invalid(&c, "config: -gpgpu_shader_cta: must be 1 to 32 (got 64)");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "ctasim_simd_width", "12", &err), 0);
    expect_invalid(&c, "config: -ctasim_simd_width: must divide the warp size 32 (got 12)");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_cache:dl2", "none", &err), 0);
    expect_invalid(&c, "config: -gpgpu_cache:dl2: the memory partition model needs an L2 (got none)");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_shmem_per_block", "65536", &err), 0);
    expect_invalid(&c, "config: -gpgpu_shmem_per_block: 65536 bytes exceeds the SM's 49152");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_n_clusters", "4096", &err), 0);
    CHECK_EQ(config_set(&c, "gpgpu_n_cores_per_cluster", "2", &err), 0);
    expect_invalid(&c, "config: -gpgpu_n_clusters: at most 4096 SMs (got 4096 x 2)");
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_n_sub_partition_per_mchannel", "3", &err), 0);
    expect_invalid(&c, "config: -gpgpu_n_sub_partition_per_mchannel: 3 L2 slices cannot share 16 DRAM banks evenly");
    /* fields set in code rather than parsed */
    config_defaults(&c);
    c.n_clusters = 0;
    expect_invalid(&c, "config: -gpgpu_n_clusters/-gpgpu_n_cores_per_cluster: need at least one SM");
    config_defaults(&c);
    c.clk_dram_mhz = 0;
    expect_invalid(&c, "config: -gpgpu_clock_domains: DRAM clock must be positive (got 0)");
    config_defaults(&c);
    c.num_units[UNIT_SP] = 0;
    expect_invalid(&c, "config: -gpgpu_num_sp_units: must be at least 1");
    config_defaults(&c);
    c.num_units[UNIT_BRANCH] = 1;
    expect_invalid(&c, "config: num_units[branch]: must equal -gpgpu_num_sched_per_core (1 vs 2)");
    config_defaults(&c);
    c.num_units[UNIT_LDST] = 2;
    expect_invalid(&c, "config: num_units[ldst]: exactly one load/store unit is modelled (got 2)");
    config_defaults(&c);
    c.lat[LAT_FP_MUL] = 0;
    expect_invalid(&c, "config: latency class fp_mul: latency and initiation interval must be at least 1 (got 0,1)");
    config_defaults(&c);
    c.l1d.line_size = 96;
    expect_invalid(&c, "config: -gpgpu_cache:dl1: line size 96 must be a power of two from 32 to 4096");
    config_defaults(&c);
    c.max_insn_issue_per_warp = 2;
    expect_invalid(&c, "config: -gpgpu_max_insn_issue_per_warp: only 1 is modelled (got 2)");
    config_defaults(&c);
    c.dram.nbkgrp = 3;
    expect_invalid(&c, "config: -gpgpu_dram_timing_opt: nbk (16) must be a positive multiple of nbkgrp (3)");
    config_defaults(&c);
    c.partition_indexing = 3;
    expect_invalid(&c, "config: -gpgpu_memory_partition_indexing: 0 linear, 1 xor, 2 IPOLY or 6 IPOLY-modulo (got 3; "
                       "3 PAE, 4 random and 5 custom are not modelled)");
    config_defaults(&c);
    c.warp_sched[0] = '\0';
    expect_invalid(&c, "config: -gpgpu_scheduler: missing warp scheduler name");
}

/* ---- coverage: what the model does with each option ------------------- */

static bool level_parsed(coverage_level_t l) { return l != COV_NOT_PARSED && l != COV_NO_TIMING; }

/* Every option_table row has a coverage statement, so an option cannot be
 * added without saying what the model does with it; a compound option has
 * one entry per field or is modelled as a whole; an option the catalogue
 * calls unparsed really is not parsed (so parsing it needs a new statement). */
static void coverage_catalogue_matches_option_table(void)
{
    CHECK(config_option_count() > 50);
    for (size_t i = 0; i < config_option_count(); i++) {
        const char *name = config_option_name(i);
        const coverage_entry_t *e = coverage_find(name, NULL);
        if (!e) {
            printf("  -%s has no entry in config_coverage.c\n", name);
            test_case_failed = 1;
            continue;
        }
        if (!level_parsed(e->level)) {
            printf("  -%s is parsed, but config_coverage.c says it is not\n", name);
            test_case_failed = 1;
        }
        unsigned nfields = 0;
        for (size_t k = 0; k < coverage_count(); k++)
            nfields += coverage_at(k)->field && !strcmp(coverage_at(k)->option, name);
        unsigned want = config_option_fields(i);
        bool ok = e->level == COV_PARTLY ? nfields == want && want > 0 : nfields == 0;
        if (want && e->level != COV_MODELLED && e->level != COV_PARTLY)
            ok = false; /* a compound option is modelled whole, or field by field */
        if (!ok) {
            printf("  -%s: %u fields, %u field entries, level %s\n", name, want, nfields,
                   coverage_level_name(e->level));
            test_case_failed = 1;
        }
    }
    for (size_t k = 0; k < coverage_count(); k++) {
        const coverage_entry_t *e = coverage_at(k);
        /* no duplicates */
        CHECK(coverage_find(e->option, e->field) == e);
        /* what is not modelled says what ctasim does instead */
        if (e->level != COV_MODELLED && !(e->note && *e->note)) {
            printf("  -%s%s%s has no note\n", e->option, e->field ? " " : "", e->field ? e->field : "");
            test_case_failed = 1;
        }
        if (e->field) {
            const coverage_entry_t *opt = coverage_find(e->option, NULL);
            CHECK(opt && opt->level == COV_PARTLY);
            CHECK(e->level == COV_MODELLED || e->level == COV_APPROXIMATED || e->level == COV_IGNORED);
            for (size_t j = 0; j < k; j++) /* each field of a value once */
                CHECK(!(coverage_at(j)->field && !strcmp(coverage_at(j)->option, e->option) &&
                        coverage_at(j)->part == e->part));
        } else if (config_option_known(e->option) != level_parsed(e->level)) {
            printf("  -%s: parsed %d, but its coverage entry says %s\n", e->option, config_option_known(e->option),
                   coverage_level_name(e->level));
            test_case_failed = 1;
        }
    }
    /* the unknown-option error still knows GPGPU-Sim's options */
    CHECK(coverage_is_unparsed_option("dram_seperate_write_queue_enable"));
    CHECK(!coverage_is_unparsed_option("dram_dual_bus_interface")); /* modelled now */
    CHECK(coverage_is_unparsed_option("gpgpu_operand_collector_num_units_sp"));
    CHECK(!coverage_is_unparsed_option("gpgpu_shader_cta"));
    CHECK(!coverage_is_unparsed_option("totally_made_up"));
}

static void settings_later_wins(void)
{
    config_settings_t s;
    config_settings_init(&s);
    CHECK(config_settings_find(&s, "a") == NULL);
    config_settings_record(&s, "a", "1", "f", 1);
    config_settings_record(&s, "b", NULL, "f", 2);
    config_settings_record(&s, "a", "3", "g", 7);
    for (int i = 0; i < 200; i++) { /* past a rehash */
        char name[16];
        snprintf(name, sizeof name, "x%d", i);
        config_settings_record(&s, name, "v", "h", (unsigned long)i);
    }
    const config_setting_t *a = config_settings_find(&s, "a");
    CHECK(a && !strcmp(a->value, "3") && !strcmp(a->origin, "g") && a->line == 7);
    CHECK(!strcmp(config_settings_find(&s, "b")->value, ""));
    CHECK_EQ(config_settings_find(&s, "x199")->line, 199);
    /* live records in the order of their last setting */
    const char *order[3];
    int n = 0;
    for (size_t i = 0; i < s.n && n < 3; i++)
        if (!s.v[i].dead)
            order[n++] = s.v[i].name;
    CHECK(n == 3 && !strcmp(order[0], "b") && !strcmp(order[1], "a") && !strcmp(order[2], "x0"));
    config_settings_t m;
    config_settings_init(&m);
    config_settings_record(&m, "b", "9", "z", 9);
    config_settings_merge(&m, &s);
    CHECK(!strcmp(config_settings_find(&m, "b")->value, ""));
    CHECK(!strcmp(config_settings_find(&m, "a")->value, "3"));
    config_settings_free(&m);
    config_settings_free(&s);
}

/* coverage_print into a string. */
static void print_unmodelled(const config_settings_t *s, const gpu_config_t *c, char *buf, size_t bufsz)
{
    FILE *tmp = tmpfile();
    coverage_print(tmp, s, c);
    rewind(tmp);
    size_t n = fread(buf, 1, bufsz - 1, tmp);
    buf[n] = '\0';
    fclose(tmp);
}

/* The line of the listing that starts with `start`, into line; false if none. */
static bool listing_line(const char *listing, const char *start, char *line, size_t linesz)
{
    size_t len = strlen(start);
    for (const char *p = listing; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n >= len && !strncmp(p, start, len)) {
            snprintf(line, linesz, "%.*s", (int)n, p);
            return true;
        }
        p += n + (nl ? 1 : 0);
    }
    return false;
}

/* Expect the listing's line for `start` to end with `tail` ("" for a line not marked set). */
static void expect_listed(const char *listing, const char *start, const char *tail)
{
    char line[2048];
    if (!listing_line(listing, start, line, sizeof line)) {
        printf("  no line for %s\n", start);
        test_case_failed = 1;
        return;
    }
    size_t n = strlen(line), t = strlen(tail);
    bool ok = *tail ? n >= t && !strcmp(line + n - t, tail) : strstr(line, "[set ") == NULL;
    if (!ok) {
        printf("  %s\n  expected it to end with: %s\n", line, *tail ? tail : "(no mark)");
        test_case_failed = 1;
    }
}

static void expect_not_listed(const char *listing, const char *start)
{
    char line[2048];
    if (listing_line(listing, start, line, sizeof line)) {
        printf("  listed, but modelled: %s\n", line);
        test_case_failed = 1;
    }
}

static void unmodelled_list_of_qv100_and_gtx480(void)
{
    static char out[1 << 17];
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    config_settings_t log;
    config_settings_init(&log);
    /* as `ctasim config --unmodelled --allow-unknown --config gpgpusim.config --config trace.config` */
    config_load_opts_t o = {.allow_unknown = true, .log = &log};
    CHECK_EQ(config_load_file_opts(&c, QV100_GPGPUSIM_FILE, &o, &err), 0);
    CHECK_EQ(config_load_file_opts(&c, QV100_TRACE_FILE, &o, &err), 0);
    print_unmodelled(&log, &c, out, sizeof out);
#define Q ":" /* file:line */
    expect_listed(out, "-gpgpu_n_cluster_ejection_buffer_size: ignored: ", "[set in " QV100_GPGPUSIM_FILE Q "81: 32]");
    expect_listed(out, "-gpgpu_cache:dl1[result_fifo]: ignored: ",
                  "[set in " QV100_GPGPUSIM_FILE Q "78: 0, exact at this value]");
    expect_listed(out, "-gpgpu_cache:dl1[data_port_width]: ignored: ", "[set in " QV100_GPGPUSIM_FILE Q "78: 32]");
    expect_listed(out, "-gpgpu_cache:dl1[write_policy]: approximated: ",
                  "[set in " QV100_GPGPUSIM_FILE Q "78: T, exact at this value]");
    expect_listed(out, "-gpgpu_cache:dl1[alloc_policy]: approximated: ",
                  "[set in " QV100_GPGPUSIM_FILE Q "78: m, exact at this value]");
    expect_listed(out, "-gpgpu_cache:dl1[mshr_type]: approximated: ",
                  "[set in " QV100_GPGPUSIM_FILE Q "78: A, exact at this value]");
    expect_listed(out, "-gpgpu_cache:dl2[set_index_fn]: approximated: ", "[set in " QV100_GPGPUSIM_FILE Q "90: P]");
    expect_listed(out, "-gpgpu_cache:dl2[miss_queue]: ignored: ", "[set in " QV100_GPGPUSIM_FILE Q "90: 32]");
    /* -gpgpu_dram_partition_queues: fields 2-4 ignored, 2 and 4 at ctasim's fixed 64 */
    expect_listed(out, "-gpgpu_dram_partition_queues[l2_to_dram]: ignored: ",
                  "[set in " QV100_GPGPUSIM_FILE Q "91: 64, exact at this value]");
    expect_listed(out, "-gpgpu_dram_partition_queues[dram_to_l2]: ignored: ", "[set in " QV100_GPGPUSIM_FILE Q "91: 64]");
    expect_listed(out, "-gpgpu_dram_partition_queues[l2_to_icnt]: ignored: ",
                  "[set in " QV100_GPGPUSIM_FILE Q "91: 64, exact at this value]");
    expect_listed(out, "-gpgpu_TB_launch_latency: ignored: ", "[set in " QV100_GPGPUSIM_FILE Q "20: 0, exact at this value]");
    expect_not_listed(out, "-gpgpu_coalesce_arch"); /* modelled */
    expect_not_listed(out, "-gpgpu_l1_banks:");
    expect_listed(out, "-gpgpu_scheduler: approximated: ", "[set in " QV100_GPGPUSIM_FILE Q "52: lrr, exact at this value]");
    /* options ctasim does not parse, from both files */
    expect_listed(out, "-gpgpu_num_reg_banks: not-parsed: ", "[set in " QV100_GPGPUSIM_FILE Q "71: 16]");
    expect_not_listed(out, "-dram_dual_bus_interface"); /* modelled */
    expect_listed(out, "-specialized_unit_1: not-parsed: ", "[set in " QV100_TRACE_FILE Q "12: 1,4,4,4,4,BRA]");
    expect_listed(out, "-gpgpu_runtime_stat: no-timing-effect: ", "[set in " QV100_GPGPUSIM_FILE Q "123: 500]");
    /* ctasim's own knobs the files do not set: listed, not marked */
    expect_listed(out, "-ctasim_ibuffer_size: ignored: ", "");
    expect_listed(out, "-ctasim_l1_ports: ignored: ", "");
    /* modelled options and fields are not listed */
    expect_not_listed(out, "-gpgpu_shader_cta");
    expect_not_listed(out, "-gpgpu_n_clusters:");
    expect_not_listed(out, "-gpgpu_cache:dl1[nsets]");
    expect_not_listed(out, "-gpgpu_cache:dl1[miss_queue]");
    expect_not_listed(out, "-gpgpu_cache:dl2[mshr_entries]");
    expect_not_listed(out, "-gpgpu_dram_partition_queues[icnt_to_l2]");
    expect_not_listed(out, "-gpgpu_dram_timing_opt");
    expect_not_listed(out, "-trace_opcode_latency_initiation_int");
    /* one line per entry that is not modelled in full, each starting with '-' */
    int lines = 0, entries = 0;
    for (const char *p = out; *p; p = strchr(p, '\n') + 1) {
        CHECK(*p == '-');
        lines++;
    }
    for (size_t k = 0; k < coverage_count(); k++)
        entries += coverage_at(k)->level != COV_MODELLED && coverage_at(k)->level != COV_PARTLY;
    CHECK_EQ(lines, entries);
    config_settings_free(&log);

    /* GTX 480: a 3.x-style dl1 string without result FIFO or data port fields */
    config_defaults(&c);
    config_settings_init(&log);
    CHECK_EQ(config_load_file_opts(&c, GTX480_FILE, &o, &err), 0);
    print_unmodelled(&log, &c, out, sizeof out);
    expect_listed(out, "-gpgpu_cache:dl1[write_policy]: approximated: ", "[set in " GTX480_FILE Q "62: L]");
    expect_listed(out, "-gpgpu_cache:dl1[set_index_fn]: approximated: ", "[set in " GTX480_FILE Q "62: H]");
    expect_listed(out, "-gpgpu_cache:dl1[write_alloc]: approximated: ",
                  "[set in " GTX480_FILE Q "62: N, exact at this value]");
    expect_listed(out, "-gpgpu_cache:dl1[result_fifo]: ignored: ", "");
    expect_listed(out, "-gpgpu_cache:dl1[data_port_width]: ignored: ", "");
    expect_listed(out, "-gpgpu_cache:dl2[result_fifo]: ignored: ", "[set in " GTX480_FILE Q "84: 0, exact at this value]");
    expect_listed(out, "-gpgpu_dram_partition_queues[dram_to_l2]: ignored: ", "[set in " GTX480_FILE Q "85: 64]");
    expect_listed(out, "-gpgpu_n_cluster_ejection_buffer_size: ignored: ", "[set in " GTX480_FILE Q "81: 32]");
    expect_not_listed(out, "-gpgpu_flush_l1_cache"); /* modelled */
    expect_listed(out, "-gpgpu_simd_model: not-parsed: ", "[set in " GTX480_FILE Q "37: 1, exact at this value]");
    expect_not_listed(out, "-gpgpu_shader_cta");
    config_settings_free(&log);
#undef Q

    /* the catalogue alone: nothing marked */
    print_unmodelled(NULL, &c, out, sizeof out);
    CHECK(strstr(out, "[set ") == NULL);
    CHECK(strstr(out, "-gpgpu_num_reg_banks: not-parsed: ") != NULL);
    CHECK(strstr(out, "-dram_dual_bus_interface") == NULL); /* modelled */
}

static void unmodelled_marks_set_and_unknown_options(void)
{
    static char out[1 << 17];
    gpu_config_t c;
    config_defaults(&c);
    cs_error_t err;
    config_settings_t log;
    config_settings_init(&log);
    config_load_opts_t o = {.allow_unknown = true, .log = &log};
    const char *text = "-gpgpu_scheduler two_level_active:6:0:1\n-totally_made_up 3\n-ctasim_l1_ports 2\n"
                       "-gpgpu_cache:dl1 none\n";
    CHECK_EQ(config_load_text_opts(&c, text, strlen(text), "w.cfg", &o, &err), 0);
    config_load_opts_t so = {.log = &log};
    CHECK_EQ(config_set_opts(&c, "-ctasim_l1_ports", "1", &so, &err), 0);
    print_unmodelled(&log, &c, out, sizeof out);
    expect_listed(out, "-gpgpu_scheduler: approximated: ", "[set in w.cfg:1: two_level_active:6:0:1]");
    /* a later --set wins, and 1 port is what the model does */
    expect_listed(out, "-ctasim_l1_ports: ignored: ", "[set by --set: 1, exact at this value]");
    /* a disabled L1 sets none of its fields */
    expect_listed(out, "-gpgpu_cache:dl1[write_policy]: approximated: ", "");
    /* unknown to ctasim and to its catalogue: last */
    const char *last = strstr(out, "-totally_made_up: unknown: ");
    CHECK(last && !strcmp(strchr(last, '['), "[set in w.cfg:2: 3]\n"));
    config_settings_free(&log);
}

static void unmodelled_text_per_setting(void)
{
    gpu_config_t c;
    config_defaults(&c);
    char text[512];
    config_setting_t set = {.name = "gpgpu_cache:dl1", .value = "S:4:128:64,L:T:m:L:L,A:512:8,16:0,32",
                            .origin = "f", .line = 1};
    CHECK(coverage_unmodelled_text(&set, &c, NULL, text, sizeof text));
    CHECK(!strcmp(text, "ignored: data_port_width 32"));
    /* letters ctasim's L1 takes for others are approximations */
    set.value = "N:32:128:4,L:B:s:W:L,S:64:8,8";
    CHECK(coverage_unmodelled_text(&set, &c, NULL, text, sizeof text));
    CHECK(!strcmp(text, "approximated: write_policy B, alloc_policy s, write_alloc W, mshr_type S"));
    /* ... and every letter ctasim models as GPGPU-Sim does: nothing to say */
    set.value = "N:32:128:4,L:E:f:N:L,A:64:8,8";
    CHECK(!coverage_unmodelled_text(&set, &c, NULL, text, sizeof text));
    set.value = "none";
    CHECK(!coverage_unmodelled_text(&set, &c, NULL, text, sizeof text) && !text[0]);
    set = (config_setting_t){.name = "gpgpu_scheduler", .value = "gto"};
    CHECK(!coverage_unmodelled_text(&set, &c, NULL, text, sizeof text));
    set.value = "two_level_active:4";
    CHECK(coverage_unmodelled_text(&set, &c, NULL, text, sizeof text) && !strcmp(text, "value two_level_active:4"));
    set = (config_setting_t){.name = "gpgpu_TB_launch_latency", .value = "100"};
    CHECK(coverage_unmodelled_text(&set, &c, NULL, text, sizeof text) && !strcmp(text, "value 100 ignored"));
    set = (config_setting_t){.name = "gpgpu_shader_cta", .value = "8"};
    CHECK(!coverage_unmodelled_text(&set, &c, NULL, text, sizeof text));
    /* -gpgpu_mem_address_mask is exact when the same load gives the mapping */
    config_settings_t s;
    config_settings_init(&s);
    set = (config_setting_t){.name = "gpgpu_mem_address_mask", .value = "0"};
    CHECK(coverage_unmodelled_text(&set, &c, &s, text, sizeof text));
    config_settings_record(&s, "gpgpu_mem_addr_mapping", GTX480_MAPPING, "f", 2);
    CHECK(!coverage_unmodelled_text(&set, &c, &s, text, sizeof text));
    config_settings_free(&s);
    /* the L2's write-allocate letter L is exact only for a sectored L2 */
    set = (config_setting_t){.name = "gpgpu_cache:dl2", .value = "N:32:256:8,L:B:f:L:L,A:256:4,4"};
    c.l2.sectored = false;
    CHECK(coverage_unmodelled_text(&set, &c, NULL, text, sizeof text));
    CHECK(!strcmp(text, "ignored: write_alloc L, mshr_type A, miss_queue 4"));
}

static void set_cb(void *p)
{
    gpu_config_t *c = p;
    cs_error_t err;
    config_load_opts_t o = {.warn = CONFIG_WARN_UNMODELLED};
    config_set_opts(c, "gpgpu_n_cluster_ejection_buffer_size", "16", &o, &err);
    config_set_opts(c, "gpgpu_shader_cta", "16", &o, &err);
    config_set(c, "ctasim_l1_ports", "4", &err); /* config_set itself stays quiet */
}

static void set_warns_about_unmodelled(void)
{
    gpu_config_t c;
    config_defaults(&c);
    char out[1024];
    capture_stderr(set_cb, &c, out, sizeof out);
    CHECK(!strcmp(out, "ctasim: warning: --set: option -gpgpu_n_cluster_ejection_buffer_size is not modelled "
                       "(value 16 ignored); see `ctasim config --unmodelled`\n"));
    CHECK_EQ(c.ejection_buffer, 16);
    CHECK_EQ(c.max_cta_per_sm, 16);
    CHECK_EQ(c.l1_ports, 4);
}

/* --- Today's GPUs: the H100 and A100 pairs and presets ------------------ */

#define H100_FILE "tests/data/h100/gpgpusim.config"
#define H100_TRACE "tests/data/h100/trace.config"
#define A100_FILE "tests/data/a100/gpgpusim.config"
#define A100_TRACE "tests/data/a100/trace.config"

/* The pair as a user gives it (--allow-unknown, warnings off), plus the GPC
 * grouping the files cannot express; the listing of what is not modelled
 * into `listing` when not NULL. */
static int load_pair(gpu_config_t *c, const char *file, const char *trace, const char *gpcs, char *listing,
                     size_t listingsz)
{
    config_defaults(c);
    cs_error_t err;
    config_settings_t log;
    config_settings_init(&log);
    config_load_opts_t o = {.allow_unknown = true, .log = &log};
    int rc = config_load_file_opts(c, file, &o, &err);
    if (!rc)
        rc = config_load_file_opts(c, trace, &o, &err);
    if (!rc && gpcs)
        rc = config_set(c, "ctasim_gpcs", gpcs, &err) || config_set(c, "ctasim_sms_per_tpc", "2", &err);
    if (!rc)
        rc = config_validate(c, &err);
    if (rc)
        printf("  %s\n", err.msg);
    if (!rc && listing)
        print_unmodelled(&log, c, listing, listingsz);
    config_settings_free(&log);
    return rc;
}

/* The presets are exactly what the files give (every byte of the config,
 * so every option config_dump prints, and so the same checksum in a run's
 * provenance). */
static void h100_and_a100_presets_equal_their_files(void)
{
    static const struct { const char *preset, *file, *trace, *gpcs; } p[] = {
        {"h100", H100_FILE, H100_TRACE, "8"}, {"a100", A100_FILE, A100_TRACE, "7"}};
    for (size_t k = 0; k < 2; k++) {
        gpu_config_t from_file, preset;
        cs_error_t err;
        CHECK_EQ(load_pair(&from_file, p[k].file, p[k].trace, p[k].gpcs, NULL, 0), 0);
        CHECK_EQ(config_load_preset(&preset, p[k].preset, &err), 0);
        CHECK_EQ(config_validate(&preset, &err), 0);
        if (memcmp(&from_file, &preset, sizeof preset) != 0) {
            printf("  preset %s differs from %s + %s\n", p[k].preset, p[k].file, p[k].trace);
            test_case_failed = 1;
        }
    }
}

/* Numbers a wrong preset or a wrong reading of the files would get wrong. */
static void h100_and_a100_preset_numbers(void)
{
    gpu_config_t c;
    cs_error_t err;
    CHECK_EQ(config_load_preset(&c, "h100", &err), 0);
    CHECK_EQ(config_n_sm(&c), 132);
    CHECK_EQ(c.n_mem, 40);
    CHECK_EQ(config_n_l2(&c), 80);
    /* 80 slices x 256 sets x 128 B x 20 ways = 50 MB */
    CHECK_EQ((uint64_t)config_n_l2(&c) * c.l2.nsets * c.l2.line_size * c.l2.assoc, 50ull << 20);
    CHECK_EQ(c.shmem_per_sm, 228 * 1024);
    CHECK_EQ(c.unified_l1d_kb, 256);
    CHECK_EQ(c.n_shmem_options, 6);
    CHECK_EQ(c.shmem_options_kb[5], 228);
    CHECK_EQ(c.partition_indexing, 6);
    CHECK_EQ(c.simple_dram, 1);
    CHECK_EQ(c.coalesce_arch, 90);
    CHECK_EQ(c.init[LAT_TENSOR], 1); /* trace.config's "1,0": an initiation interval of 0 is 1 */
    CHECK_EQ(c.clk_core_mhz, 1980.0);
    CHECK_EQ(c.icnt_topology, 0); /* config_hopper_islip.icnt: fly */
    CHECK_EQ(config_n_gpc(&c), 8);
    const uint32_t h100_gpcs[8] = {18, 18, 16, 16, 16, 16, 16, 16};
    for (uint32_t g = 0; g < 8; g++)
        CHECK_EQ(config_gpc_sms(&c, g), h100_gpcs[g]);
    CHECK_EQ(config_gpc_of_sm(&c, 17), 0);
    CHECK_EQ(config_gpc_of_sm(&c, 18), 1);
    CHECK_EQ(config_gpc_of_sm(&c, 36), 2);
    CHECK_EQ(config_gpc_of_sm(&c, 131), 7);

    CHECK_EQ(config_load_preset(&c, "a100", &err), 0);
    CHECK_EQ(config_n_sm(&c), 108);
    CHECK_EQ(config_n_l2(&c), 160);
    /* 160 slices x 128 sets x 128 B x 16 ways = 40 MB */
    CHECK_EQ((uint64_t)config_n_l2(&c) * c.l2.nsets * c.l2.line_size * c.l2.assoc, 40ull << 20);
    CHECK_EQ(c.shmem_per_sm, 164 * 1024);
    CHECK_EQ(c.partition_indexing, 0);
    CHECK_EQ(c.simple_dram, 0);
    const uint32_t a100_gpcs[7] = {16, 16, 16, 16, 16, 14, 14};
    for (uint32_t g = 0; g < 7; g++)
        CHECK_EQ(config_gpc_sms(&c, g), a100_gpcs[g]);
    CHECK_EQ(config_gpc_sms(&c, 7), 0);

    /* not described: one GPC of all SMs */
    config_defaults(&c);
    CHECK_EQ(config_n_gpc(&c), 1);
    CHECK_EQ(config_gpc_sms(&c, 0), 15);
    /* a grouping the SMs cannot form, and partition indexings not modelled: one clear message */
    CHECK_EQ(config_set(&c, "ctasim_gpcs", "4", &err), 0);
    CHECK_EQ(config_set(&c, "ctasim_sms_per_tpc", "2", &err), 0);
    CHECK_EQ(config_validate(&c, &err), -1);
    CHECK(strstr(err.msg, "15 SMs do not form whole TPCs of 2") != NULL);
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "ctasim_gpcs", "16", &err), 0);
    CHECK_EQ(config_validate(&c, &err), -1);
    CHECK(strstr(err.msg, "-ctasim_gpcs: 16 GPCs but only 15 TPCs") != NULL);
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "gpgpu_memory_partition_indexing", "4", &err), 0);
    CHECK_EQ(config_validate(&c, &err), -1);
    CHECK(strstr(err.msg, "-gpgpu_memory_partition_indexing:") != NULL && strstr(err.msg, "got 4") != NULL);
    CHECK_EQ(config_set(&c, "gpgpu_memory_partition_indexing", "7", &err), -1);
}

/* What the H100 pair sets and ctasim does not model is listed, with where
 * it is set; nothing it sets is unknown to the catalogue. */
static void h100_unmodelled_listing(void)
{
    static char out[1 << 17];
    gpu_config_t c;
    CHECK_EQ(load_pair(&c, H100_FILE, H100_TRACE, NULL, out, sizeof out), 0);
    CHECK(strstr(out, "unknown: neither") == NULL);
    expect_listed(out, "-gpgpu_lrc_enabled: not-parsed: ", "[set in " H100_FILE ":128: 1]");
    expect_listed(out, "-gpgpu_n_chiplet_partition: not-parsed: ", "[set in " H100_FILE ":29: 2]");
    expect_listed(out, "-inter_chiplet_queue_size: not-parsed: ", "[set in " H100_FILE ":30: 256]");
    expect_listed(out, "-gpgpu_simple_dram_clock_multiplier: not-parsed: ",
                  "[set in " H100_FILE ":197: 1, exact at this value]");
    /* modelled now: not in the listing */
    CHECK(strstr(out, "-gpgpu_simple_dram_model:") == NULL);
    CHECK(strstr(out, "-gpgpu_memory_partition_indexing:") == NULL);
    CHECK_EQ(load_pair(&c, A100_FILE, A100_TRACE, NULL, out, sizeof out), 0);
    CHECK(strstr(out, "unknown: neither") == NULL);
}

int main(void)
{
    RUN(inst_names);
    RUN(defaults_are_gtx480);
    RUN(gtx480_file_with_allow_unknown);
    RUN(gtx480_file_strict_fails_at_line_2);
    RUN(qv100_pair);
    RUN(presets_load_and_validate);
    RUN(date14_memory_is_gtx480_gddr5);
    RUN(fermi_28sm_follow_gpgpusim_v3);
    RUN(c2050_follows_gpgpusim_320);
    RUN(pact13_gddr3_write_latency);
    RUN(date16_follows_gpgpusim_322);
    RUN(dump_round_trip);
    RUN(later_option_wins);
    RUN(comments_and_layout);
    RUN(multiline_quoted_value);
    RUN(error_messages);
    RUN(allow_unknown_warns_once_per_option);
    RUN(latency_options);
    RUN(cache_strings);
    RUN(dram_timing_strings);
    RUN(set_option);
    RUN(validation);
    RUN(coverage_catalogue_matches_option_table);
    RUN(settings_later_wins);
    RUN(unmodelled_list_of_qv100_and_gtx480);
    RUN(h100_and_a100_presets_equal_their_files);
    RUN(h100_and_a100_preset_numbers);
    RUN(h100_unmodelled_listing);
    RUN(unmodelled_marks_set_and_unknown_options);
    RUN(unmodelled_text_per_setting);
    RUN(set_warns_about_unmodelled);
    TEST_EXIT();
}
