package org.qmpi4j.api.mpit;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.qmpi4j.api.Nullable;

/**
 * Ready-made sources for variables that are not bound to an MPI object. Each knows whether any
 * handle reading it is started ({@link Counter#isActive()}), so a tool can skip bookkeeping nobody
 * reads.
 */
public final class PvarSources {
    private PvarSources() {}

    /** A running total for a counter, aggregate or timer (timers: add nanoseconds). */
    public static Counter counter() {
        return new Counter();
    }

    /** A level that reports each change, for level and both watermark classes (one source may serve all three). */
    public static Level level() {
        return new Level();
    }

    /** A current value computed on each read, for state, level, size, percentage or generic variables. */
    public static PvarSource current(LongSupplier value) {
        return object -> new ValueCell(value);
    }

    /** A one-value cell reading {@code value}. */
    static class ValueCell implements PvarCell {
        private final LongSupplier value;

        ValueCell(LongSupplier value) {
            this.value = value;
        }

        @Override
        public final int count() {
            return 1;
        }

        @Override
        public final void sample(long[] into) {
            into[0] = value.getAsLong();
        }
    }

    /** Base of the ready-made sources: counts started handles. */
    abstract static class Activity implements PvarSource {
        private final AtomicInteger active = new AtomicInteger();

        /** Whether some handle reading this source is started (or is a continuous variable's handle). */
        public final boolean isActive() {
            return active.get() > 0;
        }

        void activated() {
            active.incrementAndGet();
        }

        void deactivated() {
            active.decrementAndGet();
        }

        /** A one-value cell reading {@code value}, whose start and stop count as this source's activity. */
        final PvarCell cellOf(LongSupplier value) {
            return new ActivityCell(value);
        }

        /** A one-value cell whose start and stop count as the enclosing source's activity. */
        class ActivityCell extends ValueCell {
            ActivityCell(LongSupplier value) {
                super(value);
            }

            @Override
            public void activate() {
                activated();
            }

            @Override
            public void deactivate() {
                deactivated();
            }
        }
    }

    /** A running total; {@link #add} is cheap and thread safe. */
    public static final class Counter extends Activity {
        private final LongAdder total = new LongAdder();

        public void increment() {
            total.increment();
        }

        public void add(long amount) {
            total.add(amount);
        }

        /** The total since creation (what handles measure growth of). */
        public long total() {
            return total.sum();
        }

        @Override
        public PvarCell bind(@Nullable Object mpiObject) {
            return cellOf(total::sum);
        }
    }

    /** A level that tells watermark handles about each change. */
    public static final class Level extends Activity {
        private final AtomicLong level = new AtomicLong();
        private final CopyOnWriteArrayList<PvarCell.LevelListener> listeners = new CopyOnWriteArrayList<>();

        public long get() {
            return level.get();
        }

        public void set(long value) {
            if (value < 0) {
                throw new IllegalArgumentException("levels are non-negative: " + value);
            }
            level.set(value);
            notifyListeners(value);
        }

        /** Adds {@code delta} (may be negative; the level never goes below 0) and returns the new level. */
        public long add(long delta) {
            long now = level.updateAndGet(v -> Math.max(0, v + delta));
            notifyListeners(now);
            return now;
        }

        private void notifyListeners(long value) {
            for (PvarCell.LevelListener l : listeners) {
                l.levelChanged(0, value);
            }
        }

        @Override
        public PvarCell bind(@Nullable Object mpiObject) {
            return new ActivityCell(level::get) {
                @Override
                public void watch(LevelListener l) {
                    listeners.add(l);
                }

                @Override
                public void unwatch(LevelListener l) {
                    listeners.remove(l);
                }
            };
        }
    }
}
