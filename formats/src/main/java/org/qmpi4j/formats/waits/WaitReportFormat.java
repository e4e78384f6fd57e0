package org.qmpi4j.formats.waits;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * The wait-state members of {@code profile.json}: {@code wait_states} (one entry per pattern, rank
 * and call site, longest first), {@code delays} (per interval, largest first),
 * {@code critical_path} (its length and intervals) and {@code wait_analysis} (noise floor, the
 * worst single waits, problems). Seconds as decimals; a value not known is {@code null}.
 */
public final class WaitReportFormat {
    private WaitReportFormat() {}

    /** Writes the members into the open object of {@code w}. */
    public static void write(JsonWriter w, WaitReport r) {
        w.name("wait_states").beginArray();
        for (WaitReport.WaitState s : r.waits()) {
            w.beginObject().member("pattern", s.pattern().id()).member("rank", s.rank());
            function(w, "", s.function(), s.site());
            w.name("peer");
            if (s.peer() < 0) {
                w.nullValue();
            } else {
                w.value(s.peer());
            }
            w.member("seconds", seconds(s.ns()))
                    .member("instances", s.instances())
                    .member("uncertain", s.uncertain())
                    .member("uncertain_instances", s.uncertainInstances())
                    .member("error_bound_s", seconds(s.errorBoundNs()))
                    .endObject();
        }
        w.endArray();
        w.name("delays").beginArray();
        for (WaitReport.Delay d : r.delays()) {
            w.beginObject();
            intervalTime(w, d);
            w.member("short_term_s", seconds(d.shortTermNs()))
                    .member("long_term_s", seconds(d.longTermNs()))
                    .member("instances", d.instances());
            causes(w, d);
            w.endObject();
        }
        w.endArray();
        w.name("critical_path").beginObject();
        w.member("seconds", seconds(r.criticalPathNs()));
        w.name("intervals").beginArray();
        for (WaitReport.PathStep p : r.criticalPath()) {
            w.beginObject();
            intervalTime(w, p);
            causes(w, p);
            w.endObject();
        }
        w.endArray();
        w.endObject();
        w.name("wait_analysis").beginObject();
        w.member("noise_floor_s", seconds(r.noiseFloorNs()));
        w.name("worst").beginArray();
        for (WaitReport.Instance i : r.worst()) {
            w.beginObject().member("pattern", i.pattern().id()).member("rank", i.rank());
            function(w, "", i.function(), i.site());
            w.member("enter_s", seconds(i.enter()))
                    .member("exit_s", seconds(i.exit()))
                    .member("wait_s", seconds(i.waitNs()))
                    .member("late_rank", i.lateRank());
            function(w, "late_", i.lateFunction(), i.lateSite());
            w.member("late_enter_s", seconds(i.lateEnter()))
                    .member("late_exit_s", seconds(i.lateExit()))
                    .name("late_previous_exit_s");
            if (i.latePreviousExit() < 0) {
                w.nullValue();
            } else {
                w.value(seconds(i.latePreviousExit()));
            }
            w.member("uncertain", i.uncertain()).endObject();
        }
        w.endArray();
        w.name("problems").beginArray();
        for (String p : r.problems()) {
            w.value(p);
        }
        w.endArray();
        w.endObject();
    }

