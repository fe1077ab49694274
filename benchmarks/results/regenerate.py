#!/usr/bin/env python3
"""Keeps the current results pages (h100.md, cpu.md, ...): one page per platform, the only file a run leaves here.

A page shows, row group by row group, the newest run that measured each benchmark: a run that measured only the scan
replaces only the scan's rows. Each row ends with the commit that run built, its date and the command that produced
it. Above each table, an HTML comment (invisible on the rendered page) names its row groups: their key, device, run and
a digest of their rows, so that the page itself is what a newer run is merged into, and a hand edit shows. A run's raw
files are not kept: the pages and git history (`git log -p -- benchmarks/results/`) are the record.

  python3 benchmarks/results/regenerate.py --add OUT    merge a run's $OUT (with its run.properties) into its page
  python3 benchmarks/results/regenerate.py              rewrite the pages from their own rows (after a section's text
                                                        or the layout changed here)
  python3 benchmarks/results/regenerate.py --check      exit 1, with a diff, if a page was edited by hand or is not
                                                        in this script's layout

Only the standard library; Python 3.8 or later.
"""
import argparse
import csv
import difflib
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROPERTIES = "run.properties"
REQUIRED = ("page", "device", "date", "commit", "command")


class Run:
    """A run's $OUT: what the benchmarks wrote, and run.properties (page, device, date, commit, command)."""

    def __init__(self, folder):
        self.folder = folder
        self.props = read_properties(os.path.join(folder, PROPERTIES))
        self.page = self.props["page"]
        self.date = self.props["date"]
        self.commit = self.props["commit"]
        self.command = self.props["command"]
        self.device = self.props["device"]

    def path(self, name):
        return os.path.join(self.folder, name)


def read_properties(path):
    props = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if "=" not in line:
                sys.exit(f"{path}:{number}: '{line}' is not key=value; write e.g. commit=1a2b3c4")
            key, value = line.split("=", 1)
            props[key.strip()] = value.strip()
    missing = [k for k in REQUIRED if not props.get(k)]
    if missing:
        sys.exit(f"{path}: no {', '.join(missing)}; a run's run.properties needs {', '.join(REQUIRED)} "
                 "(benchmarks/gpu/remote.sh writes them)")
    return props


# ---- reading what the benchmarks write --------------------------------------------------------------------------

def split_row(line):
    cells = line.strip()
    cells = cells[1:-1] if cells.endswith("|") else cells[1:]
    return [c.strip() for c in re.split(r"(?<!\\)\|", cells)]


