#!/usr/bin/env python3
"""ctasim's speed against Accel-Sim's on the same traces, config and CTA cap.

Input: a JSON of Accel-Sim reference results (the team keeps one; it is never
needed by a build or a test), with, per run, the trace it used, the cap and
Accel-Sim's user CPU seconds, and per trace the command that made it:

  {"traces": {"default/VADD": {"command": "ctasim trace VADD --size default -o default/VADD",
                               "sha256_first16_of_concatenated_kernel_files": "...", ...}, ...},
   "runs":   {"VADD.default.cta1": {"trace": "default/VADD", "cap": 1,
                                    "accelsim": {"user_s": 58.84, "wall_s": 71.18, "cycles": ...}}, ...}}

For every trace of the chosen sizes this regenerates the trace with this
ctasim (`ctasim trace NAME --size SIZE --no-compress -o DIR`: plain text, as
Accel-Sim read it), applies a recorded `sed -E 's/.../.../'` patch where the
trace's command has one (CP-patched) or skips the trace and says why, runs
`ctasim run --allow-unknown --config gpgpusim.config --config trace.config
[--max-ctas N]` once per run of that trace, and prints ctasim's user CPU
seconds beside Accel-Sim's, the ratio (Accel-Sim / ctasim), and the minimum.
Each trace directory is deleted once its runs are done (the default set is
about 1 GB of text).

  tools/speed_vs_accelsim.py RESULTS.json [--size small|default|all]
      [--ctasim build/ctasim] [--config-dir tests/data/config/qv100]
      [--workdir DIR] [--repeat N] [--markdown] [--only NAME,...]
      [--caps 1,4,0] [--accelsim BINARY --accelsim-config-dir DIR]
      [--threads 1|N|auto]

ctasim runs with --threads 1 unless told otherwise (its own default is
auto, which starts a thread team on these 80-core runs after 0.2 s: their
user seconds then count both threads, and only the wall column says what
the team gained).

With --accelsim BINARY the Accel-Sim time is measured here instead of taken
from the file: each run's trace goes through Accel-Sim too (`BINARY -trace
.../kernelslist.g -config gpgpusim.config -config trace.config
[-gpgpu_shader_cta N]`, the configs of --accelsim-config-dir, the full QV100
pair as Accel-Sim reads it), right before ctasim's runs of it, so both
simulators meet the same machine and the same load. The recorded times are
from another machine and another day; a ratio against them says as much about
the two machines as about the two simulators (docs/SPEED.md). Accel-Sim's
cycles and warp instructions are shown beside the recorded ones; the binary
needs its own environment (gpgpu-sim's setup_environment.sh) in the caller's.

User CPU seconds of each ctasim run come from wait4() (its rusage, all its
threads: the trace reader's parse-ahead thread counts); with --repeat N the
median of N runs is kept. The speed is Accel-Sim's user seconds over
ctasim's; a second column divides wall times (Accel-Sim's as recorded, on
whatever load its machine had), which is what a user waits for but depends
on the load of both machines. Whether the regenerated trace is
byte-identical to the one Accel-Sim ran is checked against the recorded
sha256 (first 16 hex digits of the concatenated kernel files) and shown.
"""
import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_timed(argv, env):
    """Run argv; return (exit status, user CPU s, wall s, stdout text)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - start
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return proc.returncode, usage.ru_utime, wall, text


ACCELSIM_STAT = re.compile(r"^(gpu_tot_sim_cycle|gpgpu_n_tot_w_icount)\s*=\s*(\d+)", re.M)


def run_accelsim(binary, config_dir, trace_dir, cap, env, workdir):
    """One Accel-Sim run here: (user s, wall s, cycles, warp insts), or an
    error text. Its last totals are the whole run's (they are cumulative)."""
    argv = [binary, "-trace", os.path.join(trace_dir, "kernelslist.g"),
            "-config", os.path.join(config_dir, "gpgpusim.config"),
            "-config", os.path.join(config_dir, "trace.config")]
    if cap:
        argv += ["-gpgpu_shader_cta", str(cap)]
    cwd = os.getcwd()
    os.chdir(workdir)  # it writes small files beside itself
    try:
        rc, user, wall, out = run_timed(argv, env)
    finally:
        os.chdir(cwd)
    stats = {}
    for name, value in ACCELSIM_STAT.findall(out):
        stats[name] = int(value)
    if rc != 0 or "gpu_tot_sim_cycle" not in stats:
        return "Accel-Sim exited with %d: %s" % (rc, out.strip()[-200:].replace("\n", " | "))
    return user, wall, stats["gpu_tot_sim_cycle"], stats.get("gpgpu_n_tot_w_icount")


