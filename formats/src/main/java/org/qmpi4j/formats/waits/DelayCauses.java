package org.qmpi4j.formats.waits;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * What a delay's waiting (or a critical-path interval's time) went to: garbage-collection pauses,
 * other safepoints, class loading, time the rank's thread was runnable but descheduled, and the
 * rest, the application's own time. Split in proportion to what the late window held, the parts
 * sum to the whole ({@code delays[].causes} and {@code critical_path.intervals[].causes} in
 * profile.json).
 */
public final class DelayCauses {
    /** The kinds, in the order of {@link #ns}: as profile.json names them. */
    public enum Cause {
        GC("gc", "garbage collection"),
        SAFEPOINT("safepoint", "safepoints"),
        CLASS_LOADING("class_loading", "class loading"),
        DESCHEDULED("descheduled", "descheduled"),
        APPLICATION("application", "application");

        private final String key;
        private final String label;

        Cause(String key, String label) {
            this.key = key;
            this.label = label;
        }

        /** The name in profile.json. */
        public String key() {
            return key;
        }

        /** The name for people, e.g. "garbage collection". */
        public String label() {
            return label;
        }

        static @Nullable Cause of(String key) {
            for (Cause c : values()) {
                if (c.key.equals(key)) {
                    return c;
                }
            }
            return null;
        }
    }

    private static final Cause[] CAUSES = Cause.values();

    private final long[] ns;
    private final long[] count;

    /**
     * @param totalNs the whole (the delay's or the interval's ns)
     * @param jvmNs ns of the JVM's causes (gc, safepoint, class loading, descheduled: 4 numbers);
     *     scaled down together if they add up to more than {@code totalNs}
     * @param gcCount collections
     */
    public static DelayCauses of(long totalNs, long[] jvmNs, long gcCount) {
        long[] ns = new long[CAUSES.length];
        long jvm = 0;
        for (int i = 0; i < 4; i++) {
            jvm += Math.max(0, jvmNs[i]);
        }
        double scale = jvm > totalNs && jvm > 0 ? (double) Math.max(0, totalNs) / jvm : 1.0;
        long sum = 0;
        for (int i = 0; i < 4; i++) {
            ns[i] = (long) (Math.max(0, jvmNs[i]) * scale);
            sum += ns[i];
        }
        ns[Cause.APPLICATION.ordinal()] = Math.max(0, totalNs - sum);
        long[] count = new long[CAUSES.length];
        count[Cause.GC.ordinal()] = ns[Cause.GC.ordinal()] > 0 ? Math.max(1, gcCount) : 0;
        return new DelayCauses(ns, count);
    }

    private DelayCauses(long[] ns, long[] count) {
        this.ns = ns;
        this.count = count;
    }

    /** ns of cause {@code c}. */
    public long ns(Cause c) {
        return ns[c.ordinal()];
    }

    /** How many of cause {@code c} there were (collections for gc; 0 where not counted). */
    public long count(Cause c) {
        return count[c.ordinal()];
    }

    /** The whole: all causes' ns. */
    public long totalNs() {
        long t = 0;
        for (long v : ns) {
            t += v;
        }
        return t;
    }

    /** ns of every cause but the application's. */
    public long jvmNs() {
        return totalNs() - ns(Cause.APPLICATION);
    }

    /** The cause with most ns other than the application's, or {@code APPLICATION} if there is none. */
    public Cause largestJvmCause() {
        Cause best = Cause.APPLICATION;
        long bestNs = 0;
        for (Cause c : CAUSES) {
            if (c != Cause.APPLICATION && ns(c) > bestNs) {
                best = c;
                bestNs = ns(c);
            }
        }
        return best;
    }

    /** As profile.json's {@code causes}: every cause, in order, with its seconds and count. */
    public void write(JsonWriter w) {
        w.name("causes").beginArray();
        for (Cause c : CAUSES) {
            w.beginObject()
                    .member("cause", c.key())
                    .member("seconds", ns(c) / 1e9)
                    .member("count", count(c))
                    .endObject();
        }
        w.endArray();
    }

    /** The {@code causes} of {@code entry}, or {@code null} if it has none (a profile written before them). */
    public static @Nullable DelayCauses read(JsonNode entry) throws JsonFormatException {
        JsonNode causes = entry.optional("causes");
        if (causes.isNull()) {
            return null;
        }
        long[] ns = new long[CAUSES.length];
        long[] count = new long[CAUSES.length];
        for (JsonNode c : causes.elements()) {
            String key = c.get("cause").asString();
            Cause k = Cause.of(key);
            if (k == null) {
                throw new JsonFormatException("unknown cause \"" + key + "\"");
            }
            ns[k.ordinal()] += Math.round(c.get("seconds").asDouble() * 1e9);
            count[k.ordinal()] += c.get("count").asLong();
        }
        return new DelayCauses(ns, count);
    }

    /** The causes listed, for tests and text. */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        for (Cause c : CAUSES) {
            out.add(c.key() + "=" + ns(c));
        }
        return out;
    }
}
