package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The sweep's checks and its claim of device-resident data, on the first OpenCL device (PoCL in CI) at tiny sizes
 * with one round of two operations: no timing is asserted.
 */
class SweepTest {
    private static final Logger SCHEDULER = Logger.getLogger("io.jsycl.scheduler");

    @Test
    void everyPathPassesItsCheckFromOneElementUp() {
        // n = 1, 2, 4: fewer elements than a work-group; 2^11: several groups of the hand-written sum's grid.
        var settings = new Sweep.Settings(0, 2, SweepRow.WORKLOADS, 1, 1, 2, 0, 0);
        var data = new SweepData(11);
        var rows = new ArrayList<SweepRow>();
        Sweep.run(Sweep.device(null), settings, data, null, rows::add);
        Sweep.run(Sweep.device(null), new Sweep.Settings(11, 11, SweepRow.WORKLOADS, 1, 1, 2, 0, 0), data, null,
                rows::add);

        // 7 rows per size; Float4 and Float8 SAXPY where n is at least 8 (2^11); the Int4 and Float4 sums where n is
        // at least 4 (n = 4 and 2^11).
        assertThat(rows).hasSize(4 * 7 + 2 + 2 * 2);
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.check()).as(r.toString()).startsWith("ok");
            assertThat(r.perOpUs()).as(r.toString()).isPositive();
            assertThat(r.kernelUs()).as(r.toString()).isPositive();
        });
    }

    @Test
    void shortRoundsGetMoreOperationsUntilTheyLastTheMinimumRoundTime() {
        var counted = new java.util.concurrent.atomic.AtomicLong();
        var op = new SweepOp() { // each operation spins for 50 µs
            @Override
            public void submit() {
                long until = System.nanoTime() + 50_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                counted.incrementAndGet();
            }

            @Override
            public void await() {
            }

            @Override
            public long deviceNanos() {
                return 50_000;
            }

            @Override
            public String check() {
                return "ok";
            }

            @Override
            public void close() {
            }
        };
        SweepOp.Timing plain = SweepOp.measure(op, 4, 3, 1, 0);
        assertThat(plain.reps()).isEqualTo(4);
        assertThat(counted.get()).isEqualTo(4 + 3 * 4);
        counted.set(0);
        // 4 operations of 50 µs last 0.2 ms; a round of at least 5 ms needs about 100, fewer where a loaded host
        // stretches each spin (a busy CI machine saw 9): more than 4 in any case, never more than 100 and one.
        SweepOp.Timing longer = SweepOp.measure(op, 4, 3, 1, 5_000_000);
        assertThat(longer.reps()).isGreaterThan(4).isLessThanOrEqualTo(101);
        assertThat(counted.get()).isEqualTo(4 + 3L * longer.reps());
        assertThat(longer.perOpNanos()).isGreaterThanOrEqualTo(50_000);
    }

    @Test
    void jsyclTimedLoopsMoveNoDataBetweenHostAndDevice() {
        Device device = Sweep.device(null);
        var data = new SweepData(12);
        var messages = new ArrayList<String>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                synchronized (messages) {
                    messages.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Level previous = SCHEDULER.getLevel();
        try (var context = new Context(device);
             var plain = new Queue(context, device);
             var profiling = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            capture.setLevel(Level.ALL);
            SCHEDULER.setLevel(Level.FINE);
            SCHEDULER.addHandler(capture);
            for (SweepOp op : List.of(SweepJsycl.saxpy(plain, profiling, data, 1 << 12, 1),
                    SweepJsycl.saxpy(plain, profiling, data, 1 << 12, 8),
                    SweepJsycl.sumInt(plain, profiling, data, 12, 1), SweepJsycl.sumFloat(plain, profiling, data, 12, 1),
                    SweepJsycl.sumInt(plain, profiling, data, 12, 4), SweepJsycl.sumFloat(plain, profiling, data, 12, 4))) {
                try (op) {
                    assertThat(op.check()).startsWith("ok");
                    op.submit(); // uploads what the check's host accessor left newer on the host
                    op.await();
                    synchronized (messages) {
                        messages.clear();
                    }
                    SweepOp.measure(op, 3, 2, 2, 0);
                    synchronized (messages) {
                        assertThat(messages).as("the scheduler's trace of the timed loops").isNotEmpty()
                                .noneMatch(m -> m.contains(" bytes to ") || m.contains(" back to the host")
                                        || m.contains("host access"));
                    }
                }
            }
        } finally {
            SCHEDULER.removeHandler(capture);
            SCHEDULER.setLevel(previous);
        }
    }

    @Test
    void rowsSurviveTheCsvRoundTrip() {
        var row = new SweepRow("Device, \"quoted\"", "sum-float", "jsycl", 20, 20, 12.5, 10.25, 4,
                "ok: rel err 1.0e-07");
        SweepRow back = SweepRow.parse(row.csv());

        assertThat(back).isEqualTo(row);
        assertThat(row.kernelGbps()).isEqualTo(4.0 * (1 << 20) / 10.25e-6 / 1e9);
        assertThat(SweepRow.parse("torch-dev,copy,torch,12,4096,4096,,3.5,,,ok").perOpUs()).isNaN();
    }

    @Test
    void theComparisonDividesPyTorchsTimeByEachPathsAndKeepsTheLowest() {
        var jsycl = List.of(row("saxpy", "jsycl-float4", 14, 10.0), row("saxpy", "jsycl-float4", 20, 50.0),
                row("sum-int", "jsycl", 20, 20.0), row("copy", "opencl", 20, 40.0));
        var torch = List.of(row("saxpy", "torch", 14, 12.0), row("saxpy", "torch", 20, 45.0),
                row("sum-int", "torch", 20, 60.0));
        var again = List.of(row("saxpy", "jsycl-float4", 14, 12.0), row("saxpy", "jsycl-float4", 20, 45.0));

        String md = SweepCompare.tables(List.of(new SweepCompare.Pass("first", jsycl, torch),
                new SweepCompare.Pass("again", again, torch)));

        assertThat(md).contains("| n | first jsycl-float4 | again jsycl-float4 |")
                .contains("| 2^14 | 1.200 | 1.000 |").contains("| 2^20 | 0.900 | 1.000 |")
                .contains("| lowest | **0.900** | **1.000** |").contains("| lowest, n ≥ 2^16 | **0.900** | **1.000** |");
        // The sum moves 4 bytes an element in 20 µs, the copy 8 in 40: the same GB/s.
        assertThat(md).contains("| n | first jsycl | first jsycl / copy GB/s |").contains("| 2^20 | 3.000 | 1.000 |");
    }

    private static SweepRow row(String workload, String path, int log2n, double perOpUs) {
        return new SweepRow("dev", workload, path, log2n, 100, perOpUs, perOpUs, SweepRow.bytesPerElement(workload),
                "ok");
    }
}
