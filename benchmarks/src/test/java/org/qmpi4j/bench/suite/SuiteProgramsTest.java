package org.qmpi4j.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SuiteProgramsTest {
    private static final List<String> PROGRAMS = List.of(
            "NonBlocking", "mpjtest.ccl.allgather", "mpjtest.ccl.bcast", "mpjtest.pt2pt.getcount", "mpjtest.topo.cart");
    private static final Pattern ALL = Pattern.compile("");
    private static final Pattern NONE = Pattern.compile("(?!)");

    @Test
    void programsListSkipsBlankLinesAndComments() {
        assertThat(SuitePrograms.parse(List.of("# compiled", "mpjtest.ccl.bcast", "", "  NonBlocking  ")))
                .containsExactly("mpjtest.ccl.bcast", "NonBlocking");
    }

    @Test
    void withoutFiltersEveryProgramIsTakenInTheListsOrder() {
        assertThat(SuitePrograms.select(PROGRAMS, ALL, NONE, 0)).isEqualTo(PROGRAMS);
    }

    @Test
    void onlyKeepsTheMatchesAndExcludeDropsItsOwn() {
        assertThat(SuitePrograms.select(PROGRAMS, Pattern.compile("\\.ccl\\.|pt2pt"), NONE, 0))
                .containsExactly("mpjtest.ccl.allgather", "mpjtest.ccl.bcast", "mpjtest.pt2pt.getcount");
        assertThat(SuitePrograms.select(PROGRAMS, Pattern.compile("\\.ccl\\.|pt2pt"), Pattern.compile("bcast"), 0))
                .containsExactly("mpjtest.ccl.allgather", "mpjtest.pt2pt.getcount");
    }

    @Test
    void limitTakesTheFirstSelected() {
        assertThat(SuitePrograms.select(PROGRAMS, Pattern.compile("mpjtest"), NONE, 2))
                .containsExactly("mpjtest.ccl.allgather", "mpjtest.ccl.bcast");
    }
}
