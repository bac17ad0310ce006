/* stats.c — totals, GPGPU-Sim-style statistic lines, the JSON document, and
 * the unloaded latencies derived from a configuration. */
#include <errno.h>
#include <inttypes.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"
#include "core_workers.h"
#include "model/icnt_mesh.h"
#include "util/json_escape.h"

void gpu_get_totals(const gpu_t *g, gpu_totals_t *t)
{
    memset(t, 0, sizeof *t);
    t->cycles = g->cycle[CLK_CORE];
    uint64_t lat_sum = 0, lat_n = 0;
    for (uint32_t i = 0; i < g->n_sm; i++) {
        const sm_counters_t *c = &g->sm[i].c;
        t->warp_insts += c->warp_insts;
        t->thread_insts += c->thread_insts;
        const cache_stats_t *l1 = &g->sm[i].ldst.l1.stats;
        t->l1_accesses += l1->accesses;
        t->l1_misses += l1->misses;
        t->l1_hits += l1->hits;
        t->l1_pending_hits += l1->pending_hits;
        lat_sum += c->mem_lat_sum;
        lat_n += c->mem_lat_count;
        if (c->mem_lat_max > t->mem_lat_max)
            t->mem_lat_max = c->mem_lat_max;
    }
    for (uint32_t i = 0; i < g->n_l2; i++) {
        const cache_stats_t *s = &g->l2[i].cache.stats;
        t->l2_accesses += s->accesses;
        t->l2_misses += s->misses;
        t->l2_hits += s->hits;
        t->l2_pending_hits += s->pending_hits;
        t->l2_writebacks += s->writebacks;
    }
    for (uint32_t ch = 0; ch < g->n_ch; ch++) {
        const dram_stats_t *d = dram_get_stats(g->ch[ch].dram);
        t->dram_reads += d->reads;
        t->dram_writes += d->writes;
        t->dram_row_hits += d->row_hits;
        t->dram_row_misses += d->row_misses;
        t->dram_busy_cycles += d->busy_cycles;
        t->dram_bytes += d->bytes;
    }
    t->dram_cycles = g->cycle[CLK_DRAM] * g->n_ch;
    t->dram_bw_util = t->dram_cycles ? (double)t->dram_busy_cycles / (double)t->dram_cycles : 0.0;
    t->ipc = t->cycles ? (double)t->thread_insts / (double)t->cycles : 0.0;
    t->avg_mem_latency = lat_n ? (double)lat_sum / (double)lat_n : 0.0;
    t->icnt_req_flits = g->req_net.stats.flits;
    t->icnt_reply_flits = g->reply_net.stats.flits;
    t->icnt_packets = g->req_net.stats.packets + g->reply_net.stats.packets;
    if (g->req_net.mesh) {
        const xbar_stats_t *a = &g->req_net.stats, *b = &g->reply_net.stats;
        uint64_t n = a->ejected + b->ejected;
        t->icnt_mesh_dim = g->req_net.mesh->k;
        t->icnt_avg_hops = n ? (double)(a->hops + b->hops) / (double)n : 0.0;
        t->icnt_avg_latency = n ? (double)(a->latency_sum + b->latency_sum) / (double)n : 0.0;
    }
    t->sim_wall_seconds = g->wall_seconds;
}

/* Peak resident memory of this process in MB (0 if unknown). */
static double peak_rss_mb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0.0;
    return (double)ru.ru_maxrss / 1024.0; /* Linux reports kilobytes */
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

/* Per-stream statistics: a stream's kernels from the first start to the last
 * end (kernels of different streams overlap; within a stream they do not). */
typedef struct stream_stat {
    uint32_t stream, kernels;
    uint64_t start, end, warp_insts, thread_insts;
    kernel_stats_t st;
} stream_stat_t;

