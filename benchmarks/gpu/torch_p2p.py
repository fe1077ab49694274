"""PyTorch's copy of a CUDA tensor from GPU 0 to GPU 1 (peer access over NVLink where the host has it): the peer of
io.jsycl.bench.PeerCopyBench. Median of 5 timed copies after 2 untimed, GB/s of the bytes moved.

    python3 benchmarks/gpu/torch_p2p.py [MiB ...]    (default: 64 1024)
"""
import statistics
import sys
import time

import torch


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [64, 1024]
    if torch.cuda.device_count() < 2:
        print("torch_p2p: fewer than two CUDA devices")
        return
    print(f"PyTorch {torch.__version__}, CUDA {torch.version.cuda}, {torch.cuda.get_device_name(0)} -> "
          f"{torch.cuda.get_device_name(1)}, peer access: {torch.cuda.can_device_access_peer(0, 1)}")
    print("| MiB | path | ms (median of 5) | GB/s |")
    print("|---|---|---|---|")
    for mib in sizes:
        n = mib * 2**20 // 4
        src = torch.rand(n, device="cuda:0")
        dst = torch.empty(n, device="cuda:1")
        times = []
        for _ in range(7):
            torch.cuda.synchronize(0)
            torch.cuda.synchronize(1)
            t = time.perf_counter()
            dst.copy_(src)
            torch.cuda.synchronize(1)
            torch.cuda.synchronize(0)
            times.append(time.perf_counter() - t)
        if not torch.equal(dst.cpu(), src.cpu()):
            raise SystemExit("torch_p2p: the copy differs from its source")
        m = statistics.median(times[2:])
        print(f"| {mib} | PyTorch dst.copy_(src), cuda:0 to cuda:1 | {m * 1e3:.3f} | {mib * 2**20 / m / 1e9:.1f} |")


if __name__ == "__main__":
    main()
