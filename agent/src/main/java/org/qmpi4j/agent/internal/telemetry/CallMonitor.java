package org.qmpi4j.agent.internal.telemetry;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

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
public final class CallMonitor extends CallObserver {
    /** How many started handles need each function; guarded by itself. */
    private final int[] demand = new int[MpiFunction.values().length];
    /**
     * Which functions have demand, replaced as a whole when that changes (rarely: a handle starts
     * or stops) and read on every intercepted call with one volatile load. Plain arrays rather than
     * atomic ones: those spin var-handle adapters at first use, in every JVM the agent starts in.
     */
    private volatile boolean[] observed = new boolean[MpiFunction.values().length];

    private final AtomicInteger peersActive = new AtomicInteger();
    private final AtomicInteger requestsActive = new AtomicInteger();
    private final AtomicInteger activityActive = new AtomicInteger();
    private final AtomicInteger messageSizeActive = new AtomicInteger();
    private final AtomicInteger eventsActive = new AtomicInteger();
    private volatile @Nullable AgentEvents events;
    /** {@code null} until attached to a process (nothing to relink before). */
    private volatile @Nullable Runnable relinker;

    final CommunicatorRanks ranks = new CommunicatorRanks();
    /** Made when a variable first needs them (most jobs never read MPI_T); set under {@code this}. */
    private volatile @Nullable Measurements measurements;

    /** What the monitor counts, made on first demand. */
    static final class Measurements {
        final FunctionStats stats = new FunctionStats();
        final ProcessActivity activity = new ProcessActivity();
        final PeerTraffic peers;
        final RequestTracker requests = new RequestTracker();
        final org.qmpi4j.api.mpit.PvarSources.Level messageSize = org.qmpi4j.api.mpit.PvarSources.level();

        Measurements(CommunicatorRanks ranks) {
            this.peers = new PeerTraffic(ranks);
        }
    }

    /** The measurements, made now if no variable asked for them before. */
    Measurements measured() {
        Measurements m = measurements;
        return m != null ? m : made();
    }

    private synchronized Measurements made() {
        Measurements m = measurements;
        if (m == null) {
            m = new Measurements(ranks);
            measurements = m;
        }
        return m;
    }

    /**
     * Connects the monitor to its process: how to reach the binding, and what to run when the set
     * of watched functions changes (relink the call sites).
     */
    public void attach(@Nullable MonitoredBinding binding, Runnable relinkSites) {
        ranks.attach(binding);
        this.relinker = relinkSites;
    }

    @Override
    public boolean observes(MpiFunction f) {
        return observed[f.ordinal()];
    }

    @Override
    public long enter(MpiCall call) {
        Measurements m = measured();
        long entry = call.entryNanos(); // the call's own instant when the agent took one
        long now = entry != MpiCall.NO_TIME ? entry : System.nanoTime();
        MpiFunction f = call.function();
        if (activityActive.get() > 0) {
            m.activity.enter(f, now);
        }
        if (messageSizeActive.get() > 0 && f.sendsMessage()) {
            m.messageSize.set(Math.max(0, call.bytes()));
        }
        AgentEvents e = events;
        if (eventsActive.get() > 0 && e != null) {
            e.enter(call);
        }
        return now;
    }

    @Override
    public void exit(MpiCall call, long startNanos) {
        Measurements m = measured();
        long exit = call.exitNanos();
        long now = exit != MpiCall.NO_TIME ? exit : System.nanoTime();
        MpiFunction f = call.function();
        long bytes = call.bytes();
        m.stats.record(f, now - startNanos, bytes);
        if (activityActive.get() > 0) {
            m.activity.exit(now);
        }
        if (f.sendsMessage()) {
            if (peersActive.get() > 0) {
                m.peers.record(call.communicator(), call.peer(), bytes);
            }
            if (messageSizeActive.get() > 0) {
                m.messageSize.set(0);
            }
        }
        if (requestsActive.get() > 0) {
            if (FunctionSets.NONBLOCKING_STARTS.contains(f)) {
                Object request = call.request() != null ? call.request() : call.result();
                m.requests.started(request, FunctionSets.RECEIVE_POSTS.contains(f), call.communicator());
            } else if (FunctionSets.COMPLETIONS.contains(f)) {
                boolean waited = f.name().startsWith("MPI_WAIT") || f == MpiFunction.MPI_REQUEST_FREE;
                m.requests.maybeCompleted(call.request(), bindingOrNull(), waited);
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

    @Override
    public void pcontrolChanged(int previous, int level) {
        AgentEvents e = events;
        if (e != null) {
            e.pcontrolChanged(previous, level);
        }
    }

    @Override
    public void toolFault(String tool, String where) {
        AgentEvents e = events;
        if (e != null) {
            e.toolFault(tool, where);
        }
    }

    private @Nullable MonitoredBinding bindingOrNull() {
        try {
            return ranks.probe();
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
        if (delta > 0) {
            measured(); // before any call can see the function observed
        }
        boolean changed = false;
        synchronized (demand) {
            boolean[] now = observed.clone();
            for (MpiFunction f : functions) {
                int after = demand[f.ordinal()] += delta;
                if (after == 0 || (delta > 0 && after == delta)) {
                    changed = true;
                }
                now[f.ordinal()] = after > 0;
            }
            if (changed) {
                observed = now;
            }
        }
        Runnable r = relinker;
        if (changed && r != null) {
            r.run();
        }
    }

    private @Nullable AtomicInteger counter(Family family) {
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
