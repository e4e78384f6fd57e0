package org.qmpi4j.report.iterations;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Iterations;

/**
 * Which call ends each iteration of the job's main loop, found from the ranks' sequences of calls
 * without markers. The rule:
 *
 * <ol>
 *   <li>Candidates are the calls (a function at a call site) that every rank makes the same
 *       number of times, at least {@value #MIN_ITERATIONS}. Set-up and tear-down calls, made once
 *       or twice, are not candidates; nor are calls that only some ranks make, or that ranks make
 *       different numbers of times (master/worker codes: only calls every rank repeats equally
 *       can mark their iterations).
 *   <li>A candidate {@code b} made {@code n} times cuts each rank's calls into {@code n} periods:
 *       the first up to and including {@code b}'s first call, each further one after the previous
 *       {@code b} up to and including the next. {@code b} ends the iterations of a loop if, on
 *       every rank, every candidate call falls into every period at least once. That holds for
 *       the last call of a loop's body; not for a call earlier in the body (the first period lacks
 *       the later calls), nor for a call of an inner loop (the outer loop's calls miss most
 *       periods), nor for either of two loops run one after the other (each one's calls miss the
 *       other's periods). A candidate made only before the loop (in the first period) or only
 *       after it is set-up or tear-down, allowed when made at most a tenth as often as {@code b}
 *       (a short set-up loop before the main loop); more often, the job has two loops in
 *       sequence and no answer is given.
 *   <li>Of the calls that pass, the one made fewest times wins: the outermost loop. If two pass
 *       with the same count they are the same loop; the one whose first call came last on the
 *       lowest rank (the end of the body) is taken.
 * </ol>
 *
 * Nothing passes: no answer, with the reason. So a job with no loop, two loops in sequence, or
 * ranks that do not repeat a common call equally get none rather than a wrong count.
 *
 * <p>The search runs only when the user named no boundary and the program has no usable
 * {@code MPI_Pcontrol} marker ({@link PcontrolMarkers}): a named boundary comes first, then the
 * marker, then the search.
 */
public final class IterationRule {
    /** Fewer repetitions than this are not a loop (set-up, tear-down). */
    public static final int MIN_ITERATIONS = 3;

    private IterationRule() {}

    /** The boundary chosen, and how many iterations each rank ran. */
    public static final class Choice {
        private final Iterations.Boundary boundary;
        private final long count;
        private final String reason;
        private final Iterations.FoundBy foundBy;

        Choice(Iterations.Boundary boundary, long count, String reason, Iterations.FoundBy foundBy) {
            this.boundary = boundary;
            this.count = count;
            this.reason = reason;
            this.foundBy = foundBy;
        }

        /** How it was found; {@link Iterations.FoundBy#PCONTROL}: the boundary starts each iteration. */
        public Iterations.FoundBy foundBy() {
            return foundBy;
        }

        public Iterations.Boundary boundary() {
            return boundary;
        }

        public long count() {
            return count;
        }

        public String reason() {
            return reason;
        }
    }

    /** What the rule found: a {@link Choice}, or why none. */
    public static final class Outcome {
        private final @Nullable Choice choice;
        private final String reason;

        Outcome(@Nullable Choice choice, String reason) {
            this.choice = choice;
            this.reason = reason;
        }

        public @Nullable Choice choice() {
            return choice;
        }

        public String reason() {
            return reason;
        }
    }

    /**
     * Finds the loop in {@code source}; {@code named}: the boundary the user named ({@code null}:
     * the program's {@code MPI_Pcontrol} marker if it has a usable one, else the search).
     */
    public static Outcome find(CallSource source, @Nullable BoundarySetting named) throws IOException {
        return find(source, named, false);
    }

