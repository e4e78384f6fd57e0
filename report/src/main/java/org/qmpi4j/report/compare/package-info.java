/**
 * Several runs' profiles side by side: what changed between two runs of a program
 * ({@link ProfileComparison}, which {@code qmpi4j diff} renders), and a scaling study of runs at
 * several rank counts ({@link ScalingStudy}: speedup, efficiency and the part that stops the code
 * scaling, which {@code qmpi4j compare} renders).
 */
package org.qmpi4j.report.compare;
