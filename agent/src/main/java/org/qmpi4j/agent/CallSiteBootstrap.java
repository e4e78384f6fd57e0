package org.qmpi4j.agent;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The bootstrap method named by every call site the agent rewrote: the one agent class besides the
 * tool API that application classes must be able to resolve, so it lives outside the agent's sealed
 * class loader. It hands each site to the agent's internal linker once, the first time the site
 * runs. Without a linker (the agent did not start) or if linking fails, the site is bound straight
 * to the original binding method: the application runs as written, unobserved.
 */
public final class CallSiteBootstrap {
    private static volatile MethodHandle linker;

    private CallSiteBootstrap() {}

    /** Sets the internal linker; only the agent's start does this, once. */
    static synchronized void install(MethodHandle internalLinker) {
        if (linker != null) {
            throw new IllegalStateException("the call-site linker is already installed");
        }
        linker = internalLinker;
    }

    /**
     * Called by the JVM for a rewritten call site (see the agent's {@code LinkerContract} for the
     * static arguments). Not for application code. Its parameter list is, by that contract, the
     * internal linker's too ({@code CallSiteBootstrapTest} checks that they agree).
     */
    public static CallSite link(
            MethodHandles.Lookup caller,
            String name,
            MethodType type,
            MethodHandle original,
            int mappingId,
            String className,
            String methodName,
            String fileName,
            int line) {
        MethodHandle l = linker;
        if (l != null) {
            try {
                return (CallSite)
                        l.invoke(caller, name, type, original, mappingId, className, methodName, fileName, line);
            } catch (Throwable t) {
                // the internal linker reports its own failures and never throws; this is a last resort
            }
        }
        return new ConstantCallSite(original.asType(type));
    }
}
