package io.jsycl.internal.launch;

import io.jsycl.internal.platform.FirstSubmitTrace;
import io.jsycl.lowering.ArgRole;
import io.jsycl.lowering.KernelArg;
import io.jsycl.lowering.KernelLowerer;
import io.jsycl.lowering.KernelRequest;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.ScalarType;
import io.jsycl.lowering.SpecConstantUse;
import io.jsycl.program.DiskCache;
import io.jsycl.program.Sha256;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * Persistent cache of lowered kernels, so that a warm start skips bytecode analysis too. Lives in
 * the {@value #FOLDER} subfolder of the persistent cache folder ({@link DiskCache}: same safety
 * checks, atomic writes, size limit); {@code JSYCL_CACHE_PERSISTENT=0} turns it off.
 *
 * <h2>Key and validation</h2>
 * The key is a SHA-256 over {@link #LOWERING_VERSION}, a fingerprint of the kernel-lowering code
 * itself (where its jar or class files are, with their sizes and times: {@link LoweringCode}), the
 * implementation class's name and bytes, the method's name and descriptor, the shape, the
 * dimensions and the captures. The lowering may also read other classes (device functions called
 * by the kernel): a miss lowers through a loader that records
 * every class file read, and the entry stores each one's SHA-256; a hit re-hashes those classes
 * and is a miss if any changed. Faults (unreadable, corrupt, old format) are misses.
 */
public final class LoweringCache {
    /** Bump when the lowering's output changes for the same input (also covered by the code fingerprint). */
    static final int LOWERING_VERSION = 13;
    static final String FOLDER = "lowered";
    private static final int ENTRY_FORMAT = 7;
    private static final String ABSENT = "absent";

    private static volatile LoweringCache defaultCache;

    private final DiskCache disk;
    final LongAdder hits = new LongAdder();
    final LongAdder lowerings = new LongAdder();

    /** @param disk where entries live, {@code null} to lower every time */
    LoweringCache(DiskCache disk) {
        this.disk = disk;
    }

    /** The cache of this process, in the configured cache folder (opened on first use). */
    public static LoweringCache instance() {
        LoweringCache c = defaultCache;
        if (c == null) {
            synchronized (LoweringCache.class) {
                c = defaultCache;
                if (c == null) {
                    c = new LoweringCache(DiskCache.open(FOLDER));
                    defaultCache = c;
                }
            }
        }
        return c;
    }

    /** Lowers {@code request}, or finds its lowering on disk; throws what {@link KernelLowerer#lower} throws. */
    LoweredKernel lower(KernelRequest request) {
        if (disk == null) {
            lowerings.increment();
            return KernelLowerer.lower(request);
        }
        byte[] implBytes = classBytes(request.loader(), request.implClass());
        FirstSubmitTrace.mark("class-bytes");
        if (implBytes == null) {
            lowerings.increment();
            return KernelLowerer.lower(request); // reports the missing class file
        }
        String key = keyText(request, implBytes);
        FirstSubmitTrace.mark("lowering-key");
        byte[] stored = disk.get(key);
        if (stored != null) {
            LoweredKernel hit = decode(stored, request.loader());
            if (hit != null) {
                FirstSubmitTrace.mark("lowering-lookup");
                hits.increment();
                return hit;
            }
        }
        var recording = new RecordingLoader(request.loader());
        var recorded = new KernelRequest(recording, request.implClass(), request.implMethod(),
                request.implDescriptor(), request.shape(), request.dimensions(), request.captures(),
                request.checked(), request.reductions());
        lowerings.increment();
        LoweredKernel lowered = KernelLowerer.lower(recorded);
        FirstSubmitTrace.mark("lowering");
        disk.put(key, encode(lowered, recording.read));
        FirstSubmitTrace.mark("lowering-store");
        return lowered;
    }

    static String keyText(KernelRequest r, byte[] implBytes) {
        StringBuilder b = new StringBuilder(512);
        field(b, "loweringVersion", Integer.toString(LOWERING_VERSION));
        field(b, "loweringCode", LoweringCode.FINGERPRINT);
        field(b, "implClass", r.implClass());
        field(b, "implClassSha256", sha256(implBytes));
        field(b, "implMethod", r.implMethod());
        field(b, "implDescriptor", r.implDescriptor());
        field(b, "shape", r.shape().name());
        field(b, "dimensions", Integer.toString(r.dimensions()));
        field(b, "captures", r.captures().toString());
        field(b, "checked", Boolean.toString(r.checked()));
        // One reduction (or none) keeps the text it always had, so that the lowerings stored before stay found.
        field(b, "reduction", r.reductions().size() <= 1 ? String.valueOf(r.reduction()) : r.reductions().toString());
        return b.toString();
    }

    private static void field(StringBuilder b, String name, String value) {
        b.append(name).append('=').append(value.length()).append(':').append(value).append('\n');
    }

    static byte[] encode(LoweredKernel k, Map<String, String> classes) {
        var bytes = new ByteArrayOutputStream();
        try (var out = new DataOutputStream(bytes)) {
            out.writeInt(ENTRY_FORMAT);
            out.writeUTF(k.kernelName());
            byte[] source = k.source().getBytes(StandardCharsets.UTF_8);
            out.writeInt(source.length);
            out.write(source);
            out.writeBoolean(k.usesFp64());
            out.writeBoolean(k.usesBarrier());
            out.writeBoolean(k.gridStride());
            out.writeBoolean(k.vectorAccess());
            out.writeBoolean(k.stridedAccess());
            out.writeInt(k.atomicFences());
            out.writeInt(k.args().size());
            for (KernelArg a : k.args()) {
                out.writeInt(a.captureIndex());
                out.writeInt(a.path().size());
                for (int p : a.path()) {
                    out.writeInt(p);
                }
                out.writeUTF(a.role().name());
                out.writeInt(a.dimension());
                out.writeUTF(a.type().name());
                out.writeInt(a.absentIn());
                out.writeInt(a.onlyIn());
            }
            out.writeInt(k.specConstants().size());
            for (SpecConstantUse u : k.specConstants()) {
                out.writeUTF(u.name());
                out.writeUTF(u.type().name());
                out.writeUTF(u.defaultLiteral());
                out.writeUTF(u.macro());
            }
            out.writeInt(classes.size());
            for (var e : classes.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeUTF(e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array stream does not fail
        }
        return bytes.toByteArray();
    }

    /** The stored lowering, or {@code null} if the entry is garbled or a class it read has changed. */
    static LoweredKernel decode(byte[] stored, ClassLoader loader) {
        try (var in = new DataInputStream(new ByteArrayInputStream(stored))) {
            if (in.readInt() != ENTRY_FORMAT) {
                return null;
            }
            String name = in.readUTF();
            int length = in.readInt();
            if (length < 0 || length > stored.length) {
                return null;
            }
            String source = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            boolean fp64 = in.readBoolean();
            boolean barrier = in.readBoolean();
            boolean gridStride = in.readBoolean();
            boolean vectorAccess = in.readBoolean();
            boolean stridedAccess = in.readBoolean();
            int atomicFences = in.readInt();
            int count = in.readInt();
            if (count < 0 || count > stored.length) {
                return null;
            }
            List<KernelArg> args = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int capture = in.readInt();
                int depth = in.readInt();
                if (depth < 0 || depth > stored.length) {
                    return null;
                }
                var path = new ArrayList<Integer>(depth);
                for (int d = 0; d < depth; d++) {
                    path.add(in.readInt());
                }
                args.add(new KernelArg(capture, path, ArgRole.valueOf(in.readUTF()), in.readInt(),
                        ScalarType.valueOf(in.readUTF()), in.readInt(), in.readInt()));
            }
            int specCount = in.readInt();
            if (specCount < 0 || specCount > stored.length) {
                return null;
            }
            var specs = new ArrayList<SpecConstantUse>(specCount);
            for (int i = 0; i < specCount; i++) {
                specs.add(new SpecConstantUse(in.readUTF(), ScalarType.valueOf(in.readUTF()), in.readUTF(),
                        in.readUTF()));
            }
            int classes = in.readInt();
            for (int i = 0; i < classes; i++) {
                String cls = in.readUTF();
                String hash = in.readUTF();
                byte[] now = classBytes(loader, cls);
                if (!hash.equals(now == null ? ABSENT : sha256(now))) {
                    return null; // a device function's class changed since
                }
            }
            if (in.read() != -1) {
                return null;
            }
            return new LoweredKernel(name, source, args, fp64, specs, barrier, gridStride, vectorAccess,
                    stridedAccess, atomicFences);
        } catch (IOException | RuntimeException e) {
            return null; // garbled entry (or an enum constant this version lacks): a miss
        }
    }

    private static byte[] classBytes(ClassLoader loader, String internalName) {
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    static String sha256(byte[] data) {
        return Sha256.hex(data);
    }

    /** Hands the lowering each class file it asks for, and notes its hash ({@code absent} when there is none). */
    private static final class RecordingLoader extends ClassLoader {
        private final ClassLoader target;
        final Map<String, String> read = new ConcurrentHashMap<>();

        RecordingLoader(ClassLoader target) {
            super(target);
            this.target = target;
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            if (!name.endsWith(".class")) {
                return target.getResourceAsStream(name);
            }
            String internalName = name.substring(0, name.length() - ".class".length());
            byte[] bytes = classBytes(target, internalName);
            read.put(internalName, bytes == null ? ABSENT : sha256(bytes));
            return bytes == null ? null : new ByteArrayInputStream(bytes);
        }

        @Override
        public URL getResource(String name) {
            return target.getResource(name);
        }
    }

    /**
     * A fingerprint of the kernel-lowering code: a new build of it may lower the same bytecode
     * differently. It is the code's location with its size and modification time (for a folder of
     * class files, each file's name, size and time), not a hash of its bytes: a rebuilt or replaced
     * jar gets a new time, and reading and hashing the whole jar cost a warm start more than all
     * of its lowering-cache lookup. Taken from {@link KernelRequest}, which is loaded anyway, so
     * that finding it loads none of the lowering's own classes.
     */
    public static final class LoweringCode {
        public static final String FINGERPRINT = compute();

        private static String compute() {
            try {
                URL location = KernelRequest.class.getProtectionDomain().getCodeSource().getLocation();
                return of(Path.of(location.toURI()));
            } catch (Exception e) {
                return "unknown"; // no code source (a custom image): the version constant alone
            }
        }

        /** The fingerprint of a jar or a folder of class files. */
        static String of(Path path) throws IOException {
            if (Files.isRegularFile(path)) {
                BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
                return "jar " + path + " " + a.size() + " bytes, modified " + a.lastModifiedTime().toMillis();
            }
            var files = new TreeMap<String, String>();
            try (Stream<Path> walk = Files.walk(path)) {
                for (Path p : (Iterable<Path>) walk::iterator) {
                    if (p.toString().endsWith(".class")) {
                        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                        files.put(path.relativize(p).toString(), a.size() + "@" + a.lastModifiedTime().toMillis());
                    }
                }
            }
            return "classes " + path + " " + sha256(files.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
