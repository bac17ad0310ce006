/* test_icnt.c — the 2-D mesh interconnect (model/icnt_mesh.h) against
 * hand-derived numbers, the crossbar left as it was, and one workload on
 * the mesh end to end.
 *
 * Most cases use a 3 x 3 request mesh of 5 cores and 4 memory nodes. With
 * N = 9 = k*k nodes, node slot s sits at router s, and the memory nodes take
 * slots floor((2j+1) 9/8) = 1, 3, 5, 7, so (router r at column r % 3, row r / 3):
 *
 *       x=0     x=1     x=2
 *   y=0 C0 (0)  M0 (1)  C1 (2)
 *   y=1 M1 (3)  C2 (4)  M2 (5)
 *   y=2 C3 (6)  M3 (7)  C4 (8)
 *
 * Timing (icnt_mesh.h): a packet of F flits first seen at cycle t0 crossing h
 * links with nothing in its way can be popped at t0 + (h+1)(L+1) + F - 1. */
#include "apps/apps.h"
#include "config/config.h"
#include "gpu/gpu.h"
#include "model/icnt.h"
#include "model/icnt_mesh.h"
#include "test.h"
#include "policy/registry.h"

static gpu_config_t mesh_cfg(uint32_t latency)
{
    gpu_config_t c;
    memset(&c, 0, sizeof c);
    c.icnt_flit_size = 32;
    c.icnt_latency = 5;
    c.icnt_in_buffer = 64;
    c.icnt_out_buffer = 64;
    c.icnt_ctrl_bytes = 8;
    c.icnt_topology = ICNT_MESH;
    c.mesh_dim = 3;
    c.mesh_router_latency = latency;
    c.mesh_buffer = 16;
    return c;
}

/* Cycle from `from` on until r can be popped at output `out`; returns that
 * cycle (0 if not within `limit`). */
static uint64_t run_until_popped(xbar_t *x, uint32_t out, const mem_req_t *r, uint64_t from, uint64_t limit)
{
    for (uint64_t t = from; t < from + limit; t++) {
        xbar_cycle(x, t);
        mem_req_t *p;
        while ((p = xbar_pop(x, out, t)) != NULL)
            if (p == r)
                return t;
    }
    return 0;
}

static void mesh_placement(void)
{
    uint32_t cr[5], mr[4];
    mesh_place(3, 5, 4, cr, mr);
    const uint32_t want_c[5] = {0, 2, 4, 6, 8}, want_m[4] = {1, 3, 5, 7};
    for (int i = 0; i < 5; i++)
        CHECK_EQ(cr[i], want_c[i]);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(mr[i], want_m[i]);
    /* GTX 480 (15 cores + 12 slices), PACT'13's 30 + 16, and Kayiran et
     * al.'s 64- and 121-node meshes */
    CHECK_EQ(mesh_auto_dim(27), 6);
    CHECK_EQ(mesh_auto_dim(46), 7);
    CHECK_EQ(mesh_auto_dim(64), 8);
    CHECK_EQ(mesh_auto_dim(65), 9);
    CHECK_EQ(mesh_auto_dim(121), 11);
    /* 15 + 12 on 6 x 6: nodes spread with a spare router every third, no two
     * nodes on one router, every memory node placed */
    uint32_t c15[15], m12[12];
    mesh_place(6, 15, 12, c15, m12);
    int used[36] = {0};
    for (int i = 0; i < 15; i++)
        used[c15[i]]++;
    for (int i = 0; i < 12; i++)
        used[m12[i]]++;
    int spare = 0;
    for (int r = 0; r < 36; r++) {
        CHECK(used[r] <= 1);
        spare += !used[r];
    }
    CHECK_EQ(spare, 9);
    CHECK_EQ(m12[0], 2);  /* slot 1 at router floor(3 * 36 / 54) = 2 */
    CHECK_EQ(m12[11], 34); /* slot 25 at router floor(51 * 36 / 54) = 34 */
}

