package org.qmpi4j.samples.openmpi;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * Makes blocking receives while different numbers of non-blocking receives are pending, for the
 * {@code long-queue} tool (the MPI standard's example 14.6). Each rank talks to its ring
 * neighbours ({@code prev} sends to it, it sends to {@code next}) in three phases:
 * <ol>
 *   <li>posts {@code deep} (default 8) receives from {@code prev}, then makes a blocking receive:
 *       {@code deep} receives are pending;</li>
 *   <li>after they completed, a blocking receive with none pending;</li>
 *   <li>posts {@code shallow} (default 3) receives, then a blocking receive: {@code shallow} pending.</li>
 * </ol>
 * With the tool's default threshold of 5, exactly one receive per rank is long-queued. Every
 * message carries its tag as payload, which each rank checks.
 *
 * <p>Usage: {@code QueueDepth [deep [shallow]]}. Needs at least 2 ranks.
 */
public final class QueueDepth {
    private static final int INT_BYTES = 4;

    private QueueDepth() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("queue-depth");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int deep = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int shallow = args.length > 1 ? Integer.parseInt(args[1]) : 3;

        String failure = null;
        if (size < 2) {
            failure = "needs at least 2 ranks, got " + size;
        } else {
            int next = (rank + 1) % size;
            int prev = (rank + size - 1) % size;
            int tag = 100;
            failure = phase(report, deep, next, prev, tag);
            tag += deep + 1;
            if (failure == null) {
                failure = phase(report, 0, next, prev, tag);
                tag += 1;
            }
            if (failure == null) {
                failure = phase(report, shallow, next, prev, tag);
            }
        }
        String detail = failure != null
                ? failure
                : "blocking receives with " + deep + ", 0 and " + shallow + " receives pending";
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, failure == null, detail);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Posts {@code pending} receives (tags {@code tag+1 .. tag+pending}) from {@code prev}, sends a
     * small message with {@code tag} to {@code next} and receives it from {@code prev} while they
     * are pending, then sends the matching messages and waits for the posted receives.
     */
    private static String phase(SampleReport report, int pending, int next, int prev, int tag) throws MPIException {
        IntBuffer[] posted = new IntBuffer[pending];
        Request[] requests = new Request[pending];
        for (int i = 0; i < pending; i++) {
            posted[i] = MPI.newIntBuffer(1);
            requests[i] = MPI.COMM_WORLD.iRecv(posted[i], 1, MPI.INT, prev, tag + 1 + i);
            report.call("MPI_IRECV");
        }
        // Small messages go eagerly, so every rank sending before receiving cannot deadlock.
        int[] out = {tag};
        MPI.COMM_WORLD.send(out, 1, MPI.INT, next, tag);
        report.call("MPI_SEND");
        report.sent(next, INT_BYTES);
        int[] in = new int[1];
        MPI.COMM_WORLD.recv(in, 1, MPI.INT, prev, tag); // SITE:long-queue (the receive the tool looks at)
        report.call("MPI_RECV");
        if (in[0] != tag) {
            return "received " + in[0] + " with tag " + tag;
        }
        for (int i = 0; i < pending; i++) {
            out[0] = tag + 1 + i;
            MPI.COMM_WORLD.send(out, 1, MPI.INT, next, tag + 1 + i);
            report.call("MPI_SEND");
            report.sent(next, INT_BYTES);
        }
        if (pending > 0) {
            Request.waitAll(requests);
            report.call("MPI_WAITALL");
            for (int i = 0; i < pending; i++) {
                if (posted[i].get(0) != tag + 1 + i) {
                    return "posted receive " + i + " got " + posted[i].get(0);
                }
            }
        }
        return null;
    }
}
