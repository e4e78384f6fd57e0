package org.qmpi4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The raw figures of a benchmark run as CSV, one row per variant, metric and repetition. */
public final class RawFigures {
    private RawFigures() {}

    /** Writes {@code values} (variant id -> metric -> one value per repetition) to {@code file}. */
    public static void writeCsv(Map<String, Map<String, List<Double>>> values, Path file) throws IOException {
        StringBuilder csv = new StringBuilder("variant,metric,repetition,value\n");
        values.forEach((variant, byMetric) -> byMetric.forEach((metric, figures) -> {
            for (int i = 0; i < figures.size(); i++) {
                csv.append(variant)
                        .append(',')
                        .append(metric)
                        .append(',')
                        .append(i + 1)
                        .append(',')
                        .append(figures.get(i))
                        .append('\n');
            }
        }));
        Files.writeString(file, csv);
    }
}
