/**
 * What a job left in its results folder, read as data ({@code JobResults}): the tests assert on
 * the profile, the findings, the world's record and the traces, not on the lines a job printed.
 * Depends on the report module's format readers only, not on the job support in {@code support}.
 */
package org.qmpi4j.it.results;
