package org.qmpi4j.tools.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** {@code MPI_Pcontrol} changed the level the tools see (0: tools off until another level). */
@Name(PcontrolEvent.NAME)
@Label("MPI Pcontrol")
@Category({"MPI", "qmpi4j"})
@Description("MPI_Pcontrol changed the profiling level the tools see")
@StackTrace(false)
final class PcontrolEvent extends jdk.jfr.Event {
    static final String NAME = "qmpi4j.Pcontrol";

    @Label("Level")
    int level;

    @Label("Previous Level")
    int previous;
}