/* (a) One packet, nothing in its way. */
static void mesh_single_packet_latency(void)
{
    /* C0 (0,0) -> M2 (2,1): h = 3 links. 136 bytes = 5 flits, L = 2, first
     * seen at cycle 1: 1 + (3+1)(2+1) + 5 - 1 = 17. */
    gpu_config_t c = mesh_cfg(2);
    xbar_t x;
    xbar_init(&x, 5, 4, &c);
    CHECK(x.mesh != NULL);
    mem_req_t a = {0};
    xbar_push(&x, 0, 2, &a, 136);
    CHECK_EQ(a.icnt_flits, 5);
    uint64_t got = run_until_popped(&x, 2, &a, 1, 100);
    CHECK_EQ(got, 1 + 4 * 3 + 5 - 1);
    CHECK_EQ(x.stats.hops, 3);
    CHECK_EQ(x.stats.latency_sum, got - 1);
    CHECK(xbar_idle(&x));
    xbar_free(&x);

    /* C4 (2,2) -> M0 (1,0): west 1, north 2, h = 3. One flit (8 bytes),
     * L = 5, first seen at cycle 10: 10 + 4 * 6 + 1 - 1 = 34. */
    c = mesh_cfg(5);
    xbar_init(&x, 5, 4, &c);
    mem_req_t b = {0};
    for (uint64_t t = 1; t < 10; t++)
        xbar_cycle(&x, t);
    xbar_push(&x, 4, 0, &b, 8);
    CHECK_EQ(run_until_popped(&x, 0, &b, 10, 100), 10 + 4 * 6 + 1 - 1);
    xbar_free(&x);

    /* L = 0: only the links: C2 (1,1) -> M1 (0,1), h = 1, 9 flits (264 B):
     * 1 + 2 * 1 + 9 - 1 = 11. */
    c = mesh_cfg(0);
    xbar_init(&x, 5, 4, &c);
    mem_req_t d = {0};
    xbar_push(&x, 2, 1, &d, 264);
    CHECK_EQ(run_until_popped(&x, 1, &d, 1, 100), 11);
    xbar_free(&x);
}

/* The routers a packet's head visits, in order, until it is ejected. */
static int trace_route(xbar_t *x, mem_req_t *r, uint32_t out, int32_t *path, int max)
{
    int n = 0;
    for (uint64_t t = 1; t < 200 && n < max; t++) {
        int32_t at = mesh_locate(x, r);
        if (at < 0)
            break;
        if (n == 0 || path[n - 1] != at)
            path[n++] = at;
        xbar_cycle(x, t);
    }
    while (xbar_pop(x, out, 1000))
        ;
    return n;
}

/* (b) Dimension order: X first, then Y. */
static void mesh_xy_route(void)
{
    gpu_config_t c = mesh_cfg(2);
    xbar_t x;
    xbar_init(&x, 5, 4, &c);
    mem_req_t a = {0};
    int32_t path[16];
    /* C0 (0,0) -> M2 (2,1): (0,0) (1,0) (2,0) (2,1); Y first would pass (0,1) */
    xbar_push(&x, 0, 2, &a, 8);
    int n = trace_route(&x, &a, 2, path, 16);
    CHECK_EQ(n, 4);
    const int32_t want[4] = {0, 1, 2, 5};
    for (int i = 0; i < 4 && i < n; i++)
        CHECK_EQ(path[i], want[i]);
    CHECK_EQ(x.stats.hops, 3);
    xbar_free(&x);

    /* Reply mesh, same placement: M2 (2,1) -> C0 (0,0) goes (1,1) (0,1) then north. */
    xbar_init_net(&x, ICNT_REPLY, 4, 5, &c);
    mem_req_t b = {0};
    xbar_push(&x, 2, 0, &b, 8);
    n = trace_route(&x, &b, 0, path, 16);
    CHECK_EQ(n, 4);
    const int32_t want2[4] = {5, 4, 3, 0};
    for (int i = 0; i < 4 && i < n; i++)
        CHECK_EQ(path[i], want2[i]);
    xbar_free(&x);

    CHECK_EQ(mesh_route(3, 0, 5), MESH_EAST);
    CHECK_EQ(mesh_route(3, 2, 5), MESH_SOUTH);
    CHECK_EQ(mesh_route(3, 5, 0), MESH_WEST);
    CHECK_EQ(mesh_route(3, 3, 0), MESH_NORTH);
    CHECK_EQ(mesh_route(3, 5, 5), MESH_LOCAL);
}

