package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.cli.otf2.Otf2Reading;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.MpjAgentJob.Mode;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.it.support.ToolResults;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * {@code qmpi4j export --format otf2} of real jobs' traces, read back by OTF2's own readers
 * (the Python bindings and {@code otf2-print}, from {@code scripts/setup-otf2.sh}): per rank, every
 * record count equals what the sample counted itself: {@code Enter} and {@code Leave} per MPI
 * function, {@code MpiSend} per peer with its bytes, {@code MpiRecv}, the nonblocking pairs, and
 * {@code MpiCollectiveBegin}/{@code End} per operation on {@code MPI_COMM_WORLD}; each rank on its
 * host; nanosecond timestamps that never go back; and the export of one rank holds that rank only.
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
    @CsvSource({"Ring, 2", "PingPong, 2", "Collectives, 4", "styles.MasterWorker, 4"})
    void everyRecordEqualsTheSamplesOwnCount(String sample, int ranks, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        MpiJob.Builder job = AgentJob.withTools(AgentJob.SAMPLES + sample, ranks, "profiler,tracer")
                .env("QMPI4J_OUTPUT", out.toString());
        if (sample.equals("PingPong")) {
            job.args("--iterations", "20", "--sizes", "0,1,1024,70000");
        }
        JobResult result = AgentJob.run(job);
        SampleOutput own = AgentJob.assertOk(result, ranks);
        Otf2Reading read = export(out, tmp.resolve("otf2"), ranks, own);
        ToolResults.Profile profile = ToolResults.profile(out);
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

    @Test
    void anMpjExpressJobIsExportedToo(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult mpj = MpjAgentJob.run(
                Mode.NIODEV, MpjAgentJob.withTools("Ring", 2, "profiler,tracer").env("QMPI4J_OUTPUT", out.toString()));
        SampleOutput own = MpjAgentJob.assertOk(mpj, 2, Mode.NIODEV);
        export(out, tmp.resolve("otf2"), 2, own);
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

            // Blocking sends: per peer, the sample's messages and bytes.
            Map<Integer, long[]> sent = new TreeMap<>();
            rec.forEach((k, n) -> {
                if (k.startsWith("MpiSend to ")) {
                    String[] f = k.split(" ");
                    long[] acc = sent.computeIfAbsent(Integer.parseInt(f[2]), p -> new long[2]);
                    acc[0] += n;
                    acc[1] += n * Long.parseLong(f[f.length - 1]);
                }
            });
            Map<Integer, long[]> expectedSent = new TreeMap<>();
            if (calls.getOrDefault("MPI_ISEND", 0L) == 0) {
                own.rankReport(r).sentTo.forEach((p, v) -> expectedSent.put(p, v.clone()));
            }
            assertThat(sent)
                    .as("MpiSend per peer {messages, bytes}, rank %d", r)
                    .usingRecursiveComparison()
                    .isEqualTo(expectedSent);
            assertThat(count(rec, "MpiSend ")).isEqualTo(calls.getOrDefault("MPI_SEND", 0L));
            assertThat(count(rec, "MpiRecv ")).isEqualTo(calls.getOrDefault("MPI_RECV", 0L));
            assertThat(count(rec, "MpiIsend ")).isEqualTo(calls.getOrDefault("MPI_ISEND", 0L));
            assertThat(count(rec, "MpiIsendComplete")).isEqualTo(calls.getOrDefault("MPI_ISEND", 0L));
            assertThat(count(rec, "MpiIrecvRequest")).isEqualTo(calls.getOrDefault("MPI_IRECV", 0L));
            assertThat(count(rec, "MpiIrecv ")).isEqualTo(calls.getOrDefault("MPI_IRECV", 0L));
            long collectives = 0;
            for (Map.Entry<String, String> e : COLLECTIVES.entrySet()) {
                long n = calls.getOrDefault(e.getKey(), 0L);
                collectives += n;
                assertThat(count(rec, "MpiCollectiveEnd " + e.getValue() + " on MPI_COMM_WORLD "))
                        .as("%s on rank %d", e.getKey(), r)
                        .isEqualTo(n);
            }
            assertThat(count(rec, "MpiCollectiveBegin")).isEqualTo(collectives);
            assertThat(count(rec, "MpiCollectiveEnd ")).isEqualTo(collectives);
            long all = calls.values().stream().mapToLong(Long::longValue).sum();
            printed.merge("ENTER", all, Long::sum);
            printed.merge("LEAVE", all, Long::sum);
            printed.merge("MPI_SEND", calls.getOrDefault("MPI_SEND", 0L), Long::sum);
            printed.merge("MPI_RECV", calls.getOrDefault("MPI_RECV", 0L), Long::sum);
            printed.merge("MPI_ISEND", calls.getOrDefault("MPI_ISEND", 0L), Long::sum);
            printed.merge("MPI_ISEND_COMPLETE", calls.getOrDefault("MPI_ISEND", 0L), Long::sum);
            printed.merge("MPI_IRECV_REQUEST", calls.getOrDefault("MPI_IRECV", 0L), Long::sum);
            printed.merge("MPI_IRECV", calls.getOrDefault("MPI_IRECV", 0L), Long::sum);
            printed.merge("MPI_COLLECTIVE_BEGIN", collectives, Long::sum);
            printed.merge("MPI_COLLECTIVE_END", collectives, Long::sum);
        }
        // Every message sent is received where it was sent to, from whom it was sent.
        for (int s = 0; s < ranks; s++) {
            for (int d = 0; d < ranks; d++) {
                assertThat(count(read.records(d), "MpiRecv from " + s + " ")
                                + count(read.records(d), "MpiIrecv from " + s + " "))
                        .as("messages %d -> %d as received", s, d)
                        .isEqualTo(count(read.records(s), "MpiSend to " + d + " ")
                                + count(read.records(s), "MpiIsend to " + d + " "));
            }
        }
        printed.values().removeIf(n -> n == 0);
        assertThat(Otf2Reading.otf2Print(dest.resolve("traces.otf2")).perRecord)
                .as("otf2-print's records")
                .isEqualTo(printed);
        return read;
    }

    private static Set<Integer> range(int n) {
        Set<Integer> s = new java.util.TreeSet<>();
        for (int i = 0; i < n; i++) {
            s.add(i);
        }
        return s;
    }

    private static Map<String, Long> enterLeave(Map<String, Long> records, String kind) {
        Map<String, Long> m = new TreeMap<>();
        records.forEach((k, n) -> {
            if (k.startsWith(kind + " ")) {
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
