/**
 * The wait-state model a profile holds ({@link org.qmpi4j.formats.waits.WaitReport}: patterns, their
 * call sites and intervals) and its JSON ({@link org.qmpi4j.formats.waits.WaitReportFormat}). The
 * analysis that computes it from traces is the report's ({@code org.qmpi4j.report.waits}).
 */
package org.qmpi4j.formats.waits;
