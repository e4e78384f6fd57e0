package org.qmpi4j.agent.internal.telemetry;

import java.util.Set;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.PvarCell;
import org.qmpi4j.api.mpit.PvarSource;

/**
 * The sources of the agent's performance variables: each cell reads the monitor and, while a
 * handle reading it runs, keeps the monitor watching the functions it needs.
 */
public final class MonitorSources {
    /** What a per-function variable reports. */
    public enum Metric {
        CALLS,
        NANOS,
        BYTES
    }

    private final CallMonitor monitor;

    public MonitorSources(CallMonitor monitor) {
        this.monitor = monitor;
    }

    /** A cell that switches the monitor's watch on while active. */
    private abstract class Watching implements PvarCell {
        private final Set<MpiFunction> functions;
        private final CallMonitor.Family family;

        Watching(Set<MpiFunction> functions, CallMonitor.Family family) {
            this.functions = functions;
            this.family = family;
        }

        @Override
        public int count() {
            return 1;
        }

        @Override
        public void activate() {
            monitor.demand(functions, family, 1);
        }

        @Override
        public void deactivate() {
            monitor.demand(functions, family, -1);
        }
    }

    /** Calls, nanoseconds or bytes of one function, as a running total. */
    public PvarSource function(MpiFunction f, Metric metric) {
        Set<MpiFunction> only = java.util.EnumSet.of(f);
        return object -> new Watching(only, CallMonitor.Family.NONE) {
            @Override
            public void sample(long[] into) {
                switch (metric) {
                    case CALLS:
                        into[0] = monitor.measured().stats.calls(f);
                        break;
                    case NANOS:
                        into[0] = monitor.measured().stats.nanos(f);
                        break;
                    default:
                        into[0] = monitor.measured().stats.bytes(f);
                }
            }
        };
    }

    /** Messages (or bytes) sent to each member of the communicator the handle is bound to. */
    public PvarSource peers(boolean bytes) {
        return comm -> {
            int[] members = monitor.ranks.worldRanksOrFail(comm);
            return new Watching(FunctionSets.SENDS, CallMonitor.Family.PEERS) {
                @Override
                public int count() {
                    return members.length;
                }

                @Override
                public void sample(long[] into) {
                    monitor.measured().peers.sample(members, bytes, into);
                }
            };
        };
    }

    /** Outstanding non-blocking requests: a level that also feeds the two watermarks. */
    public PvarSource outstandingRequests() {
        return object -> new Watching(FunctionSets.requestLifecycle(), CallMonitor.Family.REQUESTS) {
            @Override
            public void sample(long[] into) {
                into[0] = monitor.measured().requests.outstanding.get();
            }

            @Override
            public void watch(LevelListener l) {
                monitor.measured().requests.outstanding.bind(null).watch(l);
            }

            @Override
            public void unwatch(LevelListener l) {
                monitor.measured().requests.outstanding.bind(null).unwatch(l);
            }
        };
    }

    /** Receives posted with a non-blocking call on the bound communicator and not completed yet. */
    public PvarSource postedReceives() {
        return comm -> {
            monitor.ranks.worldRanksOrFail(comm); // a live communicator of this process
            return new Watching(FunctionSets.requestLifecycle(), CallMonitor.Family.REQUESTS) {
                @Override
                public void sample(long[] into) {
                    into[0] = monitor.measured().requests.postedReceives(comm);
                }
            };
        };
    }

    /** The process's MPI state ({@link MpiState} ordinal). */
    public PvarSource state() {
        return object -> new Watching(FunctionSets.ALL, CallMonitor.Family.ACTIVITY) {
            @Override
            public void sample(long[] into) {
                into[0] = monitor.measured().activity.state().ordinal();
            }
        };
    }

    /**
     * Fraction of wall-clock time inside MPI since the handle was (last) started, in parts per
     * billion (the variable's unit is 1e-9).
     */
    public PvarSource timeInMpi() {
        return object -> new Watching(FunctionSets.ALL, CallMonitor.Family.ACTIVITY) {
            private volatile long windowStart = -1;
            private volatile long busyAtStart;

            @Override
            public void activate() {
                super.activate();
                long now = System.nanoTime();
                busyAtStart = monitor.measured().activity.busyNanos(now);
                windowStart = now;
            }

            @Override
            public void sample(long[] into) {
                long start = windowStart;
                long now = System.nanoTime();
                if (start < 0 || now <= start) {
                    into[0] = 0;
                    return;
                }
                double fraction = (double) (monitor.measured().activity.busyNanos(now) - busyAtStart) / (now - start);
                into[0] = Math.round(Math.max(0, Math.min(1, fraction)) * 1e9);
            }
        };
    }

    /** Size of the message being sent (0 between sends): its high watermark is the largest message. */
    public PvarSource messageSize() {
        PvarCell level = monitor.measured().messageSize.bind(null);
        return object -> new Watching(FunctionSets.SENDS, CallMonitor.Family.MESSAGE_SIZE) {
            @Override
            public void sample(long[] into) {
                level.sample(into);
            }

            @Override
            public void watch(LevelListener l) {
                level.watch(l);
            }

            @Override
            public void unwatch(LevelListener l) {
                level.unwatch(l);
            }
        };
    }

    /** Number of processes in the bound communicator. */
    public PvarSource communicatorSize() {
        return comm -> {
            int size;
            try {
                size = monitor.ranks.probe().size(comm);
            } catch (IllegalArgumentException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalArgumentException("cannot ask the size of " + comm + ": " + e, e);
            }
            return new PvarCell() {
                @Override
                public int count() {
                    return 1;
                }

                @Override
                public void sample(long[] into) {
                    into[0] = size;
                }
            };
        };
    }

    /** World ranks of the bound communicator's members (for a control variable). */
    public int[] worldRanks(@Nullable Object comm) {
        return monitor.ranks.worldRanksOrFail(comm).clone();
    }
}