    /**
     * As {@link #find(CallSource, BoundarySetting)}; {@code markersOnly} (the setting
     * {@code pcontrol}): the {@code MPI_Pcontrol} marker or no answer, never the search. The order:
     * a named boundary (markers are not looked at), else a usable marker ({@link PcontrolMarkers}),
     * else the search; markers that exist but cannot be used are passed over for the search, whose
     * reason then says why.
     */
    public static Outcome find(CallSource source, @Nullable BoundarySetting named, boolean markersOnly)
            throws IOException {
        int[] ranks = source.ranks();
        if (ranks.length == 0) {
            return new Outcome(null, "no ranks' calls to look at");
        }
        // Pass 1: counts per rank; keep those equal on all ranks. The MPI_Pcontrol markers are
        // counted in the same pass, unless a boundary is named (then they are not looked at).
        PcontrolMarkers markers = new PcontrolMarkers(ranks.length);
        // The first rank's counts, in the order each call is first made there (candidates keep
        // that order), then only those every later rank makes as often.
        Map<Iterations.Boundary, Long> common = new LinkedHashMap<>();
        for (int ri = 0; ri < ranks.length; ri++) {
            Map<Iterations.Boundary, Long> counts = new LinkedHashMap<>();
            int rankIndex = ri;
            source.read(ranks[ri], new CallSource.Sink() {
                @Override
                public void call(Iterations.Boundary site, long start, long end) {
                    if (markersOnly || (named != null && !named.matches(site))) {
                        return;
                    }
                    counts.merge(site, 1L, Long::sum);
                }

                @Override
                public void call(Iterations.Boundary site, long start, long end, @Nullable long[] jvm, long level) {
                    if (named == null) {
                        markers.call(rankIndex, site, level);
                    }
                    call(site, start, end);
                }
            });
            if (ri == 0) {
                common = counts;
            } else {
                common.entrySet().removeIf(e -> !e.getValue().equals(counts.get(e.getKey())));
            }
        }
        common.values().removeIf(n -> n < MIN_ITERATIONS);
        if (named != null) {
            return namedOutcome(common, named);
        }
        PcontrolMarkers.Verdict v = markers.verdict(ranks);
        Iterations.Boundary marker = v.marker();
        if (marker != null) {
            return new Outcome(new Choice(marker, v.count(), v.reason(), Iterations.FoundBy.PCONTROL), v.reason());
        }
        if (markersOnly) {
            return new Outcome(null, "tracer.iteration=" + BoundarySetting.PCONTROL + ", but " + v.reason());
        }
        // Markers that exist but cannot be used: the search decides, and its reason says why.
        String note = v.present() ? "MPI_Pcontrol markers not used (" + v.reason() + "); " : "";
        Outcome searched = search(source, ranks, common);
        Choice c = searched.choice();
        if (note.isEmpty()) {
            return searched;
        }
        return c == null
                ? new Outcome(null, note + searched.reason())
                : new Outcome(new Choice(c.boundary(), c.count(), note + c.reason(), c.foundBy()), note + c.reason());
    }

    /**
     * Passes 2 and 3 of the search over the candidates {@code common} (equal on every rank, counted
     * in pass 1, in the order of their first call on the first rank).
     */
    private static Outcome search(CallSource source, int[] ranks, Map<Iterations.Boundary, Long> common)
            throws IOException {
        if (common.isEmpty()) {
            return new Outcome(
                    null,
                    "no call is made the same number of times (at least " + MIN_ITERATIONS
                            + ") on every rank: no loop, or ranks doing different work");
        }
        // Pass 2: which candidates cut every rank's calls into periods holding every candidate.
        List<Iterations.Boundary> candidates = new ArrayList<>(common.size());
        Map<Iterations.Boundary, Integer> id = new HashMap<>();
        long[] countOf = new long[common.size()];
        for (Map.Entry<Iterations.Boundary, Long> e : common.entrySet()) {
            id.put(e.getKey(), candidates.size());
            countOf[candidates.size()] = e.getValue();
            candidates.add(e.getKey());
        }
        boolean[] passes = new boolean[candidates.size()];
        java.util.Arrays.fill(passes, true);
        for (int r : ranks) {
            IntList seq = new IntList();
            source.read(r, (site, start, end) -> {
                Integer i = id.get(site);
                if (i != null) {
                    seq.add(i);
                }
            });
            for (int b = 0; b < passes.length; b++) {
                if (passes[b] && !periodsHoldAll(seq, b, countOf)) {
                    passes[b] = false;
                }
            }
        }
        int best = -1;
        for (int b = 0; b < passes.length; b++) {
            if (passes[b] && (best < 0 || byCountThenLatest(b, best, countOf) < 0)) {
                best = b;
            }
        }
        if (best < 0) {
            return new Outcome(
                    null,
                    "calls repeat on every rank, but no one of them ends periods that hold all the others"
                            + " (loops one after another, or irregular repetition)");
        }
        String reason = "found: the outermost loop whose last call every rank makes " + countOf[best] + " times";
        return new Outcome(new Choice(candidates.get(best), countOf[best], reason, Iterations.FoundBy.SEARCH), reason);
    }

