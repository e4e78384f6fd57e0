package org.qmpi4j.samples.openmpi.features;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import mpi.Comm;
import mpi.MPI;
import org.qmpi4j.samples.SampleReport;

/**
 * Calls {@code barrier} three ways: through {@link Method#invoke}, through a {@link MethodHandle}
 * and directly. The agent rewrites call instructions in application classes, so it sees only the
 * direct call: calls made reflectively or through method handles reach the binding without tools
 * (a documented limit). The sample counts all three.
 */
public final class Reflective {
    private Reflective() {}

    public static void main(String[] args) throws Throwable {
        // Written out in every sample, not shared: see package-info.
        SampleReport report = new SampleReport("reflective");
        MPI.Init(args);
        report.call("MPI_INIT");
        int rank = MPI.COMM_WORLD.getRank();
        report.call("MPI_COMM_RANK");
        report.rank(rank);

        Method barrier = Comm.class.getMethod("barrier");
        barrier.invoke(MPI.COMM_WORLD); // SITE:reflect
        report.call("MPI_BARRIER");

        MethodHandle handle =
                MethodHandles.lookup().findVirtual(Comm.class, "barrier", MethodType.methodType(void.class));
        handle.invoke(MPI.COMM_WORLD); // SITE:methodhandle
        report.call("MPI_BARRIER");

        MPI.COMM_WORLD.barrier(); // SITE:direct
        report.call("MPI_BARRIER");

        report.call("MPI_FINALIZE");
        MPI.Finalize();
        report.print(System.out, true, "3 barriers: reflective, method handle, direct");
    }
}
