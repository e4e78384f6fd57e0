package org.qmpi4j.report.iterations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Iterations;

/**
 * The program's own iteration marker: one {@code MPI_PCONTROL} call site with a level other than
 * 0, called the same number of times (at least {@value IterationRule#MIN_ITERATIONS}) on every
 * rank. Told each rank's calls as they are read ({@link #call}), it judges at the end
 * ({@link #verdict}): the marker, none (no {@code MPI_Pcontrol} site with a level other than 0
 * repeats), or markers that cannot be used, and why: the site's count differs between ranks, or
 * several sites repeat (which of them starts an iteration cannot be told). A level-0 call (tools
 * off) is never a marker; nor is a site called fewer than {@value IterationRule#MIN_ITERATIONS}
 * times on every rank (a snapshot at the end, a phase switch).
 */
final class PcontrolMarkers {
    /** The function a marker calls, as the trace names it. */
    static final String FUNCTION = "MPI_PCONTROL";

    private final int ranks;
    /** Per site, the count of marking calls on each rank (by the rank's index in the source). */
    private final Map<Iterations.Boundary, long[]> counts = new LinkedHashMap<>();

    PcontrolMarkers(int ranks) {
        this.ranks = ranks;
    }

    /** Whether a call of {@code site} that set {@code level} marks: an {@code MPI_PCONTROL} with a level other than 0. */
    static boolean marks(Iterations.Boundary site, long level) {
        return level != CallSource.NO_LEVEL && level != 0 && site.function().equals(FUNCTION);
    }

    /** A call of the rank at index {@code rankIndex}. */
    void call(int rankIndex, Iterations.Boundary site, long level) {
        if (marks(site, level)) {
            counts.computeIfAbsent(site, k -> new long[ranks])[rankIndex]++;
        }
    }

    /** What the calls told: a marker, or why there is none ({@code ranks}: the source's ranks, in order). */
    Verdict verdict(int[] ranks) {
        List<Map.Entry<Iterations.Boundary, long[]>> repeating = new ArrayList<>();
        for (Map.Entry<Iterations.Boundary, long[]> e : counts.entrySet()) {
            long max = 0;
            for (long n : e.getValue()) {
                max = Math.max(max, n);
            }
            if (max >= IterationRule.MIN_ITERATIONS) {
                repeating.add(e);
            }
        }
        if (repeating.isEmpty()) {
            return new Verdict(
                    null,
                    0,
                    "no MPI_Pcontrol call site with a level other than 0 is called at least "
                            + IterationRule.MIN_ITERATIONS + " times",
                    false);
        }
        if (repeating.size() > 1) {
            StringBuilder s = new StringBuilder("several MPI_Pcontrol call sites repeat (");
            for (int i = 0; i < repeating.size(); i++) {
                s.append(i == 0 ? "" : "; ").append(where(repeating.get(i).getKey()));
            }
            return new Verdict(
                    null,
                    0,
                    s.append("): which one starts an iteration cannot be told").toString(),
                    true);
        }
        Iterations.Boundary site = repeating.get(0).getKey();
        long[] n = repeating.get(0).getValue();
        for (int i = 1; i < n.length; i++) {
            if (n[i] != n[0]) {
                return new Verdict(
                        null,
                        0,
                        "MPI_Pcontrol at " + where(site) + " is called " + n[0] + " times on rank " + ranks[0] + " but "
                                + n[i] + " on rank " + ranks[i] + ": not a marker every rank passes equally",
                        true);
            }
        }
        return new Verdict(
                site,
                n[0],
                "marked by MPI_Pcontrol: every rank calls it at " + where(site) + " " + n[0]
                        + " times with a level other than 0, at the start of each iteration",
                true);
    }

    /** {@code Solver.main(Solver.java:42)}: the site without the function. */
    private static String where(Iterations.Boundary b) {
        String s = b.toString();
        String prefix = b.function() + " at ";
        return s.startsWith(prefix) ? s.substring(prefix.length()) : s;
    }

    /** The marker and its count, or ({@link #marker()} {@code null}) why there is none. */
    static final class Verdict {
        private final @Nullable Iterations.Boundary marker;
        private final long count;
        private final String reason;
        private final boolean present;

        Verdict(@Nullable Iterations.Boundary marker, long count, String reason, boolean present) {
            this.marker = marker;
            this.count = count;
            this.reason = reason;
            this.present = present;
        }

        /** The marker's site; {@code null} when there is none or it cannot be used. */
        @Nullable
        Iterations.Boundary marker() {
            return marker;
        }

        /** How often every rank called it. */
        long count() {
            return count;
        }

        /** What was found, or why no marker is used. */
        String reason() {
            return reason;
        }

        /** Whether some {@code MPI_Pcontrol} site repeats: markers exist, usable or not. */
        boolean present() {
            return present;
        }
    }
}