    private static Outcome namedOutcome(Map<Iterations.Boundary, Long> common, BoundarySetting named) {
        if (common.isEmpty()) {
            return new Outcome(
                    null,
                    "the named boundary " + named + " is not called the same number of times (at least "
                            + MIN_ITERATIONS + ") on every rank");
        }
        if (common.size() > 1) {
            return new Outcome(null, "the named boundary " + named + " matches several calls: name the line");
        }
        Map.Entry<Iterations.Boundary, Long> e = common.entrySet().iterator().next();
        String reason = "named by the setting tracer.iteration=" + named;
        return new Outcome(new Choice(e.getKey(), e.getValue(), reason, Iterations.FoundBy.NAMED), reason);
    }

    /**
     * Whether candidate {@code b} cuts {@code seq} into periods that each hold every candidate of
     * the loop; a candidate found only in the first period or only after the last boundary is a
     * set-up or tear-down call, allowed when made at most a tenth as often as {@code b}
     * ({@code counts[c]}: how often candidate {@code c} is made).
     */
    static boolean periodsHoldAll(IntList seq, int b, long[] counts) {
        int n = counts.length;
        boolean[] seen = new boolean[n];
        long[] periodsWith = new long[n];
        boolean[] inFirst = new boolean[n];
        boolean[] afterLast = new boolean[n];
        long periods = 0;
        for (int k = 0; k < seq.size(); k++) {
            int c = seq.get(k);
            if (periods == counts[b]) {
                afterLast[c] = true;
                continue;
            }
            if (!seen[c]) {
                seen[c] = true;
                periodsWith[c]++;
                if (periods == 0) {
                    inFirst[c] = true;
                }
            }
            if (c == b) {
                periods++;
                java.util.Arrays.fill(seen, false);
            }
        }
        for (int c = 0; c < n; c++) {
            boolean inLoop = periodsWith[c] == periods;
            boolean outside = periodsWith[c] == 0 || (periodsWith[c] == 1 && inFirst[c] && !afterLast[c]);
            if (!inLoop && !(outside && counts[c] * 10 <= counts[b])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Candidates {@code a} and {@code b} (indices into {@code counts}, in the order of their first
     * call on the first rank) ordered: fewest repetitions first (the outer loop), then the one first
     * called latest (the end of the body), that is the higher index.
     */
    private static int byCountThenLatest(int a, int b, long[] counts) {
        int byCount = Long.compare(counts[a], counts[b]);
        return byCount != 0 ? byCount : Integer.compare(b, a);
    }

    /** A growable list of ints, one rank's candidate calls. */
    static final class IntList {
        private int[] data = new int[64];
        private int size;

        void add(int v) {
            if (size == data.length) {
                data = java.util.Arrays.copyOf(data, size * 2);
            }
            data[size++] = v;
        }

        int get(int i) {
            return data[i];
        }

        int size() {
            return size;
        }
    }
}
