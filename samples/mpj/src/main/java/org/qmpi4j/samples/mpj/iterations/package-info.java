/**
 * An MPJ Express program whose iterations are made by construction (the Open MPI samples'
 * {@code iterations} in the mpiJava 1.2 API).
 */
package org.qmpi4j.samples.mpj.iterations;
