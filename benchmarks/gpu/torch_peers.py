#!/usr/bin/env python3
"""PyTorch peers of the jsycl suite on the same GPU: what a user would reach for instead.

Timing: CUDA events around each op, 5 warm-up runs, median of 20 (min and max beside it).
TF32 is off for matmul so it is an FP32 matmul like the OpenCL SGEMM.

--sweep: the PyTorch side of io.jsycl.bench.Sweep, in the same CSV columns (path "torch") for SweepPlot: at every
n = 2^k from --min-log2 to --max-log2, SAXPY y.add_(x, alpha=a) on float32, torch.sum of int32 and of float32, and
copy_ of n float32, on device-resident tensors made once per size. Per op: R back-to-back ops then
torch.cuda.synchronize(), wall clock / R, median of --rounds rounds after one warm-up round, R = max(--min-reps,
2^--round-log2 / n), or more where the warm-up round says a round would last under --min-round-ms. Kernel: CUDA events around one op, median of --kernel-runs after 3 warm-up runs; before each,
torch.cuda._sleep keeps the GPU busy while the host records the start event, launches the op and records the end
event, so the interval holds the op's kernels and not the host's launch time (where _sleep is missing, it does).
Each op is checked first: SAXPY against float64 (and how many elements differ from the unfused float32 a*x+y, since
CUDA may fuse the multiply-add), sums against float64 / int64 on the host, the copy exactly. torch.sum of int32
accumulates and returns int64 (jsycl's Reduction.sum of a Buffer.OfInt wraps in 32 bits); both read 4 bytes an element.

--serve: the same ops and the eager launch, one request at a time from io.jsycl.bench.TorchPeer, which times them in
turns with jsycl's (Sweep --peer, LaunchRate --peer); see serve() for the requests.
Usage: torch_peers.py [--out FILE]
       torch_peers.py --eager-only [--eager-rounds 7] [--out FILE.md] [--csv FILE.csv]
       torch_peers.py --serve
       torch_peers.py --sweep [--min-log2 12] [--max-log2 28] [--csv FILE.csv] [--out FILE.md] [--rounds 11]
                      [--kernel-runs 21] [--min-reps 100] [--round-log2 24] [--min-round-ms 5]
                      [--only saxpy,sum-int,sum-float,copy]
"""
import argparse
import csv
import datetime
import math
import os
import statistics
import sys
import time

try:
    import torch
except ImportError:
    print("torch is not installed: no peer numbers", file=sys.stderr)
    sys.exit(0)


