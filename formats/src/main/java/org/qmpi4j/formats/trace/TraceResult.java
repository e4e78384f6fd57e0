package org.qmpi4j.formats.trace;

import java.util.List;
import java.util.Map;

/**
 * What writing a trace gave, whatever the format (Chrome JSON, Perfetto, OTF2): the calls written
 * per rank, the ranks whose shard stopped at the size limit, the chosen ranks without a shard, and
 * the lines that could not be read. For the commands' messages and for tests.
 */
public final class TraceResult {
    private final Map<Integer, Long> calls;
    private final List<Integer> truncated;
    private final List<Integer> missing;
    private final List<String> problems;

    /**
     * @param calls calls written per rank (in the selection's window); {@code -1} for a rank whose
     *     calls were not counted
     */
    public TraceResult(
            Map<Integer, Long> calls, List<Integer> truncated, List<Integer> missing, List<String> problems) {
        this.calls = calls;
        this.truncated = truncated;
        this.missing = missing;
        this.problems = problems;
    }

    /** Calls written per rank (in the selection's window); {@code -1} where they were not counted. */
    public Map<Integer, Long> calls() {
        return calls;
    }

    /** Ranks whose trace stopped at the size limit. */
    public List<Integer> truncatedRanks() {
        return truncated;
    }

    /** Chosen ranks without any trace data. */
    public List<Integer> missingRanks() {
        return missing;
    }

    /** Lines that could not be read, by rank (a crash can cut the last line). */
    public List<String> problems() {
        return problems;
    }
}
