package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.launch.JobResult;

/**
 * The MPI_T conformance checks of the agent's own MPI_T (the Section* tests of the agent), where they apply to the MPI library's own
 * variables (classes, bind kinds, return codes, sessions and handles), on real Open MPI 4.1.4 after
 * MPI_Init. Two halves:
 *
 * <ul>
 *   <li><b>The library's semantics reach Java unchanged.</b> A C program ({@code mpit_semantics.c},
 *       compiled here with {@code mpicc}, run under {@code mpirun}) calls every routine on every
 *       library variable in a fixed order and prints each return code, class, bind kind, flags,
 *       count and category membership; the {@code mpit-library-conformance} test tool does the same
 *       through {@code MpiT} in a Java job of as many ranks. The two listings must be equal line for
 *       line: same variables, same classes and bind kinds, same codes (for example
 *       {@code MPI_T_ERR_PVAR_NO_STARTSTOP} for starting a continuous variable, what Open MPI answers
 *       for writing a read-only one), same counts (a communicator-bound handle has the
 *       communicator's size).
 *   <li><b>The standard's codes where qmpi4j answers.</b> Index by name gives each library
 *       variable's and category's own index, a name under another class is
 *       {@code MPI_T_ERR_INVALID_NAME}, indices past the end are {@code MPI_T_ERR_INVALID_INDEX}, a
 *       handle used through another session or after its free is {@code MPI_T_ERR_INVALID_HANDLE},
 *       a freed session is {@code MPI_T_ERR_INVALID_SESSION}, a wrong or missing object or buffer is
 *       {@code MPI_T_ERR_INVALID}; and every library performance variable's datatype is one its
 *       class allows.
 * </ul>
 *
 * Open MPI 4.1.4 still describes after MPI_Init some variables of components MPI_Init closed and
 * unloaded, and using them crashes the process, in C as in Java (handles of the psm2 MTL's
 * performance variables, reads of the {@code opal_common_ucx_*}, {@code pml_ucx_*} and
 * {@code osc_ucx_*} control variables). The C program runs each variable in a forked child and
 * reports those as {@code crash} lines; the Java job is given that list and leaves them alone.
 */
class MpitLibraryConformanceTest {
    private static final int RANKS = 2;
    private static final Map<String, String> OB1 = Map.of("OMPI_MCA_pml", "ob1");

