package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.cli.otf2.Otf2Reading;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * {@code qmpi4j export --format otf2} of real jobs' traces, read back by OTF2's own readers
 * (the Python bindings and {@code otf2-print}, from {@code scripts/setup-otf2.sh}): per rank, every
 * record count equals what the sample counted itself: {@code Enter} and {@code Leave} per MPI
 * function, each call inside its call site's region, {@code MpiSend}/{@code MpiIsend} per peer with
 * their bytes, {@code MpiRecv}, the nonblocking pairs with their requests, and
 * {@code MpiCollectiveBegin}/{@code End} per operation; every message sent is received where it was
 * sent to; collectives and messages on sub-communicators are on those communicators, with roots and
 * peers as their ranks; each rank on its host; nanosecond timestamps that never go back; and the
 * export of one rank holds that rank only.
 */
class ExportOtf2Test {
    private static final Map<String, String> COLLECTIVES = Map.of(
            "MPI_BARRIER", "BARRIER",
            "MPI_BCAST", "BCAST",
            "MPI_GATHER", "GATHER",
            "MPI_SCATTER", "SCATTER",
            "MPI_REDUCE", "REDUCE",
            "MPI_ALLREDUCE", "ALLREDUCE",
            "MPI_ALLTOALL", "ALLTOALL");

