package org.qmpi4j.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.formats.trace.TraceFormat.NONE;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.TraceFileWriter;
import org.qmpi4j.formats.trace.TraceFormat;

/** Message arrows from the shards' records: one per envelope and communicator. */
class ArrowEndsTest {
    /** The completed requests of a call that completed none. */
    private static final long[] NO_REQS = {};

    @TempDir
    Path dir;

    @Test
    void aMessageOnASubCommunicatorHasItsOwnArrowAndCOMM_WORLDsIdsStayAsTheyWere() throws Exception {
        String key = TraceFormat.communicatorKey("I 0,1", 0);
        assertThat(TraceFormat.flowId(0, 1, 7, 0, TraceFormat.WORLD_KEY)).isEqualTo("0-1-7-0");
        assertThat(TraceFormat.flowId(0, 1, 7, 0, null)).isEqualTo("0-1-7-0");
        assertThat(TraceFormat.flowId(0, 1, 7, 0, key)).isEqualTo("0-1-7-0@" + key);
        // The same envelope and number on COMM_WORLD and on a duplicate of it: two arrows.
        List<String> ends = new ArrayList<>();
        ArrowEnds.Sink sink = new ArrowEnds.Sink() {
            @Override
            public void call(ShardEvent e) {}

            @Override
            public void sent(ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm) {}

            @Override
            public void received(ArrowEnd a) {
                ends.add(a.id + " at " + a.start);
            }
        };
        Path f = dir.resolve("rank-1.trace");
        try (TraceFileWriter w = new TraceFileWriter(f, 1, 2, "openmpi", Long.MAX_VALUE, 1024)) {
            w.defineFunction(0, "MPI_RECV");
            w.defineCommunicator(0, TraceFormat.WORLD_KEY, "0..1", null);
            w.defineCommunicator(1, key, "0..1", null);
            w.event(0, 1, 100, 10, 0, 7, 8, NONE, 0, 7, 0, NONE, 0, NONE, NONE, NONE, 8, NONE, NO_REQS, 0, null);
            w.event(0, 1, 200, 10, 0, 7, 8, NONE, 0, 7, 0, NONE, 1, NONE, NONE, NONE, 8, NONE, NO_REQS, 0, null);
        }
        ArrowEnds arrows = new ArrowEnds(1, sink);
        ShardParser p = new ShardParser(1, arrows);
        byte[] b = Files.readAllBytes(f);
        p.feed(b, 0, b.length);
        p.end();
        arrows.finish();
        assertThat(p.problems()).isEmpty();
        assertThat(ends).containsExactly("0-1-7-0 at 100", "0-1-7-0@" + key + " at 200");
    }
}
