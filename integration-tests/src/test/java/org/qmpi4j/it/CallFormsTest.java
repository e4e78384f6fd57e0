package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.JobResult;

/**
 * Each form in which Java code calls the binding is intercepted and attributed to the line where it
 * is written (found by its {@code // SITE:<form>} marker in the sample's source); calls made
 * reflectively or through method handles are not (documented limit).
 */
class CallFormsTest {
    private static final String CALL_FORMS = AgentJob.FEATURES + "CallForms";

    /** form -> {function, calls per rank}. */
    private static Map<String, Object[]> expectedForms() {
        Map<String, Object[]> m = new LinkedHashMap<>();
        m.put("intracomm", new Object[] {"MPI_BARRIER", 1L});
        m.put("comm", new Object[] {"MPI_BARRIER", 2L});
        m.put("createcart", new Object[] {"MPI_CART_CREATE", 1L});
        m.put("cart", new Object[] {"MPI_BARRIER", 3L});
        m.put("cartrank", new Object[] {"MPI_COMM_RANK", 1L});
        m.put("cartfree", new Object[] {"MPI_COMM_FREE", 1L});
        m.put("irecv", new Object[] {"MPI_IRECV", 4L});
        m.put("isend", new Object[] {"MPI_ISEND", 4L});
        m.put("static", new Object[] {"MPI_WAITALL", 4L});
        m.put("lambda", new Object[] {"MPI_BARRIER", 5L});
        m.put("boundref", new Object[] {"MPI_BARRIER", 6L});
        m.put("unboundref", new Object[] {"MPI_COMM_RANK", 7L});
        m.put("subclass", new Object[] {"MPI_BARRIER", 8L});
        m.put("subclassrecv", new Object[] {"MPI_COMM_SIZE", 2L});
        return m;
    }

    @Test
    void everyCallFormIsInterceptedAtItsLine() throws Exception {
        Map<String, Integer> markers = AgentJob.siteMarkers(CALL_FORMS);
        Map<String, Object[]> forms = expectedForms();
        assertThat(markers.keySet())
                .as("markers in CallForms.java")
                .containsExactlyInAnyOrderElementsOf(forms.keySet());

        JobResult result = AgentJob.run(AgentJob.withTools(CALL_FORMS, 2, "counter"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        List<AgentJob.Site> sites = AgentJob.counterSites(result);
        for (int rank = 0; rank < 2; rank++) {
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter vs sample on rank %d\n%s", rank, result.describe())
                    .isEqualTo(out.rankReport(rank).calls);
            int r = rank;
            List<AgentJob.Site> mine = sites.stream().filter(s -> s.rank == r).collect(Collectors.toList());
            assertThat(mine).allSatisfy(s -> assertThat(s.file).isEqualTo("CallForms.java"));
            forms.forEach((form, fc) -> {
                int line = markers.get(form);
                List<AgentJob.Site> at =
                        mine.stream().filter(s -> s.line == line).collect(Collectors.toList());
                assertThat(at)
                        .as("form %s: sites at CallForms.java:%d on rank %d\n%s", form, line, r, mine)
                        .hasSize(1);
                assertThat(at.get(0).function).as("form %s", form).isEqualTo(fc[0]);
                assertThat(at.get(0).calls).as("form %s", form).isEqualTo(fc[1]);
            });
            assertThat(siteAt(mine, markers.get("lambda")).where)
                    .as("lambda body")
                    .contains(".CallForms.lambda$");
            assertThat(siteAt(mine, markers.get("subclass")).where)
                    .as("inside the subclass")
                    .isEqualTo("org.qmpi4j.samples.openmpi.features.CallForms$WorldView.barriers");
            assertThat(siteAt(mine, markers.get("boundref")).where)
                    .isEqualTo("org.qmpi4j.samples.openmpi.features.CallForms.main");
            assertThat(siteAt(mine, markers.get("unboundref")).where)
                    .isEqualTo("org.qmpi4j.samples.openmpi.features.CallForms.main");
        }
        assertThat(AgentJob.rankStderr(result, 0))
                .as("method references were rewritten")
                .anyMatch(l -> l.startsWith("qmpi4j: rewriting:") && l.contains("method references 2"));
    }

    @Test
    void reflectiveAndMethodHandleCallsAreNotIntercepted() throws Exception {
        Map<String, Integer> markers = AgentJob.siteMarkers(AgentJob.FEATURES + "Reflective");
        JobResult result = AgentJob.run(AgentJob.withTools(AgentJob.FEATURES + "Reflective", 2, "counter"));
        SampleOutput out = AgentJob.assertOk(result, 2);
        List<AgentJob.Site> sites = AgentJob.counterSites(result);
        for (int rank = 0; rank < 2; rank++) {
            Map<String, Long> sample = out.rankReport(rank).calls;
            assertThat(sample).as("the sample made 3 barriers").containsEntry("MPI_BARRIER", 3L);
            Map<String, Long> expected = new java.util.TreeMap<>(sample);
            expected.put("MPI_BARRIER", 1L); // only the direct call
            assertThat(AgentJob.counterOnRank(result, rank))
                    .as("counter on rank %d", rank)
                    .isEqualTo(expected);
            int r = rank;
            List<AgentJob.Site> barriers = sites.stream()
                    .filter(s -> s.rank == r && s.function.equals("MPI_BARRIER"))
                    .collect(Collectors.toList());
            assertThat(barriers).hasSize(1);
            assertThat(barriers.get(0).line).as("the direct barrier").isEqualTo(markers.get("direct"));
            assertThat(barriers.get(0).calls).isEqualTo(1L);
        }
    }

    private static AgentJob.Site siteAt(List<AgentJob.Site> sites, int line) {
        return sites.stream().filter(s -> s.line == line).findFirst().orElseThrow();
    }
}
