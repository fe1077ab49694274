package io.jsycl.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A stand-in for {@code torch_peers.py --serve} in its own JVM, for {@link TorchPeerTest}: the same requests and reply
 * shapes, fixed values, and two ways to go wrong: {@code open bad ...} answers {@code error}, {@code open die ...}
 * exits with status 3 without answering. Before its first reply it writes a line to stderr, as PyTorch's warnings do.
 */
public final class FakeTorchPeer {
    private FakeTorchPeer() {
    }

    public static void main(String[] args) throws Exception {
        System.err.println("fake peer: warming up");
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.trim().split(" ");
            String reply = switch (w[0]) {
                case "start" -> "ok Fake GPU\tPyTorch 0.0, CUDA none";
                case "open" -> switch (w[1]) {
                    case "bad" -> "error ValueError: unknown workload 'bad'";
                    case "die" -> {
                        System.exit(3);
                        yield "";
                    }
                    default -> "ok ok: fake " + w[1] + " at 2^" + w[2];
                };
                case "round" -> "ok 1.5";
                case "kernel" -> "ok 1.25";
                case "close" -> "ok";
                case "eager" -> "ok 2.0";
                case "eager-check" -> "ok ok: bit-exact";
                case "quit" -> null;
                default -> "error unknown request " + line;
            };
            if (reply == null) {
                break;
            }
            System.out.println(reply);
            System.out.flush();
        }
    }
}
