#!/bin/sh
# check_ptx.sh — is the committed PTX what nvcc makes of workloads/kernels now?
# Regenerates into a scratch directory with the same commands as gen_ptx.sh
# and compares. Skips (exit 0) where nvcc is not installed.
ARCH=${1:-sm_75}
cd "$(dirname "$0")/.."
if ! command -v nvcc >/dev/null 2>&1; then
    echo "check_ptx: nvcc not found; skipped"; exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
status=0
for cu in workloads/kernels/*.cu; do
    name=$(basename "$cu" .cu)
    arch=$(sed -n 's|^// ctasim-arch: *||p' "$cu" | head -n 1); arch=${arch:-$ARCH}
    nvcc -ptx -arch="$arch" -O3 "$cu" -o "$T/$name.ptx" || { status=1; continue; }
    ptxas -arch="$arch" -v "$T/$name.ptx" -o /dev/null 2>&1 | grep -E "^ptxas info" | grep -v "Compile time" > "$T/$name.ptxas.txt"
    for f in "$name.ptx" "$name.ptxas.txt"; do
        if ! cmp -s "$T/$f" "workloads/ptx/$f"; then
            echo "check_ptx: workloads/ptx/$f is stale (run make ptx)"; status=1
        fi
    done
done
[ $status -eq 0 ] && echo "check_ptx: committed PTX is current"
exit $status
