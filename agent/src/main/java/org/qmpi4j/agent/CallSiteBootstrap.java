package org.qmpi4j.agent;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.qmpi4j.api.Nullable;

/**
 * The bootstrap method named by every call site the agent rewrote: the one agent class besides the
 * tool API that application classes must be able to resolve, so it lives outside the agent's sealed
 * class loader. It hands each site to the agent's internal linker once, the first time the site
 * runs. Without a linker (the agent did not start) or if linking fails, the site is bound straight
 * to the original binding method: the application runs as written, unobserved.
 */
public final class CallSiteBootstrap {
    /**
     * The agent's internal linker, with {@link #link}'s parameters. An interface rather than a
     * method handle: calling a handle of this shape with {@code invoke} spins method-handle
     * adapters at the first call site, a cost every short job would pay at start.
     */
    public interface Linker {
        /** As {@link CallSiteBootstrap#link}; never throws (failures link the site to {@code original}). */
        CallSite link(
                MethodHandles.Lookup caller,
                String name,
                MethodType type,
                MethodHandle original,
                int mappingId,
                String className,
                String methodName,
                String fileName,
                int line);
    }

    private static volatile @Nullable Linker linker;

    private CallSiteBootstrap() {}

    /** Sets the internal linker; only the agent's start does this, once. */
    static synchronized void install(Linker internalLinker) {
        if (linker != null) {
            throw new IllegalStateException("the call-site linker is already installed");
        }
        linker = internalLinker;
    }

    /**
     * Called by the JVM for a rewritten call site (see the agent's {@code LinkerContract} for the
     * static arguments). Not for application code.
     *
     * <p>Every parameter after the name is declared {@code Object}, and so is the result: the JVM
     * calls a bootstrap method through {@code MethodHandle.invoke} with {@code Object} static
     * arguments, and a bootstrap method of exactly that shape needs no adaptation, while
     * {@code int} parameters make the JDK spin boxing adapters (classes of their own) at the first
     * rewritten call site of every JVM. The values are those the contract names: the site's
     * {@code MethodType}, the original {@code MethodHandle}, the mapping id and line as
     * {@code Integer}, the caller's class, method and file as {@code String}.
     */
    public static Object link(
            MethodHandles.Lookup caller,
            String name,
            Object type,
            Object original,
            Object mappingId,
            Object className,
            Object methodName,
            Object fileName,
            Object line) {
        MethodType siteType = (MethodType) type;
        MethodHandle originalHandle = (MethodHandle) original;
        Linker l = linker;
        if (l != null) {
            try {
                return l.link(
                        caller,
                        name,
                        siteType,
                        originalHandle,
                        (Integer) mappingId,
                        (String) className,
                        (String) methodName,
                        (String) fileName,
                        (Integer) line);
            } catch (Throwable t) {
                // the internal linker reports its own failures and never throws; this is a last resort
            }
        }
        return new ConstantCallSite(originalHandle.asType(siteType));
    }
}