def kernel_files(trace_dir):
    """Kernel files in kernelslist.g order."""
    files = []
    with open(os.path.join(trace_dir, "kernelslist.g")) as f:
        for line in f:
            line = line.strip()
            if line.startswith("kernel"):
                files.append(os.path.join(trace_dir, line))
    return files


def sha16(trace_dir):
    h = hashlib.sha256()
    for p in kernel_files(trace_dir):
        with open(p, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    return h.hexdigest()[:16]


SED = re.compile(r"sed -E '(s/((?:[^/\\]|\\.)*)/((?:[^/\\]|\\.)*)/)'")


def recorded_patch(command):
    """The `sed -E 's/PAT/REPL/'` of a trace's recorded command, as a Python
    (regex, replacement), or None when the command has none."""
    m = SED.search(command)
    if not m:
        return None
    pattern, repl = m.group(2), m.group(3)
    # ERE and Python's re agree on what this uses (groups, classes, {n}, \.);
    # sed's \1 is Python's \1 too.
    return re.compile(pattern), repl


def apply_patch(trace_dir, patch):
    regex, repl = patch
    changed = 0
    for p in kernel_files(trace_dir):
        tmp = p + ".patched"
        with open(p, encoding="utf-8", errors="surrogateescape") as src, \
                open(tmp, "w", encoding="utf-8", errors="surrogateescape") as dst:
            for line in src:
                new = regex.sub(repl, line, count=1)
                changed += new != line
                dst.write(new)
        os.replace(tmp, p)
    return changed


def copy_stored(src, dst):
    """A stored trace directory into dst, .xz kernel files decompressed."""
    import lzma
    os.makedirs(dst)
    for name in os.listdir(src):
        p = os.path.join(src, name)
        if name.endswith(".xz"):
            with lzma.open(p) as f, open(os.path.join(dst, name[:-3]), "wb") as out:
                shutil.copyfileobj(f, out, 1 << 20)
        else:
            shutil.copy(p, os.path.join(dst, name))


def parse_trace_command(command):
    """(workload, size) of 'ctasim trace NAME --size SIZE -o DIR[; ...]'."""
    first = command.split(";")[0]
    words = shlex.split(first)
    if len(words) < 3 or words[0] != "ctasim" or words[1] != "trace":
        return None
    name, size = words[2], "default"
    if "--size" in words:
        size = words[words.index("--size") + 1]
    return name, size


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="Accel-Sim reference results JSON")
    ap.add_argument("--size", choices=["small", "default", "all"], default="small")
    ap.add_argument("--ctasim", default=os.path.join(HERE, "build", "ctasim"))
    ap.add_argument("--config-dir", default=os.path.join(HERE, "tests", "data", "config", "qv100"),
                    help="holds gpgpusim.config and trace.config (QV100)")
    ap.add_argument("--workdir", default=None, help="where traces are written (default: a temporary directory)")
    ap.add_argument("--repeat", type=int, default=1, help="ctasim measurements per Accel-Sim run (median kept)")
    ap.add_argument("--min-user", type=float, default=0.5,
                    help="a measurement repeats a short run until this much user CPU is spent and "
                         "divides (CPU time is counted in clock ticks)")
    ap.add_argument("--only", default="", help="comma-separated workloads (e.g. VADD,KMN)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--stored-traces", default=None,
                    help="a directory of the traces Accel-Sim ran, NAME-SIZE/ (kernel files plain or .xz): "
                         "used instead of regenerating where present")
    ap.add_argument("--threads", default="1",
                    help="ctasim's --threads (default 1: Accel-Sim runs on one thread, and user seconds count "
                         "every thread; `auto`, ctasim's own default, for the wall-time column)")
    ap.add_argument("--caps", default="",
                    help="comma-separated caps to run (0 = none; default: every recorded run)")
    ap.add_argument("--accelsim", default=None,
                    help="an Accel-Sim binary (accel-sim.out): time it here, beside ctasim, instead of "
                         "taking the recorded times")
    ap.add_argument("--accelsim-config-dir", default=None,
                    help="with --accelsim: the gpgpusim.config and trace.config Accel-Sim reads (the full "
                         "QV100 pair; ctasim's trimmed test copy lacks options Accel-Sim requires)")
    args = ap.parse_args()
    if args.accelsim and not args.accelsim_config_dir:
        ap.error("--accelsim needs --accelsim-config-dir")
    caps = None
    if args.caps:
        try:
            caps = {int(c) for c in args.caps.split(",") if c}
        except ValueError:
            ap.error("--caps expects numbers separated by commas, got '%s'" % args.caps)

    with open(args.results) as f:
        ref = json.load(f)
    env = dict(os.environ)
    env.setdefault("CTASIM_PTX_DIR", os.path.join(HERE, "workloads", "ptx"))
    ctasim = os.path.abspath(args.ctasim)
    cfg = [os.path.join(args.config_dir, "gpgpusim.config"), os.path.join(args.config_dir, "trace.config")]
    sizes = ["small", "default"] if args.size == "all" else [args.size]
    only = {w for w in args.only.split(",") if w}
    work = args.workdir or tempfile.mkdtemp(prefix="speed_vs_accelsim.")
    os.makedirs(work, exist_ok=True)

    runs_by_trace = {}
    for key, run in ref.get("runs", {}).items():
        runs_by_trace.setdefault(run.get("trace"), []).append((key, run))

    rows, notes = [], []
    for tkey, tinfo in ref.get("traces", {}).items():
        size, _, tname = tkey.partition("/")
        if size not in sizes:
            continue
        parsed = parse_trace_command(tinfo.get("command", ""))
        if not parsed:
            notes.append("%s: recorded command not understood, skipped" % tkey)
            continue
        workload, tsize = parsed
        if only and workload not in only and tname not in only:
            continue
        runs = runs_by_trace.get(tkey, [])
        timed = [(k, r) for k, r in runs if (r.get("accelsim") or {}).get("user_s")]
        if caps is not None:
            timed = [(k, r) for k, r in timed if (r.get("cap") or 0) in caps]
        if not timed:
            notes.append("%s: no Accel-Sim time recorded (%d runs), not run" % (tkey, len(runs)))
            continue
        patch = None
        if "sed" in tinfo.get("command", ""):
            patch = recorded_patch(tinfo["command"])
            if not patch:
                notes.append("%s: its recorded patch is not a single sed -E 's/../../', skipped" % tkey)
                continue
        tdir = os.path.join(work, tkey.replace("/", "_"))
        shutil.rmtree(tdir, ignore_errors=True)
        stored = args.stored_traces and os.path.join(args.stored_traces, "%s-%s" % (tname, size))
        if stored and os.path.isdir(stored):
            copy_stored(stored, tdir)
            patch = None  # stored as Accel-Sim ran it
        else:
            gen = [ctasim, "trace", workload, "--size", tsize, "--no-compress", "-o", tdir]
            rc, _, _, out = run_timed(gen, env)
            if rc != 0:
                notes.append("%s: '%s' failed: %s" % (tkey, " ".join(gen), out.strip()[-200:]))
                continue
        if patch:
            n = apply_patch(tdir, patch)
            notes.append("%s: recorded patch applied to %d lines" % (tkey, n))
        want = tinfo.get("sha256_first16_of_concatenated_kernel_files")
        same = None if not want else sha16(tdir) == want
        for key, run in timed:
            argv = [ctasim, "run", "--quiet", "--threads", args.threads, "--allow-unknown", "--config", cfg[0],
                    "--config", cfg[1]]
            if run.get("cap"):
                argv += ["--max-ctas", str(run["cap"])]
            argv.append(os.path.join(tdir, "kernelslist.g"))
            a = dict(run["accelsim"])
            here = None
            if args.accelsim:
                here = run_accelsim(os.path.abspath(args.accelsim), os.path.abspath(args.accelsim_config_dir),
                                    tdir, run.get("cap"), env, work)
                if isinstance(here, str):
                    rows.append({"run": key, "failed": here, "cap": run.get("cap")})
                    print_row(rows[-1], args.markdown, file=sys.stderr)
                    continue
                a = {"user_s": here[0], "wall_s": here[1], "cycles": here[2], "warp_insts": here[3],
                     "recorded_user_s": a["user_s"], "recorded_cycles": a.get("cycles")}
            users, walls, failed = [], [], None
            for _ in range(max(1, args.repeat)):
                total_user, total_wall, k = 0.0, 0.0, 0
                while not failed and (k == 0 or (total_user < args.min_user and k < 200)):
                    rc, user, wall, out = run_timed(argv + ["--json", os.path.join(work, "out.json")], env)
                    if rc != 0:
                        failed = "ctasim failed: " + out.strip()[-200:]
                    total_user += user
                    total_wall += wall
                    k += 1
                if failed:
                    break
                users.append(total_user / k)
                walls.append(total_wall / k)
            row = {"run": key, "trace": tkey, "cap": run.get("cap"), "accelsim_user_s": a["user_s"],
                   "accelsim_wall_s": a.get("wall_s"), "same_trace": same, "failed": failed,
                   "measured_here": here is not None, "recorded_user_s": a.get("recorded_user_s"),
                   "recorded_cycles": a.get("recorded_cycles")}
            if not failed:
                with open(os.path.join(work, "out.json")) as f:
                    res = json.load(f)
                user = statistics.median(users)
                row.update(ctasim_user_s=user, ctasim_wall_s=statistics.median(walls),
                           warp_insts=res.get("totals", {}).get("warp_insts", res.get("warp_insts")),
                           cycles=res.get("totals", {}).get("cycles", res.get("cycles")),
                           accelsim_cycles=a.get("cycles"), accelsim_warp_insts=a.get("warp_insts"),
                           ratio=a["user_s"] / user if user > 0 else float("inf"))
                wall = row["ctasim_wall_s"]
                row["wall_ratio"] = a["wall_s"] / wall if a.get("wall_s") and wall > 0 else None
            rows.append(row)
            print_row(row, args.markdown, file=sys.stderr)
        shutil.rmtree(tdir, ignore_errors=True)
    if not args.workdir:
        shutil.rmtree(work, ignore_errors=True)
    report(rows, notes, args.markdown)
    return 0 if rows else 1