/* (c) Two packets want router (2,0)'s south link in the same cycle. */
static void mesh_link_contention(void)
{
    /* A: C0 (0,0) -> M2 (2,1), 1 flit, seen at 1: granted at router 0 at
     * 1 + L = 3, at router 1 at 4 + L = 6, eligible at router 2 at 7 + L = 9;
     * alone it is popped at 1 + 4 * 3 + 1 - 1 = 13.
     * B: C1 (2,0) -> M2, 5 flits, seen at 7: eligible at router 2 at 9 too.
     * Round-robin starts at the local port, so B wins; the south link is
     * busy for B's 5 flits and A goes at 9 + 5 = 14, exactly 5 cycles late.
     * (B's ejection link frees at (9 + 1 + L) + 5 = 17, the cycle A reaches
     * it, so A loses nothing more there.) */
    gpu_config_t c = mesh_cfg(2);
    xbar_t x;
    xbar_init(&x, 5, 4, &c);
    mem_req_t a = {0};
    xbar_push(&x, 0, 2, &a, 8);
    uint64_t alone = run_until_popped(&x, 2, &a, 1, 100);
    CHECK_EQ(alone, 13);
    xbar_free(&x);

    xbar_init(&x, 5, 4, &c);
    mem_req_t a2 = {0}, b = {0};
    xbar_push(&x, 0, 2, &a2, 8);
    for (uint64_t t = 1; t <= 6; t++)
        xbar_cycle(&x, t);
    xbar_push(&x, 1, 2, &b, 136);
    uint64_t got_a = 0, got_b = 0;
    for (uint64_t t = 7; t < 100; t++) {
        /* the link carries B's flits in cycles 9..13: A waits at router 2
         * (the FIFO at router 5 alone would give A the same arrival time) */
        if (t >= 10 && t <= 14)
            CHECK_EQ(mesh_locate(&x, &a2), 2);
        if (t == 15)
            CHECK_EQ(mesh_locate(&x, &a2), 5);
        xbar_cycle(&x, t);
        mem_req_t *p;
        while ((p = xbar_pop(&x, 2, t)) != NULL) {
            if (p == &a2)
                got_a = t;
            if (p == &b)
                got_b = t;
        }
    }
    CHECK_EQ(got_b, 7 + 2 * 3 + 5 - 1); /* B, one link, uncontended: 17 */
    CHECK_EQ(got_a, alone + 5);          /* A: delayed by B's 5 flits */
    CHECK(x.stats.output_conflicts >= 1);
    xbar_free(&x);
}

