package org.qmpi4j.agent.internal.telemetry;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;

/**
 * The agent's own measurements of one MPI process, fed from the call path and read through MPI_T.
 *
 * <p>Nothing is measured for nobody: each performance variable's cell, when a handle reading it
 * starts, raises the demand for the functions it needs (its own function, all sends, the request
 * life cycle, or everything); when a function's demand goes from 0 to 1 or back the process
 * relinks its call sites, so an unwatched function's sites call the binding directly. The heavier
 * bookkeeping (peer translation, request tracking, state) also runs only while its family of
 * variables is active.
 */
public final class CallMonitor {
    private final AtomicIntegerArray demand = new AtomicIntegerArray(MpiFunction.values().length);
    private final AtomicInteger peersActive = new AtomicInteger();
    private final AtomicInteger requestsActive = new AtomicInteger();
    private final AtomicInteger activityActive = new AtomicInteger();
    private final AtomicInteger messageSizeActive = new AtomicInteger();
    private final AtomicInteger eventsActive = new AtomicInteger();
    private volatile AgentEvents events;
    /** {@code null} until attached to a process (nothing to relink before). */
    private volatile Runnable relinker;

    final FunctionStats stats = new FunctionStats();
    final ProcessActivity activity = new ProcessActivity();
    final CommunicatorRanks ranks = new CommunicatorRanks();
    final PeerTraffic peers = new PeerTraffic(ranks);
    final RequestTracker requests = new RequestTracker();
    final org.qmpi4j.api.mpit.PvarSources.Level messageSize = org.qmpi4j.api.mpit.PvarSources.level();

    /**
     * Connects the monitor to its process: how to reach the binding, and what to run when the set
     * of watched functions changes (relink the call sites).
     */
    public void attach(MonitoredBinding binding, Runnable relinkSites) {
        ranks.attach(binding);
        this.relinker = relinkSites;
    }

    /** Whether calls of {@code f} must pass through the monitor now. */
    public boolean observes(MpiFunction f) {
        return demand.get(f.ordinal()) > 0;
    }

    /** Before the call; returns the start time to give to {@link #exit}. */
    public long enter(MpiCall call) {
        long entry = call.entryNanos(); // the call's own instant when the agent took one
        long now = entry != MpiCall.NO_TIME ? entry : System.nanoTime();
        MpiFunction f = call.function();
        if (activityActive.get() > 0) {
            activity.enter(f, now);
        }
        if (messageSizeActive.get() > 0 && f.sendsMessage()) {
            messageSize.set(Math.max(0, call.bytes()));
        }
        AgentEvents e = events;
        if (eventsActive.get() > 0 && e != null) {
            e.enter(call);
        }
        return now;
    }

    /** After the call, whether it returned or threw. */
    public void exit(MpiCall call, long startNanos) {
        long exit = call.exitNanos();
        long now = exit != MpiCall.NO_TIME ? exit : System.nanoTime();
        MpiFunction f = call.function();
        long bytes = call.bytes();
        stats.record(f, now - startNanos, bytes);
        if (activityActive.get() > 0) {
            activity.exit(now);
        }
        if (f.sendsMessage()) {
            if (peersActive.get() > 0) {
                peers.record(call.communicator(), call.peer(), bytes);
            }
            if (messageSizeActive.get() > 0) {
                messageSize.set(0);
            }
        }
        if (requestsActive.get() > 0) {
            if (FunctionSets.NONBLOCKING_STARTS.contains(f)) {
                Object request = call.request() != null ? call.request() : call.result();
                requests.started(request, FunctionSets.RECEIVE_POSTS.contains(f), call.communicator());
            } else if (FunctionSets.COMPLETIONS.contains(f)) {
                boolean waited = f.name().startsWith("MPI_WAIT") || f == MpiFunction.MPI_REQUEST_FREE;
                requests.maybeCompleted(call.request(), bindingOrNull(), waited);
            }
        }
        AgentEvents e = events;
        if (eventsActive.get() > 0 && e != null) {
            e.exit(call);
        }
    }

    /** The agent's events, once registered with the process's MPI_T. */
    void events(AgentEvents e) {
        this.events = e;
    }

    /** MPI_Pcontrol changed the level the tools see. */
    public void pcontrolChanged(int previous, int level) {
        AgentEvents e = events;
        if (e != null) {
            e.pcontrolChanged(previous, level);
        }
    }

    /** A tool's handler or initialiser failed ({@code where}: what it was doing). */
    public void toolFault(String tool, String where) {
        AgentEvents e = events;
        if (e != null) {
            e.toolFault(tool, where);
        }
    }

    private MonitoredBinding bindingOrNull() {
        try {
            return ranks.binding();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Families of bookkeeping a variable can switch on. */
    enum Family {
        NONE,
        PEERS,
        REQUESTS,
        ACTIVITY,
        MESSAGE_SIZE,
        EVENTS
    }

    /** Raises (delta 1) or lowers (-1) the demand for {@code functions} and the family's activity. */
    void demand(Set<MpiFunction> functions, Family family, int delta) {
        AtomicInteger counter = counter(family);
        if (counter != null) {
            counter.addAndGet(delta);
        }
        boolean changed = false;
        for (MpiFunction f : functions) {
            int after = demand.addAndGet(f.ordinal(), delta);
            if (after == 0 || (delta > 0 && after == delta)) {
                changed = true;
            }
        }
        Runnable r = relinker;
        if (changed && r != null) {
            r.run();
        }
    }

    private AtomicInteger counter(Family family) {
        switch (family) {
            case PEERS:
                return peersActive;
            case REQUESTS:
                return requestsActive;
            case ACTIVITY:
                return activityActive;
            case MESSAGE_SIZE:
                return messageSizeActive;
            case EVENTS:
                return eventsActive;
            default:
                return null;
        }
    }
}
