package org.qmpi4j.tools.mpi;

import org.qmpi4j.api.MpiCall;

/**
 * The instants a timing handler uses: the call's own entry and exit instants, read once by the
 * agent for every tool ({@code Qmpi.requestCallTimes}), or the clock where a call has none (a call
 * a tool made with {@code invokeNext}, or a test's call).
 */
public final class CallClock {
    private CallClock() {}

    /** When the call entered the agent; read before continuing it. */
    public static long entry(MpiCall call) {
        long t = call.entryNanos();
        return t != MpiCall.NO_TIME ? t : System.nanoTime();
    }

    /** When MPI returned; read after continuing the call. */
    public static long exit(MpiCall call) {
        long t = call.exitNanos();
        return t != MpiCall.NO_TIME ? t : System.nanoTime();
    }
}
