package org.qmpi4j.report.render;

import java.util.List;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.report.compare.ScalingStudy;

/**
 * {@code qmpi4j compare --json}: the study for scripts. {@code {format: "qmpi4j-scaling", version,
 * mode, runs: [{label, ranks, seconds, speedup, efficiency}], limiting, functions: [{name,
 * per_rank_s: [...], ideal_s: [...], excess_s}], sites: [...], waits: [{name, per_rank_s}],
 * jvm: [{name, per_rank_s}], iterations: [{name, per_rank_s}]}}, runs smallest first, every array in
 * the runs' order; {@code iterations}' three entries are the count, the steady time per iteration
 * and the steady state's speedup (their values under {@code per_rank_s} too).
 */
public final class ScalingJson {
    private ScalingJson() {}

    public static String render(ScalingStudy s) {
        StringBuilder sb = new StringBuilder(8192);
        JsonWriter w = new JsonWriter(sb, true);
        w.beginObject();
        w.member("format", "qmpi4j-scaling");
        w.member("version", 1L);
        w.member("mode", s.mode() == ScalingStudy.Mode.STRONG ? "strong" : "weak");
        w.name("runs").beginArray();
        for (ScalingStudy.Run r : s.runs()) {
            w.beginInlineObject()
                    .member("label", r.label())
                    .member("ranks", (long) r.ranks())
                    .member("seconds", r.seconds())
                    .member("speedup", r.speedup())
                    .member("efficiency", r.efficiency())
                    .endObject();
        }
        w.endArray();
        ScalingStudy.Part limit = s.limiting();
        if (limit == null) {
            w.name("limiting").nullValue();
        } else {
            w.member("limiting", limit.name());
        }
        parts(w, "functions", s.functions());
        parts(w, "sites", s.sites());
        figures(w, "waits", s.waits());
        figures(w, "jvm", s.jvm());
        figures(w, "iterations", s.iterations());
        w.endObject();
        w.finish();
        return sb.toString();
    }

    private static void parts(JsonWriter w, String name, List<ScalingStudy.Part> parts) {
        w.name(name).beginArray();
        for (ScalingStudy.Part p : parts) {
            w.beginInlineObject().member("name", p.name());
            numbers(w, "per_rank_s", p.perRank());
            numbers(w, "ideal_s", p.ideal());
            w.member("excess_s", p.excess()).endObject();
        }
        w.endArray();
    }

    private static void figures(JsonWriter w, String name, List<ScalingStudy.Figure> figures) {
        w.name(name).beginArray();
        for (ScalingStudy.Figure f : figures) {
            w.beginInlineObject().member("name", f.name());
            numbers(w, "per_rank_s", f.values());
            w.endObject();
        }
        w.endArray();
    }

    private static void numbers(JsonWriter w, String name, double[] values) {
        w.name(name).beginInlineArray();
        for (double v : values) {
            w.value(v);
        }
        w.endArray();
    }
}