/* (d) Credits: the ejection buffer is never drained. */
static void mesh_credit_back_pressure(void)
{
    /* B = 9 flits per router input port (the largest packet, 264 B, is 9
     * flits), injection and ejection buffers 10 flits. Packets of 128 B =
     * 4 flits from C0 to M2 (3 links) fill, in flits of 4: the injection
     * queue floor(10/4) = 2, router (1,0)'s west input 2, router (2,0)'s west
     * input 2, router (2,1)'s north input 2, M2's ejection buffer 2:
     * 2 + 3 * 2 + 2 = 10 packets accepted, then none. */
    gpu_config_t c = mesh_cfg(2);
    c.mesh_buffer = 9;
    c.icnt_in_buffer = 10;
    c.icnt_out_buffer = 10;
    xbar_t x;
    xbar_init(&x, 5, 4, &c);
    CHECK_EQ(x.mesh->buf_cap, 9);
    static mem_req_t r[64];
    unsigned pushed = 0;
    uint64_t t;
    for (t = 1; t < 300; t++) {
        while (pushed < 64 && xbar_can_push(&x, 0, 128))
            xbar_push(&x, 0, 2, &r[pushed++], 128);
        xbar_cycle(&x, t);
    }
    CHECK_EQ(pushed, 10);
    CHECK_EQ(x.queued, 2);
    CHECK_EQ(x.in_net, 6);
    CHECK_EQ(x.in_flight, 2);
    CHECK_EQ(x.out_flits[2], 8);
    CHECK_EQ(x.mesh->buf[1 * MESH_PORTS + MESH_WEST].flits, 8);
    CHECK_EQ(x.mesh->buf[2 * MESH_PORTS + MESH_WEST].flits, 8);
    CHECK_EQ(x.mesh->buf[5 * MESH_PORTS + MESH_NORTH].flits, 8);
    CHECK_EQ(xbar_next_event(&x, t), t); /* blocked, but a pop is possible now */
    /* Drain: every packet comes out once, in order. */
    unsigned got = 0;
    bool in_order = true;
    for (; t < 2000 && got < 64; t++) {
        xbar_cycle(&x, t);
        mem_req_t *p;
        while ((p = xbar_pop(&x, 2, t)) != NULL) {
            in_order &= p == &r[got];
            got++;
        }
        if (xbar_idle(&x))
            break;
    }
    CHECK_EQ(got, 10);
    CHECK(in_order);
    CHECK(xbar_idle(&x));
    CHECK_EQ(x.stats.packets, 10);
    CHECK_EQ(x.stats.ejected, 10);
    CHECK_EQ(x.stats.hops, 30);
    for (uint32_t b = 0; b < x.mesh->n_routers * MESH_PORTS; b++)
        CHECK_EQ(x.mesh->buf[b].flits - x.mesh->buf[b].pend, 0);
    xbar_free(&x);
}

/* The simulator skips to xbar_next_event when nothing else is due: calling
 * xbar_cycle only at the cycles it names must give the same arrival. */
static void mesh_next_event_skips_to_each_move(void)
{
    gpu_config_t c = mesh_cfg(2);
    xbar_t x;
    xbar_init(&x, 5, 4, &c);
    mem_req_t a = {0};
    xbar_push(&x, 0, 2, &a, 136);
    /* seen at 1; granted at 3, 6, 9; ejected at 12; last flit in at 12 + 5 */
    const uint64_t want[] = {1, 3, 6, 9, 12, 17};
    uint64_t t = 0, got = 0;
    unsigned calls = 0;
    for (;;) {
        t = xbar_next_event(&x, t + 1);
        if (t == CS_NEVER)
            break;
        if (calls < 6)
            CHECK_EQ(t, want[calls]);
        calls++;
        xbar_cycle(&x, t);
        if (xbar_pop(&x, 2, t) == &a)
            got = t;
        if (calls > 20)
            break;
    }
    CHECK_EQ(calls, 6);
    CHECK_EQ(got, 17);
    xbar_free(&x);
}

/* Random traffic with small buffers and slow sinks, run three ways: xbar_cycle
 * every cycle visiting every router (poll_all), every cycle visiting only the
 * routers whose wake time has come, and only at the cycles xbar_next_event
 * names (or a source or a sink can act), as the simulator's idle skipping
 * does. Every packet must leave at the same cycle all three ways. */
typedef struct traffic {
    uint64_t at;       /* cycle it is offered */
    uint32_t src, dst, bytes;
} traffic_t;

#define N_PKT 400
#define SINK_PERIOD 4

