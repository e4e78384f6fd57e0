package org.qmpi4j.launch.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link TaggedOutput.reassemble}: lines that Open MPI's tagged output split between ranks. */
class TaggedOutputTest {
    @Test
    void joinsALineSplitByAnotherRanksOutput() {
        String raw = "[1,0]<stdout>:A first\n"
                + "[1,0]<stdout>:QMPI4J-SITE site=o[1,1]<stdout>:QMPI4J-TOOL counter rank=1\n"
                + "[1,1]<stdout>:B\n"
                + "[1,0]<stdout>:rg.Example(X.java:1) calls=1\n"
                + "mpirun says something\n";
        assertThat(TaggedOutput.reassemble(raw))
                .isEqualTo("[1,0]<stdout>:A first\n"
                        + "[1,1]<stdout>:QMPI4J-TOOL counter rank=1\n"
                        + "[1,1]<stdout>:B\n"
                        + "[1,0]<stdout>:QMPI4J-SITE site=org.Example(X.java:1) calls=1\n"
                        + "mpirun says something\n");
    }

    @Test
    void joinsAPieceContinuedUnderTheSameRanksTag() {
        String raw = "[1,1]<stdout>:QMPI4J-SITE site=o[1,1]<stdout>:rg.Example(X.java:1) calls=1\n";
        assertThat(TaggedOutput.reassemble(raw))
                .isEqualTo("[1,1]<stdout>:QMPI4J-SITE site=org.Example(X.java:1) calls=1\n");
    }
}