static uint32_t stream_stats(const gpu_t *g, stream_stat_t **out)
{
    stream_stat_t *v = NULL;
    uint32_t n = 0;
    for (uint32_t k = 0; k < g->n_kernels; k++) {
        const kernel_run_t *kr = g->kernels[k];
        uint32_t i = 0;
        while (i < n && v[i].stream != kr->desc.stream)
            i++;
        if (i == n) {
            v = cs_xrealloc(v, (n + 1) * sizeof *v);
            memset(&v[n], 0, sizeof v[n]);
            v[n].stream = kr->desc.stream;
            v[n].start = UINT64_MAX;
            n++;
        }
        stream_stat_t *s = &v[i];
        s->kernels++;
        if (kr->start_cycle < s->start)
            s->start = kr->start_cycle;
        if (kr->end_cycle > s->end)
            s->end = kr->end_cycle;
        s->warp_insts += kr->warp_insts;
        s->thread_insts += kr->thread_insts;
        const uint64_t *a = (const uint64_t *)&kr->st;
        uint64_t *b = (uint64_t *)&s->st;
        for (size_t j = 0; j < sizeof s->st / sizeof(uint64_t); j++)
            b[j] += a[j];
    }
    *out = v;
    return n;
}

static void print_streams(const gpu_t *g, FILE *f)
{
    stream_stat_t *v;
    uint32_t n = stream_stats(g, &v);
    for (uint32_t i = 0; n > 1 && i < n; i++) {
        uint64_t cyc = v[i].end > v[i].start ? v[i].end - v[i].start : 0;
        fprintf(f,
                "stream_stats = stream %u kernels %u start %" PRIu64 " end %" PRIu64 " cycles %" PRIu64
                " insn %" PRIu64 " ipc %.4f l1d_accesses %" PRIu64 " l2_accesses %" PRIu64 " dram_reads %" PRIu64
                " dram_writes %" PRIu64 "\n",
                v[i].stream, v[i].kernels, v[i].start, v[i].end, cyc, v[i].thread_insts, ratio(v[i].thread_insts, cyc),
                v[i].st.l1_accesses, v[i].st.l2_accesses, v[i].st.dram_reads, v[i].st.dram_writes);
    }
    free(v);
}

static void json_kernel_stats(FILE *f, const kernel_stats_t *ks)
{
    fprintf(f,
            "\"l1d\": {\"accesses\": %" PRIu64 ", \"hits\": %" PRIu64 ", \"misses\": %" PRIu64
            ", \"pending_hits\": %" PRIu64 ", \"bypassed\": %" PRIu64 "}, \"l2\": {\"accesses\": %" PRIu64
            ", \"hits\": %" PRIu64 ", \"misses\": %" PRIu64 ", \"pending_hits\": %" PRIu64
            "}, \"dram\": {\"reads\": %" PRIu64 ", \"writes\": %" PRIu64 "}, \"struct_stall\": %" PRIu64
            ", \"mem_stall\": %" PRIu64,
            ks->l1_accesses, ks->l1_hits, ks->l1_misses, ks->l1_pending_hits, ks->l1_bypassed, ks->l2_accesses,
            ks->l2_hits, ks->l2_misses, ks->l2_pending_hits, ks->dram_reads, ks->dram_writes, ks->struct_stall,
            ks->mem_stall);
}

