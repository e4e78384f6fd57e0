package org.qmpi4j.api;

import org.qmpi4j.api.internal.QmpiBackend;
import org.qmpi4j.api.mpit.MpiT;

/**
 * The QMPI interface for Java tools: register a tool, register storage and handlers when it is
 * initialised, continue calls through the chain, reach the binding directly.
 *
 * <h2>Life cycle</h2>
 * <ol>
 *   <li><b>Registration</b>, before the application initialises MPI: a tool registers a unique name
 *       and an {@link ToolInitializer}, either by being found with {@link java.util.ServiceLoader}
 *       as a {@link ToolProvider} or explicitly with {@link #registerToolName}.</li>
 *   <li><b>Selection</b>: the user lists tool names in order (agent argument {@code tools=a,b},
 *       system property {@code qmpi4j.tools}, or environment {@code QMPI4J_TOOLS}, first found
 *       wins; commas or colons). A name may appear twice: each occurrence is its own instance with
 *       its own id and storage. The first tool listed is the first to see each call.</li>
 *   <li><b>Initialisation</b>: when the application calls {@code MPI.Init}/{@code InitThread}, each
 *       instance's initialiser runs once with a fresh tool id and registers storage and handlers.
 *       Then MPI's own initialisation runs, through the chain.</li>
 *   <li><b>Interception</b>: each MPI call of the application reaches the first instance that
 *       registered a handler for its function; each handler continues with
 *       {@link #getNextToolFunction}; the last function is the binding.</li>
 * </ol>
 *
 * <h2>Example: count sends</h2>
 * <pre>{@code
 * public final class SendCounter implements ToolProvider {
 *     public String name() { return "send-counter"; }
 *     public void initialize(int toolId) {
 *         Qmpi.registerToolStorage(toolId, new java.util.concurrent.atomic.AtomicLong());
 *         Qmpi.registerToolFunction(toolId, MpiFunction.MPI_SEND, (context, id, call) -> {
 *             java.util.concurrent.atomic.AtomicLong sends = Qmpi.getToolStorage(context, id);
 *             sends.incrementAndGet();
 *             return Qmpi.getNextToolFunction(id, call.function()).invoke(context, call);
 *         });
 *     }
 * }
 * }</pre>
 *
 * <p>Calls a tool makes on the binding's classes directly (for example
 * {@code MPI.COMM_WORLD.getRank()} in a tool class) are never intercepted: the agent rewrites only
 * application classes. {@link #pmpi} does the same for tools written against this API alone.
 *
 * <p>All methods need the qmpi4j agent; without it they throw {@link IllegalStateException}.
 */
public final class Qmpi {
    private Qmpi() {}

    /**
     * Registers a tool under a unique name (QMPI's {@code MPI_REGISTER_TOOL_NAME}).
     *
     * @throws IllegalArgumentException if the name is taken or not a valid tool name
     * @throws IllegalStateException    if MPI is already initialised
     */
    public static void registerToolName(String name, ToolInitializer init) {
        QmpiBackend.current().registerToolName(name, init);
    }

    /**
     * Associates storage with a tool instance (QMPI's {@code MPI_REGISTER_TOOL_STORAGE}); handlers
     * get it back with {@link #getToolStorage}. Call it from the initialiser.
     */
    public static void registerToolStorage(int toolId, Object storage) {
        QmpiBackend.current().registerToolStorage(toolId, storage);
    }

    /**
     * Registers the handler of a tool instance for one function (QMPI's
     * {@code MPI_REGISTER_TOOL_FUNCTION}). Call it from the initialiser. Functions no tool
     * registers for run at the speed of the plain call.
     *
     * @throws IllegalStateException if called outside the instance's initialiser
     */
    public static void registerToolFunction(int toolId, MpiFunction function, ToolHandler handler) {
        QmpiBackend.current().registerToolFunction(toolId, function, handler);
    }

    /**
     * The function to continue with after tool instance {@code toolId} for {@code function} (QMPI's
     * {@code MPI_GET_NEXT_TOOL_FUNCTION}). Cheap, allocation-free, and stable: may be cached at
     * initialisation.
     */
    public static ToolFunction getNextToolFunction(int toolId, MpiFunction function) {
        return QmpiBackend.current().getNextToolFunction(toolId, function);
    }

    /** The storage registered by {@code toolId} (QMPI's {@code MPI_GET_TOOL_STORAGE}), or {@code null}. */
    // The type parameter spares every handler a cast of its own storage (QMPI returns a void*).
    @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
    @Nullable
    public static <T> T getToolStorage(QmpiContext context, int toolId) {
        return (T) QmpiBackend.current().getToolStorage(context, toolId);
    }

