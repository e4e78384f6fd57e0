package org.qmpi4j.samples.openmpi.features;

import java.lang.reflect.Field;
import java.nio.IntBuffer;
import mpi.CartComm;
import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.qmpi4j.samples.SampleReport;

/**
 * The forms in which Java code calls the binding, each of which the agent must intercept: through
 * an {@code Intracomm}-typed receiver, a {@code Comm}-typed variable, a {@code CartComm}, a static
 * method, inside a lambda, a bound and an unbound method reference, and inside (and on) a user
 * subclass of {@code Intracomm}.
 *
 * <p>Each form's call is on its own line, marked with a {@code SITE:<form>} comment, and each form
 * runs a different number of times, so that a tool's per-call-site counts tell the forms apart.
 * Tests find the lines by the markers: keep one marker per line, on the line of the call.
 */
public final class CallForms {
    private static final int TAG = 11;

    /** A custom functional interface whose method may throw MPI's checked exception. */
    interface MpiAction {
        void run() throws MPIException;
    }

    /** A custom functional interface for an unbound method reference on {@code Comm}. */
    interface RankOf {
        int of(Comm c) throws MPIException;
    }

    /**
     * A user subclass of {@code Intracomm} sharing COMM_WORLD's handle (copied reflectively: the
     * binding's constructors are protected and take the native handle). Never freed.
     */
    static final class WorldView extends Intracomm {
        WorldView(long handle) {
            super(handle);
        }

        static WorldView of(Intracomm comm) throws ReflectiveOperationException {
            Field f = Comm.class.getDeclaredField("handle");
            f.setAccessible(true);
            return new WorldView(f.getLong(comm));
        }

        void barriers(int n, SampleReport report) throws MPIException {
            for (int i = 0; i < n; i++) {
                barrier(); // SITE:subclass
                report.call("MPI_BARRIER");
            }
        }
    }

    private CallForms() {}

    public static void main(String[] args) throws Exception {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("call-forms");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);
        int size = MPI.COMM_WORLD.getSize();
        report.call("MPI_COMM_SIZE");
        String failure = null;

        // 1x through an Intracomm-typed receiver.
        Intracomm world = MPI.COMM_WORLD;
        world.barrier(); // SITE:intracomm
        report.call("MPI_BARRIER");

        // 2x through a Comm-typed variable.
        Comm comm = MPI.COMM_WORLD;
        for (int i = 0; i < 2; i++) {
            comm.barrier(); // SITE:comm
            report.call("MPI_BARRIER");
        }

        // A Cartesian communicator: 3 barriers and 1 rank query on it.
        CartComm cart = world.createCart(new int[] {size}, new boolean[] {true}, false); // SITE:createcart
        report.call("MPI_CART_CREATE");
        for (int i = 0; i < 3; i++) {
            cart.barrier(); // SITE:cart
            report.call("MPI_BARRIER");
        }
        int cartRank = cart.getRank(); // SITE:cartrank
        report.call("MPI_COMM_RANK");
        if (cartRank != rank && failure == null) {
            failure = "cart rank " + cartRank + " != world rank " + rank;
        }
        cart.free(); // SITE:cartfree
        report.call("MPI_COMM_FREE");

        // 4x a static call: Request.waitAll on an iSend/iRecv pair around the ring.
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        IntBuffer out = MPI.newIntBuffer(1);
        IntBuffer in = MPI.newIntBuffer(1);
        for (int i = 0; i < 4; i++) {
            out.put(0, 100 * rank + i);
            Request recv = world.iRecv(in, 1, MPI.INT, prev, TAG); // SITE:irecv
            report.call("MPI_IRECV");
            Request send = world.iSend(out, 1, MPI.INT, next, TAG); // SITE:isend
            report.call("MPI_ISEND");
            report.sent(next, 4);
            Request.waitAll(new Request[] {recv, send}); // SITE:static
            report.call("MPI_WAITALL");
            if (in.get(0) != 100 * prev + i && failure == null) {
                failure = "iRecv " + i + " got " + in.get(0) + ", expected " + (100 * prev + i);
            }
        }

        // 5x inside a lambda.
        MpiAction lambda = () -> MPI.COMM_WORLD.barrier(); // SITE:lambda
        for (int i = 0; i < 5; i++) {
            lambda.run();
            report.call("MPI_BARRIER");
        }

        // 6x through a bound method reference.
        MpiAction bound = MPI.COMM_WORLD::barrier; // SITE:boundref
        for (int i = 0; i < 6; i++) {
            bound.run();
            report.call("MPI_BARRIER");
        }

        // 7x through an unbound method reference.
        RankOf unbound = Comm::getRank; // SITE:unboundref
        for (int i = 0; i < 7; i++) {
            int r = unbound.of(world);
            report.call("MPI_COMM_RANK");
            if (r != rank && failure == null) {
                failure = "unbound getRank gave " + r + ", expected " + rank;
            }
        }

        // 8x inside a user subclass (this.barrier()), 2x on a subclass-typed receiver.
        WorldView view = WorldView.of(world);
        view.barriers(8, report);
        for (int i = 0; i < 2; i++) {
            int s = view.getSize(); // SITE:subclassrecv
            report.call("MPI_COMM_SIZE");
            if (s != size && failure == null) {
                failure = "subclass getSize gave " + s + ", expected " + size;
            }
        }

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        int status = report.print(System.out, failure == null, failure == null ? "every call form verified" : failure);
        if (status != 0) {
            System.exit(status);
        }
    }
}
