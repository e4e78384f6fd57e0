package org.qmpi4j.formats.profile;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * {@code profile.json}'s optional member {@code iterations} ({@link Iterations}): {@code found},
 * {@code reason}, and when found {@code boundary {function, class, method, file, line, found_by}},
 * {@code count}, {@code series [{first, last, wall_s_max, wall_s_mean, mpi_s_mean, wait_s_mean, slowest_rank}]},
 * {@code warmup {iterations, wall_s_mean, slowdown}}, {@code steady {first, wall_s_median,
 * wall_s_sigma, band_s, spikes}}, {@code slowest {iteration, wall_s, rank}},
 * {@code spikes [{iteration, wall_s, rank, cause, cause_s, cause_rank}]}. Profiles without it
 * (older, or untraced jobs) read as {@code null}.
 */
public final class IterationsJson {
    private IterationsJson() {}

    public static void write(JsonWriter w, Iterations it) {
        w.name("iterations").beginObject();
        w.member("found", it.found()).member("reason", it.reason());
        Iterations.Boundary b = it.boundary();
        if (it.found() && b != null) {
            w.name("boundary")
                    .beginInlineObject()
                    .member("function", b.function())
                    .member("class", b.className())
                    .member("method", b.method())
                    .member("file", b.file())
                    .member("line", b.line());
            Iterations.FoundBy by = it.foundBy();
            if (by != null) {
                w.member("found_by", by.json());
            }
            w.endObject();
            w.member("count", it.count()).member("series_limit", Iterations.SERIES_LIMIT);
            w.name("series").beginArray();
            for (Iterations.Span s : it.series()) {
                w.beginInlineObject()
                        .member("first", s.first())
                        .member("last", s.last())
                        .member("wall_s_max", s.wallMax())
                        .member("wall_s_mean", s.wallMean())
                        .member("mpi_s_mean", s.mpiMean())
                        .member("wait_s_mean", s.waitMean())
                        .member("slowest_rank", s.slowestRank())
                        .endObject();
            }
            w.endArray();
            Iterations.WarmUp u = it.warmup();
            if (u != null) {
                w.name("warmup")
                        .beginInlineObject()
                        .member("iterations", u.iterations())
                        .member("wall_s_mean", u.wallMean())
                        .member("slowdown", u.slowdown())
                        .endObject();
            }
            Iterations.Steady st = it.steady();
            if (st != null) {
                w.name("steady")
                        .beginInlineObject()
                        .member("first", st.first())
                        .member("wall_s_median", st.median())
                        .member("wall_s_sigma", st.sigma())
                        .member("band_s", st.band())
                        .member("spikes", st.spikes())
                        .endObject();
            }
            Iterations.Slowest sl = it.slowest();
            if (sl != null) {
                slowIteration(w.name("slowest").beginInlineObject(), sl).endObject();
            }
            w.name("spikes").beginArray();
            for (Iterations.Spike k : it.spikes()) {
                slowIteration(w.beginInlineObject(), k)
                        .member("cause", k.cause())
                        .member("cause_s", k.causeSeconds())
                        .member("cause_rank", k.causeRank())
                        .endObject();
            }
            w.endArray();
        }
        w.endObject();
    }

    /** The members a slowest iteration and a spike share, in the order both are written. */
    private static JsonWriter slowIteration(JsonWriter w, Iterations.SlowIteration s) {
        return w.member("iteration", s.iteration()).member("wall_s", s.wall()).member("rank", s.rank());
    }

    /** The member {@code iterations} of a profile's root, or {@code null} if it has none. */
    public static @Nullable Iterations read(JsonNode root) throws JsonFormatException {
        JsonNode n = root.optional("iterations");
        if (n.isNull()) {
            return null;
        }
        boolean found = n.get("found").asBoolean();
        String reason = n.get("reason").asString();
        if (!found) {
            return Iterations.none(reason);
        }
        JsonNode b = n.get("boundary");
        Iterations.Boundary boundary = new Iterations.Boundary(
                b.get("function").asString(),
                b.optional("class").asStringOrNull(),
                b.optional("method").asStringOrNull(),
                b.optional("file").asStringOrNull(),
                b.get("line").asInt());
        Iterations.FoundBy foundBy =
                Iterations.FoundBy.ofJson(b.optional("found_by").asStringOrNull());
        List<Iterations.Span> series = new ArrayList<>();
        for (JsonNode s : n.get("series").elements()) {
            series.add(new Iterations.Span(
                    s.get("first").asLong(),
                    s.get("last").asLong(),
                    number(s.get("wall_s_max")),
                    number(s.get("wall_s_mean")),
                    number(s.get("mpi_s_mean")),
                    number(s.optional("wait_s_mean")),
                    s.get("slowest_rank").asInt()));
        }
        JsonNode u = n.optional("warmup");
        Iterations.WarmUp warmup = u.isNull()
                ? null
                : new Iterations.WarmUp(
                        u.get("iterations").asLong(), number(u.get("wall_s_mean")), number(u.get("slowdown")));
        JsonNode st = n.optional("steady");
        Iterations.Steady steady = st.isNull()
                ? null
                : new Iterations.Steady(
                        st.get("first").asLong(),
                        number(st.get("wall_s_median")),
                        number(st.get("wall_s_sigma")),
                        number(st.get("band_s")),
                        st.get("spikes").asLong());
        JsonNode sl = n.optional("slowest");
        Iterations.Slowest slowest = sl.isNull()
                ? null
                : new Iterations.Slowest(
                        sl.get("iteration").asLong(),
                        number(sl.get("wall_s")),
                        sl.get("rank").asInt());
        List<Iterations.Spike> spikes = new ArrayList<>();
        JsonNode sp = n.optional("spikes");
        if (!sp.isNull()) {
            for (JsonNode k : sp.elements()) {
                spikes.add(new Iterations.Spike(
                        k.get("iteration").asLong(),
                        number(k.get("wall_s")),
                        k.get("rank").asInt(),
                        k.optional("cause").asStringOrNull(),
                        number(k.optional("cause_s")),
                        k.optional("cause_rank").isNull()
                                ? -1
                                : k.get("cause_rank").asInt()));
            }
        }
        return new Iterations(
                true, reason, boundary, n.get("count").asLong(), series, warmup, steady, slowest, spikes, foundBy);
    }

    /** A number written as {@code null} (not finite) reads as NaN. */
    private static double number(JsonNode n) throws JsonFormatException {
        return n.isNull() ? Double.NaN : n.asDouble();
    }
}