static void run_traffic(const gpu_config_t *c, enum icnt_net net, uint32_t n_in, uint32_t n_out,
                        const traffic_t *tr, bool skip, bool poll_all, uint64_t *popped_at, uint64_t *steps)
{
    xbar_t x;
    xbar_init_net(&x, net, n_in, n_out, c);
    x.mesh->poll_all = poll_all;
    static mem_req_t req[N_PKT];
    memset(req, 0, sizeof req);
    uint64_t sink_next[16] = {0};
    unsigned next_push = 0, done = 0;
    uint64_t t = 0;
    *steps = 0;
    while (done < N_PKT && t < 1000000) {
        if (skip) {
            uint64_t e = xbar_next_event(&x, t + 1);
            if (next_push < N_PKT) {
                const traffic_t *p = &tr[next_push];
                uint64_t want = p->at > t + 1 ? p->at : t + 1;
                /* a blocked source waits for room, which only a grant makes */
                if (p->at > t || xbar_can_push(&x, p->src, p->bytes))
                    e = want < e ? want : e;
            }
            for (uint32_t o = 0; o < n_out; o++)
                if (x.out_q[o].head) {
                    uint64_t s = x.out_q[o].head->ready > sink_next[o] ? x.out_q[o].head->ready : sink_next[o];
                    if (s < t + 1)
                        s = t + 1;
                    e = s < e ? s : e;
                }
            if (e == CS_NEVER)
                break;
            t = e;
        } else {
            t++;
        }
        (*steps)++;
        while (next_push < N_PKT && tr[next_push].at <= t &&
               xbar_can_push(&x, tr[next_push].src, tr[next_push].bytes)) {
            xbar_push(&x, tr[next_push].src, tr[next_push].dst, &req[next_push], tr[next_push].bytes);
            next_push++;
        }
        xbar_cycle(&x, t);
        for (uint32_t o = 0; o < n_out; o++) {
            if (t < sink_next[o])
                continue;
            mem_req_t *r = xbar_pop(&x, o, t);
            if (r) {
                popped_at[r - req] = t;
                done++;
                sink_next[o] = t + SINK_PERIOD;
            }
        }
    }
    CHECK_EQ(done, N_PKT);
    CHECK(xbar_idle(&x));
    xbar_free(&x);
}

static void mesh_next_event_matches_cycle_by_cycle(void)
{
    static const uint32_t sizes[4] = {8, 40, 136, 264};
    static traffic_t tr[N_PKT];
    static uint64_t polled[N_PKT], every[N_PKT], skipped[N_PKT];
    for (int variant = 0; variant < 4; variant++) {
        gpu_config_t c = mesh_cfg((uint32_t)variant); /* L = 0..3 */
        c.mesh_buffer = 9;
        c.icnt_in_buffer = 10;
        c.icnt_out_buffer = variant & 1 ? 10 : 20;
        c.mesh_dim = variant < 2 ? 3 : 4; /* 4 x 4: seven spare routers */
        enum icnt_net net = variant & 2 ? ICNT_REPLY : ICNT_REQUEST;
        uint32_t n_in = net == ICNT_REQUEST ? 5 : 4, n_out = net == ICNT_REQUEST ? 4 : 5;
        uint64_t seed = 12345 + (uint64_t)variant, at = 1;
        for (int i = 0; i < N_PKT; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            uint32_t v = (uint32_t)(seed >> 33);
            at += (v & 7) < 5 ? 0 : v % 40; /* bursts, then gaps */
            tr[i] = (traffic_t){at, (v >> 3) % n_in, (v >> 8) % n_out, sizes[(v >> 13) & 3]};
        }
        uint64_t s0, s1, s2;
        run_traffic(&c, net, n_in, n_out, tr, false, true, polled, &s0);
        run_traffic(&c, net, n_in, n_out, tr, false, false, every, &s1);
        run_traffic(&c, net, n_in, n_out, tr, true, false, skipped, &s2);
        unsigned diff = 0, diff_poll = 0;
        for (int i = 0; i < N_PKT; i++) {
            diff += every[i] != skipped[i];
            diff_poll += every[i] != polled[i];
        }
        CHECK_EQ(diff, 0);
        CHECK_EQ(diff_poll, 0); /* the routers' wake times skip nothing that could move */
        CHECK(s2 < s1); /* something was skipped */
        printf("  variant %d: %llu cycles stepped one by one, %llu with skipping\n", variant,
               (unsigned long long)s1, (unsigned long long)s2);
    }
}

