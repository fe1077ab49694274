package io.jsycl.internal.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jsycl.SyclException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** A failed command's event: every await that asks for it throws, the runtime's own waits report it once. */
class EventImplTest {

    @Test
    void hostWorkThatFailedThrowsOnEveryAwaitEveryTimeAndOnceOnAwait() {
        var done = new CompletableFuture<Void>();
        var failure = new ArithmeticException("/ by zero");
        done.completeExceptionally(failure);
        var event = EventImpl.of(done);
        assertThat(catchThrowable(event::awaitEveryTime)).isSameAs(failure);
        Throwable again = catchThrowable(event::awaitEveryTime);
        assertThat(again).isInstanceOf(ArithmeticException.class).isNotSameAs(failure).hasMessage("/ by zero");
        assertThat(again.getCause()).isSameAs(failure);
        event.await(); // delivered already: the queue-wide wait reports it once
        assertThat(event.status()).isEqualTo(CommandStatus.FAILED);
    }

    @Test
    void theFirstDeliveryByTheRuntimesWaitStillLeavesTheEventFailed() {
        var done = new CompletableFuture<Void>();
        done.completeExceptionally(new IndexOutOfBoundsException("index 8 out of bounds for length 8"));
        var event = EventImpl.of(done);
        assertThat(catchThrowable(event::await)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(catchThrowable(event::awaitEveryTime)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("index 8 out of bounds for length 8");
    }

    @Test
    void aFreshCopyKeepsASyclExceptionsStatusAndFallsBackToTheOriginalWhereNoneCanBeMade() {
        var sycl = new SyclException("enqueue failed", null, -5, "CL_OUT_OF_RESOURCES");
        var copy = (SyclException) EventImpl.again(sycl);
        assertThat(copy).isNotSameAs(sycl).hasMessage("enqueue failed").hasCause(sycl);
        assertThat(copy.status()).isEqualTo(-5);
        assertThat(copy.statusName()).isEqualTo("CL_OUT_OF_RESOURCES");

        RuntimeException hidden = new Hidden();
        assertThat(EventImpl.again(hidden)).as("a class without a public message constructor").isSameAs(hidden);
    }

    /**
     * An Error a host command failed with (a kernel's LinkageError) is delivered as the other failures are: once as
     * it was made, then as fresh copies, so that a try-with-resources closing a buffer of the failed command never
     * meets the same instance twice ("Self-suppression not permitted", which replaced the error itself before).
     */
    @Test
    void anErrorIsThrownOnceAsItWasMadeThenAsFreshCopies() {
        var done = new CompletableFuture<Void>();
        var error = new IncompatibleClassChangeError("Found interface io.jsycl.Reducer$OfInt, but class was expected");
        done.completeExceptionally(error);
        EventImpl event = EventImpl.of(done);
        Throwable first = catchThrowable(event::awaitEveryTime);
        Throwable second = catchThrowable(event::awaitEveryTime);
        assertThat(first).isSameAs(error);
        assertThat(second).isInstanceOf(IncompatibleClassChangeError.class).isNotSameAs(error)
                .hasMessage(error.getMessage()).hasCause(error);
        Throwable suppressed = catchThrowable(() -> {
            try (AutoCloseable close = event::awaitEveryTime) {
                event.awaitEveryTime();
            }
        });
        assertThat(suppressed).isInstanceOf(IncompatibleClassChangeError.class);
        assertThat(suppressed.getSuppressed()).hasSize(1).allSatisfy(t -> assertThat(t).isNotSameAs(suppressed));
    }

    /** An exception class that cannot be made again from outside: not public, no message constructor. */
    private static final class Hidden extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
