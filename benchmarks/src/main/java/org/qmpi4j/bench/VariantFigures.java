package org.qmpi4j.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a benchmark of jobs run per variant and repetition measured: the figures (variant id ->
 * metric -> one value per repetition), the variants it could not run and why, and its metrics in
 * report order. The one shape the MPI-overhead and short-jobs reports share; each adds its own
 * settings and Markdown.
 */
public abstract class VariantFigures {
    /** Variant id -> metric -> one value per repetition. */
    public final Map<String, Map<String, List<Double>>> values = new LinkedHashMap<>();

    /** Variant id -> why it was not run. */
    public final Map<String, String> unavailable = new LinkedHashMap<>();

    /** Metrics in report order. */
    public final List<String> metrics = new ArrayList<>();

    /** The values of {@code metric} in {@code variant}, one per repetition (empty if not run). */
    public final List<Double> values(Variant variant, String metric) {
        return values.getOrDefault(variant.id(), Map.of()).getOrDefault(metric, List.of());
    }

    /** The report as Markdown. */
    public abstract String markdown();
}
