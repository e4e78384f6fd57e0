/**
 * What tool authors compile against: the QMPI-style tool life cycle for MPI programs in Java.
 */
package org.qmpi4j.api;
