package org.qmpi4j.formats.waits;

import java.util.Collections;
import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * What the wait-state analysis found: the waits by pattern, rank and call site, the delays that
 * caused them, the critical path, and the worst single waits (for drawing). Times in ns.
 */
public final class WaitReport {
    /**
     * Who waited: the rank, the function and call site it waited in, and the pattern of the wait;
     * what a {@link WaitState} and an {@link Instance} both say, kept in one place.
     */
    public abstract static class Waiter {
        private final Pattern pattern;
        private final int rank;
        private final String function;
        private final CallSite site;

        Waiter(Pattern pattern, int rank, String function, CallSite site) {
            this.pattern = pattern;
            this.rank = rank;
            this.function = function;
            this.site = site;
        }

        public final Pattern pattern() {
            return pattern;
        }

        public final int rank() {
            return rank;
        }

        public final String function() {
            return function;
        }

        public final CallSite site() {
            return site;
        }
    }

    /** The waiting of one rank at one call site in one pattern, summed over its instances. */
    public static final class WaitState extends Waiter {
        private final int peer;
        private final long ns;
        private final long instances;
        private final long uncertainInstances;
        private final long errorBoundNs;

        /** @param peer the late partner's world rank, or -1 where there were several */
        public WaitState(
                Pattern pattern,
                int rank,
                String function,
                CallSite site,
                int peer,
                long ns,
                long instances,
                long uncertainInstances,
                long errorBoundNs) {
            super(pattern, rank, function, site);
            this.peer = peer;
            this.ns = ns;
            this.instances = instances;
            this.uncertainInstances = uncertainInstances;
            this.errorBoundNs = errorBoundNs;
        }

        /** The late partner's world rank (point-to-point), or the last to arrive (collectives); -1: several. */
        public int peer() {
            return peer;
        }

        /** The time waited, as the pattern defines it. */
        public long ns() {
            return ns;
        }

        public long instances() {
            return instances;
        }

        /** Instances whose wait was shorter than the clocks' error bound of the two ranks. */
        public long uncertainInstances() {
            return uncertainInstances;
        }

        /** The largest error bound (both ranks' bounds added) of an instance. */
        public long errorBoundNs() {
            return errorBoundNs;
        }

        /** Every instance was within the clocks' error: the wait may be an artefact of clock alignment. */
        public boolean uncertain() {
            return instances > 0 && uncertainInstances == instances;
        }
    }

    /**
     * Time one interval of one rank accounts for, and what that time went to: what a {@link Delay}
     * and a {@link PathStep} both say, kept in one place.
     */
    public abstract static class IntervalTime {
        private final Interval interval;
        private final @Nullable DelayCauses causes;

        IntervalTime(Interval interval, @Nullable DelayCauses causes) {
            this.interval = interval;
            this.causes = causes;
        }

        public final Interval interval() {
            return interval;
        }

        /** What the time went to, summing to {@link #ns()}; {@code null} if not known. */
        public final @Nullable DelayCauses causes() {
            return causes;
        }

        /** The time the interval accounts for. */
        public abstract long ns();
    }

    /** The waiting one interval of one rank caused elsewhere: directly, and through chains of waits. */
    public static final class Delay extends IntervalTime {
        private final long shortTermNs;
        private final long longTermNs;
        private final long instances;

        public Delay(Interval interval, long shortTermNs, long longTermNs, long instances) {
            this(interval, shortTermNs, longTermNs, instances, null);
        }

        /** @param causes what the waiting went to; {@code null} if not known (a trace without the JVM's numbers) */
        public Delay(
                Interval interval, long shortTermNs, long longTermNs, long instances, @Nullable DelayCauses causes) {
            super(interval, causes);
            this.shortTermNs = shortTermNs;
            this.longTermNs = longTermNs;
            this.instances = instances;
        }

        /** Waiting it caused directly: a partner waited for this rank while it was in this interval. */
        public long shortTermNs() {
            return shortTermNs;
        }

        /** Waiting it caused through other waits: a rank that waited for it made a third rank wait. */
        public long longTermNs() {
            return longTermNs;
        }

        @Override
        public long ns() {
            return shortTermNs + longTermNs;
        }

        /** Wait instances it took part in causing. */
        public long instances() {
            return instances;
        }
    }

