package org.qmpi4j.tools.check;

import java.util.List;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;

/**
 * The bundled {@code check}: a correctness checker. It finds deadlocks (every rank, or a group of
 * ranks waiting on one another, blocked in MPI calls that cannot complete), reports them with each rank's call, site, peer, tag and
 * communicator and the wait-for cycle or the missing participants, and by default ends the job;
 * and it names usage errors (requests never completed, invalid ranks, tags and counts, ...) with
 * the rule and the call sites. Findings go to {@code check.json} and {@code check.txt}, one line
 * each to stderr, and each rank's {@code ranks/rank-<r>.check.json} as they happen.
 */
public final class CheckTool implements ToolProvider {
    /** The setting {@code check.deadlock-seconds}. */
    static final Setting<Double> DEADLOCK_SECONDS = Setting.seconds(
            "check.deadlock-seconds",
            10,
            "how long the ranks of a deadlock (every rank, or ranks that wait only on one another) must stay blocked in"
                    + " MPI calls without any of their calls completing before `check` reports it");

    /** The setting {@code check.on-deadlock}. */
    static final Setting<String> ON_DEADLOCK = Setting.string(
            "check.on-deadlock",
            "abort",
            "what `check` does after reporting a deadlock: `abort` ends the job with `MPI_Abort` (exit status 3),"
                    + " `report` leaves it running");

    @Override
    public String name() {
        return "check";
    }

    @Override
    public String description() {
        return "correctness checker: deadlocks found and ended, request leaks, invalid arguments, message and"
                + " collective mismatches at their call sites (check.txt, check.json)";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(
                OutputDirectory.SETTING,
                OutputDirectory.QUIET_RESULTS,
                RankOutput.FLUSH_SECONDS,
                DEADLOCK_SECONDS,
                ON_DEADLOCK);
    }

    @Override
    public void initialize(int toolId) {
        new Checker(toolId, Settings.current(), System.err).register();
    }
}
