#!/bin/sh
# Reports in a real browser (headless Chromium; .ci/run installs Debian's
# chromium when missing): a small experiment's report and a run's report
# with time series must load with no console message, every figure must
# come out of the browser's parser as an <svg> that draws something, and a
# screenshot of each page is kept in $CTASIM_ARTIFACTS (default
# ci-artifacts/). Prints "PASS name" / "FAIL name"; exits non-zero on failure.
C=${CTASIM:-build/ctasim}
OUT=${CTASIM_ARTIFACTS:-ci-artifacts}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
FAILED=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; FAILED=1; }
B=$(command -v chromium || command -v chromium-browser)
if [ -z "$B" ]; then
    echo "FAIL report_browser: chromium is not installed (.ci/run installs Debian's chromium)"
    exit 1
fi
mkdir -p "$OUT"

$C experiment lee-fig4 --size small --workloads VADD,BFS,KMN --jobs 2 -o "$T/ex" --report >/dev/null 2>&1 ||
    fail report_browser_experiment "experiment --report failed"
$C run --quiet --cta-sched dyncta --power --sample-interval 500 --json "$T/run.json" --size small KMN >/dev/null 2>&1 &&
    $C report "$T/run.json" -o "$T/run.html" >/dev/null 2>&1 || fail report_browser_run "run report failed"

check_page() { # NAME PAGE
    name=$1; page=$2
    [ -s "$page" ] || { fail "$name" "no page $page"; return; }
    timeout 120 "$B" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
        --dump-dom "file://$page" >"$T/dom.html" 2>"$T/dom.err"
    want=$(grep -o "<svg" "$page" | wc -l); got=$(grep -o "<svg" "$T/dom.html" | wc -l)
    # a figure that draws nothing: an <svg> with no path, line, rect, circle or polyline
    empty=$(awk 'BEGIN { RS = "</svg>" } /<svg/ && !/<(path|line|rect|circle|polyline|polygon)/ { n++ } END { print n + 0 }' "$T/dom.html")
    if [ "$want" -gt 0 ] && [ "$got" -eq "$want" ] && [ "$empty" -eq 0 ] && ! grep -q "CONSOLE" "$T/dom.err"; then
        pass "$name"
    else
        fail "$name" "$got of $want figures in the DOM, $empty empty; $(grep CONSOLE "$T/dom.err" | head -2)"
    fi
    if timeout 120 "$B" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2400 \
            --screenshot="$OUT/$name.png" "file://$page" >/dev/null 2>&1 && [ -s "$OUT/$name.png" ]; then
        pass "${name}_screenshot"
        echo "screenshot: $OUT/$name.png"
    else
        fail "${name}_screenshot" "no screenshot"
    fi
}
check_page report_browser_experiment "$T/ex/report.html"
check_page report_browser_run "$T/run.html"
[ $FAILED -eq 0 ]
