package org.qmpi4j.agent.internal.link;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.qmpi4j.agent.internal.AgentRuntime;
import org.qmpi4j.agent.internal.chain.CallContext;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.chain.UnknownToolException;
import org.qmpi4j.api.MpiFunction;

/**
 * Entry points that linked call sites jump to: an intercepted call, MPI initialisation (which
 * first initialises the tools), and {@code MPI_Pcontrol} (which switches the tools off and on).
 */
final class Dispatcher {
    static final MethodHandle DISPATCH = find("dispatch");
    static final MethodHandle INIT = find("init");
    static final MethodHandle PCONTROL = find("pcontrol");

    private Dispatcher() {
    }

    /** An application call of a function some tool intercepts: through the chain, to the binding. */
    static Object dispatch(SiteLink link, Object[] args) throws Throwable {
        CallContext ctx = new CallContext(link, args);
        try {
            link.process().chain().entry(link.function()).invoke(ctx, ctx);
        } catch (Throwable t) {
            if (!ctx.bindingFailureIs(t)) {
                // Not MPI's exception and not a tool's (those are contained per tool): the agent's own.
                AgentRuntime.current().agentFault("dispatching " + link.function(), t);
                ctx.completeAfterAgentFault();
            }
        }
        return ctx.finish();
    }

    /**
     * {@code MPI_INIT}/{@code MPI_INIT_THREAD}: QMPI's initialisation phase first (each listed tool
     * instance initialised), then MPI's own initialisation, through the now sealed chain.
     */
    static Object init(SiteLink link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        AgentRuntime runtime = AgentRuntime.current();
        try {
            process.initializeTools(runtime.config().tools(), runtime.config().toolsSource());
        } catch (UnknownToolException e) {
            // A job that asked for a profile must not run for hours without it: stop now, clearly.
            System.err.println(e.getMessage());
            System.err.flush();
            System.exit(1);
        } catch (Throwable t) {
            runtime.agentFault("initialising tools", t);
        }
        return process.routesThroughTools(link.function()) ? dispatch(link, args) : link.invokeBinding(args);
    }

    /**
     * {@code MPI_Pcontrol(level, ...)}: the tools see the call; level 0 then bypasses every tool
     * (sites relinked straight to the binding), any other level routes calls through them again.
     */
    static Object pcontrol(SiteLink link, Object[] args) throws Throwable {
        MpiProcess process = link.process();
        int offset = link.mapping().isStatic() ? 0 : 1;
        Object first = args.length > offset ? args[offset] : null;
        if (!process.toolsInitialized() || !(first instanceof Integer)) {
            return link.invokeBinding(args);
        }
        int level = (Integer) first;
        if (level == 0) {
            // The switch-off call itself still reaches tools that are on, so they see the region start.
            Object result = process.routesThroughTools(MpiFunction.MPI_PCONTROL) ? dispatch(link, args)
                    : link.invokeBinding(args);
            process.setPcontrolLevel(0);
            return result;
        }
        process.setPcontrolLevel(level);
        return process.routesThroughTools(MpiFunction.MPI_PCONTROL) ? dispatch(link, args) : link.invokeBinding(args);
    }

    private static MethodHandle find(String name) {
        try {
            return MethodHandles.lookup().findStatic(Dispatcher.class, name,
                    MethodType.methodType(Object.class, SiteLink.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
