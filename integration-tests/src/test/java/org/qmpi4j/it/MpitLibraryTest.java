package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.JobResult;

/**
 * The MPI library's own MPI_T through {@code MpiT}, against real Open MPI: the listing
 * agrees exactly with a C program compiled here with {@code mpicc}; the {@code unexpected-queue}
 * sample tool reads Open MPI's real unexpected-message queue. (The monitoring cross-check is in
 * {@code MpitOpenMpi5Test}, on Open MPI 5.0.7: 4.1.4 invalidates its pml_monitoring_* variables
 * during MPI_Init, C included; see docs/tool-authors.md, MPI_T.)
 */
class MpitLibraryTest {
    private static final Pattern INDEXED = Pattern.compile("^  +\\[(\\d+)] (\\S+) .*");

    @Test
    void theListingShowsExactlyWhatCSeesOfTheLibrary(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("list_mpit.c");
        try (InputStream in = MpitLibraryTest.class.getResourceAsStream("/mpit/list_mpit.c")) {
            Files.copy(in, source);
        }
        Path exe = dir.resolve("list_mpit");
        BundledTools.Command cc = BundledTools.run(List.of("mpicc", "-o", exe.toString(), source.toString()), Map.of());
        assertThat(cc.exitCode).as(cc.toString()).isZero();
        BundledTools.Command c = BundledTools.run(List.of(exe.toString()), Map.of());
        assertThat(c.exitCode).as(c.toString()).isZero();
        List<String> cLines = c.stdout.lines().collect(Collectors.toList());

        BundledTools.Command java = BundledTools.java(
                Map.of(), "-jar", ItJars.jar("qmpi4j-agent").toString(), "mpit", "list", "--source", "library");
        assertThat(java.exitCode).as(java.toString()).isZero();
        Listing listing = new Listing(java.stdout);

        assertThat(listing.summary)
                .as(java.stdout.lines().limit(3).collect(Collectors.joining("\n")))
                .isEqualTo(count(cLines, "cvars") + " control variables, " + count(cLines, "pvars")
                        + " performance variables, " + count(cLines, "categories") + " categories");
        assertThat(listing.cvars).containsExactlyElementsOf(names(cLines, "cvar "));
        assertThat(listing.pvars).containsExactlyElementsOf(names(cLines, "pvar "));
        assertThat(listing.categories).isEqualTo(new TreeSet<>(names(cLines, "category ")));
        assertThat(java.stdout)
                .contains("MPI library: /")
                .contains("no MPI_T events (no MPI_T_event_* symbols")
                .doesNotContain("qmpi4j_p2p_messages_sent");
        assertThat(listing.pvars).contains("pml_ob1_unexpected_msgq_length", "pml_ob1_posted_recvq_length");

        BundledTools.Command agentOnly = BundledTools.java(
                Map.of(), "-jar", ItJars.jar("qmpi4j-agent").toString(), "mpit", "list", "--source", "agent");
        assertThat(agentOnly.stdout)
                .contains("qmpi4j_p2p_messages_sent")
                .doesNotContain("pml_ob1_unexpected_msgq_length");
    }

    @Test
    void unexpectedQueueFlagsExactlyTheReceivesMadeWhileMoreThanThreeWaited() throws Exception {
        JobResult result =
                AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "UnexpectedMessages", 2, "unexpected-queue")
                        .env("OMPI_MCA_pml", "ob1"));
        AgentJob.assertOk(result, 2);
        int line = AgentJob.siteMarkers(AgentJob.SAMPLES + "UnexpectedMessages").get("unexpected-queue");
        String site = " site=org.qmpi4j.samples.openmpi.UnexpectedMessages.main(UnexpectedMessages.java:" + line + ")";
        assertThat(AgentJob.markerLines(result, "QMPI4J-UNEXQ-HANDLE "))
                .as("a handle bound to COMM_WORLD has one element per rank\n%s", result.describe())
                .containsExactlyInAnyOrder("QMPI4J-UNEXQ-HANDLE rank=0 count=2", "QMPI4J-UNEXQ-HANDLE rank=1 count=2");
        assertThat(AgentJob.markerLines(result, "QMPI4J-UNEXQ rank="))
                .as(result.describe())
                .containsExactly(
                        "QMPI4J-UNEXQ rank=1 source=0 queue=6" + site,
                        "QMPI4J-UNEXQ rank=1 source=0 queue=5" + site,
                        "QMPI4J-UNEXQ rank=1 source=0 queue=4" + site);
        assertThat(AgentJob.markerLines(result, "QMPI4J-UNEXQ-SUMMARY "))
                .containsExactlyInAnyOrder(
                        "QMPI4J-UNEXQ-SUMMARY rank=0 receives=0 flagged=0",
                        "QMPI4J-UNEXQ-SUMMARY rank=1 receives=6 flagged=3");
    }

    private static int count(List<String> lines, String key) {
        return lines.stream()
                .filter(l -> l.startsWith(key + " "))
                .mapToInt(l -> Integer.parseInt(l.substring(key.length() + 1).trim()))
                .findFirst()
                .orElseThrow();
    }

    private static List<String> names(List<String> lines, String prefix) {
        return lines.stream()
                .filter(l -> l.startsWith(prefix))
                .map(l -> l.substring(prefix.length()))
                .collect(Collectors.toList());
    }

    /** The sections of {@code mpit list}: category names (a set: the tree may show one twice), variables in order. */
    private static final class Listing {
        String summary;
        final TreeSet<String> categories = new TreeSet<>();
        final List<String> cvars = new ArrayList<>();
        final List<String> pvars = new ArrayList<>();

        Listing(String text) {
            String section = "";
            for (String l : text.split("\n")) {
                if (summary == null && l.startsWith("qmpi4j MPI_T catalogue: ")) {
                    summary = l.substring("qmpi4j MPI_T catalogue: ".length(), l.indexOf(" (source"));
                } else if (!l.startsWith(" ") && !l.isEmpty()) {
                    section = l;
                } else {
                    Matcher m = INDEXED.matcher(l);
                    if (m.matches()) {
                        if (section.equals("Categories")) {
                            categories.add(m.group(2));
                        } else if (section.equals("Control variables")) {
                            cvars.add(m.group(2));
                        } else if (section.equals("Performance variables")) {
                            pvars.add(m.group(2));
                        }
                    }
                }
            }
        }
    }
}
