package org.qmpi4j.agent.internal.telemetry;

import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.SourceOrder;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * The events the agent raises (MPI 4.1 Section 15.3.8), from the monitor's place on the call path,
 * all from one ordered source {@code qmpi4j_calls} and all at {@link CallbackSafety#THREAD_SAFE}:
 * callbacks run on the application thread that made the MPI call, possibly while the call is in
 * progress (so they must not call MPI), possibly on several threads under
 * {@code MPI_THREAD_MULTIPLE} (one at a time per source, in timestamp order).
 *
 * <p>Nothing is paid for an event nobody registered for: each type's first registration raises the
 * monitor's demand for the functions it needs (its call sites are relinked through the agent), the
 * last one's free withdraws it; in between, an event type without registrations costs one
 * volatile read on the watched functions.
 */
final class AgentEvents {
    static final int FUNCTION_LENGTH = 32;
    static final int CALL_SITE_LENGTH = 256;
    static final int TOOL_LENGTH = 128;
    static final int WHERE_LENGTH = 96;

    /** Blocking calls whose return completes a receive. */
    static final Set<MpiFunction> BLOCKING_RECEIVES = Collections.unmodifiableSet(EnumSet.of(
            MpiFunction.MPI_RECV, MpiFunction.MPI_MRECV, MpiFunction.MPI_SENDRECV, MpiFunction.MPI_SENDRECV_REPLACE));

    final EventType sendStarted;
    final EventType receiveCompleted;
    final EventType requestCompleted;
    final EventType collectiveEntered;
    final EventType collectiveLeft;
    final EventType pcontrolChanged;
    final EventType toolFault;

    private final CallMonitor monitor;
    private final Map<Object, Integer> communicatorNumbers = Collections.synchronizedMap(new WeakHashMap<>());
    private final AtomicInteger nextCommunicator = new AtomicInteger();
    /** Non-blocking operations started while their completion is watched. */
    private final Map<Object, Started> started = Collections.synchronizedMap(new IdentityHashMap<>());

    /** What is known of a non-blocking operation when it starts. */
    private static final class Started {
        final MpiFunction function;
        final long startNanos;
        final @Nullable Object[] receive; // the receive event's values, or null for other operations

        Started(MpiFunction function, long startNanos, @Nullable Object[] receive) {
            this.function = function;
            this.startNanos = startNanos;
            this.receive = receive;
        }
    }

    private AgentEvents(MpitRegistry r, CallMonitor monitor, int p2p, int coll, int requests, int process, int agent) {
        this.monitor = monitor;
        int source = r.registerSource(
                "qmpi4j_calls", "MPI calls as the agent sees them: System.nanoTime ticks", SourceOrder.ORDERED);
        Set<MpiFunction> receives = EnumSet.copyOf(BLOCKING_RECEIVES);
        receives.addAll(FunctionSets.requestLifecycle());
        sendStarted = message(
                r,
                source,
                p2p,
                "qmpi4j_send_started",
                "A point-to-point send starts (one per message)",
                FunctionSets.SENDS);
        receiveCompleted = message(
                r,
                source,
                p2p,
                "qmpi4j_receive_completed",
                "A receive completed: a blocking receive returned, or a non-blocking one's request completed"
                        + " (peer -1 for MPI_ANY_SOURCE and send-receives; bytes: what the buffer could take)",
                receives);
        requestCompleted = add(
                r,
                requests,
                EventDefinition.builder("qmpi4j_request_completed")
                        .description("A non-blocking operation's request completed (found null after a wait, test"
                                + " or free); only requests started while the event is watched")
                        .source(source)
                        .element("function", MpitDatatype.CHAR, FUNCTION_LENGTH)
                        .element("completed_by", MpitDatatype.CHAR, FUNCTION_LENGTH)
                        .element("outstanding_ns", MpitDatatype.COUNT),
                FunctionSets.requestLifecycle());
        Set<MpiFunction> collectives = EnumSet.noneOf(MpiFunction.class);
        for (MpiFunction f : MpiFunction.values()) {
            if (f.kind() == MpiFunction.Kind.COLLECTIVE) {
                collectives.add(f);
            }
        }
        collectiveEntered =
                collective(r, source, coll, "qmpi4j_collective_entered", "A collective is entered", collectives);
        collectiveLeft = collective(r, source, coll, "qmpi4j_collective_left", "A collective returned", collectives);
        pcontrolChanged = add(
                r,
                process,
                EventDefinition.builder("qmpi4j_pcontrol_changed")
                        .description("MPI_Pcontrol changed the profiling level the tools see")
                        .source(source)
                        .element("level", MpitDatatype.INT)
                        .element("previous", MpitDatatype.INT),
                EnumSet.noneOf(MpiFunction.class));
        toolFault = add(
                r,
                agent,
                EventDefinition.builder("qmpi4j_tool_fault")
                        .description("A tool's handler or initialiser failed (the MPI call went ahead unchanged)")
                        .source(source)
                        .element("tool", MpitDatatype.CHAR, TOOL_LENGTH)
                        .element("where", MpitDatatype.CHAR, WHERE_LENGTH),
                EnumSet.noneOf(MpiFunction.class));
    }

    static AgentEvents register(
            MpitRegistry r, CallMonitor monitor, int p2p, int coll, int requests, int process, int agent) {
        return new AgentEvents(r, monitor, p2p, coll, requests, process, agent);
    }

    private EventType message(
            MpitRegistry r, int source, int category, String name, String description, Set<MpiFunction> needs) {
        return add(
                r,
                category,
                callEvent(name, description, source)
                        .element("peer_world_rank", MpitDatatype.INT)
                        .element("tag", MpitDatatype.INT)
                        .element("bytes", MpitDatatype.COUNT)
                        .element("call_site", MpitDatatype.CHAR, CALL_SITE_LENGTH),
                needs);
    }

    private EventType collective(
            MpitRegistry r, int source, int category, String name, String description, Set<MpiFunction> needs) {
        return add(r, category, callEvent(name, description, source).element("bytes", MpitDatatype.COUNT), needs);
    }

    /** An event of a call: its function and communicator first, as every such event has them. */
    private static EventDefinition.Builder callEvent(String name, String description, int source) {
        return EventDefinition.builder(name)
                .description(description)
                .source(source)
                .element("function", MpitDatatype.CHAR, FUNCTION_LENGTH)
                .element("communicator", MpitDatatype.INT);
    }

    private EventType add(MpitRegistry r, int category, EventDefinition.Builder b, Set<MpiFunction> needs) {
        Set<MpiFunction> functions = Collections.unmodifiableSet(EnumSet.copyOf(needs));
        EventType t =
                r.registerEventType(b.build(), delta -> monitor.demand(functions, CallMonitor.Family.EVENTS, delta));
        r.categoryAddEvent(category, t.index());
        return t;
    }

    // ---- from the call path (only for watched functions, and only while some event is watched) ---

    void enter(MpiCall call) {
        MpiFunction f = call.function();
        if (f.sendsMessage() && sendStarted.isWatched()) {
            sendStarted.raise(CallbackSafety.THREAD_SAFE, null, messageValues(call, call.peer()));
        }
        if (f.kind() == MpiFunction.Kind.COLLECTIVE && collectiveEntered.isWatched()) {
            collectiveEntered.raise(CallbackSafety.THREAD_SAFE, null, collectiveValues(call));
        }
    }

    void exit(MpiCall call) {
        MpiFunction f = call.function();
        if (BLOCKING_RECEIVES.contains(f) && receiveCompleted.isWatched()) {
            int peer = f == MpiFunction.MPI_RECV ? call.peer() : MpiCall.ABSENT;
            receiveCompleted.raise(CallbackSafety.THREAD_SAFE, null, messageValues(call, peer));
        }
        if (f.kind() == MpiFunction.Kind.COLLECTIVE && collectiveLeft.isWatched()) {
            collectiveLeft.raise(CallbackSafety.THREAD_SAFE, null, collectiveValues(call));
        }
        boolean requestsWatched = requestCompleted.isWatched() || receiveCompleted.isWatched();
        if (!requestsWatched) {
            return;
        }
        if (FunctionSets.NONBLOCKING_STARTS.contains(f)) {
            Object request = call.request() != null ? call.request() : call.result();
            if (request != null) {
                Object[] receive = FunctionSets.RECEIVE_POSTS.contains(f) ? messageValues(call, call.peer()) : null;
                started.put(request, new Started(f, System.nanoTime(), receive));
            }
        } else if (FunctionSets.COMPLETIONS.contains(f)) {
            boolean waited = f.name().startsWith("MPI_WAIT") || f == MpiFunction.MPI_REQUEST_FREE;
            completed(call.request(), f, waited);
        }
    }

    private void completed(@Nullable Object requests, MpiFunction by, boolean waited) {
        if (requests instanceof Object[]) {
            for (Object one : (Object[]) requests) {
                completed(one, by, waited);
            }
            return;
        }
        if (requests == null || !started.containsKey(requests)) {
            return;
        }
        MonitoredBinding binding;
        try {
            binding = monitor.ranks.probe();
        } catch (IllegalArgumentException e) {
            binding = null;
        }
        Boolean isNull = binding == null ? null : binding.requestIsNull(requests);
        if (!(isNull == null ? waited : isNull)) {
            return;
        }
        Started s = started.remove(requests);
        if (s == null) {
            return; // another thread saw it complete first
        }
        if (requestCompleted.isWatched()) {
            requestCompleted.raise(
                    CallbackSafety.THREAD_SAFE, null, s.function.name(), by.name(), System.nanoTime() - s.startNanos);
        }
        if (s.receive != null && receiveCompleted.isWatched()) {
            receiveCompleted.raise(CallbackSafety.THREAD_SAFE, null, s.receive);
        }
    }

    void pcontrolChanged(int previous, int level) {
        if (pcontrolChanged.isWatched()) {
            pcontrolChanged.raise(CallbackSafety.THREAD_SAFE, null, level, previous);
        }
    }

    void toolFault(String tool, String where) {
        if (toolFault.isWatched()) {
            toolFault.raise(CallbackSafety.THREAD_SAFE, null, tool, where);
        }
    }

    private Object[] messageValues(MpiCall call, int peer) {
        Object comm = call.communicator();
        return new Object[] {
            call.function().name(),
            communicatorNumber(comm),
            worldRank(comm, peer),
            call.tag() == MpiCall.ABSENT ? -1 : call.tag(),
            Math.max(0, call.bytes()),
            String.valueOf(call.callingAddress())
        };
    }

    private Object[] collectiveValues(MpiCall call) {
        return new Object[] {call.function().name(), communicatorNumber(call.communicator()), Math.max(0, call.bytes())
        };
    }

    /** A process-local number per communicator object, in the order the events first meet them (-1: none). */
    private int communicatorNumber(@Nullable Object comm) {
        if (comm == null) {
            return -1;
        }
        return communicatorNumbers.computeIfAbsent(comm, c -> nextCommunicator.getAndIncrement());
    }

    /** The peer's rank in MPI_COMM_WORLD, or -1 for wildcards, absent peers and unknown members. */
    private int worldRank(@Nullable Object comm, int peer) {
        if (comm == null || peer < 0) {
            return -1;
        }
        int[] members = monitor.ranks.worldRanks(comm);
        return peer < members.length ? members[peer] : -1;
    }
}
