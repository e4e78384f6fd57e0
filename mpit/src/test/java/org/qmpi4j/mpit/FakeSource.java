package org.qmpi4j.mpit;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.PvarCell;
import org.qmpi4j.api.mpit.PvarSource;

/**
 * A performance variable source the test drives by hand: up to {@link #MAX} elements of raw
 * values, level-change notifications for watermarks, and counts of what the registry did with
 * its cells. The element count of a cell is the {@link Integer} the handle is bound to, or
 * {@code defaultCount} for anything else (and for {@code NO_OBJECT} variables, whose object the
 * registry ignores), so a test decides "the object has N elements" by binding to N.
 */
final class FakeSource implements PvarSource {
    static final int MAX = 8;

    private final int defaultCount;
    private final AtomicLongArray values = new AtomicLongArray(MAX);
    private final CopyOnWriteArrayList<PvarCell.LevelListener> listeners = new CopyOnWriteArrayList<>();
    final AtomicInteger active = new AtomicInteger();
    final AtomicInteger bound = new AtomicInteger();
    final AtomicInteger freed = new AtomicInteger();
    final AtomicInteger samples = new AtomicInteger();
    /** Runs after every sample: a test's way to make "something happen between two samples". */
    volatile Runnable afterSample = () -> {};

    FakeSource() {
        this(1);
    }

    FakeSource(int defaultCount) {
        this.defaultCount = defaultCount;
    }

    long get(int element) {
        return values.get(element);
    }

    long get() {
        return get(0);
    }

    /** Sets element 0 (a level, state, size, ...) and tells watching watermark handles. */
    void set(long value) {
        set(0, value);
    }

    void set(int element, long value) {
        values.set(element, value);
        for (PvarCell.LevelListener l : listeners) {
            l.levelChanged(element, value);
        }
    }

    /** Adds to element 0 (a running total of a counter, aggregate or timer). */
    void add(long delta) {
        add(0, delta);
    }

    void add(int element, long delta) {
        long now = values.addAndGet(element, delta);
        for (PvarCell.LevelListener l : listeners) {
            l.levelChanged(element, now);
        }
    }

    int listeners() {
        return listeners.size();
    }

    @Override
    public PvarCell bind(@Nullable Object mpiObject) {
        int count = mpiObject instanceof Integer ? (Integer) mpiObject : defaultCount;
        bound.incrementAndGet();
        return new PvarCell() {
            @Override
            public int count() {
                return count;
            }

            @Override
            public void sample(long[] into) {
                for (int i = 0; i < into.length; i++) {
                    into[i] = i < MAX ? values.get(i) : 0;
                }
                samples.incrementAndGet();
                afterSample.run();
            }

            @Override
            public void activate() {
                active.incrementAndGet();
            }

            @Override
            public void deactivate() {
                active.decrementAndGet();
            }

            @Override
            public void watch(LevelListener l) {
                listeners.add(l);
            }

            @Override
            public void unwatch(LevelListener l) {
                listeners.remove(l);
            }

            @Override
            public void free() {
                freed.incrementAndGet();
            }
        };
    }
}