    /** One interval of the critical path and the time it adds. */
    public static final class PathStep extends IntervalTime {
        private final long ns;

        public PathStep(Interval interval, long ns) {
            this(interval, ns, null);
        }

        /** @param causes what the time went to; {@code null} if not known */
        public PathStep(Interval interval, long ns, @Nullable DelayCauses causes) {
            super(interval, causes);
            this.ns = ns;
        }

        @Override
        public long ns() {
            return ns;
        }
    }

    /** One wait as it happened, on the common clock, for drawing. */
    public static final class Instance extends Waiter {
        private final long enter;
        private final long exit;
        private final long waitNs;
        private final int lateRank;
        private final String lateFunction;
        private final CallSite lateSite;
        private final long lateEnter;
        private final long lateExit;
        private final long latePreviousExit;
        private final boolean uncertain;

        public Instance(
                Pattern pattern,
                int rank,
                String function,
                CallSite site,
                long enter,
                long exit,
                long waitNs,
                int lateRank,
                String lateFunction,
                CallSite lateSite,
                long lateEnter,
                long lateExit,
                long latePreviousExit,
                boolean uncertain) {
            super(pattern, rank, function, site);
            this.enter = enter;
            this.exit = exit;
            this.waitNs = waitNs;
            this.lateRank = lateRank;
            this.lateFunction = lateFunction;
            this.lateSite = lateSite;
            this.lateEnter = lateEnter;
            this.lateExit = lateExit;
            this.latePreviousExit = latePreviousExit;
            this.uncertain = uncertain;
        }

        public long enter() {
            return enter;
        }

        public long exit() {
            return exit;
        }

        public long waitNs() {
            return waitNs;
        }

        public int lateRank() {
            return lateRank;
        }

        public String lateFunction() {
            return lateFunction;
        }

        public CallSite lateSite() {
            return lateSite;
        }

        public long lateEnter() {
            return lateEnter;
        }

        public long lateExit() {
            return lateExit;
        }

        /** The late rank's previous call's exit (its computation before the late call began), or -1. */
        public long latePreviousExit() {
            return latePreviousExit;
        }

        public boolean uncertain() {
            return uncertain;
        }
    }

    private final List<WaitState> waits;
    private final List<Delay> delays;
    private final List<PathStep> criticalPath;
    private final long criticalPathNs;
    private final List<Instance> worst;
    private final long noiseFloorNs;
    private final List<String> problems;

    public WaitReport(
            List<WaitState> waits,
            List<Delay> delays,
            List<PathStep> criticalPath,
            long criticalPathNs,
            List<Instance> worst,
            long noiseFloorNs,
            List<String> problems) {
        this.waits = List.copyOf(waits);
        this.delays = List.copyOf(delays);
        this.criticalPath = List.copyOf(criticalPath);
        this.criticalPathNs = criticalPathNs;
        this.worst = List.copyOf(worst);
        this.noiseFloorNs = noiseFloorNs;
        this.problems = List.copyOf(problems);
    }

    /** An analysis that found nothing to analyse. */
    public static WaitReport empty() {
        return new WaitReport(List.of(), List.of(), List.of(), 0, List.of(), 0, Collections.emptyList());
    }

    /** By time waited, longest first. */
    public List<WaitState> waits() {
        return waits;
    }

    /** By delay cost, largest first. */
    public List<Delay> delays() {
        return delays;
    }

    /** The critical path's intervals, longest first. */
    public List<PathStep> criticalPath() {
        return criticalPath;
    }

    /** The critical path's length: the run's length as the analysis saw it. */
    public long criticalPathNs() {
        return criticalPathNs;
    }

    /** The longest single waits, longest first. */
    public List<Instance> worst() {
        return worst;
    }

    /** Waits shorter than this were not counted. */
    public long noiseFloorNs() {
        return noiseFloorNs;
    }

    /** What the analysis could not do (unmatched messages, incomplete collectives). */
    public List<String> problems() {
        return problems;
    }

    /** Total waiting in {@code pattern}, all ranks. */
    public long totalNs(Pattern pattern) {
        long t = 0;
        for (WaitState w : waits) {
            if (w.pattern() == pattern) {
                t += w.ns();
            }
        }
        return t;
    }
}
