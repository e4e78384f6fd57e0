package org.qmpi4j.agent.internal.chain;

import org.qmpi4j.agent.internal.telemetry.CallObserver;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.ToolInitializer;

/**
 * One occurrence of a tool in the user's list: its own id, storage and handlers. The same tool
 * listed twice gives two instances that share nothing but their code.
 */
public final class ToolInstance {
    /**
     * What every instance of one process is given besides the process the tool's own calls go to:
     * where its faults go, the MPI_T monitor that raises an event for each, and the classes its next
     * functions are made of.
     */
    static final class Parts {
        final ToolFaults faults;
        final CallObserver observer;
        final Specialisation specialisation;

        Parts(ToolFaults faults, CallObserver observer, Specialisation specialisation) {
            this.faults = faults;
            this.observer = observer;
            this.specialisation = specialisation;
        }
    }

    private final int id;
    private final String name;
    private final ToolInitializer initializer;
    private final MpiProcess process;
    private final Parts parts;
    /** Where the instance is in its process's chain: 1 for the first listed tool. */
    private final int position;

    private final ToolHandler[] handlers = new ToolHandler[MpiFunction.values().length];
    private final NextFunction[] next = new NextFunction[MpiFunction.values().length];
    private volatile @Nullable Object storage;
    private volatile boolean initializing;

    ToolInstance(int id, String name, ToolInitializer initializer, int position, MpiProcess process, Parts parts) {
        this.id = id;
        this.position = position;
        this.name = name;
        this.initializer = initializer;
        this.process = process;
        this.parts = parts;
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    /** The process the tool's own calls go to ({@code Qmpi.pmpi}, {@code invokeNext}, its MPI_T). */
    public MpiProcess process() {
        return process;
    }

    /** Where this instance's faults are counted and reported. */
    ToolFaults faults() {
        return parts.faults;
    }

    /** The process's MPI_T monitor, which raises an event for each of this instance's faults. */
    CallObserver observer() {
        return parts.observer;
    }

    @Nullable
    Object storage() {
        return storage;
    }

    ToolInitializer initializer() {
        return initializer;
    }

    ToolHandler handler(MpiFunction f) {
        return handlers[f.ordinal()];
    }

    /** The stable object {@code getNextToolFunction(id, f)} returns; sealed with the chain. */
    NextFunction next(MpiFunction f) {
        // Lock-free once the chain is sealed (it fills every slot); the lock only guards creation
        // by initialisers that ask early.
        NextFunction n = next[f.ordinal()];
        return n != null ? n : nextFunction(f);
    }

    synchronized NextFunction nextFunction(MpiFunction f) {
        NextFunction n = next[f.ordinal()];
        if (n == null) {
            n = parts.specialisation.nextFunction(f, this, position);
            next[f.ordinal()] = n;
        }
        return n;
    }

    void setInitializing(boolean on) {
        initializing = on;
    }

    /** From {@code Qmpi.registerToolStorage}: only inside the instance's initialiser. */
    void registerStorageFromTool(Object value) {
        requireInitializing("registerToolStorage");
        storage = value;
    }

    /** From {@code Qmpi.registerToolFunction}: only inside the instance's initialiser. */
    void registerHandlerFromTool(MpiFunction f, ToolHandler h) {
        requireInitializing("registerToolFunction");
        if (f == null || h == null) {
            throw new IllegalArgumentException("function and handler must not be null");
        }
        handlers[f.ordinal()] = h;
        UnreachableHandlers.check(this, f);
    }

    /** Drops every handler, so a tool whose initialiser failed takes no part in the chain. */
    void clearHandlers() {
        java.util.Arrays.fill(handlers, null);
    }

    private void requireInitializing(String what) {
        if (!initializing) {
            throw new IllegalStateException(
                    what + " for tool '" + name + "' (id " + id + ") is only allowed inside its initialiser");
        }
    }

    @Override
    public String toString() {
        return name + "#" + id;
    }
}
