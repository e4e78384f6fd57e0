package org.qmpi4j.samples.openmpi.defects;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * Not a defect: persistent requests and nonblocking collectives used as they should be, for
 * {@code check} to report nothing. Each rank sends {@link #ROUNDS} values around the ring through
 * a persistent send and receive ({@code sendInit}, {@code recvInit}, {@code startAll},
 * {@code waitAll}, then {@code free}), then each round a nonblocking barrier and a nonblocking
 * allreduce of the round's value (waited for), and frees nothing twice.
 */
public final class CleanRequests {
    /** Values sent around the ring, and rounds of nonblocking collectives. */
    public static final int ROUNDS = 4;

    private static final int TAG = 3;

    private CleanRequests() {}

    public static void main(String[] args) throws MPIException {
        SampleReport report = new SampleReport("clean-requests");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        boolean ok = true;

        IntBuffer out = MPI.newIntBuffer(1);
        IntBuffer in = MPI.newIntBuffer(1);
        Prequest send = MPI.COMM_WORLD.sendInit(out, 1, MPI.INT, right, TAG);
        report.call("MPI_SEND_INIT");
        Prequest receive = MPI.COMM_WORLD.recvInit(in, 1, MPI.INT, left, TAG);
        report.call("MPI_RECV_INIT");
        Prequest[] both = {send, receive};
        for (int i = 0; i < ROUNDS; i++) {
            out.put(0, 100 * rank + i);
            Prequest.startAll(both);
            report.call("MPI_STARTALL");
            report.sent(right, 4);
            Request.waitAll(both);
            report.call("MPI_WAITALL");
            ok &= in.get(0) == 100 * left + i;
        }
        send.free();
        report.call("MPI_REQUEST_FREE");
        receive.free();
        report.call("MPI_REQUEST_FREE");

        IntBuffer value = MPI.newIntBuffer(1);
        for (int i = 0; i < ROUNDS; i++) {
            Request barrier = MPI.COMM_WORLD.iBarrier();
            report.call("MPI_IBARRIER");
            barrier.waitFor();
            report.call("MPI_WAIT");
            value.put(0, rank + i);
            Request sum = MPI.COMM_WORLD.iAllReduce(value, 1, MPI.INT, MPI.SUM);
            report.call("MPI_IALLREDUCE");
            sum.waitFor();
            report.call("MPI_WAIT");
            ok &= value.get(0) == size * (size - 1) / 2 + size * i;
        }
        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(
                System.out,
                ok,
                ok ? "ring through persistent requests and nonblocking collectives as expected" : "a value was wrong");
        if (status != 0) {
            System.exit(status);
        }
    }
}