def timed(fn, warmup=5, repeats=20):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeats):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times), min(times), max(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out")
    parser.add_argument("--sweep", action="store_true", help="the size sweep beside io.jsycl.bench.Sweep")
    parser.add_argument("--serve", action="store_true",
                        help="a peer driven over stdin and stdout by io.jsycl.bench.TorchPeer (see serve)")
    parser.add_argument("--min-log2", type=int, default=12)
    parser.add_argument("--max-log2", type=int, default=28)
    parser.add_argument("--csv")
    # The same defaults as io.jsycl.bench.Sweep (see Sweep.MIN_REPS for why 100).
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--kernel-runs", type=int, default=21)
    parser.add_argument("--min-reps", type=int, default=100)
    parser.add_argument("--round-log2", type=int, default=24)
    parser.add_argument("--min-round-ms", type=float, default=5)
    parser.add_argument("--only", help="comma-separated workloads of the sweep (default: all)")
    parser.add_argument("--eager-rounds", type=int, default=7)
    parser.add_argument("--eager-only", action="store_true",
                        help="only the eager launch cost, beside io.jsycl.bench.LaunchRate")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("no CUDA device: no peer numbers", file=sys.stderr)
        return
    if args.serve:
        serve(sys.stdin)
        return
    if args.sweep:
        sweep(args)
        return
    if args.eager_only:
        text = f"## PyTorch {torch.__version__} on {torch.cuda.get_device_name()}\n\n" + \
            eager_launch(torch.device("cuda"), args.eager_rounds, csv_path=args.csv) + "\n"
        print(text)
        if args.out:
            with open(args.out, "w") as f:
                f.write(text)
        return
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    dev = torch.device("cuda")
    g = torch.Generator(device=dev).manual_seed(1)
    rows = []

    def add(name, size, fn, work, unit):
        med, lo, hi = timed(fn)
        rate = work / (med * 1e-3) / 1e9
        rows.append((name, size, f"{med:.3f} ({lo:.3f}–{hi:.3f})", f"{rate:.1f} {unit}"))
        print(rows[-1], file=sys.stderr)

    n = 1 << 26
    x = torch.rand(n, device=dev, generator=g)
    y = torch.rand(n, device=dev, generator=g)
    z = torch.empty_like(x)
    big = torch.empty(512 << 18, device=dev)  # 512 MiB of floats
    big2 = torch.empty_like(big)
    add("device copy (copy_)", "512 MiB", lambda: big2.copy_(big), 2.0 * big.numel() * 4, "GB/s")
    add("vector add (torch.add out=)", "2^26 floats", lambda: torch.add(x, y, out=z), 3.0 * n * 4, "GB/s")
    add("SAXPY (y.add_(x, alpha=a))", "2^26 floats", lambda: y.add_(x, alpha=2.5), 3.0 * n * 4, "GB/s")
    m = 2048
    a = torch.rand(m, m, device=dev, generator=g)
    b = torch.rand(m, m, device=dev, generator=g)
    c = torch.empty(m, m, device=dev)
    add("matmul FP32, TF32 off (torch.mm)", f"{m}²", lambda: torch.mm(a, b, out=c), 2.0 * m ** 3, "GFLOP/s")
    m4 = 4096
    a4 = torch.rand(m4, m4, device=dev, generator=g)
    b4 = torch.rand(m4, m4, device=dev, generator=g)
    c4 = torch.empty(m4, m4, device=dev)
    add("matmul FP32, TF32 off (torch.mm)", f"{m4}²", lambda: torch.mm(a4, b4, out=c4), 2.0 * m4 ** 3, "GFLOP/s")
    ints = torch.randint(0, 1000, (1 << 27,), device=dev, dtype=torch.int32, generator=g)
    add("sum int32 (torch.sum)", "2^27 ints", lambda: ints.sum(), 4.0 * ints.numel(), "GB/s")
    scan_in = ints[:n]
    scan_out = torch.empty_like(scan_in)
    add("inclusive scan int32 (torch.cumsum, dtype int32)", "2^26 ints",
        lambda: torch.cumsum(scan_in, 0, dtype=torch.int32, out=scan_out), 8.0 * n, "GB/s")
    bins = torch.randint(0, 256, (n,), device=dev, dtype=torch.int32, generator=g)
    add("histogram 256 bins (torch.bincount)", "2^26 ints", lambda: torch.bincount(bins, minlength=256),
        4.0 * n, "GB/s")
    s = 4096
    src = torch.rand(s, s, device=dev, generator=g)
    dst = src.clone()

    def stencil():
        dst[1:-1, 1:-1] = 0.2 * (src[1:-1, 1:-1] + src[:-2, 1:-1] + src[2:, 1:-1] + src[1:-1, :-2] + src[1:-1, 2:])

    add("stencil 5-point, one step (slicing)", f"{s}²", stencil, 2.0 * s * s * 4, "GB/s")
    round_trips(rows, n)

    eager = eager_launch(dev, args.eager_rounds)
    text = [f"## PyTorch {torch.__version__} on {torch.cuda.get_device_name()}", "",
            "CUDA-event timing, 5 warm-up runs, median (min–max) of 20, milliseconds; the round trips from NumPy: the "
            "host's wall clock to the result in a NumPy array, 2 warm-up runs, median (min–max) of 9.", "",
            "| op | size | ms | throughput |", "|---|---|---|---|"]
    text += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} |" for r in rows]
    text += ["", eager, ""]
    out = "\n".join(text)
    print(out)
    if args.out:
        with open(args.out, "w") as f:
            f.write(out)


