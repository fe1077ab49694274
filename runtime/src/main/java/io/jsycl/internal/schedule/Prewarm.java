package io.jsycl.internal.schedule;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.launch.KernelArguments;
import io.jsycl.internal.launch.KernelKey;
import io.jsycl.internal.launch.SerializedLambdas;
import io.jsycl.internal.launch.LaunchSpecialization;
import io.jsycl.internal.launch.LoweringCache;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.BufferUsers;
import io.jsycl.internal.memory.ClQueue;
import io.jsycl.internal.memory.DeviceCopy;
import io.jsycl.internal.memory.ElementCodec;
import io.jsycl.internal.memory.ElementKind;
import io.jsycl.internal.memory.Indexer;
import io.jsycl.internal.memory.RecordCodec;
import io.jsycl.internal.memory.RecordPaths;
import io.jsycl.internal.platform.FirstSubmitTrace;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.internal.platform.Settings;
import io.jsycl.opencl.ClLinkage;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Readies, once per JVM and on a background thread, what every first submit needs, warm or cold:
 * the lowering cache's folder and the fingerprint of the lowering code in its keys, the classes of
 * the submit path (loaded, verified and initialized), and the downcall handles of the OpenCL
 * functions a first kernel calls. A context starts it just before the driver creates its OpenCL
 * context (about 100 ms on PoCL, more on NVIDIA), and a queue when it is made, so this work
 * overlaps the driver's and the application's own setup (buffers, data) instead of adding to its
 * first kernel. It does not load the lowering itself (ASM and the lowerers): a warm start finds its
 * kernels in the lowering cache and never needs them, and on a machine with few cores loading them
 * here would take CPU time from that start. Nothing here calls OpenCL. Failures here are ignored:
 * the first submit redoes the work in the foreground and reports what goes wrong.
 */
public final class Prewarm {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    /**
     * Classes a first submit loads, in the order it meets them, whose static initializers only
     * build constants (no threads, files or OpenCL calls, nothing that can fail on the user's
     * configuration and so leave the class unusable). {@code PrewarmTest} checks that each
     * still exists.
     */
    static final List<String> SUBMIT_PATH = List.of(
            "io.jsycl.DeviceArray", "io.jsycl.internal.platform.Settings", "io.jsycl.Buffer", "io.jsycl.Buffer$OfFloat",
            "io.jsycl.Accessor", "io.jsycl.Accessor$OfFloat", "io.jsycl.Range", "io.jsycl.internal.memory.ApiAccess",
            "io.jsycl.internal.memory.ApiAccessHolder", "io.jsycl.ApiBridge", "io.jsycl.internal.memory.BufferStorage",
            "io.jsycl.internal.memory.ElementCodec", "io.jsycl.internal.memory.ElementKind", "io.jsycl.CommandGroup",
            "io.jsycl.Handler", "io.jsycl.internal.platform.FirstSubmitTrace", "io.jsycl.Event", "io.jsycl.internal.event.EventImpl",
            "io.jsycl.AccessMode", "io.jsycl.internal.memory.Indexer", "io.jsycl.ItemKernel", "io.jsycl.Item",
            "io.jsycl.internal.launch.CommandGroupRecord", "io.jsycl.internal.launch.CommandGroupRecord$Launch",
            "io.jsycl.internal.launch.CommandGroupRecord$Items",
            "io.jsycl.internal.schedule.Scheduler", "io.jsycl.program.ProgramBuildException", "io.jsycl.SyclException",
            "io.jsycl.KernelBuildException", "io.jsycl.lowering.KernelShape", "io.jsycl.internal.launch.KernelLambdas",
            "io.jsycl.internal.launch.SerializedLambdas",
            "io.jsycl.KernelLoweringException", "io.jsycl.lowering.Capture", "io.jsycl.lowering.LoweringException",
            "io.jsycl.lowering.AccessMode", "io.jsycl.LocalAccessor", "io.jsycl.internal.memory.RecordCodec",
            "io.jsycl.lowering.Capture$Accessor", "io.jsycl.lowering.ReductionSpec", "io.jsycl.program.Sha256",
            "io.jsycl.program.ProgramSource", "io.jsycl.program.PersistentCache$Parsed", "io.jsycl.lowering.KernelArg",
            "io.jsycl.lowering.ArgRole", "io.jsycl.lowering.LoweredKernel", "io.jsycl.internal.launch.LaunchSpecialization",
            "io.jsycl.internal.memory.RecordPaths", "io.jsycl.internal.launch.KernelKey", "io.jsycl.program.ProgramManager",
            "io.jsycl.program.ProgramCompiler", "io.jsycl.program.KernelProgramCache",
            "io.jsycl.program.OpenClCompiler", "io.jsycl.opencl.ClBuildException", "io.jsycl.program.BuildProgress",
            "io.jsycl.program.KernelHandle", "io.jsycl.program.KernelProgramCache$ProgramKey",
            "io.jsycl.program.KernelProgramCache$KernelKey", "io.jsycl.program.CachedKernel",
            "io.jsycl.program.BuildResult", "io.jsycl.program.BuildResult$State", "io.jsycl.program.CachedProgram",
            "io.jsycl.program.PersistentCacheKey", "io.jsycl.program.DeviceDescription", "io.jsycl.opencl.ClProgram",
            "io.jsycl.program.RefCount", "io.jsycl.opencl.ClKernel", "io.jsycl.opencl.ClMem",
            "io.jsycl.internal.launch.KernelArguments", "io.jsycl.internal.platform.SchedulerTrace", "io.jsycl.internal.memory.BufferUsers",
            "io.jsycl.internal.memory.DeviceCopy", "io.jsycl.internal.memory.ClQueue$ClCommand", "io.jsycl.opencl.ClMemFlags",
            "io.jsycl.opencl.ClEvent", "io.jsycl.program.KernelHandle$Lease",
            "io.jsycl.opencl.CallScratch", "io.jsycl.program.ProgramManager$Stats");