def cap_text(cap):
    return "nocap" if not cap else str(cap)


def print_row(r, markdown, file=sys.stdout):
    if r.get("failed"):
        print("%-28s %s" % (r["run"], r["failed"]), file=file)
        return
    same = {None: "?", True: "yes", False: "NO"}[r["same_trace"]]
    insts = "%s" % r.get("warp_insts")
    if r.get("accelsim_warp_insts") is not None and r.get("accelsim_warp_insts") != r.get("warp_insts"):
        insts += " (Accel-Sim %s)" % r["accelsim_warp_insts"]
    wall = "%.0fx" % r["wall_ratio"] if r.get("wall_ratio") else "?"
    cycles = "%.0f" % r["cycles"] if r.get("cycles") is not None else "?"
    here = r.get("measured_here")
    if markdown and here:
        print("| %s | %s | %s | %.2f | %.2f | %.4f | %.0fx | %s | %s / %s | %s |" % (
            r["run"], insts, cap_text(r["cap"]), r["accelsim_user_s"], r["recorded_user_s"], r["ctasim_user_s"],
            r["ratio"], wall, r.get("accelsim_cycles"), r.get("recorded_cycles"), cycles), file=file)
    elif markdown:
        print("| %s | %s | %s | %.2f | %.4f | %.0fx | %s | %s | %s |" % (
            r["run"], insts, cap_text(r["cap"]), r["accelsim_user_s"], r["ctasim_user_s"], r["ratio"], wall, same,
            cycles), file=file)
    elif here:
        print("%-26s cap %-5s warp insts %-9s Accel-Sim here %7.2f s (recorded %7.2f s)  ctasim %8.4f s  %6.0fx  "
              "wall %6s  (Accel-Sim cycles %s here, %s recorded; ctasim %s)" % (
                  r["run"], cap_text(r["cap"]), insts, r["accelsim_user_s"], r["recorded_user_s"],
                  r["ctasim_user_s"], r["ratio"], wall, r.get("accelsim_cycles"), r.get("recorded_cycles"), cycles),
              file=file)
    else:
        print("%-26s cap %-5s warp insts %-9s Accel-Sim %7.2f s  ctasim %8.4f s  %6.0fx  wall %6s  (same trace file: %s)" % (
            r["run"], cap_text(r["cap"]), insts, r["accelsim_user_s"], r["ctasim_user_s"], r["ratio"], wall, same),
            file=file)


