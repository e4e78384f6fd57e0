/**
 * The JDK's ahead-of-time class loading and linking cache for the ranks of a {@code qmpi4j run}
 * job: which {@code java} the ranks run ({@link RankJava}), whether it has the cache, where the
 * cache for that JDK, agent and tool list is kept, and the one training run that makes it
 * ({@link AotCache}).
 */
package org.qmpi4j.cli.aot;
