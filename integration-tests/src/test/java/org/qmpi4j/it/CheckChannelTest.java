package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.launch.JobResult;

/**
 * The deadlock watch's channel on one node: rank 0 listens on 127.0.0.1 and admits only the
 * job's ranks. While a 2-rank job is deadlocked (before the watch declares it), a connection from
 * 127.0.0.2 (the same machine, another address: outside the job's) is closed at once, silent or
 * not; a silent one from 127.0.0.1 stays open (the watch waits for its greeting), so 127.0.0.2's
 * was refused for its address; one from 127.0.0.1 with a wrong secret, or with no greeting of the
 * watch, is closed at once. The job is unaffected: the watch reports the deadlock and ends it.
 */
class CheckChannelTest {
    private static final String MAIN = "org.qmpi4j.samples.openmpi.defects.RecvRecvDeadlock";

    @Test
    void theWatchRefusesAnotherAddressAndAWrongSecret(@TempDir Path out) throws Exception {
        CompletableFuture<JobResult> job = CompletableFuture.supplyAsync(() -> {
            try {
                return AgentJob.run(AgentJob.withTools(MAIN, 2, "check")
                        .env("QMPI4J_OUTPUT", out.toString())
                        .env("QMPI4J_CHECK_DEADLOCK_SECONDS", "20"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        int port = watchPort(job);
        String wrong = "qmpi4j-check " + "0".repeat(64) + " 1\n";

        assertThat(probe("127.0.0.2", port, null)).as("from 127.0.0.2, silent").isEqualTo("closed");
        assertThat(probe("127.0.0.2", port, wrong))
                .as("from 127.0.0.2, greeting")
                .isEqualTo("closed");
        assertThat(probe("127.0.0.1", port, null)).as("from 127.0.0.1, silent").isEqualTo("open");
        assertThat(probe("127.0.0.1", port, wrong))
                .as("from 127.0.0.1, wrong secret")
                .isEqualTo("closed");
        assertThat(probe("127.0.0.1", port, "GET / HTTP/1.0\n\n"))
                .as("from 127.0.0.1, not the watch")
                .isEqualTo("closed");

        JobResult result = job.get(3, TimeUnit.MINUTES);
        assertThat(result.timedOut()).as(result.describe()).isFalse();
        assertThat(result.exitCode()).as(result.describe()).isEqualTo(3);
        assertThat(result.stderr())
                .as(result.describe())
                .contains("qmpi4j check: error deadlock: every rank is blocked in MPI")
                .contains("Wait-for cycle: 0 -> 1 -> 0");
        assertThat(out.resolve("check.json")).exists();
    }

    /** The port rank 0's watch listens on, once it does. */
    private static int watchPort(CompletableFuture<JobResult> job) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        String script = NodeJobs.watchPortScript(MAIN);
        while (System.nanoTime() < until) {
            if (job.isDone()) {
                throw new AssertionError("the job ended before its watch was found:\n"
                        + job.get().describe());
            }
            BundledTools.Command c = BundledTools.run(java.util.List.of("sh", "-c", script), java.util.Map.of());
            String[] ports = c.stdout.strip().split("\\s+");
            if (c.exitCode == 0 && !ports[0].isEmpty()) {
                assertThat(ports)
                        .as("ports rank 0 listens on at an address of its own")
                        .hasSize(1);
                return Integer.parseInt(ports[0]);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("rank 0's watch port not found");
    }

    /**
     * Connects to 127.0.0.1:{@code port} from {@code from}, sends {@code greeting} (if any), and
     * reads for 3 s: "closed" when the watch closed the connection, "open" when it still was.
     */
    private static String probe(String from, int port, String greeting) throws Exception {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
            s.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), 3000);
            if (greeting != null) {
                OutputStream o = s.getOutputStream();
                o.write(greeting.getBytes(StandardCharsets.UTF_8));
                o.flush();
            }
            s.setSoTimeout(3000);
            InputStream in = s.getInputStream();
            try {
                while (in.read() >= 0) {
                    // the watch sends nothing to a peer it has not admitted
                }
                return "closed";
            } catch (SocketTimeoutException stillOpen) {
                return "open";
            } catch (java.net.SocketException reset) {
                return "closed";
            }
        }
    }
}
