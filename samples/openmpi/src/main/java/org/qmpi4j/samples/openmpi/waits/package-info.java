/**
 * Programs whose ranks wait by construction: each sleeps known times before communicating, so the
 * wait-state analysis has a known answer (pattern, rank, call site, late partner, amount).
 */
package org.qmpi4j.samples.openmpi.waits;
