package io.jsycl.internal.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which part of a buffer each copy holds current while a {@link io.jsycl.DistributedQueue} has spread it over its
 * devices: the host array's rows and each context's. A write of a device's chunk makes its rows current there and
 * stale everywhere else; a move makes rows current on one more copy.
 *
 * <p>The storage's usual flags ({@link DeviceCopy#valid}, {@code hostValid}) stay what they mean elsewhere, derived
 * from these rows ({@link #apply}): a copy is valid if it holds every row. Code that needs a whole current copy and
 * finds none gathers the rows into the host array ({@link BufferTransfer.Gather}), which ends the distribution.
 *
 * <p>Thread safety: none of its own; its storage's monitor guards it, and it changes only under the scheduler's lock
 * too, as the flags it stands for do.
 */
final class Distribution {
    final Rows host;
    private final Map<ContextImpl, Rows> devices = new LinkedHashMap<>();
    private final long length;

    /** The distribution of {@code s} as its flags say: the host array and each valid copy hold everything. */
    Distribution(BufferStorage s) {
        this.length = s.length();
        this.host = s.hostValid ? Rows.of(0, length) : new Rows();
        for (var e : s.copies.entrySet()) {
            devices.put(e.getKey(), e.getValue().valid ? Rows.of(0, length) : new Rows());
        }
    }

    /** The rows {@code context}'s copy holds current. */
    Rows device(ContextImpl context) {
        return devices.computeIfAbsent(context, c -> new Rows());
    }

    /**
     * Where each part of {@code missing} is current: the host array first where {@code fromHost}, then the copies of
     * the contexts other than {@code target} (null: none excluded), in the order they were first used. Takes what it
     * finds out of {@code missing}, which keeps what no copy holds.
     */
    List<BufferStorage.Piece> sources(Rows missing, boolean fromHost, ContextImpl target) {
        var pieces = new ArrayList<BufferStorage.Piece>();
        if (fromHost) {
            take(host, null, missing, pieces);
        }
        for (var e : devices.entrySet()) {
            if (e.getKey() != target) {
                take(e.getValue(), e.getKey(), missing, pieces);
            }
        }
        return pieces;
    }

    /** The parts of {@code missing} that {@code holder} holds, as pieces from {@code source}. */
    private static void take(Rows holder, ContextImpl source, Rows missing, List<BufferStorage.Piece> pieces) {
        for (long[] r : holder.ranges()) {
            for (long[] m : missing.within(r[0], r[1]).ranges()) {
                pieces.add(new BufferStorage.Piece(source, m[0], m[1]));
            }
            missing.remove(r[0], r[1]);
        }
    }

    /** A device's chunk wrote elements {@code [from, to)} of {@code context}'s copy. */
    void wrote(ContextImpl context, long from, long to) {
        host.remove(from, to);
        for (Rows r : devices.values()) {
            r.remove(from, to);
        }
        device(context).add(from, to);
    }

    /** Forgets {@code context}'s copy (its context is closing, after the rows only it held were gathered). */
    void drop(ContextImpl context) {
        devices.remove(context);
    }

    /** True if some copy other than the host array holds rows the host array lacks. */
    boolean hostLacks() {
        return !host.isAll(length);
    }

    /** Sets the storage's flags from the rows: a copy holding every row is valid; pinned memory is stale. */
    void apply(BufferStorage s) {
        s.hostValid = host.isAll(length);
        for (var e : s.copies.entrySet()) {
            Rows r = devices.get(e.getKey());
            e.getValue().valid = r != null && r.isAll(length);
            e.getValue().pinnedValid = false;
        }
    }

    @Override
    public String toString() {
        var b = new StringBuilder("host ").append(host);
        devices.forEach((c, r) -> b.append(", ").append(c).append(' ').append(r));
        return b.toString();
    }
}
