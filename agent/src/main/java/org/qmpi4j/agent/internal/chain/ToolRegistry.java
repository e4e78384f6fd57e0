package org.qmpi4j.agent.internal.chain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.ToolInitializer;

/**
 * Tools registered by name (QMPI's registration phase), shared by every MPI process of the JVM, and
 * the tool instances created from them. Registration closes when the first MPI process
 * initialises: after that a tool could no longer appear in a chain consistently.
 */
public final class ToolRegistry {
    private static final ToolRegistry GLOBAL = new ToolRegistry();

    private final Map<String, Registered> tools = new LinkedHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(1);
    private volatile ToolInstance[] byId = new ToolInstance[16];
    private volatile boolean closed;

    /** A registered tool: its initialiser and a line describing it. */
    static final class Registered {
        final ToolInitializer init;
        final String description;

        Registered(ToolInitializer init, String description) {
            this.init = init;
            this.description = description;
        }
    }

    private @Nullable Runnable deferredDiscovery; // guarded by this

    /** A registry of its own; the agent uses {@link #global()}, tests use fresh ones. */
    ToolRegistry() {}

    public static ToolRegistry global() {
        return GLOBAL;
    }

    /**
     * @throws IllegalArgumentException name invalid or already taken
     * @throws IllegalStateException    MPI already initialised
     */
    public synchronized void register(String name, ToolInitializer init, String description) {
        if (closed) {
            throw new IllegalStateException("cannot register tool '" + name
                    + "': MPI is already initialised; tools must register before the application calls MPI.Init");
        }
        if (name == null || !isToolName(name)) {
            throw new IllegalArgumentException("invalid tool name '" + name
                    + "': use letters, digits, '.', '-' and '_', starting with a letter or digit");
        }
        if (init == null) {
            throw new IllegalArgumentException("tool '" + name + "' needs an initialiser");
        }
        if (tools.containsKey(name)) {
            throw new IllegalArgumentException("a tool named '" + name + "' is already registered");
        }
        tools.put(name, new Registered(init, description == null ? "" : description));
    }

    /**
     * Tool discovery put off until a tool is first asked for: the agent started without a tool
     * list and without a tool path, so a job may well never need one (most short jobs), and
     * discovery reads every service file on the class path. Run once, before the first answer
     * that depends on which tools exist; dropped when the registry closes unused.
     */
    public synchronized void deferDiscovery(Runnable discovery) {
        deferredDiscovery = discovery;
    }

    private void discoverIfDeferred() {
        Runnable d = deferredDiscovery;
        if (d != null) {
            deferredDiscovery = null;
            d.run();
        }
    }

    public synchronized boolean isRegistered(String name) {
        discoverIfDeferred();
        return tools.containsKey(name);
    }

    /** Registered names with their descriptions, sorted by name. */
    public synchronized Map<String, String> available() {
        discoverIfDeferred();
        Map<String, String> out = new TreeMap<>();
        tools.forEach((n, r) -> out.put(n, r.description));
        return out;
    }

    /** Names in {@code requested} that no tool registered, in order. */
    synchronized List<String> unknown(List<String> requested) {
        if (!requested.isEmpty()) {
            discoverIfDeferred();
        }
        List<String> missing = new ArrayList<>();
        for (String n : requested) {
            if (!tools.containsKey(n) && !missing.contains(n)) {
                missing.add(n);
            }
        }
        return missing;
    }

    synchronized void close() {
        closed = true;
        deferredDiscovery = null;
    }

    public boolean isClosed() {
        return closed;
    }

    synchronized ToolInstance newInstance(String name, int position, MpiProcess process, ToolInstance.Parts parts) {
        Registered r = tools.get(name);
        int id = nextId.getAndIncrement();
        ToolInstance inst = new ToolInstance(
                id, name, Objects.requireNonNull(r, "a registered tool").init, position, process, parts);
        ToolInstance[] table = byId;
        if (id >= table.length) {
            table = java.util.Arrays.copyOf(table, Math.max(id + 1, table.length * 2));
        }
        table[id] = inst;
        byId = table;
        return inst;
    }

    /** The instance with {@code toolId}; lock-free, for the call path. */
    ToolInstance instance(int toolId) {
        ToolInstance[] table = byId;
        ToolInstance inst = toolId > 0 && toolId < table.length ? table[toolId] : null;
        if (inst == null) {
            throw new IllegalArgumentException("no tool instance has id " + toolId);
        }
        return inst;
    }

    /**
     * {@code [A-Za-z0-9][A-Za-z0-9._-]*}, checked by hand: a regular expression here would be
     * compiled in every JVM the agent starts in.
     */
    static boolean isToolName(String name) {
        if (name.isEmpty() || !isAsciiLetterOrDigit(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!isAsciiLetterOrDigit(c) && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
