package org.qmpi4j.report.trace;

import static org.qmpi4j.report.trace.PerfettoPackets.NO_TIME;
import static org.qmpi4j.report.trace.PerfettoProto.CHILD_ORDERING_EXPLICIT;
import static org.qmpi4j.report.trace.PerfettoProto.COUNTER_UNIT;
import static org.qmpi4j.report.trace.PerfettoProto.COUNTER_UNIT_NAME;
import static org.qmpi4j.report.trace.PerfettoProto.DEFAULTS_TRACK_EVENT;
import static org.qmpi4j.report.trace.PerfettoProto.EVENT_DEFAULTS_TRACK_UUID;
import static org.qmpi4j.report.trace.PerfettoProto.PACKET_TRACK_DESCRIPTOR;
import static org.qmpi4j.report.trace.PerfettoProto.PROCESS_NAME;
import static org.qmpi4j.report.trace.PerfettoProto.PROCESS_ORDERING_EXPLICIT;
import static org.qmpi4j.report.trace.PerfettoProto.PROCESS_PID;
import static org.qmpi4j.report.trace.PerfettoProto.THREAD_NAME;
import static org.qmpi4j.report.trace.PerfettoProto.THREAD_ORDERING_EXPLICIT;
import static org.qmpi4j.report.trace.PerfettoProto.THREAD_PID;
import static org.qmpi4j.report.trace.PerfettoProto.THREAD_TID;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_CHILD_ORDERING;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_COUNTER;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_NAME;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_PARENT_UUID;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_PROCESS;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_PROCESS_ORDERING;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_SIBLING_ORDER_RANK;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_THREAD;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_THREAD_ORDERING;
import static org.qmpi4j.report.trace.PerfettoProto.TRACK_UUID;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The tracks of a trace and their descriptors, each written once, before the track's first event:
 * the root track (which orders the processes), per rank a process track ({@code rank <r>}, pid
 * r + 1, since Perfetto reserves pid 0), under it the wait-state track, the measurement-level track,
 * a thread track per application thread that called MPI and a counter track per sampled variable,
 * in that order.
 */
final class PerfettoTracks {
    /** The track whose descriptor orders the processes and threads (Perfetto's root track). */
    private static final long ROOT_TRACK = 0;
    /** The wait-state track comes first, above the levels track. */
    private static final int WAITS_ORDER = -2;
    /** The process track's children: the levels track first, then the threads, then the counters. */
    private static final int LEVELS_ORDER = -1;
    /** The JVM's track comes just below the wait states, next to the waits it may explain. */
    private static final int JVM_ORDER = -3;

    private static final int COUNTERS_ORDER = 1 << 20;
    /** The iteration counter comes first of all, above the wait states and the JVM's track. */
    private static final int ITERATIONS_ORDER = -4;

    private final Set<Long> described = new HashSet<>();
    private final Map<Integer, String> names = new HashMap<>();
    private final PerfettoPackets packets;
    private final PerfettoTraceWriter.Strings strings;
    private final ProtoBuffer descriptor = new ProtoBuffer();
    private final ProtoBuffer inner = new ProtoBuffer();
    private final ProtoBuffer defaults = new ProtoBuffer();
    private final ProtoBuffer defaultEvent = new ProtoBuffer();

    PerfettoTracks(PerfettoPackets packets, PerfettoTraceWriter.Strings strings) {
        this.packets = packets;
        this.strings = strings;
    }

    /** Names rank {@code rank}'s process track, before it is described; otherwise it is {@code rank <r>}. */
    void name(int rank, String name) {
        names.put(rank, name);
    }

    /** Describes rank {@code rank}'s process track on sequence {@code s} (once). */
    void process(PerfettoSequence s, int rank) throws IOException {
        long uuid = processTrack(rank);
        if (!described.add(uuid)) {
            return;
        }
        if (described.add(ROOT_TRACK)) {
            // Processes in rank order, and each rank's threads in the order they first called MPI.
            descriptor
                    .clear()
                    .varint(TRACK_UUID, ROOT_TRACK)
                    .varint(TRACK_PROCESS_ORDERING, PROCESS_ORDERING_EXPLICIT)
                    .varint(TRACK_THREAD_ORDERING, THREAD_ORDERING_EXPLICIT);
            packets.emit(s, PACKET_TRACK_DESCRIPTOR, descriptor, NO_TIME);
        }
        inner.clear().varint(PROCESS_PID, rank + 1L).string(PROCESS_NAME, names.getOrDefault(rank, "rank " + rank));
        descriptor
                .clear()
                .varint(TRACK_UUID, uuid)
                .message(TRACK_PROCESS, inner)
                .varint(TRACK_CHILD_ORDERING, CHILD_ORDERING_EXPLICIT)
                .varint(TRACK_SIBLING_ORDER_RANK, rank);
        packets.emit(s, PACKET_TRACK_DESCRIPTOR, descriptor, NO_TIME);
    }

