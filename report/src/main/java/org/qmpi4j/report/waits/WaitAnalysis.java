package org.qmpi4j.report.waits;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Finds wait states, their delays and the critical path in one pass over all ranks' calls in
 * order of entry on the common clock, holding only what is still open: messages whose other end
 * has not been read, collectives whose last member has not arrived, each rank's last
 * {@link #HISTORY} intervals (to explain a wait by what the late rank did just before) and the
 * heads of the critical paths. Memory grows with the ranks and with what is in flight at one
 * moment, not with the length of the run.
 *
 * <p>A wait's cause is read off the late rank's own timeline: if it arrived {@code w} late, the
 * {@code w} just before its late call are what made the partner wait. Computation there is a
 * short-term delay of that interval; MPI time there is a short-term delay of that call; time the
 * late rank itself spent waiting there is handed on to whatever caused that wait, in the
 * proportions it was caused (a long-term delay). So a chain of waits ends at the computations that
 * began it, without a backward pass over the trace.
 *
 * <p>The critical path is carried forward: each rank holds the longest chain of intervals that
 * leads to its present; a call that waited takes over the late partner's chain at the late call's
 * entry. At the end, the chain of the rank that finished last is the critical path.
 */
public final class WaitAnalysis {
    /** Waits shorter than this are not counted unless the caller chooses otherwise. */
    public static final long DEFAULT_NOISE_FLOOR_NS = 1_000;
    /** Intervals kept per rank to explain its lateness. */
    static final int HISTORY = 32;
    /** Causes kept per wait; smaller ones are merged into the largest. */
    static final int MIX_LIMIT = 8;
    /** Single waits kept for drawing. */
    static final int WORST = 5;

    /** One rank's calls in the order it made them; {@code null} at the end. May reuse its event. */
    public interface RankEvents {
        WaitEvent next() throws IOException;
    }

    /** Told of every wait instance counted, in the order they are counted (not in time order). */
    public interface InstanceListener {
        void counted(WaitReport.Instance instance);
    }

    /** Nobody is told. */
    public static final InstanceListener NOBODY = i -> {};

    private final long noiseFloorNs;
    private final Map<Integer, RankState> ranks = new HashMap<>();
    private final Map<String, Message> messages = new HashMap<>();
    private final Map<String, Collective> collectives = new HashMap<>();
    private final Map<WaitKey, long[]> waits = new LinkedHashMap<>();
    private final Map<WaitKey, Integer> peers = new HashMap<>();
    private final Map<Interval, long[]> delays = new HashMap<>();
    private final PriorityQueue<WaitReport.Instance> worst =
            new PriorityQueue<>(Comparator.comparingLong(WaitReport.Instance::waitNs));
    private final List<String> problems = new ArrayList<>();
    private int mismatches;
    private final InstanceListener listener;

    public WaitAnalysis(long noiseFloorNs) {
        this(noiseFloorNs, NOBODY);
    }

    /** An analysis that tells {@code listener} of every wait instance it counts. */
    public WaitAnalysis(long noiseFloorNs, InstanceListener listener) {
        this.noiseFloorNs = Math.max(1, noiseFloorNs);
        this.listener = listener;
    }

    /** Reads every rank's calls, merged by entry time, and analyses them. */
    public static WaitReport analyse(Map<Integer, RankEvents> sources, long noiseFloorNs) throws IOException {
        return analyse(sources, noiseFloorNs, NOBODY);
    }

    /**
     * As {@link #analyse(Map, long)}, telling {@code listener} of every wait instance counted (to
     * mark them in a trace).
     */
    public static WaitReport analyse(Map<Integer, RankEvents> sources, long noiseFloorNs, InstanceListener listener)
            throws IOException {
        WaitAnalysis a = new WaitAnalysis(noiseFloorNs, listener);
        PriorityQueue<Head> queue = new PriorityQueue<>(
                Math.max(1, sources.size()),
                Comparator.comparingLong((Head h) -> h.event.enter).thenComparingInt(h -> h.event.rank));
        for (Map.Entry<Integer, RankEvents> s : sources.entrySet()) {
            WaitEvent e = s.getValue().next();
            if (e != null) {
                queue.add(new Head(s.getValue(), e));
            }
        }
        while (!queue.isEmpty()) {
            Head h = queue.poll();
            a.accept(h.event);
            WaitEvent next = h.source.next();
            if (next != null) {
                h.event = next;
                queue.add(h);
            }
        }
        return a.finish();
    }

    private static final class Head {
        final RankEvents source;
        WaitEvent event;

        Head(RankEvents source, WaitEvent event) {
            this.source = source;
            this.event = event;
        }
    }

    /**
     * One call; calls must come in order of entry (ties in any order), each rank's in its own
     * order. {@code e} may be reused afterwards.
     */
    public void accept(WaitEvent e) {
        RankState s = ranks.computeIfAbsent(e.rank, RankState::new);
        finalizeOpen(s);
        if (s.lastExit != Long.MIN_VALUE && e.enter > s.lastExit) {
            Computation comp = new Computation(s.lastExit, e.enter, s.lastFunction, s.lastSite, e.function, e.site);
            s.remember(comp);
            s.head.add(comp.interval(e.rank), e.enter - s.lastExit);
        }
        Call c = new Call(e, s.lastExit == Long.MIN_VALUE ? -1 : s.lastExit);
        s.remember(c);
        s.open = c;
        s.errorBound = e.errorBound;
        boolean partakes = e.sends != null
                || e.receives != null
                || e.instance >= 0
                || !e.completedSends.isEmpty()
                || !e.completedReceives.isEmpty();
        PathNode node = partakes ? s.snapshot() : null;
        if (e.sends != null) {
            Message m = messages.computeIfAbsent(e.sends, k -> new Message());
            m.send = c;
            m.sendNode = hold(m.sendNode, node);
            if (e.sendCompletion == WaitEvent.Completion.HERE) {
                m.sendDone = c;
            } else if (e.sendCompletion == WaitEvent.Completion.UNKNOWN) {
                m.lateReceiverDone = true;
            }
            settle(e.sends, m);
        }
        if (e.receives != null) {
            Message m = messages.computeIfAbsent(e.receives, k -> new Message());
            m.recvPost = c;
            m.recvNode = hold(m.recvNode, node);
            if (e.receiveCompletion == WaitEvent.Completion.HERE) {
                m.recvDone = c;
            } else if (e.receiveCompletion == WaitEvent.Completion.UNKNOWN) {
                m.lateSenderDone = true;
            }
            settle(e.receives, m);
        }
        for (String id : e.completedSends) {
            Message m = messages.computeIfAbsent(id, k -> new Message());
            m.sendDone = c;
            settle(id, m);
        }
        for (String id : e.completedReceives) {
            Message m = messages.computeIfAbsent(id, k -> new Message());
            m.recvDone = c;
            if (m.recvPost == null) {
                // A wildcard receive: when it was posted is not known, so neither is a late receiver.
                m.lateReceiverDone = true;
            }
            settle(id, m);
        }
        if (e.instance >= 0 && e.communicator != null) {
            collective(e, c, node);
        }
        if (node != null) {
            node.refs--;
        }
        s.lastExit = e.exit;
        s.lastFunction = e.function;
        s.lastSite = e.site;
    }

    private static PathNode hold(PathNode old, PathNode node) {
        if (old != null) {
            old.refs--;
        }
        if (node != null) {
            node.refs++;
        }
        return node;
    }

    private void settle(String id, Message m) {
        if (!m.lateSenderDone && m.send != null && m.recvDone != null) {
            m.lateSenderDone = true;
            Call r = m.recvDone;
            if (m.send.start > r.start) {
                offer(r, Pattern.LATE_SENDER, Math.min(m.send.start, r.end) - r.start, m.send, m.sendNode);
            }
        }
        if (!m.lateReceiverDone && m.sendDone != null && m.recvPost != null) {
            m.lateReceiverDone = true;
            Call sd = m.sendDone;
            if (m.recvPost.start > sd.start && sd.end > m.recvPost.start) {
                offer(sd, Pattern.LATE_RECEIVER, Math.min(m.recvPost.start, sd.end) - sd.start, m.recvPost, m.recvNode);
            }
        }
        if (m.lateSenderDone && m.lateReceiverDone) {
            hold(m.sendNode, null);
            hold(m.recvNode, null);
            messages.remove(id);
        }
    }

    private void collective(WaitEvent e, Call c, PathNode node) {
        CollectiveKind kind = CollectiveKind.of(e.function);
        if (kind == CollectiveKind.NONE) {
            return;
        }
        String key = e.communicator + "#" + e.instance;
        Collective k = collectives.computeIfAbsent(key, x -> new Collective(kind, Math.max(1, e.members), e.function));
        if (!k.function.equals(e.function)) {
            // Not one collective: the trace's instances do not line up (a reader that cannot tell
            // communicators apart). Say so once, and leave this one out.
            if (mismatches++ == 0) {
                problems.add("collective " + key + ": rank " + e.rank + " called " + e.function + ", another rank "
                        + k.function + "; collectives not matched from there on");
            }
            return;
        }
        boolean rooted = kind == CollectiveKind.ONE_TO_N || kind == CollectiveKind.N_TO_ONE;
        // A member names the root by its world rank; the root itself and, on an intercommunicator,
        // the other members of its group may name none (MPI_ROOT, MPI_PROC_NULL): the root is the
        // member the others name, and a member that names none takes no part in the wait.
        c.partakes = !rooted || e.root >= 0;
        if (k.namedRoot < 0 && e.root >= 0) {
            k.namedRoot = e.root;
        }
        k.calls.add(c);
        k.nodes.add(hold(null, node));
        if (rooted && k.root == null && k.namedRoot >= 0) {
            for (int i = 0; i < k.calls.size(); i++) {
                if (k.calls.get(i).rank == k.namedRoot) {
                    k.root = k.calls.get(i);
                    k.root.root = true;
                    k.rootNode = k.nodes.get(i);
                }
            }
            if (kind == CollectiveKind.ONE_TO_N && k.root != null) {
                // Those already waiting waited for the root; those yet to come will not.
                Call r = k.root;
                for (Call m : k.calls) {
                    if (m != r && m.partakes && m.start < r.start) {
                        offer(m, Pattern.LATE_BROADCAST, Math.min(r.start, m.end) - m.start, r, k.rootNode);
                    }
                }
            }
        }
        if (k.calls.size() < k.expected) {
            return;
        }
        collectives.remove(key);
        if (kind == CollectiveKind.BARRIER || kind == CollectiveKind.N_TO_N) {
            int last = latest(k.calls, false);
            Call l = k.calls.get(last);
            Pattern p = kind == CollectiveKind.BARRIER ? Pattern.WAIT_AT_BARRIER : Pattern.WAIT_AT_NXN;
            for (Call m : k.calls) {
                if (m != l && m.start < l.start) {
                    offer(m, p, Math.min(l.start, m.end) - m.start, l, k.nodes.get(last));
                }
            }
        } else if (kind == CollectiveKind.N_TO_ONE) {
            Call root = k.root;
            int last = latest(k.calls, true);
            if (root != null && last >= 0) {
                Call l = k.calls.get(last);
                if (root.start < l.start) {
                    offer(root, Pattern.EARLY_REDUCE, Math.min(l.start, root.end) - root.start, l, k.nodes.get(last));
                }
            }
        }
        for (PathNode n : k.nodes) {
            hold(n, null);
        }
    }

    /** The member that entered last (among the contributors other than the root, if {@code contributors}). */
    private static int latest(List<Call> calls, boolean contributors) {
        int best = -1;
        for (int i = 0; i < calls.size(); i++) {
            Call m = calls.get(i);
            if (contributors && (m.root || !m.partakes)) {
                continue;
            }
            if (best < 0 || m.start > calls.get(best).start) {
                best = i;
            }
        }
        return best;
    }

    /** {@code victim} waited {@code ns} for {@code late}; the longest such wait of a call counts. */
    private void offer(Call victim, Pattern pattern, long ns, Call late, PathNode lateNode) {
        if (ns < noiseFloorNs || ns <= victim.waitNs) {
            return;
        }
        RankState l = ranks.get(late.rank);
        victim.pattern = pattern;
        victim.waitNs = ns;
        victim.peer = late.rank;
        victim.lateFunction = late.function;
        victim.lateSite = late.site;
        victim.lateStart = late.start;
        victim.lateEnd = late.end;
        victim.latePreviousExit = late.previousExit;
        victim.bound = ranks.get(victim.rank).errorBound + (l == null ? 0 : l.errorBound);
        victim.causes = l == null ? new Mix() : explain(l, late, ns);
        if (victim.lateNode != null) {
            victim.lateNode.refs--;
        }
        victim.lateNode = lateNode;
        if (lateNode != null) {
            lateNode.refs++;
        }
        if (victim.finalized) {
            // Its rank has moved on (clocks that disagree within their bounds): count it, no jump.
            emit(victim);
        }
    }

    /** What the late rank did in the {@code ns} before entering {@code late}. */
    private Mix explain(RankState l, Call late, long ns) {
        Mix mix = new Mix();
        long until = late.start;
        long from = until - ns;
        long covered = 0;
        Iterator<Segment> it = l.history.descendingIterator();
        while (it.hasNext() && covered < ns) {
            Segment s = it.next();
            long a = Math.max(s.start, from);
            long b = Math.min(s.end, until);
            if (b <= a) {
                if (s.end <= from) {
                    break;
                }
                continue;
            }
            if (s instanceof Computation) {
                mix.add(((Computation) s).interval(l.rank), b - a, 0);
            } else {
                Call c = (Call) s;
                long waited = 0;
                if (c.emitted && c.waitNs > 0 && c.causes != null) {
                    long wa = a;
                    long wb = Math.min(b, c.start + c.waitNs);
                    if (wb > wa) {
                        waited = wb - wa;
                        mix.propagate(c.causes, waited);
                    }
                }
                if (b - a - waited > 0) {
                    mix.add(new Interval(l.rank, Interval.Kind.MPI, c.function, c.site, null, null), b - a - waited, 0);
                }
            }
            covered += b - a;
        }
        if (covered < ns) {
            mix.add(
                    new Interval(l.rank, Interval.Kind.COMPUTATION, late.function, late.site, null, null),
                    ns - covered,
                    0);
        }
        mix.limit(MIX_LIMIT);
        return mix;
    }

    /** The rank's previous call is over: count its wait, move its critical path. */
    private void finalizeOpen(RankState s) {
        Call c = s.open;
        if (c == null) {
            return;
        }
        s.open = null;
        c.finalized = true;
        if (c.pattern != null) {
            emit(c);
        }
        if (c.lateNode != null && c.lateStart < c.end) {
            PathNode from = c.lateNode;
            from.pinned = true;
            s.head = new PathNode(s.rank, from);
            s.head.add(c.mpiInterval(), c.end - Math.max(c.start, c.lateStart));
            from.refs--;
            c.lateNode = null;
        } else {
            if (c.lateNode != null) {
                c.lateNode.refs--;
                c.lateNode = null;
            }
            s.head.add(c.mpiInterval(), c.end - c.start);
        }
    }

    private void emit(Call c) {
        if (c.emitted) {
            return;
        }
        c.emitted = true;
        long ns = c.waitNs;
        boolean uncertain = ns < c.bound;
        WaitKey key = new WaitKey(c.pattern, c.rank, c.function, c.site);
        long[] w = waits.computeIfAbsent(key, k -> new long[4]);
        w[0] += ns;
        w[1]++;
        if (uncertain) {
            w[2]++;
        }
        w[3] = Math.max(w[3], c.bound);
        Integer peer = peers.get(key);
        if (peer == null) {
            peers.put(key, c.peer);
        } else if (peer != c.peer) {
            peers.put(key, -1);
        }
        for (Map.Entry<Interval, long[]> d : c.causes.parts.entrySet()) {
            long[] t = delays.computeIfAbsent(d.getKey(), k -> new long[3]);
            t[0] += d.getValue()[0];
            t[1] += d.getValue()[1];
            t[2]++;
        }
        if (listener != NOBODY || worst.size() < WORST || ns > worst.peek().waitNs()) {
            WaitReport.Instance instance = new WaitReport.Instance(
                    c.pattern,
                    c.rank,
                    c.function,
                    c.site,
                    c.start,
                    c.end,
                    ns,
                    c.peer,
                    c.lateFunction,
                    c.lateSite,
                    c.lateStart,
                    c.lateEnd,
                    c.latePreviousExit,
                    uncertain);
            listener.counted(instance);
            if (worst.size() < WORST || ns > worst.peek().waitNs()) {
                worst.add(instance);
                if (worst.size() > WORST) {
                    worst.poll();
                }
            }
        }
    }

    /** Ends the analysis: the last calls, the critical path, what stayed unmatched. */
    public WaitReport finish() {
        RankState lastRank = null;
        for (RankState s : ranks.values()) {
            finalizeOpen(s);
            if (lastRank == null
                    || s.lastExit > lastRank.lastExit
                    || s.lastExit == lastRank.lastExit && s.rank < lastRank.rank) {
                lastRank = s;
            }
        }
        List<WaitReport.WaitState> states = new ArrayList<>();
        for (Map.Entry<WaitKey, long[]> w : waits.entrySet()) {
            WaitKey k = w.getKey();
            long[] v = w.getValue();
            states.add(new WaitReport.WaitState(
                    k.pattern, k.rank, k.function, k.site, peers.get(k), v[0], v[1], v[2], v[3]));
        }
        states.sort(Comparator.comparingLong(WaitReport.WaitState::ns)
                .reversed()
                .thenComparingInt(WaitReport.WaitState::rank)
                .thenComparingInt(w -> w.pattern().ordinal())
                .thenComparing(WaitReport.WaitState::function)
                .thenComparing(w -> w.site().toString()));
        List<WaitReport.Delay> delayList = new ArrayList<>();
        for (Map.Entry<Interval, long[]> d : delays.entrySet()) {
            long[] v = d.getValue();
            delayList.add(new WaitReport.Delay(d.getKey(), v[0], v[1], v[2]));
        }
        delayList.sort(Comparator.comparingLong(WaitReport.Delay::ns)
                .reversed()
                .thenComparingInt(d -> d.interval().rank())
                .thenComparing(d -> d.interval().describe()));
        Map<Interval, Long> path = new HashMap<>();
        long length = 0;
        for (PathNode n = lastRank == null ? null : lastRank.head; n != null; n = n.prev) {
            for (Map.Entry<Interval, long[]> t : n.time.entrySet()) {
                path.merge(t.getKey(), t.getValue()[0], Long::sum);
                length += t.getValue()[0];
            }
        }
        List<WaitReport.PathStep> steps = new ArrayList<>();
        for (Map.Entry<Interval, Long> p : path.entrySet()) {
            steps.add(new WaitReport.PathStep(p.getKey(), p.getValue()));
        }
        steps.sort(Comparator.comparingLong(WaitReport.PathStep::ns)
                .reversed()
                .thenComparingInt(p -> p.interval().rank())
                .thenComparing(p -> p.interval().describe()));
        List<WaitReport.Instance> top = new ArrayList<>(worst);
        top.sort(Comparator.comparingLong(WaitReport.Instance::waitNs).reversed());
        if (!messages.isEmpty()) {
            problems.add(messages.size() + " message(s) with one end not in the trace");
        }
        if (!collectives.isEmpty()) {
            problems.add(collectives.size() + " collective call(s) whose members were not all in the trace");
        }
        return new WaitReport(states, delayList, steps, length, top, noiseFloorNs, problems);
    }

    private static final class WaitKey {
        final Pattern pattern;
        final int rank;
        final String function;
        final CallSite site;

        WaitKey(Pattern pattern, int rank, String function, CallSite site) {
            this.pattern = pattern;
            this.rank = rank;
            this.function = function;
            this.site = site;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof WaitKey)) {
                return false;
            }
            WaitKey k = (WaitKey) o;
            return pattern == k.pattern && rank == k.rank && function.equals(k.function) && site.equals(k.site);
        }

        @Override
        public int hashCode() {
            return ((pattern.hashCode() * 31 + rank) * 31 + function.hashCode()) * 31 + site.hashCode();
        }
    }

    /** What one rank is doing: its last calls, its critical path, its open call. */
    private static final class RankState {
        final int rank;
        final ArrayDeque<Segment> history = new ArrayDeque<>(HISTORY + 1);
        PathNode head;
        Call open;
        long lastExit = Long.MIN_VALUE;
        String lastFunction;
        CallSite lastSite;
        long errorBound;

        RankState(int rank) {
            this.rank = rank;
            this.head = new PathNode(rank, null);
        }

        void remember(Segment s) {
            history.addLast(s);
            if (history.size() > HISTORY) {
                history.removeFirst();
            }
        }

        /**
         * The critical path up to now, for a partner that may wait for this call: fixed here (a new
         * node continues it). A node nobody holds any more is folded into its successor, so that the
         * chain of a rank that nobody waited for stays one node long.
         */
        PathNode snapshot() {
            PathNode n = head;
            while (n.prev != null && n.prev.rank == rank && n.prev.refs == 0 && !n.prev.pinned) {
                PathNode p = n.prev;
                for (Map.Entry<Interval, long[]> t : p.time.entrySet()) {
                    n.add(t.getKey(), t.getValue()[0]);
                }
                n.prev = p.prev;
            }
            n.refs++;
            head = new PathNode(rank, n);
            return n;
        }
    }

    /** A part of the critical path on one rank: time per interval, after the part {@code prev}. */
    private static final class PathNode {
        final int rank;
        final Map<Interval, long[]> time = new HashMap<>(4);
        PathNode prev;
        /** Messages and collectives still holding it. */
        int refs;
        /** A rank's path continues from it (it cannot be folded). */
        boolean pinned;

        PathNode(int rank, PathNode prev) {
            this.rank = rank;
            this.prev = prev;
        }

        void add(Interval i, long ns) {
            if (ns > 0) {
                time.computeIfAbsent(i, k -> new long[1])[0] += ns;
            }
        }
    }

    private abstract static class Segment {
        final long start;
        final long end;

        Segment(long start, long end) {
            this.start = start;
            this.end = end;
        }
    }

    private static final class Computation extends Segment {
        final String previous;
        final CallSite previousSite;
        final String function;
        final CallSite site;

        Computation(long start, long end, String previous, CallSite previousSite, String function, CallSite site) {
            super(start, end);
            this.previous = previous;
            this.previousSite = previousSite;
            this.function = function;
            this.site = site;
        }

        Interval interval(int rank) {
            return new Interval(rank, Interval.Kind.COMPUTATION, function, site, previous, previousSite);
        }
    }

    private static final class Call extends Segment {
        final int rank;
        final String function;
        final CallSite site;
        final long previousExit;
        boolean root;
        boolean partakes = true;
        boolean finalized;
        boolean emitted;
        Pattern pattern;
        long waitNs;
        int peer = -1;
        String lateFunction;
        CallSite lateSite;
        long lateStart;
        long lateEnd;
        long latePreviousExit;
        long bound;
        Mix causes;
        PathNode lateNode;

        Call(WaitEvent e, long previousExit) {
            super(e.enter, e.exit);
            this.rank = e.rank;
            this.function = e.function;
            this.site = e.site;
            this.previousExit = previousExit;
        }

        Interval mpiInterval() {
            return new Interval(rank, Interval.Kind.MPI, function, site, null, null);
        }
    }

    private static final class Message {
        Call send;
        Call sendDone;
        Call recvPost;
        Call recvDone;
        PathNode sendNode;
        PathNode recvNode;
        boolean lateSenderDone;
        boolean lateReceiverDone;
    }

    private static final class Collective {
        final CollectiveKind kind;
        final int expected;
        final List<Call> calls = new ArrayList<>();
        final List<PathNode> nodes = new ArrayList<>();
        final String function;
        /** The root's world rank as a member named it, or -1. */
        long namedRoot = -1;

        Call root;
        PathNode rootNode;

        Collective(CollectiveKind kind, int expected, String function) {
            this.kind = kind;
            this.expected = expected;
            this.function = function;
        }
    }

    /** The causes of one wait: per interval, the time it explains directly and through other waits. */
    static final class Mix {
        final Map<Interval, long[]> parts = new LinkedHashMap<>();

        void add(Interval i, long shortNs, long longNs) {
            long[] p = parts.computeIfAbsent(i, k -> new long[2]);
            p[0] += shortNs;
            p[1] += longNs;
        }

        long total() {
            long t = 0;
            for (long[] p : parts.values()) {
                t += p[0] + p[1];
            }
            return t;
        }

        /** {@code ns} of a wait caused by {@code causes}, handed on in their proportions (long-term). */
        void propagate(Mix causes, long ns) {
            long total = causes.total();
            if (total <= 0) {
                return;
            }
            long given = 0;
            Interval largest = null;
            long largestNs = -1;
            for (Map.Entry<Interval, long[]> c : causes.parts.entrySet()) {
                long part = c.getValue()[0] + c.getValue()[1];
                long share = (long) ((double) ns * part / total);
                add(c.getKey(), 0, share);
                given += share;
                if (part > largestNs) {
                    largestNs = part;
                    largest = c.getKey();
                }
            }
            if (largest != null && given < ns) {
                add(largest, 0, ns - given);
            }
        }

        /** Keeps the {@code n} largest causes; the rest is added to the largest. */
        void limit(int n) {
            if (parts.size() <= n) {
                return;
            }
            List<Map.Entry<Interval, long[]>> all = new ArrayList<>(parts.entrySet());
            all.sort(Comparator.comparingLong((Map.Entry<Interval, long[]> e) -> e.getValue()[0] + e.getValue()[1])
                    .reversed());
            long[] rest = new long[2];
            for (int i = n; i < all.size(); i++) {
                rest[0] += all.get(i).getValue()[0];
                rest[1] += all.get(i).getValue()[1];
            }
            Map<Interval, long[]> kept = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                kept.put(all.get(i).getKey(), all.get(i).getValue().clone());
            }
            long[] first = kept.values().iterator().next();
            first[0] += rest[0];
            first[1] += rest[1];
            parts.clear();
            parts.putAll(kept);
        }
    }
}
