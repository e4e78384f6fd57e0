package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.tools.mpi.PeerTranslator;

/**
 * Numbers the communicators a rank uses, defines each in the shard (an {@code M} line with its
 * key and groups, {@link TraceFormat}) before the first call that names it, and keeps per
 * communicator what the trace counts on it: messages sent and received by envelope, and
 * collectives called. A communicator is described once, when a call returns it (so that the
 * ordinal in its key follows creation order, the same on every member) or else at its first use;
 * after that a call costs one identity lookup.
 */
final class Communicators implements PostedReceives.Counters {
    private final PeerTranslator peers;
    private final Object world;
    /** The binding's communicator class (the root of its communicator classes), to tell a call returned one. */
    private final Class<?> commClass;

    /** The id of a communicator the binding could not describe (e.g. {@code MPI_COMM_NULL}). */
    private static final long UNDESCRIBED = -1;

    private final IdentityTable ids = new IdentityTable();
    /** Communicators met so far per group text, for the ordinal in the key. */
    private final Map<String, Integer> ordinals = new HashMap<>();

    private Object[] byId = new Object[8];
    private LongCounters[] sent = new LongCounters[8];
    private LongCounters[] received = new LongCounters[8];
    private long[] collectives = new long[8];
    private int count;

    Communicators(PeerTranslator peers, Object world) {
        this.peers = peers;
        this.world = world;
        Class<?> c = world.getClass();
        while (c.getSuperclass() != null && c.getSuperclass() != Object.class) {
            c = c.getSuperclass();
        }
        this.commClass = c;
    }

    /** Whether {@code result}, what a call returned, is a communicator. */
    boolean isCommunicator(@Nullable Object result) {
        return result != null && commClass.isInstance(result);
    }

    /**
     * The id of {@code comm}, defined in {@code w} at its first use; {@link TraceFormat#NONE} if it
     * cannot be described, or if it is not known yet and {@code valid} is false: a call that failed
     * may have been given a communicator that is not one, and asking MPI about it would run into the
     * error handler of {@code COMM_WORLD} (by default: abort the job).
     */
    synchronized long id(Object comm, boolean valid, TraceFileWriter w) throws IOException {
        if (comm == null) {
            return TraceFormat.NONE;
        }
        long id = ids.get(comm);
        if (id != IdentityTable.MISSING) {
            return id == UNDESCRIBED ? TraceFormat.NONE : id;
        }
        return valid ? define(comm, w) : TraceFormat.NONE;
    }

    /**
     * Whether {@code comm} is the binding's null communicator (Open MPI's {@code isNull()}: what
     * {@code getParent()} returns in a world that was not spawned, {@code split} with
     * {@code MPI_UNDEFINED}, a freed communicator). MPI must not be asked about it: the error
     * would abort the job. A binding without the method returns {@code null} for none.
     */
    private static boolean isNull(Object comm) {
        try {
            return Boolean.TRUE.equals(comm.getClass().getMethod("isNull").invoke(comm));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
    }

    private long define(Object comm, TraceFileWriter w) throws IOException {
        String key;
        String local;
        String remote = null;
        if (comm == world) {
            key = TraceFormat.WORLD_KEY;
            local = TraceFormat.groupText(Objects.requireNonNull(peers.groups(comm), "COMM_WORLD's group")[0]);
        } else {
            if (isNull(comm)) {
                return TraceFormat.NONE; // not kept: a binding may make a new null object per call
            }
            int[][] g = peers.groups(comm);
            if (g == null) {
                ids.put(comm, UNDESCRIBED); // not asked again
                return TraceFormat.NONE;
            }
            local = TraceFormat.groupText(g[0]);
            String text;
            if (g.length > 1) {
                remote = TraceFormat.groupText(g[1]);
                // The same text from both sides: the two groups in lexicographic order.
                text = local.compareTo(remote) <= 0 ? "X " + local + " " + remote : "X " + remote + " " + local;
            } else {
                text = "I " + local;
            }
            Integer n = ordinals.get(text);
            int ordinal = n == null ? 0 : n;
            ordinals.put(text, ordinal + 1);
            key = TraceFormat.communicatorKey(text, ordinal);
        }
        int id = count++;
        if (id == byId.length) {
            byId = Arrays.copyOf(byId, id * 2);
            sent = Arrays.copyOf(sent, id * 2);
            received = Arrays.copyOf(received, id * 2);
            collectives = Arrays.copyOf(collectives, id * 2);
        }
        byId[id] = comm;
        sent[id] = new LongCounters();
        received[id] = new LongCounters();
        w.defineCommunicator(id, key, local, remote);
        ids.put(comm, id);
        return id;
    }

    /** {@code comm} was just returned by a call that creates it: defined now, in creation order. */
    synchronized void created(Object comm, TraceFileWriter w) throws IOException {
        if (comm != null && ids.get(comm) == IdentityTable.MISSING) {
            define(comm, w);
        }
    }

    /** {@code comm} was freed: a later object is a new communicator (this one is null now: {@link #isNull}). */
    synchronized void forget(@Nullable Object comm) {
        if (comm != null && comm != world) {
            ids.remove(comm);
            peers.forget(comm);
        }
    }

    /** The communicator of id {@code id}, or {@code null}. */
    synchronized @Nullable Object communicator(long id) {
        return id >= 0 && id < count ? byId[(int) id] : null;
    }

    /** Sequence numbers of the messages sent on communicator {@code id}, by envelope. */
    synchronized LongCounters sent(long id) {
        return sent[(int) id];
    }

    /** Sequence numbers of the messages received on communicator {@code id}, by envelope. */
    @Override
    public synchronized LongCounters received(long id) {
        return received[(int) id];
    }

    /** The number of collectives called on communicator {@code id} before this one. */
    synchronized long nextCollective(long id) {
        return collectives[(int) id]++;
    }
}
