package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.qmpi4j.samples.SampleReport;

/**
 * Rank 0 receives one message from every other rank with {@code MPI.ANY_SOURCE} and prints the
 * order in which they matched, which MPI leaves open:
 * <pre>
 * QMPI4J-ORDER rank=0 sources=2,1,3
 * </pre>
 * Each message carries its sender's rank, which rank 0 checks against the status. The
 * {@code replay} sample tool records this order in one run and imposes it in another.
 */
public final class WildcardOrder {
    private static final int TAG = 4;
    private static final int INT_BYTES = 4;

    private WildcardOrder() {}

    public static void main(String[] args) throws MPIException {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("wildcard-order");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        boolean ok = true;
        StringBuilder order = new StringBuilder();
        if (rank == 0) {
            int[] in = new int[1];
            for (int k = 1; k < size; k++) {
                Status status = MPI.COMM_WORLD.recv(in, 1, MPI.INT, MPI.ANY_SOURCE, TAG);
                report.call("MPI_RECV");
                ok &= status.getSource() == in[0];
                order.append(k > 1 ? "," : "").append(status.getSource());
            }
            System.out.println("QMPI4J-ORDER rank=0 sources=" + order);
            System.out.flush();
        } else {
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, 0, TAG);
            report.call("MPI_SEND");
            report.sent(0, INT_BYTES);
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, ok, rank == 0 ? "matched " + order : "sent my rank");
        if (status != 0) {
            System.exit(status);
        }
    }
}
