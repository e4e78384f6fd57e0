package org.qmpi4j.formats.profile;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * What the JVM did to one rank over its run: garbage-collection pauses (per collector), the other
 * safepoints, class loading, linking and initialisation, and the time the thread that calls MPI
 * was runnable but not running. Durations in nanoseconds. In {@code profile.json} and a rank's
 * file it is the rank's {@code jvm} object ({@link #write}, {@link #read}):
 * {@code {gc_pause_s, gc_count, safepoint_s, safepoint_count, class_loading_s, descheduled_s,
 * last_gc_cause, collectors: [{name, pause_s, count, pauses}]}} ({@code last_gc_cause} only when
 * known; {@code pauses} false for a collector whose counts are its cycles, not its pauses).
 */
public final class JvmSummary {
    /** One garbage collector's share. */
    public static final class Collector {
        private final String name;
        private final long nanos;
        private final long count;
        private final boolean pauses;

        public Collector(String name, long nanos, long count, boolean pauses) {
            this.name = name;
            this.nanos = nanos;
            this.count = count;
            this.pauses = pauses;
        }

        /** As the JVM's performance counters name it, e.g. "G1 full collection pauses". */
        public String name() {
            return name;
        }

        public long nanos() {
            return nanos;
        }

        public long count() {
            return count;
        }

        /** Whether {@link #nanos()} and {@link #count()} are stop-the-world pauses (else concurrent cycles). */
        public boolean pauses() {
            return pauses;
        }
    }

    private final long gcPauseNs;
    private final long gcCount;
    private final long safepointNs;
    private final long safepointCount;
    private final long classLoadingNs;
    private final long descheduledNs;
    private final List<Collector> collectors;
    private final @Nullable String lastGcCause;

    public JvmSummary(
            long gcPauseNs,
            long gcCount,
            long safepointNs,
            long safepointCount,
            long classLoadingNs,
            long descheduledNs,
            List<Collector> collectors,
            @Nullable String lastGcCause) {
        this.gcPauseNs = gcPauseNs;
        this.gcCount = gcCount;
        this.safepointNs = safepointNs;
        this.safepointCount = safepointCount;
        this.classLoadingNs = classLoadingNs;
        this.descheduledNs = descheduledNs;
        this.collectors = Collections.unmodifiableList(new ArrayList<>(collectors));
        this.lastGcCause = lastGcCause;
    }

    public long gcPauseNs() {
        return gcPauseNs;
    }

    public long gcCount() {
        return gcCount;
    }

    /** Safepoints that were not a collection: their time. */
    public long safepointNs() {
        return safepointNs;
    }

    public long safepointCount() {
        return safepointCount;
    }

    public long classLoadingNs() {
        return classLoadingNs;
    }

    public long descheduledNs() {
        return descheduledNs;
    }

    public List<Collector> collectors() {
        return collectors;
    }

    public @Nullable String lastGcCause() {
        return lastGcCause;
    }

    /** Writes the {@code jvm} member (name and object) at {@code w}'s place in an object. */
    public void write(JsonWriter w) {
        w.name("jvm").beginObject();
        w.member("gc_pause_s", ProfileFormat.seconds(gcPauseNs))
                .member("gc_count", gcCount)
                .member("safepoint_s", ProfileFormat.seconds(safepointNs))
                .member("safepoint_count", safepointCount)
                .member("class_loading_s", ProfileFormat.seconds(classLoadingNs))
                .member("descheduled_s", ProfileFormat.seconds(descheduledNs));
        if (lastGcCause != null) {
            w.member("last_gc_cause", lastGcCause);
        }
        w.name("collectors").beginArray();
        for (Collector c : collectors) {
            w.beginInlineObject()
                    .member("name", c.name())
                    .member("pause_s", ProfileFormat.seconds(c.nanos()))
                    .member("count", c.count())
                    .member("pauses", c.pauses())
                    .endObject();
        }
        w.endArray().endObject();
    }

    /** The {@code jvm} member of {@code entry}, or {@code null} if it has none (profiles written before it). */
    public static @Nullable JvmSummary read(JsonNode entry) throws JsonFormatException {
        JsonNode n = entry.optional("jvm");
        if (n.isNull()) {
            return null;
        }
        List<Collector> collectors = new ArrayList<>();
        JsonNode list = n.optional("collectors");
        if (!list.isNull()) {
            for (JsonNode c : list.elements()) {
                collectors.add(new Collector(
                        c.get("name").asString(),
                        ProfileFormat.nanos(c.get("pause_s").asDouble()),
                        c.get("count").asLong(),
                        c.get("pauses").asBoolean()));
            }
        }
        return new JvmSummary(
                ProfileFormat.nanos(n.get("gc_pause_s").asDouble()),
                n.get("gc_count").asLong(),
                ProfileFormat.nanos(n.get("safepoint_s").asDouble()),
                n.get("safepoint_count").asLong(),
                ProfileFormat.nanos(n.get("class_loading_s").asDouble()),
                ProfileFormat.nanos(n.get("descheduled_s").asDouble()),
                collectors,
                n.optional("last_gc_cause").asStringOrNull());
    }

    /** Between ranks ({@link PartialProfileFormat}): a flag, then the summary if there is one. */
    static void writeBinary(DataOutput out, @Nullable JvmSummary s) throws IOException {
        out.writeBoolean(s != null);
        if (s == null) {
            return;
        }
        out.writeLong(s.gcPauseNs);
        out.writeLong(s.gcCount);
        out.writeLong(s.safepointNs);
        out.writeLong(s.safepointCount);
        out.writeLong(s.classLoadingNs);
        out.writeLong(s.descheduledNs);
        out.writeBoolean(s.lastGcCause != null);
        if (s.lastGcCause != null) {
            out.writeUTF(s.lastGcCause);
        }
        out.writeInt(s.collectors.size());
        for (Collector c : s.collectors) {
            out.writeUTF(c.name());
            out.writeLong(c.nanos());
            out.writeLong(c.count());
            out.writeBoolean(c.pauses());
        }
    }

    static @Nullable JvmSummary readBinary(DataInput in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        long[] v = new long[6];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.readLong();
        }
        String cause = in.readBoolean() ? in.readUTF() : null;
        int n = in.readInt();
        if (n < 0 || n > 64) {
            throw new IOException("not a partial profile: " + n + " collectors");
        }
        List<Collector> collectors = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            collectors.add(new Collector(in.readUTF(), in.readLong(), in.readLong(), in.readBoolean()));
        }
        return new JvmSummary(v[0], v[1], v[2], v[3], v[4], v[5], collectors, cause);
    }
}
