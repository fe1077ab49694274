package io.jsycl.program;

import java.nio.charset.StandardCharsets;

/**
 * SHA-256 (FIPS 180-4) in plain Java, for the caches' entry names, checksums and keys. The same
 * digest as {@code MessageDigest.getInstance("SHA-256")}, without starting the JDK's security
 * providers, which costs tens of milliseconds on a JVM's first kernel; a warm start hashes only
 * a few kilobytes, so speed beyond that does not matter here. Thread safe (no state).
 */
public final class Sha256 {
    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Sha256() {
    }

    /**
     * The digest of part of an array.
     *
     * @param data the bytes to hash
     * @param offset index of the first byte hashed
     * @param length number of bytes hashed, from {@code offset}
     * @return the 32-byte SHA-256 digest of {@code data[offset, offset + length)}
     * @throws IndexOutOfBoundsException if the range does not lie within {@code data}
     */
    public static byte[] digest(byte[] data, int offset, int length) {
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + " in an array of "
                    + data.length + " bytes");
        }
        int[] h = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        int[] w = new int[64];
        int full = length / 64;
        for (int block = 0; block < full; block++) {
            compress(h, w, data, offset + block * 64);
        }
        // The tail, the 0x80 marker, zero padding and the bit length: one or two last blocks.
        int rest = length - full * 64;
        byte[] tail = new byte[rest < 56 ? 64 : 128];
        System.arraycopy(data, offset + full * 64, tail, 0, rest);
        tail[rest] = (byte) 0x80;
        long bits = (long) length * 8;
        for (int i = 0; i < 8; i++) {
            tail[tail.length - 1 - i] = (byte) (bits >>> (8 * i));
        }
        for (int at = 0; at < tail.length; at += 64) {
            compress(h, w, tail, at);
        }
        byte[] out = new byte[32];
        for (int i = 0; i < 8; i++) {
            out[4 * i] = (byte) (h[i] >>> 24);
            out[4 * i + 1] = (byte) (h[i] >>> 16);
            out[4 * i + 2] = (byte) (h[i] >>> 8);
            out[4 * i + 3] = (byte) h[i];
        }
        return out;
    }

    /**
     * The digest of a whole array.
     *
     * @param data the bytes to hash
     * @return the 32-byte SHA-256 digest of {@code data}
     */
    public static byte[] digest(byte[] data) {
        return digest(data, 0, data.length);
    }

    /**
     * The digest of an array as text.
     *
     * @param data the bytes to hash
     * @return the SHA-256 digest of {@code data} as 64 lowercase hex digits
     */
    public static String hex(byte[] data) {
        return toHex(digest(data));
    }

    /**
     * The digest of a string's UTF-8 bytes as text.
     *
     * @param text the string to hash, encoded as UTF-8
     * @return the SHA-256 digest as 64 lowercase hex digits
     */
    public static String hex(String text) {
        return toHex(digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static String toHex(byte[] digest) {
        char[] chars = new char[digest.length * 2];
        for (int i = 0; i < digest.length; i++) {
            chars[2 * i] = HEX[(digest[i] >> 4) & 0xf];
            chars[2 * i + 1] = HEX[digest[i] & 0xf];
        }
        return new String(chars);
    }

    private static void compress(int[] h, int[] w, byte[] block, int at) {
        for (int i = 0; i < 16; i++) {
            int p = at + 4 * i;
            w[i] = (block[p] & 0xff) << 24 | (block[p + 1] & 0xff) << 16 | (block[p + 2] & 0xff) << 8
                    | block[p + 3] & 0xff;
        }
        for (int i = 16; i < 64; i++) {
            int s0 = Integer.rotateRight(w[i - 15], 7) ^ Integer.rotateRight(w[i - 15], 18) ^ (w[i - 15] >>> 3);
            int s1 = Integer.rotateRight(w[i - 2], 17) ^ Integer.rotateRight(w[i - 2], 19) ^ (w[i - 2] >>> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        int a = h[0];
        int b = h[1];
        int c = h[2];
        int d = h[3];
        int e = h[4];
        int f = h[5];
        int g = h[6];
        int hh = h[7];
        for (int i = 0; i < 64; i++) {
            int t1 = hh + (Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25))
                    + (e & f ^ ~e & g) + K[i] + w[i];
            int t2 = (Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22))
                    + (a & b ^ a & c ^ b & c);
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        h[5] += f;
        h[6] += g;
        h[7] += hh;
    }
}
