/**
 * Findings of the {@code check} tool as data ({@link org.qmpi4j.formats.check.Finding}, where they
 * happened: {@link org.qmpi4j.formats.check.FindingSite}) and their JSON, the same for a rank's
 * file and for the job's ({@link org.qmpi4j.formats.check.CheckFormat}). Merging and rendering
 * findings is the report's ({@code org.qmpi4j.report.check}).
 */
package org.qmpi4j.formats.check;
