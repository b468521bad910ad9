#!/usr/bin/env python3
"""Times graphql-core's parse of the GitHub schema and prints it beside mockls's (read from the benchmark report
on standard input, as `make bench` pipes it), as a ratio."""

import re
import statistics
import sys
import time
from pathlib import Path

import graphql
from graphql import parse

SCHEMA = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "github" / "schema.graphqls"


def mockls_median_ms(report: str):
    section = report.split("### GitHub schema: parse (mockls)", 1)
    if len(section) < 2:
        return None
    row = re.search(r"\| Time \(wall clock\) \((μs|ms|ns|s)\) \*? *\|([^\n]*)", section[1])
    if not row:
        return None
    unit, cells = row.group(1), [c.strip() for c in row.group(2).split("|")]
    p50 = float(cells[2])  # p0, p25, p50, ...
    return p50 * {"ns": 1e-6, "μs": 1e-3, "ms": 1.0, "s": 1e3}[unit]


def main():
    report = sys.stdin.read()
    if not SCHEMA.exists():
        print("../shared/bench is absent: graphql-core comparison skipped")
        return
    text = SCHEMA.read_text()
    samples = []
    for _ in range(15):
        start = time.perf_counter()
        parse(text, no_location=False)
        samples.append((time.perf_counter() - start) * 1e3)
    core = statistics.median(samples)
    ours = mockls_median_ms(report)
    print(f"\n## GitHub schema ({len(text.encode()):,} bytes): parse, median of 15")
    print(f"- graphql-core {graphql.__version__} (Python): {core:.1f} ms")
    if ours:
        print(f"- mockls GraphQLParser: {ours:.2f} ms  ->  {core / ours:.0f}x faster than graphql-core")


if __name__ == "__main__":
    main()
