package io.jsycl.cli;

import io.jsycl.Event;
import io.jsycl.samples.SampleProgress;
import io.jsycl.settings.SettingSource;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The progress of a sample's steps on standard error, for {@code jsycl run}. A step counts as done
 * when its event has completed (or failed), so the line follows the device, not the submits.
 *
 * <ul>
 * <li>On a terminal: one line rewritten in place ({@code \r}) every {@value #TICK_MILLIS} ms:
 *     {@code heat diffusion: step 120/500 (24%), 1.2 s, about 3.8 s left}; it ends with a newline
 *     when the sample finishes its steps, before it prints its results.</li>
 * <li>Elsewhere (a file, a pipe, CI logs): a plain line when a quarter of the steps is done
 *     (25, 50, 75 and 100 %), at most four lines per task.</li>
 * </ul>
 * The time left is estimated from the steps done after the first ones, whose time includes
 * lowering and building the kernels.
 */
final class ProgressLine implements SampleProgress.Listener, AutoCloseable {
    static final int TICK_MILLIS = 200;

    private record Step(int number, BooleanSupplier over) {
    }

    private final PrintStream err;
    private final boolean terminal;
    private final LongSupplier clock;
    private final ScheduledExecutorService ticker;

    // Guarded by this: the task being shown and its steps not yet seen done, in submit order.
    private String task;
    private int total;
    private final ArrayDeque<Step> pending = new ArrayDeque<>();
    private int done;
    private long start;
    /** The steps done when any was first seen done (0: none yet), and when that was. */
    private int firstSeen;
    private long firstSeenAt;
    private int quartersShown;
    /** The line now on the terminal; {@code null} when none is open. */
    private String shown;

    /**
     * @param ticker runs {@link #tick()} every {@value #TICK_MILLIS} ms when not {@code null};
     *               tests pass {@code null} and tick themselves
     */
    ProgressLine(PrintStream err, boolean terminal, LongSupplier clock, ScheduledExecutorService ticker) {
        this.err = err;
        this.terminal = terminal;
        this.clock = clock;
        this.ticker = ticker;
        if (ticker != null) {
            ticker.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** A progress line on {@code err} redrawn by its own daemon thread; {@link #close()} stops it. */
    static ProgressLine start(PrintStream err, boolean terminal) {
        var ticker = new ScheduledThreadPoolExecutor(1,
                r -> Thread.ofPlatform().daemon().name("jsycl-run-progress").unstarted(r));
        return new ProgressLine(err, terminal, System::nanoTime, ticker);
    }

    /**
     * Whether standard error is a terminal: {@code bin/jsycl} says so in the property
     * {@code jsycl.cli.stderrIsTerminal} (from {@code [ -t 2 ]}: {@code true} or {@code false}); without it,
     * whether the JVM has an interactive console.
     */
    static boolean stderrIsTerminal() {
        Boolean told = SettingSource.parseSwitch(SettingSource.system().property("jsycl.cli.stderrIsTerminal"));
        if (told != null) {
            return told;
        }
        var console = System.console();
        return console != null && console.isTerminal();
    }

    @Override
    public void submitted(String task, int step, int total, Event done) {
        step(task, step, total, () -> {
            Event.Status s = done.status();
            return s == Event.Status.COMPLETE || s == Event.Status.FAILED;
        });
    }

    /** Step {@code step} of {@code total} of {@code task} was submitted; it is done when {@code over} says so. */
    synchronized void step(String task, int step, int total, BooleanSupplier over) {
        if (!task.equals(this.task) || total != this.total) {
            endLine();
            this.task = task;
            this.total = total;
            pending.clear();
            done = 0;
            start = clock.getAsLong();
            firstSeen = 0;
            quartersShown = 0;
        }
        pending.add(new Step(step, over));
    }

    /** Takes in the steps done since the last tick and redraws the line (terminal) or prints a quarter. */
    synchronized void tick() {
        if (task == null) {
            return;
        }
        while (!pending.isEmpty() && pending.peek().over().getAsBoolean()) {
            done = pending.poll().number();
        }
        if (firstSeen == 0 && done > 0) {
            firstSeen = done;
            firstSeenAt = clock.getAsLong();
        }
        if (terminal) {
            show(line(task, done, total, clock.getAsLong() - start, left()));
        } else {
            int quarters = total == 0 ? 4 : (int) (4L * done / total);
            if (quarters > quartersShown) {
                quartersShown = quarters;
                err.println(line(task, done, total, clock.getAsLong() - start, left()));
                err.flush();
            }
        }
    }

    /** The steps are over: shows where they ended and ends the line. */
    @Override
    public synchronized void finished() {
        tick();
        endLine();
        task = null;
        pending.clear();
    }

    /** Finishes the line and stops the ticker. */
    @Override
    public void close() {
        finished();
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }

    /**
     * Nanoseconds left at the pace of the steps done since the first were seen done (those include
     * lowering and building), or -1 while there is no such step yet; 0 when all are done.
     */
    private long left() {
        if (done >= total) {
            return 0;
        }
        if (firstSeen == 0 || done == firstSeen) {
            return -1;
        }
        long perStep = (clock.getAsLong() - firstSeenAt) / (done - firstSeen);
        return perStep * (total - done);
    }

    private void show(String line) {
        if (line.equals(shown)) {
            return;
        }
        int erase = shown == null ? 0 : Math.max(0, shown.length() - line.length());
        err.print("\r" + line + " ".repeat(erase));
        err.flush();
        shown = line;
    }

    private void endLine() {
        if (shown != null) {
            err.println();
            err.flush();
            shown = null;
        }
    }

    /**
     * One progress line: {@code heat diffusion: step 120/500 (24%), 1.2 s, about 3.8 s left};
     * {@code leftNanos} -1 leaves the estimate out, 0 (all done) too.
     */
    static String line(String task, int done, int total, long elapsedNanos, long leftNanos) {
        int percent = total == 0 ? 100 : (int) (100L * done / total);
        var b = new StringBuilder().append(task).append(": step ").append(done).append('/').append(total)
                .append(" (").append(percent).append("%), ").append(seconds(elapsedNanos));
        if (leftNanos > 0) {
            b.append(", about ").append(seconds(leftNanos)).append(" left");
        }
        return b.toString();
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
