package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.testing.FakeMpi;

class ObjectRulesTest {
    /** Stand-ins for the binding's classes: a communicator, a datatype, an operation. */
    static final class Comm {}

    static final class Datatype {}

    static final class Op {}

    private final Checker checker = new Checker(
            0,
            Settings.of(null, k -> null, k -> null, p -> {}),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    private final ObjectRules rules = new ObjectRules(checker);
    private final Comm world = new Comm();
    private final Datatype mpiInt = new Datatype();
    private final Op sum = new Op();

    @BeforeEach
    void predefined() {
        rules.known(List.of(world, mpiInt, sum), Op.class);
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    /** A call that returned {@code made}, on {@code receiver}, with {@code args}. */
    private static FakeMpi.Call call(
            MpiFunction f, int line, @Nullable Object receiver, @Nullable Object made, Object... args) {
        FakeMpi.Call c = new FakeMpi.Call(f, at(line)).args(args).returned(null, made);
        return receiver == null ? c : c.on(receiver);
    }

    /** What the checker does around a call: the look before it, the follow-up after it. */
    private boolean run(FakeMpi.Call c) {
        boolean used = rules.anyFreed() && rules.usedAfterFree(c);
        if (ObjectCalls.follows(c.function())) {
            rules.after(c);
        }
        return used;
    }

    private List<String> sites(Finding f) {
        return f.sites().stream().map(s -> s.function() + ":" + s.line()).collect(Collectors.toList());
    }

    @Test
    void anObjectNeverFreedIsOneLeakPerSiteCountedPerObject() {
        for (int i = 0; i < 3; i++) {
            run(call(MpiFunction.MPI_COMM_DUP, 10, world, new Comm())); // three made at line 10
        }
        Comm freedOne = new Comm();
        run(call(MpiFunction.MPI_COMM_SPLIT, 11, world, freedOne, 0, 0));
        run(call(MpiFunction.MPI_COMM_FREE, 12, freedOne, null));
        Datatype t = new Datatype();
        run(call(MpiFunction.MPI_TYPE_CONTIGUOUS, 13, null, t, 3, mpiInt));
        run(call(MpiFunction.MPI_GROUP_INCL, 14, new Object(), new Object(), new int[] {0}));
        rules.leaks();

        List<Finding> found = checker.findings();
        assertThat(found).extracting(Finding::rule).containsOnly("object_leak");
        assertThat(found).extracting(Finding::severity).containsOnly(Finding.Severity.WARNING);
        assertThat(found)
                .extracting(f -> sites(f).get(0) + " x" + f.count())
                .containsExactly("MPI_COMM_DUP:10 x3", "MPI_TYPE_CONTIGUOUS:13 x1", "MPI_GROUP_INCL:14 x1");
        assertThat(found.get(0).message())
                .startsWith("3 communicators made by this MPI_COMM_DUP were never freed (MPI_Comm_free)");
        assertThat(found.get(1).message()).startsWith("the datatype made by this MPI_TYPE_CONTIGUOUS was never freed");
        assertThat(found.get(2).message()).contains("the group made by this MPI_GROUP_INCL");
    }

    @Test
    void predefinedObjectsAndNullCommunicatorsNeverCount() {
        // MPJ Express' clone() of COMM_WORLD returns COMM_WORLD, and its Free() of it is a no-op.
        run(call(MpiFunction.MPI_COMM_DUP, 20, world, world));
        run(call(MpiFunction.MPI_COMM_FREE, 21, world, null));
        // split with MPI_UNDEFINED: a null communicator (MPJ: null; Open MPI: isNull() is true).
        run(call(MpiFunction.MPI_COMM_SPLIT, 22, world, null, -32766, 0));
        run(call(MpiFunction.MPI_COMM_SPLIT, 23, world, new NullComm(), -32766, 0));
        run(call(MpiFunction.MPI_ALLREDUCE, 24, world, null, new int[1], new int[1], 1, mpiInt, sum));
        assertThat(rules.anyFreed()).isFalse();
        assertThat(run(call(MpiFunction.MPI_BARRIER, 25, world, null))).isFalse();
        rules.leaks();
        assertThat(checker.findings()).isEmpty();
    }

    /** What Open MPI's split gives a rank with MPI_UNDEFINED: an object whose handle is MPI_COMM_NULL. */
    public static final class NullComm {
        public boolean isNull() {
            return true;
        }
    }

    @Test
    void aFreedObjectGivenToACallIsReportedWithTheFreeingAndTheUsingSite() {
        Datatype t = new Datatype();
        run(call(MpiFunction.MPI_TYPE_VECTOR, 30, null, t, 2, 1, 4, mpiInt));
        run(call(MpiFunction.MPI_TYPE_COMMIT, 31, t, null));
        run(call(MpiFunction.MPI_TYPE_FREE, 32, t, null));
        assertThat(rules.anyFreed()).isTrue();
        assertThat(checker.findings()).isEmpty();

        assertThat(run(call(MpiFunction.MPI_BARRIER, 33, world, null))).isFalse();
        assertThat(run(call(MpiFunction.MPI_SEND, 34, world, null, new int[8], 0, 1, t, 1, 5)))
                .isTrue();
        assertThat(checker.findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("object_used_after_free");
            assertThat(f.severity()).isEqualTo(Finding.Severity.ERROR);
            assertThat(sites(f)).containsExactly("MPI_TYPE_FREE:32", "MPI_SEND:34");
            assertThat(f.message())
                    .startsWith("this MPI_SEND is given a datatype (made by MPI_TYPE_VECTOR at App.main(App.java:30))"
                            + " that MPI_TYPE_FREE freed before");
        });
        rules.leaks();
        assertThat(checker.findings()).extracting(Finding::rule).containsExactly("object_used_after_free");
    }

    @Test
    void freeingTwiceIsAUseAfterFreeAndACommunicatorAsReceiverCounts() {
        Comm c = new Comm();
        run(call(MpiFunction.MPI_COMM_DUP, 40, world, c));
        run(call(MpiFunction.MPI_COMM_FREE, 41, c, null));
        assertThat(run(call(MpiFunction.MPI_BARRIER, 42, c, null))).isTrue();
        assertThat(run(call(MpiFunction.MPI_COMM_FREE, 43, c, null))).isTrue();
        List<Finding> found = checker.findings();
        assertThat(found).hasSize(2);
        assertThat(sites(found.get(0))).containsExactly("MPI_COMM_FREE:41", "MPI_BARRIER:42");
        assertThat(sites(found.get(1))).containsExactly("MPI_COMM_FREE:41", "MPI_COMM_FREE:43");
        assertThat(found.get(1).message())
                .contains("this MPI_COMM_FREE frees a communicator")
                .contains("freed already");
    }

    @Test
    void anObjectTheBindingGaveOutTwiceIsFreedWhenBothAre() {
        // MPJ Express' clone() of a split communicator returns that communicator.
        Comm half = new Comm();
        run(call(MpiFunction.MPI_COMM_SPLIT, 50, world, half, 0, 0));
        run(call(MpiFunction.MPI_COMM_DUP, 51, half, half));
        run(call(MpiFunction.MPI_COMM_FREE, 52, half, null));
        assertThat(rules.anyFreed()).isFalse();
        assertThat(run(call(MpiFunction.MPI_BARRIER, 53, half, null))).isFalse();
        run(call(MpiFunction.MPI_COMM_FREE, 54, half, null));
        assertThat(rules.anyFreed()).isTrue();
        rules.leaks();
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void aUserOperationIsMadeWhereItIsFirstUsedAndMustBeFreed() {
        Op leaked = new Op();
        Op freed = new Op();
        for (int i = 0; i < 4; i++) {
            run(call(MpiFunction.MPI_ALLREDUCE, 60, world, null, new int[1], new int[1], 1, mpiInt, leaked));
        }
        run(call(MpiFunction.MPI_REDUCE, 61, world, null, new int[1], new int[1], 1, mpiInt, freed, 0));
        run(call(MpiFunction.MPI_OP_FREE, 62, freed, null));
        assertThat(run(call(MpiFunction.MPI_REDUCE, 63, world, null, new int[1], new int[1], 1, mpiInt, freed, 0)))
                .isTrue();
        rules.leaks();
        List<Finding> found = checker.findings();
        assertThat(found).extracting(Finding::rule).containsExactly("object_used_after_free", "object_leak");
        assertThat(sites(found.get(0))).containsExactly("MPI_OP_FREE:62", "MPI_REDUCE:63");
        assertThat(found.get(0).message())
                .contains("user-defined operation (made by MPI_REDUCE at App.main(App.java:61))");
        assertThat(sites(found.get(1))).containsExactly("MPI_ALLREDUCE:60");
        assertThat(found.get(1).count()).isEqualTo(1);
        assertThat(found.get(1).message()).startsWith("the user-defined operation first given to this MPI_ALLREDUCE");
    }

    @Test
    void anObjectMadeUnseenIsKnownOnceFreed() {
        Object info = new Object(); // new Info(): a constructor, no MPI call the agent sees
        run(call(MpiFunction.MPI_INFO_FREE, 70, info, null));
        assertThat(run(call(MpiFunction.MPI_COMM_SPLIT_TYPE, 71, world, new Comm(), 0, 0, info)))
                .isTrue();
        assertThat(checker.findings()).singleElement().satisfies(f -> {
            assertThat(sites(f)).containsExactly("MPI_INFO_FREE:70", "MPI_COMM_SPLIT_TYPE:71");
            assertThat(f.message()).contains("is given a info object that MPI_INFO_FREE freed before");
        });
    }

    @Test
    void nothingIsFollowedBeforeThePredefinedObjectsAreKnown() {
        ObjectRules early = new ObjectRules(checker);
        Comm c = new Comm();
        early.after(call(MpiFunction.MPI_COMM_DUP, 80, world, c));
        early.after(call(MpiFunction.MPI_COMM_FREE, 81, c, null));
        assertThat(early.anyFreed()).isFalse();
        early.leaks();
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void lookingForFreedObjectsAllocatesNothing() {
        Comm c = new Comm();
        run(call(MpiFunction.MPI_COMM_DUP, 90, world, c));
        run(call(MpiFunction.MPI_COMM_FREE, 91, c, null));
        assertThat(rules.anyFreed()).isTrue();
        List<FakeMpi.Call> calls = new ArrayList<>();
        calls.add(call(MpiFunction.MPI_SEND, 92, world, null, new int[8], 0, 8, mpiInt, 1, 5));
        calls.add(call(MpiFunction.MPI_ALLREDUCE, 93, world, null, new int[1], new int[1], 1, mpiInt, sum));
        calls.add(call(MpiFunction.MPI_BARRIER, 94, world, null));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int n = 100_000;
        for (int round = 0; round < 3; round++) { // the last round runs compiled
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                run(calls.get(i % 3));
            }
            long perCall = (threads.getThreadAllocatedBytes(id) - before) / n;
            if (round == 2) {
                assertThat(perCall).as("bytes allocated per call looked at").isZero();
            }
        }
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void aFreedObjectCollectedNoLongerCostsTheCallsALookUp() throws Exception {
        made(); // an object made and freed in a frame that is gone: nothing holds it
        assertThat(rules.anyFreed()).isTrue();
        for (int i = 0; i < 50 && rules.anyFreed(); i++) {
            System.gc();
            Thread.sleep(20);
            rules.after(call(MpiFunction.MPI_COMM_DUP, 101, world, world)); // any look-up notices collections
        }
        assertThat(rules.anyFreed()).isFalse();
    }

    private void made() {
        Comm c = new Comm();
        run(call(MpiFunction.MPI_COMM_DUP, 100, world, c));
        run(call(MpiFunction.MPI_COMM_FREE, 100, c, null));
    }

    @Test
    void theFindingSitesNameTheRank() {
        run(call(MpiFunction.MPI_COMM_DUP, 110, world, new Comm()));
        rules.leaks();
        FindingSite s = checker.findings().get(0).sites().get(0);
        assertThat(s.className()).isEqualTo("App");
        assertThat(s.file()).isEqualTo("App.java");
        assertThat(s.line()).isEqualTo(110);
    }

    @Test
    void whereFreesAreNoOpsTheLeakSaysSoAndWhereTheyInvalidateItDoesNot() {
        new FakeMpi(); // the backend the facts are read from
        FakeMpi.describe("objects-new-noop", "array-offset", "no-op", false);
        FakeMpi.title("objects-new-noop", "No-op MPI 1.0 (mpiJava 1.2)");
        checker.bindingIs("objects-new-noop");
        run(call(MpiFunction.MPI_COMM_DUP, 40, world, new Comm()));
        rules.leaks();
        assertThat(checker.findings())
                .singleElement()
                .satisfies(f -> assertThat(f.message())
                        .contains("never freed (MPI_Comm_free)")
                        .endsWith(
                                ". This binding's free is a no-op (No-op MPI 1.0 (mpiJava 1.2)), so the object costs nothing"
                                        + " here, but other MPI libraries keep it until the job ends"));

        Checker other = new Checker(
                0,
                Settings.of(null, k -> null, k -> null, p -> {}),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        FakeMpi.describe("objects-new-invalidates", "nio", "invalidates", true);
        other.bindingIs("objects-new-invalidates");
        ObjectRules invalidating = new ObjectRules(other);
        invalidating.known(List.of(world, mpiInt, sum), Op.class);
        invalidating.after(call(MpiFunction.MPI_COMM_DUP, 41, world, new Comm()));
        invalidating.leaks();
        assertThat(other.findings())
                .singleElement()
                .satisfies(f -> assertThat(f.message())
                        .contains("never freed (MPI_Comm_free)")
                        .doesNotContain("no-op"));
    }
}
