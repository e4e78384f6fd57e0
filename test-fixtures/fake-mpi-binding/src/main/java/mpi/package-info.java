/**
 * A FAKE of Open MPI's Java bindings, a test fixture (module {@code test-fixtures/fake-mpi-binding})
 * for the JMH benchmarks, the heap-growth harness and fast tests; never the real runtime. It holds
 * the handful of classes and methods they call, with exactly Open MPI 4.1's names and descriptors,
 * so that the real agent recognises this package as the Open MPI binding (the fingerprints of
 * {@code openmpi.binding}) and rewrites the callers' call sites as it would an application's. The
 * bodies do no MPI work: they keep their arguments in fields or return constants, so that a
 * benchmark measures only what the agent adds to a call.
 *
 * <p>Never put this package next to a real {@code mpi.jar}: the benchmarks' jobs, start-up and tool
 * jars are built without it, and the integration tests never see it.
 */
package mpi;
