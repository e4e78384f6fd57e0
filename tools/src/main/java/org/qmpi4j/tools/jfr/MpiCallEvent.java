package org.qmpi4j.tools.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import org.qmpi4j.api.Nullable;

/**
 * One MPI call of the application, with its duration (the event's own begin and end, around the
 * rest of the tool chain and the binding). Stack traces are off by default: the call site is a
 * field, and a stack per MPI call would cost more than the call in tight loops; a recording's
 * settings can switch them on ({@code qmpi4j.MpiCall#stackTrace=true}).
 */
@Name(MpiCallEvent.NAME)
@Label("MPI Call")
@Category({"MPI", "qmpi4j"})
@Description("An MPI call of the application, recorded by the qmpi4j tool 'jfr'")
@StackTrace(false)
final class MpiCallEvent extends jdk.jfr.Event {
    static final String NAME = "qmpi4j.MpiCall";

    @Label("Function")
    @Description("The MPI standard's name, e.g. MPI_SEND")
    @Nullable
    String function;

    @Label("Call Site")
    @Description("Where the application made the call: class.method(File.java:line)")
    @Nullable
    String callSite;

    @Label("Communicator Size")
    @Description("Processes in the communicator the call operates on; -1 when it has none")
    int communicatorSize;

    @Label("Peer")
    @Description("Destination, source or root as a rank in MPI_COMM_WORLD; -1 when the call has none, or for a"
            + " wildcard, MPI_PROC_NULL or a process of another world")
    int peer;

    @Label("Tag")
    @Description("The message tag as given (a wildcard as the binding's value); -1 when the call has none")
    int tag;

    @Label("Bytes")
    @Description("Bytes sent (receives: what the buffer can take); 0 for calls that move no message data")
    @DataAmount
    long bytes;
}