    @ParameterizedTest(name = "{0} with {1} ranks")
    @CsvSource({"Ring, 2", "PingPong, 2", "Stencil, 4", "Collectives, 4", "styles.MasterWorker, 4"})
    void everyRecordEqualsTheSamplesOwnCount(String sample, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        MpiJob.Builder job = AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, "profiler,tracer")
                .env("QMPI4J_OUTPUT", out.toString());
        if (sample.equals("PingPong")) {
            job.args("--iterations", "20", "--sizes", "0,1,1024,70000");
        } else if (sample.equals("Stencil")) {
            job.args("32", "20");
        }
        JobResult result = AgentJob.run(job);
        SampleOutput own = AgentJob.assertOk(result, ranks);
        Otf2Reading read = export(out, tmp.resolve("otf2"), ranks, own);
        assertMessagesPerPeer(read, own, ranks);
        String file = sample.substring(sample.lastIndexOf('.') + 1) + ".java";
        assertThat(read.sourceOf)
                .isNotEmpty()
                .allSatisfy((site, source) -> assertThat(source).startsWith(file + ":"));
        JobResults.Profile profile = JobResults.in(out).profile();
        for (int r = 0; r < ranks; r++) {
            assertThat(read.hostOf.get(r))
                    .isEqualTo(profile.root
                            .get("time")
                            .get("per_rank")
                            .elements()
                            .get(r)
                            .get("host")
                            .asString());
        }
    }

    @ParameterizedTest(name = "MPJ Express {0} with {1} ranks")
    @CsvSource({"Ring, 2", "Stencil, 4"})
    void anMpjExpressJobIsExportedToo(String sample, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult mpj = MpjAgentJob.run(
                Mode.NIODEV,
                MpjAgentJob.withTools(sample, ranks, "profiler,tracer").env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = MpjAgentJob.assertOk(mpj, ranks, Mode.NIODEV);
        Otf2Reading read = export(out, tmp.resolve("otf2"), ranks, own);
        assertMessagesPerPeer(read, own, ranks);
    }

    /**
     * Collectives and messages on sub-communicators (two halves of even and odd world ranks, a
     * duplicate of {@code COMM_WORLD}): each on its communicator, with its root and peers as ranks
     * of that communicator, and each call inside the region of the source line it was written on.
     */
    @Test
    void subCommunicatorsAreDefinitionsAndPeersAndRootsAreTheirRanks(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result =
                AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "features.SubCommunicators", 4, "profiler,tracer")
                        .env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = AgentJob.assertOk(result, 4);
        Otf2Reading read = export(out, tmp.resolve("otf2"), 4, own);
        // MPI_COMM_WORLD, the two halves, the duplicate and the intercommunicator joining the halves.
        List<List<Integer>> world = List.of(List.of(0, 1, 2, 3));
        assertThat(read.comms).hasSize(5).containsEntry("MPI_COMM_WORLD", world);
        assertThat(read.comms.values())
                .as("the intercommunicator's two groups, once from each side's view")
                .containsOnlyOnce(List.of(List.of(0, 2), List.of(1, 3)));
        String even = commOf(read, List.of(List.of(0, 2)));
        String odd = commOf(read, List.of(List.of(1, 3)));
        String dup = read.comms.entrySet().stream()
                .filter(e ->
                        !e.getKey().equals("MPI_COMM_WORLD") && e.getValue().equals(world))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow();
        for (int r = 0; r < 4; r++) {
            String half = r % 2 == 0 ? even : odd;
            int next = (r / 2 + 1) % 2;
            assertThat(read.records(r))
                    .as("rank %d", r)
                    .containsEntry("MpiCollectiveEnd BCAST on " + half + " root 0 sent 4 received 4", 3L)
                    .containsEntry("MpiIsend to " + next + " on " + half + " tag 5 bytes 4", 3L)
                    .containsEntry("MpiRecv from " + next + " on " + half + " tag 5 bytes 4", 3L)
                    .containsEntry("MpiIsendComplete", own.rankReport(r).calls.get("MPI_ISEND"))
                    .containsEntry("MpiSend to " + (r + 1) % 4 + " on " + dup + " tag 5 bytes 4", 3L)
                    .containsEntry("MpiRecv from " + (r + 3) % 4 + " on " + dup + " tag 5 bytes 4", 3L)
                    .containsEntry("MpiCollectiveEnd BARRIER on MPI_COMM_WORLD root - sent 0 received 0", 1L);
            assertThat(count(read.records(r), "MpiCollectiveEnd GATHER on " + half + " root 1 "))
                    .isEqualTo(1);
            assertThat(count(read.records(r), "MpiCollectiveEnd ALLREDUCE on " + dup + " root - "))
                    .isEqualTo(1);
        }
        // Every call inside its source line's region: the line that says SITE:<function>.
        List<String> source = Files.readAllLines(AgentJob.repoRoot()
                .resolve("samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/features/SubCommunicators.java"));
        for (int r = 0; r < 4; r++) {
            for (String key : read.records(r).keySet()) {
                if (!key.startsWith("Nested ")) {
                    continue;
                }
                String[] parts = key.substring("Nested ".length()).split(" > ");
                String where = read.sourceOf.get(parts[0]);
                assertThat(where).as("source of %s", parts[0]).startsWith("SubCommunicators.java:");
                int line = Integer.parseInt(where.substring(where.indexOf(':') + 1));
                assertThat(source.get(line - 1))
                        .as("line %d for %s", line, parts[1])
                        .contains("// SITE:" + parts[1].toUpperCase(Locale.ROOT));
            }
        }
    }

    @Test
    void theExportOfSomeRanksHoldsTheirRecordsOnly(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "Ring", 2, "profiler,tracer")
                .env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = AgentJob.assertOk(result, 2);
        Path dest = tmp.resolve("rank1");
        BundledTools.Command c =
                BundledTools.qmpi4j("export", "--format", "otf2", "--ranks", "1", out.toString(), dest.toString());
        assertThat(c.exitCode).as("%s", c).isZero();
        Otf2Reading read = Otf2Reading.python(dest.resolve("traces.otf2"));
        assertThat(read.records()).containsOnlyKeys(1);
        assertThat(enterLeave(read.records(1), "Enter")).isEqualTo(regions(own.rankReport(1).calls));
        // Every rank keeps its location (communicators' groups are world ranks); rank 0's is empty.
        assertThat(read.hostOf).containsOnlyKeys(0, 1);
    }

    /** Exports {@code results} into {@code dest} and checks every record against the sample's counts. */
    private static Otf2Reading export(Path results, Path dest, int ranks, SampleOutput own) throws Exception {
        BundledTools.Command c = BundledTools.qmpi4j("export", "--format", "otf2", results.toString(), dest.toString());
        assertThat(c.exitCode).as("%s", c).isZero();
        assertThat(c.stderr).contains("qmpi4j: wrote " + dest.resolve("traces.otf2"));
        assertThat(dest.resolve("traces.def")).exists();
        assertThat(Files.isDirectory(dest.resolve("traces"))).isTrue();

        Otf2Reading read = Otf2Reading.python(dest.resolve("traces.otf2"));
        assertThat(read.resolution).isEqualTo(1_000_000_000L);
        assertThat(read.ordered).as("%s", read.problems).isTrue();
        assertThat(read.records()).containsOnlyKeys(range(ranks));
        Map<String, Long> printed = new TreeMap<>();
        for (int r = 0; r < ranks; r++) {
            Map<String, Long> calls = own.rankReport(r).calls;
            Map<String, Long> rec = read.records(r);
            assertThat(enterLeave(rec, "Enter"))
                    .as("Enter per region, rank %d", r)
                    .isEqualTo(regions(calls));
            assertThat(enterLeave(rec, "Leave"))
                    .as("Leave per region, rank %d", r)
                    .isEqualTo(regions(calls));
            Map<String, Long> nested = new TreeMap<>();
            rec.forEach((k, n) -> {
                if (k.startsWith("Nested ")) {
                    nested.merge(k.substring(k.indexOf(" > ") + 3), n, Long::sum);
                }
            });
            assertThat(nested)
                    .as("MPI calls inside a call site's region, rank %d", r)
                    .isEqualTo(regions(calls));

            long sends = calls.getOrDefault("MPI_SEND", 0L) + calls.getOrDefault("MPI_SENDRECV", 0L);
            long receives = calls.getOrDefault("MPI_RECV", 0L) + calls.getOrDefault("MPI_SENDRECV", 0L);
            assertThat(count(rec, "MpiSend ")).isEqualTo(sends);
            assertThat(count(rec, "MpiRecv ")).isEqualTo(receives);
            assertThat(count(rec, "MpiIsend ")).isEqualTo(calls.getOrDefault("MPI_ISEND", 0L));
            assertThat(count(rec, "MpiIsendComplete")).isEqualTo(calls.getOrDefault("MPI_ISEND", 0L));
            assertThat(count(rec, "MpiIrecvRequest")).isEqualTo(calls.getOrDefault("MPI_IRECV", 0L));
            assertThat(count(rec, "MpiIrecv ")).isEqualTo(calls.getOrDefault("MPI_IRECV", 0L));
            long collectives = 0;
            for (Map.Entry<String, String> e : COLLECTIVES.entrySet()) {
                long n = calls.getOrDefault(e.getKey(), 0L);
                collectives += n;
                assertThat(count(rec, "MpiCollectiveEnd " + e.getValue() + " on "))
                        .as("%s on rank %d", e.getKey(), r)
                        .isEqualTo(n);
            }
            assertThat(count(rec, "MpiCollectiveBegin")).isEqualTo(collectives);
            assertThat(count(rec, "MpiCollectiveEnd ")).isEqualTo(collectives);
            // otf2-print: each call's Enter and Leave, and those of its call site's region.
            long all = calls.values().stream().mapToLong(Long::longValue).sum();
            // And the regions of what the JVM took before a call (class loading, safepoints, ...).
            printed.merge("ENTER", 2 * all + count(rec, "Enter JVM: "), Long::sum);
            printed.merge("LEAVE", 2 * all + count(rec, "Leave JVM: "), Long::sum);
            printed.merge("MPI_SEND", sends, Long::sum);
            printed.merge("MPI_RECV", receives, Long::sum);
            printed.merge("MPI_ISEND", calls.getOrDefault("MPI_ISEND", 0L), Long::sum);
            printed.merge("MPI_ISEND_COMPLETE", calls.getOrDefault("MPI_ISEND", 0L), Long::sum);
            printed.merge("MPI_IRECV_REQUEST", calls.getOrDefault("MPI_IRECV", 0L), Long::sum);
            printed.merge("MPI_IRECV", calls.getOrDefault("MPI_IRECV", 0L), Long::sum);
            printed.merge("MPI_COLLECTIVE_BEGIN", collectives, Long::sum);
            printed.merge("MPI_COLLECTIVE_END", collectives, Long::sum);
        }
        // Every message sent is received where it was sent to, from whom it was sent, on the same
        // communicator (peers are ranks of the communicator: mapped to world ranks through its group).
        assertThat(messages(read, ranks, "Recv from "))
                .as("messages as received")
                .isEqualTo(messages(read, ranks, "Send to "));
        printed.values().removeIf(n -> n == 0);
        Otf2Reading.Printed otf2Print = Otf2Reading.otf2Print(dest.resolve("traces.otf2"));
        assertThat(otf2Print.perRecord).as("otf2-print's records").isEqualTo(printed);
        assertThat(otf2Print.warnings).as("otf2-print's warnings").isEmpty();
        return read;
    }

    /**
     * Messages and bytes per peer of the blocking and nonblocking sends on {@code COMM_WORLD} equal
     * the sample's own count (its peers are world ranks).
     */
    private static void assertMessagesPerPeer(Otf2Reading read, SampleOutput own, int ranks) {
        for (int r = 0; r < ranks; r++) {
            Map<Integer, List<Long>> sent = new TreeMap<>();
            read.records(r).forEach((k, n) -> {
                if ((k.startsWith("MpiSend to ") || k.startsWith("MpiIsend to "))
                        && k.contains(" on MPI_COMM_WORLD ")) {
                    String[] f = k.split(" ");
                    List<Long> acc = sent.computeIfAbsent(Integer.parseInt(f[2]), p -> List.of(0L, 0L));
                    sent.put(
                            Integer.parseInt(f[2]),
                            List.of(acc.get(0) + n, acc.get(1) + n * Long.parseLong(f[f.length - 1])));
                }
            });
            Map<Integer, List<Long>> expected = new TreeMap<>();
            own.rankReport(r).sentTo.forEach((p, v) -> expected.put(p, List.of(v[0], v[1])));
            assertThat(sent).as("messages and bytes sent per peer, rank %d", r).isEqualTo(expected);
        }
    }

    /**
     * Messages of the job as {@code <sender> -> <receiver> on <comm> tag <t> bytes <b>} (world
     * ranks), counted from the sends ({@code "Send to "}) or the receives ({@code "Recv from "}).
     */
    private static Map<String, Long> messages(Otf2Reading read, int ranks, String direction) {
        Map<String, Long> m = new TreeMap<>();
        for (int r = 0; r < ranks; r++) {
            int rank = r;
            read.records(r).forEach((k, n) -> {
                String nonblocking = "MpiI" + Character.toLowerCase(direction.charAt(0)) + direction.substring(1);
                if (!k.startsWith("Mpi" + direction) && !k.startsWith(nonblocking)) {
                    return;
                }
                String[] f = k.split(" ");
                String rest = k.substring(k.indexOf(" on ") + 4);
                String comm = rest.substring(0, rest.indexOf(" tag "));
                List<List<Integer>> groups = read.comms.get(comm);
                // An intercommunicator's peer is a rank of the other side's group, whichever side
                // the one definition was written from.
                List<Integer> peers = groups.size() == 2 && groups.get(1).contains(rank)
                        ? groups.get(0)
                        : groups.get(groups.size() - 1);
                int peer = peers.get(Integer.parseInt(f[2]));
                String message = direction.startsWith("Send")
                        ? rank + " -> " + peer + " on " + rest
                        : peer + " -> " + rank + " on " + rest;
                m.merge(message, n, Long::sum);
            });
        }
        return m;
    }

    private static String commOf(Otf2Reading read, List<List<Integer>> group) {
        return read.comms.entrySet().stream()
                .filter(e -> e.getValue().equals(group))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no communicator of " + group + " in " + read.comms));
    }

    private static Set<Integer> range(int n) {
        Set<Integer> s = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            s.add(i);
        }
        return s;
    }

    /** {@code Enter} (or {@code Leave}) records per MPI function's region. */
    private static Map<String, Long> enterLeave(Map<String, Long> records, String kind) {
        Map<String, Long> m = new TreeMap<>();
        records.forEach((k, n) -> {
            if (k.startsWith(kind + " MPI_")) {
                m.put(k.substring(kind.length() + 1), n);
            }
        });
        return m;
    }

    /** The sample's calls per function as OTF2 regions: MPI_COMM_RANK is MPI_Comm_rank. */
    private static Map<String, Long> regions(Map<String, Long> calls) {
        Map<String, Long> m = new TreeMap<>();
        calls.forEach((f, n) -> {
            String rest = f.substring(4).toLowerCase(Locale.ROOT);
            m.put("MPI_" + Character.toUpperCase(rest.charAt(0)) + rest.substring(1), n);
        });
        return m;
    }

    private static long count(Map<String, Long> records, String prefix) {
        return records.entrySet().stream()
                .filter(e -> e.getKey().startsWith(prefix))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }
}
