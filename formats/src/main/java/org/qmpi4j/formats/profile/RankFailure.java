package org.qmpi4j.formats.profile;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * How a rank failed, as the agent on that rank recorded it before the rank died: an
 * {@code MPI_Abort} (its error code and call site) or an uncaught exception that ended the thread
 * that initialised MPI (its class, message and top frames), with the wall-clock time it happened.
 * A rank keeps the first only; the job's first failure is the earliest of all ranks'
 * ({@link #first}), and the job's exit status follows from it ({@link #exitStatus()}).
 */
public final class RankFailure {
    public static final String FORMAT = "qmpi4j-rank-failure";
    public static final int VERSION = 1;
    /** How many frames of an exception's stack are kept. */
    public static final int FRAMES = 8;

    /** The ways a rank fails that the agent sees. */
    public enum Kind {
        /** The application called {@code MPI_Abort} (or {@code check} did, on a deadlock). */
        ABORT("abort"),
        /** An exception ended the thread that initialised MPI (the rank's {@code main}). */
        EXCEPTION("exception");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        static Kind fromId(String id) throws JsonFormatException {
            for (Kind k : values()) {
                if (k.id.equals(id)) {
                    return k;
                }
            }
            throw new JsonFormatException("kind: unknown kind \"" + id + "\"");
        }
    }

    private final int rank;
    private final Kind kind;
    private final int code;
    private final @Nullable String site;
    private final @Nullable String exception;
    private final @Nullable String message;
    private final List<String> frames;
    private final long epochMillis;
    private final @Nullable String host;

    private RankFailure(
            int rank,
            Kind kind,
            int code,
            @Nullable String site,
            @Nullable String exception,
            @Nullable String message,
            List<String> frames,
            long epochMillis,
            @Nullable String host) {
        this.rank = rank;
        this.kind = kind;
        this.code = code;
        this.site = site;
        this.exception = exception;
        this.message = message;
        this.frames = List.copyOf(frames);
        this.epochMillis = epochMillis;
        this.host = host;
    }

    /** Rank {@code rank} calls {@code MPI_Abort} with {@code code} at {@code site} (a stack-trace-like place, or {@code null}). */
    public static RankFailure abort(
            int rank, int code, @Nullable String site, long epochMillis, @Nullable String host) {
        return new RankFailure(rank, Kind.ABORT, code, site, null, null, List.of(), epochMillis, host);
    }

    /** {@code thrown} ended rank {@code rank}'s main thread. */
    public static RankFailure exception(int rank, Throwable thrown, long epochMillis, @Nullable String host) {
        List<String> frames = new ArrayList<>();
        StackTraceElement[] stack = thrown.getStackTrace();
        for (int i = 0; i < stack.length && i < FRAMES; i++) {
            frames.add(stack[i].toString());
        }
        return new RankFailure(
                rank,
                Kind.EXCEPTION,
                1,
                frames.isEmpty() ? null : frames.get(0),
                thrown.getClass().getName(),
                thrown.getMessage(),
                frames,
                epochMillis,
                host);
    }

    public int rank() {
        return rank;
    }

    public Kind kind() {
        return kind;
    }

    /** {@code MPI_Abort}'s error code; 1 for an exception. */
    public int code() {
        return code;
    }

    /** Where it happened (the abort's call site, the exception's top frame), or {@code null}. */
    public @Nullable String site() {
        return site;
    }

    /** The exception's class name, or {@code null} for an abort. */
    public @Nullable String exception() {
        return exception;
    }

    /** The exception's message, or {@code null}. */
    public @Nullable String message() {
        return message;
    }

    /** The exception's top frames (at most {@link #FRAMES}); empty for an abort. */
    public List<String> frames() {
        return frames;
    }

    /** When, in milliseconds since the epoch (the rank's host clock). */
    public long epochMillis() {
        return epochMillis;
    }

    /** The rank's host, or {@code null}. */
    public @Nullable String host() {
        return host;
    }

    /**
     * The status the job ends with for this failure, as for a program run alone: the abort's code
     * (as the operating system keeps it: its low 8 bits; 1 when those are 0, so that a failure is
     * never a success), 1 for an exception (what {@code java} exits with).
     */
    public int exitStatus() {
        if (kind == Kind.EXCEPTION) {
            return 1;
        }
        int low = code & 0xff;
        return low == 0 ? 1 : low;
    }

    /** One line: "rank 1 called MPI_Abort(3) at Main.main(Main.java:12) at 2026-...Z". */
    public String describe() {
        StringBuilder sb = new StringBuilder("rank ").append(rank);
        if (kind == Kind.ABORT) {
            sb.append(" called MPI_Abort(").append(code).append(')');
        } else {
            sb.append(" threw ").append(exception);
            if (message != null) {
                sb.append(": ").append(message);
            }
        }
        if (site != null) {
            sb.append(" at ").append(site);
        }
        sb.append(", ").append(Instant.ofEpochMilli(epochMillis));
        if (host != null) {
            sb.append(" on ").append(host);
        }
        return sb.toString();
    }

    /**
     * The first of {@code failures}: the earliest, the lowest rank among equal times; {@code null}
     * when there is none. Times come from the ranks' hosts' clocks, which agree to the
     * synchronisation of those clocks.
     */
    public static @Nullable RankFailure first(Collection<RankFailure> failures) {
        RankFailure first = null;

        for (RankFailure f : failures) {
            if (first == null
                    || f.epochMillis < first.epochMillis
                    || (f.epochMillis == first.epochMillis && f.rank < first.rank)) {
                first = f;
            }
        }
        return first;
    }

    /** The members of this failure into the object {@code w} has open. */
    public void writeMembers(JsonWriter w) {
        w.member("rank", rank).member("kind", kind.id()).member("code", code);
        w.member("exit_status", exitStatus());
        if (site != null) {
            w.member("site", site);
        }
        if (exception != null) {
            w.member("exception", exception);
        }
        if (message != null) {
            w.member("message", message);
        }
        if (!frames.isEmpty()) {
            w.name("frames").beginArray();
            for (String f : frames) {
                w.value(f);
            }
            w.endArray();
        }
        w.member("time", Instant.ofEpochMilli(epochMillis).toString());
        w.member("epoch_ms", epochMillis);
        if (host != null) {
            w.member("host", host);
        }
    }

    /** A rank's failure file ({@code ranks/rank-<r>.failure.json}). */
    public String toJson() {
        StringBuilder sb = new StringBuilder(512);
        JsonWriter w = VersionedJson.begin(sb, FORMAT, VERSION);
        writeMembers(w);
        w.endObject();
        w.finish();
        return sb.toString();
    }

    /**
     * Reads a rank's failure file.
     *
     * @throws JsonFormatException if it is not one
     */
    public static RankFailure read(CharSequence json) throws JsonFormatException {
        return fromMembers(VersionedJson.parse(json, FORMAT, VERSION));
    }

    /** From an object with the members {@link #writeMembers} writes (as in {@code profile.json}). */
    public static RankFailure fromMembers(JsonNode n) throws JsonFormatException {
        int rank = n.get("rank").asInt();
        if (rank < 0) {
            throw new JsonFormatException(n.path() + ".rank: " + rank + " is not a rank");
        }
        List<String> frames = new ArrayList<>();
        JsonNode f = n.optional("frames");
        if (!f.isNull()) {
            for (JsonNode e : f.elements()) {
                frames.add(e.asString());
            }
        }
        return new RankFailure(
                rank,
                Kind.fromId(n.get("kind").asString()),
                n.get("code").asInt(),
                n.optional("site").asStringOrNull(),
                n.optional("exception").asStringOrNull(),
                n.optional("message").asStringOrNull(),
                frames,
                n.get("epoch_ms").asLong(),
                n.optional("host").asStringOrNull());
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RankFailure)) {
            return false;
        }
        RankFailure f = (RankFailure) o;
        return rank == f.rank
                && kind == f.kind
                && code == f.code
                && epochMillis == f.epochMillis
                && Objects.equals(site, f.site)
                && Objects.equals(exception, f.exception)
                && Objects.equals(message, f.message)
                && frames.equals(f.frames)
                && Objects.equals(host, f.host);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rank, kind, code, epochMillis, site);
    }

    @Override
    public String toString() {
        return describe();
    }
}
