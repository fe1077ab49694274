package io.jsycl.samples;

import io.jsycl.Event;
import java.util.Objects;

/**
 * How far a sample of many steps has come, for whoever shows it. A sample calls
 * {@link #submitted} once per step; {@code jsycl run} listens and draws a progress line on
 * standard error. Without a listener the calls do nothing, so a program copied from a sample
 * can keep or drop them.
 */
public final class SampleProgress {
    /** Receives the steps of the running sample; called on the sample's thread. */
    public interface Listener {
        /**
         * Step {@code step} (from 1) of {@code total} of {@code task} was submitted.
         *
         * @param done the step's event: the step is over when it completes
         */
        void submitted(String task, int step, int total, Event done);

        /** The sample has its results and is about to print them: no more steps. */
        void finished();
    }

    private static volatile Listener listener;

    private SampleProgress() {
    }

    /** Sends the steps of the samples run from now on to {@code l}; {@code null} stops sending them. */
    public static void listen(Listener l) {
        listener = l;
    }

    /** Step {@code step} (from 1) of {@code total} of {@code task} was submitted as {@code done}. */
    static void submitted(String task, int step, int total, Event done) {
        Listener l = listener;
        if (l != null) {
            l.submitted(task, step, total, Objects.requireNonNull(done, "done"));
        }
    }

    /** No more steps: the sample prints its results next. */
    static void finished() {
        Listener l = listener;
        if (l != null) {
            l.finished();
        }
    }
}
