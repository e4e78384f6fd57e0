/**
 * Heap growth under a tool list: {@link org.qmpi4j.bench.heap.HeapGrowth} makes millions of MPI
 * calls from a few call sites against the fake binding and samples the heap after full
 * collections; {@link org.qmpi4j.bench.heap.HeapGrowthRunner} runs it per variant.
 */
package org.qmpi4j.bench.heap;
