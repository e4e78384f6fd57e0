package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.launch.JobResult;

/**
 * The agent's MPI_T event {@code qmpi4j_jvm_pause} and the {@code qmpi4j_jvm} variables on a real
 * Open MPI job, read by the sample tool {@code jvm-pauses} (written against the API only), on
 * {@code waits.GcPauses}: rank 0 calls {@code System.gc()} {@value #COLLECTIONS} times over a 64 MB
 * live set of small objects, rank 1 sleeps instead. Held against what each rank's own
 * garbage-collector beans report:
 * <ul>
 *   <li>rank 0 gets exactly one {@code gc} event per {@code System.gc()}, cause
 *       {@code <collector>: System.gc()}, each with a positive duration; rank 1 gets none of cause
 *       {@code System.gc()};
 *   <li>the {@code gc} events between the tool's two reads sum to the collection time the rank's
 *       beans report between the same two reads (the tool reads them with the variables) within
 *       1 ms a collection plus 2 ms (the beans count whole milliseconds), to at least what they
 *       report between {@code MPI_Init} and the program's end less the same, and the {@code System.gc()} events to the full
 *       collections' time within that plus 1 ms per {@code gc} event (a notification that comes
 *       after later pauses takes its own whole milliseconds);
 *   <li>on each rank the {@code gc} events are at least the collections the beans counted between
 *       {@code MPI_Init} and the end of the program, and their time as much less the same rounding;
 *   <li>the variables, read through a session and handles allocated before the registration,
 *       moved by at least as many pauses (rank 0: {@value #COLLECTIONS} more between the reads
 *       after {@code MPI_Init} and in {@code MPI_Finalize}), and between those reads the events
 *       that came are exactly the pauses the variables counted, with their time within 1 µs a
 *       pause (the events' durations come from the same counters);
 *   <li>the MPI_T calls the tool makes wrong on purpose answer the codes of MPI 4.1 Section
 *       15.3.8 and 14.3.7 as the API documents them, and nothing was dropped.
 * </ul>
 */
class MpitJvmEventTest {
    private static final int COLLECTIONS = 5;
    private static final Pattern PAUSE = Pattern.compile(
            "QMPI4J-JVM-PAUSE rank=(\\d+) kind=(\\S+) events=(\\d+) ns=(\\d+) min_ns=(-?\\d+) count=(\\d+) cause=(.*)");
    private static final Pattern OWN = Pattern.compile("QMPI4J-JVM rank=(\\d+) collections=(\\d+) collection_ms=(\\d+)"
            + " full=(\\d+) full_ms=(\\d+) live=\\d+ start_collections=(\\d+) start_collection_ms=(\\d+)");
    private static final Pattern KV = Pattern.compile("(\\w+)=(\\S+)");

    /** One QMPI4J-JVM-PAUSE line. */
    private static final class Pause {
        String kind;
        long events;
        long nanos;
        long minNanos;
        long count;
        String cause;
    }

