package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.report.trace.ArrowEnd;
import org.qmpi4j.report.trace.ArrowEnds;

/**
 * Trace format 4 on a real Open MPI job of 4 ranks that splits {@code COMM_WORLD} into two halves,
 * joins them by an intercommunicator and duplicates {@code COMM_WORLD} ({@code features/SubCommunicators}): every call's site is the sample's own
 * source line of that call, the communicators' keys agree across their members, each
 * communicator's collectives are numbered alike on all its members with their roots, and the
 * messages on the halves and the duplicate are matched into arrows of their own.
 */
class TraceCommunicatorsTest {
    private static final int RANKS = 4;
    private static final int ROUNDS = 3; // SubCommunicators.ROUNDS
    private static final String SAMPLE = "features.SubCommunicators";

    /** One rank's shard as read. */
    private static final class Shard implements ArrowEnds.Sink {
        final List<ShardEvent> events = new ArrayList<>();
        final List<String> sent = new ArrayList<>();
        final List<String> received = new ArrayList<>();
        /** Per completing call: its function and the request it completed. */
        final List<String> completions = new ArrayList<>();

        @Override
        public void call(ShardEvent e) {
            events.add(e.copy());
        }

        @Override
        public void sent(ShardEvent e, String id, long to, long tag, long seq, String comm) {
            sent.add(id);
        }

        @Override
        public void received(ArrowEnd a) {
            received.add(a.id);
        }
    }

    @Test
    void callsOnSubCommunicatorsNameTheirSitesCommunicatorsCollectivesAndMessages(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(BundledTools.job(AgentJob.SAMPLES + SAMPLE, RANKS, "tracer", out));
        AgentJob.assertOk(result, RANKS);
        Map<String, Integer> lines = AgentJob.siteMarkers(AgentJob.SAMPLES + SAMPLE);

        List<Shard> shards = new ArrayList<>();
        List<ShardParser> parsers = new ArrayList<>();
        for (int r = 0; r < RANKS; r++) {
            Shard s = new Shard();
            ArrowEnds ends = new ArrowEnds(r, s);
            ShardParser p = new ShardParser(r, new ShardParser.Listener() {
                @Override
                public void event(ShardEvent e) throws java.io.IOException {
                    ends.event(e);
                }

                @Override
                public void completed(
                        ShardEvent call, long request, ShardCommunicator comm, long peer, long tag, long seq)
                        throws java.io.IOException {
                    s.completions.add(call.function() + " " + request);
                    ends.completed(call, request, comm, peer, tag, seq);
                }
            });
            byte[] bytes = Files.readAllBytes(out.resolve("ranks/rank-" + r + ".trace"));
            p.feed(bytes, 0, bytes.length);
            p.end();
            ends.finish();
            assertThat(p.problems()).as("rank %d", r).isEmpty();
            assertThat(p.version()).isEqualTo(TraceFormat.VERSION);
            shards.add(s);
            parsers.add(p);
        }

        // Every call's site is the line of the sample that makes it.
        for (int r = 0; r < RANKS; r++) {
            for (ShardEvent e : shards.get(r).events) {
                assertThat(lines).as("a SITE marker for %s", e.function()).containsKey(e.function());
                assertThat(e.site())
                        .as("site of %s on rank %d", e.function(), r)
                        .isNotNull();
                assertThat(e.site().file()).isEqualTo("SubCommunicators.java");
                assertThat(e.site().className()).isEqualTo(AgentJob.SAMPLES + SAMPLE);
                assertThat(e.site().line())
                        .as("line of %s on rank %d", e.function(), r)
                        .isEqualTo(lines.get(e.function()));
            }
        }

        // Four communicators per rank: COMM_WORLD, its half, the duplicate, the intercommunicator
        // between the halves; their keys agree across their members.
        Map<String, List<Integer>> members = new TreeMap<>();
        for (int r = 0; r < RANKS; r++) {
            Map<Integer, ShardCommunicator> comms = parsers.get(r).communicators();
            assertThat(comms).as("communicators of rank %d", r).hasSize(4);
            assertThat(comms.get(0).isWorld()).isTrue();
            ShardCommunicator half = comms.get(1);
            assertThat(half.isInter()).isFalse();
            assertThat(half.localGroup()).containsExactly(r % 2, r % 2 + 2);
            ShardCommunicator copy = comms.get(2);
            assertThat(copy.localGroup()).containsExactly(0, 1, 2, 3);
            assertThat(copy.key()).isEqualTo(TraceFormat.communicatorKey("I 0..3", 0));
            ShardCommunicator inter = comms.get(3);
            assertThat(inter.isInter()).isTrue();
            assertThat(inter.localGroup()).containsExactly(r % 2, r % 2 + 2);
            assertThat(inter.remoteGroup()).containsExactly(1 - r % 2, 3 - r % 2);
            assertThat(inter.key()).isEqualTo(TraceFormat.communicatorKey("X 0,2 1,3", 0));
            for (ShardCommunicator c : comms.values()) {
                members.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(r);
            }
        }
        assertThat(members).hasSize(5);
        assertThat(members.values())
                .containsExactlyInAnyOrder(
                        List.of(0, 1, 2, 3), List.of(0, 2), List.of(1, 3), List.of(0, 1, 2, 3), List.of(0, 1, 2, 3));
        for (int r = 0; r < RANKS; r++) {
            String halfKey = parsers.get(r).communicators().get(1).key();
            assertThat(members.get(halfKey)).containsExactly(r % 2, r % 2 + 2);
        }

        // Collectives: per communicator key, the same sequence on all members, numbered from 0.
        Map<String, Map<Integer, List<String>>> collectives = new TreeMap<>();
        for (int r = 0; r < RANKS; r++) {
            for (ShardEvent e : shards.get(r).events) {
                if (e.collectiveSeq() != TraceFormat.NONE) {
                    List<String> seq = collectives
                            .computeIfAbsent(e.communicatorKey(), k -> new TreeMap<>())
                            .computeIfAbsent(r, k -> new ArrayList<>());
                    assertThat(e.collectiveSeq()).isEqualTo(seq.size());
                    seq.add(e.function() + " root " + e.root() + " recv " + e.receivedBytes());
                }
            }
        }
        for (int r = 0; r < RANKS; r++) {
            int colour = r % 2;
            String halfKey = parsers.get(r).communicators().get(1).key();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < ROUNDS; i++) {
                expected.add("MPI_BCAST root " + colour + " recv 4");
            }
            expected.add("MPI_GATHER root " + (2 + colour) + " recv 4");
            assertThat(collectives.get(halfKey).get(r))
                    .as("rank %d's collectives on its half", r)
                    .isEqualTo(expected);
            assertThat(collectives
                            .get(parsers.get(r).communicators().get(2).key())
                            .get(r))
                    .containsExactly("MPI_ALLREDUCE root " + TraceFormat.NONE + " recv 4");
            assertThat(collectives.get(TraceFormat.WORLD_KEY).get(r))
                    .containsExactly("MPI_BARRIER root " + TraceFormat.NONE + " recv " + TraceFormat.NONE);
            assertThat(collectives
                            .get(parsers.get(r).communicators().get(3).key())
                            .get(r))
                    .containsExactly("MPI_BARRIER root " + TraceFormat.NONE + " recv " + TraceFormat.NONE);
        }
        for (Map<Integer, List<String>> byRank : collectives.values()) {
            assertThat(new HashMap<>(byRank).values().stream().distinct()).hasSize(1);
        }

