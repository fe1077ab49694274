package io.jsycl.internal.memory;

import io.jsycl.AccessMode;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.GraphLock;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A transfer started under the scheduler's lock that needs the host once a device command has
 * completed. The thread that started it finishes it outside the lock ({@link Deferred#run()}),
 * also when something else failed: commands that depend on it wait for its {@link #event}, host
 * work that completes when {@link #finish()} has. A transfer that fails takes back what it
 * claimed (the host array or the copy it was making current) and throws.
 *
 * <p>Four kinds: a read-back of a device copy into the host array ({@link Fill}), the same of the rows that
 * a {@link io.jsycl.DistributedQueue}'s devices hold ({@link Gather}), an upload of the
 * host array into a mapped copy ({@link MapUpload}), and making a copy's pinned staging memory
 * ({@link PinnedAllocation}). Each starts under the scheduler's lock and the storage's monitor, where
 * its owner, a {@link BufferStorage}, found it needed: the start enqueues without waiting and
 * records the transfer as a reader of the buffer; {@link #finish()} does the host's part.
 */
public abstract sealed class BufferTransfer permits BufferTransfer.Fill, BufferTransfer.Gather,
        BufferTransfer.MapUpload, BufferTransfer.PinnedAllocation {
    final BufferStorage storage;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    /** Completes when the transfer has finished (or failed). */
    final EventImpl event = EventImpl.of(done);

    BufferTransfer(BufferStorage storage) {
        this.storage = storage;
    }

    /** Finishes the transfer outside the scheduler's lock; throws what went wrong. */
    abstract void finish();

    /** Completes {@link #event}: normally, or with {@code failure} after undoing what the transfer claimed. */
    final void complete(Throwable failure) {
        if (failure == null) {
            done.complete(null);
            return;
        }
        GraphLock.LOCK.lock();
        try {
            synchronized (storage) {
                undo();
            }
        } finally {
            GraphLock.LOCK.unlock();
            done.completeExceptionally(failure);
            // Deferred.run throws this failure to the thread that ran the transfer (the only caller of finishAll).
            event.failureThrownByItsRunner();
        }
    }

    /** Under the scheduler's lock and the storage's monitor: takes back what a failed transfer claimed. */
    void undo() {
    }

    /**
     * Finishes every transfer of {@code transfers}: the uploads by map of one context with one wait for
     * all their maps, each other one by itself. Returns the first failure, or null.
     */
    static Throwable finishAll(List<BufferTransfer> transfers) {
        Throwable failure = null;
        var uploads = new LinkedHashMap<ContextImpl, List<MapUpload>>();
        for (BufferTransfer t : transfers) {
            if (t instanceof MapUpload u) {
                uploads.computeIfAbsent(u.context, c -> new ArrayList<>()).add(u);
                continue;
            }
            try {
                t.finish();
            } catch (RuntimeException | Error e) {
                failure = Deferred.first(failure, e);
            }
        }
        for (List<MapUpload> group : uploads.values()) {
            Throwable f = MapUpload.finishTogether(group);
            if (f != null) {
                failure = Deferred.first(failure, f);
            }
        }
        return failure;
    }

    /** A read-back of a valid copy into the host array. */
    static final class Fill extends BufferTransfer {
        private final ContextImpl context;
        private final DeviceCopy source;
        /** The map of a mapped copy, else null. */
        private final ClCommandQueue.Mapping mapping;
        /** Else: the staging memory the reads fill, one read or one per slice ({@link DeviceCopy#PIPELINE_CHUNK}). */
        private final MemorySegment staging;
        private final List<CommandQueue.Command> reads;
        /** The host array as a heap segment, where the read-back moves in slices; else null. */
        private final MemorySegment heap;

        private Fill(BufferStorage storage, ContextImpl context, DeviceCopy source, ClCommandQueue.Mapping mapping,
                MemorySegment staging, List<CommandQueue.Command> reads, MemorySegment heap) {
            super(storage);
            this.context = context;
            this.source = source;
            this.mapping = mapping;
            this.staging = staging;
            this.reads = reads;
            this.heap = heap;
        }

        /**
         * Under the scheduler's lock and the storage's monitor: starts reading a valid copy back into the host
         * array. Enqueues a map of a mapped copy, else reads into its pinned memory (or the staging segment), after
         * the buffer's last writer and the copy's last transfer, without waiting. The host array counts as current
         * from now on; the read-back's event is the storage's {@code hostReady} and a reader of the buffer. Returns
         * null with {@code deferred} holding what must come first.
         */
        static Fill start(BufferStorage storage, Deferred deferred) {
            for (var entry : storage.copies.entrySet()) {
                DeviceCopy source = entry.getValue();
                if (!source.valid) {
                    continue;
                }
                ContextImpl context = entry.getKey();
                MemorySegment into = null;
                if (!source.mapped) {
                    // Over a host array's memory the read-back lands there as it is: no staging, nothing to copy.
                    into = storage.hostMemory != null ? storage.hostMemory.memory()
                            : storage.stagingFor(context, source, deferred);
                    if (into == null) {
                        return null;
                    }
                }
                var before = new ArrayList<EventImpl>(3);
                EventImpl lastWriter = storage.users.lastWriter();
                if (lastWriter != null) {
                    before.add(lastWriter);
                }
                if (source.ready != null) {
                    before.add(source.ready);
                }
                EventImpl busy = source.mapped ? null : source.pinned != null ? source.pinnedUse : storage.stagingUse;
                if (busy != null) {
                    before.add(busy); // an upload still reading the memory the read-back writes
                }
                if (deferred.pending(before, context)) {
                    return null;
                }
                long bytes = storage.bytes;
                Fill fill;
                if (source.mapped) {
                    List<ClEvent> waitList = EventImpl.waitList(before, context);
                    fill = new Fill(storage, context, source, context.transferQueue()
                            .enqueueMapBuffer(source.mem, ClMemFlags.MAP_READ, 0, bytes, waitList), null, List.of(), null);
                } else {
                    CommandQueue queue = context.transfers();
                    MemorySegment heap = storage.hostMemory != null ? null
                            : DeviceCopy.pipelineView(storage.codec, storage.hostArray(), bytes);
                    var reads = new ArrayList<CommandQueue.Command>();
                    try {
                        long slice = heap == null ? bytes : DeviceCopy.PIPELINE_CHUNK;
                        for (long offset = 0; offset < bytes; offset += slice) {
                            long length = Math.min(slice, bytes - offset);
                            reads.add(queue.read(source, offset, into.asSlice(offset, length), length, before));
                        }
                        queue.flush();
                    } catch (RuntimeException e) {
                        reads.forEach(CommandQueue.Command::close);
                        throw e;
                    }
                    fill = new Fill(storage, context, source, null, into, reads, heap);
                    source.pinnedValid = source.pinned != null && storage.hostMemory == null; // the read-back goes through it
                }
                storage.hostValid = true;
                storage.hostReady = fill.event;
                storage.recordUse(AccessMode.READ, fill.event);
                storage.countTransfer();
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(storage + ": " + bytes + " bytes back to the host from " + context
                            + (source.mapped ? " by map/unmap" : storage.hostMemory != null
                                    ? " straight into its host array's memory" : " through staging memory"));
                }
                return fill;
            }
            throw new IllegalStateException("no valid copy of " + storage);
        }

        /**
         * Waits for the map or the reads, copies into the host array (each slice as soon as it has arrived, on
         * several threads), unmaps.
         */
        @Override
        void finish() {
            Throwable failure = null;
            try {
                if (mapping != null) {
                    try {
                        mapping.event().await();
                        storage.copyToHost(mapping.host());
                    } finally {
                        mapping.event().close();
                        storage.unmapped(context, source, mapping.host());
                    }
                } else if (heap == null) {
                    reads.getFirst().await();
                    storage.copyToHost(staging); // nothing to copy where the read landed in the host memory itself
                } else {
                    DeviceCopy.copyOutSlices(staging, heap, storage.bytes, reads.size(), i -> reads.get(i).await());
                }
            } catch (RuntimeException | Error e) {
                failure = e;
                throw e;
            } finally {
                reads.forEach(CommandQueue.Command::close);
                complete(failure);
            }
        }

        @Override
        void undo() {
            if (storage.hostReady == event) {
                storage.hostValid = false;
                storage.hostReady = null;
                if (mapping == null && source.pinned != null) {
                    source.pinnedValid = false;
                }
            }
        }
    }

    /**
     * A read-back of the rows a {@link io.jsycl.DistributedQueue}'s devices hold current into the host array, where
     * no copy holds them all ({@link Distribution}): each part the host lacks comes from a copy that holds it. It ends
     * the distribution: the host array is the one whole copy afterwards.
     */
    static final class Gather extends BufferTransfer {
        private record Read(CommandQueue.Command command, long offset, long bytes) {
        }

        private final List<Read> reads;
        /** The rows each copy held, put back if the gather fails. */
        private final Distribution spread;
        /** Where the reads land: the host memory itself, or staging memory the host array is copied out of. */
        private final MemorySegment into;
        /** The host array as a heap segment (primitives), where the rows are copied out one by one; else null. */
        private final MemorySegment heap;

        private Gather(BufferStorage storage, List<Read> reads, Distribution spread, MemorySegment into,
                MemorySegment heap) {
            super(storage);
            this.reads = reads;
            this.spread = spread;
            this.into = into;
            this.heap = heap;
        }

        /**
         * Under the scheduler's lock and the storage's monitor: once every command using the buffer is done (awaited
         * outside the lock first: the chunks are host work to this storage), enqueues a read of each part the host
         * array lacks from a copy that holds it, without waiting. The host array counts as current from now on; the
         * gather's event is the storage's {@code hostReady} and a reader of the buffer. Returns null with
         * {@code deferred} holding what must come first.
         */
        static Gather start(BufferStorage s, Deferred deferred) {
            var before = new ArrayList<EventImpl>();
            s.users.addAll(before);
            if (s.stagingUse != null) {
                before.add(s.stagingUse);
            }
            for (EventImpl e : before) {
                if (!e.isDone()) {
                    deferred.await(e);
                }
            }
            if (!deferred.isEmpty()) {
                return null;
            }
            Distribution d = s.distribution;
            MemorySegment heap = s.hostMemory != null ? null : s.codec.heapView(s.hostArray());
            MemorySegment into = s.hostMemory != null ? s.hostMemory.memory() : s.staging();
            if (s.hostMemory == null && heap == null) {
                s.codec.copyToSegment(s.hostArray(), into); // the rows the host holds, around those read in
            }
            long e = s.codec.byteSize();
            Rows lacking = d.host.missingFrom(0, s.length());
            var reads = new ArrayList<Read>();
            var queues = new LinkedHashSet<CommandQueue>();
            try {
                for (BufferStorage.Piece p : d.sources(lacking, false, null)) {
                    long offset = p.from() * e;
                    long bytes = (p.to() - p.from()) * e;
                    CommandQueue queue = p.source().transfers();
                    reads.add(new Read(queue.read(s.copies.get(p.source()), offset, into.asSlice(offset, bytes), bytes,
                            List.of()), offset, bytes));
                    queues.add(queue);
                }
                queues.forEach(CommandQueue::flush);
            } catch (RuntimeException ex) {
                reads.forEach(r -> r.command().close());
                throw ex;
            }
            if (!lacking.isEmpty()) {
                reads.forEach(r -> r.command().close());
                throw new IllegalStateException("no copy of " + s + " holds elements " + lacking + " (" + d + ")");
            }
            var gather = new Gather(s, reads, d, into, heap);
            s.distribution = null;
            s.hostValid = true;
            for (DeviceCopy c : s.copies.values()) {
                c.valid = false; // each held some rows only: the host array is the one whole copy now
                c.pinnedValid = false;
            }
            s.hostReady = gather.event;
            s.recordUse(AccessMode.READ, gather.event);
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(s + ": " + reads.size() + " parts gathered into the host array from the devices "
                        + "of a DistributedQueue (" + d + ")");
            }
            return gather;
        }

        /** Waits for the reads and copies what they brought into the host array. */
        @Override
        void finish() {
            Throwable failure = null;
            try {
                storage.countTransfer();
                for (Read r : reads) {
                    r.command().await();
                    if (heap != null) {
                        MemorySegment.copy(into, r.offset(), heap, r.offset(), r.bytes());
                    }
                }
                if (storage.hostMemory == null && heap == null) {
                    storage.codec.copyFromSegment(into, storage.hostArray());
                }
            } catch (RuntimeException | Error e) {
                failure = e;
                throw e;
            } finally {
                reads.forEach(r -> r.command().close());
                complete(failure);
            }
        }

        @Override
        void undo() {
            if (storage.hostReady == event) {
                storage.hostReady = null;
                storage.distribution = spread; // the rows are still where they were
                spread.apply(storage);
            }
        }
    }

    /** An upload of the host array into a mapped copy. */
    static final class MapUpload extends BufferTransfer {
        private final ContextImpl context;
        private final DeviceCopy copy;
        private final ClCommandQueue.Mapping mapping;

        private MapUpload(BufferStorage storage, ContextImpl context, DeviceCopy copy, ClCommandQueue.Mapping mapping) {
            super(storage);
            this.context = context;
            this.copy = copy;
            this.mapping = mapping;
        }

        /**
         * Under the scheduler's lock and the storage's monitor: starts an upload of the host array into
         * {@code copy}, a mapped copy. Enqueues a map for writing after the buffer's last writer, on the context's
         * in-order transfer queue, without waiting for it. The copy counts as current from now on; its
         * {@link DeviceCopy#ready} is the upload's host event until the upload has unmapped it. Returns null with
         * {@code deferred} holding what must come first.
         */
        static MapUpload start(BufferStorage storage, ContextImpl context, DeviceCopy copy, Deferred deferred) {
            EventImpl lastWriter = storage.users.lastWriter();
            List<EventImpl> before = lastWriter == null ? List.of() : List.of(lastWriter);
            if (deferred.pending(before, context)) {
                return null;
            }
            var mapping = context.transferQueue().enqueueMapBuffer(copy.mem,
                    ClMemFlags.MAP_WRITE_INVALIDATE_REGION, 0, storage.bytes, EventImpl.waitList(before, context));
            var upload = new MapUpload(storage, context, copy, mapping);
            copy.valid = true;
            copy.ready = upload.event;
            copy.uploadTraced = true;
            storage.recordUse(AccessMode.READ, upload.event); // it reads the host array: a host writer waits for it
            storage.countTransfer();
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(storage + ": " + storage.bytes + " bytes to " + context
                        + " by map/unmap of its host-accessible copy (the copy there was not current)");
            }
            return upload;
        }

        @Override
        void finish() {
            Deferred.rethrow(finishTogether(List.of(this)));
        }

        /**
         * Finishes uploads of one context: waits once for all their maps, copies each host array into its
         * mapped copy, and enqueues each unmap without waiting; a command using a copy waits for its unmap
         * ({@link DeviceCopy#ready}). Every map is unmapped and its event released also when the wait fails
         * (nothing is copied then). Returns the first failure, or null.
         */
        static Throwable finishTogether(List<MapUpload> uploads) {
            var maps = new ArrayList<ClEvent>(uploads.size());
            for (MapUpload u : uploads) {
                maps.add(u.mapping.event());
            }
            Throwable failure = null;
            try {
                ClEvent.awaitAll(maps);
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                maps.forEach(ClEvent::close);
            }
            if (uploads.size() > 1 && SchedulerTrace.on()) {
                SchedulerTrace.log(uploads.size() + " uploads by map/unmap queued together, one host wait for their"
                        + " maps");
            }
            for (MapUpload u : uploads) {
                Throwable own = failure;
                try {
                    if (failure == null) {
                        u.storage.copyHostTo(u.mapping.host());
                    }
                } catch (RuntimeException | Error e) {
                    own = e;
                } finally {
                    try {
                        u.storage.unmapped(u.context, u.copy, u.mapping.host());
                    } catch (RuntimeException | Error e) {
                        own = Deferred.first(own, e);
                    }
                    u.complete(own);
                }
                if (own != null) {
                    failure = Deferred.first(failure, own);
                }
            }
            return failure;
        }

        @Override
        void undo() {
            if (storage.copies.get(context) == copy) {
                copy.valid = false;
            }
        }
    }

    /**
     * Pinned memory for a copy's staged transfers: borrowed from the context's pool or made (a
     * {@code clCreateBuffer} and a map on the transfer queue, which waits), outside the scheduler's
     * lock; the next pass finds it on the copy. Where the driver gives none, later transfers use the
     * native staging segment.
     */
    static final class PinnedAllocation extends BufferTransfer {
        private final ContextImpl context;
        private final DeviceCopy copy;

        PinnedAllocation(BufferStorage storage, ContextImpl context, DeviceCopy copy) {
            super(storage);
            this.context = context;
            this.copy = copy;
        }

        @Override
        void finish() {
            boolean pooled = StagingPool.enabled();
            StagingPool.Block block;
            try {
                block = context.transfers().pinned(storage.bytes, pooled);
            } catch (ClException e) {
                GraphLock.LOCK.lock();
                try {
                    synchronized (storage) {
                        storage.pinnedTransfers = false; // the driver has no pinned memory to give: use ordinary staging
                    }
                } finally {
                    GraphLock.LOCK.unlock();
                }
                complete(null);
                return;
            } catch (RuntimeException | Error e) {
                complete(e);
                throw e;
            }
            boolean taken = false;
            GraphLock.LOCK.lock();
            try {
                synchronized (storage) {
                    if (storage.copies.get(context) == copy && copy.pinned == null) {
                        copy.pinned = block;
                        copy.pooled = pooled;
                        taken = true;
                    }
                }
            } finally {
                GraphLock.LOCK.unlock();
                if (!taken) {
                    DeviceCopy.giveBack(context, block, pooled); // another pass made the copy's pinned memory first
                }
                complete(null);
            }
        }
    }
}
