package org.qmpi4j.launch.internal;

import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * The port exchange that MPJ's {@code mpjrun} ({@code runtime.starter.MPJRun.collectPortInfo}) does
 * for niodev jobs, so that ranks can be started without MPJ's daemon.
 *
 * <p>Wire protocol, as {@code xdev.niodev.NIODevice.init} speaks it: every rank connects to the
 * server named in its configuration, sends {@code writeUTF("Sending Info")}, then {@code writeInt}
 * of its write port, its read port and its rank, and reads one {@code readUTF} string:
 * {@code #Peer Information;<ip>@<readport>@<writeport>@<rank>@<debugport>;...} with one entry per
 * rank in rank order (note: read port first in the answer, write port first in the request). As
 * MPJRun does, the answer goes out only after all ranks have reported, and the address is the one
 * the rank connected from.
 */
public final class NiodevPortExchange implements Closeable {
    /** First string every rank sends. */
    static final String HELLO = "Sending Info";

    static final String ANSWER_HEADER = "#Peer Information";

    private final ServerSocket server;
    private final int ranks;
    private final List<Socket> accepted = new ArrayList<>();

    /** Listens on a free port of the loopback interface. */
    public NiodevPortExchange(int ranks) throws IOException {
        this.ranks = ranks;
        this.server = new ServerSocket(0, Math.max(50, ranks), InetAddress.getLoopbackAddress());
    }

    public int port() {
        return server.getLocalPort();
    }

    /**
     * Serves all ranks once. Blocks until every rank has its answer; {@link #close()} from another
     * thread makes it fail at once.
     *
     * @throws IOException when the socket is closed or a rank sends something unexpected
     */
    public void serve() throws IOException {
        String[] entries = new String[ranks];
        for (int i = 0; i < ranks; i++) {
            Socket s = server.accept();
            synchronized (accepted) {
                accepted.add(s);
            }
            DataInputStream in = new DataInputStream(s.getInputStream());
            String hello = in.readUTF();
            if (!hello.startsWith(HELLO)) {
                throw new IOException("niodev rank sent '" + hello + "' instead of '" + HELLO + "'");
            }
            int writePort = in.readInt();
            int readPort = in.readInt();
            int rank = in.readInt();
            if (rank < 0 || rank >= ranks || entries[rank] != null) {
                throw new IOException("niodev port exchange: unexpected or repeated rank " + rank);
            }
            entries[rank] =
                    ";" + s.getInetAddress().getHostAddress() + "@" + readPort + "@" + writePort + "@" + rank + "@0";
        }
        String answer = ANSWER_HEADER + String.join("", entries);
        synchronized (accepted) {
            for (Socket s : accepted) {
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                out.writeUTF(answer);
                out.flush();
                s.close();
            }
        }
    }

    /** Stops serving; closes the listening socket and every connection. */
    @Override
    public void close() {
        closeQuietly(server);
        synchronized (accepted) {
            accepted.forEach(NiodevPortExchange::closeQuietly);
        }
    }

    private static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // closing is all we wanted
        }
    }
}