        // Messages: every id sent is received once; ROUNDS per rank on each half, on the
        // intercommunicator and on the duplicate.
        List<String> sent = new ArrayList<>();
        List<String> received = new ArrayList<>();
        for (Shard s : shards) {
            sent.addAll(s.sent);
            received.addAll(s.received);
        }
        assertThat(sent).hasSize(3 * RANKS * ROUNDS).doesNotHaveDuplicates();
        assertThat(received).containsExactlyInAnyOrderElementsOf(sent);
        for (int r = 0; r < RANKS; r++) {
            String halfKey = parsers.get(r).communicators().get(1).key();
            String copyKey = parsers.get(r).communicators().get(2).key();
            String interKey = parsers.get(r).communicators().get(3).key();
            int halfNext = (r + 2) % RANKS;
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < ROUNDS; i++) {
                expected.add(TraceFormat.flowId(r, halfNext, 5, i, halfKey));
            }
            for (int i = 0; i < ROUNDS; i++) {
                expected.add(TraceFormat.flowId(r, r ^ 1, 5, i, interKey));
            }
            for (int i = 0; i < ROUNDS; i++) {
                expected.add(TraceFormat.flowId(r, (r + 1) % RANKS, 5, i, copyKey));
            }
            assertThat(shards.get(r).sent).containsExactlyElementsOf(expected);
        }
        // Each isend names its request, and the wait after it completes that request.
        for (int r = 0; r < RANKS; r++) {
            long isends = 0;
            for (ShardEvent e : shards.get(r).events) {
                if (e.function().equals("MPI_ISEND")) {
                    assertThat(e.requestId()).isEqualTo(isends++);
                }
            }
            assertThat(isends).isEqualTo(2 * ROUNDS);
            List<String> waits = new ArrayList<>();
            for (int i = 0; i < 2 * ROUNDS; i++) {
                waits.add("MPI_WAIT " + i);
            }
            assertThat(shards.get(r).completions).containsExactlyElementsOf(waits);
        }

        // trace.json draws the same arrows: one start and one end per message.
        JsonNode trace = JobResults.in(out).json("trace.json");
        List<String> starts = new ArrayList<>();
        List<String> ends = new ArrayList<>();
        for (JsonNode e : trace.get("traceEvents").elements()) {
            String ph = e.get("ph").asString();
            if (ph.equals("s")) {
                starts.add(e.get("id").asString());
            } else if (ph.equals("f")) {
                ends.add(e.get("id").asString());
            }
        }
        assertThat(starts).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(ends).containsExactlyInAnyOrderElementsOf(sent);
    }
}
