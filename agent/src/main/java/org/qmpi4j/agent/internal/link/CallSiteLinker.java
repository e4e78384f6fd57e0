package org.qmpi4j.agent.internal.link;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import org.qmpi4j.agent.CallSiteBootstrap;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.chain.Dispatcher;
import org.qmpi4j.agent.internal.jit.EntrySites;
import org.qmpi4j.agent.internal.runtime.AgentRuntime;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;

/**
 * The bootstrap method of every rewritten call site (see
 * {@code org.qmpi4j.agent.internal.instrument.LinkerContract}). Runs once per site, the first time
 * the application executes it.
 *
 * <p>The original method arrives as a constant method handle, resolved by the JVM exactly as the
 * original instruction would have been, so the agent never needs reflection or the binding's
 * classes on its own class path. If anything goes wrong here the site is linked straight to that
 * handle: the application runs as written, only unobserved.
 */
public final class CallSiteLinker implements CallSiteBootstrap.Linker {
    /** The one linker: the visible bootstrap holds it from premain on. */
    public static final CallSiteBootstrap.Linker INSTANCE = new CallSiteLinker();

    private CallSiteLinker() {}

    // The parameters are CallSiteBootstrap.Linker.link's, which this implements.
    @Override
    public CallSite link(
            MethodHandles.Lookup caller,
            String name,
            MethodType type,
            MethodHandle original,
            int mappingId,
            String className,
            String methodName,
            String fileName,
            int line) {
        try {
            AgentRuntime runtime = AgentRuntime.current();
            MethodMapping mapping = runtime.catalog().mapping(mappingId);
            MpiProcesses.Parts process = MpiProcesses.forCaller(mapping.bindingDescriptor(), caller.lookupClass());
            CallingAddress address = new CallingAddress(
                    className, methodName, fileName == null || fileName.isEmpty() ? null : fileName, line);
            SiteLink link = new SiteLink(mapping, address, process, original, type);
            MpiFunction f = mapping.function();
            if (f == MpiFunction.MPI_INIT || f == MpiFunction.MPI_INIT_THREAD) {
                return entrySite(EntrySites.Entry.INIT, type, link, original);
            }
            if (f == MpiFunction.MPI_PCONTROL) {
                return entrySite(EntrySites.Entry.PCONTROL, type, link, original);
            }
            if (f == MpiFunction.MPI_FINALIZE) {
                return entrySite(EntrySites.Entry.FINALIZE, type, link, original);
            }
            MutableCallSite site = link.site();
            process.sites.register(link);
            runtime.stats().siteLinked();
            return site;
        } catch (Throwable t) {
            AgentRuntime.reportLinkFailure(className + "." + methodName + " line " + line + " (" + name + ")", t);
            return new ConstantCallSite(original.asType(type));
        }
    }

    /** A site that always enters the agent: a class of its own where its types allow, else combinators. */
    private static CallSite entrySite(EntrySites.Entry entry, MethodType type, SiteLink link, MethodHandle original)
            throws ReflectiveOperationException {
        EntrySites.Made made = EntrySites.make(entry, link, type, original);
        if (made == null) {
            return new ConstantCallSite(HandleAdapters.collecting(Dispatcher.entry(entry.method()), type, link));
        }
        link.spreadWith(made.binding);
        return new ConstantCallSite(made.site);
    }
}
