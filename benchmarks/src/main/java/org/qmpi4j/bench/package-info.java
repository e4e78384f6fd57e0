/**
 * What the benchmarks share: where the jars are ({@link org.qmpi4j.bench.BenchEnvironment}), the
 * variants measured side by side ({@link org.qmpi4j.bench.Variants}, one line each), whether a
 * variant's tools exist ({@link org.qmpi4j.bench.ToolAvailability}), child JVMs, statistics and
 * Markdown tables. Sub-packages: {@code jmh} (call path), {@code jobs} (real Open MPI jobs),
 * {@code startup} (agent start-up), {@code heap} (heap growth under a tool list), {@code tools}
 * (the pass-through tool).
 */
package org.qmpi4j.bench;
