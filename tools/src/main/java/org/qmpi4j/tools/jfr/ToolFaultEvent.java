package org.qmpi4j.tools.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import org.qmpi4j.api.Nullable;

/**
 * A tool's handler or initialiser failed (the MPI call went ahead unchanged): any tool of the
 * process, as the agent reports it with its MPI_T event {@code qmpi4j_tool_fault}.
 */
@Name(ToolFaultEvent.NAME)
@Label("qmpi4j Tool Fault")
@Category({"MPI", "qmpi4j"})
@Description("A qmpi4j tool's handler or initialiser failed; the MPI call went ahead unchanged")
@StackTrace(false)
final class ToolFaultEvent extends jdk.jfr.Event {
    static final String NAME = "qmpi4j.ToolFault";

    @Label("Tool")
    @Nullable
    String tool;

    @Label("Where")
    @Description("The function whose handler failed, e.g. MPI_SEND, or the tool's initialiser")
    @Nullable
    String where;
}
