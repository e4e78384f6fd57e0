package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.ReturnCode;

/** MPI 4.0 Section 14.3.8's rules for categories, checked on any {@link MpiT}. */
public final class CategoryRules {
    private CategoryRules() {}

    /**
     * Asserts the text's structural rules on any registry: names unique and non-empty, counts agree
     * with the member lists, members are valid indices, and no category contains itself, directly or
     * transitively. Also used by the agent's test of its own variables (through this module's test
     * jar).
     */
    public static void assertWellFormed(MpiT r) {
        int n = r.categoryGetNum();
        Set<String> names = new HashSet<>();
        for (int c = 0; c < n; c++) {
            CategoryInfo info = r.categoryGetInfo(c);
            assertThat(info.name())
                    .as("category " + c + ": a name of at least length one")
                    .isNotEmpty();
            assertThat(names.add(info.name()))
                    .as("unique category name " + info.name())
                    .isTrue();
            assertThat(r.categoryGetIndex(info.name())).isEqualTo(c);
            int[] cvars = r.categoryGetCvars(c);
            int[] pvars = r.categoryGetPvars(c);
            int[] cats = r.categoryGetCategories(c);
            assertThat(cvars).hasSize(info.numCvars()).doesNotHaveDuplicates();
            assertThat(pvars).hasSize(info.numPvars()).doesNotHaveDuplicates();
            assertThat(cats).hasSize(info.numCategories()).doesNotHaveDuplicates();
            // "can be used as input to MPI_T_CVAR_GET_INFO, MPI_T_PVAR_GET_INFO and MPI_T_CATEGORY_GET_INFO"
            for (int v : cvars) {
                assertThat(Mpit.codeOf(() -> r.cvarGetInfo(v))).isEqualTo(ReturnCode.SUCCESS);
            }
            for (int v : pvars) {
                assertThat(Mpit.codeOf(() -> r.pvarGetInfo(v))).isEqualTo(ReturnCode.SUCCESS);
            }
            for (int sub : cats) {
                assertThat(sub).isBetween(0, n - 1);
            }
            assertThat(reachable(r, c))
                    .as(info.name() + " \"can never include themselves\"")
                    .doesNotContain(c);
        }
    }

    /** Categories reachable from {@code c} through one or more containment steps. */
    private static Set<Integer> reachable(MpiT r, int c) {
        Set<Integer> seen = new HashSet<>();
        Deque<Integer> todo = new ArrayDeque<>();
        for (int sub : r.categoryGetCategories(c)) {
            todo.add(sub);
        }
        while (!todo.isEmpty()) {
            int next = todo.poll();
            if (seen.add(next)) {
                for (int sub : r.categoryGetCategories(next)) {
                    todo.add(sub);
                }
            }
        }
        return seen;
    }
}
