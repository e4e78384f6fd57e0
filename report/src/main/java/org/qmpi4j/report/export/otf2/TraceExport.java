package org.qmpi4j.report.export.otf2;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.RankClock;
import org.qmpi4j.report.trace.Timeline;
import org.qmpi4j.report.trace.TraceSelection;

/**
 * Reads a job's trace through the {@link Timeline} (every rank's calls on the job's common clock,
 * after clock alignment and causality correction) and writes the chosen ranks' calls in the chosen
 * window through an {@link Otf2Export}, one rank after the other, streaming. Call sites and
 * communicators, defined per shard, become the job's: one region per site, one communicator per
 * key (the same on all its members).
 */
public final class TraceExport {
    private TraceExport() {}

    /**
     * Writes the part {@code selection} of the trace in {@code dir} (a job of {@code size} ranks)
     * to {@code out}, definitions included; {@code out} is left open for the caller to close.
     *
     * @param hosts each rank's host ({@code ""}: unknown)
     */
    public static TraceResult write(Path dir, int size, TraceSelection selection, List<String> hosts, Otf2Records out)
            throws IOException {
        Timeline timeline = Timeline.open(dir, size, selection);
        // Timestamps are rank 0's clock readings: the common clock (from the job's zero) plus the
        // zero, so that they are positive as OTF2's are.
        long zero = timeline.ranks().isEmpty()
                ? 0
                : timeline.summary(timeline.ranks().get(0)).zero();
        Communicators comms = new Communicators(size);
        CallSites sites = new CallSites();
        Otf2Export export = new Otf2Export(out, comms, sites, hosts);
        Reader reader = new Reader(export, comms, sites, selection, zero);
        timeline.read(reader);
        export.finish();
        return new TraceResult(reader.calls, List.of(), timeline.missingRanks(), reader.problems);
    }

    /** Every rank's calls; each held until the next, so that the requests it completed join it. */
    private static final class Reader implements Timeline.Visitor {
        private final Otf2Export export;
        private final Communicators comms;
        private final CallSites sites;
        private final TraceSelection selection;
        private final long zero;
        private final TracedCall call = new TracedCall();
        /** Communicator key -> the job's id. */
        private final Map<String, Integer> commByKey = new HashMap<>();
        /** Site (as its stack frame) -> the job's id. */
        private final Map<String, Integer> siteByFrame = new HashMap<>();
        /** This rank's shard ids -> the job's ids. */
        private final Map<Integer, Integer> rankComms = new HashMap<>();

        private final Map<Integer, Integer> rankSites = new HashMap<>();
        /** Receives posted and not completed yet: request -> bytes of the receive buffer. */
        private final Map<Long, Long> postedBytes = new HashMap<>();

        final Map<Integer, Long> calls = new TreeMap<>();
        final List<String> problems = new ArrayList<>();
        private @Nullable Otf2Export.RankWriter writer;
        private boolean pending;
        private long count;

        Reader(Otf2Export export, Communicators comms, CallSites sites, TraceSelection selection, long zero) {
            this.export = export;
            this.comms = comms;
            this.sites = sites;
            this.selection = selection;
            this.zero = zero;
            commByKey.put(TraceFormat.WORLD_KEY, Communicators.WORLD);
        }

        /** The writer of the rank being read: set at {@link #beginRank}, before any call of it. */
        private Otf2Export.RankWriter writer() {
            return Objects.requireNonNull(writer, "a rank's records before its beginning");
        }

        @Override
        public void beginRank(int rank, RankClock clock) {
            writer = export.rank(rank);
            rankComms.clear();
            rankSites.clear();
            postedBytes.clear();
            pending = false;
            count = 0;
        }

        @Override
        public void site(int rank, ShardSite s) {
            int id = siteByFrame.computeIfAbsent(
                    s.toString(),
                    k -> sites.add(s.className(), s.method(), s.file() == null ? "" : s.file(), Math.max(0, s.line())));
            rankSites.put(s.id(), id);
        }

        @Override
        public void communicator(int rank, ShardCommunicator c) {
            Integer id = commByKey.get(c.key());
            if (id == null) {
                String name = "MPI communicator " + c.key();
                // Members outside COMM_WORLD (spawned or connected worlds) have no location here.
                int[] local = inWorld(c.localGroup());
                id = c.isInter() ? comms.addInter(name, local, inWorld(c.remoteGroup())) : comms.add(name, local);
                commByKey.put(c.key(), id);
            }
            rankComms.put(c.id(), id);
        }

        private static int[] inWorld(int[] group) {
            return Arrays.stream(group).filter(r -> r >= 0).toArray();
        }

        @Override
        public void call(int rank, ShardEvent e, long start, long end) throws IOException {
            flush();
            if (!selection.overlaps(start, end)) {
                return;
            }
            call.reset(e.function(), e.tid(), zero + start, zero + end);
            if (e.hasJvm()) {
                call.jvmBefore(e.jvm(0), e.jvm(2), e.jvm(3), e.jvm(4));
            }
            if (e.site() != null) {
                call.site(rankSites.getOrDefault(e.site().id(), -1));
            }
            if (e.communicator() != null) {
                call.comm(rankComms.getOrDefault(e.communicator().id(), Communicators.WORLD));
            }
            MpiFunctionKind kind = MpiFunctionKind.of(e.function());
            long receiveBuffer = e.receivedBytes() != TraceFormat.NONE ? e.receivedBytes() : e.bytes();
            switch (kind.records()) {
                case SEND:
                case ISEND:
                    call.sent(e.peer(), e.tag(), e.bytes());
                    break;
                case SENDRECV:
                    call.sent(e.peer(), e.tag(), e.bytes());
                    call.received(e.receivedFrom(), e.recvTag(), receiveBuffer);
                    break;
                case RECV:
                    // A wildcard receive names its source and tag once its status told them.
                    call.received(
                            e.receivedFrom() != TraceFormat.NONE
                                    ? e.receivedFrom()
                                    : e.peer() >= 0 ? e.peer() : TracedCall.NONE,
                            e.recvTag() != TraceFormat.NONE ? e.recvTag() : e.tag() >= 0 ? e.tag() : TracedCall.NONE,
                            receiveBuffer);
                    break;
                case COLLECTIVE:
                    call.root(e.root() >= 0 ? e.root() : TracedCall.NONE);
                    call.collectiveBytes(e.bytes(), e.receivedBytes());
                    break;
                default:
                    break;
            }
            if (e.requestId() != TraceFormat.NONE) {
                call.request(e.requestId());
                if (kind.records() == MpiFunctionKind.Records.IRECV) {
                    postedBytes.put(e.requestId(), receiveBuffer);
                }
            }
            pending = true;
        }

        @Override
        public void completed(int rank, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq) {
            if (pending && request != TraceFormat.NONE) {
                Long bytes = postedBytes.remove(request);
                call.completed(request, peer, tag, bytes == null ? TracedCall.NONE : bytes);
            }
        }

        private void flush() throws IOException {
            if (pending) {
                writer().call(call);
                count++;
                pending = false;
            }
        }

        @Override
        public void endRank(int rank, ShardParser shard) throws IOException {
            flush();
            writer().close();
            calls.put(rank, count);
            problems.addAll(shard.problems());
        }
    }
}