    /** Where the application made the call being intercepted (QMPI's {@code MPI_GET_CALLING_ADDRESS}). */
    public static CallingAddress getCallingAddress(QmpiContext context) {
        return QmpiBackend.current().getCallingAddress(context);
    }

    /**
     * Makes another MPI call from inside a handler, through the tools after {@code toolId}, so that
     * they see it too (QMPI: call MPI through the next tool's function pointer).
     *
     * @param receiver the object the binding's method is called on (e.g. a communicator), or
     *                 {@code null} for static functions
     * @param args     the binding method's arguments
     * @throws UnsupportedOperationException if the binding has no method for the function
     */
    public static @Nullable Object invokeNext(
            QmpiContext context, int toolId, MpiFunction function, @Nullable Object receiver, Object... args)
            throws Exception {
        return QmpiBackend.current().invokeNext(context, toolId, function, receiver, args);
    }

    /**
     * Calls the binding directly, bypassing every tool (the PMPI idea: a name-shifted entry). Use it
     * to gather a tool's own results; such calls are never intercepted.
     *
     * @param toolId   the calling tool's id (selects the MPI process in JVMs that host several)
     * @param receiver the object the binding's method is called on, or {@code null} for static ones
     */
    public static @Nullable Object pmpi(int toolId, MpiFunction function, @Nullable Object receiver, Object... args)
            throws Exception {
        return QmpiBackend.current().pmpi(toolId, function, receiver, args);
    }

    /**
     * Whether the binding calls {@code function} on a receiver (an instance method, such as Open
     * MPI's {@code Comm.setErrhandler}), so that {@link #pmpi} needs one, or statically (MPJ
     * Express' {@code MPI.Errorhandler_set}, which acts on {@code COMM_WORLD} whatever receiver is
     * passed). A tool that means to act on its own communicator asks this first, lest a static
     * method act on the application's.
     *
     * @throws UnsupportedOperationException if the binding has no method for the function
     */
    public static boolean takesReceiver(int toolId, MpiFunction function) {
        return QmpiBackend.current().takesReceiver(toolId, function);
    }

    /**
     * A public static constant of the binding's {@code mpi.MPI} class by name, e.g.
     * {@code "COMM_WORLD"}, {@code "LONG"}, {@code "SUM"}, for use with {@link #pmpi}.
     *
     * @throws IllegalArgumentException if the binding has no such constant
     */
    public static Object bindingConstant(int toolId, String name) {
        return QmpiBackend.current().bindingConstant(toolId, name);
    }

    /**
     * A new exception of the binding's own type for MPI errors, for a handler that fails a call:
     * {@code throw call.fail(Qmpi.bindingException(toolId, errorClass, "why"))}. With Open MPI it
     * is an {@code mpi.MPIException} whose {@code getErrorClass()} and {@code getErrorCode()} are
     * both {@code errorClass} (an error class is a valid error code; take it from the binding's
     * constants, e.g. {@code bindingConstant(toolId, "ERR_OTHER")}) and whose message is
     * {@code message}. MPJ Express' {@code mpi.MPIException} has no error class: its message is
     * {@code message} followed by {@code " (MPI error class <errorClass>)"}.
     *
     * @throws UnsupportedOperationException if the binding's descriptor names no exception
     */
    public static Exception bindingException(int toolId, int errorClass, String message) {
        return QmpiBackend.current().bindingException(toolId, errorClass, message);
    }

    /**
     * Asks the agent to read the clock once when each call enters it and once when MPI returns, for
     * {@link MpiCall#entryNanos()} and {@link MpiCall#exitNanos()}: every tool that times calls
     * shares these two reads instead of reading the clock itself. Call it from the initialiser.
     */
    public static void requestCallTimes(int toolId) {
        QmpiBackend.current().requestCallTimes(toolId);
    }

    /**
     * The current {@code MPI_Pcontrol} level of the process: 1 after initialisation; 0 while the
     * application has switched tools off.
     */
    public static int pcontrolLevel(int toolId) {
        return QmpiBackend.current().pcontrolLevel(toolId);
    }

    /**
     * The MPI tool information interface (MPI_T) of the MPI process tool instance {@code toolId}
     * belongs to. Tools use this one: in a JVM that hosts several MPI processes (MPJ Express'
     * multicore mode) it is the right process's. It works before {@code MPI.Init} and after
     * {@code MPI.Finalize}; see {@link MpiT} for its use.
     */
    public static MpiT mpit(int toolId) {
        return QmpiBackend.current().mpit(toolId);
    }

    /**
     * The MPI tool information interface (MPI_T) of this JVM's MPI process, for code that is not a
     * tool and so has no tool id: the only process's, except in MPJ Express' multicore mode, where
     * it is the first rank's and tools must use {@link #mpit(int)}.
     */
    public static MpiT mpit() {
        return QmpiBackend.current().mpit();
    }
}
