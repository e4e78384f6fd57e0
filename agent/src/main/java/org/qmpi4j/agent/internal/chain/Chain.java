package org.qmpi4j.agent.internal.chain;

import java.util.List;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The sealed order of tool instances of one MPI process: for each function, which instance sees a
 * call first, and for each instance, which comes next. Computed once after every instance's
 * initialiser has run; read without locks afterwards.
 */
public final class Chain {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();

    /** The entry of every function of a chain without tools: straight to the binding. */
    private static final NextFunction BINDING = sealedBinding();

    private final List<ToolInstance> instances;
    /** By function ordinal; read in place by {@link CallRoute}'s call path, which is this class's {@link #entry}. */
    final NextFunction[] entries = new NextFunction[FUNCTIONS.length];

    Chain(List<ToolInstance> instances, Specialisation specialisation) {
        this.instances = List.copyOf(instances);
        if (this.instances.isEmpty()) {
            // Without tools every entry is the binding, and no tool can hold one: one serves every
            // function (no class of its own for a position no call steps through, no 2 x 400
            // objects for a short job to make and the JIT to compile the making of).
            java.util.Arrays.fill(entries, BINDING);
            return;
        }
        for (MpiFunction f : FUNCTIONS) {
            entries[f.ordinal()] = specialisation.nextFunction(f, null, 0);
            entries[f.ordinal()].seal(firstWithHandler(0, f));
            for (int i = 0; i < this.instances.size(); i++) {
                this.instances.get(i).nextFunction(f).seal(firstWithHandler(i + 1, f));
            }
        }
    }

    private static NextFunction sealedBinding() {
        NextFunction binding = new NextFunction(null, null);
        binding.seal(null);
        return binding;
    }

    /** An empty chain: every function goes straight to the binding. */
    static Chain empty() {
        return new Chain(List.of(), Specialisation.GENERIC);
    }

    private @Nullable ToolInstance firstWithHandler(int from, MpiFunction f) {
        for (int i = from; i < instances.size(); i++) {
            if (instances.get(i).handler(f) != null) {
                return instances.get(i);
            }
        }
        return null;
    }

    /** Where an application's call of {@code f} enters the chain. */
    public NextFunction entry(MpiFunction f) {
        return entries[f.ordinal()];
    }

    /** Whether any instance intercepts {@code f}; if not, call sites link straight to the binding. */
    public boolean intercepts(MpiFunction f) {
        return !entries[f.ordinal()].isBinding();
    }

    /** Whether any instance intercepts any function. */
    public boolean interceptsAny() {
        for (MpiFunction f : FUNCTIONS) {
            if (intercepts(f)) {
                return true;
            }
        }
        return false;
    }

    public List<ToolInstance> instances() {
        return instances;
    }
}
