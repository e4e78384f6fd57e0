package org.qmpi4j.it.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmpi4j.launch.JobResult;

/**
 * The self-check lines that samples print (see {@code org.qmpi4j.samples.SampleReport}), parsed
 * from a job's output: per rank the verdict, the sample's own count of MPI calls per function and
 * of point-to-point messages and bytes per peer.
 */
public final class SampleOutput {
    private static final Pattern RESULT =
            Pattern.compile("QMPI4J-SAMPLE rank=(\\d+) sample=(\\S+) result=(OK|FAIL) detail=(.*)");
    private static final Pattern CALLS = Pattern.compile("QMPI4J-CALLS rank=(\\d+)(.*)");
    private static final Pattern P2P =
            Pattern.compile("QMPI4J-P2P rank=(\\d+) peer=(\\d+) messages=(\\d+) bytes=(\\d+)");

    /** One rank's report. */
    public static final class RankReport {
        public String sample;
        public boolean ok;
        public String detail;
        public final Map<String, Long> calls = new TreeMap<>();
        /** peer -> {messages, bytes}. */
        public final Map<Integer, long[]> sentTo = new TreeMap<>();
    }

    private final Map<Integer, RankReport> ranks = new TreeMap<>();

    public static SampleOutput parse(JobResult result) {
        return parse(result.stdout());
    }

    /** Parses a job's standard output (of a job run by other means than a {@code Launcher}). */
    public static SampleOutput parse(String stdout) {
        SampleOutput out = new SampleOutput();
        for (String raw : stdout.split("\n")) {
            // Launchers may prefix lines (Open MPI tags them); the report starts at the marker.
            int at = raw.indexOf("QMPI4J-");
            if (at < 0) {
                continue;
            }
            String line = raw.substring(at).strip();
            Matcher m;
            if ((m = RESULT.matcher(line)).matches()) {
                RankReport r = out.rank(Integer.parseInt(m.group(1)));
                r.sample = m.group(2);
                r.ok = m.group(3).equals("OK");
                r.detail = m.group(4);
            } else if ((m = CALLS.matcher(line)).matches()) {
                RankReport r = out.rank(Integer.parseInt(m.group(1)));
                for (String kv : m.group(2).trim().split(" ")) {
                    if (!kv.isEmpty()) {
                        String[] p = kv.split("=");
                        r.calls.put(p[0], Long.parseLong(p[1]));
                    }
                }
            } else if ((m = P2P.matcher(line)).matches()) {
                out.rank(Integer.parseInt(m.group(1))).sentTo.put(Integer.parseInt(m.group(2)), new long[] {
                    Long.parseLong(m.group(3)), Long.parseLong(m.group(4))
                });
            }
        }
        return out;
    }

    private RankReport rank(int r) {
        return ranks.computeIfAbsent(r, k -> new RankReport());
    }

    public Map<Integer, RankReport> ranks() {
        return ranks;
    }

    public RankReport rankReport(int r) {
        return ranks.get(r);
    }

    /** Ranks whose verdict is OK. */
    public List<Integer> okRanks() {
        return ranks.entrySet().stream()
                .filter(e -> e.getValue().ok)
                .map(Map.Entry::getKey)
                .collect(java.util.stream.Collectors.toList());
    }

    /** Calls per function summed over ranks. */
    public Map<String, Long> totalCalls() {
        Map<String, Long> total = new LinkedHashMap<>();
        ranks.values().forEach(r -> r.calls.forEach((f, n) -> total.merge(f, n, Long::sum)));
        return new TreeMap<>(total);
    }
}
