package org.qmpi4j.api;

/**
 * One MPI call with its arguments, as the application wrote it. Immutable: tools observe a call,
 * they cannot change its arguments or its result.
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

    /** Name of the binding, e.g. {@code "openmpi"} or {@code "mpj"}. */
    String binding();

    /** The object the method was called on (e.g. the communicator), or {@code null} for static methods. */
    @Nullable
    Object receiver();

    /** Number of arguments, not counting the receiver. */
    int argumentCount();

    /** Argument {@code i} (0-based, not counting the receiver), boxed if primitive; {@code null} as the application passed it. */
    @Nullable
    Object argument(int i);

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
}
