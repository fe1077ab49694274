package io.jsycl.tests.fuzz;

/** Runs the fuzzer outside JUnit: {@code FuzzMain [count [seed]]}. */
public final class FuzzMain {
    private FuzzMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("reduce")) {
            long seed = Long.parseLong(args[1]);
            var devices = io.jsycl.Device.all().stream().filter(d -> !d.isHost()).toList();
            var h = new FuzzHarness();
            String src = FuzzGen.program(FuzzHarness.PKG, FuzzHarness.className(seed), seed);
            System.out.println("=== reduced program for seed " + seed + ":\n" + h.reduce(seed, src, devices));
            return;
        }
        if (args.length > 0) {
            System.setProperty("jsycl.fuzz.count", args[0]);
        }
        if (args.length > 1) {
            System.setProperty("jsycl.fuzz.seed", args[1]);
        }
        new FuzzTest().hostAndDevicesAgree();
    }
}
