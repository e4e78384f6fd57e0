package org.qmpi4j.tools.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/** Which posted receives each completion call completed, as the tracer writes them (W lines). */
class PostedReceivesTest {
    private static final CallingAddress AT = new CallingAddress("App", "main", "App.java", 7);

    /** A status as Open MPI's (getIndex()) and one as MPJ Express' (public field index). */
    public static final class OpenMpiStatus {
        private final int index;

        OpenMpiStatus(int index) {
            this.index = index;
        }

        public int getIndex() {
            return index;
        }
    }

    public static final class MpjStatus {
        public int index;

        MpjStatus(int index) {
            this.index = index;
        }
    }

    private static FakeMpi.Call call(MpiFunction f, Object request, Object result) {
        return new FakeMpi.Call(f, AT).returned(request, result);
    }

    @Test
    void eachCompletionFormNamesTheReceivesItCompleted() {
        PostedReceives p = new PostedReceives();
        Object[] r = new Object[6];
        for (int i = 0; i < r.length; i++) {
            r[i] = new Object();
            p.post(r[i], 1, 7, i);
        }
        assertThat(p.waiting()).isTrue();
        // A test that found nothing complete, then one that did.
        assertThat(p.complete(call(MpiFunction.MPI_TEST, r[0], Boolean.FALSE))).isEmpty();
        assertThat(p.complete(call(MpiFunction.MPI_TEST, r[0], new OpenMpiStatus(0))))
                .containsExactly(1, 7, 0);
        // waitany by index, by Open MPI status, by MPJ status.
        assertThat(p.complete(call(MpiFunction.MPI_WAITANY, r, 1))).containsExactly(1, 7, 1);
        assertThat(p.complete(call(MpiFunction.MPI_WAITANY, r, new OpenMpiStatus(2))))
                .containsExactly(1, 7, 2);
        assertThat(p.complete(call(MpiFunction.MPI_TESTSOME, r, new Object[] {new MpjStatus(3)})))
                .containsExactly(1, 7, 3);
        // waitall: the two left (the completed ones are no longer pending).
        assertThat(p.complete(call(MpiFunction.MPI_WAITALL, r, null))).containsExactly(1, 7, 4, 1, 7, 5);
        assertThat(p.waiting()).isFalse();
        assertThat(p.size()).isZero();
    }

    @Test
    void aFreedRequestIsForgottenAndTestallFalseCompletesNothing() {
        PostedReceives p = new PostedReceives();
        Object a = new Object();
        Object b = new Object();
        p.post(a, 2, 9, 0);
        p.post(b, 2, 9, 1);
        assertThat(p.complete(call(MpiFunction.MPI_TESTALL, new Object[] {a, b}, Boolean.FALSE)))
                .isEmpty();
        p.forget(a);
        assertThat(p.complete(call(MpiFunction.MPI_WAITSOME, new Object[] {a, b}, new int[] {0, 1})))
                .containsExactly(2, 9, 1);
        assertThat(p.waiting()).isFalse();
    }
}
