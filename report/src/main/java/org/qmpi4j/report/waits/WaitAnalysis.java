package org.qmpi4j.report.waits;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * Finds wait states, their delays and the critical path in one pass over all ranks' calls in
 * order of entry on the common clock, holding only what is still open: messages whose other end
 * has not been read ({@link PointToPointMatching}), collectives whose last member has not arrived
 * ({@link CollectiveMatching}), each rank's last {@link RankProgress#HISTORY} intervals (fewer
 * beyond 65,536 ranks: {@link RankProgress#historyFor}; to explain
 * a wait by what the late rank did just before: {@link WaitCauses}) and the heads of the critical
 * paths ({@link CriticalPathNode}). Memory grows with the ranks and with what is in flight at one
 * moment, not with the length of the run.
 *
 * <p>This class takes each call, hands it to the matchers, decides which wait of a call counts
 * (its longest) and when (once its rank has moved on), and puts the report together at the end
 * from the tally ({@link WaitTally}) and the path of the rank that finished last
 * ({@link CriticalPath}).
 */
public final class WaitAnalysis {
    /** Waits shorter than this are not counted unless the caller chooses otherwise. */
    public static final long DEFAULT_NOISE_FLOOR_NS = 1_000;

    /** One rank's calls in the order it made them; {@code null} at the end. May reuse its event. */
    public interface RankEvents {
        @Nullable
        WaitEvent next() throws IOException;
    }

    /** Told of every wait instance counted, in the order they are counted (not in time order). */
    public interface InstanceListener {
        void counted(WaitReport.Instance instance);
    }

    /** Nobody is told. */
    public static final InstanceListener NOBODY = new Nobody();

    private final long noiseFloorNs;
    /** Each rank's progress, at its rank (a rank not seen yet: {@code null}): looked up at every call. */
    private RankProgress[] ranks = new RankProgress[16];

    private final List<String> problems = new ArrayList<>();
    private final WaitSink sink = new Offers();
    private final PointToPointMatching messages = new PointToPointMatching(sink);
    private final CollectiveMatching collectives = new CollectiveMatching(sink, problems);
    private final WaitTally tally;
    /** Intervals each rank keeps ({@link RankProgress#historyFor}). */
    private final int history;
    /** Some call came with what the JVM did around it: delays and the path get causes. */
    private boolean jvmKnown;

    public WaitAnalysis(long noiseFloorNs) {
        this(noiseFloorNs, NOBODY);
    }

    /** An analysis that tells {@code listener} of every wait instance it counts. */
    public WaitAnalysis(long noiseFloorNs, InstanceListener listener) {
        this(noiseFloorNs, listener, RankProgress.HISTORY);
    }

    private WaitAnalysis(long noiseFloorNs, InstanceListener listener, int history) {
        this.noiseFloorNs = Math.max(1, noiseFloorNs);
        this.tally = new WaitTally(listener);
        this.history = history;
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
        WaitAnalysis a = new WaitAnalysis(noiseFloorNs, listener, RankProgress.historyFor(sources.size()));
        EntryOrderMerge.feed(sources, a);
        return a.finish();
    }

