package org.qmpi4j.tools.tracer;

import org.qmpi4j.tools.mpi.WorldComm;

/**
 * Measures each rank's clock against rank 0's by round trips through the name-shifted entry (no
 * tool sees them): rank r stamps t1, sends to rank 0, which answers with its clock t0; r stamps
 * t2 on arrival. Rank 0 read t0 at some moment between t1 and t2 of r's clock, so r's clock at
 * that moment is t1 + (t2 - t1) / 2 &plusmn; (t2 - t1) / 2: the offset is {@code t0 - (t1 + t2) / 2}
 * within half the round trip. Of several round trips the shortest gives the tightest bound
 * (queueing only ever lengthens a round trip), as in the offset measurement of established HPC
 * tracers. Rank 0 serves the ranks one after the other; a rank's first round trip also waits for
 * its turn and is simply not the shortest.
 *
 * <p>Collective: every rank of {@code COMM_WORLD} calls {@link #measure} at the same point.
 */
final class ClockSync {
    /** Round trips per rank; the shortest is kept. */
    static final int ROUND_TRIPS = 16;
    /**
     * The tag of the tracer's own messages, within the 32767 every MPI allows. They travel through
     * the name-shifted entry on the tools' own communicator ({@link WorldComm}), at {@code MPI_Init}
     * and at {@code MPI_Finalize}, where no receive of the application can take them.
     */
    static final int TAG = 32_761;

    /** One measurement: at local time {@code local}, rank 0's clock read {@code local + offset}, ± {@code error}. */
    static final class Measurement {
        final long local;
        final long offset;
        final long error;

        Measurement(long local, long offset, long error) {
            this.local = local;
            this.offset = offset;
            this.error = error;
        }
    }

    private ClockSync() {}

    static Measurement measure(WorldComm comm, TracerClock clock) throws Exception {
        long[] buf = new long[1];
        if (comm.rank() == 0) {
            for (int r = 1; r < comm.size(); r++) {
                for (int k = 0; k < ROUND_TRIPS; k++) {
                    comm.recv(buf, r, TAG);
                    buf[0] = clock.now();
                    comm.send(buf, r, TAG);
                }
            }
            return new Measurement(clock.now(), 0, 0);
        }
        long bestRtt = Long.MAX_VALUE;
        long bestLocal = 0;
        long bestOffset = 0;
        for (int k = 0; k < ROUND_TRIPS; k++) {
            long t1 = clock.now();
            buf[0] = t1;
            comm.send(buf, 0, TAG);
            comm.recv(buf, 0, TAG);
            long t2 = clock.now();
            long rtt = t2 - t1;
            if (rtt < bestRtt) {
                bestRtt = rtt;
                bestLocal = t1 + rtt / 2;
                bestOffset = buf[0] - bestLocal;
            }
        }
        // +1: the midpoint was rounded down; the clocks' own resolution is below that.
        return new Measurement(bestLocal, bestOffset, (bestRtt + 1) / 2 + 1);
    }
}
