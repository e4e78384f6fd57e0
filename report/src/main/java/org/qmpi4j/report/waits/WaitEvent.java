package org.qmpi4j.report.waits;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.CallSite;

/**
 * One MPI call as the wait-state analysis needs it: who, what, where, when on the job's common
 * clock (after clock alignment and causality correction), and what it takes part in: the message
 * it sends or receives (an id both ends name alike), the messages it completes, the collective
 * instance it belongs to. Built by the reader of the trace; {@link WaitAnalysis} copies what it
 * keeps, so a reader may reuse one instance after {@link #reset}.
 */
public final class WaitEvent {
    /** When a send or receive is complete. */
    public enum Completion {
        /** In this call (a blocking send or receive). */
        HERE,
        /** In a later call that names the message in {@link #completesSend} or {@link #completesReceive}. */
        LATER,
        /** Nobody will say (a trace that does not record it). */
        UNKNOWN
    }

    int rank;
    String function = "";
    CallSite site = CallSite.UNKNOWN;
    long enter;
    long exit;
    long errorBound;

    @Nullable
    String sends;

    Completion sendCompletion = Completion.HERE;

    @Nullable
    String receives;

    Completion receiveCompletion = Completion.HERE;
    final List<String> completedSends = new ArrayList<>(2);
    final List<String> completedReceives = new ArrayList<>(2);

    @Nullable
    String communicator;

    int members;
    long instance = -1;
    int root = -1;
    /**
     * What the JVM did in the interval before the call and inside it (gc ns, collections,
     * safepoint ns, class loading ns, descheduled ns; each twice), if {@link #jvmKnown}.
     */
    final long[] jvm = new long[2 * JvmParts.KINDS];
    /** The trace said what the JVM did around this call (even if nothing). */
    boolean jvmKnown;

    /** A call of {@code rank} to {@code function} at {@code site} from {@code enter} to {@code exit} (ns). */
    public static WaitEvent call(int rank, String function, CallSite site, long enter, long exit) {
        return new WaitEvent().reset(rank, function, site, enter, exit);
    }

    /** Makes this a new call with no message, completion or collective. */
    public WaitEvent reset(int rank, String function, CallSite site, long enter, long exit) {
        this.rank = rank;
        this.function = function;
        this.site = site;
        this.enter = enter;
        this.exit = Math.max(enter, exit);
        errorBound = 0;
        sends = null;
        receives = null;
        completedSends.clear();
        completedReceives.clear();
        communicator = null;
        members = 0;
        instance = -1;
        root = -1;
        jvmKnown = false;
        return this;
    }

    /**
     * What the JVM did before and in the call: {@code numbers} as a trace's JVM record holds them
     * (five for the interval before the call, then five inside it), all 0 when nothing happened.
     */
    public WaitEvent jvm(long[] numbers) {
        System.arraycopy(numbers, 0, jvm, 0, jvm.length);
        jvmKnown = true;
        return this;
    }

    /** The error bound of this rank's times on the common clock, in ns. */
    public WaitEvent errorBound(long ns) {
        this.errorBound = ns;
        return this;
    }

    /** The call sends message {@code id}, complete {@code when}. */
    public WaitEvent sends(String id, Completion when) {
        this.sends = id;
        this.sendCompletion = when;
        return this;
    }

    /** The call receives (or, {@code when} not HERE, posts the receive of) message {@code id}. */
    public WaitEvent receives(String id, Completion when) {
        this.receives = id;
        this.receiveCompletion = when;
        return this;
    }

    /** The call completes the send of message {@code id} posted earlier (a wait or test on its request). */
    public WaitEvent completesSend(String id) {
        completedSends.add(id);
        return this;
    }

    /** The call completes the receive of message {@code id} posted earlier, or a wildcard one. */
    public WaitEvent completesReceive(String id) {
        completedReceives.add(id);
        return this;
    }

    /**
     * The call is the {@code instance}-th collective on {@code communicator} (a key all members
     * name alike), which has {@code members} ranks (both groups of an intercommunicator);
     * {@code root} is the root's world rank, or -1 (none, or this rank takes no part in it).
     */
    public WaitEvent collective(String communicator, int members, long instance, int root) {
        this.communicator = communicator;
        this.members = members;
        this.instance = instance;
        this.root = root;
        return this;
    }

    // Accessors as WaitReport.Instance's: this is the reader's reused, mutable record; that, a result.
    public int rank() {
        return rank;
    }

    public String function() {
        return function;
    }

    public CallSite site() {
        return site;
    }

    public long enter() {
        return enter;
    }

    public long exit() {
        return exit;
    }

    public List<String> completedSends() {
        return Collections.unmodifiableList(completedSends);
    }

    public List<String> completedReceives() {
        return Collections.unmodifiableList(completedReceives);
    }
}
