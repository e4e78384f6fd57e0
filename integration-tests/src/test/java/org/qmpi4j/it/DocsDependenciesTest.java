package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;

/**
 * The package tables of docs/architecture.md (between {@code <!-- dependencies:<module> <base> -->}
 * markers) have one row per package of the module's main code, and each row's last column names
 * exactly the packages of the same module that the package depends on, as {@link
 * PackageCyclesTest}'s reader finds them in the sources. A name in a table is relative to the
 * marker's base package ({@code link} is {@code <base>.link}), the base itself is named by its last
 * segment, and a name that starts with {@code org.} is written out. Packages of other modules
 * ({@code api}, {@code report}) are not in the tables.
 */
class DocsDependenciesTest {
    private static final String DOC = "docs/architecture.md";
    private static final Pattern MARKER = Pattern.compile("<!-- dependencies:(\\S+) (\\S+) -->");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern PACKAGE_NAME = Pattern.compile("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*");

    @Test
    void theArchitectureTablesSayWhatEachPackageDependsOn() throws IOException {
        Path root = AgentJob.repoRoot();
        String doc = Files.readString(root.resolve(DOC));
        List<String> problems = new ArrayList<>();
        int tables = 0;
        Matcher m = MARKER.matcher(doc);
        while (m.find()) {
            String module = m.group(1);
            String base = m.group(2);
            int end = doc.indexOf("<!-- /dependencies:" + module + " -->", m.end());
            assertThat(end).as("%s: end marker of dependencies:%s", DOC, module).isGreaterThan(m.end());
            Map<String, Map<String, String>> code =
                    PackageCyclesTest.dependencies(root.resolve(module).resolve("src/main/java"));
            problems.addAll(compare(module, base, doc.substring(m.end(), end), code));
            tables++;
        }
        assertThat(tables).as("dependency tables in %s", DOC).isEqualTo(4);
        assertThat(problems).as("%s against the sources", DOC).isEmpty();
    }

    /** The check itself: a missing dependency, one too many, a missing row and a row of no package are named. */
    @Test
    void aTableThatDiffersFromTheCodeIsReported(@TempDir Path dir) throws IOException {
        write(dir, "org/qmpi4j/x/t/A.java", "package org.qmpi4j.x.t;\nclass A {}\n");
        write(dir, "org/qmpi4j/x/t/b/B.java", "package org.qmpi4j.x.t.b;\nimport org.qmpi4j.x.t.c.C;\nclass B {}\n");
        write(dir, "org/qmpi4j/x/t/c/C.java", "package org.qmpi4j.x.t.c;\nclass C { org.qmpi4j.x.t.A a; }\n");
        write(dir, "org/qmpi4j/x/t/d/D.java", "package org.qmpi4j.x.t.d;\nclass D {}\n");
        String table = "| package | holds | depends on |\n| --- | --- | --- |\n"
                + "| `t` | the start | nothing |\n"
                + "| `b` | `B` | `c`, `d` |\n"
                + "| `c` | `C` (of `A`) | nothing |\n"
                + "| `e` | nothing | nothing |\n";
        assertThat(compare("m", "org.qmpi4j.x.t", table, PackageCyclesTest.dependencies(dir)))
                .containsExactly(
                        "m: org.qmpi4j.x.t.b: the table says it depends on [org.qmpi4j.x.t.c, org.qmpi4j.x.t.d], the code on [org.qmpi4j.x.t.c]"
                                + " (org.qmpi4j.x.t.c: org/qmpi4j/x/t/b/B.java)",
                        "m: org.qmpi4j.x.t.c: the table says it depends on [], the code on [org.qmpi4j.x.t]"
                                + " (org.qmpi4j.x.t: org/qmpi4j/x/t/c/C.java)",
                        "m: org.qmpi4j.x.t.e: a row of no package of the module",
                        "m: org.qmpi4j.x.t.d: no row");
    }

    /** Each difference between one table and the dependencies read from the code. */
    static List<String> compare(String module, String base, String table, Map<String, Map<String, String>> code) {
        Set<String> packages = new TreeSet<>(code.keySet());
        List<String> problems = new ArrayList<>();
        Set<String> rows = new TreeSet<>();
        for (String line : table.split("\n")) {
            String[] cells = line.split("\\|", -1);
            if (cells.length < 4 || !cells[1].contains("`")) {
                continue;
            }
            Set<String> said = new TreeSet<>();
            Matcher d = CODE.matcher(cells[cells.length - 2]);
            while (d.find()) {
                if (PACKAGE_NAME.matcher(d.group(1)).matches()) {
                    said.add(resolve(base, d.group(1)));
                }
            }
            Matcher p = CODE.matcher(cells[1]);
            while (p.find()) {
                String pkg = resolve(base, p.group(1));
                rows.add(pkg);
                if (!packages.contains(pkg)) {
                    problems.add(module + ": " + pkg + ": a row of no package of the module");
                    continue;
                }
                Map<String, String> steps = new TreeMap<>(code.get(pkg));
                steps.keySet().retainAll(packages);
                if (!steps.keySet().equals(said)) {
                    StringBuilder why = new StringBuilder();
                    steps.forEach((to, file) -> why.append(why.length() == 0 ? "" : ", ")
                            .append(to)
                            .append(": ")
                            .append(file));
                    problems.add(module + ": " + pkg + ": the table says it depends on " + said + ", the code on "
                            + steps.keySet() + (why.length() == 0 ? "" : " (" + why + ")"));
                }
            }
        }
        for (String pkg : packages) {
            if (!rows.contains(pkg)) {
                problems.add(module + ": " + pkg + ": no row");
            }
        }
        return problems;
    }

    private static String resolve(String base, String name) {
        if (name.startsWith("org.")) {
            return name;
        }
        String last = base.substring(base.lastIndexOf('.') + 1);
        return name.equals(last) ? base : base + "." + name;
    }

    private static void write(Path dir, String file, String text) throws IOException {
        Path f = dir.resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }
}
