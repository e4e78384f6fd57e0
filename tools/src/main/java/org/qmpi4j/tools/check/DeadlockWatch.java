package org.qmpi4j.tools.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.report.check.Finding;
import org.qmpi4j.report.files.CheckOutputs;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.HostName;
import org.qmpi4j.tools.output.OutputSession;

/**
 * Finds deadlocks while the application's threads are blocked in MPI. MPI itself cannot carry
 * the watch's messages: the ranks' only thread may be the one blocked, and with
 * {@code MPI_THREAD_SINGLE} or {@code FUNNELED} no other thread may call MPI. So the watch talks
 * over TCP: rank 0 listens, every rank (rank 0 too) has a daemon thread that connects to it and
 * sends its {@link BlockedCall} state once per interval. Rank 0 declares a deadlock when every rank
 * has been inside an MPI call, and no rank's progress count has moved, for
 * {@code check.deadlock-seconds}; a rank computing or waiting on I/O is not inside MPI, so a slow
 * job is never a deadlock. Rank 0 then explains it ({@link WaitForGraph}), collects every rank's
 * findings over the same sockets, writes {@code check.json} and {@code check.txt}, and with
 * {@code check.on-deadlock=abort} ends the job: {@code MPI_Abort}, and each rank halts its JVM a
 * few seconds later should the library's abort not reach it.
 *
 * <p>Only the job's ranks can use the channel: rank 0 listens on the loopback address when every
 * rank runs on its node, otherwise on the address its host name resolves to (the one the other
 * nodes reach it by), accepts connections only from the addresses of the job's hosts, and only
 * from peers that send the job's secret (random bytes rank 0 makes and broadcasts over MPI at
 * start-up, so it never leaves the job). Nothing is written to disk for it, and the sockets and
 * threads end with the job (the threads are daemons; {@link #stop} closes the sockets at
 * {@code MPI_Finalize}).
 */
final class DeadlockWatch {
    private static final int ADDRESS_BUFFER = 512;
    private static final int HOST_BLOCK = 256;
    /** The exit status of a job the watch ended: MPI_Abort's error code, and the JVM's halt status. */
    static final int EXIT_STATUS = 3;

    private final Checker checker;
    private final RankOutput output;
    private final long intervalMillis;
    private final double seconds;
    private final boolean abort;
    private final int size;
    private final OutputSession session;
    private volatile boolean stopped;
    private volatile Socket socket;
    private volatile Coordinator coordinator;

    private DeadlockWatch(
            Checker checker, RankOutput output, double seconds, boolean abort, int size, OutputSession session) {
        this.checker = checker;
        this.output = output;
        this.seconds = seconds;
        this.intervalMillis = Math.max(100, Math.min(1000, (long) (seconds * 1000 / 4)));
        this.abort = abort;
        this.size = size;
        this.session = session;
    }