    @Test
    void eachExplicitCollectionIsOneEventWithThePauseTimeTheJvmReports() throws Exception {
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "waits.GcPauses", 2, "jvm-pauses")
                .jvmOption("-XX:+UseG1GC")
                .args(Integer.toString(COLLECTIONS), "64", "100"));
        AgentJob.assertOk(result, 2);
        String seen = result.describe();
        for (int rank = 0; rank < 2; rank++) {
            long[] own = own(result, rank);
            List<Pause> pauses = pauses(result, rank);
            Map<String, String> init = keyValues(result, "QMPI4J-JVM-PVARS rank=" + rank + " at=init ");
            Map<String, String> fin = keyValues(result, "QMPI4J-JVM-PVARS rank=" + rank + " at=finalize ");
            String where = "rank " + rank + ": beans " + java.util.Arrays.toString(own) + ", events " + describe(pauses)
                    + ", variables at init " + init + ", at finalize " + fin + "\n" + seen;

            long explicit = 0;
            long explicitNanos = 0;
            long gcEvents = 0;
            long gcNanos = 0;
            for (Pause p : pauses) {
                assertThat(p.events).as(where).isPositive();
                assertThat(p.minNanos)
                        .as("every %s event has a duration: %s", p.kind, where)
                        .isPositive();
                if (p.kind.equals("gc")) {
                    assertThat(p.count).as("a gc event is one pause: %s", where).isEqualTo(p.events);
                    assertThat(p.cause).as(where).containsPattern("^\\S.*: \\S");
                    gcEvents += p.events;
                    gcNanos += p.nanos;
                    if (p.cause.endsWith(": System.gc()")) {
                        explicit += p.events;
                        explicitNanos += p.nanos;
                    }
                } else {
                    assertThat(p.kind).as(where).isIn("safepoint", "class_loading", "descheduled");
                }
            }
            if (rank == 0) {
                assertThat(own[2]).as("the beans' full collections: %s", where).isEqualTo(COLLECTIONS);
                assertThat(explicit).as("one event per System.gc(): %s", where).isEqualTo(COLLECTIONS);
                // Against the beans' full collections: each event's own pause time, but where a notification
                // came after later pauses it is its whole milliseconds (+0.5) and the last pending one takes
                // the rest, so 1 ms per gc event of the rank on top of the beans' rounding. (Equal shares,
                // before, gave 101 ms of System.gc() events against the beans' 124 ms in one run.)
                assertThat(explicitNanos / 1e6)
                        .as("the System.gc() events' time against the beans' full collections: %s", where)
                        .isCloseTo(own[3], Offset.offset(1.0 * (COLLECTIONS + gcEvents) + 2));
                assertThat(explicitNanos).as(where).isPositive().isLessThanOrEqualTo(gcNanos);
                assertThat(own[3])
                        .as("collections over a 64 MB live set take time")
                        .isGreaterThan(COLLECTIONS);
            } else {
                assertThat(explicit)
                        .as("rank 1 never called System.gc(): %s", where)
                        .isZero();
                assertThat(own[2]).as(where).isZero();
            }
            // All collections between MPI_Init and the program's end (the events also see any in MPI_Init
            // and MPI_Finalize).
            long collected = own[0] - own[4];
            assertThat(gcEvents).as(where).isGreaterThanOrEqualTo(collected);
            assertThat(gcNanos / 1e6).as(where).isGreaterThanOrEqualTo(own[1] - own[5] - (1.0 * collected + 2));

            // The variables: the reads after MPI_Init and in MPI_Finalize, handles allocated at the tool's
            // initialisation, before the registration.
            long pausesMoved = num(fin, "gc_pauses") - num(init, "gc_pauses");
            assertThat(pausesMoved).as(where).isGreaterThanOrEqualTo(collected);
            if (rank == 0) {
                assertThat(pausesMoved).as(where).isGreaterThanOrEqualTo(COLLECTIONS);
                assertThat((num(fin, "gc_pause_ns") - num(init, "gc_pause_ns")) / 1e6)
                        .as(where)
                        .isGreaterThanOrEqualTo(own[3] - (1.0 * COLLECTIONS + 2));
            }
            // Between the read after MPI_Init and the one in MPI_Finalize (100 ms after rank 0's last
            // collection), the events that came are the pauses the counters moved by, and their durations
            // the counters' time, shared among the pauses. (Not since the handles' allocation: a
            // collection between it and the registration is counted but gives no event, as it ended
            // before the registration.)
            long eventsMoved = num(fin, "gc_events") - num(init, "gc_events");
            assertThat(eventsMoved).as(where).isEqualTo(pausesMoved);
            assertThat((double) (num(fin, "gc_events_ns") - num(init, "gc_events_ns")))
                    .as(where)
                    .isCloseTo(
                            num(fin, "gc_pause_ns") - num(init, "gc_pause_ns"),
                            Offset.offset(1000.0 * (1 + pausesMoved)));
            // ... and what the rank's beans counted in the same stretch, read by the tool with the variables:
            // their time within 1 ms a collection plus 2 ms (the beans count whole milliseconds). The
            // program's own readings bracket a shorter stretch (after MPI_Init returned, before MPI_Finalize
            // was called): a collection in between (a 13.7 ms young one on rank 1 once, between the
            // program's last reading and MPI_Finalize) is in the events but not in the program's beans,
            // so against those the events are at least what they counted.
            assertThat(eventsMoved).as(where).isGreaterThanOrEqualTo(collected);
            double eventsMs = (num(fin, "gc_events_ns") - num(init, "gc_events_ns")) / 1e6;
            assertThat(eventsMs)
                    .as("the gc events' time against the beans' collection time between the tool's reads: %s", where)
                    .isCloseTo(num(fin, "bean_ms") - num(init, "bean_ms"), Offset.offset(1.0 * eventsMoved + 2));
            assertThat(eventsMs)
                    .as("the gc events' time against the program's own beans: %s", where)
                    .isGreaterThanOrEqualTo(own[1] - own[5] - (1.0 * collected + 2));
            assertThat(num(fin, "gc_events")).as(where).isLessThanOrEqualTo(gcEvents);
            assertThat(num(fin, "classes_loaded")).as(where).isGreaterThanOrEqualTo(num(init, "classes_loaded"));

            Map<String, String> codes = keyValues(result, "QMPI4J-JVM-CODES rank=" + rank + " ");
            Map<String, String> expected = new LinkedHashMap<>();
            expected.put("rank", Integer.toString(rank));
            expected.put("get_index_unknown", "MPI_T_ERR_INVALID_NAME");
            expected.put("alloc_bad_index", "MPI_T_ERR_INVALID_INDEX");
            expected.put("alloc_with_object", "SUCCESS"); // bound to no object: the object is ignored
            expected.put("free", "SUCCESS");
            expected.put("free_again", "MPI_T_ERR_INVALID_HANDLE");
            expected.put("register_after_free", "MPI_T_ERR_INVALID_HANDLE");
            expected.put("register_null_level", "MPI_T_ERR_INVALID");
            expected.put("register", "SUCCESS");
            expected.put("start_continuous", "MPI_T_ERR_PVAR_NO_STARTSTOP");
            expected.put("write_readonly", "MPI_T_ERR_PVAR_NO_WRITE");
            expected.put("read_wrong_buffer", "MPI_T_ERR_INVALID");
            expected.put("read_bad_element", "MPI_T_ERR_INVALID");
            expected.put("read_wrong_buffer_type", "MPI_T_ERR_INVALID");
            expected.put("read_after_callback", "MPI_T_ERR_INVALID_HANDLE");
            expected.put("free_registration", "SUCCESS");
            expected.put("dropped", "0");
            // In any order: the callback's codes come whenever the first event does.
            assertThat(codes).as(where).isEqualTo(expected);
        }
    }

    /** {collections, ms, full, full ms, collections and ms after MPI_Init} of the rank's own line. */
    private static long[] own(JobResult result, int rank) {
        for (String line : AgentJob.markerLines(result, "QMPI4J-JVM rank=" + rank + " ")) {
            Matcher m = OWN.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            return new long[] {
                Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)),
                Long.parseLong(m.group(5)),
                Long.parseLong(m.group(6)),
                Long.parseLong(m.group(7))
            };
        }
        throw new AssertionError("no QMPI4J-JVM line of rank " + rank + "\n" + result.describe());
    }

    private static List<Pause> pauses(JobResult result, int rank) {
        List<Pause> pauses = new ArrayList<>();
        for (String line : AgentJob.markerLines(result, "QMPI4J-JVM-PAUSE rank=" + rank + " ")) {
            Matcher m = PAUSE.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            Pause p = new Pause();
            p.kind = m.group(2);
            p.events = Long.parseLong(m.group(3));
            p.nanos = Long.parseLong(m.group(4));
            p.minNanos = Long.parseLong(m.group(5));
            p.count = Long.parseLong(m.group(6));
            p.cause = m.group(7);
            pauses.add(p);
        }
        return pauses;
    }

    private static String describe(List<Pause> pauses) {
        StringBuilder b = new StringBuilder();
        for (Pause p : pauses) {
            b.append("\n  ")
                    .append(p.kind)
                    .append(' ')
                    .append(p.cause)
                    .append(": ")
                    .append(p.events)
                    .append(" events, ")
                    .append(p.nanos)
                    .append(" ns, min ")
                    .append(p.minNanos);
        }
        return b.toString();
    }

    /** The key=value pairs of the one line that starts with {@code marker}, in order. */
    private static Map<String, String> keyValues(JobResult result, String marker) {
        List<String> lines = AgentJob.markerLines(result, marker);
        assertThat(lines).as("%s line\n%s", marker, result.describe()).hasSize(1);
        Map<String, String> kv = new LinkedHashMap<>();
        Matcher m = KV.matcher(lines.get(0));
        while (m.find()) {
            kv.put(m.group(1), m.group(2));
        }
        return kv;
    }

    private static long num(Map<String, String> kv, String key) {
        String v = kv.get(key);
        assertThat(v).as("%s in %s", key, kv).isNotNull();
        return Long.parseLong(v);
    }
}