void gpu_print_stats(const gpu_t *g, void *stream)
{
    FILE *f = stream;
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    if (g->provenance_text)
        fputs(g->provenance_text, f);
    for (uint32_t k = 0; k < g->n_kernels; k++) {
        const kernel_run_t *kr = g->kernels[k];
        uint64_t cyc = kr->end_cycle > kr->start_cycle ? kr->end_cycle - kr->start_cycle : 0;
        fprintf(f, "kernel_name = %s\n", kr->desc.name);
        fprintf(f, "kernel_launch_uid = %u\n", kr->desc.id);
        fprintf(f, "kernel_stream_id = %u\n", kr->desc.stream);
        fprintf(f, "kernel_grid = (%u,%u,%u) kernel_block = (%u,%u,%u)\n", kr->desc.grid.x, kr->desc.grid.y,
                kr->desc.grid.z, kr->desc.block.x, kr->desc.block.y, kr->desc.block.z);
        fprintf(f, "kernel_max_ctas_per_sm = %u (limited by %s%s)\n", kr->max_ctas_per_sm, kr->limiting_resource,
                kr->max_ctas_per_sm < kr->occupancy_limit ? ", capped" : "");
        fprintf(f, "kernel_l1d_size = %u KB\n", kr->l1d_bytes / 1024);
        fprintf(f, "kernel_sim_cycle = %" PRIu64 "\n", cyc);
        fprintf(f, "kernel_sim_insn = %" PRIu64 "\n", kr->thread_insts);
        fprintf(f, "kernel_warp_insn = %" PRIu64 "\n", kr->warp_insts);
        fprintf(f, "kernel_ipc = %12.4f\n", ratio(kr->thread_insts, cyc));
        const kernel_stats_t *ks = &kr->st;
        fprintf(f,
                "kernel_l1d = accesses %" PRIu64 " hits %" PRIu64 " misses %" PRIu64 " pending_hits %" PRIu64
                " bypassed %" PRIu64 "\n",
                ks->l1_accesses, ks->l1_hits, ks->l1_misses, ks->l1_pending_hits, ks->l1_bypassed);
        fprintf(f, "kernel_l2 = accesses %" PRIu64 " hits %" PRIu64 " misses %" PRIu64 " pending_hits %" PRIu64 "\n",
                ks->l2_accesses, ks->l2_hits, ks->l2_misses, ks->l2_pending_hits);
        fprintf(f, "kernel_dram = reads %" PRIu64 " writes %" PRIu64 "\n", ks->dram_reads, ks->dram_writes);
        fprintf(f, "kernel_stall = struct %" PRIu64 " mem %" PRIu64 "\n", ks->struct_stall, ks->mem_stall);
        gpu_power_print_kernel(g, kr, f);
    }
    print_streams(g, f);
    fprintf(f, "gpu_sim_cycle = %" PRIu64 "\n", t.cycles);
    fprintf(f, "gpu_sim_insn = %" PRIu64 "\n", t.thread_insts);
    fprintf(f, "gpu_ipc = %12.4f\n", t.ipc);
    fprintf(f, "gpu_tot_sim_cycle = %" PRIu64 "\n", t.cycles);
    fprintf(f, "gpu_tot_sim_insn = %" PRIu64 "\n", t.thread_insts);
    fprintf(f, "gpu_tot_ipc = %12.4f\n", t.ipc);
    fprintf(f, "gpu_tot_warp_insn = %" PRIu64 "\n", t.warp_insts);
    uint64_t ctas = 0;
    for (uint32_t i = 0; i < g->n_sm; i++)
        ctas += g->sm[i].c.ctas_issued;
    fprintf(f, "gpu_tot_issued_cta = %" PRIu64 "\n", ctas);
    if (g->stopped) /* GPGPU-Sim's words, then ours: which limit */
        fprintf(f, "GPGPU-Sim: ** break due to reaching the maximum cycles (or instructions) **\n"
                   "gpu_stopped = %s (-gpgpu_%s %" PRIu64 "); kernels did not finish\n",
                g->stopped, g->stopped, !strcmp(g->stopped, "max_cycle") ? g->cfg.max_cycles : g->cfg.max_insn);
    fprintf(f, "L1D_total_cache_accesses = %" PRIu64 "\n", t.l1_accesses);
    fprintf(f, "L1D_total_cache_misses = %" PRIu64 "\n", t.l1_misses);
    fprintf(f, "L1D_total_cache_pending_hits = %" PRIu64 "\n", t.l1_pending_hits);
    fprintf(f, "L1D_total_cache_miss_rate = %.4f\n", ratio(t.l1_misses, t.l1_accesses));
    fprintf(f, "L2_total_cache_accesses = %" PRIu64 "\n", t.l2_accesses);
    fprintf(f, "L2_total_cache_misses = %" PRIu64 "\n", t.l2_misses);
    fprintf(f, "L2_total_cache_pending_hits = %" PRIu64 "\n", t.l2_pending_hits);
    fprintf(f, "L2_total_cache_miss_rate = %.4f\n", ratio(t.l2_misses, t.l2_accesses));
    fprintf(f, "total dram reads = %" PRIu64 "\n", t.dram_reads);
    fprintf(f, "total dram writes = %" PRIu64 "\n", t.dram_writes);
    fprintf(f, "dram_row_buffer_hits = %" PRIu64 "\n", t.dram_row_hits);
    fprintf(f, "dram_row_buffer_misses = %" PRIu64 "\n", t.dram_row_misses);
    fprintf(f, "dram_bw_util = %.4f\n", t.dram_bw_util);
    fprintf(f, "averagemflatency = %.0f\n", t.avg_mem_latency);
    fprintf(f, "maxmflatency = %" PRIu64 "\n", t.mem_lat_max);
    fprintf(f, "icnt_total_flits = %" PRIu64 "\n", t.icnt_req_flits + t.icnt_reply_flits);
    if (t.icnt_mesh_dim) {
        fprintf(f, "icnt_mesh_dim = %" PRIu32 "\n", t.icnt_mesh_dim);
        fprintf(f, "icnt_mesh_avg_hops = %.4f\n", t.icnt_avg_hops);
        fprintf(f, "icnt_mesh_avg_packet_latency = %.4f\n", t.icnt_avg_latency);
    }
    gpu_power_print(g, f); /* with -power_simulation_enabled 1 */
    fprintf(f, "gpgpu_simulation_time = %.3f sec\n", t.sim_wall_seconds);
    fprintf(f, "gpgpu_simulation_rate = %.0f (warp inst/sec)\n",
            t.sim_wall_seconds > 0 ? (double)t.warp_insts / t.sim_wall_seconds : 0.0);
    fprintf(f, "gpgpu_peak_memory = %.1f MB\n", peak_rss_mb());
    /* the threads the simulation had (--threads: its team's size, never a
     * number above); which phases ran on them is team_choice.h's */
    if (g->workers && g->team_from_cycle)
        fprintf(f, "ctasim_threads = %u (from core cycle %" PRIu64 ")\n", core_workers_threads(g->workers),
                g->team_from_cycle);
    else
        fprintf(f, "ctasim_threads = %u\n", g->workers ? core_workers_threads(g->workers) : 1u);
}