    /**
     * The JDK's lock classes beside {@code ReentrantLock}'s, loaded before the JIT compiles the submit path. While
     * only ReentrantLock's exists, the JIT compiles every lock and unlock in the submit path for that one class; the
     * first load of another (a thread pool's worker, as jsycl's copy threads start at a program's first big upload,
     * or a latch or semaphore of the program) made it drop all that compiled code at once, and a program's next few
     * hundred submits ran interpreted (twice to three times as long on an H200's host). Loaded, not initialized.
     */
    static final List<String> LOCK_CLASSES = List.of(
            "java.util.concurrent.ThreadPoolExecutor$Worker", "java.util.concurrent.CountDownLatch$Sync",
            "java.util.concurrent.Semaphore$NonfairSync", "java.util.concurrent.Semaphore$FairSync",
            "java.util.concurrent.locks.ReentrantLock$FairSync");

    private Prewarm() {
    }

    public static void start() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread.ofPlatform().daemon().name("jsycl-prewarm").start(() -> {
            try {
                LoweringCache.instance();
                String ignored = LoweringCache.LoweringCode.FINGERPRINT;
                for (String name : LOCK_CLASSES) {
                    Class.forName(name, false, null);
                }
                ClassLoader loader = Prewarm.class.getClassLoader();
                for (String name : SUBMIT_PATH) {
                    Class.forName(name, true, loader);
                }
                jdkPaths();
                ClLinkage.linkFirstKernel();
            } catch (RuntimeException | ReflectiveOperationException | LinkageError | IOException ignored) {
                // Only a head start; the first submit does this work itself if it failed here.
            }
        });
    }

    /** A record of Prewarm's own, to link the JDK's record methods (equals, hashCode, toString) once. */
    private record Probe(int number, String text) {
    }

    /**
     * The JDK paths a first submit takes, on objects of Prewarm's own: a serializable lambda read
     * through its {@code writeReplace} and its captured field (as {@link SerializedLambdas} reads a
     * kernel), a record's methods and a string concatenation (linked once per JVM), a class file
     * read as a resource (as the lowering cache reads a kernel's class), big-endian reads and a
     * file channel (as the caches read their entries).
     */
    private static void jdkPaths() throws ReflectiveOperationException, IOException {
        String text = Thread.currentThread().getName();
        Runnable lambda = (Runnable & Serializable) () -> text.length();
        SerializedLambdas.serialized(lambda).getCapturedArg(0);
        Field captured = lambda.getClass().getDeclaredFields()[0];
        captured.setAccessible(true);
        var probe = new Probe(text.length(), String.valueOf(captured.get(lambda)));
        if (probe.equals(new Probe(probe.hashCode(), probe.toString() + probe.number()))) {
            throw new AssertionError(); // never: the call only links the record's methods
        }
        try (InputStream in = Prewarm.class.getResourceAsStream("Prewarm.class")) {
            if (in != null) {
                in.readAllBytes();
            }
        }
        new DataInputStream(new ByteArrayInputStream(new byte[16])).readLong();
        // A file channel, as the caches read their entries (Files.readAllBytes): the runtime's own jar.
        var source = Prewarm.class.getProtectionDomain().getCodeSource();
        if (source != null && "file".equals(source.getLocation().getProtocol())) {
            try (var channel = Files.newByteChannel(Path.of(source.getLocation().toURI()))) {
                channel.read(ByteBuffer.allocate(8));
            } catch (URISyntaxException | IllegalArgumentException | SecurityException notAFile) {
                // Nothing to warm this way.
            }
        }
    }
}