def report(rows, notes, markdown):
    ok = [r for r in rows if not r.get("failed")]
    if markdown and any(r.get("measured_here") for r in ok):
        print("| run | warp insts | cap | Accel-Sim user s, here | recorded | ctasim user s | speed | speed, wall time "
              "| Accel-Sim cycles (here / recorded) | ctasim cycles |")
        print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    elif markdown:
        print("| run | warp insts | cap | Accel-Sim user s | ctasim user s | speed | speed, wall time | same trace file | ctasim cycles |")
        print("|---|---:|---|---:|---:|---:|---:|---|---:|")
    for r in rows:
        print_row(r, markdown)
    if ok:
        worst = min(ok, key=lambda r: r["ratio"])
        line = "minimum %.0fx (%s); median %.0fx over %d runs; %d below 100x" % (
            worst["ratio"], worst["run"], statistics.median(r["ratio"] for r in ok), len(ok),
            sum(r["ratio"] < 100 for r in ok))
        walls = [r["wall_ratio"] for r in ok if r.get("wall_ratio")]
        if walls:
            line += "; wall time: minimum %.0fx, median %.0fx" % (min(walls), statistics.median(walls))
        print(("\n" if markdown else "") + line)
    for n in notes:
        print(("- " if markdown else "note: ") + n)


if __name__ == "__main__":
    sys.exit(main())