    /** Reads the members back, or returns {@code null} if the profile has none. */
    public static @Nullable WaitReport read(JsonNode root) throws JsonFormatException {
        if (!root.has("wait_states")) {
            return null;
        }
        List<WaitReport.WaitState> waits = new ArrayList<>();
        for (JsonNode s : root.get("wait_states").elements()) {
            JsonNode peer = s.get("peer");
            waits.add(new WaitReport.WaitState(
                    pattern(s),
                    s.get("rank").asInt(),
                    s.get("function").asString(),
                    site(s, ""),
                    peer.isNull() ? -1 : peer.asInt(),
                    nanos(s.get("seconds")),
                    s.get("instances").asLong(),
                    s.get("uncertain_instances").asLong(),
                    nanos(s.get("error_bound_s"))));
        }
        List<WaitReport.Delay> delays = new ArrayList<>();
        for (JsonNode d : root.get("delays").elements()) {
            delays.add(new WaitReport.Delay(
                    interval(d),
                    nanos(d.get("short_term_s")),
                    nanos(d.get("long_term_s")),
                    d.get("instances").asLong(),
                    DelayCauses.read(d)));
        }
        JsonNode cp = root.get("critical_path");
        List<WaitReport.PathStep> path = new ArrayList<>();
        for (JsonNode p : cp.get("intervals").elements()) {
            path.add(new WaitReport.PathStep(interval(p), nanos(p.get("seconds")), DelayCauses.read(p)));
        }
        JsonNode a = root.get("wait_analysis");
        List<WaitReport.Instance> worst = new ArrayList<>();
        for (JsonNode i : a.get("worst").elements()) {
            JsonNode prev = i.get("late_previous_exit_s");
            worst.add(new WaitReport.Instance(
                    pattern(i),
                    i.get("rank").asInt(),
                    i.get("function").asString(),
                    site(i, ""),
                    nanos(i.get("enter_s")),
                    nanos(i.get("exit_s")),
                    nanos(i.get("wait_s")),
                    i.get("late_rank").asInt(),
                    i.get("late_function").asString(),
                    site(i, "late_"),
                    nanos(i.get("late_enter_s")),
                    nanos(i.get("late_exit_s")),
                    prev.isNull() ? -1 : nanos(prev),
                    i.get("uncertain").asBoolean()));
        }
        List<String> problems = new ArrayList<>();
        for (JsonNode p : a.get("problems").elements()) {
            problems.add(p.asString());
        }
        return new WaitReport(
                waits, delays, path, nanos(cp.get("seconds")), worst, nanos(a.get("noise_floor_s")), problems);
    }

    private static Pattern pattern(JsonNode n) throws JsonFormatException {
        try {
            return Pattern.byId(n.get("pattern").asString());
        } catch (IllegalArgumentException e) {
            throw new JsonFormatException(n.path() + ": " + e.getMessage());
        }
    }

    private static void function(JsonWriter w, String prefix, String function, CallSite site) {
        w.member(prefix + "function", function);
        site(w, prefix, site);
    }

    private static void site(JsonWriter w, String prefix, @Nullable CallSite site) {
        text(w, prefix + "class", site == null ? null : site.className());
        text(w, prefix + "method", site == null ? null : site.methodName());
        text(w, prefix + "file", site == null ? null : site.fileName());
        w.name(prefix + "line");
        if (site == null || site.line() < 0) {
            w.nullValue();
        } else {
            w.value(site.line());
        }
    }

    private static void text(JsonWriter w, String name, @Nullable String value) {

        w.name(name);
        if (value == null) {
            w.nullValue();
        } else {
            w.value(value);
        }
    }

    /** The interval and its time, first members of a delay and of a critical-path step alike. */
    private static void intervalTime(JsonWriter w, WaitReport.IntervalTime t) {
        interval(w, t.interval());
        w.member("seconds", seconds(t.ns()));
    }

    /** What the time went to, last members of a delay and of a critical-path step, when known. */
    private static void causes(JsonWriter w, WaitReport.IntervalTime t) {
        DelayCauses causes = t.causes();
        if (causes != null) {
            causes.write(w);
        }
    }

    private static void interval(JsonWriter w, Interval i) {
        w.member("rank", i.rank()).member("kind", i.kind().id());
        function(w, "", i.function(), i.site());
        w.name("previous_function");
        if (i.previous() == null) {
            w.nullValue();
        } else {
            w.value(i.previous());
        }
        site(w, "previous_", i.previousSite());
    }

    private static Interval interval(JsonNode n) throws JsonFormatException {
        Interval.Kind kind;
        try {
            kind = Interval.Kind.byId(n.get("kind").asString());
        } catch (IllegalArgumentException e) {
            throw new JsonFormatException(n.path() + ": " + e.getMessage());
        }
        String previous = n.get("previous_function").asStringOrNull();
        return new Interval(
                n.get("rank").asInt(),
                kind,
                n.get("function").asString(),
                site(n, ""),
                previous,
                previous == null ? null : site(n, "previous_"));
    }

    private static CallSite site(JsonNode n, String prefix) throws JsonFormatException {
        JsonNode line = n.get(prefix + "line");
        return new CallSite(
                n.get(prefix + "class").asStringOrNull(),
                n.get(prefix + "method").asStringOrNull(),
                n.get(prefix + "file").asStringOrNull(),
                line.isNull() ? -1 : line.asInt());
    }

    private static double seconds(long ns) {
        return ns / 1e9;
    }

    private static long nanos(JsonNode n) throws JsonFormatException {
        return Math.round(n.asDouble() * 1e9);
    }
}
