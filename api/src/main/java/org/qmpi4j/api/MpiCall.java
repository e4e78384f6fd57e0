package org.qmpi4j.api;

/**
 * One MPI call with its arguments, as the application (or the tool before this one) passed them.
 * Immutable: a tool that changes the call makes a changed copy with the {@code with...} methods
 * and continues that copy instead, so tools that change nothing pay nothing.
 *
 * <h2>Changing the call</h2>
 * QMPI hands each tool the arguments "as provided by the user (or the previous tool)"; a tool
 * reaches MPI through the next tool's function. In a {@link ToolHandler}:
 * <ul>
 *   <li><b>Changed arguments</b>: {@link #withArgument} (by position) or {@link #withRole} (by role,
 *       whatever the binding's signature), then continue the copy:
 *       {@code next.invoke(context, call.withRole(ArgumentRole.PEER, recordedSource))}. The next
 *       tool and the binding see the new values; the calling address stays the application's. A
 *       value of the wrong type is refused at once with an {@link IllegalArgumentException} that
 *       names the function, the argument and the type expected, before anything reaches MPI.</li>
 *   <li><b>Another function</b>: {@link #withFunction(MpiFunction)} continues with a different MPI
 *       function of the same binding through the rest of the chain (the tools after this one see
 *       that function, those before it the original). It counts as continuing: the application's
 *       call is not made a second time. The {@code ssend} sample tool turns every
 *       {@code MPI_SEND} into an {@code MPI_SSEND}:
 *       <pre>{@code
 * (context, toolId, call) -> {
 *     MpiCall ssend = call.withFunction(MpiFunction.MPI_SSEND);
 *     return Qmpi.getNextToolFunction(toolId, MpiFunction.MPI_SSEND).invoke(context, ssend);
 * }
 * }</pre></li>
 *   <li><b>Changed results</b>: what a handler returns is what the tool before it, or the
 *       application, gets. A value that does not fit the binding method's return type is counted
 *       as the tool's fault and MPI's own result is used.</li>
 *   <li><b>Failing the call</b>: {@code throw call.fail(Qmpi.bindingException(toolId, errorClass, message))}
 *       ends the call with the binding's own exception type; the application gets exactly that
 *       exception, and MPI is not called if the tool did not continue.</li>
 *   <li><b>Completing without MPI</b>: {@code return call.complete(result)} ends the call with
 *       {@code result} and without MPI, on purpose. A handler that merely returns without
 *       continuing is a fault: it is counted and reported once and the agent makes the call itself.</li>
 * </ul>
 *
 * <p>The typed accessors give the roles common to MPI functions whatever the binding's signature
 * (Open MPI's {@code send(buf, count, type, dest, tag)} and MPJ's
 * {@code Send(buf, offset, count, type, dest, tag)} both have a buffer, count, datatype, peer and
 * tag). A role the function does not have is {@code null} for objects and {@link #ABSENT} for
 * numbers. Binding objects (communicators, datatypes, requests) are returned as {@code Object}:
 * tools written against this API alone work with every binding.
 */
public interface MpiCall {
    /** Value of an {@code int} or {@code long} role the call does not have. */
    int ABSENT = Integer.MIN_VALUE;

    MpiFunction function();

    /** Where the application made the call; for calls a tool made, where the original call was. */
    CallingAddress callingAddress();

    /**
     * Name of the binding, e.g. {@code "openmpi"} or {@code "mpj"}.
     *
     * @deprecated the same as {@link #bindingId()}, whose name says what it holds
     */
    @Deprecated
    String binding();

    /**
     * The binding id: the name of the binding the call goes to, e.g. {@code "openmpi"} or
     * {@code "mpj"}, as the binding descriptors and the output files name it.
     */
    default String bindingId() {
        return binding();
    }

    /** The object the method was called on (e.g. the communicator), or {@code null} for static methods. */
    @Nullable
    Object receiver();

    /** Number of arguments, not counting the receiver. */
    int argumentCount();

    /** Argument {@code i} (0-based, not counting the receiver), boxed if primitive; {@code null} as the application passed it. */
    @Nullable
    Object argument(int i);

    /**
     * The argument of {@code role}, boxed if primitive (the receiver for a role the receiver plays),
     * whatever the binding's signature; for a role the call returns (a non-blocking call's request),
     * what it returned, once it did. {@code null} if the function has no argument of that role, and
     * for calls that are not the agent's.
     */
    @Nullable
    default Object argument(ArgumentRole role) {
        return null;
    }

    /** The communicator the call operates on, or {@code null}. */
    @Nullable
    Object communicator();

    /** The (first) message buffer: an array or a {@code java.nio.Buffer}; {@code null} if none. */
    @Nullable
    Object buffer();

    /** The element count of the (first) buffer, or {@link #ABSENT}. */
    int count();

    /** The datatype of the (first) buffer, or {@code null}. */
    @Nullable
    Object datatype();

    /** Destination, source or root rank, or {@link #ABSENT}; may be a wildcard such as ANY_SOURCE. */
    int peer();

    /** Message tag, or {@link #ABSENT}; may be a wildcard such as ANY_TAG. */
    int tag();

    /**
     * Bytes the call sends (for receives: the bytes the receive buffer can take), computed as count
     * times the size of the datatype; {@code 0} for calls that move no message data. Computed when
     * first asked, so tools that do not need it pay nothing.
     */
    long bytes();

    /** The request the call takes or, once the binding returned it, the request it created; or {@code null}. */
    @Nullable
    Object request();

    /** The binding's return value, once the chain has reached the binding; {@code null} before or for {@code void}. */
    @Nullable
    Object result();