/* (e) The crossbar is unchanged: test_components' timing with the topology
 * set explicitly, and no mesh behind it. */
static void crossbar_timing_unchanged(void)
{
    gpu_config_t c = mesh_cfg(2);
    c.icnt_topology = ICNT_CROSSBAR;
    xbar_t x;
    xbar_init_net(&x, ICNT_REPLY, 2, 2, &c);
    CHECK(x.mesh == NULL);
    mem_req_t a = {0}, b = {0};
    xbar_push(&x, 0, 1, &a, 8);   /* 1 flit */
    xbar_push(&x, 1, 1, &b, 136); /* 5 flits, same output */
    uint64_t got_a = 0, got_b = 0;
    for (uint64_t t = 1; t < 100; t++) {
        xbar_cycle(&x, t);
        mem_req_t *r;
        while ((r = xbar_pop(&x, 1, t)) != NULL) {
            if (r == &a)
                got_a = t;
            if (r == &b)
                got_b = t;
        }
    }
    CHECK_EQ(got_a, 1 + 5);         /* granted at 1, latency 5, one flit */
    CHECK_EQ(got_b, 2 + 5 + 5 - 1); /* output busy during cycle 1; 5 flits */
    CHECK_EQ(x.stats.hops, 0);
    CHECK(xbar_idle(&x));
    xbar_free(&x);
}

/* -inter_config_file: an existing intersim file picks the topology. */
#define MESH_FIXTURES "tests/data/config/mesh"

static void inter_config_file_selects_the_topology(void)
{
    gpu_config_t c;
    cs_error_t err = {{0}};
    config_defaults(&c);
    CHECK_EQ(c.icnt_topology, ICNT_CROSSBAR);
    CHECK_EQ(config_load_file(&c, MESH_FIXTURES "/gpgpusim.config", false, &err), 0);
    CHECK_EQ(c.icnt_topology, ICNT_MESH);
    CHECK_EQ(c.mesh_dim, 8);
    CHECK_EQ(c.mesh_buffer, 12);    /* vc_buf_size; num_vcs is not modelled */
    CHECK_EQ(c.icnt_flit_size, 32); /* the file's flit_size, not the preset's 40 */
    CHECK_EQ(config_validate(&c, &err), 0);

    config_defaults(&c);
    CHECK_EQ(config_load_file(&c, MESH_FIXTURES "/fly.config", false, &err), 0);
    CHECK_EQ(c.icnt_topology, ICNT_CROSSBAR); /* the file's fly wins over the line before it */
    CHECK_EQ(c.icnt_flit_size, 40);
    CHECK_EQ(c.mesh_buffer, 8);

    /* --set takes a path from the current directory */
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "inter_config_file", MESH_FIXTURES "/config_mesh.icnt", &err), 0);
    CHECK_EQ(c.icnt_topology, ICNT_MESH);
    CHECK_EQ(c.mesh_dim, 8);

    /* a topology not modelled is an error naming the file and line */
    gpu_config_t before;
    config_defaults(&c);
    before = c;
    CHECK_EQ(config_load_file(&c, MESH_FIXTURES "/torus.config", false, &err), -1);
    CHECK(strcmp(err.msg, MESH_FIXTURES "/config_torus.icnt:3: topology = torus: not modelled "
                          "(ctasim has fly, a crossbar, and mesh)") == 0);
    CHECK(memcmp(&c, &before, sizeof c) == 0);

    /* no such file: the option is not modelled, as before */
    CHECK_EQ(config_load_file(&c, MESH_FIXTURES "/missing.config", false, &err), -1);
    CHECK(strstr(err.msg, "unknown option -inter_config_file (a GPGPU-Sim option ctasim does not model") != NULL);
    CHECK(memcmp(&c, &before, sizeof c) == 0);

    /* a mesh too small for the nodes */
    config_defaults(&c);
    CHECK_EQ(config_set(&c, "ctasim_icnt_topology", "1", &err), 0);
    CHECK_EQ(config_set(&c, "ctasim_mesh_dim", "5", &err), 0);
    CHECK_EQ(config_validate(&c, &err), -1);
    CHECK(strstr(err.msg, "5x5 mesh has fewer routers than the 15 cores + 12 L2 slices") != NULL);
}