def md_tables(path):
    """Every table of a Markdown file: (the nearest heading above it, header cells, rows of cells)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, heading, i = [], "", 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[-:| ]+\|?$", lines[i + 1]):
            header, rows, i = split_row(line), [], i + 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(split_row(lines[i]))
                i += 1
            tables.append((heading, header, rows))
            continue
        i += 1
    return tables


class Group:
    """Rows that one run measured together and that a newer run replaces as a whole."""

    def __init__(self, key, header, rows, caption=None, device=None):
        self.key, self.header, self.rows, self.caption, self.device = key, header, rows, caption, device


def first_table(path, first_column):
    for heading, header, rows in md_tables(path):
        if header and header[0] == first_column:
            return heading, header, rows
    return None


def launch_rate(run, path, key):
    table = first_table(path, "path")
    return [Group(key, table[1], table[2])] if table else []


def jmh(run, path):
    with open(path, encoding="utf-8") as f:
        results = json.load(f)
    rows = []
    for r in results:
        metric = r["primaryMetric"]
        params = ", ".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
        rows.append([r["benchmark"].rsplit(".", 1)[-1] + (f" ({params})" if params else ""),
                     f"{metric['score']:.3f}", f"± {metric['scoreError']:.3f}", metric["scoreUnit"]])
    return [Group("jmh", ["benchmark", "score", "99.9% interval", "unit"], rows)]


def sweep(run, path):
    with open(path, encoding="utf-8", newline="") as f:
        data = list(csv.DictReader(f))
    groups = []
    for workload in dict.fromkeys(r["workload"] for r in data):
        rows = [r for r in data if r["workload"] == workload]
        sizes = sorted({int(r["log2n"]) for r in rows})
        top = sizes[-1]
        shown = [k for k in sizes if k % 4 == 0 or k in (sizes[0], top)]
        torch = {int(r["log2n"]): float(r["per_op_us"]) for r in rows if r["path"] == "torch"}
        header = ["path"] + [f"per op µs, 2^{k}" for k in shown] + [f"GB/s per op, 2^{top}"]
        if torch:
            header.append(f"PyTorch's per op / this, 2^{top}")
        header.append("checks")
        table = []
        for p in dict.fromkeys(r["path"] for r in rows):
            by_size = {int(r["log2n"]): r for r in rows if r["path"] == p}
            cells = [p] + [by_size[k]["per_op_us"] if k in by_size else "–" for k in shown]
            cells.append(by_size[top]["per_op_gbps"] if top in by_size else "–")
            if torch:
                ratio = (torch[top] / float(by_size[top]["per_op_us"])) if top in by_size and top in torch else None
                cells.append("–" if p == "torch" or ratio is None else f"{ratio:.3f}")
            failed = [f"2^{k}" for k, r in sorted(by_size.items()) if not r["check"].startswith("ok")]
            cells.append("ok at every size" if not failed else "FAILED at " + ", ".join(failed))
            table.append(cells)
        groups.append(Group(("sweep", workload), header, table, workload))
    return groups


def one_table(first_column, key):
    def read(run, path):
        table = first_table(path, first_column)
        return [Group(key, table[1], table[2])] if table else []
    return read


def keyed_tables(*keys):
    """A reader of a file's tables, each found by its first column's header: a group per (key, first column) found."""
    def read(run, path):
        groups = []
        for key, first in keys:
            table = first_table(path, first)
            if table:
                groups.append(Group(key, table[1], table[2]))
        return groups
    return read


# EnqueueProbe's two tables: each kernel variant's device time, and each launch path's enqueue and run.
enqueue_probe = keyed_tables(("probe-device", "kernel"), ("probe-enqueue", "variant"))


def algorithms(run, path):
    """AlgorithmsBench's table as one group per size and side (jsycl's rows, PyTorch's), so that a run of some sizes,
    or of jsycl alone, replaces only those rows."""
    table = first_table(path, "algorithm")
    return split_algorithms(Group("algorithms", table[1], table[2])) if table else []


def split_algorithms(group):
    """A group of AlgorithmsBench rows as its groups per size and side; the groups of a page written before the
    split (one group, key "algorithms") are read back so."""
    if group.key != "algorithms":
        return [group]
    groups = {}
    for row in group.rows:
        key = ("algorithms", row[1], "pytorch" if row[2].startswith("PyTorch") else "jsycl")
        groups.setdefault(key, Group(list(key), group.header, [], group.caption)).rows.append(row)
    return list(groups.values())


def kernel_shapes(run, path):
    table = first_table(path, "workload")
    if not table:
        return []
    header, rows = table[1], table[2]
    groups = {}
    for row in rows:
        key = (row[0], row[1])
        groups.setdefault(key, Group(("shapes",) + key, header, [], f"{row[0]}, n = {row[1]}")).rows.append(row)
    return list(groups.values())


def suite(run, path):
    table = first_table(path, "workload")
    if not table:
        return []
    device = table[0].split(" — ")[0]
    return [Group(("suite", row[0], row[1]), table[1], [row], device=device) for row in table[2]]


def first_kernel(run, path):
    return [Group(("first-kernel", heading), header, rows, heading)
            for heading, header, rows in md_tables(path) if header and header[0] == "mode"]


def ab(run, path):
    """benchmarks/gpu/ab.sh's ab.md: each measurement of the baseline build beside the same of the run's build."""
    values = {}  # measurement -> {"old": [...], "new": [...]}, in the order first seen
    side = kind = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            heading = re.match(r"### (LaunchRate|JMH|Sweep saxpy|Suite) (old|new)", line)
            if heading:
                kind, side = heading.group(1), heading.group(2)
                continue
            if kind == "LaunchRate" and line.startswith("| ") and not line.startswith("| path"):
                name, value = [c.strip() for c in line.strip("|").split("|")][:2]
                measurement, shown = f"launch rate: {name} (µs per launch)", value.split()[0]
            elif kind == "JMH" and line.startswith("SubmitBenchmark."):
                parts = line.split()
                measurement = f"submit cost: {parts[0].split('.', 1)[1]} ({parts[-1]})"
                shown = f"{parts[4]} ± {parts[6]}"
            elif kind == "Sweep saxpy" and line.strip().startswith("saxpy"):
                parts = line.split()
                measurement = f"SAXPY {parts[2]}: {parts[1]} per op (µs)"
                shown = parts[parts.index("op") + 1]
            elif kind == "Suite" and line.startswith("| "):
                # A suite row: the kernel and the whole program from Java arrays and back (e2e), jsycl and raw.
                cells = split_row(line)
                # Column 7 is the raw path's e2e in a workload's own row; in the rows under it (Aparapi's, jsycl's
                # kept buffers) it compares that row with another.
                beside = "raw e2e" if ":" not in cells[0] else "beside"
                for column, what in ((2, "kernel"), (6, "e2e"), (7, beside)):
                    if len(cells) > column and cells[column] not in ("–", "-", ""):
                        measurement = f"{cells[0]}, {cells[1]}: {what} (ms)"
                        values.setdefault(measurement, {"old": [], "new": []})[side].append(cells[column])
                continue
            else:
                continue
            values.setdefault(measurement, {"old": [], "new": []})[side].append(shown)
    rows = [[m, ", ".join(v["old"]), ", ".join(v["new"])] for m, v in values.items()]
    baseline = run.props.get("baseline", "the baseline")
    return [Group("ab", ["measurement", f"at {baseline}", "at this run's commit"], rows)]


# DriverCallProbe's two tables: each call's cost alone, and a step's calls from one thread or a thread per device.
driver_calls = keyed_tables(("driver-calls", "call"), ("driver-calls-threads", "devices"))


def affinity(run, path):
    """AffinityProbe's three tables (the hand-written sequence per CPU, beside a main thread's work, and jsycl's), each
    with the rows of every process the file holds (under "## ... process N" headings), its number first."""
    groups = []
    for key, first in (("affinity-cpu", "CPU"), ("affinity-beside", "main thread on"),
                       ("affinity-jsycl", "submitting thread on")):
        rows, header = [], None
        for heading, table_header, table_rows in md_tables(path):
            if table_header and table_header[0] == first:
                process = re.search(r"process (\d+)", heading)
                header = ["process"] + table_header
                rows += [[process.group(1) if process else "1"] + row for row in table_rows]
        if header:
            groups.append(Group(key, header, rows))
    return groups


def variants(run, path):
    """multi-run.sh's ONLY=variants: one row per setting, round and GPU count, from its '## NAME (SETTINGS), round R'
    headings and the stencil rows under each, with the submitting thread's time a step from the 'spread:' line before
    a row (its CPU time, and its time in driver calls where the run timed them)."""
    rows, setting, round_, thread = [], None, None, ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            heading = re.match(r"## (\S+) \((.*)\), round (\d+)", line)
            if heading:
                setting = heading.group(1) + (f" ({heading.group(2)})" if heading.group(2) else "")
                round_ = heading.group(3)
            elif line.startswith("spread:"):
                cpu = re.search(r"CPU ([0-9.]+) µs a step", line)
                calls = re.search(r"([0-9.]+) in driver calls", line)
                thread = (cpu.group(1) if cpu else "?") + (f" / {calls.group(1)}" if calls else "")
            elif line.startswith("| ") and setting:
                cells = split_row(line)
                rows.append([setting, round_, cells[1], cells[2], cells[3], cells[4], thread, cells[5]])
                thread = ""
    header = ["setting", "round", "size", "devices", "ms per step (median)", "speed-up over 1",
              "submitting thread, µs a step: CPU / in driver calls", "check"]
    return [Group("variants", header, rows)] if rows else []


class Section:
    def __init__(self, title, files, intro, read, page=None):
        self.title, self.files, self.intro, self.read, self.page = title, files, intro, read, page

    def page_of(self, run):
        return self.page or run.page


SECTIONS = [
    Section("Launch rate", ["launch-rate-compare.md"],
            "The cost of one launch of a tiny cached kernel (vector add of 256 floats) when launches come back to "
            "back: 20000 launches, one wait, per launch = wall clock / 20000; rounds of the paths taking turns, "
            "pooled over the passes (`io.jsycl.bench.LaunchRate`, `LaunchRateCompare`), PyTorch's eager launch "
            "taking its turn from a child process. µs per launch.",
            lambda run, path: launch_rate(run, path, "turns")),
    Section("Launch rate, one process at a time", ["launch-rate-solo-compare.md"],
            "The same, with no peer process alive: jsycl's side, then PyTorch's alone (`LAUNCH_RATE_SOLO`).",
            lambda run, path: launch_rate(run, path, "solo")),
    Section("Submit cost", ["jmh-submit.json"],
            "Host cost of one `q.submit` against `clSetKernelArg` ×3 + `clEnqueueNDRangeKernel` "
            "(`io.jsycl.bench.SubmitBenchmark`, JMH).", jmh),
    Section("Size sweep", ["sweep.csv"],
            "SAXPY, the int and float sums and the device copy at every n = 2^k on device-resident data, jsycl "
            "beside hand-written OpenCL C (and PyTorch where the run had it), the paths taking turns round by "
            "round (`io.jsycl.bench.Sweep`); per op = wall clock of back-to-back operations and one wait / count, "
            "median of the rounds. Every size is in the run's `sweep.csv`.", sweep),
    Section("Scan", ["scan.md"],
            "Inclusive scans of ints: the PrefixSum sample (three kernels) and the one-pass scan "
            "(`io.jsycl.bench.ScanBench`).", one_table("scan", "scan")),
    Section("Kernel shapes", ["kernel-shapes.md"],
            "Hand-written OpenCL C shapes of SAXPY and of the float sum, interleaved round by round "
            "(`io.jsycl.bench.KernelShapes`): what decided the launch shapes jsycl generates.", kernel_shapes),
    Section("Benchmark suite", ["suite-gpu.md"],
            "Each workload as a jsycl kernel and as hand-written OpenCL C on the same device "
            "(`io.jsycl.bench.Suite`); milliseconds, median (min–max); kernel time from profiling events, e2e the "
            "host wall clock of a whole program.", suite),
    Section("Benchmark suite", ["suite-cpu.md"],
            "Each workload as a jsycl kernel and as hand-written OpenCL C on the same device "
            "(`io.jsycl.bench.Suite --device cpu`); milliseconds, median (min–max).", suite, page="cpu"),
    Section("The door, phase by phase", ["door-phases.md"],
            "One operation from Java arrays and back as the README writes it (SAXPY of 2^26 floats, `Buffer.of` in "
            "try-with-resources), timed phase by phase on the host clock (`io.jsycl.bench.DoorPhases`): the submit "
            "holds the uploads' host copies into pinned memory, the close of the written buffer its write-back.",
            one_table("phase", "door-phases")),
    Section("The door beside the pinned bandwidth", ["door-phases.md"],
            "The same SAXPY from Java arrays (the README idiom above), through host USM (`HostArray`s kept across "
            "runs: buffers over them made per run, or explicit copies to and from device arrays), and its bytes (two "
            "arrays up, one down) moved between pinned memory and the device by raw OpenCL in the same run "
            "(`io.jsycl.bench.DoorPhases`); every result checked against Java.",
            one_table("the same SAXPY", "door-usm")),
    Section("Door probe", ["door-probe.md"],
            "Ways of moving one float[2^26] between the Java heap and the device through pinned memory with the raw "
            "bindings and no runtime (`io.jsycl.bench.DoorProbe`): host copies alone, the DMA alone, and pipelined "
            "transfers by thread count and slice size, with slices staged in place or through a small reused ring; "
            "GB/s of the array's bytes. What chose the runtime's 4 MiB slices on up to 8 threads.",
            one_table("way", "door-probe")),
    Section("First programs", ["first-programs.md"],
            "Programs a new user writes, timed whole from Java arrays to Java arrays, beside the same computation "
            "in Java on all cores (`io.jsycl.bench.FirstPrograms`): stream compaction of floats with their sum, a "
            "box blur then the Sobel magnitude of an image, and (from 2026-11-27) k-means over points held as "
            "records; milliseconds, every result checked bit-exactly against Java's. The filter's Java reference is "
            "branch-free; from 2026-11-28 it is also beside plain Java streams and a plain multi-threaded loop over "
            "the same tiles with the kernel's own branches (checked within the float sum's rounding).",
            one_table("program", "first-programs")),
    Section("First programs on the host device", ["first-programs-host.md"],
            "The same programs on jsycl's pure-Java host device (`FirstPrograms --device host`, the development "
            "machine's sizes), beside the same computation in Java on all cores (for the filter also a plain loop "
            "with the kernel's branches); milliseconds, every result checked bit-exactly against Java's.",
            one_table("program", "first-programs-host")),
    Section("First programs on the CPU's OpenCL device", ["first-programs-cpu.md"],
            "The same programs on the host's CPU through its OpenCL driver (`FirstPrograms --device cpu`), beside "
            "the same computation in Java on all cores; milliseconds, every result checked bit-exactly against "
            "Java's.", one_table("program", "first-programs-cpu")),
    Section("Parallel algorithms", ["algorithms.md"],
            "The parallel algorithms (`io.jsycl.algorithms`) on data on the device (`io.jsycl.bench.AlgorithmsBench`): "
            "the inclusive scan of ints, the floats above 0.5 compacted in order, the float sum and the sort of int keys with their "
            "indices, beside the device's copy of the same bytes and, on a GPU, PyTorch's cumsum, masked_select, sum "
            "and sort; per op = back-to-back runs and one wait / runs, median of 5 rounds; every result "
            "checked against Java.", algorithms),
    Section("Several reductions in one pass", ["several-reductions.md"],
            "The sum, minimum and maximum of ints on the device (`io.jsycl.bench.SeveralReductionsBench`): jsycl's "
            "three reductions in one `parallelFor` (one read of the data), one `parallelFor` per reduction (three), "
            "the same one pass hand-written in OpenCL C, and jsycl's sum alone; a run is the submits and their wait, "
            "host clock; results checked exactly against Java.", one_table("reductions", "several-reductions")),
    Section("Multi-dimensional kernels", ["grid-kernels.md"],
            "2-D and 3-D `Range` kernels on device data beside the same arithmetic hand-written in OpenCL C with "
            "fixed work-groups, each path's rounds back to back (`io.jsycl.bench.GridKernels`): a run is the "
            "whole operation (one launch, or the 254 launches of the per-slice sequence) and its wait, host clock, "
            "milliseconds; first and second run, the first five, median and min of the rest, device time from "
            "profiling events, and the work-group jsycl launched with; outputs checked bit-exactly. The row \"built "
            "in its first run\" compiles its program in its first run, as jsycl's first submit does: the baseline "
            "for the first and second runs (docs/performance.md, the second run of a new kernel).",
            one_table("workload", "grid-kernels")),
    Section("Multi-dimensional kernels, the paths taking turns in one context", ["grid-kernels-same-context.md"],
            "The same workloads with the hand-written kernels built in jsycl's own OpenCL context, each path on a queue "
            "of its own, the paths taking turns run by run (`GridKernels --same-context --turns` as many as `--runs`): "
            "no context switch between turns, each timed run after its path's untimed one, so that the host's drift "
            "falls on every path alike. The comparison free of that drift; the table above is what a program that runs "
            "one kernel after another sees.", one_table("workload", "grid-kernels")),
    Section("Multi-dimensional kernels, built before the first run", ["grid-kernels-prepared.md"],
            "The same workloads with each jsycl path's kernel built by `Queue.prepare` when the path is set up "
            "(`GridKernels --prepare`), as a program that builds its kernels ahead of its timed work does: jsycl's first "
            "run is the first after that build, not the build itself (docs/performance.md, \"Building a kernel before "
            "its first submit\").", one_table("workload", "grid-kernels")),
    Section("Multi-dimensional kernels without the submit-path warm-up", ["grid-kernels-warmup-off.md"],
            "The same with `JSYCL_WARMUP=off`, in the same command: what the warm-up (`SubmitWarmup`) changes in the "
            "first runs of a fresh JVM.", one_table("workload", "grid-kernels")),
    Section("A DistributedQueue's first runs, prepared", ["distributed-prepare.md"],
            "A new `DistributedQueue` over one GPU, over one GPU taken twice (two contexts, each building its "
            "program) and over both GPUs of the host, running a 1-D three-point stencil of 4M floats from the host's "
            "arrays (`io.jsycl.bench.DistributedPrepare`), with and without `dq.prepare` before its first submit; each "
            "row a kernel of its own, jsycl's disk cache off, the driver's compile cache as the earlier processes "
            "left it. Milliseconds, host clock: the prepare, the first submit and its wait (which moves the rows to "
            "the devices), the second, the median of ten more; outputs checked against plain Java.",
            one_table("devices", "distributed-prepare")),
    Section("Moving device memory between two GPUs", ["peer-copy.md"],
            "One context over the host's first two GPUs (`io.jsycl.bench.PeerCopyBench`): jsycl's "
            "`q.copy(DeviceArray, DeviceArray)` from one GPU to the other (pinned host memory in 4 MiB slices, both "
            "DMA engines at once) beside each GPU's pinned host-to-device copy, the bound of a staged move; a "
            "`Buffer` used by a kernel on each GPU in turn (one OpenCL buffer, which the driver moves); the driver's "
            "own `clEnqueueCopyBuffer` and `clEnqueueMigrateMemObjects` across the GPUs; and PyTorch's copy from "
            "GPU 0 to GPU 1 on the same host (`benchmarks/gpu/torch_p2p.py`); median of 5, GB/s of the bytes moved; "
            "jsycl's moves checked against the Java array.", one_table("MiB", "peer-copy")),
    Section("Several GPUs", ["multi-gpu.md"],
            "One program through a `DistributedQueue` on 1, 2 and 4 GPUs of one host (as many as the host has), the "
            "same code at every count (`io.jsycl.bench.MultiGpuBench`): resident SAXPY and `Reduction.sum` (rows "
            "one-to-one, nothing moves between steps; the sum's parts combined on the host every step), a 2-D "
            "five-point stencil whose halo rows move between neighbouring GPUs every step (batches of 100 steps), "
            "n-body (every GPU reads every position; each step's new positions move to every GPU) and SGEMM (A's "
            "and C's rows split, B read whole by every GPU; one product a run). A run is a batch of steps and one "
            "wait, after the data's first distribution and warm-up batches; median of 5 batches (3 products), "
            "milliseconds per step; every result checked bit for bit against the 1-GPU run.", one_table("workload", "multi-gpu")),
    Section("Several GPUs: settings side by side", ["variants.md"],
            "The 16384² stencil of the table above under several settings, each a process of its own, the settings "
            "taking turns (`ONLY=variants` in `benchmarks/gpu/multi-run.sh`, `$VARIANTS` one setting a line): what a "
            "setting changes, beside the spread between processes on one host.", variants),
    Section("The 4-GPU stencil by the CPUs it runs on", ["placement.md"],
            "The 16384² stencil on every GPU through the `DistributedQueue` and written by hand (`HaloProbe`, both "
            "orders), each a process pinned to one set of CPUs, the sets taking turns (`ONLY=placement` in "
            "`benchmarks/gpu/multi-run.sh`): whether a process's step follows the CPUs it runs on. The submitting "
            "thread's CPU time, wall time and time in the driver's waits are microseconds a step over the warm-up "
            "and timed batches.", one_table("round", "placement")),
    Section("The stencil's halo exchange by hand", ["halo.md"],
            "The same 16384² five-point stencil written by hand in OpenCL (`io.jsycl.bench.HaloProbe`), each device in "
            "a context of its own and its halo rows through pinned host memory as the `DistributedQueue` moves them, in "
            "two orders: the copies on each device's one in-order queue between its kernels (the queue's order), and "
            "on a second in-order queue of each device, ordered by events, so that they run while the interior "
            "computes. 100 steps a round, median of 5 rounds; every result equal to one device's bit for bit: the bound "
            "for the table above.", one_table("devices", "halo")),
    Section("OpenCL calls on several GPUs", ["driver-calls.md"],
            "What each OpenCL call of a multi-GPU step costs the calling thread, alone (each timed on its own, median "
            "and 90th percentile), and a step's calls on 1 to N devices from one thread, from a thread per device, and "
            "from a thread per device beside one more thread that waits in the driver (`clFinish`; "
            "`clWaitForEvents`; a marker enqueued and its status polled), per device, microseconds "
            "(`io.jsycl.bench.DriverCallProbe`).", driver_calls),
    Section("A generated kernel beside its hand-written twin", ["enqueue-probe.md"],
            "The 3x3 convolution of 2048² enqueued by hand through the bindings in variants that each change one thing "
            "towards jsycl's launch (`io.jsycl.bench.EnqueueProbe`): first each kernel's device time (profiling "
            "events, the variants interleaved: the hand-written kernel, and jsycl's generated source built by hand "
            "with jsycl's options, with one of them left out, with its guard or its row strides written as the "
            "hand-written kernel's), then the driver's enqueue and the whole run (enqueue, `clFinish`) of the "
            "hand-written kernel, of jsycl's generated one, of the hand-written one with four more arguments or 256 "
            "more buffers in its context, of jsycl's generated one built in jsycl's own context and enqueued on a queue "
            "of its own there or on the OpenCL queue jsycl's submits use, and jsycl's own submit and wait (the enqueue "
            "column is its whole submit), in rounds taking turns. Microseconds.",
            enqueue_probe),
    Section("A short kernel's run, split", ["launch-gap.md"],
            "The 3x3 convolution of 2048² (about 20 µs on the GPU) run by hand and by jsycl "
            "(`io.jsycl.bench.LaunchGap`): first the hand-written kernel with a spin of 0 to 32 µs between its "
            "enqueue and `clFinish`, without and with a `clFlush` after the enqueue (a run that does not grow with the "
            "spin means the GPU started the kernel at its enqueue, so that a submit's work after the enqueue is free "
            "and its work before it is not); then jsycl's submit and wait beside the hand-written launch, in blocks "
            "taking turns, with each path's driver calls per run (`-Djsycl.opencl.timeCalls=true`). Microseconds, "
            "medians.",
            keyed_tables(("gap-spin", "between the enqueue and clFinish"), ("gap-beside", "path"))),
    Section("A new kernel's runs, one by one", ["new-kernel-runs.md"],
            "The 3x3 convolution of 2048² as a lambda class never submitted before, in a process past its start (after "
            "the submit-path warm-up and 3000 runs of another kernel), each of its runs timed, with its submit's Java "
            "before the driver's enqueue and that Java's phases (`-Djsycl.traceSubmits=1`), beside the hand-written "
            "kernel whose program is built in its first run (`io.jsycl.bench.NewKernelRuns`): the first twelve runs a "
            "row each, then the median of the rest. Microseconds; outputs checked bit for bit against Java.",
            one_table("run", "new-kernel-runs")),
    Section("A new kernel's runs, the paths taking turns in one context", ["new-kernel-runs-same-context.md"],
            "The same new kernel with the hand-written one built in jsycl's OpenCL context and enqueued on jsycl's "
            "OpenCL queue, the paths taking turns run by run (`NewKernelRuns --same-context`), so that the host's "
            "drift falls on both alike and the GPU switches no context; with `--by-hand` a third path between them, "
            "jsycl's own kernel object of the new kernel enqueued by hand on that queue. With each path's driver calls "
            "(`-Djsycl.opencl.timeCalls=true`) as enqueue / `clFinish`. Microseconds; outputs checked bit for bit "
            "against Java.", one_table("run", "new-kernel-runs")),
    Section("A run after the device sat idle", ["idle-probe.md"],
            "The hand-written 3x3 convolution of 2048² (32x8 work-groups), warmed up, run four times in a row after "
            "each of several pauses: sleeping, spinning on the timing thread, building a new program (what a new "
            "kernel's first run does before its launch), and sleeping while another queue of the context gets a "
            "one-group kernel every millisecond (`io.jsycl.bench.IdleProbe`). Each run split into the driver's "
            "enqueue and the wait on the host, and the profiling event's queued-to-submit, submit-to-start and kernel "
            "spans; \"host − device\" is the run's host time less the event's queued-to-end span. Waits by `clFinish`, "
            "`clWaitForEvents`, polling the event's status, and `clFinish` of a launch without an event on a queue "
            "without profiling (jsycl's way). Pauses and waits take turns round by round; medians, microseconds.",
            one_table("before the runs", "idle-probe")),
    Section("The per-slice sequence by the context around it", ["context-probe.md"],
            "The hand-written per-slice sequence (254 launches of a 2-D kernel over 256², one `clFinish`) in a context "
            "of its own with one queue, in a context of its own beside three idle queues (in order, profiling, out of "
            "order), on a queue of its own in jsycl's context and on jsycl's own OpenCL queue, beside jsycl's sequence "
            "(`io.jsycl.bench.ContextProbe`); then the parts of jsycl's way one at a time: the hand-written kernel with "
            "2 and 6 more `int` parameters (unused), jsycl's generated source built by hand, jsycl's own kernel object "
            "enqueued by hand, the hand-written launches handed to jsycl's launch thread (back to back, or a spin "
            "between standing for a submit's Java), the hand-written sequence on another thread and beside a spinning "
            "one. The variants take turns round by round, each round's first sequence untimed; µs a launch, the median "
            "of the rounds' medians; then each kernel's device time (profiling events); outputs checked bit for bit "
            "against Java.",
            keyed_tables(("context-probe", "variant"), ("context-probe-device", "kernel"))),
    Section("Where the per-slice sequence's threads run", ["affinity-probe.md"],
            "The per-slice sequence (254 launches of a 2-D kernel over 256², one `clFinish`) with its threads pinned "
            "(`io.jsycl.bench.AffinityProbe`, `sched_setaffinity`): the hand-written sequence with its thread on each "
            "CPU in turn; the same on the fastest CPU beside a main thread pinned elsewhere (or not at all) that is "
            "idle, spins, allocates or calls the driver; and jsycl's sequence with its submitting thread and its "
            "queue's launch thread left to the scheduler, on two CPUs, or on one. Median sequence over the cell's "
            "runs after as many unmeasured, µs a launch; the threads' CPU time a launch.", affinity),
    Section("jsycl in Apache Spark", ["spark-gpu.md"],
            "A compute-bound Spark job (`io.jsycl.spark.samples.SparkMandelbrot`: each pixel's escape iterations "
            "around the main cardioid as a column of a Dataset) on a Spark 4.2.0 standalone cluster on one host, "
            "one worker per GPU (`spark/bench/gpu.sh`): jsycl without Spark on one GPU, jsycl in Spark on 1 to N "
            "GPUs (one kernel per partition on the executor's GPU), and plain Spark, the same per-pixel loop as a "
            "Java UDF, on a worker of all the host's cores. Job seconds after an untimed warm-up job; Spark's "
            "overhead around one GPU is the 1-GPU row minus the row without Spark. Plain Spark runs a smaller "
            "image of the same window (the full one would take it about half an hour); its time is also scaled "
            "by the iteration totals (rows marked *), and jsycl in Spark ran that image too. About 4096 pixels "
            "of each run checked bit for bit against Java, iteration totals compared between runs.",
            one_table("run", "spark")),
    Section("Kernels on the host device", ["host-device.md"],
            "The pure-Java host device beside a parallel Java stream over the same arithmetic and each OpenCL CPU "
            "device (`io.jsycl.bench.HostDeviceBench`): a `Range` kernel, an nd-range kernel without barriers (a "
            "group's work-items one after another) and one that stages its group in local memory between barriers "
            "(a virtual thread per work-item); data in the buffers, submit and wait, median milliseconds, every "
            "result checked against Java.", one_table("kernel", "host-device")),
    Section("Warm-up of a fresh JVM", ["warmup-curve.md"],
            "One 2-D kernel over 2048² floats and its wait at chosen runs of a fresh JVM, jsycl beside the same "
            "kernel hand-written through the raw bindings (`io.jsycl.bench.WarmupCurve`): how long each path's Java "
            "code runs in the interpreter and the JIT's first tiers; microseconds.",
            one_table("run", "warmup-curve")),
    Section("PyTorch", ["torch-peers.md"],
            "The same operations in PyTorch on the same device (`benchmarks/gpu/torch_peers.py`; CUDA events, "
            "milliseconds, median (min–max) of 20).", one_table("op", "torch")),
    Section("A/B against an earlier build", ["ab.md"],
            "The same measurements of two builds in one run, taking turns (`benchmarks/gpu/ab.sh`): the launch "
            "rate (two rounds each, every value a round's median), `SubmitBenchmark` (JMH, score ± error) and the "
            "SAXPY sweep from 2^19 to 2^23 (one pass each; every value of a row is one pass, where a run added passes), and "
            "the suite's SAXPY of 2^26 floats from Java arrays and back (`Suite --only saxpy`: e2e is the README's idiom, "
            "buffers made and closed each run; the copy rows are the device's bandwidth in the same run, this build "
            "only). Launch-bound sizes move by up to 2.5x with the GPU's "
            "state between passes, so only differences well beyond the spread between rounds count.", ab),
    Section("First kernel", ["first-kernel.md"],
            "From a created context and queue to the first small kernel's result in a Java array, in fresh JVMs "
            "(`io.jsycl.bench.FirstKernelLatency`); milliseconds.", first_kernel),
]

PAGE_TITLES = {"cpu": "CPUs through PoCL", "h200": "NVIDIA H200"}  # h200.md holds one-GPU and multi-GPU runs


# ---- the pages: written from row groups, read back into them ---------------------------------------------------

MARK = "<!-- groups "


def cell(text):
    return text.replace("|", "\\|")


def code(text):
    return "`" + cell(text).replace("`", "'") + "`"


def section_id(section):
    """What a page's table notes call its section: its title and first file (two sections read one file)."""
    return f"{section.title}: {section.files[0]}"