    /** Describes the track of thread {@code tid} of rank {@code rank} (once); its process's before. */
    void thread(PerfettoSequence s, int rank, long tid, String name) throws IOException {
        process(s, rank);
        long uuid = threadTrack(rank, tid);
        if (!described.add(uuid)) {
            return;
        }
        inner.clear().varint(THREAD_PID, rank + 1L).varint(THREAD_TID, tid).string(THREAD_NAME, name);
        descriptor
                .clear()
                .varint(TRACK_UUID, uuid)
                .varint(TRACK_PARENT_UUID, processTrack(rank))
                .message(TRACK_THREAD, inner)
                .varint(TRACK_SIBLING_ORDER_RANK, s.threads++);
        if (strings == PerfettoTraceWriter.Strings.INTERNED && s.defaultTrack < 0) {
            // Most calls are on a rank's first thread: its events leave their track to the
            // sequence's defaults, set with this descriptor.
            s.defaultTrack = uuid;
            defaultEvent.clear().varint(EVENT_DEFAULTS_TRACK_UUID, uuid);
            defaults.clear().message(DEFAULTS_TRACK_EVENT, defaultEvent);
            packets.defaults(defaults);
        }
        packets.emit(s, PACKET_TRACK_DESCRIPTOR, descriptor, NO_TIME);
    }

    /** Rank {@code rank}'s measurement-level track, described on its first use. */
    long levels(PerfettoSequence s, int rank) throws IOException {
        long track = levelTrack(rank);
        if (described.add(track)) {
            child(s, track, rank, "MPI_Pcontrol level", LEVELS_ORDER);
        }
        return track;
    }

    /** Rank {@code rank}'s wait-state track, described on its first use (on sequence {@code s}). */
    long waits(PerfettoSequence s, int rank) throws IOException {
        long track = waitTrack(rank);
        if (described.add(track)) {
            child(s, track, rank, "Wait states", WAITS_ORDER);
        }
        return track;
    }

    /** Rank {@code rank}'s track of what the JVM did, described on its first use. */
    long jvm(PerfettoSequence s, int rank) throws IOException {
        long track = jvmTrack(rank);
        if (described.add(track)) {
            child(s, track, rank, JvmSlices.TRACK, JVM_ORDER);
        }
        return track;
    }

    /** Describes counter track {@code index} of rank {@code rank} (once), named {@code name}, in {@code unit}. */
    void counter(PerfettoSequence s, int rank, int index, String name, PerfettoTraceWriter.Unit unit)
            throws IOException {
        counter(s, rank, counterTrack(rank, index), name, unit, COUNTERS_ORDER + index);
    }

    /** Rank {@code rank}'s iteration counter track, described on its first use (on sequence {@code s}). */
    long iterations(PerfettoSequence s, int rank) throws IOException {
        long track = iterationTrack(rank);
        counter(s, rank, track, "Iteration", PerfettoTraceWriter.Unit.COUNT, ITERATIONS_ORDER);
        return track;
    }

    private void counter(PerfettoSequence s, int rank, long uuid, String name, PerfettoTraceWriter.Unit unit, int order)
            throws IOException {
        if (!described.add(uuid)) {
            return;
        }
        inner.clear();
        if (unit != PerfettoTraceWriter.Unit.UNSPECIFIED) {
            inner.varint(COUNTER_UNIT, unit.proto);
        }
        if (unit == PerfettoTraceWriter.Unit.COUNT) {
            inner.string(COUNTER_UNIT_NAME, "count");
        }
        descriptor
                .clear()
                .varint(TRACK_UUID, uuid)
                .varint(TRACK_PARENT_UUID, processTrack(rank))
                .string(TRACK_NAME, name)
                .message(TRACK_COUNTER, inner)
                .varint(TRACK_SIBLING_ORDER_RANK, order);
        packets.emit(s, PACKET_TRACK_DESCRIPTOR, descriptor, NO_TIME);
    }

    /** A named track under rank {@code rank}'s process track, at {@code order} among its children. */
    private void child(PerfettoSequence s, long track, int rank, String name, int order) throws IOException {
        descriptor
                .clear()
                .varint(TRACK_UUID, track)
                .varint(TRACK_PARENT_UUID, processTrack(rank))
                .string(TRACK_NAME, name)
                .varint(TRACK_SIBLING_ORDER_RANK, order);
        packets.emit(s, PACKET_TRACK_DESCRIPTOR, descriptor, NO_TIME);
    }

    // Track ids are small, as every event carries its track's: a process's is its rank + 1, a
    // thread's holds its thread id above the rank's 24 bits; the rare tracks use high bits.
    static long processTrack(int rank) {
        return rank + 1L;
    }

    static long threadTrack(int rank, long tid) {
        return ((tid + 1) << 24) | rank;
    }

    static long levelTrack(int rank) {
        return (1L << 61) | rank;
    }

    static long waitTrack(int rank) {
        return (1L << 60) | rank;
    }

    static long iterationTrack(int rank) {
        return (1L << 59) | rank;
    }

    static long jvmTrack(int rank) {
        return (1L << 58) | rank;
    }

    static long counterTrack(int rank, int index) {
        return (1L << 62) | ((long) index << 24) | rank;
    }
}
