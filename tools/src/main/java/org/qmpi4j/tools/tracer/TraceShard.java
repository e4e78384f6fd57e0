package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.ClockModel;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;

/**
 * This rank's shard {@code ranks/rank-<r>.trace} and its clock: opened after {@code MPI_Init} with
 * this rank's offset to rank 0 measured ({@link ClockSync}) and the job's zero agreed, flushed
 * when the life cycle asks, and at {@code MPI_Finalize} given a second offset measurement and
 * closed. Times in the shard stay on the rank's own clock ({@link TracerClock}); whoever builds the
 * trace maps them onto rank 0's ({@link ClockModel}: linear drift between the two measurements).
 */
final class TraceShard implements RankResults.RankFile {
    private static final int BUFFER = 1 << 16;
    private static final byte[] NOTHING = new byte[0];

    private final Settings settings;

    /** This rank's shard once opened; {@code null} before, or where the rank has none. */
    private volatile @Nullable TraceFileWriter writer;
    /** Set at MPI_Finalize before the shard is closed: no more flushes. */
    private volatile boolean closed;

    private volatile TracerClock clock = new TracerClock(0, 0);
    private volatile ClockModel clockModel = ClockModel.IDENTITY;
    private volatile long zero;
    /** This rank's MPI_Init entry on its own clock. */
    private volatile long initEntryLocal;

    TraceShard(Settings settings) {
        this.settings = settings;
    }

    /**
     * Collective, after the results folder was agreed ({@code s} is {@code null} where there is
     * none): measures the clocks, agrees on the zero (the earliest {@code MPI_Init} entry on rank
     * 0's clock) and, where the rank can write its file, opens the shard with COMM_WORLD defined
     * in it. Returns the shard, or {@code null} where this rank has none.
     */
    @Nullable
    TraceFileWriter open(WorldComm comm, @Nullable OutputSession s, String binding, long initEntryNs, MessageBook book)
            throws Exception {
        long limit = Objects.requireNonNull(settings.get(TracerTool.LIMIT), "a setting with a default");
        TracerClock c = TracerClock.forRank(settings.get(TracerClock.TEST_SKEW), comm.rank());
        clock = c;
        comm.barrier();
        ClockSync.Measurement m = null;
        long z;
        if (comm.canExchangeData()) {
            // This rank's offset to rank 0; the zero is the earliest MPI_Init entry on rank 0's clock.
            m = c.biased(ClockSync.measure(comm, c));
            clockModel = ClockModel.IDENTITY.with(m.local, m.offset, m.error);
            z = -comm.allMax(-clockModel.toReference(c.local(initEntryNs)));
        } else {
            // No data exchange: each rank's own MPI_Init entry is its zero (ranks aligned within MPI_Init's spread).
            comm.barrier();
            z = c.local(initEntryNs);
        }
        zero = z;
        initEntryLocal = c.local(initEntryNs);
        if (s == null || !s.ranksWritable()) {
            return null; // no folder, or said once for the node when the folder could not be made
        }
        TraceFileWriter w = new TraceFileWriter(
                ResultFiles.rankTrace(Objects.requireNonNull(s.dir(), "ranks can write: the folder exists"), s.rank()),
                s.rank(),
                s.size(),
                binding,
                org.qmpi4j.tools.output.HostName.get(),
                limit,
                BUFFER);
        if (m != null) {
            w.clock(m.local, m.offset, m.error);
        }
        w.zero(z);
        book.comms.id(comm.world(), true, w); // COMM_WORLD is communicator 0
        writer = w;
        return w;
    }

    /** This rank's clock, once {@link #open} measured it. */
    TracerClock clock() {
        return clock;
    }

    @Override
    public byte[] write(OutputSession s, RankResults.Moment moment, RankOutput output) throws Exception {
        if (moment == RankResults.Moment.FINALIZED) {
            close(s, output);
            return NOTHING; // the gather reads the shard from disk
        }
        TraceFileWriter w = writer;
        if (w != null && !closed) {
            try {
                w.flush();
            } catch (IOException e) {
                output.fault("writing the trace file", e);
            }
        }
        return NOTHING;
    }

    /**
     * Collective, once no more calls are recorded: the clocks measured again into the shard, the
     * shard closed.
     */
    private void close(OutputSession s, RankOutput output) throws Exception {
        TraceFileWriter w = writer; // null: this rank has no shard, and takes part with an empty one
        closed = true;
        Path file = ResultFiles.rankTrace(Objects.requireNonNull(s.dir(), "no results folder"), s.rank());
        WorldComm comm = s.comm();
        try {
            if (comm.canExchangeData()) {
                ClockSync.Measurement m = clock.biased(ClockSync.measure(comm, clock));
                clockModel = clockModel.with(m.local, m.offset, m.error);
                // The zero again, through the whole model: no call maps before it.
                zero = -comm.allMax(-clockModel.toReference(initEntryLocal));
                try {
                    if (w != null) {
                        w.clock(m.local, m.offset, m.error);
                        w.zero(zero);
                    }
                } catch (IOException e) {
                    output.fault("writing " + file, e);
                }
            }
        } finally {
            try {
                if (w != null) {
                    w.end();
                    w.close();
                }
            } catch (IOException e) {
                output.fault("closing " + file, e);
            }
        }
    }

    /** What rank 0 needs to know of this closed shard before gathering any (a few numbers). */
    ShardSummary summary(int rank, long length) {
        TraceFileWriter w = writer;
        return w != null
                ? new ShardSummary(
                        rank,
                        length,
                        w.eventsWritten(),
                        w.limitReached(),
                        w.firstTime(),
                        w.lastTime(),
                        clockModel,
                        zero)
                : new ShardSummary(rank, 0, 0, false, 0, 0, clockModel, zero);
    }

    /** The closed shard's length in bytes, 0 where there is none or it cannot be read (said once). */
    long length(Path file, RankOutput output) {
        if (writer == null) {
            return 0;
        }
        try {
            return Files.size(file);
        } catch (IOException e) {
            output.fault("reading " + file, e);
            return 0;
        }
    }

    /**
     * The closed shard, or {@code null} if there is none or it cannot be read (the rank still takes
     * part with an empty stream: the others would wait for ever).
     */
    @Nullable
    InputStream read(Path file, RankOutput output) {
        if (writer == null) {
            return null; // no shard: said when it could not be made
        }
        try {
            return Files.newInputStream(file);
        } catch (IOException e) {
            output.fault("reading " + file, e);
            return null;
        }
    }
}
