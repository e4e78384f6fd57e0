package org.qmpi4j.agent.internal.chain;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.ToolInitializer;

/**
 * One occurrence of a tool in the user's list: its own id, storage and handlers. The same tool
 * listed twice gives two instances that share nothing but their code.
 */
public final class ToolInstance {
    private final int id;
    private final String name;
    private final ToolInitializer initializer;
    private final MpiProcess process;
    /** Where the instance is in its process's chain: 1 for the first listed tool. */
    private final int position;

    private final ToolHandler[] handlers = new ToolHandler[MpiFunction.values().length];
    private final NextFunction[] next = new NextFunction[MpiFunction.values().length];
    private volatile Object storage;
    private volatile boolean initializing;

    ToolInstance(int id, String name, ToolInitializer initializer, MpiProcess process, int position) {
        this.id = id;
        this.position = position;
        this.name = name;
        this.initializer = initializer;
        this.process = process;
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public MpiProcess process() {
        return process;
    }

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
            n = process.specialisation().nextFunction(f, this, position);
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
