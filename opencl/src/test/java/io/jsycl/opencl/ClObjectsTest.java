package io.jsycl.opencl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Isolated
class ClObjectsTest {
    @Test
    void anEndedEventAnswersItsStatusWithoutAskingTheDriverAgain() {
        ClDevice device = TestPlatforms.requireDevice();
        try (ClContext ctx = ClContext.create(List.of(device)); ClEvent user = ClEvent.userEvent(ctx);
             ClEvent failed = ClEvent.userEvent(ctx)) {
            long before = ClObjects.calls("clGetEventInfo");
            assertThat(user.executionStatus()).as("a user event before its status is set").isPositive();
            assertThat(user.executionStatus()).isPositive();
            assertThat(ClObjects.calls("clGetEventInfo") - before).as("queries of a running command").isEqualTo(2);
            user.setUserEventStatus(0);
            failed.setUserEventStatus(-14);
            assertThat(user.executionStatus()).isZero();
            assertThat(failed.executionStatus()).isEqualTo(-14);
            long ended = ClObjects.calls("clGetEventInfo");
            for (int i = 0; i < 5; i++) {
                assertThat(user.executionStatus()).isZero();
                assertThat(failed.executionStatus()).isEqualTo(-14);
            }
            assertThat(ClObjects.calls("clGetEventInfo")).as("queries after the end was seen").isEqualTo(ended);
        }
    }

    @Test
    void everyCreatedObjectIsReleasedExactlyOnce() throws InterruptedException {
        ClDevice device = TestPlatforms.requireDevice();
        Map<ClObjects.Kind, Long> created = new EnumMap<>(ClObjects.Kind.class);
        Map<ClObjects.Kind, Long> released = new EnumMap<>(ClObjects.Kind.class);
        for (ClObjects.Kind k : ClObjects.Kind.values()) {
            created.put(k, ClObjects.created(k));
            released.put(k, ClObjects.released(k));
        }
        long writes = ClObjects.calls("clEnqueueWriteBuffer");
        long builds = ClObjects.calls("clBuildProgram");
        long fills = ClObjects.calls("clEnqueueFillBuffer");

        ClContext ctx = ClContext.create(List.of(device));
        ClCommandQueue q = ClCommandQueue.create(ctx, device, true, false);
        ClMem mem = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 64, MemorySegment.NULL);
        ClProgram p = ClProgram.createWithSource(ctx, "__kernel void k(__global int* x) { x[get_global_id(0)] += 1; }");
        p.build(null, null);
        ClKernel k = ClKernel.create(p, "k");
        CountDownLatch done = new CountDownLatch(1);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment pattern = a.allocate(JAVA_INT);
            pattern.set(JAVA_INT, 0, 7);
            ClEvent user = ClEvent.userEvent(ctx);
            ClEvent fill = q.enqueueFillBuffer(mem, pattern, 0, 64, List.of(user));
            ClEvent write = q.enqueueWriteBuffer(mem, false, 0, a.allocate(4), 4, List.of(fill));
            fill.onComplete(done::countDown);
            assertThat(fill.executionStatus()).isPositive(); // queued or submitted: waits for the user event
            user.setUserEventStatus(0);
            write.await();
            fill.await();
            write.close();
            user.close();
            fill.close();
            fill.close();
        }
        k.setArg(0, mem);
        try (ClEvent run = q.enqueueNDRangeKernel(k, 1, null, new long[] {16}, new long[] {4}, null);
             ClEvent marker = q.enqueueMarker(List.of(run))) {
            marker.await();
        }
        q.finish();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();

        for (AutoCloseable c : List.<AutoCloseable>of(k, p, mem, q, ctx)) {
            close(c);
            close(c);
        }
        for (ClObjects.Kind kind : ClObjects.Kind.values()) {
            long made = ClObjects.created(kind) - created.get(kind);
            long gone = ClObjects.released(kind) - released.get(kind);
            assertThat(gone).as("released %s", kind).isEqualTo(made);
        }
        assertThat(ClObjects.created(ClObjects.Kind.EVENT) - created.get(ClObjects.Kind.EVENT)).isEqualTo(5);
        assertThat(ClObjects.calls("clEnqueueWriteBuffer") - writes).isEqualTo(1);
        assertThat(ClObjects.calls("clEnqueueFillBuffer") - fills).isEqualTo(1);
        assertThat(ClObjects.calls("clBuildProgram") - builds).isEqualTo(1);
        assertThatThrownBy(mem::handle).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    private static void close(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
