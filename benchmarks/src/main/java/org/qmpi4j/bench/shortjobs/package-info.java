/**
 * What the agent and its tools cost jobs that are over in a second: test suites and parameter
 * sweeps are made of them, and there start-up and shut-down are nearly all of the time.
 */
package org.qmpi4j.bench.shortjobs;