    /**
     * Collective, right after {@code MPI_Init}: rank 0 opens the listening socket and broadcasts
     * its address, port and the job's secret; every rank starts its reporting thread. Returns
     * {@code null} (and says why) when the watch cannot run.
     */
    static DeadlockWatch start(
            Checker checker, WorldComm comm, OutputSession session, Settings settings, RankOutput output)
            throws Exception {
        double seconds = settings.get(CheckTool.DEADLOCK_SECONDS);
        String mode = settings.get(CheckTool.ON_DEADLOCK);
        boolean abort = mode == null || !"report".equals(mode.trim().toLowerCase(Locale.ROOT));
        if (mode != null && !"report".equals(mode.trim()) && !"abort".equals(mode.trim()) && comm.rank() == 0) {
            output.say("check.on-deadlock=" + mode + " is neither abort nor report; abort is used");
        }
        DeadlockWatch w = new DeadlockWatch(checker, output, seconds, abort, comm.size(), session);
        // Every rank's host name to rank 0: the addresses connections may come from.
        byte[] host = new byte[HOST_BLOCK];
        byte[] name = HostName.get().getBytes(StandardCharsets.UTF_8);
        System.arraycopy(name, 0, host, 0, Math.min(name.length, HOST_BLOCK));
        byte[] hosts = comm.rank() == 0 ? new byte[HOST_BLOCK * comm.size()] : null;
        comm.gather(host, HOST_BLOCK, hosts, 0);
        byte[] where = new byte[ADDRESS_BUFFER];
        if (comm.rank() == 0) {
            try {
                Coordinator c = w.new Coordinator(hosts);
                w.coordinator = c;
                byte[] text = (c.address.getHostAddress() + " " + c.server.getLocalPort() + " " + c.secretHex)
                        .getBytes(StandardCharsets.UTF_8);
                ByteBuffer.wrap(where).putInt(text.length).put(text);
            } catch (IOException | RuntimeException e) {
                output.say("the deadlock watch cannot listen (" + e + "); deadlocks are not detected");
            }
        }
        comm.bcast(where, 0);
        int len = ByteBuffer.wrap(where).getInt();
        if (len <= 0 || len > ADDRESS_BUFFER - 4) {
            return null;
        }
        String[] parts = new String(where, 4, len, StandardCharsets.UTF_8).split(" ");
        Thread t = new Thread(
                w.new Reporter(parts[0], Integer.parseInt(parts[1]), parts[2], comm.rank()), "qmpi4j-check-watch");
        t.setDaemon(true);
        t.start();
        Coordinator c = w.coordinator;
        if (c != null) {
            c.startThreads();
        }
        return w;
    }

    /** At MPI_Finalize, after the findings were gathered: the watch ends and its sockets close. */
    void stop() {
        stopped = true;
        close(socket);
        Coordinator c = coordinator;
        if (c != null) {
            c.stop();
        }
    }

