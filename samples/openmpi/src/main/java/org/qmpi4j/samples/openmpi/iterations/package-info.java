/**
 * Programs whose iterations are made by construction: a known count, a spike in a known iteration
 * on a known rank, a warm-up of known length, nested loops, and no loop, so that finding the main
 * loop from the trace has a known answer.
 */
package org.qmpi4j.samples.openmpi.iterations;
