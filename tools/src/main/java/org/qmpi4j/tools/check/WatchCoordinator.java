package org.qmpi4j.tools.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.tools.output.HostName;

/**
 * Rank 0's side of the deadlock watch's transport: the listening socket, admission of the job's
 * ranks only (their hosts' addresses and the job's secret), one reader thread per rank feeding
 * the {@link DeadlockDetector}, and the commands sent back (collect findings, abort).
 */
final class WatchCoordinator {
    /** Bytes of each rank's host name in the gathered block. */
    static final int HOST_BLOCK = 256;

    final ServerSocket server;
    final InetAddress address;
    final String secretHex;
    private final int size;
    private final DeadlockDetector detector;
    private final Set<InetAddress> allowed = new HashSet<>();
    private final OutputStream[] outs;
    private final String[] collected;
    private final boolean[] closed;
    private final List<Socket> sockets = new ArrayList<>();
    private volatile boolean stopped;

    /** Listens; {@code hosts} holds each rank's host name in a block of {@link #HOST_BLOCK} bytes. */
    WatchCoordinator(byte[] hosts, int size, DeadlockDetector detector) throws IOException {
        this.size = size;
        this.detector = detector;
        this.outs = new OutputStream[size];
        this.collected = new String[size];
        this.closed = new boolean[size];
        String mine = HostName.get();
        boolean oneNode = true;
        Set<String> names = new HashSet<>();
        for (int r = 0; r < size; r++) {
            int end = 0;
            while (end < HOST_BLOCK && hosts[r * HOST_BLOCK + end] != 0) {
                end++;
            }
            String h = new String(hosts, r * HOST_BLOCK, end, StandardCharsets.UTF_8);
            names.add(h);
            oneNode &= h.equals(mine);
        }
        InetAddress loopback = InetAddress.getLoopbackAddress();
        if (oneNode) {
            address = loopback;
        } else {
            address = InetAddress.getByName(mine);
            for (String h : names) {
                try {
                    for (InetAddress a : InetAddress.getAllByName(h)) {
                        allowed.add(a);
                    }
                } catch (IOException unknown) {
                    // a host that does not resolve cannot connect by that name either
                }
            }
        }
        // On one node the ranks connect to the loopback address and come from it; any other
        // address, 127.0.0.2 included, is outside the job.
        allowed.add(loopback);
        allowed.add(address);
        byte[] s = new byte[32];
        new SecureRandom().nextBytes(s);
        StringBuilder hex = new StringBuilder();
        for (byte b : s) {
            hex.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
        }
        secretHex = hex.toString();
        server = new ServerSocket();
        server.bind(new InetSocketAddress(address, 0), Math.max(50, size));
    }

    DeadlockDetector detector() {
        return detector;
    }

    void startAccepting() {
        Thread accept = new Thread(new Accept(), "qmpi4j-check-accept");
        accept.setDaemon(true);
        accept.start();
    }

    void stop() {
        stopped = true;
        WatchIo.close(server);
        synchronized (this) {
            for (Socket s : sockets) {
                WatchIo.close(s);
            }
        }
    }

    private final class Accept implements Runnable {
        @Override
        public void run() {
            while (!stopped) {
                Socket s;
                try {
                    s = server.accept();
                } catch (IOException e) {
                    return;
                }
                if (!allowed.contains(s.getInetAddress())) {
                    WatchIo.close(s);
                    continue;
                }
                Thread t = new Thread(new Read(s), "qmpi4j-check-read");
                t.setDaemon(true);
                t.start();
            }
        }
    }

    private final class Read implements Runnable {
        private final Socket s;

        Read(Socket s) {
            this.s = s;
        }

        @Override
        public void run() {
            int rank = -1;
            try {
                s.setSoTimeout(10_000);
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                String hello = in.readLine();
                rank = admit(hello);
                if (rank < 0) {
                    WatchIo.close(s);
                    return;
                }
                s.setSoTimeout(0);
                synchronized (WatchCoordinator.this) {
                    sockets.add(s);
                    outs[rank] = s.getOutputStream();
                }
                detector.connected(rank, System.nanoTime());
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("state ")) {
                        detector.state(rank, BlockedCall.parse(line.substring(6)), System.nanoTime());
                    } else if (line.startsWith("findings ")) {
                        synchronized (WatchCoordinator.this) {
                            collected[rank] = line.substring(9);
                            WatchCoordinator.this.notifyAll();
                        }
                    }
                }
            } catch (Exception e) {
                // the rank's connection ended (the rank finished or died)
            } finally {
                WatchIo.close(s);
                if (rank >= 0) {
                    detector.closed(rank);
                    synchronized (WatchCoordinator.this) {
                        closed[rank] = true;
                        WatchCoordinator.this.notifyAll();
                    }
                }
            }
        }
    }

    /** The rank a connection's first line proves it is, or -1: the job's secret and a rank of the job. */
    private int admit(String hello) {
        if (hello == null) {
            return -1;
        }
        String[] p = hello.split(" ");
        if (p.length != 3 || !p[0].equals("qmpi4j-check")) {
            return -1;
        }
        if (!MessageDigest.isEqual(p[1].getBytes(StandardCharsets.UTF_8), secretHex.getBytes(StandardCharsets.UTF_8))) {
            return -1;
        }
        try {
            int r = Integer.parseInt(p[2]);
            synchronized (this) {
                return r >= 0 && r < size && outs[r] == null ? r : -1;
            }
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Asks every rank for its findings; waits a few seconds for them. */
    List<String> collect() {
        broadcast("collect");
        long until = System.currentTimeMillis() + 5000;
        synchronized (this) {
            while (System.currentTimeMillis() < until && !allCollected()) {
                try {
                    wait(Math.max(1, until - System.currentTimeMillis()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            List<String> all = new ArrayList<>(size);
            for (int r = 0; r < size; r++) {
                all.add(collected[r]);
            }
            return all;
        }
    }

    private boolean allCollected() {
        for (int r = 0; r < size; r++) {
            if (collected[r] == null && !closed[r]) {
                return false;
            }
        }
        return true;
    }

    void broadcast(String command) {
        OutputStream[] targets;
        synchronized (this) {
            targets = outs.clone();
        }
        for (OutputStream o : targets) {
            if (o != null) {
                try {
                    WatchIo.send(o, command);
                } catch (IOException gone) {
                    // that rank's connection ended
                }
            }
        }
    }
}