    @Test
    void theLibrarysVariablesBehaveInJavaExactlyAsInCAndAsTheStandardSays(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("mpit_semantics.c");
        try (InputStream in = getClass().getResourceAsStream("/mpit/mpit_semantics.c")) {
            Files.copy(in, source);
        }
        Path exe = dir.resolve("mpit_semantics");
        BundledTools.Command cc = BundledTools.run(List.of("mpicc", "-o", exe.toString(), source.toString()), Map.of());
        assertThat(cc.exitCode).as(cc.toString()).isZero();
        BundledTools.Command c = BundledTools.run(
                List.of(
                        "mpirun",
                        "--allow-run-as-root",
                        "--oversubscribe",
                        "-np",
                        Integer.toString(RANKS),
                        exe.toString()),
                OB1);
        assertThat(c.exitCode).as(c.toString()).isZero();
        List<String> cLines = c.stdout
                .lines()
                .filter(l -> l.startsWith("pvar ") || l.startsWith("cvar ") || l.startsWith("category "))
                .collect(Collectors.toList());
        Path crashes = dir.resolve("crashes.txt");
        Files.write(
                crashes, c.stdout.lines().filter(l -> l.startsWith("crash ")).collect(Collectors.toList()));
        assertThat(cLines).as("the C program saw the library's variables").hasSizeGreaterThan(500);

        JobResult job = AgentJob.run(AgentJob.withTools(AgentJob.SAMPLES + "Ring", RANKS, "mpit-library-conformance")
                .env("OMPI_MCA_pml", "ob1")
                .jvmOption("-Dqmpi4j.conformance.skip=" + crashes));
        AgentJob.assertOk(job, RANKS);
        List<String> javaLines = lines(job, "QMPI4J-CONF ");

        Side cSide = new Side(cLines);
        Side javaSide = new Side(javaLines);
        Set<String> common = new TreeSet<>(cSide.byKey.keySet());
        common.retainAll(javaSide.byKey.keySet());
        String differences = "only in C: " + cSide.keysBut(common) + "\nonly in Java: " + javaSide.keysBut(common);
        assertThat(common.size())
                .as(
                        "variables and categories both processes describe (%d in C, %d in Java)\n%s",
                        cSide.byKey.size(), javaSide.byKey.size(), differences)
                .isGreaterThan(cSide.byKey.size() * 9 / 10)
                .isGreaterThan(javaSide.byKey.size() * 9 / 10);
        Set<String> commonNames = common.stream().map(k -> k.split(" ")[1]).collect(Collectors.toSet());
        for (String key : common) {
            assertThat(javaSide.line(key, commonNames))
                    .as("%s through MpiT as in C\n%s", key, differences)
                    .isEqualTo(cSide.line(key, commonNames));
        }
        assertThat(cLines)
                .as("both sides exercised starts, reads and writes of handles of both bind kinds")
                .anyMatch(l -> l.startsWith("pvar pml_ob1_unexpected_msgq_length ")
                        && l.contains(" bind=1 ")
                        && l.contains(" count=" + RANKS + " "))
                .anyMatch(l -> l.startsWith("pvar ") && l.contains(" bind=0 ") && l.contains(" read=0 "))
                .anyMatch(l -> l.startsWith("cvar ") && l.contains(" write=0 "));
        assertThat(commonNames).contains("pml_ob1_unexpected_msgq_length", "mpool_hugepage_bytes_allocated");

        List<String> checks = lines(job, "QMPI4J-CONF-CHECK ");
        assertThat(checks).as(job.describe()).hasSizeGreaterThan(cLines.size() / 2);
        assertThat(checks).as("the standard's codes on library variables").allSatisfy(l -> {
            String[] w = l.split(" ");
            assertThat(w[w.length - 1]).as(l).isEqualTo(w[w.length - 2].replace("expected=", "actual="));
        });
        assertThat(lines(job, "QMPI4J-CONF-DATATYPE "))
                .as("library performance variables whose datatype their class does not allow")
                .isEmpty();
    }

    /**
     * One process's lines by the variable's description: kind, name, class, bind kind and flags
     * (performance variables) or scope and bind kind (control variables), so a variable the two
     * processes describe differently (Open MPI 4.1.4's {@code vprotocol}: READONLY and unreadable
     * in the C program, ALL_EQ in the JVM, whose MPI_Init keeps that framework open) counts as
     * present on one side only; a key that occurs twice is left out. A category's member lists keep only the names both
     * processes describe, sorted: members are listed in the order the process registered them,
     * which differs between a JVM and a C program (the same members, e.g. orte's, in another
     * order).
     */
    private static final class Side {
        final Map<String, String> byKey = new TreeMap<>();

        Side(List<String> lines) {
            Set<String> twice = new TreeSet<>();
            for (String l : lines) {
                int alloc = l.indexOf(" alloc=");
                String key = l.startsWith("category ") ? l.substring(0, l.indexOf(" cvars=")) : l.substring(0, alloc);
                if (byKey.put(key, l) != null) {
                    twice.add(key);
                }
            }
            byKey.keySet().removeAll(twice);
        }

        List<String> keysBut(Set<String> common) {
            return byKey.keySet().stream().filter(k -> !common.contains(k)).collect(Collectors.toList());
        }

        String line(String key, Set<String> commonNames) {
            String l = byKey.get(key);
            if (!key.startsWith("category ")) {
                return l;
            }
            StringBuilder b = new StringBuilder(key);
            for (String part : l.substring(key.length() + 1).split(" ", -1)) {
                int eq = part.indexOf('=');
                b.append(' ').append(part, 0, eq + 1);
                b.append(Arrays.stream(part.substring(eq + 1).split(","))
                        .filter(commonNames::contains)
                        .sorted()
                        .collect(Collectors.joining(",")));
            }
            return b.toString();
        }
    }

    /** Rank 0's lines that start with {@code prefix}, without it. */
    private static List<String> lines(JobResult job, String prefix) {
        return job.stdout()
                .lines()
                .map(l -> l.indexOf(prefix) < 0 ? null : l.substring(l.indexOf(prefix) + prefix.length()))
                .filter(l -> l != null)
                .collect(Collectors.toList());
    }
}
