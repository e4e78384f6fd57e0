package org.qmpi4j.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.render.ComparisonHtml;
import org.qmpi4j.report.render.ComparisonText;
import org.qmpi4j.report.waits.WaitAnalysis;
import org.qmpi4j.report.waits.WaitEvent;

/**
 * {@code qmpi4j diff} compares what the JVM did: two runs of a 2-rank job whose rank 1 reaches a
 * barrier 90 ms late, in run A after 60 ms of collections, in run B after none (it computed).
 */
class ProfileComparisonJvmTest {
    private static final long MS = 1_000_000;
    private static final CallSite INIT = new CallSite("A", "main", "A.java", 10);
    private static final CallSite BARRIER = new CallSite("A", "main", "A.java", 40);

    /** The run: rank 1's JVM took {@code gcMs} ms of collections ({@code collections} of them) before the barrier. */
    private static Profile run(long gcMs, long collections) throws Exception {
        List<RankProfile> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            JvmSummary jvm = r == 1
                    ? new JvmSummary(gcMs * MS, collections, 2 * MS, 3, 0, 0, List.of(), null)
                    : new JvmSummary(0, 0, 0, 0, 0, 0, List.of(), null);
            ranks.add(RankProfile.builder(r, 2, "openmpi")
                    .state(RankProfile.State.FINALIZED)
                    .appNs(200 * MS)
                    .function("MPI_BARRIER", "COLLECTIVE", new CallStats().add(r == 0 ? 91 * MS : MS, 0, false))
                    .jvm(jvm)
                    .build());
        }
        Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
        for (int r = 0; r < 2; r++) {
            long enter = (r == 1 ? 100 : 10) * MS;
            WaitEvent e =
                    WaitEvent.call(r, "MPI_BARRIER", BARRIER, enter, 101 * MS).collective("w", 2, 0, -1);
            if (r == 1) {
                e.jvm(new long[] {gcMs * MS, collections, 0, 0, 0, 0, 0, 0, 0, 0});
            }
            WaitEvent init = WaitEvent.call(r, "MPI_INIT", INIT, 0, MS);
            Iterator<WaitEvent> it = List.of(init, e).iterator();
            sources.put(r, () -> it.hasNext() ? it.next() : null);
        }
        WaitReport waits = WaitAnalysis.analyse(sources, WaitAnalysis.DEFAULT_NOISE_FLOOR_NS);
        return ProfileMerger.merge(ranks).withWaits(waits);
    }

    private static ProfileComparison.Row row(ProfileComparison c, String name) {
        return c.jvm().stream()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + name + " in " + names(c)));
    }

    private static List<String> names(ProfileComparison c) {
        List<String> n = new ArrayList<>();
        c.jvm().forEach(r -> n.add(r.name()));
        return n;
    }

    @Test
    void theCausesPerKindPerRankAndOfTheWaitingAreComparedRunByRun() throws Exception {
        ProfileComparison c = new ProfileComparison(List.of("A", "B"), List.of(run(60, 2), run(0, 0)));
        ProfileComparison.Row gc = row(c, "rank 1: garbage collection");
        assertThat(gc.value(0)).isCloseTo(0.060, within(1e-12));
        assertThat(gc.value(1)).isZero();
        assertThat(row(c, "rank 1: collections").value(0)).isEqualTo(2);
        assertThat(row(c, "garbage collection per rank").value(0)).isCloseTo(0.030, within(1e-12));
        assertThat(row(c, "rank 1: safepoints").change()).isZero();
        assertThat(names(c)).doesNotContain("rank 0: garbage collection", "class loading per rank");
        // The 90 ms rank 0 waited: in A 60/99 of it went to collections, in B none; per rank (of 2).
        ProfileComparison.Row byGc = row(c, "waiting per rank caused by garbage collection");
        assertThat(byGc.value(0)).isCloseTo(0.090 * 60 / 99 / 2, within(1e-6));
        assertThat(byGc.value(1)).isZero();
        ProfileComparison.Row byApp = row(c, "waiting per rank caused by application");
        assertThat(byApp.value(1)).isCloseTo(0.045, within(1e-6));
        assertThat(byApp.value(0) + byGc.value(0)).isCloseTo(0.045, within(1e-6));

        String text = ComparisonText.render(c);
        assertThat(text).contains("What the JVM did, and the waiting it caused");
        assertThat(text.lines().filter(l -> l.contains("waiting per rank caused by garbage collection")))
                .singleElement()
                .satisfies(l -> assertThat(l).contains("-100.0%"));
        assertThat(ComparisonHtml.render(c)).contains("What the JVM did, and the waiting it caused");
    }

    @Test
    void profilesThatKnowNothingOfTheirJvmGetNoSuchRows() throws Exception {
        List<RankProfile> ranks = List.of(RankProfile.builder(0, 1, "openmpi")
                .state(RankProfile.State.FINALIZED)
                .appNs(MS)
                .build());
        Profile old = ProfileMerger.merge(ranks);
        ProfileComparison c = new ProfileComparison(List.of("A", "B"), List.of(old, old));
        assertThat(c.jvm()).isEmpty();
        assertThat(ComparisonText.render(c)).doesNotContain("What the JVM did");
    }
}
