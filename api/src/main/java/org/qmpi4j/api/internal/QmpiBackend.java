package org.qmpi4j.api.internal;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolFunction;
import org.qmpi4j.api.ToolHandler;
import org.qmpi4j.api.ToolInitializer;
import org.qmpi4j.api.mpit.MpiT;

/**
 * What {@link org.qmpi4j.api.Qmpi} delegates to. Not API: implemented by the qmpi4j agent, which
 * installs it with {@link #install} once when it starts. Tools use {@link org.qmpi4j.api.Qmpi}.
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

    /** Whether the binding's method for {@code function} has a receiver, see {@link org.qmpi4j.api.Qmpi#takesReceiver}. */
    default boolean takesReceiver(int toolId, MpiFunction function) {
        throw new UnsupportedOperationException("this backend does not say how its binding's methods are called");
    }

    int pcontrolLevel(int toolId);

    /** A new exception of the binding's type, see {@link org.qmpi4j.api.Qmpi#bindingException}. */
    default Exception bindingException(int toolId, int errorClass, String message) {
        throw new UnsupportedOperationException("this backend makes no binding exceptions");
    }

    /**
     * Entry and exit instants for every call, see {@link org.qmpi4j.api.Qmpi#requestCallTimes}; a
     * backend without them does nothing (calls then report {@code MpiCall.NO_TIME}).
     */
    default void requestCallTimes(int toolId) {}

    /** The MPI tool information interface of the MPI process tool instance {@code toolId} belongs to. */
    MpiT mpit(int toolId);

    /**
     * Whether anyone (the application or a tool) has initialised the MPI tool information interface
     * of the MPI process tool instance {@code toolId} belongs to. Until then no control variable can
     * have been written, so a tool may take a control variable's value from its setting without
     * initialising MPI_T (which registers every variable: time a short job would pay at start).
     */
    default boolean mpitEverInitialized(int toolId) {
        return true;
    }

    /** The MPI tool information interface of this JVM's (first) MPI process. */
    MpiT mpit();

    /**
     * Where a binding's status objects of class {@code statusClass} keep {@code field}
     * ({@code source}, {@code tag} or {@code index}), as the descriptor of the binding that class's
     * loader sees says: {@code {name, descriptor}} of a public member, a method when the descriptor
     * starts with {@code (}, else an int field; {@code null} if no descriptor says.
     */
    @Nullable
    default String[] statusMember(Class<?> statusClass, String field) {
        return null;
    }

    /**
     * The value the descriptor of binding {@code bindingId} (as {@link org.qmpi4j.api.MpiCall#bindingId()}
     * gives it) gives the fact named {@code fact}, a {@code fact} line of the descriptor: what the
     * binding does that tools must know and no mapping says ({@code buffers}: {@code nio} or
     * {@code array-offset}; {@code free}: {@code invalidates} or {@code no-op}; the descriptor
     * format's {@code BindingFact} lists them). {@code null} if no descriptor has that id or no
     * fact that name; a backend without descriptors says nothing.
     */
    @Nullable
    default String bindingFact(String bindingId, String fact) {
        return null;
    }

    /**
     * The title of binding {@code bindingId}, as its descriptor's {@code title} line gives it
     * ({@code MPJ Express 0.44 (mpiJava 1.2)}), for messages that name the binding to its users;
     * {@code null} if no descriptor has that id.
     */
    @Nullable
    default String bindingTitle(String bindingId) {
        return null;
    }

    /**
     * Whether the descriptor of binding {@code bindingId} maps a method of the binding to
     * {@code function} (MPJ Express' mpiJava 1.2 API has no {@code MPI_Request_free}, for one);
     * {@code false} if no descriptor has that id. A backend without descriptors says {@code true}.
     */
    default boolean bindingHasFunction(String bindingId, MpiFunction function) {
        return true;
    }

    /**
     * Installs the backend; the agent calls this once, before any tool is registered.
     *
     * @throws IllegalStateException if a backend is installed already: the first one stays
     */
    static void install(QmpiBackend backend) {
        InstalledBackend.set(backend);
    }

    /**
     * The installed backend.
     *
     * @throws IllegalStateException if none is installed (the agent is not attached)
     */
    static QmpiBackend current() {
        return InstalledBackend.get();
    }
}
