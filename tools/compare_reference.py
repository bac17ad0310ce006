#!/usr/bin/env python3
"""Compare ctasim with a reference simulator (Accel-Sim / GPGPU-Sim) on the same traces.

Two ways to get the reference numbers:
  --reference BINARY      run the reference simulator yourself (Accel-Sim's accel-sim.out):
                          BINARY -trace T/kernelslist.g -config C1 -config C2 [-gpgpu_shader_cta N]
  --reference-json FILE   use stored results (the team's accelsim-reference/results.json
                          layout: runs{name: {trace, cap, accelsim{cycles, ...}}})

ctasim runs on the same traces with the same config files:
  ctasim run --allow-unknown --config C1 --config C2 [--max-ctas N] --json OUT TRACE

Prints, per run: reference and ctasim cycles, their ratio, average memory
latency ratio and L1D/L2 miss rates (ratios of rates: the two count accesses
in different units), then a summary (mean |error|, worst run) and, per
workload, the best CTA cap in each simulator.

Examples
  tools/compare_reference.py --reference-json results.json --traces /data/traces \\
      --config qv100/gpgpusim.config --config qv100/trace.config
  tools/compare_reference.py --reference ~/accel-sim.out --config gpgpusim.config \\
      --config trace.config --caps 1,2,4,0 my-trace-dir another-trace-dir
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def fail(msg):
    print("compare_reference: " + msg, file=sys.stderr)
    sys.exit(2)


def kernelslist(trace):
    """A trace directory or its kernelslist.g -> path of kernelslist.g."""
    path = os.path.join(trace, "kernelslist.g") if os.path.isdir(trace) else trace
    if not os.path.isfile(path):
        fail("%s: no kernelslist.g" % trace)
    return path


def run_ctasim(binary, configs, trace, cap, extra):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.json")
        cmd = [binary, "run", "--allow-unknown", "--quiet"]
        for c in configs:
            cmd += ["--config", c]
        if cap:
            cmd += ["--max-ctas", str(cap)]
        cmd += extra + ["--json", out, kernelslist(trace)]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0 or not os.path.exists(out):
            fail("ctasim failed (%s): %s" % (" ".join(cmd), p.stderr.strip()[-500:]))
        with open(out) as f:
            d = json.load(f)
    rate = lambda s: (s["misses"] / s["accesses"]) if s.get("accesses") else None
    return {
        "cycles": d["cycles"],
        "latency": d.get("avg_mem_latency"),
        "l1_miss": rate(d["l1d"]),
        "l2_miss": rate(d["l2"]),
        "kernel_cycles": [k["end_cycle"] - k["start_cycle"] for k in d["kernels"]],
    }


def last_stat(text, name):
    found = re.findall(r"^\s*%s\s*=\s*([-0-9.eE+]+)" % re.escape(name), text, re.M)
    return float(found[-1]) if found else None


def run_reference(binary, configs, trace, cap, extra):
    """Run Accel-Sim; a directory with .traceg.xz files is decompressed into a temporary copy."""
    trace_dir = os.path.dirname(kernelslist(trace))
    with tempfile.TemporaryDirectory() as tmp:
        if any(n.endswith(".xz") for n in os.listdir(trace_dir)):
            for n in os.listdir(trace_dir):
                src = os.path.join(trace_dir, n)
                if n.endswith(".xz"):
                    with open(os.path.join(tmp, n[:-3]), "wb") as out:
                        subprocess.run(["xz", "-dc", src], stdout=out, check=True)
                else:
                    with open(src, "rb") as i, open(os.path.join(tmp, n), "wb") as o:
                        o.write(i.read())
            trace_dir = tmp
        cmd = [binary, "-trace", os.path.join(trace_dir, "kernelslist.g")]
        for c in configs:
            cmd += ["-config", os.path.abspath(c)]
        if cap:
            cmd += ["-gpgpu_shader_cta", str(cap)]
        cmd += extra
        # Accel-Sim looks for the interconnect file next to where it runs.
        cwd = os.path.dirname(os.path.abspath(configs[0])) if configs else None
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd)
    text = p.stdout
    cycles = last_stat(text, "gpu_tot_sim_cycle")
    if p.returncode != 0 or cycles is None:
        fail("reference failed (%s): %s" % (" ".join(cmd), text.strip()[-500:]))
    return {
        "cycles": int(cycles),
        "latency": last_stat(text, "averagemflatency"),
        "l1_miss": last_stat(text, "L1D_total_cache_miss_rate"),
        "l2_miss": last_stat(text, "L2_total_cache_miss_rate"),
        "kernel_cycles": [int(x) for x in re.findall(r"^\s*gpu_sim_cycle\s*=\s*(\d+)", text, re.M)],
    }


def ratio(a, b):
    return (a / b) if (a is not None and b) else None


def fmt(x, spec="%.3f"):
    return "-" if x is None else spec % x


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ctasim", default=os.path.join(os.path.dirname(__file__), "..", "build", "ctasim"))
    ap.add_argument("--config", action="append", default=[], help="config file (repeat); given to both")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--reference", help="reference simulator binary (accel-sim.out)")
    g.add_argument("--reference-json", help="stored reference results (results.json layout)")
    ap.add_argument("--traces", default=".", help="directory the stored runs' trace paths are relative to")
    ap.add_argument("--caps", default="0", help="CTA caps for --reference runs, comma list, 0 = none")
    ap.add_argument("--only", help="regular expression on run names (stored runs)")
    ap.add_argument("--set", action="append", default=[], help="extra ctasim --set OPTION=VALUE")
    ap.add_argument("--json", help="write the table as JSON here")
    ap.add_argument("trace", nargs="*", help="trace directories (with --reference)")
    a = ap.parse_args()
    if not os.path.exists(a.ctasim):
        fail("%s: no such ctasim binary (build it with make)" % a.ctasim)
    extra = []
    for s in a.set:
        extra += ["--set", s]

    runs = []  # (name, workload, cap, ref, ctasim)
    if a.reference_json:
        with open(a.reference_json) as f:
            stored = json.load(f)["runs"]
        for name, r in stored.items():
            if a.only and not re.search(a.only, name):
                continue
            ref = r.get("accelsim")
            if not ref or not ref.get("cycles"):
                continue
            ref = {"cycles": ref["cycles"], "latency": ref.get("averagemflatency"),
                   "l1_miss": ref.get("L1D_miss_rate"), "l2_miss": ref.get("L2_miss_rate"),
                   "kernel_cycles": ref.get("kernel_cycles", [])}
            trace = os.path.join(a.traces, r["trace"])
            cap = r["cap"] if isinstance(r["cap"], int) else 0
            runs.append((name, "%s.%s" % (r["workload"], r["size"]), cap, ref,
                         run_ctasim(a.ctasim, a.config, trace, cap, extra)))
    else:
        if not a.trace:
            fail("give trace directories to run with --reference")
        caps = [int(c) for c in a.caps.split(",")]
        for t in a.trace:
            for cap in caps:
                name = "%s.%s" % (os.path.basename(os.path.normpath(t)), "cta%d" % cap if cap else "nocap")
                runs.append((name, os.path.basename(os.path.normpath(t)), cap,
                             run_reference(a.reference, a.config, t, cap, []),
                             run_ctasim(a.ctasim, a.config, t, cap, extra)))

    print("%-26s %9s %9s %7s %7s %7s %7s %7s %7s" %
          ("run", "ref_cyc", "cta_cyc", "cyc_r", "lat_r", "l1_ref", "l1_cta", "l2_ref", "l2_cta"))
    table, errs = [], []
    for name, wl, cap, ref, cta in runs:
        r = ratio(cta["cycles"], ref["cycles"])
        errs.append(abs(r - 1))
        print("%-26s %9d %9d %7s %7s %7s %7s %7s %7s" %
              (name, ref["cycles"], cta["cycles"], fmt(r), fmt(ratio(cta["latency"], ref["latency"])),
               fmt(ref["l1_miss"]), fmt(cta["l1_miss"]), fmt(ref["l2_miss"]), fmt(cta["l2_miss"])))
        table.append({"run": name, "workload": wl, "cap": cap, "reference": ref, "ctasim": cta,
                      "cycles_ratio": r})
    if errs:
        worst = max(range(len(errs)), key=lambda i: errs[i])
        print("\nruns %d  mean |cycles error| %.1f%%  worst %s %.1f%%  within 12%%: %d/%d" %
              (len(errs), 100 * sum(errs) / len(errs), runs[worst][0], 100 * errs[worst],
               sum(e <= 0.12 for e in errs), len(errs)))
    # best cap per workload where more than one cap was run
    by_wl = {}
    for name, wl, cap, ref, cta in runs:
        by_wl.setdefault(wl, []).append((cap, ref["cycles"], cta["cycles"]))
    lines = []
    for wl, v in by_wl.items():
        if len(v) < 2:
            continue
        label = lambda c: "cta%d" % c if c else "nocap"
        best_ref = min(v, key=lambda x: (x[1], x[0] or 1 << 30))
        best_cta = min(v, key=lambda x: (x[2], x[0] or 1 << 30))
        # caps whose cycles tie the best within 1% count as equally good
        tie_ref = {x[0] for x in v if x[1] <= best_ref[1] * 1.01}
        tie_cta = {x[0] for x in v if x[2] <= best_cta[2] * 1.01}
        same = bool(tie_ref & tie_cta)
        lines.append("%-16s best cap: reference %-6s ctasim %-6s %s" %
                     (wl, label(best_ref[0]), label(best_cta[0]), "same" if same else "DIFFERENT"))
    if lines:
        print("\n" + "\n".join(lines))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(table, f, indent=1)
        print("table written to %s" % a.json)


if __name__ == "__main__":
    main()
