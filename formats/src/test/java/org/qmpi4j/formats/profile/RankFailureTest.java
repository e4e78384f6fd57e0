package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.json.JsonFormatException;

class RankFailureTest {
    @Test
    void anAbortGivesItsCodeAsTheShellKeepsIt() {
        assertThat(RankFailure.abort(1, 3, "A.main(A.java:1)", 10, "n1").exitStatus())
                .isEqualTo(3);
        assertThat(RankFailure.abort(1, 259, null, 10, null).exitStatus()).isEqualTo(3);
        assertThat(RankFailure.abort(1, 256, null, 10, null).exitStatus())
                .as("a code whose low byte is 0 must not read as success")
                .isEqualTo(1);
        assertThat(RankFailure.abort(1, -1, null, 10, null).exitStatus()).isEqualTo(255);
    }

    @Test
    void anExceptionGivesOneAndKeepsItsTopFrames() {
        Exception e = new IllegalStateException("boom");
        RankFailure f = RankFailure.exception(2, e, 10, "n1");
        assertThat(f.exitStatus()).isEqualTo(1);
        assertThat(f.exception()).isEqualTo("java.lang.IllegalStateException");
        assertThat(f.frames()).hasSizeLessThanOrEqualTo(RankFailure.FRAMES).isNotEmpty();
        assertThat(f.site()).isEqualTo(e.getStackTrace()[0].toString());
        assertThat(f.describe()).startsWith("rank 2 threw java.lang.IllegalStateException: boom at ");
    }

    @Test
    void theFirstIsTheEarliestThenTheLowestRank() {
        RankFailure late = RankFailure.abort(0, 3, null, 200, null);
        RankFailure early = RankFailure.abort(5, 4, null, 100, null);
        RankFailure tie = RankFailure.abort(2, 4, null, 100, null);
        assertThat(RankFailure.first(List.of(late, early, tie))).isEqualTo(tie);
        assertThat(RankFailure.first(List.of())).isNull();
    }

    @Test
    void aFileReadsBackAndBadOnesAreNamed() throws Exception {
        RankFailure f = RankFailure.exception(1, new RuntimeException("x \"quoted\""), 1_796_400_323_119L, "n1");
        assertThat(RankFailure.read(f.toJson())).isEqualTo(f);
        assertThatThrownBy(() -> RankFailure.read(f.toJson().replace("\"exception\",", "\"crash\",")))
                .isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("crash");
        assertThatThrownBy(() -> RankFailure.read("{\"format\": \"qmpi4j-rank-profile\", \"version\": 1}"))
                .isInstanceOf(JsonFormatException.class);
    }
}
