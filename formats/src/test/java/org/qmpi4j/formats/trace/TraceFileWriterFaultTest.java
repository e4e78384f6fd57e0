package org.qmpi4j.formats.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A shard on a file system that refuses writes: one failure, then silence, never a gap. */
class TraceFileWriterFaultTest {
    @Test
    void aFullDiskEndsTheShardAfterOneFailedWrite() throws Exception {
        Path full = Path.of("/dev/full"); // every write fails with ENOSPC, as on a full disk
        assumeTrue(Files.isWritable(full), "/dev/full");
        TraceFileWriter w = new TraceFileWriter(full, 0, 2, "openmpi", Long.MAX_VALUE, 1024);
        w.defineFunction(0, "MPI_BARRIER");
        w.defineThread(1, "main");
        long none = TraceFormat.NONE;
        IOException failed = null;
        int calls = 0;
        while (failed == null && calls < 1000) {
            try {
                w.event(0, 1, 1000L + calls, 500, none, none, 0, none, none, none, none);
                calls++;
            } catch (IOException e) {
                failed = e;
            }
        }
        assertThat(failed).as("a write failed").isNotNull().hasMessageContaining("No space left on device");
        // Later calls cost nothing and write nothing: the file ends where the disk refused it.
        assertThat(w.event(0, 1, 5000L, 500, none, none, 0, none, none, none, none))
                .isFalse();
        w.end();
        w.flush();
        w.close();
    }

    @Test
    void theEndRecordIsTheLast(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path f = dir.resolve("rank-0.trace");
        try (TraceFileWriter w = new TraceFileWriter(f, 0, 1, "openmpi", 200, 1024)) {
            w.defineFunction(0, "MPI_BARRIER");
            w.defineThread(1, "main");
            long none = TraceFormat.NONE;
            for (int i = 0; i < 10; i++) {
                w.event(0, 1, 1000L + i, 500, none, none, 0, none, none, none, none);
            }
            w.end();
        }
        assertThat(ShardEnd.ended(f)).isTrue();
    }
}