int gpu_write_json(const gpu_t *g, const char *path, cs_error_t *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return cs_err(err, path, 0, "cannot write JSON output: %s", strerror(errno));
    gpu_write_json_stream(g, f);
    int bad = ferror(f) ? errno ? errno : EIO : 0;
    if (fclose(f) != 0 && !bad)
        bad = errno ? errno : EIO;
    if (bad)
        return cs_err(err, path, 0, "error writing JSON output: %s", strerror(bad));
    return 0;
}

void gpu_write_json_stream(const gpu_t *g, void *stream)
{
    FILE *f = stream;
    gpu_totals_t t;
    gpu_get_totals(g, &t);
    fprintf(f, "{\n");
    if (g->provenance_json)
        fprintf(f, "  \"provenance\": %s,\n", g->provenance_json);
    fprintf(f, "  \"cycles\": %" PRIu64 ",\n  \"warp_insts\": %" PRIu64 ",\n  \"thread_insts\": %" PRIu64
               ",\n  \"ipc\": %.6f,\n",
            t.cycles, t.warp_insts, t.thread_insts, t.ipc);
    /* null: ran to completion; else the limit that ended it (gpu_stopped) */
    if (g->stopped)
        fprintf(f, "  \"stopped\": \"%s\",\n", g->stopped);
    else
        fprintf(f, "  \"stopped\": null,\n");
    fprintf(f, "  \"config\": {\"n_sm\": %u, \"n_mem\": %u, \"n_l2\": %u, \"core_mhz\": %.1f},\n", g->n_sm, g->n_ch,
            g->n_l2, g->cfg.clk_core_mhz);
    fprintf(f, "  \"kernels\": [");
    for (uint32_t k = 0; k < g->n_kernels; k++) {
        const kernel_run_t *kr = g->kernels[k];
        fprintf(f, "%s\n    {\"name\": ", k ? "," : "");
        json_put_str(f, kr->desc.name);
        fprintf(f,
                ", \"id\": %u, \"stream\": %u, \"start_cycle\": %" PRIu64 ", \"end_cycle\": %" PRIu64
                ", \"ctas\": %" PRIu64 ", \"warp_insts\": %" PRIu64 ", \"thread_insts\": %" PRIu64
                ", \"max_ctas_per_sm\": %u, \"occupancy_limit\": %u, \"limited_by\": ",
                kr->desc.id, kr->desc.stream, kr->start_cycle, kr->end_cycle, kr->total_ctas, kr->warp_insts,
                kr->thread_insts, kr->max_ctas_per_sm, kr->occupancy_limit);
        json_put_str(f, kr->limiting_resource);
        uint64_t cyc = kr->end_cycle > kr->start_cycle ? kr->end_cycle - kr->start_cycle : 0;
        fprintf(f, ", \"l1d_kb\": %u, \"cycles\": %" PRIu64 ", \"ipc\": %.6f, ", kr->l1d_bytes / 1024, cyc,
                ratio(kr->thread_insts, cyc));
        json_kernel_stats(f, &kr->st);
        fprintf(f, "}");
    }
    {
        stream_stat_t *v;
        uint32_t n = stream_stats(g, &v);
        fprintf(f, "\n  ],\n  \"streams\": [");
        for (uint32_t i = 0; i < n; i++) {
            uint64_t cyc = v[i].end > v[i].start ? v[i].end - v[i].start : 0;
            fprintf(f,
                    "%s\n    {\"stream\": %u, \"kernels\": %u, \"start_cycle\": %" PRIu64 ", \"end_cycle\": %" PRIu64
                    ", \"cycles\": %" PRIu64 ", \"warp_insts\": %" PRIu64 ", \"thread_insts\": %" PRIu64
                    ", \"ipc\": %.6f, ",
                    i ? "," : "", v[i].stream, v[i].kernels, v[i].start == UINT64_MAX ? 0 : v[i].start, v[i].end, cyc,
                    v[i].warp_insts, v[i].thread_insts, ratio(v[i].thread_insts, cyc));
            json_kernel_stats(f, &v[i].st);
            fprintf(f, "}");
        }
        free(v);
    }
    fprintf(f, "\n  ],\n  \"cores\": [");
    for (uint32_t i = 0; i < g->n_sm; i++) {
        const sm_counters_t *c = &g->sm[i].c;
        fprintf(f,
                "%s\n    {\"ctas_issued\": %" PRIu64 ", \"active\": %" PRIu64 ", \"idle\": %" PRIu64
                ", \"mem_stall\": %" PRIu64 ", \"core_stall\": %" PRIu64 ", \"no_cta_cycles\": %" PRIu64 ", \"gated_cycles\": %" PRIu64
                ", \"warp_insts\": %" PRIu64 ", \"thread_insts\": %" PRIu64 ", \"c_idle\": %" PRIu64
                ", \"c_mem\": %" PRIu64 ", \"struct_stall\": %" PRIu64 ", \"mem_stall_cycles\": %" PRIu64
                ", \"ldst_stall_cycles\": %" PRIu64 ", \"ldst_stall_run_max\": %" PRIu64
                ", \"sb_conflicts\": %" PRIu64 ", \"act_cycles\": %" PRIu64 ", \"inact_cycles\": %" PRIu64
                ", \"l1d_accesses\": %" PRIu64 ", \"l1d_misses\": %" PRIu64 "}",
                i ? "," : "", c->ctas_issued, c->outcome[OUT_ACTIVE], c->outcome[OUT_IDLE],
                c->outcome[OUT_MEM_STALL], c->outcome[OUT_CORE_STALL], c->no_cta_cycles, c->gated_cycles, c->warp_insts,
                c->thread_insts, c->outcome[OUT_IDLE], c->c_mem, c->struct_stall, c->mem_stall,
                c->ldst_stall_cycles, c->ldst_stall_run_max, c->sb_conflicts, c->act_cycles, c->inact_cycles,
                g->sm[i].ldst.l1.stats.accesses, g->sm[i].ldst.l1.stats.misses);
    }
    fprintf(f, "\n  ],\n");
    fprintf(f,
            "  \"l1d\": {\"accesses\": %" PRIu64 ", \"misses\": %" PRIu64 ", \"hits\": %" PRIu64
            ", \"pending_hits\": %" PRIu64 "},\n",
            t.l1_accesses, t.l1_misses, t.l1_hits, t.l1_pending_hits);
    fprintf(f, "  \"l2\": {\"accesses\": %" PRIu64 ", \"misses\": %" PRIu64 ", \"hits\": %" PRIu64
               ", \"pending_hits\": %" PRIu64 ", \"writebacks\": %" PRIu64 "},\n",
            t.l2_accesses, t.l2_misses, t.l2_hits, t.l2_pending_hits, t.l2_writebacks);
    fprintf(f, "  \"dram\": {\"reads\": %" PRIu64 ", \"writes\": %" PRIu64 ", \"row_hits\": %" PRIu64
               ", \"row_misses\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"bw_util\": %.6f},\n",
            t.dram_reads, t.dram_writes, t.dram_row_hits, t.dram_row_misses, t.dram_bytes, t.dram_bw_util);
    fprintf(f, "  \"icnt\": {\"request_flits\": %" PRIu64 ", \"reply_flits\": %" PRIu64, t.icnt_req_flits,
            t.icnt_reply_flits);
    if (t.icnt_mesh_dim) /* the crossbar's document is unchanged */
        fprintf(f, ", \"topology\": \"mesh\", \"mesh_dim\": %" PRIu32 ", \"avg_hops\": %.4f, \"avg_packet_latency\": %.4f",
                t.icnt_mesh_dim, t.icnt_avg_hops, t.icnt_avg_latency);
    fprintf(f, "},\n");
    fprintf(f, "  \"avg_mem_latency\": %.4f,\n  \"max_mem_latency\": %" PRIu64 ",\n", t.avg_mem_latency,
            t.mem_lat_max);
    gpu_power_write_json(g, f); /* "power": {...} with -power_simulation_enabled 1 */
    metrics_write_json(&g->metrics, f);
    fprintf(f, "  \"peak_rss_mb\": %.1f,\n", peak_rss_mb());
    fprintf(f, "  \"sim_wall_seconds\": %.6f\n}\n", t.sim_wall_seconds);
}

