/**
 * Several runs' profiles side by side ({@link ProfileComparison}): what changed between two runs
 * of a program, or along a scaling study. {@code qmpi4j diff} renders it as text and as a page.
 */
package org.qmpi4j.report.compare;
