package org.qmpi4j.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.qmpi4j.formats.check.Finding;

/**
 * The corpus's scores in the manner of the MPI Bugs Initiative and MPI-BugBench: per category and
 * overall, a program with an error is a true positive when {@code check} reports its expected rule
 * and a false negative otherwise; a correct program with any finding is a false positive, else a
 * true negative. Beside them: the share of findings that name the expected rule and one of the
 * error's lines (MPI-BugBench's "helpfulness"), and the noise, findings per correct program.
 */
public final class CorpusScore {
    private final Map<String, Tally> categories = new TreeMap<>();
    private final Tally overall = new Tally();
    private final List<CorpusRun> falsePositives = new ArrayList<>();
    private final List<CorpusRun> falseNegatives = new ArrayList<>();
    private final List<CorpusRun> notEnded = new ArrayList<>();
    private final List<CorpusRun> correctFailed = new ArrayList<>();

    /**
     * Runs every program of {@code binding}'s part under {@code check} (each in a folder of its own
     * under {@code out}), printing each run and then the table, which is also written to {@code
     * table}; what the score tests of both parts share.
     */
    public static CorpusScore runAll(CorpusBinding binding, Path out, Path table) throws IOException {
        CorpusScore score = new CorpusScore();
        int i = 0;
        Set<String> only = onlyCategories();
        for (CorpusProgram program : CorpusProgram.all(binding)) {
            if (!only.isEmpty() && !only.contains(program.category())) {
                continue;
            }
            CorpusRun run = CorpusRun.run(program, out.resolve("run-" + i++));
            System.out.println(run.describe());
            score.add(run);
        }
        String rendered = score.render();
        System.out.println(rendered);
        Files.createDirectories(table.toAbsolutePath().getParent());
        Files.writeString(table, rendered);
        return score;
    }

    /**
     * The categories to run, from {@code -Dqmpi4j.corpus.categories=requestlifecycle,parammatching}
     * ({@code CORPUS_CATEGORIES} of {@code scripts/corpus.sh}): a change that touches a few rules
     * is scored on those alone; empty (the default) for every category.
     */
    private static Set<String> onlyCategories() {
        String s = System.getProperty("qmpi4j.corpus.categories", "").trim();
        return s.isEmpty() ? Set.of() : Set.of(s.split("\\s*,\\s*"));
    }

    /** Counts one program's run. */
    public void add(CorpusRun run) {
        Tally t = categories.computeIfAbsent(run.program().category(), c -> new Tally());
        for (Tally x : List.of(t, overall)) {
            x.add(run);
        }
        if (run.program().correct() && !run.findings().isEmpty()) {
            falsePositives.add(run);
        } else if (!run.program().correct() && !run.detected()) {
            falseNegatives.add(run);
        }
        if (run.result().timedOut()) {
            notEnded.add(run);
        }
        if (run.program().correct() && !run.result().succeeded()) {
            correctFailed.add(run);
        }
    }

    public Tally overall() {
        return overall;
    }

    public Map<String, Tally> categories() {
        return categories;
    }

    public List<CorpusRun> falsePositives() {
        return falsePositives;
    }

    public List<CorpusRun> falseNegatives() {
        return falseNegatives;
    }

    /** Runs that hit the launcher's time limit (a deadlock the watch did not end, or a hang). */
    public List<CorpusRun> notEnded() {
        return notEnded;
    }

    /**
     * Correct programs whose job did not end well: an error of the corpus (the program is not
     * correct on this MPI library) or of the agent, whatever {@code check} found.
     */
    public List<CorpusRun> correctFailed() {
        return correctFailed;
    }

    /** The table (Markdown), then every false positive and negative with what was found. */
    public String render() {
        StringBuilder b = new StringBuilder();
        b.append("| category | programs | correct | TP | FN | FP | TN | precision | recall | F1 |"
                + " right rule and line | noise |\n");
        b.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        categories.forEach((c, t) -> b.append(t.row(c)));
        b.append(overall.row("**overall**"));
        b.append("\nFalse positives (correct programs with findings): ")
                .append(falsePositives.size())
                .append('\n');
        falsePositives.forEach(r -> b.append("- ").append(r.describe()).append('\n'));
        b.append("\nFalse negatives (programs with an error whose rule was not reported): ")
                .append(falseNegatives.size())
                .append('\n');
        falseNegatives.forEach(r -> b.append("- ").append(r.describe()).append('\n'));
        if (!notEnded.isEmpty()) {
            b.append("\nJobs that did not end by themselves: ")
                    .append(notEnded.size())
                    .append('\n');
            notEnded.forEach(r -> b.append("- ").append(r.describe()).append('\n'));
        }
        if (!correctFailed.isEmpty()) {
            b.append("\nCorrect programs whose job failed: ")
                    .append(correctFailed.size())
                    .append('\n');
            correctFailed.forEach(r -> b.append("- ").append(r.describe()).append('\n'));
        }
        return b.toString();
    }

    /** The counts of one category (or of all). */
    public static final class Tally {
        private int programs;
        private int correct;
        private int tp;
        private int fn;
        private int fp;
        private int tn;
        private int findings;
        private int helpful;
        private int findingsOnCorrect;

        void add(CorpusRun run) {
            programs++;
            findings += run.findings().size();
            for (Finding f : run.findings()) {
                if (run.helpful(f)) {
                    helpful++;
                }
            }
            if (run.program().correct()) {
                correct++;
                findingsOnCorrect += run.findings().size();
                if (run.findings().isEmpty()) {
                    tn++;
                } else {
                    fp++;
                }
            } else if (run.detected()) {
                tp++;
            } else {
                fn++;
            }
        }

        public int truePositives() {
            return tp;
        }

        public int falsePositives() {
            return fp;
        }

        public int falseNegatives() {
            return fn;
        }

        public int trueNegatives() {
            return tn;
        }

        public double precision() {
            return ratio(tp, tp + fp);
        }

        public double recall() {
            return ratio(tp, tp + fn);
        }

        public double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 || Double.isNaN(p) || Double.isNaN(r) ? 0 : 2 * p * r / (p + r);
        }

        /** Share of findings naming the expected rule and one of the error's lines. */
        public double helpfulShare() {
            return ratio(helpful, findings);
        }

        /** Findings per correct program. */
        public double noise() {
            return ratio(findingsOnCorrect, correct);
        }

        private static double ratio(int a, int b) {
            return b == 0 ? Double.NaN : (double) a / b;
        }

        private static String fmt(double v) {
            return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.2f", v);
        }

        String row(String name) {
            return String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %d | %d | %d | %d | %s | %s | %s | %s (%d of %d) | %s |%n",
                    name,
                    programs,
                    correct,
                    tp,
                    fn,
                    fp,
                    tn,
                    fmt(precision()),
                    fmt(recall()),
                    fmt(f1()),
                    fmt(helpfulShare()),
                    helpful,
                    findings,
                    fmt(noise()));
        }
    }
}
