"""Registers, spills and stack of the kernels in a jsycl binary cache, as NVIDIA's ptxas reports them.

NVIDIA's OpenCL stores PTX as a program's binary, and jsycl's persistent cache (-Djsycl.cache.dir=DIR) keeps those
binaries in DIR/**/*.bin after a header of its own. This script finds the PTX in each entry and runs ptxas -v on it for
the GPU host's architecture, so that a kernel's occupancy can be read off: a work-item's registers times the
work-group's size, against the multiprocessor's 65536 registers. On the GPU hosts, CUDA's ptxas is
/usr/local/cuda-13.0/bin/ptxas (found by itself when absent from PATH).

    java -Djsycl.cache.dir=/tmp/cache ... (any jsycl program on the GPU)
    python3 benchmarks/gpu/ptx_registers.py /tmp/cache [--match OneSweep] [--arch sm_90] [--keep OUTDIR]
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import tempfile


def ptx_of(data):
    """The PTX text inside a cache entry, or None."""
    at = data.find(b".version")
    if at < 0:
        return None
    start = data.rfind(b"// Generated", 0, at)
    end = data.find(b"\x00", at)
    return data[max(0, start):end if end > 0 else len(data)]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("cache", help="the jsycl.cache.dir of a run on the GPU")
    p.add_argument("--match", default="", help="only kernels whose entry name contains this")
    p.add_argument("--arch", default="sm_90", help="ptxas --gpu-name (sm_90: H100, H200)")
    p.add_argument("--keep", help="a folder to copy each kernel's PTX into")
    a = p.parse_args()
    ptxas = shutil.which("ptxas") or next(iter(sorted(glob.glob("/usr/local/cuda*/bin/ptxas"))), None)
    if ptxas is None:
        raise SystemExit("no ptxas on PATH or under /usr/local/cuda*/bin")
    seen = set()
    for entry in sorted(glob.glob(os.path.join(a.cache, "**", "*.bin"), recursive=True)):
        with open(entry, "rb") as f:
            ptx = ptx_of(f.read())
        if ptx is None:
            continue
        names = [n.decode() for n in re.findall(rb"\.entry\s+(\w+)", ptx)]
        if not any(a.match in n for n in names) or ptx in seen:
            continue
        seen.add(ptx)
        with tempfile.NamedTemporaryFile(suffix=".ptx", delete=False) as t:
            t.write(ptx)
        if a.keep:
            os.makedirs(a.keep, exist_ok=True)
            shutil.copy(t.name, os.path.join(a.keep, names[0] + "-" + os.path.basename(entry)[:8] + ".ptx"))
        r = subprocess.run([ptxas, "-v", "--gpu-name", a.arch, t.name, "-o", os.devnull],
                           capture_output=True, text=True)
        os.unlink(t.name)
        kernel = None
        for line in (r.stdout + r.stderr).splitlines():
            m = re.search(r"Compiling entry function '(\w+)'", line)
            if m:
                kernel = m.group(1)
            elif kernel and ("registers" in line or "stack frame" in line):
                print(f"{kernel}: {line.split(':', 1)[-1].strip()}")
        if r.returncode != 0:
            print(f"{os.path.basename(entry)}: ptxas failed: {r.stderr.strip()[:500]}")


if __name__ == "__main__":
    main()
