/**
 * MPJ Express programs with one defect each, for the {@code check} tool: each gives exactly its
 * finding at the lines marked {@code // CHECK:<rule> rank <r>[,<r>]} (the tests read them from
 * these sources). Two ranks each.
 */
package org.qmpi4j.samples.mpj.defects;
