/**
 * The worlds of a job that share one results folder: each world's record
 * ({@link org.qmpi4j.formats.worlds.WorldRecord}, {@code world.json}) and the job's index of them
 * ({@link org.qmpi4j.formats.worlds.WorldIndex}, {@code worlds.json} and {@code worlds.txt}).
 */
package org.qmpi4j.formats.worlds;
