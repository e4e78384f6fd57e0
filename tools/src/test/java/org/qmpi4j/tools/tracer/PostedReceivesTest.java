package org.qmpi4j.tools.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.tools.mpi.Completions;
import org.qmpi4j.tools.testing.FakeMpi;

/** Which posted receives each completion call completed, as the tracer writes them (W lines). */
class PostedReceivesTest {
    private static final CallingAddress AT = new CallingAddress("App", "main", "App.java", 7);

    /** A status as Open MPI's (getIndex()) and one as MPJ Express' (public field index). */
    public static final class OpenMpiStatus {
        private final int index;
        private final int source;
        private final int tag;

        OpenMpiStatus(int index) {
            this(index, -1, -1);
        }

        OpenMpiStatus(int index, int source, int tag) {
            this.index = index;
            this.source = source;
            this.tag = tag;
        }

        public int getIndex() {
            return index;
        }

        public int getSource() {
            return source;
        }

        public int getTag() {
            return tag;
        }
    }

    public static final class MpjStatus {
        public int index;
        public int source = -1;
        public int tag = -1;

        MpjStatus(int index) {
            this.index = index;
        }

        MpjStatus(int index, int source, int tag) {
            this.index = index;
            this.source = source;
            this.tag = tag;
        }
    }

    private static FakeMpi.Call call(MpiFunction f, Object request, @Nullable Object result) {
        return new FakeMpi.Call(f, AT).returned(request, result);
    }

    /** Receives whose counts are kept per communicator id. */
    private static PostedReceives receives() {
        Map<Long, LongCounters> byComm = new HashMap<>();
        return new PostedReceives(comm -> byComm.computeIfAbsent(comm, c -> new LongCounters()));
    }

