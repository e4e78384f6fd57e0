package org.qmpi4j.api.spi;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.ToolInitializer;

/**
 * What {@link org.qmpi4j.api.Qmpi} delegates to. Implemented by the qmpi4j agent, which installs it
 * with {@link #install} when it starts. Not for tools: tools use {@link org.qmpi4j.api.Qmpi}.
 */
public interface QmpiBackend {
    void registerToolName(String name, ToolInitializer init);

    void registerToolStorage(int toolId, Object storage);

    void registerToolFunction(int toolId, MpiFunction function, ToolHandler handler);

    ToolFunction getNextToolFunction(int toolId, MpiFunction function);

    @Nullable
    Object getToolStorage(QmpiContext context, int toolId);

    CallingAddress getCallingAddress(QmpiContext context);

    @Nullable
    Object invokeNext(QmpiContext context, int toolId, MpiFunction function, @Nullable Object receiver, Object... args)
            throws Exception;

    @Nullable
    Object pmpi(int toolId, MpiFunction function, @Nullable Object receiver, Object... args) throws Exception;

    Object bindingConstant(int toolId, String name);

    int pcontrolLevel(int toolId);

    /** The MPI tool information interface of the MPI process tool instance {@code toolId} belongs to. */
    org.qmpi4j.api.mpit.MpiT mpit(int toolId);

    /** The MPI tool information interface of this JVM's (first) MPI process. */
    org.qmpi4j.api.mpit.MpiT mpit();

    /** Installs the backend; the agent calls this once, before any tool is registered. */
    static void install(QmpiBackend backend) {
        Holder.backend = backend;
    }

    /** The installed backend. */
    static QmpiBackend current() {
        QmpiBackend b = Holder.backend;
        if (b == null) {
            throw new IllegalStateException("the qmpi4j agent is not attached: start the JVM with -javaagent:qmpi4j-agent.jar");
        }
        return b;
    }

    /** Holds the installed backend (interfaces cannot have mutable static fields of their own). */
    final class Holder {
        static volatile @Nullable QmpiBackend backend;

        private Holder() {
        }
    }
}
