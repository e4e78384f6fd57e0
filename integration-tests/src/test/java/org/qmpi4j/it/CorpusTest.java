package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.it.support.CorpusProgram;
import org.qmpi4j.it.support.CorpusRun;

/**
 * The corpus's fast part (module {@code corpus}, docs/corpus.md): a program per rule of
 * {@code check} and correct programs that look suspicious. A rule that regresses (its finding
 * missing, at another line, or a false alarm on a correct program) fails the build. The whole
 * corpus, with its scores, runs in the Maven profile {@code corpus} ({@code CorpusScoreTest}).
 */
class CorpusTest {

    @ParameterizedTest(name = "{0} gives its finding at its lines")
    @ValueSource(
            strings = {
                "callordering.RecvRecv",
                "callordering.RecvRecvAmongFour",
                "bufferinghazard.SendSendLarge1M",
                "bufferinghazard.SendSendEager16",
                "bufferinghazard.SendSsendOneSide",
                "bufferinghazard.RingSendFirstEager",
                "bufferinghazard.BsendWithoutBuffer",
                "resourceleak.LeakedIRecv",
                "resourceleak.LeakedIBarrier",
                "requestlifecycle.StartedNeverCompleted",
                "invalidparam.SendDestOutOfRange",
                "invalidparam.BcastRootOutOfRange",
                "parammatching.IntAsDouble",
                "parammatching.TruncatedInt",
                "parammatching.CollectiveReduceOps",
                "parammatching.DerivedTypeMap",
                "parammatching.VectorIntAsVectorFloat",
                "parammatching.StructOrderSwapped",
                "parammatching.BcastDerivedTypeMap",
                "parammatching.NonblockingBcastRoots",
                "parammatching.NonblockingAllReduceOps",
                "parammatching.ScattervCounts",
                "parammatching.AllGathervCounts",
                "localconcurrency.ModifiedSendBufferInt",
                "localconcurrency.OverlappingReceives",
                "localconcurrency.OverlappingSlices",
                "localconcurrency.SendAndReceiveSameBuffer",
                "localconcurrency.RecvIntoPendingSend",
                "threads.SendOnThreadAtFunneled",
                "requestlifecycle.FreeActiveReceive",
                "requestlifecycle.RestartActivePersistent",
                "requestlifecycle.WaitAfterFree",
                "requestlifecycle.WaitAfterFreeingActive",
                "requestlifecycle.DroppedReceiveRequest",
                "callordering.CallAfterFinalize",
                "resourceleak.LeakedCommDup",
                "resourceleak.LeakedDatatype",
                "resourceleak.LeakedGroup",
                "resourceleak.LeakedUserOp",
                "messagerace.WildcardOrderAssumed",
                "messagerace.WildcardAnyTagOrder",
                "messagerace.ProbeThenSpecificRecvRace",
                "globalconcurrency.PutPutSameTarget",
                "globalconcurrency.GetPutSameTarget",
                "globalconcurrency.PutPutOnSplitWindow"
            })
    void eachRuleFindsItsError(String name, @TempDir Path out) throws Exception {
        CorpusProgram program = CorpusProgram.named(name);
        assertThat(program.ruleChecked())
                .as("%s expects a rule check has", name)
                .isTrue();
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.result().timedOut()).as(run.describe()).isFalse();
        assertThat(run.findingsWritten()).as(run.result().describe()).isTrue();
        List<Finding> findings = run.findings();
        assertThat(findings).as(run.describe()).isNotEmpty();
        assertThat(findings).as(run.describe()).allMatch(f -> f.rule().equals(program.expectedRule()));
        assertThat(findings).as(run.describe()).anyMatch(run::helpful);
    }

    @ParameterizedTest(name = "{0} gives no finding")
    @ValueSource(
            strings = {
                "invalidparam.RingWithProcNullEnds",
                "invalidparam.RecvAnySourceAnyTag",
                "messagerace.WildcardUsesStatus",
                "messagerace.WildcardSum",
                "messagerace.MasterWorkerWildcard",
                "messagerace.ProbeThenMatchingRecv",
                "messagerace.WildcardDistinctTags",
                "requestlifecycle.GetStatusLoopThenFree",
                "requestlifecycle.FreeActiveSend",
                "requestlifecycle.WaitAgainAfterWait",
                "requestlifecycle.PersistentRestartAfterWait",
                "requestlifecycle.StartAllWaitAll",
                "requestlifecycle.BuffersHeldByRequests",
                "resourceleak.FreedPersistentPair",
                "threads.ThreadsAtMultiple",
                "callordering.IntercommBcast",
                "callordering.SlowRank",
                "parammatching.CollectiveReduceLocalOnOneRank",
                "parammatching.DerivedTypeSameSignature",
                "parammatching.VectorIntoContiguous",
                "parammatching.StructIntoPieces",
                "parammatching.ResizedPairs",
                "parammatching.BcastDerivedSameSignature",
                "parammatching.IBarrierThenPointToPoint",
                "parammatching.GathervUnevenCounts",
                "parammatching.GathervRootInPlace",
                "parammatching.IAllReduceOverlapped",
                "parammatching.AllToAllvUneven",
                "parammatching.NonblockingOnFreedSplit",
                "bufferinghazard.BsendWithAttachedBuffer",
                "bufferinghazard.SsendOrdered",
                "bufferinghazard.RingIRecvFirst",
                "bufferinghazard.RingEvenRanksSendFirst",
                "bufferinghazard.PingPongLoop",
                "callordering.FinalizedAfterFinalize",
                "resourceleak.CommFreedInFinally",
                "resourceleak.TypeFreedAfterNonblocking",
                "resourceleak.SplitUndefinedNotFreed",
                "resourceleak.GroupsFreedBeforeTheirComm",
                "resourceleak.UserOpFreed",
                "resourceleak.CommKeptInField",
                "localconcurrency.DisjointSlices",
                "localconcurrency.DisjointHalvesSendRecv",
                "localconcurrency.TwoSendsOneBuffer",
                "globalconcurrency.PutDisjointPlaces",
                "globalconcurrency.AccumulateSamePlace",
                "globalconcurrency.PutEachIterationOwnPlace"
            })
    void correctProgramsGiveNoFinding(String name, @TempDir Path out) throws Exception {
        CorpusProgram program = CorpusProgram.named(name);
        assertThat(program.correct()).as("%s is correct", name).isTrue();
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.result().succeeded()).as(run.result().describe()).isTrue();
        assertThat(run.findingsWritten()).as(run.result().describe()).isTrue();
        assertThat(run.findings()).as(run.describe()).isEmpty();
    }

    /**
     * An object freed and then given to MPI: each rank's finding names its free and its use, said
     * before the call; the call then still happens, once, and the binding refuses it with the
     * exception the program catches (its communicator's errors return), so the job ends well.
     */
    @ParameterizedTest(name = "{0}: reported before {1}")
    @CsvSource({
        "invalidparam.UseFreedComm, MPI refused the freed communicator",
        "invalidparam.UseFreedDatatype, MPI refused the freed datatype",
        "invalidparam.UseFreedGroup, MPI refused the freed group",
        "invalidparam.FreeCommTwice, MPI refused the second free",
        "invalidparam.UseFreedOp, MPI refused the freed operation"
    })
    void aFreedObjectIsReportedBeforeTheBindingRefusesIt(String name, String refusal, @TempDir Path out)
            throws Exception {
        CorpusProgram program = CorpusProgram.named(name);
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.result().succeeded()).as(run.result().describe()).isTrue();
        assertThat(run.result().stdout().split(refusal, -1))
                .as(run.result().describe())
                .hasSize(program.ranks() + 1);
        List<Finding> findings = run.findings();
        assertThat(findings).as(run.describe()).hasSize(program.ranks());
        for (Finding f : findings) {
            assertThat(f.rule()).isEqualTo("object_used_after_free");
            assertThat(f.sites()).extracting(s -> s.line()).containsExactlyElementsOf(program.lines());
        }
    }

    /**
     * A send with a negative tag on a communicator whose errors return: MPI refuses it with an
     * exception the program catches, and the job ends well, as without the agent; the checker names
     * it and sends no signature of its own with that tag (which would end the job).
     */
    @Test
    void anInvalidTagTheProgramCatchesDoesNotEndTheJob(@TempDir Path out) throws Exception {
        CorpusProgram program = CorpusProgram.named("invalidparam.SendNegativeTag");
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.result().succeeded()).as(run.result().describe()).isTrue();
        assertThat(run.result().stdout()).as(run.result().describe()).contains("MPI refused");
        assertThat(run.findingsWritten()).as(run.result().describe()).isTrue();
        assertThat(run.findings()).as(run.describe()).singleElement().matches(run::helpful);
    }

    /**
     * A shutdown hook that calls MPI runs after main finalized it: the finding says it came from a
     * hook, and it reaches the job's {@code check.json} although the results were gathered before.
     */
    @Test
    void aCallFromAShutdownHookIsSaidToComeFromOne(@TempDir Path out) throws Exception {
        CorpusProgram program = CorpusProgram.named("callordering.CallFromShutdownHook");
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.findingsWritten()).as(run.result().describe()).isTrue();
        assertThat(run.findings()).as(run.describe()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("call_after_finalize");
            assertThat(f.message()).contains("from a JVM shutdown hook");
            assertThat(run.helpful(f)).isTrue();
        });
    }

    /**
     * A race that ends in a deadlock: the wildcard receive takes rank 2's message (rank 1 sends
     * late), the receive from rank 2 then waits for ever and rank 1's send with it. No message
     * witnesses the race, but the deadlock watch sees the three ranks: {@code message_race} is
     * reported beside the {@code deadlock}, naming the wildcard receive, the blocked send and the
     * receive that waits.
     */
    @Test
    void aRaceThatEndsInADeadlockIsReportedBesideIt(@TempDir Path out) throws Exception {
        CorpusProgram program = CorpusProgram.named("messagerace.WildcardThenNamedDeadlocks");
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.result().timedOut()).as(run.describe()).isFalse();
        List<Finding> findings = run.findings();
        assertThat(findings)
                .as(run.describe())
                .allMatch(f -> f.rule().equals("message_race") || f.rule().equals("deadlock"));
        assertThat(findings)
                .as(run.describe())
                .filteredOn(f -> f.rule().equals("message_race"))
                .singleElement()
                .matches(run::helpful);
    }

    @Test
    void everyHeaderParsesAndHalfTheCorpusIsCorrect() {
        List<CorpusProgram> all = CorpusProgram.all();
        assertThat(all).hasSizeGreaterThanOrEqualTo(150);
        long correct = all.stream().filter(CorpusProgram::correct).count();
        assertThat(correct).isBetween(all.size() * 4L / 10, all.size() * 6L / 10);
        assertThat(all).allMatch(p -> p.correct() == p.lines().isEmpty());
        assertThat(all).allMatch(p -> p.ranks() >= 2 && p.ranks() <= 4);
    }
}