def wall_ms(fn, warmup=2, repeats=9):
    """The host's wall clock of fn() and a device sync: median (min–max) in milliseconds."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), min(times), max(times)


def round_trips(rows, n):
    """SAXPY of n floats from NumPy arrays and back, as a NumPy user writes it (jsycl's door beside it): pageable
    (torch.from_numpy(...).cuda(), .cpu()); through pinned buffers the NumPy data is copied into each run; and from
    data already in pinned memory (PyTorch's counterpart of host USM). Throughput: the 3 * n * 4 bytes moved."""
    import numpy as np
    rng = np.random.default_rng(1)
    xn = rng.random(n, dtype=np.float32)
    yn = rng.random(n, dtype=np.float32)
    out = np.empty_like(yn)
    xp = torch.empty(n, pin_memory=True)
    yp = torch.empty(n, pin_memory=True)
    op = torch.empty(n, pin_memory=True)

    def pageable():
        xd = torch.from_numpy(xn).cuda()
        yd = torch.from_numpy(yn).cuda()
        out[:] = yd.add_(xd, alpha=2.5).cpu().numpy()

    def through_pinned():
        xp.numpy()[:] = xn
        yp.numpy()[:] = yn
        xd = xp.cuda(non_blocking=True)
        yd = yp.cuda(non_blocking=True)
        op.copy_(yd.add_(xd, alpha=2.5), non_blocking=True)
        torch.cuda.synchronize()
        out[:] = op.numpy()

    def pinned_data():
        xd = xp.cuda(non_blocking=True)
        yd = yp.cuda(non_blocking=True)
        op.copy_(yd.add_(xd, alpha=2.5), non_blocking=True)

    for name, fn in (("SAXPY from NumPy and back, pageable (from_numpy().cuda(), .cpu())", pageable),
                     ("SAXPY from NumPy and back, through pinned buffers", through_pinned),
                     ("SAXPY of data in pinned memory, in and out (no NumPy copy)", pinned_data)):
        med, lo, hi = wall_ms(fn)
        rows.append((name, f"2^{n.bit_length() - 1} floats", f"{med:.3f} ({lo:.3f}–{hi:.3f})",
                     f"{3.0 * n * 4 / (med * 1e-3) / 1e9:.1f} GB/s"))
        print(rows[-1], file=sys.stderr)


class Eager:
    """The eager launch of a tiny op, torch.add of 256 floats, as io.jsycl.bench.LaunchRate launches jsycl's: a round
    is reps launches back to back, then one sync; per launch = wall clock / reps. The first round pays 2000 warm-up
    launches before it."""

    def __init__(self, dev):
        self.a = torch.rand(256, device=dev)
        self.b = torch.rand(256, device=dev)
        self.c = torch.empty(256, device=dev)
        for _ in range(2000):
            torch.add(self.a, self.b, out=self.c)
        torch.cuda.synchronize()

    def round_us(self, reps):
        t0 = time.perf_counter()
        for _ in range(reps):
            torch.add(self.a, self.b, out=self.c)
        torch.cuda.synchronize()
        return (time.perf_counter() - t0) / reps * 1e6

    def check(self):
        return "ok: bit-exact" if torch.equal(self.c, self.a + self.b) else "MISMATCH: torch.add of 256 floats"


def eager_launch(dev, rounds, reps=20000, csv_path=None):
    """Eager.round_us, median (min–max) of rounds after a warm-up, as one line of Markdown; with csv_path, every
    round also goes there in io.jsycl.bench.LaunchRate's CSV columns, for LaunchRateCompare."""
    eager = Eager(dev)
    times = [eager.round_us(reps) for _ in range(rounds)]
    if eager.check() != "ok: bit-exact":
        raise SystemExit("torch.add of 256 floats gave a wrong result")
    if csv_path:
        with open(csv_path, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["path", "round", "us_per_launch"])
            name = f"PyTorch {torch.__version__}, CUDA {torch.version.cuda}, eager `torch.add` (own process)"
            w.writerows([name, r, f"{t:.4f}"] for r, t in enumerate(times))
    per_op = sorted(times)
    return (f"Eager launch cost of a tiny op (torch.add of 256 floats, {reps} back to back, then one sync; "
            f"median (min–max) of {rounds} rounds): {per_op[len(per_op) // 2]:.2f} "
            f"({per_op[0]:.2f}–{per_op[-1]:.2f}) µs per op")


# The sweep's CSV columns, as io.jsycl.bench.SweepRow writes them.
SWEEP_HEADER = ["device", "workload", "path", "log2n", "n", "reps", "per_op_us", "kernel_us", "per_op_gbps",
                "kernel_gbps", "check"]
BYTES_PER_ELEMENT = {"saxpy": 12, "sum-int": 4, "sum-float": 4, "copy": 8}
ALPHA = 2.5
FLOAT_SUM_TOLERANCE = 1e-4
# About 0.1 ms of GPU clock cycles: longer than the host takes to record an event, launch an op and record another.
SLEEP_CYCLES = 200_000


MAX_REPS = 1 << 20


def round_us(fn, reps):
    """Wall clock of reps back-to-back ops and one synchronize, / reps, in µs."""
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps * 1e6


def per_op_us(fn, reps, rounds, min_round_s=0.0):
    """round_us, median of rounds after one warm-up round of reps. R is reps, or more where the warm-up round says a
    round of reps would last under min_round_s (at most MAX_REPS), as io.jsycl.bench.Contender.measure does. Returns
    (median µs per op, R)."""
    warm = max(round_us(fn, reps), 1e-3) / 1e6
    r = int(min(MAX_REPS, max(reps, math.ceil(min_round_s / warm))))
    return statistics.median(round_us(fn, r) for _ in range(rounds)), r


def one_kernel_us(fn):
    """CUDA events around one op (see the module's docstring for _sleep), in µs."""
    sleep = getattr(torch.cuda, "_sleep", None)
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    if sleep is not None:
        sleep(SLEEP_CYCLES)
    start.record()
    fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) * 1e3


def kernel_us(fn, runs):
    """one_kernel_us, median of runs after 3 warm-up runs."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    return statistics.median(one_kernel_us(fn) for _ in range(runs))


def check_saxpy(x, y0, alpha):
    """One y.add_(x, alpha) from y0, against float64 and against unfused float32 alpha * x + y0."""
    y = y0.clone()
    y.add_(x, alpha=alpha)
    exact = alpha * x.double() + y0.double()
    rel = ((y.double() - exact).abs() / exact.abs().clamp_min(1e-30)).max().item()
    unfused = torch.mul(x, alpha).add_(y0)
    differ = (y != unfused).sum().item()
    if rel > 1e-6:
        return f"MISMATCH: max rel err {rel:.1e} against float64"
    if differ == 0:
        return "ok: bit-exact (= unfused float a*x+y)"
    return f"ok: {differ} of {y.numel()} differ from unfused float a*x+y (fused multiply-add), max rel err {rel:.1e}"


def check_sum_int(x):
    got = x.sum().item()
    want = int(x.cpu().to(torch.int64).sum().item())
    return f"ok: exact (= {want}, int64)" if got == want else f"MISMATCH: sum {got}, exact {want}"


def check_sum_float(x):
    got = x.sum().item()
    want = x.cpu().double().sum().item()
    rel = abs(got - want) / abs(want)
    if rel <= FLOAT_SUM_TOLERANCE:
        return f"ok: rel err {rel:.1e}"
    return f"MISMATCH: sum {got}, exact {want}, rel err {rel:.1e} > {FLOAT_SUM_TOLERANCE:.0e}"


class SweepData:
    """The sweep's inputs on the device, made once at the largest size; each size uses the first n elements. The same
    distributions as the Java side: floats uniform in [0, 1), ints uniform in [0, 1000)."""

    def __init__(self, max_log2):
        dev = torch.device("cuda")
        g = torch.Generator(device=dev).manual_seed(1)
        top = 1 << max_log2
        self.xs = torch.rand(top, device=dev, generator=g)
        self.ys = torch.rand(top, device=dev, generator=g)
        self.ints = torch.randint(0, 1000, (top,), device=dev, dtype=torch.int32, generator=g)

    def op(self, workload, n):
        """(op, check) for workload at size n, on tensors of their own: op() launches one operation, check() runs
        one from the initial data and says what it found."""
        if workload == "saxpy":
            x = self.xs[:n].clone()
            y0 = self.ys[:n].clone()
            y = y0.clone()
            return (lambda: y.add_(x, alpha=ALPHA)), (lambda: check_saxpy(x, y0, ALPHA))
        if workload == "sum-int":
            xi = self.ints[:n].clone()
            return (lambda: xi.sum()), (lambda: check_sum_int(xi))
        if workload == "sum-float":
            xf = self.xs[:n].clone()
            return (lambda: xf.sum()), (lambda: check_sum_float(xf))
        if workload == "copy":
            src = self.xs[:n].clone()
            dst = torch.empty_like(src)

            def check():
                dst.copy_(src)
                return "ok: bit-exact" if torch.equal(dst, src) else "MISMATCH: dst differs from src"
            return (lambda: dst.copy_(src)), check
        raise ValueError(f"unknown workload {workload!r}, expected one of {WORKLOADS}")


WORKLOADS = ["saxpy", "sum-int", "sum-float", "copy"]


def sweep(args):
    if not 0 <= args.min_log2 <= args.max_log2 <= 30:
        sys.exit(f"need 0 <= --min-log2 <= --max-log2 <= 30, got {args.min_log2} and {args.max_log2}")
    name = torch.cuda.get_device_name()
    data = SweepData(args.max_log2)
    rows = []

    def measure(workload, k):
        """The check runs first, then the timing."""
        n = 1 << k
        reps = max(args.min_reps, 1 << max(0, args.round_log2 - k))
        try:
            op, check = data.op(workload, n)
            result = check()
            per_op, reps = per_op_us(op, reps, args.rounds, args.min_round_ms / 1e3)
            kernel = kernel_us(op, args.kernel_runs)
        except Exception as e:  # a failure is a row, as in the Java sweep; the next one still runs
            per_op, kernel = float("nan"), float("nan")
            result = "FAILED: " + one_line(e)[:160]
        gb = BYTES_PER_ELEMENT[workload] * n / 1e9
        row = [name, workload, "torch", k, n, reps, number(per_op, 3), number(kernel, 3),
               number(gb / (per_op * 1e-6), 2), number(gb / (kernel * 1e-6), 2), result]
        rows.append(row)
        print(f"  {workload:9} torch 2^{k:<2} R={reps:<6} per op {per_op:10.2f} us  kernel {kernel:10.2f} us  "
              f"{gb / (per_op * 1e-6):8.1f} GB/s  {result}", file=sys.stderr, flush=True)
        write_sweep(args, name, rows)

    workloads = WORKLOADS
    if args.only:
        workloads = args.only.split(",")
        unknown = [w for w in workloads if w not in WORKLOADS]
        if unknown:
            sys.exit(f"--only: unknown workload(s) {unknown}, expected some of {WORKLOADS}")
    # The smallest size once, unrecorded, as the Java sweep does: the first rows pay no warm-up.
    for workload in workloads:
        op, check = data.op(workload, 1 << args.min_log2)
        check()
        per_op_us(op, args.min_reps, 1)
    for k in range(args.min_log2, args.max_log2 + 1):
        for workload in workloads:
            measure(workload, k)
        torch.cuda.empty_cache()
    write_sweep(args, name, rows, done=True)


def serve(stdin):
    """--serve: PyTorch as a peer that io.jsycl.bench.TorchPeer drives one request at a time, so that its rounds take
    turns with jsycl's in the same seconds. One request a line on stdin, one reply a line on stdout: "ok [VALUE]" or
    "error MESSAGE". Requests:
      start MAX_LOG2        makes the sweep's data; VALUE: the device's name, a tab, "PyTorch V, CUDA V"
      open WORKLOAD LOG2N   makes that op (closing the one before) and checks it; VALUE: the check
      round REPS            REPS ops back to back and one synchronize; VALUE: µs per op (round_us)
      kernel                one op between CUDA events; VALUE: µs (one_kernel_us)
      close                 drops the op's tensors
      eager REPS            a round of REPS eager launches of torch.add of 256 floats; VALUE: µs per launch
      eager-check           VALUE: whether the eager launches' output is right
      quit                  exits (so does the end of stdin)
    Everything else printed, by this script, PyTorch or a library under it, goes to stderr, never into the replies."""
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    dev = torch.device("cuda")
    data = op = eager = None
    for line in stdin:
        words = line.split()
        if not words:
            continue
        request = words[0]
        try:
            value = ""
            if request == "start":
                data = SweepData(int(words[1]))
                value = f"{torch.cuda.get_device_name()}\tPyTorch {torch.__version__}, CUDA {torch.version.cuda}"
            elif request == "open":
                op = None
                torch.cuda.empty_cache()
                op, check = data.op(words[1], 1 << int(words[2]))
                value = check()
            elif request == "round":
                value = f"{round_us(op, int(words[1])):.4f}"
            elif request == "kernel":
                value = f"{one_kernel_us(op):.4f}"
            elif request == "close":
                op = None
                torch.cuda.empty_cache()
            elif request == "eager":
                eager = eager or Eager(dev)
                value = f"{eager.round_us(int(words[1])):.4f}"
            elif request == "eager-check":
                value = eager.check() if eager else "MISMATCH: no eager launch ran"
            elif request == "quit":
                break
            else:
                raise ValueError(f"unknown request {line.strip()!r}")
            replies.write(f"ok {value}".rstrip() + "\n")
        except Exception as e:  # the reply says what failed; the next request still runs
            replies.write("error " + one_line(e) + "\n")
        replies.flush()


def one_line(e):
    return f"{type(e).__name__}: {e}".replace("\n", " ")


def number(v, decimals):
    """A CSV number; empty when not measured (NaN), as the Java side writes it."""
    return f"{v:.{decimals}f}" if math.isfinite(v) else ""


def write_sweep(args, name, rows, done=False):
    """The CSV (after every row, so a run cut off still leaves its rows) and, when done, a Markdown table."""
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(SWEEP_HEADER)
            w.writerows(rows)
    if not done:
        return
    text = [f"# PyTorch size sweep, {datetime.datetime.now().isoformat(timespec='seconds')}", "",
            f"Command: `torch_peers.py {' '.join(sys.argv[1:])}`  ",
            f"PyTorch {torch.__version__}, CUDA {torch.version.cuda} on {name}", "",
            "Per op: wall clock of R back-to-back ops and one torch.cuda.synchronize(), / R, median of "
            f"{args.rounds} rounds after one warm-up round (R: at least {args.min_reps}, and enough for a round of "
            f"{args.min_round_ms:g} ms). Kernel: CUDA events around one op (the GPU held busy by "
            f"torch.cuda._sleep while the host enqueues them), median of {args.kernel_runs}. GB/s: bytes read plus "
            "written (SAXPY 12 per element, sums 4, copy 8).", "",
            "| workload | path | n | R | per op µs | kernel µs | GB/s per op | GB/s kernel | check |",
            "|---|---|---|---|---|---|---|---|---|"]
    text += [f"| {r[1]} | {r[2]} | 2^{r[3]} | {r[5]} | {r[6] or '–'} | {r[7] or '–'} | {r[8] or '–'} | "
             f"{r[9] or '–'} | {r[10]} |" for r in rows]
    out = "\n".join(text) + "\n"
    print(out)
    if args.out:
        with open(args.out, "w") as f:
            f.write(out)


if __name__ == "__main__":
    main()
