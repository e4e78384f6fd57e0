package org.qmpi4j.samples.openmpi.features;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.qmpi4j.samples.SampleReport;

/**
 * Rank 0 polls its receive with {@code getStatus()} ({@code MPI_Request_get_status}) until the
 * message has arrived and then frees the request: correct, since the receive is no longer active
 * once a status says it completed. Rank 1 sends the message.
 */
public final class GetStatusLoop {
    private static final int TAG = 6;

    private GetStatusLoop() {}

    public static void main(String[] args) throws MPIException {
        SampleReport report = new SampleReport("get-status-loop");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        IntBuffer buf = MPI.newIntBuffer(1);
        boolean ok = true;
        if (rank == 0) {
            Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 1, TAG);
            report.call("MPI_IRECV");
            Status s;
            do {
                s = r.getStatus();
                report.call("MPI_REQUEST_GET_STATUS");
            } while (s == null);
            r.free();
            report.call("MPI_REQUEST_FREE");
            ok = buf.get(0) == 42;
        } else if (rank == 1) {
            buf.put(0, 42);
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, 0, TAG);
            report.call("MPI_SEND");
            report.sent(0, 4);
        }
        MPI.COMM_WORLD.barrier();
        report.call("MPI_BARRIER");
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, ok, rank == 0 ? "received " + buf.get(0) : "sent");
    }
}
