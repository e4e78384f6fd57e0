/**
 * MPJ Express programs with one defect each, for the {@code check} tool: each gives exactly its
 * finding at the lines marked {@code // CHECK:<rule> rank <r>[,<r>]} (the tests read them from
 * these sources). Two ranks each. There is no MPJ version of the Open MPI samples' nonblocking
 * collective leak nor of their intercommunicator collective mismatches: MPJ Express 0.44 has no
 * nonblocking collectives, and its intercommunicators no collectives at all. {@code GathervCounts} is
 * the {@code v} variants' mismatch: the root's counts against what a rank passes.
 */
package org.qmpi4j.samples.mpj.defects;
