/**
 * Why ranks wait: wait-state patterns (late sender, late receiver, wait at barrier, wait at N x N,
 * late broadcast, early reduce), the delays that caused them (the late rank's work before its late
 * call, followed through chains of waits) and the run's critical path, computed in one pass over
 * every rank's calls on the job's common clock ({@link org.qmpi4j.report.waits.WaitAnalysis}).
 * The model ({@link org.qmpi4j.formats.waits.WaitReport}) depends on nothing but the JSON writer;
 * the profile holds it, the renderers draw it.
 */
package org.qmpi4j.report.waits;
