package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.tools.output.HostName;

/**
 * Admission to the watch's channel of a job whose 2 ranks are on this host: rank 0 listens on the
 * loopback address; a connection from another address (127.0.0.2) is closed at once, and so is
 * one without the job's secret, or with a rank already connected; a rank with the secret is
 * admitted and receives rank 0's commands.
 */
class WatchCoordinatorTest {
    private WatchCoordinator c;

    @BeforeEach
    void listen() throws Exception {
        byte[] hosts = new byte[2 * WatchCoordinator.HOST_BLOCK];
        byte[] me = HostName.get().getBytes(StandardCharsets.UTF_8);
        System.arraycopy(me, 0, hosts, 0, me.length);
        System.arraycopy(me, 0, hosts, WatchCoordinator.HOST_BLOCK, me.length);
        c = new WatchCoordinator(hosts, 2, new DeadlockDetector(2, 10, 1000));
        c.startAccepting();
    }

    @AfterEach
    void stop() {
        c.stop();
    }

    private Socket connect(String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(new InetSocketAddress(c.address, c.server.getLocalPort()), 2000);
        s.setSoTimeout(2000);
        return s;
    }

    /** The next line rank 0 sends; "closed" when it closed the connection, "open" when nothing came. */
    private static String next(Socket s, @Nullable String hello) throws IOException {
        if (hello != null) {
            s.getOutputStream().write((hello + "\n").getBytes(StandardCharsets.UTF_8));
        }
        try {
            String line =
                    new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
            return line == null ? "closed" : line;
        } catch (SocketTimeoutException quiet) {
            return "open";
        } catch (SocketException reset) {
            return "closed";
        }
    }

    @Test
    void onlyTheJobsAddressAndSecretAreAdmitted() throws Exception {
        assertThat(c.address.isLoopbackAddress()).isTrue();
        String good = "qmpi4j-check " + c.secretHex + " ";
        try (Socket other = connect("127.0.0.2");
                Socket silent = connect("127.0.0.1");
                Socket wrong = connect("127.0.0.1");
                Socket rank1 = connect("127.0.0.1");
                Socket again = connect("127.0.0.1")) {
            assertThat(next(other, good + "0"))
                    .as("from 127.0.0.2, with the secret")
                    .isEqualTo("closed");
            assertThat(next(wrong, "qmpi4j-check " + "0".repeat(64) + " 0"))
                    .as("wrong secret")
                    .isEqualTo("closed");
            assertThat(next(rank1, good + "1")).as("rank 1, admitted: silence").isEqualTo("open");
            assertThat(next(again, good + "1")).as("rank 1 a second time").isEqualTo("closed");
            assertThat(next(silent, null)).as("no greeting yet").isEqualTo("open");
            c.broadcast("collect");
            assertThat(next(rank1, null))
                    .as("rank 0's command to the admitted rank")
                    .isEqualTo("collect");
        }
        assertThat(c.secretHex).hasSize(64).matches("[0-9a-f]+");
    }
}
