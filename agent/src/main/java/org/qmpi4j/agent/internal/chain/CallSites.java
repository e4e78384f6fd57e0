package org.qmpi4j.agent.internal.chain;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The call sites linked for one MPI process and what they share: relinking them all when the way
 * calls take changes ({@link CallRoute}: tools sealed, Pcontrol level 0 or back, MPI_T demand), and
 * the context factory of each binding method, so that every site calling it the same way makes its
 * contexts of the same class.
 */
public final class CallSites {
    /** A linked call site that can be pointed at the chain or straight at the binding. */
    public interface Relinkable {
        /** Re-reads {@link CallRoute#routesThroughAgent} and sets the target; returns the site to sync. */
        MutableCallSite relink();

        /**
         * Drops the targets made so far, so that the next {@link #relink} sets new ones: compiled
         * code that depends on a site is thrown away only when its target really changes.
         */
        default void forgetTargets() {}
    }

    private final Specialisation specialisation;
    private final List<Relinkable> sites = new CopyOnWriteArrayList<>();
    private final ConcurrentHashMap<List<Object>, MethodHandle> contextFactories = new ConcurrentHashMap<>();

    /** @param specialisation makes the context classes ({@link Specialisation#GENERIC}: none) */
    public CallSites(Specialisation specialisation) {
        this.specialisation = specialisation;
    }

    public void register(Relinkable site) {
        sites.add(site);
    }

    /**
     * The context factory ({@link Specialisation#contextFactory}) for calls of binding method
     * {@code mappingId} made through a handle of type {@code siteMethod}, shared by every site of
     * this process that calls it that way.
     */
    public MethodHandle contextFactory(
            int mappingId, MethodType siteMethod, MethodHandle bindingHandle, boolean timed) {
        List<Object> key = List.of(mappingId, siteMethod, timed);
        MethodHandle f = contextFactories.get(key);
        if (f == null) {
            f = contextFactories.computeIfAbsent(key, new NewContextFactory(specialisation, bindingHandle, timed));
        }
        return f;
    }

    /** A named class rather than a lambda: nothing on the start path spins lambda classes. */
    private static final class NewContextFactory implements Function<List<Object>, MethodHandle> {
        private final Specialisation specialisation;
        private final MethodHandle bindingHandle;
        private final boolean timed;

        NewContextFactory(Specialisation specialisation, MethodHandle bindingHandle, boolean timed) {
            this.specialisation = specialisation;
            this.bindingHandle = bindingHandle;
            this.timed = timed;
        }

        @Override
        public MethodHandle apply(List<Object> key) {
            return specialisation.contextFactory(bindingHandle, timed);
        }
    }

    /** Relinks every site to new targets, so that code compiled for them is compiled again. */
    public synchronized void recompile() {
        for (Relinkable s : sites) {
            s.forgetTargets();
        }
        relinkAll();
    }

    /** Points every call site at the chain or the binding again (the way some function takes changed). */
    public synchronized void relinkAll() {
        List<MutableCallSite> changed = new ArrayList<>(sites.size());
        for (Relinkable s : sites) {
            changed.add(s.relink());
        }
        if (!changed.isEmpty()) {
            MutableCallSite.syncAll(changed.toArray(new MutableCallSite[0]));
        }
    }
}