    /**
     * The messages {@code call} completed, (source, tag, seq) each, in the order the call names
     * its requests; requests that are not pending receives, or whose message is not known, left out.
     */
    private static long[] complete(PostedReceives p, MpiCall call) {
        List<Object> requests = new ArrayList<>();
        List<Object> statuses = new ArrayList<>();
        Completions.completed(call, requests, statuses);
        long[] all = p.complete(requests, statuses);
        assertThat(all).hasSize(PostedReceives.FIELDS * requests.size());
        List<Long> known = new ArrayList<>();
        for (int i = 0; i < all.length; i += PostedReceives.FIELDS) {
            if (all[i + 3] != TraceFormat.NONE) {
                known.add(all[i + 1]);
                known.add(all[i + 2]);
                known.add(all[i + 3]);
            }
        }
        return known.stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void messagesAreCountedPerCommunicatorAndAWildcardOnOneDoesNotBlockAnother() {
        PostedReceives p = receives();
        // Communicator 0 and 1 each get their first message from rank 1 with tag 7.
        assertThat(p.receiveNamed(0, 1, 7)).isZero();
        assertThat(p.receiveNamed(1, 1, 7)).isZero();
        assertThat(p.receiveNamed(0, 1, 7)).isEqualTo(1);
        // A pending ANY_SOURCE receive on communicator 1 could not take a message of communicator 0.
        Object wildcard = new Object();
        p.postWildcard(wildcard, 1, -1, 7);
        assertThat(p.receiveNamed(0, 1, 7)).isEqualTo(2);
        assertThat(p.lost()).isFalse();
        // It completes with (1, 7) of communicator 1: that communicator's second message.
        List<Object> requests = new ArrayList<>(List.of(wildcard));
        List<Object> statuses = new ArrayList<>();
        statuses.add(new OpenMpiStatus(-1, 1, 7));
        assertThat(p.complete(requests, statuses)).containsExactly(1, 1, 7, 1);
        // But on communicator 1 itself a named receive meanwhile would lose the matching.
        p.postWildcard(new Object(), 1, -1, 7);
        assertThat(p.receiveNamed(1, 1, 7)).isEqualTo(TraceFormat.NONE);
        assertThat(p.lost()).isTrue();
    }

    @Test
    void eachCompletionFormNamesTheReceivesItCompleted() {
        PostedReceives p = receives();
        Object[] r = new Object[6];
        for (int i = 0; i < r.length; i++) {
            r[i] = new Object();
            p.post(r[i], 0, 1, 7, i);
        }
        assertThat(p.waiting()).isTrue();
        // A test that found nothing complete, then one that did.
        assertThat(complete(p, call(MpiFunction.MPI_TEST, r[0], Boolean.FALSE))).isEmpty();
        assertThat(complete(p, call(MpiFunction.MPI_TEST, r[0], new OpenMpiStatus(0))))
                .containsExactly(1, 7, 0);
        // waitany by index, by Open MPI status, by MPJ status.
        assertThat(complete(p, call(MpiFunction.MPI_WAITANY, r, 1))).containsExactly(1, 7, 1);
        assertThat(complete(p, call(MpiFunction.MPI_WAITANY, r, new OpenMpiStatus(2))))
                .containsExactly(1, 7, 2);
        assertThat(complete(p, call(MpiFunction.MPI_TESTSOME, r, new Object[] {new MpjStatus(3)})))
                .containsExactly(1, 7, 3);
        // waitall: the two left (the completed ones are no longer pending).
        assertThat(complete(p, call(MpiFunction.MPI_WAITALL, r, null))).containsExactly(1, 7, 4, 1, 7, 5);
        assertThat(p.waiting()).isFalse();
        assertThat(p.size()).isZero();
    }

    @Test
    void aFreedRequestIsForgottenAndTestallFalseCompletesNothing() {
        PostedReceives p = receives();
        Object a = new Object();
        Object b = new Object();
        p.post(a, 0, 2, 9, 0);
        p.post(b, 0, 2, 9, 1);
        assertThat(complete(p, call(MpiFunction.MPI_TESTALL, new Object[] {a, b}, Boolean.FALSE)))
                .isEmpty();
        p.forget(a);
        assertThat(complete(p, call(MpiFunction.MPI_WAITSOME, new Object[] {a, b}, new int[] {0, 1})))
                .containsExactly(2, 9, 1);
        assertThat(p.waiting()).isFalse();
    }

    @Test
    void aWildcardReceiveIsCountedWithTheEnvelopeItsStatusTells() {
        PostedReceives p = receives();
        // Two named receives from rank 1 with tag 7 come first: messages 0 and 1 of that envelope.
        assertThat(p.receiveNamed(0, 1, 7)).isZero();
        Object named = new Object();
        p.post(named, 0, 1, 7, p.receiveNamed(0, 1, 7));
        // A blocking receive from ANY_SOURCE took (1, 7): the third message.
        long[] envelope = new long[2];
        assertThat(p.receiveWildcard(0, new OpenMpiStatus(-1, 1, 7), envelope)).isEqualTo(2);
        assertThat(envelope).containsExactly(1, 7);
        // A nonblocking one with ANY_TAG, completed by a wait that returned MPJ's status: (2, 5), its first.
        Object wildcard = new Object();
        p.postWildcard(wildcard, 0, 2, -1);
        assertThat(p.wildcardWaiting()).isTrue();
        assertThat(p.isWildcard(wildcard)).isTrue();
        assertThat(p.isWildcard(named)).isFalse();
        assertThat(complete(p, call(MpiFunction.MPI_WAIT, wildcard, new MpjStatus(0, 2, 5))))
                .containsExactly(2, 5, 0);
        assertThat(complete(p, call(MpiFunction.MPI_WAIT, named, null))).containsExactly(1, 7, 1);
        assertThat(p.lost()).isFalse();
        assertThat(p.waiting()).isFalse();
    }

    @Test
    void wildcardsCompletedTogetherAreCountedInTheOrderTheyWerePosted() {
        PostedReceives p = receives();
        Object first = new Object();
        Object second = new Object();
        p.postWildcard(first, 0, -1, 4);
        p.postWildcard(second, 0, -1, 4);
        // waitall names them in array order (second first here); the first posted took message 0.
        Object[] requests = {second, first};
        Object[] statuses = {new OpenMpiStatus(0, 3, 4), new OpenMpiStatus(1, 3, 4)};
        // Named in the order given: second (message 1), first (message 0).
        assertThat(complete(p, call(MpiFunction.MPI_WAITALL, requests, statuses)))
                .containsExactly(3, 4, 1, 3, 4, 0);
        assertThat(p.lost()).isFalse();
    }

    @Test
    void theMatchingIsLostRatherThanGuessedWhereTheOrderIsNotKnown() {
        // A named receive of an envelope a pending wildcard could take.
        PostedReceives a = receives();
        a.postWildcard(new Object(), 0, -1, -1);
        assertThat(a.receiveNamed(0, 1, 7)).isEqualTo(TraceFormat.NONE);
        assertThat(a.lost()).isTrue();
        // A later wildcard completing first with an envelope the earlier, still pending, could take.
        PostedReceives b = receives();
        Object early = new Object();
        Object late = new Object();
        b.postWildcard(early, 0, -1, 4);
        b.postWildcard(late, 0, -1, 4);
        assertThat(complete(b, call(MpiFunction.MPI_WAIT, late, new OpenMpiStatus(-1, 2, 4))))
                .isEmpty();
        assertThat(b.lost()).isTrue();
        // A wildcard completed by a call that returned no status.
        PostedReceives c = receives();
        Object w = new Object();
        c.postWildcard(w, 0, -1, -1);
        assertThat(complete(c, call(MpiFunction.MPI_WAIT, w, null))).isEmpty();
        assertThat(c.lost()).isTrue();
        assertThat(c.receiveNamed(0, 0, 1)).isEqualTo(TraceFormat.NONE);
        // A wildcard freed unseen.
        PostedReceives d = receives();
        Object freed = new Object();
        d.postWildcard(freed, 0, 1, -1);
        d.forget(freed);
        assertThat(d.lost()).isTrue();
    }
}
