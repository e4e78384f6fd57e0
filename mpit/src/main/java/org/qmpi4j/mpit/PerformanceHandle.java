package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.PvarCell;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * A performance variable bound to one object in one session. All per-handle state lives here, so
 * nothing one session does reaches another's values. The subclasses hold what each family of
 * classes needs: growth since start for counters, aggregates and timers; the extreme level for
 * watermarks; the live or frozen current value for the rest. Every operation locks the handle,
 * so sampling threads may read while the application runs.
 */
abstract class PerformanceHandle extends SessionHandle {
    final PvarDefinition definition;
    final PvarCell cell;
    /** Scratch space for one sample; used under the handle's lock only. */
    final long[] sample;

    private final long[] value;
    private boolean started;
    private boolean everStarted;
    private boolean freed;

    PerformanceHandle(SessionImpl session, PerformanceVariable variable, PvarCell cell, int count) {
        super(session, variable, count);
        this.definition = java.util.Objects.requireNonNull(variable.definition, "an agent variable");
        this.cell = cell;
        this.sample = new long[count];
        this.value = new long[count];
    }

    /** The right kind of handle for the variable's class; {@code count} elements. */
    static PerformanceHandle create(SessionImpl session, PerformanceVariable v, PvarCell cell, int count) {
        PvarClass c = v.varClass();
        PerformanceHandle h;
        if (c.accumulates()) {
            h = new AccumulatingHandle(session, v, cell, count);
        } else if (c.isWatermark()) {
            h = new WatermarkHandle(session, v, cell, count);
        } else {
            h = new CurrentValueHandle(session, v, cell, count);
        }
        return h;
    }

    /** Whether values are being updated: started, or continuous. */
    final boolean running() {
        return started || definition.info().continuous();
    }

    final boolean everStarted() {
        return everStarted;
    }

    /** Right after allocation; continuous variables start running here. */
    @Override
    final synchronized void allocated() {
        if (continuous()) {
            cell.activate();
        }
        onAllocate();
    }

    /** @return false if the variable cannot be started (continuous) */
    @Override
    final synchronized boolean start() {
        if (continuous()) {
            return false;
        }
        if (freed) {
            // Freed by another thread after the registry checked the handle: the start counts as having
            // happened just before the free, which stopped it. Activating the cell now would leave it
            // active (and a watermark listening) for good.
            return true;
        }
        if (!started) {
            cell.activate();
            onStart(!everStarted);
            started = true;
            everStarted = true;
        }
        return true;
    }

    /** @return false if the variable cannot be stopped (continuous) */
    @Override
    final synchronized boolean stop() {
        if (continuous()) {
            return false;
        }
        if (started) {
            onStop();
            started = false;
            cell.deactivate();
        }
        return true;
    }

    @Override
    final synchronized void read(Object buffer) {
        Values.checkBuffer(definition.info().datatype(), count, buffer, definition.name());
        readInto(buffer);
    }

    private void readInto(Object buffer) {
        current(value);
        Values.toBuffer(definition.info().datatype(), definition.info().varClass(), value, definition.unit(), buffer);
    }

    @Override
    final synchronized void write(Object buffer) {
        Values.checkBuffer(definition.info().datatype(), count, buffer, definition.name());
        if (definition.info().readonly()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, definition.name() + " is read-only");
        }
        long[] raw = new long[count];
        Values.fromBuffer(definition.info().datatype(), buffer, definition.unit(), raw, definition.name());
        onWrite(raw);
    }

    /** @return false if the variable is read-only */
    @Override
    final synchronized boolean reset() {
        if (definition.info().readonly()) {
            return false;
        }
        onReset();
        return true;
    }

    @Override
    final synchronized void readReset(Object buffer) {
        Values.checkBuffer(definition.info().datatype(), count, buffer, definition.name());
        if (!definition.info().atomic()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_PVAR_NO_ATOMIC, definition.name() + " cannot be read and reset atomically");
        }
        currentAndReset(value);
        Values.toBuffer(definition.info().datatype(), definition.info().varClass(), value, definition.unit(), buffer);
    }

    /**
     * The value as {@link #current} gives it, and a reset, as one step: the text's read-reset
     * "atomically combines" the two, so nothing the source does between them may be lost. Handles
     * that sample their source override this to read and restart from the same sample.
     */
    void currentAndReset(long[] out) {
        current(out);
        onReset();
    }

    @Override
    final synchronized void free() {
        if (freed) {
            return;
        }
        freed = true;
        if (running()) {
            onStop();
            cell.deactivate();
        }
        started = false;
        cell.free();
    }

    @Override
    final synchronized boolean isFreed() {
        return freed;
    }

    abstract void onAllocate();

    abstract void onStart(boolean first);

    abstract void onStop();

    /** The value as the user reads it, in raw units. */
    abstract void current(long[] out);

    abstract void onWrite(long[] raw);

    abstract void onReset();

    @Override
    public String toString() {
        return "handle of " + variable + (freed ? " (freed)" : "");
    }
}
