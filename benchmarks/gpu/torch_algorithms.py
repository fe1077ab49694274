"""PyTorch's equivalents of the parallel algorithms on the same GPU, the peers of io.jsycl.bench.AlgorithmsBench:
torch.cumsum of int32, torch.masked_select of the floats above 0.5, torch.sum of floats (left on the GPU, and returned
with .item()), and torch.sort of int32 and int64 keys
(values and indices). Data on the GPU; per op = back-to-back ops then one synchronize, wall clock / ops, median of 5
rounds of at least 20 ms (the ops a round takes raised from the warm-up round's time) after a warm-up round. Writes a CSV (algorithm,log2,path,per_op_us,check) that AlgorithmsBench --torch merges.

    python3 benchmarks/gpu/torch_algorithms.py --min-log2 20 --max-log2 26 --csv FILE
"""
import argparse
import statistics
import time

import torch


MIN_ROUND_S = 0.020  # as AlgorithmsBench's MIN_ROUND_NS: rounds long enough for the GPU's clocks to settle
MAX_RUNS = 5000


def per_op_us(op, runs):
    rounds = []
    for r in range(6):
        torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(runs):
            op()
        torch.cuda.synchronize()
        per_run = (time.perf_counter() - t) / runs
        if r == 0:
            runs = int(min(MAX_RUNS, max(runs, -(-MIN_ROUND_S // max(per_run, 1e-9)))))
        else:
            rounds.append(per_run)
    return statistics.median(rounds) * 1e6


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--min-log2", type=int, default=20)
    p.add_argument("--max-log2", type=int, default=26)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    path = f"PyTorch {torch.__version__} (CUDA {torch.version.cuda})"
    rows = ["algorithm,log2,path,per_op_us,check"]
    for log2 in range(a.min_log2, a.max_log2 + 1, 2):
        n = 1 << log2
        runs = max(3, min(50, (1 << 26) // n))
        g = torch.Generator(device="cuda").manual_seed(log2)
        ints = torch.randint(-2**31, 2**31 - 1, (n,), dtype=torch.int32, device="cuda", generator=g)
        floats = torch.rand(n, device="cuda", generator=g)
        scanned = torch.cumsum(ints, 0, dtype=torch.int32)
        ok = torch.equal(scanned.cpu(), torch.cumsum(ints.cpu().long(), 0).to(torch.int32))
        rows.append(f"inclusive scan of ints,{log2},{path} torch.cumsum,"
                    f"{per_op_us(lambda: torch.cumsum(ints, 0, dtype=torch.int32), runs):.2f},{'ok' if ok else 'MISMATCH'}")
        kept = torch.masked_select(floats, floats > 0.5)
        ok = torch.equal(kept.cpu(), floats.cpu()[floats.cpu() > 0.5])
        rows.append(f"copyIf of floats > 0.5,{log2},{path} torch.masked_select,"
                    f"{per_op_us(lambda: torch.masked_select(floats, floats > 0.5), runs):.2f},"
                    f"{'ok' if ok else 'MISMATCH'}")
        s = torch.sum(floats).item()
        ok = abs(s - floats.double().sum().item()) <= 1e-5 * n
        rows.append(f"sum of floats,{log2},{path} torch.sum,{per_op_us(lambda: torch.sum(floats), runs):.2f},"
                    f"{'ok (float sum, regrouped)' if ok else 'MISMATCH'}")
        # The value to the host, as Reductions.reduce returns it: one synchronizing copy a call.
        rows.append(f"sum of floats,{log2},{path} torch.sum(...).item(),"
                    f"{per_op_us(lambda: torch.sum(floats).item(), runs):.2f},"
                    f"{'ok (float sum, regrouped)' if ok else 'MISMATCH'}")
        values, indices = torch.sort(ints, stable=True)
        ok = torch.equal(values.cpu(), torch.sort(ints.cpu()).values) and torch.equal(ints[indices], values)
        rows.append(f"sort of int keys with their indices,{log2},{path} torch.sort(stable),"
                    f"{per_op_us(lambda: torch.sort(ints, stable=True), runs):.2f},{'ok' if ok else 'MISMATCH'}")
        longs = torch.randint(-2**62, 2**62, (n,), dtype=torch.int64, device="cuda", generator=g)
        values, indices = torch.sort(longs, stable=True)
        ok = torch.equal(values.cpu(), torch.sort(longs.cpu()).values) and torch.equal(longs[indices], values)
        rows.append(f"sort of long keys with their indices,{log2},{path} torch.sort(stable),"
                    f"{per_op_us(lambda: torch.sort(longs, stable=True), runs):.2f},{'ok' if ok else 'MISMATCH'}")
    with open(a.csv, "w") as f:
        f.write("\n".join(rows) + "\n")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
