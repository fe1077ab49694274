package io.jsycl.opencl;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Native memory for one OpenCL call's small arguments, made once per thread (launches, reads, writes, markers and
 * waits are the hot path; a confined arena per call costs a malloc and a free each): the event out-parameter, a
 * launch's offset, global and local sizes, and a wait list of up to {@value #WAITS} events (longer ones use an
 * arena). The calls that read it return before the thread uses it again, and none calls another that uses it.
 */
final class CallScratch {
    static final int WAITS = 32;
    static final ThreadLocal<CallScratch> FOR_THREAD = ThreadLocal.withInitial(CallScratch::new);

    final MemorySegment out;
    final MemorySegment offset;
    final MemorySegment global;
    final MemorySegment local;
    final MemorySegment waits;

    CallScratch() {
        MemorySegment block = Arena.ofAuto().allocate(8L * (1 + 3 * 3 + WAITS), 8);
        out = block.asSlice(0, 8);
        offset = block.asSlice(8, 24);
        global = block.asSlice(32, 24);
        local = block.asSlice(56, 24);
        waits = block.asSlice(80, 8L * WAITS);
    }

    MemorySegment waitList(List<ClEvent> events) {
        if (events == null || events.isEmpty()) {
            return MemorySegment.NULL;
        }
        for (int i = 0; i < events.size(); i++) {
            waits.setAtIndex(ADDRESS, i, events.get(i).handle());
        }
        return waits;
    }
}
