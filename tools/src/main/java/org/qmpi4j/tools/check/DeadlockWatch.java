package org.qmpi4j.tools.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.report.JobReport;
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
 * {@code check.deadlock-seconds}, or when some ranks have, waiting on one another in a way no other
 * rank can release ({@link DeadlockDetector}, {@link WaitConditions}); a rank computing or waiting
 * on I/O is not inside MPI and may release any rank, so a slow job is never a deadlock. Rank 0 then explains it ({@link WaitForGraph}), collects every rank's
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
    private static final int HOST_BLOCK = WatchCoordinator.HOST_BLOCK;
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
    /** The connection to rank 0's coordinator, once made; the coordinator, on rank 0 only. */
    private volatile @Nullable Socket socket;

    private volatile @Nullable WatchCoordinator coordinator;
    private volatile boolean reported;

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
    static @Nullable DeadlockWatch start(
            Checker checker, WorldComm comm, OutputSession session, Settings settings, RankOutput output)
            throws Exception {
        double seconds = Objects.requireNonNull(settings.get(CheckTool.DEADLOCK_SECONDS), "a setting with a default");
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
        boolean gathered = true;
        try {
            comm.gather(host, HOST_BLOCK, hosts, 0);
        } catch (Exception e) {
            // Every rank still joins the broadcast below, so that none waits in it for ever: rank 0
            // then sends no address, and no rank watches.
            gathered = false;
            output.say("the deadlock watch's first exchange failed (" + e + "); deadlocks are not detected");
        }
        byte[] where = new byte[ADDRESS_BUFFER];
        if (hosts != null && gathered) { // rank 0
            try {
                WatchCoordinator c = new WatchCoordinator(
                        hosts, comm.size(), new DeadlockDetector(comm.size(), seconds, w.intervalMillis));
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
        WatchCoordinator c = w.coordinator;
        if (c != null) {
            c.startAccepting();
            Thread detect = new Thread(w.new Detect(c), "qmpi4j-check-detect");
            detect.setDaemon(true);
            detect.start();
        }
        return w;
    }

    /** At MPI_Finalize, after the findings were gathered: the watch ends and its sockets close. */
    void stop() {
        stopped = true;
        WatchIo.close(socket);
        WatchCoordinator c = coordinator;
        if (c != null) {
            c.stop();
        }
    }

    /** This rank's state now, read from the activity without calling MPI. */
    private BlockedCall state(int rank) {
        return CallState.of(rank, checker.activity(), checker.communicators(), checker.requests(), checker.messages());
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

        private @Nullable Socket connect() throws IOException {
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

    /** Rank 0's detecting thread: asks the detector each interval; on a deadlock, reports it and acts. */
    private final class Detect implements Runnable {
        private final WatchCoordinator coordinator;
        private final DeadlockDetector detector;

        Detect(WatchCoordinator coordinator) {
            this.coordinator = coordinator;
            this.detector = coordinator.detector();
        }

        @Override
        public void run() {
            while (!stopped && !reported) {
                sleep(intervalMillis);
                BlockedCall[] found = stopped ? null : detector.deadlocked(System.nanoTime());
                if (found != null) {
                    reported = true;
                    try {
                        deadlock(coordinator, found);
                    } catch (Exception | LinkageError e) {
                        output.fault("reporting a deadlock", e);
                    }
                }
            }
        }
    }

    private void deadlock(WatchCoordinator c, BlockedCall[] snapshot) throws Exception {
        Finding f = WaitForGraph.explain(snapshot, seconds, DeadlockDetector.every(snapshot));
        checker.record(f);
        for (Finding race : RacedDeadlock.explain(snapshot, c.detector().latest())) {
            checker.record(race);
        }
        List<String> perRank = c.collect();
        if (session != null && session.dir() != null) {
            JobReport.mergeChecks(perRank).write(session.dir(), size);
            output.say("findings written to " + session.dir().resolve("check.txt")
                    + (abort ? "; ending the job (check.on-deadlock=abort)" : ""));
        }
        if (!abort) {
            return;
        }
        c.broadcast("abort");
        if (session != null) {
            session.aborting(EXIT_STATUS, "qmpi4j check: a deadlock (check.on-deadlock=abort)");
        }
        try {
            Qmpi.pmpi(checker.toolId(), MpiFunction.MPI_ABORT, checker.world(), EXIT_STATUS);
        } catch (Exception | LinkageError e) {
            // the halt below ends this JVM
        }
        sleep(2000);
        Runtime.getRuntime().halt(EXIT_STATUS);
    }

    private static void send(OutputStream out, String line) throws IOException {
        WatchIo.send(out, line);
    }

    private static void sleep(long millis) {
        WatchIo.sleep(millis);
    }
}
