/**
 * What the agent costs a test suite its users did not write: MPJ Express's own mpiJava test
 * programs, fetched from Debian's source package and compiled by {@code scripts/setup-suite.sh},
 * each run as a short 2-rank job in every variant, with the outcomes compared.
 */
package org.qmpi4j.bench.suite;
