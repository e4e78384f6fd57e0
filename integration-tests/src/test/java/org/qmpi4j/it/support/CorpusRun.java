package org.qmpi4j.it.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.qmpi4j.formats.check.CheckFormat;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * One corpus program run under {@code check} with its binding's launcher ({@code mpirun}, or MPJ
 * Express in multicore mode: {@link CorpusBinding}), and what {@code check} found, read from
 * {@code check.json}. Deadlocks are ended by the checker's watch after
 * {@link #DEADLOCK_SECONDS}, so every program ends.
 */
public final class CorpusRun {
    /** Short, so the corpus's deadlocks end fast; its slow-but-correct programs outlast it on purpose. */
    public static final String DEADLOCK_SECONDS = "2";

    private final CorpusProgram program;
    private final JobResult result;
    private final List<Finding> findings;
    private final boolean findingsWritten;

    private CorpusRun(CorpusProgram program, JobResult result, List<Finding> findings, boolean findingsWritten) {
        this.program = program;
        this.result = result;
        this.findings = findings;
        this.findingsWritten = findingsWritten;
    }

    /** Runs {@code program} with its ranks under {@code check}, results in {@code out}. */
    public static CorpusRun run(CorpusProgram program, Path out) throws IOException {
        MpiJob.Builder job = MpiJob.builder(program.className())
                .classpath(program.binding().jar())
                .ranks(program.ranks())
                .jvmOption(AgentJob.agentOption("tools=check"))
                .env("QMPI4J_OUTPUT", out.toString())
                .env("QMPI4J_CHECK_DEADLOCK_SECONDS", DEADLOCK_SECONDS)
                .timeout(Duration.ofMinutes(2))
                .echo(false);
        JobResult result = program.binding().launcher().run(job.build());
        boolean written = Files.isRegularFile(out.resolve("check.json"));
        List<Finding> findings;
        try {
            findings = written ? JobResults.in(out).findings() : rankFindings(out);
        } catch (JsonFormatException e) {
            throw new IOException("the findings of " + program + " do not parse", e);
        }
        return new CorpusRun(program, result, findings, written);
    }

    /**
     * When MPI itself ended the job (an error MPI treats as fatal, after {@code check} reported it)
     * rank 0 wrote no {@code check.json}; each rank's {@code ranks/rank-<r>.check.json}, written as
     * findings happen, still has them. Merged here by finding, as {@code qmpi4j merge} does.
     */
    private static List<Finding> rankFindings(Path out) throws IOException, JsonFormatException {
        Path ranks = out.resolve("ranks");
        Map<String, Finding> merged = new LinkedHashMap<>();
        if (!Files.isDirectory(ranks)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(ranks)) {
            for (Path f : (Iterable<Path>)
                    files.filter(p -> p.toString().endsWith(".check.json")).sorted()::iterator) {
                for (Finding finding : CheckFormat.read(Files.readString(f, StandardCharsets.UTF_8)).findings) {
                    merged.putIfAbsent(finding.key(), finding);
                }
            }
        }
        return new ArrayList<>(merged.values());
    }

    public CorpusProgram program() {
        return program;
    }

    public JobResult result() {
        return result;
    }

    public List<Finding> findings() {
        return findings;
    }

    /**
     * Whether rank 0 wrote {@code check.json} (false when the job died before it could: then the
     * findings come from the ranks' own files).
     */
    public boolean findingsWritten() {
        return findingsWritten;
    }

    /** Whether some finding has the expected rule (the program is then detected). */
    public boolean detected() {
        return findings.stream().anyMatch(f -> f.rule().equals(program.expectedRule()));
    }

    /** Whether {@code f} names the expected rule and one of the error's lines in this program. */
    public boolean helpful(Finding f) {
        if (!f.rule().equals(program.expectedRule())) {
            return false;
        }
        for (FindingSite s : f.sites()) {
            if (s.className().equals(program.className()) && program.lines().contains(s.line())) {
                return true;
            }
        }
        return false;
    }

    /** One line: the program, its verdict and each finding. */
    public String describe() {
        StringBuilder b = new StringBuilder(program.toString())
                .append(" (expect ")
                .append(program.correct() ? "none" : program.expectedRule() + " lines " + program.lines())
                .append("): exit ")
                .append(result.exitCode())
                .append(result.timedOut() ? " timed out" : "")
                .append(findingsWritten ? "" : ", no check.json");
        for (Finding f : findings) {
            b.append("\n    ").append(f.line());
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