/* See docs/ARCHITECTURE.md, "Unloaded latencies". Every domain crossing costs
 * one period of the receiving domain (the receiver sees the hand-over at its
 * next tick); equal clocks make these whole cycles. */
void gpu_derived_latency(const gpu_config_t *cfg, derived_latency_t *out)
{
    double pc = 1e3 / cfg->clk_core_mhz, pi = 1e3 / cfg->clk_icnt_mhz, pl = 1e3 / cfg->clk_l2_mhz,
           pd = 1e3 / cfg->clk_dram_mhz;
    double flit = cfg->icnt_flit_size ? cfg->icnt_flit_size : 32;
    double line = cfg->l1d.line_size ? cfg->l1d.line_size : 128;
    double reply_flits = (double)(uint32_t)((cfg->icnt_ctrl_bytes + line + flit - 1) / flit);
    double lat = cfg->icnt_latency;
    /* L1 access cycle, core->icnt, request flight, icnt->L2, ROP, reply flight (+ serialisation) */
    double l2 = pc + pi + lat * pi + pl + config_rop_latency_l2(cfg) * pl + (lat + reply_flits - 1) * pi;
    /* a line is read as atoms (one column command each, tCCDL apart in its
     * bank's group), the last one's data taking burst_length / ratio cycles */
    double l2line = cfg->l2.line_size ? cfg->l2.line_size : 128;
    double atom = (double)cfg->n_mem_per_ctrlr * cfg->dram_buswidth * cfg->dram_burst_length;
    double atoms = atom > 0 ? (double)(uint32_t)((l2line + atom - 1) / atom) : 1;
    double burst = cfg->dram_data_cmd_ratio ? (double)cfg->dram_burst_length / cfg->dram_data_cmd_ratio : 1;
    double step = cfg->dram.tCCD;
    if (cfg->dram.nbkgrp > 1 && cfg->dram.tCCDL > step)
        step = cfg->dram.tCCDL;
    double xfer = (atoms - 1) * step + (burst < 1 ? 1 : burst);
    /* row conflict: precharge, activate, column read, data, controller latency */
    double dram_cycles = cfg->dram.tRP + cfg->dram.tRCD + cfg->dram.tCL + xfer + config_dram_latency_dram(cfg);
    double dram = l2 + pd + dram_cycles * pd + pl;
    /* load to dependent use: the result also passes the write-back stages */
    out->l1_hit = cfg->l1_latency + cfg->pipeline_latency;
    out->l2_hit = l2 / pc + cfg->pipeline_latency;
    out->dram = dram / pc + cfg->pipeline_latency;
}
