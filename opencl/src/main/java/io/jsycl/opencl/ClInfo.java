package io.jsycl.opencl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/** Typed reads of {@code clGet*Info} queries (size query, then value), and wait lists; package-private plumbing. */
final class ClInfo {
    /** A {@code clGet*Info} call with its object (and, for some, its device) already bound. */
    @FunctionalInterface
    interface Query {
        int get(int param, long size, MemorySegment value, MemorySegment sizeRet);
    }

    private ClInfo() {
    }

    static byte[] bytes(Query q, int param, String call) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment size = a.allocate(JAVA_LONG);
            ClStatus.check(q.get(param, 0, MemorySegment.NULL, size), call);
            long n = size.get(JAVA_LONG, 0);
            if (n == 0) {
                return new byte[0];
            }
            MemorySegment value = a.allocate(n, 8);
            ClStatus.check(q.get(param, n, value, MemorySegment.NULL), call);
            return value.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        }
    }

    static String string(Query q, int param, String call) {
        byte[] b = bytes(q, param, call);
        int len = 0;
        while (len < b.length && b[len] != 0) {
            len++;
        }
        return new String(b, 0, len, java.nio.charset.StandardCharsets.UTF_8);
    }

    static int int32(Query q, int param, String call) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_INT);
            ClStatus.check(q.get(param, JAVA_INT.byteSize(), v, MemorySegment.NULL), call);
            return v.get(JAVA_INT, 0);
        }
    }

    /** A {@code cl_ulong} or {@code size_t} value (both 8 bytes on the supported 64-bit platforms). */
    static long int64(Query q, int param, String call) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_LONG);
            ClStatus.check(q.get(param, JAVA_LONG.byteSize(), v, MemorySegment.NULL), call);
            return v.get(JAVA_LONG, 0);
        }
    }

    static long[] int64s(Query q, int param, String call) {
        byte[] b = bytes(q, param, call);
        return MemorySegment.ofArray(b).toArray(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED);
    }

    /** Wait list as a native array of handles in {@code a}; null or empty gives {@code NULL}. */
    static MemorySegment waitList(Arena a, List<ClEvent> events) {
        if (events == null || events.isEmpty()) {
            return MemorySegment.NULL;
        }
        MemorySegment list = a.allocate(ADDRESS, events.size());
        for (int i = 0; i < events.size(); i++) {
            list.setAtIndex(ADDRESS, i, events.get(i).handle());
        }
        return list;
    }

    static int size(List<?> l) {
        return l == null ? 0 : l.size();
    }

    /** Native array of the handles of {@code devices}. */
    static MemorySegment devices(Arena a, List<ClDevice> devices) {
        MemorySegment list = a.allocate(ADDRESS, Math.max(1, devices.size()));
        for (int i = 0; i < devices.size(); i++) {
            list.setAtIndex(ADDRESS, i, devices.get(i).handle());
        }
        return list;
    }
}