    /**
     * One call; calls must come in order of entry (ties in any order), each rank's in its own
     * order. {@code e} may be reused afterwards.
     */
    public void accept(WaitEvent e) {
        RankProgress s = progress(e.rank);
        if (s == null) {
            s = new RankProgress(e.rank, history);
            if (e.rank >= ranks.length) {
                ranks = java.util.Arrays.copyOf(ranks, Math.max(e.rank + 1, 2 * ranks.length));
            }
            ranks[e.rank] = s;
        }
        finalizeOpen(s);
        if (s.lastExit != Long.MIN_VALUE && e.enter > s.lastExit) {
            ComputationSegment comp = new ComputationSegment(
                    s.lastExit,
                    e.enter,
                    s.lastFunction,
                    s.lastSite,
                    e.function,
                    e.site,
                    e.jvmKnown ? JvmParts.before(e.jvm) : null);
            s.remember(comp);
            s.head.add(comp.interval(e.rank), e.enter - s.lastExit, comp.jvm, e.enter - s.lastExit);
        }
        jvmKnown |= e.jvmKnown;
        CallSegment c = new CallSegment(e, s.lastExit == Long.MIN_VALUE ? -1 : s.lastExit);
        s.remember(c);
        s.open = c;
        s.errorBound = e.errorBound;
        boolean partakes = e.sends != null
                || e.receives != null
                || e.instance >= 0
                || !e.completedSends.isEmpty()
                || !e.completedReceives.isEmpty();
        CriticalPathNode node = partakes ? s.snapshot() : null;
        if (e.sends != null) {
            messages.send(e.sends, c, node, e.sendCompletion);
        }
        if (e.receives != null) {
            messages.receive(e.receives, c, node, e.receiveCompletion);
        }
        for (String id : e.completedSends) {
            messages.sendCompleted(id, c);
        }
        for (String id : e.completedReceives) {
            messages.receiveCompleted(id, c);
        }
        if (e.instance >= 0 && e.communicator != null) {
            collectives.arrive(e, c, node);
        }
        if (node != null) {
            node.refs--;
        }
        s.lastExit = e.exit;
        s.lastFunction = e.function;
        s.lastSite = e.site;
    }

    /** {@code victim} waited {@code ns} for {@code late}; the longest such wait of a call counts. */
    private void offer(
            CallSegment victim, Pattern pattern, long ns, CallSegment late, @Nullable CriticalPathNode lateNode) {
        if (ns < noiseFloorNs || ns <= victim.waitNs) {
            return;
        }
        RankProgress l = progress(late.rank);
        victim.pattern = pattern;
        victim.waitNs = ns;
        victim.peer = late.rank;
        victim.lateFunction = late.function;
        victim.lateSite = late.site;
        victim.lateStart = late.start;
        victim.lateEnd = late.end;
        victim.latePreviousExit = late.previousExit;
        // The victim's rank has a progress record: its call is being analysed.
        victim.bound = Objects.requireNonNull(progress(victim.rank)).errorBound + (l == null ? 0 : l.errorBound);
        victim.causes = l == null ? WaitCauses.NONE : WaitCauses.explain(l, late, ns);
        victim.lateNode = CriticalPathNode.hold(victim.lateNode, lateNode);
        if (victim.finalized) {
            // Its rank has moved on (clocks that disagree within their bounds): count it, no jump.
            tally.count(victim);
        }
    }

    private static final class Nobody implements InstanceListener {
        @Override
        public void counted(WaitReport.Instance instance) {}
    }

    /** The matchers' waits, to {@link #offer}. */
    private final class Offers implements WaitSink {
        @Override
        public void offer(
                CallSegment victim, Pattern pattern, long ns, CallSegment late, @Nullable CriticalPathNode lateNode) {
            WaitAnalysis.this.offer(victim, pattern, ns, late, lateNode);
        }
    }

    /** The rank's previous call is over: count its wait, move its critical path. */
    private void finalizeOpen(RankProgress s) {
        CallSegment c = s.open;
        if (c == null) {
            return;
        }
        s.open = null;
        c.finalized = true;
        if (c.pattern != null) {
            tally.count(c);
        }
        s.extendPath(c);
    }

    private @Nullable RankProgress progress(int rank) {
        return rank >= 0 && rank < ranks.length ? ranks[rank] : null;
    }

    /** Ends the analysis: the last calls, the critical path, what stayed unmatched. */
    public WaitReport finish() {
        RankProgress lastRank = null;
        for (RankProgress s : ranks) {
            if (s == null) {
                continue;
            }
            finalizeOpen(s);
            if (lastRank == null
                    || s.lastExit > lastRank.lastExit
                    || s.lastExit == lastRank.lastExit && s.rank < lastRank.rank) {
                lastRank = s;
            }
        }
        CriticalPath path = CriticalPath.endingAt(lastRank == null ? null : lastRank.head, jvmKnown);
        if (messages.open() > 0) {
            problems.add(messages.open() + " message(s) with one end not in the trace");
        }
        if (collectives.open() > 0) {
            problems.add(collectives.open() + " collective call(s) whose members were not all in the trace");
        }
        return new WaitReport(
                tally.states(), tally.delays(jvmKnown), path.steps, path.length, tally.worst(), noiseFloorNs, problems);
    }
}
