"""Writes the GPU conformance summary (Markdown) from tests/gpu/remote.sh's work folder.

Each run's JUnit XML gives its tests and failures; a failure is counted against the device of its parameter (the
display name of a device-parameterized test ends in "name (TYPE, platform)"), or against the run's device where the
run took one (JSYCL_DEVICE), or else "no device parameter". A run without a report (a JVM that died) is listed with
its exit status, the last lines of its console and any hs_err file.
"""
import argparse
import datetime
import os
import re
import xml.etree.ElementTree as ET

DEVICE_TYPE = re.compile(r"\((GPU|CPU|HOST|ACCELERATOR), ([^)]*)")
FIRST_LINES = 8


def read_runs(work):
    runs = []
    with open(os.path.join(work, "runs.tsv")) as f:
        for line in f:
            label, rc, seconds, settings = (line.rstrip("\n").split("\t") + [""] * 4)[:4]
            runs.append({"label": label, "rc": int(rc), "seconds": int(seconds), "settings": settings.strip()})
    return runs


def display_name(case):
    out = case.findtext("system-out") or ""
    m = re.search(r"^display-name: (.*)$", out, re.M)
    return m.group(1) if m else case.get("classname", "") + " > " + case.get("name", "")


def device_of(name, run):
    m = DEVICE_TYPE.search(name)
    if m:
        return m.group(1) + " (" + m.group(2).strip() + ")"
    m = re.search(r"JSYCL_DEVICE=(\w+)", run["settings"])
    if m:
        return m.group(1).upper() + " (JSYCL_DEVICE=" + m.group(1) + ")"
    return "no device parameter"


def read_reports(work, run):
    folder = os.path.join(work, run["label"])
    tests = failures = skipped = 0
    failed = []
    found = False
    for file in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if not (file.startswith("TEST-") and file.endswith(".xml")):
            continue
        found = True
        root = ET.parse(os.path.join(folder, file)).getroot()
        for case in root.iter("testcase"):
            tests += 1
            problem = case.find("failure")
            if problem is None:
                problem = case.find("error")
            if case.find("skipped") is not None:
                skipped += 1
            elif problem is not None:
                failures += 1
                name = display_name(case).replace("JUnit Jupiter > ", "")
                text = (problem.get("message") or "") + "\n" + (problem.text or "")
                lines = [l for l in text.strip().splitlines() if l.strip()][:FIRST_LINES]
                failed.append({"name": name, "device": device_of(name, run), "lines": lines})
    return found, tests, failures, skipped, failed


def tail(path, n):
    try:
        with open(path, errors="replace") as f:
            return f.read().splitlines()[-n:]
    except OSError:
        return []


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--work", required=True)
    p.add_argument("--commit", required=True)
    p.add_argument("--preload", default="")
    p.add_argument("--fuzz-count", default="")
    p.add_argument("--partial", default="")
    a = p.parse_args()
    gpu = open(os.path.join(a.work, "gpu.txt")).read().strip()
    devices = open(os.path.join(a.work, "devices.txt")).read().rstrip()
    runs = read_runs(a.work)

    out = []
    total_tests = total_failures = 0
    by_device = {}
    rows = []
    details = []
    died = []
    for run in runs:
        found, tests, failures, skipped, failed = read_reports(a.work, run)
        total_tests += tests
        total_failures += failures
        for f in failed:
            by_device[f["device"]] = by_device.get(f["device"], 0) + 1
            details.append((run["label"], f))
        folder = os.path.join(a.work, run["label"])
        hs_err = [f for f in os.listdir(folder) if f.startswith("hs_err")] if os.path.isdir(folder) else []
        status = "not started (DEADLINE_S)" if run["rc"] == 125 else "exit %d" % run["rc"]
        if run["rc"] == 124:
            status += ", cut at its limit"
        if not found or hs_err or run["rc"] not in (0, 1):
            died.append((run, hs_err))
            status += ", no complete report" if not found else ""
        rows.append("| %s | %s | %d | %d | %d | %s | %d |" % (
            run["label"], run["settings"] or "-", tests, failures, skipped, status, run["seconds"]))

    clean = total_failures == 0 and not died
    out.append("# GPU conformance: %s, %s" % (gpu.split(",")[0], datetime.date.today().isoformat()))
    out.append("")
    out.append("Commit %s. Made with `bash tests/gpu/prepare.sh` on the development machine, then "
               "`bash tests/gpu/remote.sh` on the GPU host (the device tool carries `.gpu-tests`)." % a.commit)
    out.append("LD_PRELOAD: %s. Fuzz programs: %s (host device vs every OpenCL device, bit for bit)."
               % ("`" + a.preload + "`" if a.preload else "not set", a.fuzz_count))
    if a.partial.strip():
        out.append("")
        out.append("Partial run (%s): not a conformance run." % a.partial.strip())
    out.append("")
    out.append("**Result: %s** (%d tests, %d failures%s)." % (
        "pass" if clean else "FAIL", total_tests, total_failures,
        ", %d run(s) without a complete report" % len(died) if died else ""))
    out.append("")
    out.append("GPU (nvidia-smi): %s" % gpu)
    out.append("")
    out.append("```")
    out.append(devices)
    out.append("```")
    out.append("")
    out.append("| run | settings | tests | failures | skipped | status | seconds |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    out.extend(rows)
    out.append("")
    out.append("Failures by device: " + (", ".join("%s: %d" % kv for kv in sorted(by_device.items())) or "none") + ".")
    for run, hs_err in died:
        out.append("")
        out.append("## %s: exit %d%s" % (run["label"], run["rc"], ", " + ", ".join(hs_err) if hs_err else ""))
        out.append("```")
        out.extend(tail(os.path.join(a.work, run["label"], "console.log"), 15))
        out.append("```")
    if details:
        out.append("")
        out.append("## Failures")
        for label, f in details:
            out.append("")
            out.append("- %s: %s (device: %s)" % (label, f["name"], f["device"]))
            out.append("  ```")
            out.extend("  " + l for l in f["lines"])
            out.append("  ```")
    restored = []
    for run in runs:
        for line in tail(os.path.join(a.work, run["label"], "console.log"), 100000):
            if "JVM signal handlers restored after driver calls" in line and line not in restored:
                restored.append("%s: %s" % (run["label"], line.strip()))
    if restored:
        out.append("")
        out.append("## Signal handlers that drivers replaced (restored by jsycl)")
        out.extend("- " + r for r in restored)
    print("\n".join(out))


if __name__ == "__main__":
    main()
