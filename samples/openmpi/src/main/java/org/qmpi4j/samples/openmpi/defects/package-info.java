/**
 * Programs with one defect each, for the {@code check} tool: each gives exactly its finding, at
 * the lines marked {@code // CHECK:<rule> rank <r>[,<r>]} (the tests read the ranks and lines from these sources), and
 * {@link org.qmpi4j.samples.openmpi.defects.SlowRank} and
 * {@link org.qmpi4j.samples.openmpi.defects.CleanRequests} none. Two ranks each, except
 * {@link org.qmpi4j.samples.openmpi.defects.PartialDeadlock} (three or more) and
 * {@link org.qmpi4j.samples.openmpi.defects.InterRootMismatch} (four).
 */
package org.qmpi4j.samples.openmpi.defects;
