package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.it.support.CorpusBinding;
import org.qmpi4j.it.support.CorpusProgram;
import org.qmpi4j.it.support.CorpusRun;

/**
 * The fast part of MPJ Express' corpus (module {@code corpus-mpj}, docs/corpus.md), in MPJ's
 * multicore mode: a program for each rule of {@code check} that MPJ's API can express and correct
 * programs that look suspicious. A rule that regresses on MPJ (its finding missing, at another
 * line, or a false alarm on a correct program) fails the build. The whole part, with its scores,
 * runs in the Maven profile {@code corpus} ({@code MpjCorpusScoreTest}).
 */
class MpjCorpusTest {

    @ParameterizedTest(name = "{0} gives its finding at its lines")
    @ValueSource(
            strings = {
                "callordering.RecvRecv",
                "bufferinghazard.SendSend1",
                "parammatching.IntAsDouble",
                "parammatching.TruncatedInt",
                "parammatching.CollectiveGatherCounts",
                "invalidparam.SendDestOutOfRange",
                "resourceleak.LeakedIsend",
                "resourceleak.DroppedIrecvOwnArray",
                "requestlifecycle.StartedNeverCompleted",
                "resourceleak.LeakedCommDup",
                "localconcurrency.ModifiedSendBufferInt",
                "localconcurrency.OverlappingIrecvs",
                "localconcurrency.RecvIntoPendingIsend",
                "localconcurrency.WriteReceiveBeforeWait",
                "callordering.CallAfterFinalize",
                "invalidparam.UseFreedDatatype",
                "messagerace.WildcardAssumesOrder",
                "messagerace.ProbeThenAnySourceRecv",
                "requestlifecycle.RestartedWhileActive",
                "parammatching.CollectiveReduceOps",
                "parammatching.CollectiveAllreduceMinMax"
            })
    void eachRuleFindsItsError(String name, @TempDir Path out) throws Exception {
        CorpusProgram program = CorpusProgram.named(CorpusBinding.MPJ, name);
        assertThat(program.ruleChecked())
                .as("%s expects a rule check has", name)
                .isTrue();
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.result().timedOut()).as(run.describe()).isFalse();
        List<Finding> findings = run.findings();
        assertThat(findings).as(run.describe()).isNotEmpty();
        assertThat(findings).as(run.describe()).allMatch(f -> f.rule().equals(program.expectedRule()));
        assertThat(findings).as(run.describe()).anyMatch(run::helpful);
    }

    @ParameterizedTest(name = "{0} gives no finding")
    @ValueSource(
            strings = {
                "callordering.SendrecvRing",
                "invalidparam.NonPeriodicShift",
                "messagerace.WildcardUsesStatus",
                "messagerace.BarrierOrdersWildcards",
                "messagerace.MasterWorker",
                "requestlifecycle.StartallWaitall",
                "resourceleak.PersistentPairCompleted",
                "localconcurrency.ModifiedOutsideSentPart",
                "localconcurrency.DisjointOffsetsOfOneArray",
                "localconcurrency.IsendIrecvDisjointHalves",
                "localconcurrency.WriteOutsideReceivedPart",
                "localconcurrency.SameBufferTwoIsends",
                "resourceleak.CommFreedInFinally",
                "callordering.SlowRank",
                "requestlifecycle.WaitAgainAfterWait",
                "parammatching.CollectiveReduceSameOps",
                "parammatching.CollectiveGathervCounts"
            })
    void correctProgramsGiveNoFinding(String name, @TempDir Path out) throws Exception {
        CorpusProgram program = CorpusProgram.named(CorpusBinding.MPJ, name);
        assertThat(program.correct()).as("%s is correct", name).isTrue();
        CorpusRun run = CorpusRun.run(program, out);
        assertThat(run.result().succeeded()).as(run.result().describe()).isTrue();
        assertThat(run.findingsWritten()).as(run.result().describe()).isTrue();
        assertThat(run.findings()).as(run.describe()).isEmpty();
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
        CorpusProgram program = CorpusProgram.named(CorpusBinding.MPJ, "messagerace.WildcardThenNamedDeadlocks");
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
    void everyHeaderParsesAndHalfThePartIsCorrect() {
        List<CorpusProgram> all = CorpusProgram.all(CorpusBinding.MPJ);
        assertThat(all).hasSizeGreaterThanOrEqualTo(60);
        assertThat(all).allMatch(p -> p.className().startsWith("org.qmpi4j.corpus.mpj."));
        long correct = all.stream().filter(CorpusProgram::correct).count();
        assertThat(correct).isBetween(all.size() * 4L / 10, all.size() * 6L / 10);
        assertThat(all).allMatch(p -> p.correct() == p.lines().isEmpty());
        assertThat(all).allMatch(p -> p.ranks() >= 2 && p.ranks() <= 4);
    }
}
