package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.trace.TraceFileWriter;

/**
 * The MPI_T performance variables of {@code tracer.pvars} hooked up to the trace: opened and
 * named in the shard at {@code MPI_Init}, sampled after the calls their schedule says
 * ({@link PvarSchedule}), freed before {@code MPI_Finalize}. {@link PvarSampler} is loaded only
 * when the setting names any.
 */
final class PvarSampling {
    private final int toolId;
    private final Settings settings;
    private final RankOutput output;
    /** The performance variables sampled, or null: none, or no longer. */
    private volatile @Nullable PvarSampler pvars;

    /** When to sample; set with {@link #pvars}. */
    private @Nullable PvarSchedule schedule;

    PvarSampling(int toolId, Settings settings, RankOutput output) {
        this.toolId = toolId;
        this.settings = settings;
        this.output = output;
    }

    /**
     * Opens the variables of {@code tracer.pvars}, if any, and names them in the shard. A variable
     * that cannot be sampled is said once (rank 0) and left out.
     */
    void start(TraceFileWriter w, Object comm, int rank) throws IOException {
        List<String> wanted = Objects.requireNonNull(settings.get(TracerTool.PVARS), "a setting with a default");
        if (wanted.isEmpty()) {
            return;
        }
        try {
            open(w, wanted, comm, rank);
        } catch (RuntimeException e) {
            output.fault("opening MPI_T performance variables; none is sampled", e);
        }
    }

    private void open(TraceFileWriter w, List<String> wanted, Object comm, int rank) throws IOException {
        PvarSchedule s;
        try {
            s = new PvarSchedule(
                    Objects.requireNonNull(settings.get(TracerTool.PVAR_INTERVAL), "a setting with a default"),
                    Objects.requireNonNull(settings.get(TracerTool.PVAR_CALLS), "a setting with a default"));
        } catch (IllegalArgumentException e) {
            if (rank == 0) {
                output.say(TracerTool.PVAR_CALLS.key() + " names a function MPI does not have (" + e.getMessage()
                        + "); no performance variable is sampled");
            }
            return;
        }
        PvarSampler p = PvarSampler.open(Qmpi.mpit(toolId), wanted, comm);
        if (rank == 0) {
            for (String problem : p.problems()) {
                output.say("performance variable " + problem + "; not sampled");
            }
        }
        if (p.names().isEmpty()) {
            p.close();
            return;
        }
        for (int i = 0; i < p.names().size(); i++) {
            w.definePvar(i, p.isInteger(i), p.names().get(i));
        }
        schedule = s;
        pvars = p;
    }

    /** Samples the variables if any and a sample is due after a call of {@code f} that ended at {@code endNs}. */
    void afterCall(TraceFileWriter w, MpiFunction f, long endNs, TracerClock clock) throws IOException {
        PvarSampler p = pvars;
        if (p == null) {
            return;
        }
        synchronized (p) {
            PvarSchedule due = schedule;
            if (pvars != p || due == null || !due.due(f, endNs)) {
                return;
            }
            long t = clock.local(endNs);
            try {
                for (int i = 0; i < p.names().size(); i++) {
                    w.pvarSample(i, t, p.read(i), p.isInteger(i));
                }
            } catch (RuntimeException e) {
                pvars = null; // no more samples; the calls are still traced
                output.fault("reading MPI_T performance variables; no more samples are taken", e);
            }
        }
    }

    /** Frees the variables' handles and session, before MPI_Finalize. */
    void close() {
        PvarSampler p = pvars;
        if (p == null) {
            return;
        }
        synchronized (p) {
            pvars = null;
            try {
                p.close();
            } catch (RuntimeException e) {
                output.fault("closing the MPI_T session of the performance variables", e);
            }
        }
    }
}
