package org.qmpi4j.bench.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import org.qmpi4j.launch.JobResult;

/**
 * What a program's run ended with, as far as its users would tell: the exit status (124 at the
 * time limit) and, per rank, the lines where the program states a verdict ("TEST COMPLETE",
 * "PASS", "FAIL", "ERROR ..."). Two runs with equal outcomes did the same as far as the program
 * can say; timings the programs print are not part of it.
 */
final class Outcome {
    /** A verdict word anywhere in a line, in any case. */
    private static final Pattern VERDICT =
            Pattern.compile("\\b(complete|completed|pass|passed|fail|failed|failure|error|errors|wrong)\\b");

    final int exitCode;
    final List<String> verdicts;

    Outcome(int exitCode, List<String> verdicts) {
        this.exitCode = exitCode;
        this.verdicts = List.copyOf(verdicts);
    }

    static Outcome of(JobResult r, int ranks) {
        List<String> verdicts = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++) {
            for (String line : verdictLines(r.rankStdout(rank))) {
                verdicts.add(rank + ": " + line);
            }
        }
        return new Outcome(r.exitCode(), verdicts);
    }

    /** The lines of one rank's output that state a verdict, stripped, in their order. */
    static List<String> verdictLines(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            String s = line.strip();
            if (VERDICT.matcher(s.toLowerCase(Locale.ROOT)).find()) {
                out.add(s);
            }
        }
        return out;
    }

    boolean succeeded() {
        return exitCode == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Outcome other && exitCode == other.exitCode && verdicts.equals(other.verdicts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(exitCode, verdicts);
    }

    @Override
    public String toString() {
        return "exit " + exitCode + (verdicts.isEmpty() ? "" : ", " + String.join(" | ", verdicts));
    }
}
