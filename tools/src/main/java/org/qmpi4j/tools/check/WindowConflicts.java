package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.FindingSite;

/**
 * Rank 0's part of {@code rma_race}: every rank's one-sided accesses ({@link WindowEpochs#text}),
 * grouped by window, epoch and target, and the pairs in a group that reach the same bytes of the
 * target's window where at least one writes: a put beside any access, or a get beside an
 * accumulate (accumulates beside one another are atomic per element, and gets only read). Each
 * pair of sites is reported once, however many epochs repeat it.
 */
final class WindowConflicts {
    /** Findings at most: a loop that races in every epoch is one finding per pair of sites anyway. */
    static final int MOST = 20;

    /** One access as rank 0 reads it. */
    static final class Access {
        final String window;
        final int epoch;
        final int target;
        final long disp;
        final long bytes;
        final int kind;
        final FindingSite site;
        long start;

        Access(String window, int epoch, int target, long disp, long bytes, int kind, FindingSite site) {
            this.window = window;
            this.epoch = epoch;
            this.target = target;
            this.disp = disp;
            this.bytes = bytes;
            this.kind = kind;
            this.site = site;
        }
    }

    /** Two accesses that reach the same bytes of one window in one epoch. */
    static final class Conflict {
        final Access first;
        final Access second;
        final long from;
        final long to;

        Conflict(Access first, Access second) {
            this.first = first;
            this.second = second;
            this.from = Math.max(first.start, second.start);
            this.to = Math.min(first.start + first.bytes, second.start + second.bytes) - 1;
        }

        String message() {
            boolean bothPut = first.kind == WindowEpochs.PUT && second.kind == WindowEpochs.PUT;
            return "rank " + first.site.rank() + "'s " + first.site.function() + " and rank " + second.site.rank()
                    + "'s " + second.site.function()
                    + (first.site.rank() == second.site.rank() ? " (the same rank)" : "")
                    + " both reach bytes " + from + " to " + to + " of rank " + first.target
                    + "'s window in the same epoch (between its " + ordinal(first.epoch) + " and "
                    + ordinal(first.epoch + 1) + " MPI_Win_fence),"
                    + " and " + (bothPut ? "both write them" : "one of them writes them")
                    + ": MPI does not order the accesses of an epoch, so "
                    + (bothPut ? "which value the window keeps" : "what is read or kept")
                    + " depends on timing. Put a fence between them, give each origin its own place of the"
                    + " window, or add with MPI_Accumulate (the same operation) where each contributes to a"
                    + " sum";
        }
    }

    /** A named class, not a lambda: this runs at {@code MPI_Finalize}, where a lambda spins a hidden class. */
    private static final class ByStart implements Comparator<Access> {
        @Override
        public int compare(Access a, Access b) {
            return Long.compare(a.start, b.start);
        }
    }

    private static final Comparator<Access> BY_START = new ByStart();

    private final List<Conflict> found;
    private final long dropped;

    private WindowConflicts(List<Conflict> found, long dropped) {
        this.found = found;
        this.dropped = dropped;
    }

    List<Conflict> found() {
        return found;
    }

    /** Accesses the ranks made beyond what they keep, not compared. */
    long dropped() {
        return dropped;
    }

    /** The conflicts in the ranks' texts, one after another (lines that do not parse are left out). */
    static WindowConflicts read(String text) {
        Map<String, Integer> dispUnits = new HashMap<>();
        List<Access> accesses = new ArrayList<>();
        boolean otherSync = false;
        long dropped = 0;
        for (String line : text.split("\n", -1)) {
            try {
                if (line.equals("O")) {
                    otherSync = true;
                } else if (line.startsWith("D ")) {
                    dropped += Long.parseLong(line.substring(2).trim());
                } else if (line.startsWith("W ")) {
                    String[] w = line.split(" ");
                    if (w.length == 4) {
                        dispUnits.put(w[1] + " " + w[2], Integer.parseInt(w[3]));
                    }
                } else if (line.startsWith("A ")) {
                    Access a = access(line);
                    if (a != null) {
                        accesses.add(a);
                    }
                }
            } catch (NumberFormatException bad) {
                // not a line of ours
            }
        }
        if (otherSync) {
            return new WindowConflicts(List.of(), dropped);
        }
        Map<String, List<Access>> groups = new HashMap<>();
        for (Access a : accesses) {
            Integer unit = dispUnits.get(a.window + " " + a.target);
            if (unit == null || unit <= 0) {
                continue; // the target did not say its unit: its bytes are not known
            }
            a.start = a.disp * unit;
            String g = a.window + " " + a.epoch + " " + a.target;
            List<Access> group = groups.get(g);
            if (group == null) {
                group = new ArrayList<>();
                groups.put(g, group);
            }
            group.add(a);
        }
        List<Conflict> found = new ArrayList<>();
        Set<String> said = new HashSet<>();
        List<String> order = new ArrayList<>(groups.keySet());
        order.sort(null);
        for (String g : order) {
            List<Access> group = java.util.Objects.requireNonNull(groups.get(g));
            group.sort(BY_START);
            for (int i = 0; i < group.size() && found.size() < MOST; i++) {
                Access a = group.get(i);
                for (int j = i + 1; j < group.size() && group.get(j).start < a.start + a.bytes; j++) {
                    Access b = group.get(j);
                    if (conflicting(a.kind, b.kind) && said.add(key(a) + "|" + key(b)) && found.size() < MOST) {
                        found.add(a.site.rank() <= b.site.rank() ? new Conflict(a, b) : new Conflict(b, a));
                    }
                }
            }
        }
        return new WindowConflicts(found, dropped);
    }

    static boolean conflicting(int a, int b) {
        if (a == WindowEpochs.PUT || b == WindowEpochs.PUT) {
            return true;
        }
        return a != b; // a get beside an accumulate
    }

    private static String key(Access a) {
        return a.site.rank() + " " + a.site.function() + " " + a.site.className() + " " + a.site.line() + " "
                + a.target;
    }

    private static @Nullable Access access(String line) {
        String[] parts = line.split("\t", -1);
        if (parts.length != 4) {
            return null;
        }
        String[] n = parts[0].split(" ");
        if (n.length != 10) {
            return null;
        }
        int origin = Integer.parseInt(n[3]);
        FindingSite site = Sites.fromText(origin, n[8], Integer.parseInt(n[9]), parts[1], parts[2], parts[3]);
        return new Access(
                n[1],
                Integer.parseInt(n[2]),
                Integer.parseInt(n[4]),
                Long.parseLong(n[5]),
                Long.parseLong(n[6]),
                Integer.parseInt(n[7]),
                site);
    }

    private static String ordinal(int n) {
        int mod100 = n % 100;
        String suffix = mod100 >= 11 && mod100 <= 13
                ? "th"
                : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        return n + suffix;
    }
}
