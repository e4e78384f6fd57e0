package org.qmpi4j.launch;

import java.io.IOException;

/** Runs an {@link MpiJob} on one MPI runtime and waits for it, at most until its time limit. */
public interface Launcher {
    /** Short name used on the command line and in test names, e.g. {@code openmpi}. */
    String name();

    /**
     * Starts the job, waits for it, and returns how it ended. Never hangs past the job's timeout:
     * at the limit the whole process tree is stopped.
     *
     * @throws IOException when the runtime cannot be started at all (missing launcher, bad paths)
     */
    JobResult run(MpiJob job) throws IOException;
}
