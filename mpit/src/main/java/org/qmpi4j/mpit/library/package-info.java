/**
 * The MPI library's own MPI_T, called through its C interface with JNA:
 * {@link org.qmpi4j.mpit.library.LibmpiLocator} finds the {@code libmpi} the binding loaded,
 * {@link org.qmpi4j.mpit.library.MpitLibrary} initialises the library's interface once and reads
 * its variables, categories, enumerations and events with their indices, names and codes
 * unchanged; {@code NativeDatatypes} and {@code NativeValues} convert the C values, and
 * {@code JvmSignalHandlers} puts the JVM's signal handlers back after a
 * call that may replace them. Nothing here knows the registry; {@code org.qmpi4j.mpit} shows
 * these variables beside the others.
 */
package org.qmpi4j.mpit.library;
