package org.qmpi4j.samples.openmpi.styles;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.qmpi4j.samples.SampleReport;

/**
 * An application still receiving with {@code ANY_SOURCE} and {@code ANY_TAG} on
 * {@code COMM_WORLD} while the other ranks are already in {@code MPI_Finalize}, where the tools
 * gather their results: every rank but 0 sends {@code messages} numbered messages to rank 0 and
 * finalizes at once; rank 0 waits {@code delayMs} first, then takes every message with wildcard
 * receives, checks each one's tag and content against its status, and finally probes with
 * wildcards that nothing else is waiting for it. A tool that talked on {@code COMM_WORLD} would
 * show up here as a message the application never sent.
 *
 * <p>Usage: {@code BusyWildcards [messages] [delayMs]} (defaults 5 and 1500). Needs at least 2 ranks.
 */
public final class BusyWildcards {
    private static final int FIRST_TAG = 100;
    private static final int INT_BYTES = 4;

    private BusyWildcards() {}

    public static void main(String[] args) throws MPIException, InterruptedException {
        // Written out in every sample, not shared: see the samples' package-info.
        SampleReport report = new SampleReport("busy-wildcards");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long delayMs = args.length > 1 ? Long.parseLong(args[1]) : 1500;

        String failure = null;
        int[] buf = new int[2];
        if (size < 2) {
            failure = "needs at least 2 ranks, got " + size;
        } else if (rank == 0) {
            Thread.sleep(delayMs); // the others are in MPI_Finalize by now
            int[] next = new int[size];
            for (int i = 0; i < (size - 1) * messages; i++) {
                Status status = MPI.COMM_WORLD.recv(buf, 2, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                report.call("MPI_RECV");
                int source = status.getSource();
                int tag = status.getTag();
                if (failure == null
                        && (source < 1
                                || source >= size
                                || buf[0] != source
                                || buf[1] != next[source]
                                || tag != FIRST_TAG + next[source])) {
                    failure = "message " + i + ": source " + source + ", tag " + tag + ", content " + buf[0] + ","
                            + buf[1] + " is not one the application sent";
                }
                if (source >= 1 && source < size) {
                    next[source]++;
                }
            }
            Status extra = MPI.COMM_WORLD.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
            report.call("MPI_IPROBE");
            if (extra != null && failure == null) {
                failure = "a message nobody in the application sent waits: source " + extra.getSource() + ", tag "
                        + extra.getTag();
            }
        } else {
            for (int i = 0; i < messages; i++) {
                buf[0] = rank;
                buf[1] = i;
                MPI.COMM_WORLD.send(buf, 2, MPI.INT, 0, FIRST_TAG + i);
                report.call("MPI_SEND");
                report.sent(0, 2 * INT_BYTES);
            }
        }

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        String detail =
                failure != null ? failure : rank == 0 ? "every message as sent, nothing else" : messages + " sent";
        int exit = report.print(System.out, failure == null, detail);
        if (exit != 0) {
            System.exit(exit);
        }
    }
}