SECTION_INDEX = {section_id(s): i for i, s in enumerate(SECTIONS)}
assert len(SECTION_INDEX) == len(SECTIONS), "each section needs a title and first file of its own"


class Placed:
    """A row group on a page: what the run measured (a Group), and the run's commit, date, command and device."""

    def __init__(self, group, commit, date, command, device):
        self.group, self.commit, self.date, self.command, self.device = group, commit, date, command, device

    def lines(self):
        tail = [cell(self.commit), self.date[:10], code(self.command)]
        return ["| " + " | ".join(row + tail) + " |" for row in self.group.rows]

    def note(self):
        g = self.group
        return {"key": g.key, "caption": g.caption, "device": self.device, "commit": self.commit, "date": self.date,
                "command": self.command, "rows": len(g.rows), "digest": digest(self.lines())}


def digest(lines):
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:16]


def key_of(key):
    return json.dumps(key)


def render(page, title, sections):
    """The page's text. sections: section index -> {key: Placed}, in the order the rows are shown."""
    out = [f"# Current benchmark results: {title}", "",
           "The numbers that hold now on this device. Each row comes from the newest run that measured it, and ends "
           "with the commit that run built, its date and the command that produced it. A newer run replaces only the "
           "rows it measured; earlier numbers are in git history (`git log -p -- benchmarks/results/`).", "",
           "Kept by `python3 benchmarks/results/regenerate.py`; do not edit it by hand (`--check` finds edits). After "
           "a run on the GPU host, `python3 benchmarks/results/regenerate.py --add $OUT` merges it "
           "(benchmarks/README.md).", ""]
    last_title = None
    for index, section in enumerate(SECTIONS):
        placed = list(sections.get(index, {}).values())
        if not placed:
            continue
        if section.title != last_title:
            out += [f"## {section.title}", ""]
            last_title = section.title
        out += [section.intro, ""]
        out += ["Device: " + "; ".join(dict.fromkeys(p.device for p in placed)) + ".", ""]
        tables = []  # consecutive groups of one caption and header share a table
        for p in placed:
            if tables and (tables[-1][0].group.caption, tables[-1][0].group.header) == (p.group.caption,
                                                                                        p.group.header):
                tables[-1].append(p)
            else:
                tables.append([p])
        for n, table in enumerate(tables):
            if n:
                out.append("")
            first = table[0].group
            notes = [p.note() for p in table]
            out.append(MARK + json.dumps({"section": section_id(section), "groups": notes}, ensure_ascii=False)
                       + " -->")
            if first.caption:
                out += [f"**{first.caption}**", ""]
            header = first.header + ["commit", "date", "command"]
            out += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
            for p in table:
                out += p.lines()
        out.append("")
    return "\n".join(out)


