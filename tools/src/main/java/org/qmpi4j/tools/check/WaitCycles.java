package org.qmpi4j.tools.check;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.qmpi4j.api.Nullable;

/**
 * The cycles of a deadlock's wait-for graph ({@link WaitForGraph}): one per group of blocked ranks
 * that wait on one another, so that independent deadlocks in one job are each named.
 */
final class WaitCycles {
    private WaitCycles() {}

    /**
     * One cycle through each group of blocked ranks that wait on one another (each strongly
     * connected part of the wait-for graph), lowest rank first, as ranks with the first repeated
     * last: two pairs deadlocked independently are two cycles, and both are named.
     */
    static List<List<Integer>> of(List<TreeSet<Integer>> edges, BlockedCall[] ranks) {
        int n = edges.size();
        int[] part = new StronglyConnected(edges, ranks).parts();
        List<List<Integer>> cycles = new ArrayList<>();
        boolean[] named = new boolean[n + 1];
        for (int start = 0; start < n; start++) {
            int p = part[start];
            if (p < 0 || named[p]) {
                continue;
            }
            List<Integer> cycle = cycleWithin(start, p, part, edges);
            if (cycle != null) {
                named[p] = true;
                cycles.add(cycle);
            }
        }
        return cycles;
    }

    /** A shortest way from {@code start} back to itself inside its part (breadth first), or {@code null}. */
    private static @Nullable List<Integer> cycleWithin(int start, int p, int[] part, List<TreeSet<Integer>> edges) {
        int n = edges.size();
        int[] parent = new int[n];
        Arrays.fill(parent, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int w : edges.get(v)) {
                if (w < 0 || w >= n || part[w] != p) {
                    continue;
                }
                if (w == start) {
                    List<Integer> cycle = new ArrayList<>();
                    cycle.add(start);
                    for (int x = v; x != start; x = parent[x]) {
                        cycle.add(1, x);
                    }
                    cycle.add(start);
                    return cycle;
                }
                if (parent[w] < 0) {
                    parent[w] = v;
                    queue.add(w);
                }
            }
        }
        return null;
    }

    /** Tarjan's strongly connected parts of the wait-for graph over the blocked ranks. */
    private static final class StronglyConnected {
        private final List<TreeSet<Integer>> edges;
        private final BlockedCall[] ranks;
        private final int[] index;
        private final int[] low;
        private final boolean[] onStack;
        private final int[] part;
        private final ArrayDeque<Integer> stack = new ArrayDeque<>();
        private int next;
        private int parts;

        StronglyConnected(List<TreeSet<Integer>> edges, BlockedCall[] ranks) {
            this.edges = edges;
            this.ranks = ranks;
            int n = edges.size();
            index = new int[n];
            low = new int[n];
            onStack = new boolean[n];
            part = new int[n];
            Arrays.fill(index, -1);
            Arrays.fill(part, -1);
        }

        /** Each blocked rank's part, numbered from 0; -1 for ranks not blocked. */
        int[] parts() {
            for (int v = 0; v < edges.size(); v++) {
                if (index[v] < 0 && blocked(v)) {
                    visit(v);
                }
            }
            return part;
        }

        private boolean blocked(int v) {
            return v >= 0 && v < ranks.length && ranks[v] != null && ranks[v].call != null;
        }

        private void visit(int v) {
            index[v] = next;
            low[v] = next;
            next++;
            stack.push(v);
            onStack[v] = true;
            for (int w : edges.get(v)) {
                if (!blocked(w)) {
                    continue;
                }
                if (index[w] < 0) {
                    visit(w);
                    low[v] = Math.min(low[v], low[w]);
                } else if (onStack[w]) {
                    low[v] = Math.min(low[v], index[w]);
                }
            }
            if (low[v] == index[v]) {
                int w;
                do {
                    w = stack.pop();
                    onStack[w] = false;
                    part[w] = parts;
                } while (w != v);
                parts++;
            }
        }
    }
}
