package org.qmpi4j.agent.internal.chain;

import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.ToolInitializer;
import org.qmpi4j.api.internal.QmpiBackend;

/**
 * The agent's implementation of {@link org.qmpi4j.api.Qmpi}: what tools ask of the chain (their
 * storage, handlers, next functions, contexts), so it sits beside the chain's classes.
 */
public final class QmpiBackendImpl implements QmpiBackend {
    private final ToolRegistry registry;
    private final JvmMpit jvmMpit;
    private final BindingCatalog catalog;

    /** The backend of the JVM's tools ({@code registry}: {@link ToolRegistry#global()}). */
    public QmpiBackendImpl(ToolRegistry registry, JvmMpit jvmMpit, BindingCatalog catalog) {
        this.registry = registry;
        this.jvmMpit = jvmMpit;
        this.catalog = catalog;
    }

    @Override
    public void registerToolName(String name, ToolInitializer init) {
        registry.register(name, init, "");
    }

    @Override
    public void registerToolStorage(int toolId, Object storage) {
        registry.instance(toolId).registerStorageFromTool(storage);
    }

    @Override
    public void registerToolFunction(int toolId, MpiFunction function, ToolHandler handler) {
        registry.instance(toolId).registerHandlerFromTool(function, handler);
    }

    @Override
    public ToolFunction getNextToolFunction(int toolId, MpiFunction function) {
        if (function == null) {
            throw new IllegalArgumentException("function must not be null");
        }
        return registry.instance(toolId).next(function);
    }

    @Override
    public @Nullable Object getToolStorage(QmpiContext context, int toolId) {
        context(context);
        return registry.instance(toolId).storage();
    }

    @Override
    public CallingAddress getCallingAddress(QmpiContext context) {
        return context(context).callingAddress();
    }

    @Override
    public @Nullable Object invokeNext(
            QmpiContext context, int toolId, MpiFunction function, @Nullable Object receiver, Object... args)
            throws Exception {
        CallContext outer = context(context);
        ToolInstance inst = registry.instance(toolId);
        CallTarget target = inst.process().canonical(function, outer.callingAddress());
        CallContext nested = new CallContext(target, CallChanges.pack(target, receiver, args));
        Object returned = inst.next(function).invoke(nested, nested);
        return finish(nested, returned);
    }

    @Override
    public @Nullable Object pmpi(int toolId, MpiFunction function, @Nullable Object receiver, Object... args)
            throws Exception {
        CallTarget target = registry.instance(toolId).process().ownCall(function);
        Object[] packed = CallChanges.packReused(target, receiver, args);
        try {
            return target.callBinding(packed);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        } finally {
            CallChanges.clear(packed);
        }
    }

    @Override
    public Exception bindingException(int toolId, int errorClass, String message) {
        if (message == null) {
            throw new IllegalArgumentException("message must not be null");
        }
        return registry.instance(toolId).process().access().newException(errorClass, message);
    }

    @Override
    public void requestCallTimes(int toolId) {
        registry.instance(toolId).process().requestCallTimes();
    }

    @Override
    public boolean takesReceiver(int toolId, MpiFunction function) {
        return !registry.instance(toolId).process().ownCall(function).mapping().isStatic();
    }

    @Override
    public Object bindingConstant(int toolId, String name) {
        return registry.instance(toolId).process().access().constant(name);
    }

    @Override
    public int pcontrolLevel(int toolId) {
        return registry.instance(toolId).process().pcontrolLevel();
    }

    @Override
    public org.qmpi4j.api.mpit.MpiT mpit(int toolId) {
        return registry.instance(toolId).process().mpit();
    }

    @Override
    public boolean mpitEverInitialized(int toolId) {
        return jvmMpit.everInitialized(registry.instance(toolId).process());
    }

    @Override
    public org.qmpi4j.api.mpit.MpiT mpit() {
        return jvmMpit.firstProcess();
    }

    @Override
    public @Nullable String[] statusMember(Class<?> statusClass, String field) {
        // The binding of the class's own loader: Open MPI's and MPJ Express' status classes are both mpi.Status.
        BindingDescriptor d = catalog.forLoader(statusClass.getClassLoader());
        return d == null ? null : d.statusMember(statusClass.getName().replace('.', '/'), field);
    }

    @Override
    public @Nullable String bindingFact(String bindingId, String fact) {
        BindingDescriptor d = catalog.descriptor(bindingId);
        return d == null ? null : d.fact(fact);
    }

    @Override
    public @Nullable String bindingTitle(String bindingId) {
        BindingDescriptor d = catalog.descriptor(bindingId);
        return d == null ? null : d.title();
    }

    @Override
    public boolean bindingHasFunction(String bindingId, MpiFunction function) {
        BindingDescriptor d = catalog.descriptor(bindingId);
        return d != null && d.canonical(function) != null;
    }

    private static CallContext context(QmpiContext context) {
        if (!(context instanceof CallContext)) {
            throw new IllegalArgumentException("not a context the agent gave to a handler: " + context);
        }
        return (CallContext) context;
    }

    private static @Nullable Object finish(CallContext ctx, @Nullable Object returned) throws Exception {
        try {
            return ctx.finish(returned);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
