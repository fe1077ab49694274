package io.jsycl.program;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cache blob format (docs/caching-and-configuration.md, "Tools and API"): the program binaries
 * of one context and device, each with its full {@link PersistentCacheKey#text() key}, for applications
 * that keep compiled programs themselves.
 *
 * <pre>
 * "JSYCLBLB"  u32 format version  u32 n + device text (UTF-8)  u32 count
 * count x (u32 n + key text (UTF-8)  u32 n + binary)
 * SHA-256 of everything before it
 * </pre>
 * The device text names the device, its version and driver, the platform and jsycl's version:
 * a blob whose device text differs from the context's is ignored.
 */
final class CacheBlob {
    static final int FORMAT_VERSION = 1;
    private static final byte[] MAGIC = "JSYCLBLB".getBytes(StandardCharsets.US_ASCII);
    private static final int DIGEST_LENGTH = 32;

    private CacheBlob() {
    }

    /** One program: its full key text and its binary. */
    record Entry(String keyText, byte[] binary) {
    }

    /** A decoded blob, or why it could not be read ({@code problem} non-null). */
    record Decoded(String deviceText, List<Entry> entries, String problem) {
    }

    /** Everything that makes binaries of one device compatible. */
    static String deviceText(DeviceDescription d) {
        return "device=" + d.name() + "\ndeviceVersion=" + d.version() + "\ndriverVersion=" + d.driverVersion()
                + "\nplatform=" + d.platformName() + "\nplatformVersion=" + d.platformVersion()
                + "\njsycl=" + PersistentCacheKey.JSYCL_VERSION + "\nbinaryFormat=" + PersistentCacheKey.FORMAT_VERSION
                + "\nblobFormat=" + FORMAT_VERSION + "\n";
    }

    /** Hex SHA-256 of the device text and of each program's full key. */
    static String id(DeviceDescription d, List<String> keyTexts) {
        StringBuilder b = new StringBuilder(deviceText(d));
        for (String k : keyTexts) {
            b.append("program=").append(ProgramSource.sha256Hex(k)).append('\n');
        }
        return ProgramSource.sha256Hex(b.toString());
    }

    static byte[] encode(DeviceDescription d, List<Entry> entries) {
        byte[] device = deviceText(d).getBytes(StandardCharsets.UTF_8);
        long size = MAGIC.length + 4 + 4 + device.length + 4 + DIGEST_LENGTH;
        List<byte[]> keys = new ArrayList<>();
        for (Entry e : entries) {
            byte[] k = e.keyText().getBytes(StandardCharsets.UTF_8);
            keys.add(k);
            size += 8 + k.length + e.binary().length;
        }
        if (size > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("the programs of this context are too big for one blob: " + size
                    + " bytes");
        }
        ByteBuffer b = ByteBuffer.allocate((int) size);
        b.put(MAGIC).putInt(FORMAT_VERSION).putInt(device.length).put(device).putInt(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            b.putInt(keys.get(i).length).put(keys.get(i));
            b.putInt(entries.get(i).binary().length).put(entries.get(i).binary());
        }
        b.put(sha256(b.array(), b.position()));
        return b.array();
    }

    static Decoded decode(byte[] blob) {
        if (blob.length < MAGIC.length + 12 + DIGEST_LENGTH
                || !Arrays.equals(Arrays.copyOf(blob, MAGIC.length), MAGIC)) {
            return new Decoded(null, List.of(), "not a jsycl cache blob (bad magic number or too short)");
        }
        int body = blob.length - DIGEST_LENGTH;
        if (!Arrays.equals(Arrays.copyOfRange(blob, body, blob.length), sha256(blob, body))) {
            return new Decoded(null, List.of(), "checksum mismatch (truncated or corrupt)");
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(blob, 0, body);
            b.position(MAGIC.length);
            int format = b.getInt();
            if (format != FORMAT_VERSION) {
                return new Decoded(null, List.of(), "blob format " + format + ", expected " + FORMAT_VERSION);
            }
            String device = string(b);
            int count = b.getInt();
            if (count < 0) {
                return new Decoded(device, List.of(), "garbled program count " + count);
            }
            List<Entry> entries = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String key = string(b);
                entries.add(new Entry(key, bytes(b)));
            }
            return new Decoded(device, entries, b.hasRemaining() ? "trailing bytes" : null);
        } catch (BufferUnderflowException | IllegalArgumentException | IndexOutOfBoundsException e) {
            return new Decoded(null, List.of(), "garbled: " + e);
        }
    }

    private static String string(ByteBuffer b) {
        return new String(bytes(b), StandardCharsets.UTF_8);
    }

    private static byte[] bytes(ByteBuffer b) {
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw new IllegalArgumentException("length " + n + " with " + b.remaining() + " bytes left");
        }
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    private static byte[] sha256(byte[] data, int length) {
        return Sha256.digest(data, 0, length);
    }
}
