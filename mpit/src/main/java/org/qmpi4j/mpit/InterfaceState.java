package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.ReturnCode;

/**
 * The reference count of {@code MPI_T_INIT_THREAD}/{@code MPI_T_FINALIZE} (Section 14.3.4), and the
 * one state in which the interface cannot be initialised: the JVM is shutting down (variables
 * are being written out and sources may already be gone).
 */
final class InterfaceState {
    private int initCount;
    private boolean shuttingDown;
    private volatile boolean everInitialized;

    /** @return true if this call initialised the interface (count went from 0 to 1) */
    synchronized boolean init() {
        if (shuttingDown) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_CANNOT_INIT, "the JVM is shutting down");
        }
        if (initCount == Integer.MAX_VALUE) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_CANNOT_INIT, "initialised " + initCount + " times without finalize");
        }
        everInitialized = true;
        return initCount++ == 0;
    }

    /** @return true if this call finalised the interface (count went from 1 to 0) */
    synchronized boolean finish() {
        if (initCount == 0) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_NOT_INITIALIZED, "MPI_T_finalize called more often than MPI_T_init_thread");
        }
        return --initCount == 0;
    }

    synchronized void requireInitialized() {
        if (initCount == 0) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_NOT_INITIALIZED, "call MPI_T_init_thread (initThread) first");
        }
    }

    boolean everInitialized() {
        return everInitialized;
    }

    synchronized void beginShutdown() {
        shuttingDown = true;
    }

    synchronized int count() {
        return initCount;
    }
}
