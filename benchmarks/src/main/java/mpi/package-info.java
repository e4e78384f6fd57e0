/**
 * A FAKE of Open MPI's Java bindings, for the JMH benchmarks and the heap-growth harness of this
 * module only: the handful of classes and methods they call, with exactly Open MPI 4.1's names and
 * descriptors, so that the real agent recognises this package as the Open MPI binding (the
 * fingerprints of {@code openmpi.binding}) and rewrites the benchmarks' call sites as it would an
 * application's. The bodies do no MPI work: they keep their arguments in fields or return
 * constants, so that a benchmark measures only what the agent adds to a call.
 *
 * <p>Never put this package next to a real {@code mpi.jar}: the jobs, start-up and tool jars of
 * this module are built without it, and the integration tests never see it.
 */
package mpi;
