package org.qmpi4j.tools.tracer;

import java.util.List;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.output.OutputDirectory;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Setting;
import org.qmpi4j.api.settings.Settings;

/**
 * The bundled {@code tracer}: every MPI call of every rank with its start and end, on rank 0's
 * clock (offsets measured at {@code MPI_Init} and {@code MPI_Finalize}), in one file: one track per
 * rank, arrows from sends to their receives. Each rank streams its calls to its shard
 * {@code ranks/rank-<r>.trace} through a fixed buffer; rank 0 gathers the shards at
 * {@code MPI_Finalize} while they total under {@code tracer.merge-limit} and writes them as
 * Chrome Trace Event JSON ({@code trace.json}: Perfetto, {@code chrome://tracing}, DevTools) up to
 * {@code tracer.json-limit}, past it in Perfetto's protobuf format ({@code trace.pftrace}), which
 * stays openable where JSON of that size is not; past the merge limit it writes
 * {@code trace-index.json} for {@code qmpi4j trace}. Past the size limit (setting
 * {@code tracer.limit}, default 256 MiB per rank) a rank stops recording and says so.
 */
public final class TracerTool implements ToolProvider {
    static final long DEFAULT_LIMIT = 256L << 20;
    /** The setting {@code tracer.limit}. */
    static final Setting<Long> LIMIT = Setting.byteSize(
            "tracer.limit",
            DEFAULT_LIMIT,
            "the most bytes each rank's trace file may take, e.g. `64m`, `2g`. Past it the rank stops recording,"
                    + " says so once on stderr (`qmpi4j tracer: rank 3 reached the trace size limit ...`), and the trace"
                    + " shows an instant event on that rank's track and lists it in `otherData.truncated_ranks`;"
                    + " the profile is unaffected");

    /**
     * Chosen by what the JSON viewers open: benchmarks/TRACE-VIEWERS.md (measured with text shards;
     * binary shards hold as many calls in under a third of the bytes, so the limit is a third).
     */
    static final long DEFAULT_JSON_LIMIT = 5L << 20;
    /** The setting {@code tracer.json-limit}. */
    static final Setting<Long> JSON_LIMIT = Setting.byteSize(
            "tracer.json-limit",
            DEFAULT_JSON_LIMIT,
            "the most bytes of per-rank shards (`ranks/rank-<r>.trace`, all ranks together) that rank 0 writes as"
                    + " `trace.json` (Chrome Trace Event JSON: Perfetto, chrome://tracing, Chrome DevTools) at"
                    + " `MPI_Finalize`. Past it, up to `tracer.merge-limit`, rank 0 writes the same trace as"
                    + " `trace.pftrace` (Perfetto's protobuf format: open it in https://ui.perfetto.dev), since as JSON"
                    + " it would take several times the shards' bytes, more than the JSON viewers open well;"
                    + " `qmpi4j trace --format json` still builds JSON of chosen ranks and a time window");

    /** As many calls as the text shards' 64 MiB held (binary shards take under a third of the bytes). */
    static final long DEFAULT_MERGE_LIMIT = 20L << 20;
    /** The setting {@code tracer.merge-limit}. */
    static final Setting<Long> MERGE_LIMIT = Setting.byteSize(
            "tracer.merge-limit",
            DEFAULT_MERGE_LIMIT,
            "the most bytes of per-rank shards (`ranks/rank-<r>.trace`, all ranks together) that rank 0 gathers into"
                    + " `trace.json` or `trace.pftrace` (see `tracer.json-limit`) at `MPI_Finalize`. Past it nothing is"
                    + " gathered: each rank keeps its shard, rank 0 writes `trace-index.json` and says how to build a"
                    + " trace of chosen ranks and a time window (`qmpi4j trace`)");

    /** The setting {@code tracer.pvars}. */
    static final Setting<List<String>> PVARS = Setting.list(
            "tracer.pvars",
            "MPI_T performance variables to sample into the trace, by name, e.g."
                    + " `pml_ob1_unexpected_msgq_length,qmpi4j_posted_receives` (Open MPI's unexpected-message queue"
                    + " length, the agent's receives posted and not completed; `qmpi4j mpit list --source all` lists"
                    + " them): each is a counter track under its rank in the trace, its value the sum of its elements"
                    + " (per peer for a variable bound to a communicator, which is bound to `MPI_COMM_WORLD`). With"
                    + " none (the default) no MPI_T session is opened");

    /** The setting {@code tracer.pvar-interval}. */
    static final Setting<Double> PVAR_INTERVAL = Setting.seconds(
            "tracer.pvar-interval",
            0.01,
            "how often the variables of `tracer.pvars` are sampled: at the end of the first MPI call after each"
                    + " interval (a rank that computes without calling MPI is not sampled meanwhile)");

    /** The setting {@code tracer.pvar-calls}. */
    static final Setting<List<String>> PVAR_CALLS = Setting.list(
            "tracer.pvar-calls",
            "MPI functions at the end of whose every call the variables of `tracer.pvars` are sampled, instead of"
                    + " by `tracer.pvar-interval`, e.g. `MPI_Recv,MPI_Barrier`");

    /** The setting {@code tracer.iteration}. */
    static final Setting<String> ITERATION = Setting.string(
            "tracer.iteration",
            "auto",
            "how rank 0 finds the job's main loop in the trace at `MPI_Finalize` (profile.json's `iterations`, the"
                    + " report's time per iteration): `auto` takes the program's `MPI_Pcontrol` marker (an"
                    + " `MPI_Pcontrol` call site with a level other than 0 that every rank calls equally often, at least"
                    + " 3 times: each call starts an iteration) or else finds the loop from the calls every rank"
                    + " repeats, `pcontrol` takes the marker only, `Class:line` names the MPI call that ends each"
                    + " iteration (e.g. `Solver:42`; before any marker), `off` does not look");

    @Override
    public String name() {
        return "tracer";
    }

    @Override
    public String description() {
        return "timeline of every MPI call on every rank, with message arrows (trace.json for Perfetto / chrome://tracing;"
                + " trace.pftrace for Perfetto when large)";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(
                OutputDirectory.SETTING,
                OutputDirectory.QUIET_RESULTS,
                LIMIT,
                JSON_LIMIT,
                MERGE_LIMIT,
                RankOutput.FLUSH_SECONDS,
                PVARS,
                PVAR_INTERVAL,
                PVAR_CALLS,
                ITERATION,
                TracerClock.TEST_SKEW);
    }

    @Override
    public void initialize(int toolId) {
        new Tracer(toolId, Settings.current(), System.err).register();
    }
}
