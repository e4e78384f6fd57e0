package org.qmpi4j.samples.openmpi;

import mpi.MPI;
import mpi.MPIException;
import org.qmpi4j.samples.SampleReport;

/**
 * Fills the MPI library's unexpected-message queue, for the {@code unexpected-queue} tool (the MPI
 * standard's example 14.6 on Open MPI's real {@code pml_ob1_unexpected_msgq_length}). Rank 0 sends
 * {@code count} (default 6) small messages, tags 1 to {@code count}, to rank 1 before both enter a
 * barrier; small messages go eagerly, so when rank 1 leaves the barrier all of them wait in its
 * unexpected queue. Rank 1 then receives them in tag order: before its k-th receive
 * ({@code k} from 1), {@code count - k + 1} messages from rank 0 wait. Every message carries its tag
 * as payload, which rank 1 checks. Other ranks only take part in the barrier.
 *
 * <p>Usage: {@code UnexpectedMessages [count]}. Needs at least 2 ranks.
 */
public final class UnexpectedMessages {
    private static final int INT_BYTES = 4;

    private UnexpectedMessages() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("unexpected-messages");
        args = MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 6;

        String failure = null;
        if (size < 2) {
            failure = "needs at least 2 ranks, got " + size;
        } else {
            int[] buf = new int[1];
            if (rank == 0) {
                for (int tag = 1; tag <= count; tag++) {
                    buf[0] = tag;
                    MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, tag);
                    report.call("MPI_SEND");
                    report.sent(1, INT_BYTES);
                }
            }
            MPI.COMM_WORLD.barrier();
            report.call("MPI_BARRIER");
            if (rank == 1) {
                for (int tag = 1; tag <= count && failure == null; tag++) {
                    MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, tag); // SITE:unexpected-queue
                    report.call("MPI_RECV");
                    if (buf[0] != tag) {
                        failure = "received " + buf[0] + " with tag " + tag;
                    }
                }
            }
        }
        String detail = failure != null ? failure : count + " messages received after waiting unexpected";
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, failure == null, detail);
        if (status != 0) {
            System.exit(status);
        }
    }
}