    /**
     * The return type of the binding's method this call runs ({@code void.class} for none). One MPI
     * function may have several methods: Open MPI's {@code Request.waitFor()} and
     * {@code waitStatus()} are both {@code MPI_WAIT}, and only the second returns the status. A tool
     * that needs the status can continue the call as the function's main method
     * ({@link #withFunction(MpiFunction, Object, Object...)}) and return to its caller a value of
     * this type.
     */
    default Class<?> resultType() {
        return Object.class;
    }

    /** Value of {@link #entryNanos()} and {@link #exitNanos()} when no time was taken. */
    long NO_TIME = Long.MIN_VALUE;

    /**
     * A copy of this call with argument {@code index} (0-based, not counting the receiver, as in
     * {@link #argument}) replaced; continue the copy with {@link ToolFunction#invoke}. This call
     * stays as it was.
     *
     * @param value the new value: boxed for a primitive parameter ({@code Integer} for {@code int})
     * @throws IndexOutOfBoundsException if the call has no such argument
     * @throws IllegalArgumentException  if {@code value} does not fit the parameter's type (the
     *                                   message names the function, the argument and the type)
     * @throws UnsupportedOperationException for a call that is not the agent's
     */
    default MpiCall withArgument(int index, @Nullable Object value) {
        throw new UnsupportedOperationException("only calls the agent gave to a handler can be changed");
    }

    /**
     * A copy of this call with the argument of {@code role} replaced, wherever the binding's
     * signature has it ({@link ArgumentRole#COMMUNICATOR} of a communicator's method replaces the
     * receiver). See {@link #withArgument} for the rules.
     *
     * @throws IllegalArgumentException if the function has no argument of that role (or only returns
     *                                  it, as a non-blocking call its request), or {@code value}
     *                                  does not fit its type
     * @throws UnsupportedOperationException for a call that is not the agent's
     */
    default MpiCall withRole(ArgumentRole role, @Nullable Object value) {
        throw new UnsupportedOperationException("only calls the agent gave to a handler can be changed");
    }

    /**
     * This call as a call of another MPI function of the same binding with the same receiver and
     * arguments (the binding's method for {@code function} must take them, as {@code MPI_SSEND}
     * takes those of {@code MPI_SEND}); the calling address stays the application's. Continue it
     * with {@code Qmpi.getNextToolFunction(toolId, function).invoke(context, copy)}; the tools
     * after this one see {@code function}.
     *
     * @throws IllegalArgumentException      if the arguments do not fit {@code function}'s method
     * @throws UnsupportedOperationException if the binding has no method for {@code function}, or
     *                                       for a call that is not the agent's
     */
    default MpiCall withFunction(MpiFunction function) {
        throw new UnsupportedOperationException("only calls the agent gave to a handler can be changed");
    }

    /**
     * A call of another MPI function of the same binding with the given receiver and arguments (as
     * for {@link Qmpi#invokeNext}), standing for this call: continuing it counts as continuing this
     * one, and the calling address stays the application's.
     *
     * @param receiver  the object the binding's method is called on, or {@code null} for static ones
     * @param arguments the binding method's arguments
     * @throws IllegalArgumentException      if the arguments do not fit {@code function}'s method
     * @throws UnsupportedOperationException if the binding has no method for {@code function}, or
     *                                       for a call that is not the agent's
     */
    default MpiCall withFunction(MpiFunction function, @Nullable Object receiver, Object... arguments) {
        throw new UnsupportedOperationException("only calls the agent gave to a handler can be changed");
    }

    /**
     * Completes this call on purpose without MPI (and without the tools after this one): the
     * handler returns what this returns, {@code return call.complete(result)}, and the tool before
     * it (or the application) gets {@code result}.
     *
     * @param result the call's result: {@code null} for {@code void} methods, boxed for primitives
     * @return {@code result}
     * @throws IllegalArgumentException if {@code result} does not fit the method's return type
     * @throws IllegalStateException    if the call has already reached MPI or been completed
     * @throws UnsupportedOperationException for a call that is not the agent's
     */
    @Nullable
    default Object complete(@Nullable Object result) {
        throw new UnsupportedOperationException("only calls the agent gave to a handler can be completed");
    }

    /**
     * Fails this call on purpose with {@code error}: {@code throw call.fail(error)}. The tools before
     * this one and the application get exactly {@code error}; MPI is not called unless the handler
     * has already continued the call. Use the binding's own exception type, from
     * {@link Qmpi#bindingException}, so that the application's error handling sees what MPI would
     * throw; a {@link RuntimeException} is allowed too.
     *
     * @return {@code error}, for the handler to throw
     * @throws IllegalArgumentException if {@code error} is a checked exception other than the
     *                                  binding's own
     * @throws UnsupportedOperationException for a call that is not the agent's
     */
    default Exception fail(Exception error) {
        throw new UnsupportedOperationException("only calls the agent gave to a handler can be failed");
    }

    /**
     * The instant ({@link System#nanoTime()}) at which the application's call entered the agent,
     * read once for all tools; or {@link #NO_TIME} unless some tool asked for times with
     * {@link Qmpi#requestCallTimes}. Tools that time calls use it instead of reading the clock.
     */
    default long entryNanos() {
        return NO_TIME;
    }

    /**
     * The instant ({@link System#nanoTime()}) at which MPI returned (or threw, or a tool completed
     * the call), read once for all tools; {@link #NO_TIME} before that, or unless some tool asked
     * for times with {@link Qmpi#requestCallTimes}. Read it after continuing the call.
     */
    default long exitNanos() {
        return NO_TIME;
    }
}
