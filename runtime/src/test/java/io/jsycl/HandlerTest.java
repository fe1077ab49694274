package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.internal.launch.CommandGroupRecord;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A handler records one command group while its function runs and hands it over, immutable, when it returns. */
class HandlerTest {
    @Test
    void theRecordHoldsWhatTheCommandGroupAskedForInOrder() {
        int[] a = new int[4];
        int[] b = new int[4];
        try (var q = new Queue(Device.host());
             var ba = Buffer.of(a);
             var bb = Buffer.of(b)) {
            var h = new Handler(q);
            var x = bb.read(h);
            var y = ba.write(h);
            ba.read(h); // a second request of the same buffer widens its mode
            h.buildOptions(" -DX=1 ");
            h.fastMath();
            h.parallelFor(Range.of(4), it -> y.set(it.id(0), x.get(it.id(0))));
            CommandGroupRecord group = h.finish();
            assertThat(group.requirements()).as("in request order: the order of the kernel's buffer arguments")
                    .containsExactly(Map.entry(bb.storage, AccessMode.READ),
                            Map.entry(ba.storage, AccessMode.READ_WRITE));
            assertThat(group.userBuildOptions()).isEqualTo("-DX=1");
            assertThat(group.fastMath()).isTrue();
            assertThat(group.checked()).isFalse();
            assertThat(group.launch().range()).isEqualTo(Range.of(4));
            assertThatThrownBy(() -> group.requirements().clear()).isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Test
    void aHandlerRecordsNothingOnceItsCommandGroupReturned() {
        var kept = new AtomicReference<Handler>();
        try (var q = new Queue(Device.host());
             var buf = Buffer.of(new int[4])) {
            q.submit(h -> {
                kept.set(h);
                var o = buf.write(h);
                h.singleTask(() -> o.set(0, 1));
            }).await();
            assertThatThrownBy(() -> buf.read(kept.get())).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("command group function has returned");
            assertThatThrownBy(() -> kept.get().fastMath()).isInstanceOf(IllegalStateException.class);
        }
    }
}