def read_page(path):
    """A page's title and row groups (as render takes them), and the groups whose rows were edited by hand."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    title = lines[0][len("# Current benchmark results: "):] if lines else ""
    sections, edited = {}, []
    i = 0
    while i < len(lines):
        if not lines[i].startswith(MARK):
            i += 1
            continue
        note = json.loads(lines[i][len(MARK):-len(" -->")])
        index = SECTION_INDEX.get(note["section"])
        if index is None:
            sys.exit(f"{path}: a table of section '{note['section']}', which this script no longer has")
        i += 1
        while i < len(lines) and not lines[i].startswith("| "):
            i += 1
        header = split_row(lines[i])[:-3]
        i += 2  # the header and the separator
        for g in note["groups"]:
            rows = lines[i:i + g["rows"]]
            i += g["rows"]
            if digest(rows) != g["digest"]:
                edited.append(f"{path}: the rows of {g['key']} in '{SECTIONS[index].title}' were edited by hand")
            group = Group(g["key"], header, [split_row(r)[:-3] for r in rows], g["caption"])
            for part in split_algorithms(group):
                sections.setdefault(index, {})[key_of(part.key)] = Placed(part, g["commit"], g["date"], g["command"],
                                                                          g["device"])
    return title, sections, edited


def add_run(results, source):
    """Merges the run in {@code source} into its page: each group it measured replaces the page's of the same key."""
    run = Run(source)
    measured = 0
    pages = {}
    for index, section in enumerate(SECTIONS):
        for name in section.files:
            if not os.path.exists(run.path(name)):
                continue
            page = section.page_of(run)
            if page not in pages:
                path = os.path.join(results, page + ".md")
                pages[page] = read_page(path)[:2] if os.path.exists(path) else ("", {})
            for group in section.read(run, run.path(name)):
                placed = Placed(group, run.commit, run.date, run.command, group.device or run.device)
                pages[page][1].setdefault(index, {})[key_of(group.key)] = placed
                measured += 1
    if not measured:
        sys.exit(f"{source}: no file a page reads ({', '.join(sorted({n for s in SECTIONS for n in s.files}))})")
    for page, (title, sections) in pages.items():
        title = PAGE_TITLES.get(page) or (run.device.split(",")[0] if page == run.page else title) or page
        path = os.path.join(results, page + ".md")
        with open(path, "w", encoding="utf-8") as f:
            f.write(render(page, title, sections))
        print(f"merged {measured} row group(s) of {source} into {os.path.relpath(path)}")


