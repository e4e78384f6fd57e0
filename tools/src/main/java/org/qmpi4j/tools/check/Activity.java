package org.qmpi4j.tools.check;

import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.tools.mpi.MessageRoles;

/**
 * What this rank is doing in MPI, for the deadlock watch: how many of its threads are inside an
 * MPI call, the call last entered, and a count of completed calls (progress). Written by the
 * application's threads on every call (one atomic increment, two volatile writes, the call's facts
 * copied), read by the watch's thread once per interval.
 *
 * <p>The call is copied into a record of the calling thread's own, reused from call to call, so
 * that the call object does not escape and the JIT can leave it unallocated. The watch may read a
 * record while its thread rewrites it; it only reports a rank that has been quiet for the whole
 * timeout, when no thread wrote anything, so what it reports was read whole.
 */
final class Activity {
    /**
     * One thread's last call, as the watch needs it. Plain fields: the volatile write of
     * {@link #current} after the copy publishes them to the watch's next read.
     */
    static final class Record {
        /** The function, the site and the communicator: {@code null} until the thread\'s first call. */
        @Nullable
        MpiFunction function;

        @Nullable
        CallingAddress site;

        @Nullable
        Object comm;

        int peer;
        int tag;
        /** A send-receive's source, or {@link MpiCall#ABSENT}. */
        int source;
        /** The request(s) a completion waits for, or {@code null}. */
        @Nullable
        Object request;

        void copy(MpiCall call) {
            MpiFunction f = call.function();
            function = f;
            site = call.callingAddress();
            comm = call.communicator();
            peer = call.peer();
            tag = call.tag();
            int s = MpiCall.ABSENT;
            if (MessageRoles.sendRecv(f)) {
                s = MessageRoles.sendRecvSource(call);
            }
            source = s;
            request = f.kind() == MpiFunction.Kind.COMPLETION ? call.request() : null;
        }
    }

    /** A named class, not a lambda: a lambda spins a hidden class at each short job's start. */
    private static final class Records extends ThreadLocal<Record> {
        @Override
        protected Record initialValue() {
            return new Record();
        }
    }

    private final AtomicInteger inside = new AtomicInteger();
    /** Threads in the checker's own slow work ({@link #ownWorkStarted}). */
    private final AtomicInteger ownWork = new AtomicInteger();

    private final ThreadLocal<Record> records = new Records();
    /** The first thread to call MPI and its record: most ranks have no other, and skip the thread-local. */
    private volatile @Nullable Thread owner;

    private volatile @Nullable Record ownerRecord;
    private volatile @Nullable Record current;
    private volatile long progress;
    private volatile boolean multiple;

    /** {@code call} entered on {@code t}; returns how many of this rank's threads are inside MPI now, it included. */
    int enter(MpiCall call, Thread t) {
        int n = inside.incrementAndGet();
        Record r = recordOf(t);
        r.copy(call);
        current = r;
        return n;
    }

    private Record recordOf(Thread t) {
        if (t == owner) {
            Record mine = ownerRecord; // written before owner, so set for the owner's own thread
            if (mine != null) {
                return mine;
            }
        }
        if (owner == null) {
            synchronized (this) {
                if (owner == null) {
                    Record r = records.get();
                    ownerRecord = r;
                    owner = t;
                    return r;
                }
            }
        }
        return records.get();
    }

    void exit() {
        progress++; // not atomic: a lost increment between threads still changes the value the watch sees
        inside.decrementAndGet();
    }

    /**
     * The checker's own slow work inside a call starts on this thread (opening the library's MPI_T
     * for a finding: seconds on a loaded machine): until {@link #ownWorkEnded}, the rank is not
     * waiting in MPI, and the watch must not take it for blocked.
     */
    void ownWorkStarted() {
        ownWork.incrementAndGet();
    }

    /** The work of {@link #ownWorkStarted} is over: counted as progress, so the watch's quiet time starts again. */
    void ownWorkEnded() {
        progress++;
        ownWork.decrementAndGet();
    }

    /** Whether some thread of this rank is inside an MPI call now, waiting in MPI rather than in the checker's own work. */
    boolean inside() {
        return inside.get() > 0 && ownWork.get() == 0;
    }

    /** The call last entered (it may have returned since; see {@link #inside()}), or {@code null}. */
    @Nullable
    Record current() {
        return current;
    }

    long progress() {
        return progress;
    }

    /** The rank initialized MPI at {@code MPI_THREAD_MULTIPLE}: any of its threads may call MPI. */
    void multiple() {
        multiple = true;
    }

    boolean isMultiple() {
        return multiple;
    }
}
