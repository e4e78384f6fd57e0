/**
 * The results folder's layout and how files get into it: the names of every file a rank or a
 * report writes ({@link org.qmpi4j.formats.files.ResultFiles}), writing without a reader ever
 * seeing half a file ({@link org.qmpi4j.formats.files.AtomicFiles}), the process id a rank names
 * itself by, and the error a damaged file raises. Which report outputs are made from them is the
 * report's ({@code org.qmpi4j.report.files}).
 */
package org.qmpi4j.formats.files;