    private static void close(java.io.Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // closing: nothing to do
            }
        }
    }

    /** This rank's state now, read from the activity without calling MPI. */
    private BlockedCall state(int rank) {
        Activity a = checker.activity();
        BlockedCall s = new BlockedCall();
        s.rank = rank;
        s.progress = a.progress();
        s.inside = a.inside();
        MpiCall c = s.inside ? a.current() : null;
        if (c != null) {
            Communicators comms = checker.communicators();
            s.call = describe(c, comms);
            Object req = c.function().kind() == MpiFunction.Kind.COMPLETION ? c.request() : null;
            if (req instanceof Object[]) {
                for (Object r : (Object[]) req) {
                    pending(s, r);
                }
            } else if (req != null) {
                pending(s, req);
            }
        }
        return s;
    }

    private void pending(BlockedCall s, Object request) {
        PendingRequests.Pending p = request == null ? null : checker.requests().get(request);
        if (p != null) {
            BlockedCall.Call w = new BlockedCall.Call();
            w.function = p.function.name();
            if (p.site != null) {
                w.className = p.site.className();
                w.method = p.site.methodName();
                w.file = p.site.fileName();
                w.line = p.site.line();
            }
            w.peer = p.worldPeer;
            w.tag = p.tag;
            w.comm = p.comm;
            s.waits.add(w);
        }
    }

    private static BlockedCall.Call describe(MpiCall call, Communicators comms) {
        BlockedCall.Call c = new BlockedCall.Call();
        MpiFunction f = call.function();
        c.function = f.name();
        if (call.callingAddress() != null) {
            c.className = call.callingAddress().className();
            c.method = call.callingAddress().methodName();
            c.file = call.callingAddress().fileName();
            c.line = call.callingAddress().line();
        }
        Object comm = call.communicator();
        Communicators.Info info = comms == null ? null : comms.peek(comm);
        if (f.kind() == MpiFunction.Kind.POINT_TO_POINT) {
            int peer = call.peer();
            c.peer = peer == MpiCall.ABSENT ? -2 : peer < 0 ? -1 : comms == null ? -1 : comms.toWorld(comm, peer);
            c.tag = call.tag();
            if (f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE) {
                int at = org.qmpi4j.tools.mpi.MessageRoles.sendRecvSourceArgument(call);
                Object source = at >= 0 && at < call.argumentCount() ? call.argument(at) : null;
                if (source instanceof Integer) {
                    int src = (Integer) source;
                    c.source = src < 0 ? -1 : comms == null ? -1 : comms.toWorld(comm, src);
                }
            }
        }
        if (f.kind() == MpiFunction.Kind.POINT_TO_POINT || f.kind() == MpiFunction.Kind.COLLECTIVE) {
            c.comm = info == null ? "a communicator" : info.name;
            if (info != null && f.kind() == MpiFunction.Kind.COLLECTIVE && !info.inter) {
                c.members = info.worldRanks.clone();
            }
        }
        return c;
    }

    /** Every rank's thread: connects to rank 0, sends its state each interval, obeys rank 0's commands. */
    private final class Reporter implements Runnable {
        private final String host;
        private final int port;
        private final String secret;
        private final int rank;

        Reporter(String host, int port, String secret, int rank) {
            this.host = host;
            this.port = port;
            this.secret = secret;
            this.rank = rank;
        }

        @Override
        public void run() {
            try {
                Socket s = connect();
                if (s == null) {
                    return;
                }
                socket = s;
                OutputStream out = s.getOutputStream();
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                send(out, "qmpi4j-check " + secret + " " + rank);
                s.setSoTimeout((int) intervalMillis);
                while (!stopped) {
                    send(out, "state " + state(rank).toJson());
                    long until = System.currentTimeMillis() + intervalMillis;
                    while (!stopped && System.currentTimeMillis() < until) {
                        String line;
                        try {
                            line = in.readLine();
                        } catch (SocketTimeoutException quiet) {
                            break;
                        }
                        if (line == null) {
                            return;
                        }
                        command(line, out);
                    }
                }
            } catch (IOException | RuntimeException e) {
                if (!stopped) {
                    output.fault("running the deadlock watch", e);
                }
            }
        }

        private Socket connect() throws IOException {
            long giveUp = System.currentTimeMillis() + 30_000;
            while (!stopped) {
                try {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress(host, port), 5000);
                    s.setTcpNoDelay(true);
                    return s;
                } catch (IOException e) {
                    if (System.currentTimeMillis() > giveUp) {
                        throw e;
                    }
                    sleep(200);
                }
            }
            return null;
        }

        private void command(String line, OutputStream out) throws IOException {
            if (line.equals("collect")) {
                checker.results().flush();
                send(out, "findings " + checker.rankFileContent(false).replace('\n', ' '));
            } else if (line.equals("abort")) {
                checker.results().flush();
                Thread halt = new Thread(new Halt(), "qmpi4j-check-halt");
                halt.setDaemon(true);
                halt.start();
            }
        }
    }

    /** Ends this JVM a few seconds after rank 0 aborted the job, should MPI_Abort not have reached it. */
    private static final class Halt implements Runnable {
        @Override
        public void run() {
            sleep(5000);
            Runtime.getRuntime().halt(EXIT_STATUS);
        }
    }

    private static void send(OutputStream out, String line) throws IOException {
        synchronized (out) {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Rank 0's side: the listening socket, one reader per rank, and the detector. */
    private final class Coordinator {
        final ServerSocket server;
        final InetAddress address;
        final String secretHex;
        private final byte[] secret;
        private final Set<InetAddress> allowed = new HashSet<>();
        private final BlockedCall[] states = new BlockedCall[size];
        private final long[] lastChange = new long[size];
        private final long[] lastSeen = new long[size];
        private final OutputStream[] outs = new OutputStream[size];
        private final String[] collected = new String[size];
        private final boolean[] closed = new boolean[size];
        private final List<Socket> sockets = new ArrayList<>();
        private boolean reported;

        Coordinator(byte[] hosts) throws IOException {
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
            allowed.add(loopback);
            allowed.add(address);
            byte[] s = new byte[32];
            new SecureRandom().nextBytes(s);
            secret = s;
            StringBuilder hex = new StringBuilder();
            for (byte b : s) {
                hex.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
            }
            secretHex = hex.toString();
            server = new ServerSocket();
            server.bind(new InetSocketAddress(address, 0), Math.max(50, size));
        }

        void startThreads() {
            Thread accept = new Thread(new Accept(), "qmpi4j-check-accept");
            accept.setDaemon(true);
            accept.start();
            Thread detect = new Thread(new Detect(), "qmpi4j-check-detect");
            detect.setDaemon(true);
            detect.start();
        }

        void stop() {
            close(server);
            synchronized (this) {
                for (Socket s : sockets) {
                    close(s);
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
                    if (!allowed.contains(s.getInetAddress())
                            && !s.getInetAddress().isLoopbackAddress()) {
                        close(s);
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
                        close(s);
                        return;
                    }
                    s.setSoTimeout(0);
                    synchronized (Coordinator.this) {
                        sockets.add(s);
                        outs[rank] = s.getOutputStream();
                        lastChange[rank] = System.nanoTime();
                    }
                    String line;
                    while ((line = in.readLine()) != null) {
                        if (line.startsWith("state ")) {
                            state(rank, BlockedCall.parse(line.substring(6)));
                        } else if (line.startsWith("findings ")) {
                            synchronized (Coordinator.this) {
                                collected[rank] = line.substring(9);
                                Coordinator.this.notifyAll();
                            }
                        }
                    }
                } catch (Exception e) {
                    // the rank's connection ended (the rank finished or died)
                } finally {
                    close(s);
                    if (rank >= 0) {
                        synchronized (Coordinator.this) {
                            closed[rank] = true;
                            Coordinator.this.notifyAll();
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
            if (!MessageDigest.isEqual(
                    p[1].getBytes(StandardCharsets.UTF_8), secretHex.getBytes(StandardCharsets.UTF_8))) {
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

        private synchronized void state(int rank, BlockedCall s) {
            BlockedCall old = states[rank];
            long now = System.nanoTime();
            if (old == null || old.progress != s.progress || old.inside != s.inside) {
                lastChange[rank] = now;
            }
            lastSeen[rank] = now;
            states[rank] = s;
        }

        /** Whether every rank is connected, inside MPI, and has not moved for the timeout. */
        private synchronized boolean deadlocked() {
            long now = System.nanoTime();
            long quiet = (long) (seconds * 1e9);
            long fresh = intervalMillis * 5_000_000L;
            for (int r = 0; r < size; r++) {
                BlockedCall s = states[r];
                if (closed[r] || s == null || !s.inside || s.call == null) {
                    return false;
                }
                if (now - lastChange[r] < quiet || now - lastSeen[r] > fresh) {
                    return false;
                }
            }
            return true;
        }

        private final class Detect implements Runnable {
            @Override
            public void run() {
                while (!stopped && !reported) {
                    sleep(intervalMillis);
                    if (!stopped && deadlocked()) {
                        reported = true;
                        try {
                            deadlock();
                        } catch (Exception | LinkageError e) {
                            output.fault("reporting a deadlock", e);
                        }
                    }
                }
            }
        }

        private void deadlock() throws Exception {
            BlockedCall[] snapshot;
            synchronized (this) {
                snapshot = states.clone();
            }
            Finding f = WaitForGraph.explain(snapshot, seconds);
            checker.record(f);
            List<String> perRank = collect();
            if (session != null && session.dir() != null) {
                CheckOutputs.Merged merged = CheckOutputs.merge(perRank);
                CheckOutputs.writeAll(session.dir(), merged, size);
                output.say("findings written to " + session.dir().resolve("check.txt")
                        + (abort ? "; ending the job (check.on-deadlock=abort)" : ""));
            }
            if (!abort) {
                return;
            }
            broadcast("abort");
            if (session != null) {
                session.aborting();
            }
            try {
                Qmpi.pmpi(checker.toolId(), MpiFunction.MPI_ABORT, checker.world(), EXIT_STATUS);
            } catch (Exception | LinkageError e) {
                // the halt below ends this JVM
            }
            sleep(2000);
            Runtime.getRuntime().halt(EXIT_STATUS);
        }

        /** Asks every rank for its findings; waits a few seconds for them. */
        private List<String> collect() {
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

        private void broadcast(String command) {
            OutputStream[] targets;
            synchronized (this) {
                targets = outs.clone();
            }
            for (OutputStream o : targets) {
                if (o != null) {
                    try {
                        send(o, command);
                    } catch (IOException gone) {
                        // that rank's connection ended
                    }
                }
            }
        }
    }
}
