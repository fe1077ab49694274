package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha256Test {
    @Test
    void matchesTheFipsExamples() {
        assertThat(Sha256.hex("")).isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(Sha256.hex("abc")).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(Sha256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))
                .isEqualTo("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    }

    @Test
    void matchesTheJdkDigestAtEveryLengthAroundTheBlockEdges() throws Exception {
        var random = new Random(42);
        for (int length = 0; length <= 300; length++) {
            byte[] data = new byte[length + 7];
            random.nextBytes(data);
            byte[] expected = MessageDigest.getInstance("SHA-256").digest(java.util.Arrays.copyOfRange(data, 3,
                    3 + length));
            assertThat(Sha256.digest(data, 3, length)).as("length %d", length).isEqualTo(expected);
        }
        byte[] big = new byte[1 << 20];
        random.nextBytes(big);
        assertThat(Sha256.hex(big)).isEqualTo(HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(big)));
    }

    @Test
    void rejectsARangeOutsideTheArray() {
        assertThatThrownBy(() -> Sha256.digest(new byte[4], 2, 3))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("offset 2, length 3 in an array of 4 bytes");
    }
}