static int run_vadd(uint32_t topology, gpu_totals_t *t)
{
    gpu_config_t cfg;
    config_defaults(&cfg);
    cfg.icnt_topology = topology;
    cs_error_t err;
    gpu_t *g = gpu_create_named(&cfg, NULL, NULL, &err);
    if (!g) {
        printf("  %s\n", err.msg);
        return -1;
    }
    ctasim_runtime_t *rt = ctasim_create();
    ctasim_executor_t ex = {.ctx = g, .run_kernels = gpu_execute_borrowed};
    ctasim_set_executor(rt, &ex);
    char detail[256] = "";
    int r = app_run(app_find("VADD"), rt, APP_SMALL, 1, detail, sizeof detail, &err);
    if (r < 0)
        printf("  %s\n", err.msg);
    gpu_get_totals(g, t);
    ctasim_destroy(rt);
    gpu_destroy(g);
    return r;
}

/* A workload on the mesh: same work, farther memory. */
static void vadd_on_mesh_end_to_end(void)
{
    gpu_totals_t xb, me;
    CHECK_EQ(run_vadd(ICNT_CROSSBAR, &xb), 1);
    CHECK_EQ(run_vadd(ICNT_MESH, &me), 1);
    printf("  crossbar %llu cycles, avg mem latency %.1f; mesh %ux%u %llu cycles, %.1f, %.2f hops, "
           "packet latency %.1f\n",
           (unsigned long long)xb.cycles, xb.avg_mem_latency, me.icnt_mesh_dim, me.icnt_mesh_dim,
           (unsigned long long)me.cycles, me.avg_mem_latency, me.icnt_avg_hops, me.icnt_avg_latency);
    CHECK_EQ(me.thread_insts, xb.thread_insts);
    CHECK_EQ(me.warp_insts, xb.warp_insts);
    CHECK_EQ(me.icnt_req_flits, xb.icnt_req_flits);
    /* not checked: that the mesh's average memory latency is the higher.
     * Its buffered routers avoid the crossbar's head-of-line blocking, and
     * with per-atom DRAM commands small VADD's requests queue less on the
     * mesh than at the crossbar's inputs; the hop and packet latencies below
     * are what the topology must get right. */
    CHECK_EQ(me.icnt_mesh_dim, 6);
    CHECK_EQ(xb.icnt_mesh_dim, 0);
    CHECK(me.icnt_avg_hops > 1.0);
    /* every packet pays at least its hops plus one router: (h+1)(L+1) */
    CHECK(me.icnt_avg_latency >= (me.icnt_avg_hops + 1) * 3);
}

int main(void)
{
    RUN(mesh_placement);
    RUN(mesh_single_packet_latency);
    RUN(mesh_xy_route);
    RUN(mesh_link_contention);
    RUN(mesh_credit_back_pressure);
    RUN(mesh_next_event_skips_to_each_move);
    RUN(mesh_next_event_matches_cycle_by_cycle);
    RUN(crossbar_timing_unchanged);
    RUN(inter_config_file_selects_the_topology);
    RUN(vadd_on_mesh_end_to_end);
    TEST_EXIT();
}
