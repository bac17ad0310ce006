/* help.c — `ctasim SUBCOMMAND --help`: what each subcommand takes, with an
 * example, on standard output. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#define RUN_OPTIONS                                                                                          \
    "  --config NAME|FILE   a preset (`ctasim list configs`) or a GPGPU-Sim option file; repeatable,\n"      \
    "                       later ones override earlier ones\n"                                              \
    "  --set OPTION=VALUE   one GPGPU-Sim option (e.g. gpgpu_l1_latency=20); repeatable\n"                  \
    "  --allow-unknown      warn about options ctasim does not model instead of failing\n"                   \
    "  --cta-sched SPEC     CTA policy chain, e.g. rr, static:n=3, lcs+bcs, dyncta+claso\n"                  \
    "  --warp-sched NAME    warp policy: lrr, gto, tl, sca, ccws, owl (`ctasim list warp`)\n"               \
    "  --max-ctas N         at most N CTAs per core per kernel\n"                                            \
    "  --power              power model on (-power_simulation_enabled 1, after every --config)\n"           \
    "  --active-cores N     only cores 0..N-1 take CTAs; the others are OFF (power-gated) from the start\n"  \
    "  --size S             suite workloads: small, default or paper\n"                                      \
    "  --seed N             suite workloads: input generator seed (decimal)\n"                               \
    "  --json FILE          write the result document (- : standard output, statistics text off)\n"         \
    "  --sample-interval N  every N core cycles, per-SM IPC and CTAs resident, the cycle breakdown and\n"  \
    "                       the load round trip into the JSON's series (sm_ipc/<i>, sm_ctas/<i>, stall.*,\n" \
    "                       mem_latency; with --json X.json also X-series.csv; `ctasim report` draws them)\n" \
    "  --quiet              no statistics text\n"                                                            \
    "  --threads N|auto     tick the cores and the memory side of one simulation on N threads (default\n" \
    "                       auto); the same results for any N. Worth it on 80 cores or more (docs/SPEED.md\n"  \
    "                       \"Parallel engine\"); below 32 cores one thread runs (with a warning);\n"      \
    "                       auto: 1 below 32 cores, else a thread per 16 cores, at most 16 and the\n" \
    "                       CPUs available (shared among a sweep's --jobs), started once the run has\n" \
    "                       taken 0.2 s on one thread (PTX kernels with thread block clusters:\n"   \
    "                       one). Traces are parsed ahead on a second thread\n"     \
    "                       where a second CPU is online (CTASIM_PARSE_AHEAD=0 turns it off);\n"          \
    "                       results never depend on either\n"

typedef struct help {
    const char *cmd, *text;
} help_t;

static const help_t helps[] = {
    {"run",
     "usage: ctasim run [options] INPUT\n"
     "Simulate INPUT: a suite workload (`ctasim list workloads`, checked against its CPU reference),\n"
     "a synthetic kernel (`ctasim list synthetic`), an Accel-Sim trace (kernelslist.g, its directory,\n"
     "or one kernel-N.traceg[.xz]).\n" RUN_OPTIONS
     "Workload mixes (several suite workloads at once, each its own stream and check; STP, ANTT and\n"
     "fairness against each one alone):\n"
     "  A+B[+C...]           the workloads together, stream = position, arriving at cycle 0\n"
     "  --mix FILE           lines WORKLOAD SIZE STREAM DELAY (SIZE - = --size; '#' comments)\n"
     "  --pool N             at most N workloads at once; the next starts when one finishes\n"
     "  --alone-cache DIR    where alone runs and tlpmod profiles are cached\n"
     "                       (default ${XDG_CACHE_HOME:-~/.cache}/ctasim/alone)\n"
     "  --no-alone           no alone runs, no STP/ANTT\n"
     "example: ctasim run --config hpca14-28sm --cta-sched lcs --warp-sched gto LBM\n"
     "example: ctasim run --config date16-15sm --cta-sched lcs+mcke KMN+SRAD\n"},
    {"sweep",
     "usage: ctasim sweep [run options] [--max-ctas A..B | --active-cores A..B] [--cta-sched SPEC]...\n"
     "                    [--warp-sched NAME]... [--jobs N] [-o DIR] [--force] [--tolerance F]\n"
     "                    INPUT | PROGRAM [ARGS...]\n"
     "Run INPUT at every CTA cap from A to B under every policy pair, in parallel; write one JSON per\n"
     "point, summary.csv and classification.csv (Lee I-IV, Li & Liang Up/Optimal/Down, Kayiran C/M/X).\n"
     "Caps at or above every kernel's occupancy limit repeat the top cap's simulation: it runs once, the\n"
     "others are marked same_as in summary.csv (with a warning). Several --cta-sched/--warp-sched: one\n"
     "series per policy pair. A CUDA program (an executable; or the word after --) runs at every point\n"
     "as `ctasim exec` in the current folder with the run options; every word after it is its own.\n"
     "Files are written whole (a temporary renamed into place). Run again into the same DIR with the same\n"
     "options (--jobs, --tolerance aside), an interrupted sweep resumes: points with a complete JSON are\n"
     "read back, missing or corrupt ones run.\n"
     "  --jobs N        worker threads, 1..256 (default: the machine's cores)\n"
     "  -o DIR          output directory (default sweep-out), created before any point runs; a directory\n"
     "                  holding another sweep's results is refused (DIR/.sweep-key says which)\n"
     "  --force         replace another sweep's results in -o DIR, or run every point of this one again\n"
     "  --tolerance F   relative IPC difference treated as equal when classifying (0..1)\n"
     "  --backend B     local (default: --jobs threads here) or slurm (a job array; shared filesystem)\n"
     "  --slurm-partition P, --slurm-time T, --slurm-mem M, --slurm-opt OPT (repeatable): for sbatch\n"
     "  --slurm-retries N   resubmit failed points up to N times (default 2); --slurm-poll S (default 5)\n"
     "  --slurm-max-running N   at most N array tasks at once\n"
     "  --active-cores A..B  sweep the number of cores instead of the CTA cap: cores.csv (cycles, IPC,\n"
     "                  gated core-cycles, energy and EDP when the power model ran), best-performance,\n"
     "                  saturation and EDP-optimal core counts\n"
     "example: ctasim sweep --max-ctas 1..8 --warp-sched gto --warp-sched lrr --size small VADD\n"},
    {"launch",
     "usage: ctasim launch --ptx FILE --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--shmem BYTES]\n"
     "                     [--regs N] [--const SYMBOL=FILE]... [run options] ARG...\n"
     "Run one kernel of a PTX file. Arguments, in the kernel's parameter order: u32:N s32:N u64:N s64:N\n"
     "f32:X f64:X (scalars), in:FILE (device buffer from a raw little-endian file), out:BYTES:FILE (zeroed\n"
     "buffer written to FILE afterwards), inout:FILE:OUTFILE.\n"
     "Registers per thread (they set how many CTAs a core holds): --regs N (1..255) if given, else the\n"
     "`ptxas -v` report NAME.ptxas.txt beside NAME.ptx, else ptxas run on the PTX (PATH, $CUDA_HOME/bin,\n"
     "$CUDA_INSTALL_PATH/bin; its report cached beside the PTX or in ~/.cache/ctasim), else an estimate\n"
     "from the PTX's register liveness; the last two print a warning. CTASIM_PTXAS=off skips ptxas.\n"
     "Float results follow the PTX ISA's rules: mul+add pairs are fused as ptxas fuses them;\n"
     "CTASIM_PTX_CONTRACT=first|second|off and CTASIM_PTX_APPROX=exact|low|high choose among the results\n"
     "the rules allow (contraction choice; .approx at the edges of the ISA's error bounds).\n"
     "example: ctasim launch --ptx vadd.ptx --kernel vadd --grid 64 --block 256 in:a.bin in:b.bin "
     "out:65536:c.bin u32:16384\n"},
    {"correlate",
     "usage: ctasim correlate [run options] [--jobs N] [--csv FILE] HW.csv\n"
     "Put a GPU's times beside simulated ones. HW.csv is what `ctasim native --csv` wrote on a machine\n"
     "with a GPU; each of its workloads is simulated here at the same size, seed and CTA cap on the\n"
     "configuration given (default: the h100 preset), and the table gives hardware and simulated time\n"
     "(simulated cycles / the core clock), their error, the mean absolute error and the correlation.\n"
     "Workloads that failed their check on the GPU are listed but left out of the error.\n"
     "  --jobs N     simulations at once (default: the machine's cores)\n"
     "  --csv FILE   the table as CSV\n"
     RUN_OPTIONS
     "example: ctasim correlate --jobs 2 docs/data/h100-native-default.csv\n"},
    {"exec",
     "usage: ctasim exec [run options] PROGRAM [ARGS...]\n"
     "Run an unmodified CUDA program on the simulated GPU. PROGRAM must be built with\n"
     "`nvcc -cudart shared` and carry PTX (e.g. -gencode arch=compute_75,code=compute_75); it loads\n"
     "ctasim's libcudart.so.13 (lib/ beside this binary) and every kernel it launches is simulated.\n"
     "Its output and exit status are its own; the statistics go to stderr (--quiet: none) or --json.\n"
     RUN_OPTIONS
     "example: ctasim exec --config pact13-30sm --json run.json ./vecadd 4096\n"},
    {"experiment",
     "usage: ctasim experiment NAME|all|list [--size small|default|paper] [--workloads A,B] [--all-workloads]\n"
     "                                       [--power] [--jobs N] [-o DIR] [--force] [--report]\n"
     "                                       [--backend local|slurm] [--slurm-... ]\n"
     "Run one of the papers' experiments (`ctasim experiment list`) on the suite, print its table beside\n"
     "the paper's headline and write it as CSV into DIR (default experiments-out). An experiment runs the\n"
     "workloads of its paper's figure that the suite has, in the paper's order, and says which of the\n"
     "paper's are missing (also in DIR/NAME-workloads.csv).\n"
     "  --size S          workload inputs: small, default or paper\n"
     "  --workloads A,B   only these suite workloads; one the paper does not list runs too, with a note\n"
     "  --all-workloads   every workload of the suite, the paper's first\n"
     "  --power           the power model on (each run's JSON then has \"power\" and power.* metrics)\n"
     "  --jobs N          worker threads, 1..256 (default: the machine's cores)\n"
     "  -o DIR            output directory (default experiments-out), created before anything runs\n"
     "  --report          then write DIR/report.html (`ctasim report`) with the experiment's figures\n"
     "  --force           simulate every run again (by default a rerun into the same DIR reads back the\n"
     "                    runs an interrupted run finished, kept in DIR/.runs/NAME, and simulates the rest)\n"
     "  --backend B       local (default) or slurm: the runs as a Slurm job array (shared filesystem;\n"
     "                    --slurm-partition/-time/-mem/-opt/-retries/-poll/-max-running as for sweep;\n"
     "                    the energy and mix experiments run locally)\n"
     "  --suite S         also run the suite S's programs (rodinia, parboil, cuda-samples, all; `make\n"
     "                    suites`) under exec, each the row after our kernel of its name (docs/SUITES.md)\n"
     "  --suite-set SET   their inputs: mid (default; grids that fill the GPU) or ci (quick)\n"
     "The energy experiments (song-fig2..9, kayiran-fig12-13, kayiran-fig14a, lee-fig14) always run the\n"
     "power model and take --size, --workloads, --jobs, -o, --force and\n"
     "  --tcs ARGS        documented TCS arguments for every tcs/htcs series, e.g. reset=window\n"
     "example: ctasim experiment lee-fig4 --size small --jobs 2\n"},
    {"report",
     "usage: ctasim report DIR|RUN.json [-o FILE.html] [--figures DIR] [--figure NAME[,NAME]...]\n"
     "                                  [--baseline CTA[/WARP]]\n"
     "One self-contained HTML page (no network, scripts or fonts; inline SVG) of the results in a sweep\n"
     "directory (summary.csv, classification.csv, point JSON), an experiment directory (NAME.csv tables of\n"
     "`ctasim experiment`), a directory of run JSON files, or one run JSON (`ctasim run --json`): figures\n"
     "in the papers' shapes, each beside the paper's headline, ours, and the table it was drawn from. A\n"
     "figure whose data is absent is listed with the reason instead. Files are written whole or not at\n"
     "all (a temporary file renamed into place).\n"
     "  -o FILE.html     the page (default DIR/report.html, or RUN.html beside RUN.json)\n"
     "  --figures DIR    where each figure is also written as NAME.svg (default: the page's name\n"
     "                   without .html, plus -figures)\n"
     "  --figure LIST    only these kinds: ipc-vs-ctas, cycles-vs-ctas, speedup, tnew-vs-opt, l1-miss,\n"
     "                   idle-reduction, dyncta-n, cta-per-sm, idle-tail, stall-breakdown, sm-ipc-heatmap,\n"
     "                   sm-ctas-heatmap, stall-over-time, mem-latency, power, power-split,\n"
     "                   perf-vs-cores, latency-vs-cores, energy, active-cores, cores-per-launch,\n"
     "                   power-norm, perf-per-watt, vs-cores-off, stp, design-space, table-bars\n"
     "  --baseline S     a sweep's speedups over policy series S (rr/gto, or rr: its first with that CTA\n"
     "                   policy) instead of the first series\n"
     "example: ctasim report experiments-out -o /tmp/report.html\n"},
    {"list",
     "usage: ctasim list [configs|cta|warp|workloads|synthetic]\n"
     "What ctasim knows: configuration presets, CTA and warp policies with their parameters, the\n"
     "workload suite, the synthetic kernels.\n"
     "example: ctasim list cta\n"},
    {"trace",
     "usage: ctasim trace INPUT -o DIR [--force] [--binary-version N] [--no-compress] [run options]\n"
     "Write INPUT (a suite workload or synthetic kernel) as an Accel-Sim trace directory that\n"
     "`ctasim run DIR` (or Accel-Sim) replays. As Accel-Sim's reader requires, each line keeps one\n"
     "destination and four source registers, renamed per kernel to R0..R254. Kernel files are\n"
     "kernel-N.traceg.xz when ctasim was built with liblzma (both simulators read them);\n"
     "--no-compress writes plain kernel-N.traceg. Prints the size written.\n"
     "The trace is built in DIR.tmp.<pid> beside DIR and moved in only when complete, so a\n"
     "failure or Ctrl-C leaves DIR as it was. A DIR that already holds a trace (kernelslist.g or\n"
     "*.traceg*) is refused unless --force, which replaces it; the input's own directory always is.\n"
     "example: ctasim trace --size small MMUL -o /tmp/mmul-trace\n"},
    {"config",
     "usage: ctasim config [--config NAME|FILE]... [--set OPTION=VALUE]... [--allow-unknown]\n"
     "       ctasim config --unmodelled [--config NAME|FILE]... [--set OPTION=VALUE]... [--allow-unknown]\n"
     "Print the effective configuration as a GPGPU-Sim option file.\n"
     "With --unmodelled, print instead every GPGPU-Sim/Accel-Sim option, and every field of a compound\n"
     "option (-OPTION[field]), that ctasim does not model in full, one per line as\n"
     "  -OPTION[field]: KIND: what ctasim does instead [set in FILE:LINE: VALUE]\n"
     "KIND is ignored (accepted, but the model does not read it), approximated (read, but modelled\n"
     "differently from GPGPU-Sim), not-parsed (a GPGPU-Sim option ctasim rejects unless --allow-unknown)\n"
     "or no-timing-effect (the same, for statistics, power and tool-chain options). The bracket marks what\n"
     "the given --config files, presets and --set options set (the last setting of each), with\n"
     "', exact at this value' where not modelling it makes no difference; an option that ctasim does not\n"
     "know at all is listed last as unknown. The order is stable (the catalogue's, src/config/\n"
     "config_coverage.c); `grep 'set in'` keeps what a configuration sets. Loading an option file\n"
     "warns once per option it sets that is not (fully) modelled.\n"
     "example: ctasim config --config gtx480 --set gpgpu_n_clusters=30\n"
     "example: ctasim config --unmodelled --allow-unknown --config gpgpusim.config --config trace.config\n"},
};

int cli_help(const char *cmd)
{
    for (size_t i = 0; i < sizeof helps / sizeof *helps; i++)
        if (!strcmp(helps[i].cmd, cmd)) {
            fputs(helps[i].text, stdout);
            return 0;
        }
    return -1;
}