def pages_in(results):
    return sorted(n[:-3] for n in os.listdir(results) if re.match(r"^[a-z0-9-]+\.md$", n) and n != "README.md")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default=HERE, help="the results folder (default: this script's)")
    parser.add_argument("--add", metavar="OUT", help="a run's output folder, with its run.properties")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a page is not current")
    args = parser.parse_args(argv)
    if args.check and args.add:
        parser.error("--check changes nothing: leave out --add")
    if args.add:
        add_run(args.results, args.add)
        return 0
    stale = []
    for page in pages_in(args.results):
        path = os.path.join(args.results, page + ".md")
        title, sections, edited = read_page(path)
        old = open(path, encoding="utf-8").read()
        text = render(page, title, sections)
        if args.check:
            for message in edited:
                print(message)
            if edited or old != text:
                stale.append(path)
                sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True), path,
                                                           "as this script writes it", n=1))
        elif old != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"wrote {os.path.relpath(path)}")
    if os.path.isdir(os.path.join(args.results, "runs")):
        stale.append("runs/")
        print("runs/: a run's raw files are no longer kept here (git history has them): delete the folder")
    if args.check and stale:
        print("results pages are not current: merge runs with python3 benchmarks/results/regenerate.py --add OUT, "
              "never by hand, and commit the result", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
