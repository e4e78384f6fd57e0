package org.qmpi4j.tools.tracer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.jvm.PerfDataEntries;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * What the JVM did around each traced call, read cheaply enough for the call path: HotSpot's
 * performance counters (the pausing collectors' time and count, all safepoints' time, class
 * loading time) straight from the shared-memory file the JVM updates in place
 * ({@code /tmp/hsperfdata_<user>/<pid>}), mapped once, with each counter's offset found once; a
 * reading is a few plain long reads (the safepoint and class loading counters; the collectors'
 * only when a safepoint ended, since every pause is one). The thread's descheduled time ({@code /proc} schedstat, a
 * system call of about a microsecond) is read only at the end of an interval longer than
 * {@link #SCHEDSTAT_AFTER_NS}, where it costs under 0.1 % of it; shorter intervals' descheduled
 * time is counted in the next long one.
 *
 * <p>{@link #enter} at a call's entry, {@link #exit} at its exit: the latter fills the
 * {@link TraceFormat#JVM_FIELDS} numbers of the interval before the call and of the call itself, or
 * says that nothing moved (then nothing is written). One calling thread is assumed: calls of other
 * threads see the same process-wide counters, and a pause is then given to one of them.
 */
final class JvmCounters {
    /** Intervals longer than this read the thread's descheduled time at their end. */
    static final long SCHEDSTAT_AFTER_NS = 1_000_000;

    private static final String COLLECTOR = "sun.gc.collector.";

    private final ByteBuffer perf;
    private final int[] gcTime;
    private final int[] gcCount;
    private final int safepointTime;
    private final int classTime;
    private final double nanosPerTick;
    private final @Nullable Schedstat schedstat;

    // The readings at the last exit and at the open call's entry: gc ns, gc count, safepoint ns, class ns, descheduled
    // ns.
    private long exitGc;
    private long exitGcCount;
    private long exitSafepoint;
    private long exitClass;
    private long exitDescheduled;
    private long entryGc;
    private long entryGcCount;
    private long entrySafepoint;
    private long entryClass;
    private long entryDescheduled;
    private long lastExitNs = Long.MIN_VALUE;
    /** {@link #enter} was called for the open call (not so for the life-cycle calls, recorded after they ran). */
    private boolean entered;

    private JvmCounters(
            ByteBuffer perf,
            int[] gcTime,
            int[] gcCount,
            int safepointTime,
            int classTime,
            double nanosPerTick,
            @Nullable Schedstat schedstat) {
        this.perf = perf;
        this.gcTime = gcTime;
        this.gcCount = gcCount;
        this.safepointTime = safepointTime;
        this.classTime = classTime;
        this.nanosPerTick = nanosPerTick;
        this.schedstat = schedstat;
        exitGc = gc();
        exitGcCount = gcCount();
        exitSafepoint = ticks(safepointTime);
        exitClass = ticks(classTime);
        exitDescheduled = schedstat == null ? 0 : schedstat.waitingNanos();
    }

    /**
     * The counters of this JVM, with the calling thread as the one whose descheduled time is read;
     * {@code null} where HotSpot keeps no shared counters file ({@code -XX:-UsePerfData},
     * {@code -XX:+PerfDisableSharedMem}, another JVM) or it cannot be read.
     */
    static @Nullable JvmCounters open() {
        try {
            String pid = Files.readSymbolicLink(Path.of("/proc/self")).toString();
            Path file = Path.of("/tmp", "hsperfdata_" + System.getProperty("user.name"), pid);
            MappedByteBuffer map;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                map = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
            }
            return of(map, Schedstat.open());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The counters in {@code perf} (a counters file's bytes), or {@code null} if it has none of them. */
    static @Nullable JvmCounters of(ByteBuffer perf, @Nullable Schedstat schedstat) {
        PerfDataEntries e = PerfDataEntries.of(perf);
        if (e == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        List<Integer> offsets = new ArrayList<>();
        List<String> collectorNames = new ArrayList<>();
        List<Integer> collectorNumbers = new ArrayList<>();
        while (e.next()) {
            String name = e.name();
            if (e.isLong()) {
                names.add(name);
                offsets.add(e.data());
            } else if (name.startsWith(COLLECTOR) && name.endsWith(".name")) {
                String value = e.string();
                if (value != null && value.endsWith("pauses")) {
                    collectorNames.add(value);
                    collectorNumbers.add(
                            Integer.parseInt(name.substring(COLLECTOR.length(), name.length() - ".name".length())));
                }
            }
        }
        int n = collectorNumbers.size();
        int[] time = new int[n];
        int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            time[i] = offsetOf(names, offsets, COLLECTOR + collectorNumbers.get(i) + ".time");
            count[i] = offsetOf(names, offsets, COLLECTOR + collectorNumbers.get(i) + ".invocations");
            if (time[i] < 0 || count[i] < 0) {
                return null;
            }
        }
        int frequencyAt = offsetOf(names, offsets, "sun.os.hrt.frequency");
        long frequency = frequencyAt < 0 ? 1_000_000_000L : perf.getLong(frequencyAt);
        return new JvmCounters(
                perf,
                time,
                count,
                offsetOf(names, offsets, "sun.rt.safepointTime"),
                offsetOf(names, offsets, "sun.cls.time"),
                frequency <= 0 ? 1.0 : 1e9 / frequency,
                schedstat);
    }

    private static int offsetOf(List<String> names, List<Integer> offsets, String name) {
        int i = names.indexOf(name);
        return i < 0 ? -1 : offsets.get(i);
    }

    /** At a call's entry ({@code entryNs} on the call clock). */
    void enter(long entryNs) {
        entered = true;
        long sp = ticks(safepointTime);
        if (sp != exitSafepoint || safepointTime < 0) {
            entryGc = gc(); // a collection's pause is a safepoint: only then can the collectors' counters have moved
            entryGcCount = gcCount();
        } else {
            entryGc = exitGc;
            entryGcCount = exitGcCount;
        }
        entrySafepoint = sp;
        entryClass = ticks(classTime);
        Schedstat s = schedstat;
        entryDescheduled = s != null && lastExitNs != Long.MIN_VALUE && entryNs - lastExitNs > SCHEDSTAT_AFTER_NS
                ? s.waitingNanos()
                : exitDescheduled;
    }

    /**
     * At the call's exit: fills {@code out} ({@link TraceFormat#JVM_FIELDS} numbers, see there)
     * and says whether any is not 0 (if none is, {@code out} is left as it was). The usual call,
     * around which nothing happened, reads two counters here and two at its entry.
     */
    boolean exit(long entryNs, long exitNs, long[] out) {
        if (!entered) {
            enter(entryNs); // all that happened since the last call is the interval's
        }
        entered = false;
        lastExitNs = exitNs;
        long sp = ticks(safepointTime);
        long cl = ticks(classTime);
        Schedstat s = schedstat;
        long ds = s != null && exitNs - entryNs > SCHEDSTAT_AFTER_NS ? s.waitingNanos() : entryDescheduled;
        if (sp == exitSafepoint
                && cl == exitClass
                && ds == exitDescheduled
                && entryGc == exitGc
                && entryGcCount == exitGcCount
                && safepointTime >= 0) {
            return false; // nothing moved since the last exit (the entry's readings are the same)
        }
        long g = sp != entrySafepoint || safepointTime < 0 ? gc() : entryGc;
        long gc = sp != entrySafepoint || safepointTime < 0 ? gcCount() : entryGcCount;
        long gapGc = nanos(entryGc - exitGc);
        long gapSafepoint = nanos(entrySafepoint - exitSafepoint);
        long inGc = nanos(g - entryGc);
        long inSafepoint = nanos(sp - entrySafepoint);
        out[0] = gapGc;
        out[1] = Math.max(0, entryGcCount - exitGcCount);
        out[2] = Math.max(0, gapSafepoint - gapGc); // every pause is a safepoint: the rest were not collections
        out[3] = nanos(entryClass - exitClass);
        out[4] = Math.max(0, entryDescheduled - exitDescheduled);
        out[5] = inGc;
        out[6] = Math.max(0, gc - entryGcCount);
        out[7] = Math.max(0, inSafepoint - inGc);
        out[8] = nanos(cl - entryClass);
        out[9] = Math.max(0, ds - entryDescheduled);
        exitGc = g;
        exitGcCount = gc;
        exitSafepoint = sp;
        exitClass = cl;
        exitDescheduled = ds;
        return (out[0] | out[1] | out[2] | out[3] | out[4] | out[5] | out[6] | out[7] | out[8] | out[9]) != 0;
    }

    private long gc() {
        long sum = 0;
        for (int at : gcTime) {
            sum += perf.getLong(at);
        }
        return sum;
    }

    private long gcCount() {
        long sum = 0;
        for (int at : gcCount) {
            sum += perf.getLong(at);
        }
        return sum;
    }

    private long ticks(int at) {
        return at < 0 ? 0 : perf.getLong(at);
    }

    private long nanos(long ticks) {
        return ticks <= 0 ? 0 : (long) (ticks * nanosPerTick);
    }

    /** One thread's {@code /proc} scheduler statistics, kept open and read without allocating. */
    static final class Schedstat {
        private final FileChannel channel;
        private final ByteBuffer buf = ByteBuffer.allocateDirect(128);

        private Schedstat(FileChannel channel) {
            this.channel = channel;
        }

        /** The calling thread's, or {@code null} where there are none. */
        static @Nullable Schedstat open() {
            try {
                String link =
                        Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
                String tid = link.substring(link.lastIndexOf('/') + 1);
                return new Schedstat(
                        FileChannel.open(Path.of("/proc/self/task", tid, "schedstat"), StandardOpenOption.READ));
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }

        /** Nanoseconds runnable but waiting for a CPU (the second number), 0 if unreadable. */
        long waitingNanos() {
            try {
                buf.clear();
                int n = channel.read(buf, 0);
                long v = 0;
                int field = 0;
                for (int i = 0; i < n; i++) {
                    byte c = buf.get(i);
                    if (c == ' ') {
                        if (++field > 1) {
                            break;
                        }
                    } else if (field == 1 && c >= '0' && c <= '9') {
                        v = v * 10 + (c - '0');
                    }
                }
                return v;
            } catch (IOException e) {
                return 0;
            }
        }
    }
}
