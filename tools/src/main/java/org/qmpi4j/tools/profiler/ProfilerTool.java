package org.qmpi4j.tools.profiler;

import java.util.List;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;

/**
 * The bundled {@code profiler}: per MPI function and per call site (class, method, file, line)
 * the calls, total, mean, shortest and longest time and bytes, per rank and merged over ranks; the
 * share of the run spent in MPI; message-size histograms; the point-to-point communication
 * matrix. Gathered by rank 0 with name-shifted calls before the application's
 * {@code MPI_Finalize} completes, written as {@code report.txt}, {@code report.html}, {@code profile.json},
 * {@code matrix.html} and {@code matrix.svg}; each rank also keeps its own file in {@code ranks/}
 * during the run, so a crash leaves data.
 *
 * <p>{@code MPI_Pcontrol}: level 0 switches it off until another level; 2 writes each rank's
 * snapshot; 3 and 4 write this rank's verbose or concise report now.
 */
public final class ProfilerTool implements ToolProvider {
    @Override
    public String name() {
        return "profiler";
    }

    @Override
    public String description() {
        return "time, calls and bytes per MPI function and call site, communication matrix (report.txt, report.html, profile.json, matrix.html)";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(OutputDirectory.SETTING, OutputDirectory.QUIET_RESULTS, RankOutput.FLUSH_SECONDS);
    }

    @Override
    public void initialize(int toolId) {
        new Profiler(toolId, Settings.current(), System.err).register();
    }
}
