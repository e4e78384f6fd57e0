/**
 * MPJ Express programs whose ranks wait by construction (the Open MPI samples' {@code waits} in
 * the mpiJava 1.2 API).
 */
package org.qmpi4j.samples.mpj.waits;
