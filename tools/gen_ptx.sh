#!/bin/sh
# gen_ptx.sh — regenerate workloads/ptx/NAME.ptx (and NAME.ptxas.txt, the
# `ptxas -v` resource report the runtime reads registers-per-thread from) for
# every workloads/kernels/NAME.cu. Needs nvcc; without it the committed PTX is
# used as is. Usage: tools/gen_ptx.sh [ARCH]   (default sm_75; a kernel that
# needs a newer GPU names its own with a line `// gen_ptx-arch: sm_90`)
set -e
ARCH=${1:-sm_75}
cd "$(dirname "$0")/.."
if ! command -v nvcc >/dev/null 2>&1; then
    echo "gen_ptx: nvcc not found; keeping the committed PTX"; exit 0
fi
for cu in workloads/kernels/*.cu; do
    name=$(basename "$cu" .cu)
    ptx=workloads/ptx/$name.ptx
    # a kernel that needs a newer GPU names it: "// gen_ptx-arch: sm_80" (tensor cores)
    arch=$(sed -n 's|^// gen_ptx-arch: *\(sm_[0-9a-z]*\).*|\1|p' "$cu" | head -1)
    arch=${arch:-$ARCH}
    nvcc -ptx -arch="$arch" -O3 "$cu" -o "$ptx.tmp"
    mv "$ptx.tmp" "$ptx"
    # ptxas writes its resource report to stderr; keep only the report lines.
    ptxas -arch="$arch" -v "$ptx" -o /dev/null 2>&1 | grep -E "^ptxas info" | grep -v "Compile time" > "workloads/ptx/$name.ptxas.txt"
    echo "gen_ptx: $ptx"
done
