package io.jsycl.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * PyTorch in a child process ({@code gpu/torch_peers.py --serve}), driven one request at a time so that its rounds
 * take turns with jsycl's ({@link Contender#measure}, {@link LaunchRate}) instead of running minutes before or after
 * them. Both processes hold a context on the same GPU, but only one of them has work at a time: each request waits
 * for its reply, and a reply comes after the peer's last synchronize.
 *
 * <p>The protocol is one line each way (see {@code serve} in the script): a request such as {@code round 400}, and
 * {@code ok VALUE} or {@code error MESSAGE}. The child's stderr goes to ours.
 */
final class TorchPeer implements AutoCloseable {
    private final Process process;
    private final BufferedWriter requests;
    private final BufferedReader replies;
    private final String deviceName;
    private final String version;

    private TorchPeer(Process process, int maxLog2) {
        this.process = process;
        this.requests = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        this.replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String[] hello = ask("start " + maxLog2).split("\t", 2);
        this.deviceName = hello[0];
        this.version = hello.length > 1 ? hello[1] : "PyTorch";
    }

    /**
     * Starts {@code command} (split at spaces) and makes the sweep's data on its side up to 2^{@code maxLog2}
     * elements.
     *
     * @throws IllegalStateException when the peer cannot start or answer, saying why (no PyTorch, no CUDA device: the
     *         script says which on stderr and exits)
     */
    static TorchPeer start(String command, int maxLog2) {
        return start(List.of(command.trim().split("\\s+")), maxLog2);
    }

    /**
     * {@link #start(String, int)} where {@code command} is not null, else null; a peer that cannot start is reported on
     * stderr, and the benchmark ({@code benchmark}, e.g. "the sweep") goes on without it.
     */
    static TorchPeer startIfAsked(String command, int maxLog2, String benchmark) {
        if (command == null) {
            return null;
        }
        try {
            return start(command, maxLog2);
        } catch (RuntimeException e) {
            System.err.println("no PyTorch peer, " + benchmark + " runs without it: " + e.getMessage());
            return null;
        }
    }

    /** {@link #start(String, int)} with the command's words given one by one. */
    static TorchPeer start(List<String> command, int maxLog2) {
        return start(new ProcessBuilder(command), maxLog2);
    }

    /** {@link #start(String, int)} with the command, its directory and its environment in {@code builder}. */
    static TorchPeer start(ProcessBuilder builder, int maxLog2) {
        Process p;
        try {
            p = builder.redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the PyTorch peer `" + String.join(" ", builder.command())
                    + "`: " + e.getMessage(), e);
        }
        try {
            return new TorchPeer(p, maxLog2);
        } catch (RuntimeException e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /** The CUDA device's name, as PyTorch gives it. */
    String deviceName() {
        return deviceName;
    }

    /** "PyTorch V, CUDA V". */
    String version() {
        return version;
    }

    /**
     * Sends one request and returns the reply's value.
     *
     * @throws IllegalStateException with the peer's message when it answers {@code error}, or when it exits
     */
    String ask(String request) {
        String reply;
        try {
            requests.write(request);
            requests.newLine();
            requests.flush();
            reply = replies.readLine();
        } catch (IOException e) {
            throw new IllegalStateException("the PyTorch peer stopped answering (" + request + "): " + e.getMessage()
                    + exitStatus(), e);
        }
        if (reply == null) {
            throw new IllegalStateException("the PyTorch peer exited before answering `" + request + "`" + exitStatus()
                    + "; its stderr says why");
        }
        if (reply.equals("ok") || reply.startsWith("ok ")) {
            return reply.length() > 3 ? reply.substring(3) : "";
        }
        if (reply.startsWith("error ")) {
            throw new IllegalStateException("PyTorch peer, `" + request + "`: " + reply.substring(6));
        }
        throw new IllegalStateException("the PyTorch peer answered `" + request + "` with `" + reply
                + "`, not `ok ...` or `error ...`");
    }

    private String exitStatus() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? " (exit status " + process.exitValue() + ")" : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /**
     * PyTorch's {@code workload} at 2^{@code log2n} elements as a side of a comparison: opening it makes its tensors
     * and runs its check; closing it drops them.
     */
    Contender open(String workload, int log2n) {
        String check = ask("open " + workload + " " + log2n);
        return new Contender() {
            @Override
            public String check() {
                return check;
            }

            @Override
            public double roundNanos(int reps) {
                return Double.parseDouble(ask("round " + reps)) * 1e3;
            }

            @Override
            public long deviceNanos() {
                return Math.round(Double.parseDouble(ask("kernel")) * 1e3);
            }

            @Override
            public void close() {
                ask("close");
            }
        };
    }

    /** A round of {@code reps} eager launches of {@code torch.add} of 256 floats, then one sync: ns per launch. */
    double eagerRoundNanos(int reps) {
        return Double.parseDouble(ask("eager " + reps)) * 1e3;
    }

    /** Whether the eager launches' output is right: "ok ..." or "MISMATCH ...". */
    String eagerCheck() {
        return ask("eager-check");
    }

    /** Asks the peer to quit and waits for it (a few seconds, then it is killed). */
    @Override
    public void close() {
        try {
            requests.write("quit");
            requests.newLine();
            requests.close();
        } catch (IOException e) {
            // The peer is gone already; waiting below still reaps it.
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
