/**
 * MPJ Express programs that exercise one behaviour of the agent and its tools each, as the Open
 * MPI samples' {@code features} package does for Open MPI.
 */
package org.qmpi4j.samples.mpj.features;
