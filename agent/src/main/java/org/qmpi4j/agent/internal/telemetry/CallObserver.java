package org.qmpi4j.agent.internal.telemetry;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;

/**
 * The one way from the chain into the agent's measurements ({@link CallMonitor}: MPI_T variables,
 * events, request tracking). The chain asks whether a function is observed, hands the call in
 * before and after MPI, and reports Pcontrol changes and tool faults; nothing here calls back into
 * the chain or the linker.
 *
 * <p>An abstract class rather than an interface: the chain asks {@link #observes} on every
 * intercepted call, and with one subclass loaded the JIT binds a class's method statically, where
 * an interface call keeps a type check.
 */
public abstract class CallObserver {
    /** Whether calls of {@code f} must pass through {@link #enter} and {@link #exit} now. */
    public abstract boolean observes(MpiFunction f);

    /** Before the call; returns the start time to give to {@link #exit}. */
    public abstract long enter(MpiCall call);

    /** After the call, whether it returned or threw. */
    public abstract void exit(MpiCall call, long startNanos);

    /** {@code MPI_Pcontrol} changed the level the tools see. */
    public abstract void pcontrolChanged(int previous, int level);

    /** A tool's handler or initialiser failed ({@code where}: what it was doing). */
    public abstract void toolFault(String tool, String where);
}
