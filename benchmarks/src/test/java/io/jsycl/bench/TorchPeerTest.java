package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TorchPeer} against {@link FakeTorchPeer} in a real child JVM: the protocol, the peer's errors and its death,
 * and a sweep on the first OpenCL device (PoCL in CI) with the peer as one more path. Then the real
 * {@code gpu/torch_peers.py --serve} where the machine has {@code python3}, over a plain-Python stand-in for PyTorch
 * ({@code src/test/resources/faketorch}): CI has neither PyTorch nor CUDA, and this still runs every line of the
 * script's serving path that the GPU runs ({@code gpu/remote.sh}) use.
 */
class TorchPeerTest {
    private static List<String> fake() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), FakeTorchPeer.class.getName());
    }

    @Test
    void opsAndEagerLaunchesAnswerThroughThePipe() throws Exception {
        try (TorchPeer peer = TorchPeer.start(fake(), 4)) {
            assertThat(peer.deviceName()).isEqualTo("Fake GPU");
            assertThat(peer.version()).isEqualTo("PyTorch 0.0, CUDA none");
            try (Contender op = peer.open("saxpy", 12)) {
                assertThat(op.check()).isEqualTo("ok: fake saxpy at 2^12");
                assertThat(op.roundNanos(100)).isEqualTo(1500.0);
                assertThat(op.deviceNanos()).isEqualTo(1250L);
            }
            assertThat(peer.eagerRoundNanos(1000)).isEqualTo(2000.0);
            assertThat(peer.eagerCheck()).isEqualTo("ok: bit-exact");
        }
    }

    @Test
    void anErrorReplyNamesTheRequestAndThePeerGoesOn() {
        try (TorchPeer peer = TorchPeer.start(fake(), 4)) {
            assertThatThrownBy(() -> peer.open("bad", 0)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("PyTorch peer, `open bad 0`: ValueError: unknown workload 'bad'");
            assertThat(peer.open("copy", 3).check()).isEqualTo("ok: fake copy at 2^3");
        }
    }

    @Test
    void aPeerThatDiesSaysSoWithItsExitStatus() {
        try (TorchPeer peer = TorchPeer.start(fake(), 4)) {
            assertThatThrownBy(() -> peer.open("die", 0)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("exited before answering `open die 0` (exit status 3)");
        }
    }

    @Test
    void aPeerThatCannotStartOrAnswerIsAClearError() {
        assertThatThrownBy(() -> TorchPeer.start("/nonexistent/python3 torch_peers.py --serve", 4))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cannot start the PyTorch peer `/nonexistent/python3 torch_peers.py --serve`");
        // What the script does without PyTorch or CUDA: a line on stderr, then exit.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assertThatThrownBy(() -> TorchPeer.start(List.of(java, "-version"), 4))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exited before answering `start 4` (exit status 0)");
    }

    @Test
    void aSweepWithAPeerHasATorchRowPerWorkloadAndSize() {
        var rows = new ArrayList<SweepRow>();
        try (TorchPeer peer = TorchPeer.start(fake(), 3)) {
            Sweep.run(Sweep.device(null), new Sweep.Settings(2, 3, SweepRow.WORKLOADS, 3, 2, 2, 0, 0),
                    new SweepData(3), peer, rows::add);
        }
        List<SweepRow> torch = rows.stream().filter(r -> r.path().equals("torch")).toList();
        assertThat(torch).hasSize(2 * SweepRow.WORKLOADS.size());
        assertThat(torch).allSatisfy(r -> {
            assertThat(r.device()).isEqualTo("Fake GPU");
            assertThat(r.check()).isEqualTo("ok: fake " + r.workload() + " at 2^" + r.log2n());
            assertThat(r.perOpUs()).isEqualTo(1.5);
            assertThat(r.kernelUs()).isEqualTo(1.25);
        });
        // The jsycl and hand-written paths still run beside it, each checked against Java.
        assertThat(rows.stream().filter(r -> !r.path().equals("torch"))).isNotEmpty()
                .allSatisfy(r -> assertThat(r.check()).as(r.toString()).startsWith("ok"));
    }

    @Test
    void theRealScriptServesTheSweepsOpsAndTheEagerLaunch() {
        assumeTrue(hasPython(), "no python3 on this machine");
        var rows = new ArrayList<SweepRow>();
        var builder = new ProcessBuilder("python3", "gpu/torch_peers.py", "--serve");
        builder.environment().put("PYTHONPATH", Path.of("src/test/resources/faketorch").toAbsolutePath().toString());
        try (TorchPeer peer = TorchPeer.start(builder, 3)) {
            assertThat(peer.deviceName()).isEqualTo("Fake CUDA device");
            assertThat(peer.version()).isEqualTo("PyTorch 0.0-fake, CUDA none");
            Sweep.run(Sweep.device(null), new Sweep.Settings(2, 3, SweepRow.WORKLOADS, 3, 2, 2, 0, 0),
                    new SweepData(3), peer, rows::add);
            assertThat(peer.eagerRoundNanos(10)).isPositive();
            assertThat(peer.eagerCheck()).isEqualTo("ok: bit-exact");
            assertThatThrownBy(() -> peer.open("histogram", 3)).hasMessageContaining("unknown workload 'histogram'");
        }
        List<SweepRow> torch = rows.stream().filter(r -> r.path().equals("torch")).toList();
        assertThat(torch).hasSize(2 * SweepRow.WORKLOADS.size()).allSatisfy(r -> {
            assertThat(r.check()).as(r.toString()).startsWith("ok");
            assertThat(r.perOpUs()).as(r.toString()).isPositive();
            assertThat(r.kernelUs()).as(r.toString()).isPositive();
        });
        assertThat(torch).extracting(SweepRow::check).contains("ok: bit-exact (= unfused float a*x+y)",
                "ok: bit-exact", "ok: rel err 0.0e+00");
    }

    private static boolean hasPython() {
        try {
            return new ProcessBuilder("python3", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
