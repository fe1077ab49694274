#!/usr/bin/env python3
"""PyTorch peers of the jsycl suite on the same GPU: what a user would reach for instead.

Timing: CUDA events around each op, 5 warm-up runs, median of 20 (min and max beside it).
TF32 is off for matmul so it is an FP32 matmul like the OpenCL SGEMM.
Usage: torch_peers.py [--out FILE]
"""
import argparse
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
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("no CUDA device: no peer numbers", file=sys.stderr)
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
    bins = torch.randint(0, 256, (n,), device=dev, dtype=torch.int32, generator=g)
    add("histogram 256 bins (torch.bincount)", "2^26 ints", lambda: torch.bincount(bins, minlength=256),
        4.0 * n, "GB/s")
    s = 4096
    src = torch.rand(s, s, device=dev, generator=g)
    dst = src.clone()

    def stencil():
        dst[1:-1, 1:-1] = 0.2 * (src[1:-1, 1:-1] + src[:-2, 1:-1] + src[2:, 1:-1] + src[1:-1, :-2] + src[1:-1, 2:])

    add("stencil 5-point, one step (slicing)", f"{s}²", stencil, 2.0 * s * s * 4, "GB/s")

    tiny_a = torch.rand(256, device=dev)
    tiny_b = torch.rand(256, device=dev)
    tiny_c = torch.empty(256, device=dev)
    for _ in range(1000):
        torch.add(tiny_a, tiny_b, out=tiny_c)
    torch.cuda.synchronize()
    reps = 20000
    t0 = time.perf_counter()
    for _ in range(reps):
        torch.add(tiny_a, tiny_b, out=tiny_c)
    torch.cuda.synchronize()
    host_us = (time.perf_counter() - t0) / reps * 1e6

    text = [f"## PyTorch {torch.__version__} on {torch.cuda.get_device_name()}", "",
            "CUDA-event timing, 5 warm-up runs, median (min–max) of 20, milliseconds.", "",
            "| op | size | ms | throughput |", "|---|---|---|---|"]
    text += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} |" for r in rows]
    text += ["", f"Eager launch cost of a tiny op (torch.add of 256 floats, {reps} back to back, then one sync): "
             f"{host_us:.2f} µs per op", ""]
    out = "\n".join(text)
    print(out)
    if args.out:
        with open(args.out, "w") as f:
            f.write(out)


if __name__ == "__main__":
    main()
