package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;

/**
 * No two packages of a module's main code depend on each other, directly or through others: each
 * package can be read, changed and tested with only the packages below it in mind. Read from the
 * sources (imports and fully qualified names, outside comments and strings), so that it holds for
 * every module whatever the reactor has built; a failure names each cycle and, for each step of it,
 * a file that makes the step. A use of an annotation type (such as the API's {@code @Nullable})
 * is no dependency here: it changes no behaviour, and the class files do not link to it.
 */
class PackageCyclesTest {
    /**
     * Cycles kept on purpose, each with its reason. {@code org.qmpi4j.api} calls the backend the
     * agent installs ({@code api.internal.QmpiBackend}), whose methods take the API's own types;
     * moving the interface would break the published API, which only grows.
     */
    private static final Map<Set<String>, String> KEPT =
            Map.of(Set.of("org.qmpi4j.api", "org.qmpi4j.api.internal"), "the API and the backend interface behind it");

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** A qualified name of a qmpi4j type: lower-case segments, then the first upper-case one. */
    private static final Pattern QUALIFIED = Pattern.compile("\\borg\\.qmpi4j((?:\\.[a-z_][\\w]*)*)\\.([A-Z]\\w*|\\*)");

    private static final Pattern ANNOTATION_TYPE = Pattern.compile("@interface\\s+(\\w+)");

    @Test
    void noModuleHasAPackageCycleInItsMainCode() throws IOException {
        Path root = AgentJob.repoRoot();
        List<String> modules = new ArrayList<>();
        collectModules(root, "", modules);
        assertThat(modules).contains("api", "descriptor-compiler", "agent", "report", "tools", "cli");
        List<String> found = new ArrayList<>();
        for (String module : modules) {
            Path src = root.resolve(module).resolve("src/main/java");
            if (Files.isDirectory(src)) {
                for (String cycle : cycles(src)) {
                    found.add(module + ": " + cycle);
                }
            }
        }
        assertThat(found).as("package cycles in main code").isEmpty();
    }

    /** The check itself finds a cycle, through a third package and a fully qualified name, and names its files. */
    @Test
    void aCycleIsFoundAndNamed(@TempDir Path dir) throws IOException {
        write(dir, "org/qmpi4j/x/a/A.java", "package org.qmpi4j.x.a;\nimport org.qmpi4j.x.b.B;\nclass A {}\n");
        write(
                dir,
                "org/qmpi4j/x/b/B.java",
                "package org.qmpi4j.x.b;\n// org.qmpi4j.x.d.D in a comment is no dependency\n"
                        + "class B { Object c = new org.qmpi4j.x.c.C(); String s = \"org.qmpi4j.x.d.D\"; }\n");
        write(
                dir,
                "org/qmpi4j/x/c/C.java",
                "package org.qmpi4j.x.c;\nimport static org.qmpi4j.x.a.A.run;\nclass C {}\n");
        write(dir, "org/qmpi4j/x/d/D.java", "package org.qmpi4j.x.d;\nimport org.qmpi4j.x.a.*;\nclass D {}\n");
        // a -> e through an annotation only, e -> a: no cycle
        write(
                dir,
                "org/qmpi4j/x/e/Marker.java",
                "package org.qmpi4j.x.e;\nimport org.qmpi4j.x.a.A;\npublic @interface Marker {}\n");
        write(dir, "org/qmpi4j/x/a/Marked.java", "package org.qmpi4j.x.a;\n@org.qmpi4j.x.e.Marker class Marked {}\n");

        assertThat(cycles(dir))
                .containsExactly("org.qmpi4j.x.a -> org.qmpi4j.x.b (org/qmpi4j/x/a/A.java)"
                        + " -> org.qmpi4j.x.c (org/qmpi4j/x/b/B.java)"
                        + " -> org.qmpi4j.x.a (org/qmpi4j/x/c/C.java)");
    }

    private static void write(Path dir, String file, String text) throws IOException {
        Path f = dir.resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    /** Each cycle among the packages under {@code src} that is not {@link #KEPT}, as a readable path. */
    static List<String> cycles(Path src) throws IOException {
        Map<String, Map<String, String>> edges = dependencies(src);
        List<String> found = new ArrayList<>();
        for (Set<String> component : stronglyConnected(edges)) {
            if (!KEPT.containsKey(component)) {
                found.add(describe(component, edges));
            }
        }
        return found;
    }

    /**
     * Each package of the sources under {@code src} (every one, also those that depend on nothing)
     * with the qmpi4j packages it depends on, each with one file that makes the step (relative to
     * {@code src}). Also read by {@link DocsDependenciesTest}, which holds the docs to it.
     */
    static Map<String, Map<String, String>> dependencies(Path src) throws IOException {
        Map<Path, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
                sources.put(f, withoutCommentsAndStrings(Files.readString(f)));
            }
        }
        Set<String> annotations = new TreeSet<>();
        for (String code : sources.values()) {
            Matcher pm = PACKAGE.matcher(code);
            Matcher am = ANNOTATION_TYPE.matcher(code);
            while (pm.find(0) && am.find()) {
                annotations.add(pm.group(1) + "." + am.group(1));
            }
        }
        Map<String, Map<String, String>> edges = new TreeMap<>(); // package -> package -> a file that makes the step
        for (Map.Entry<Path, String> e : sources.entrySet()) {
            String code = e.getValue();
            Matcher pm = PACKAGE.matcher(code);
            if (!pm.find()) {
                continue;
            }
            String from = pm.group(1);
            Map<String, String> out = edges.computeIfAbsent(from, k -> new TreeMap<>());
            Matcher m = QUALIFIED.matcher(code);
            while (m.find()) {
                String to = "org.qmpi4j" + m.group(1);
                boolean annotation = annotations.contains(to + "." + m.group(2));
                if (m.start() >= pm.end() && !to.equals(from) && !annotation) {
                    out.putIfAbsent(to, src.relativize(e.getKey()).toString());
                }
            }
        }
        return edges;
    }

    /** One cycle through the first package of {@code component}, each step with its file. */
    private static String describe(Set<String> component, Map<String, Map<String, String>> edges) {
        String start = component.iterator().next();
        // shortest way back to start within the component (breadth first)
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        String last = null;
        while (!queue.isEmpty() && last == null) {
            String p = queue.poll();
            for (String q : edges.getOrDefault(p, Map.of()).keySet()) {
                if (!component.contains(q)) {
                    continue;
                }
                if (q.equals(start)) {
                    last = p;
                    break;
                }
                if (!cameFrom.containsKey(q)) {
                    cameFrom.put(q, p);
                    queue.add(q);
                }
            }
        }
        List<String> path = new ArrayList<>();
        for (String p = last; p != null && !p.equals(start); p = cameFrom.get(p)) {
            path.add(0, p);
        }
        path.add(0, start);
        path.add(start);
        StringBuilder sb = new StringBuilder(start);
        for (int i = 1; i < path.size(); i++) {
            sb.append(" -> ")
                    .append(path.get(i))
                    .append(" (")
                    .append(edges.get(path.get(i - 1)).get(path.get(i)))
                    .append(')');
        }
        return sb.toString();
    }

    /** Tarjan's strongly connected components of more than one package, each sorted. */
    private static List<Set<String>> stronglyConnected(Map<String, Map<String, String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> out = new ArrayList<>();
        for (String v : edges.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, edges, index, low, stack, onStack, out);
            }
        }
        return out;
    }

    private static void connect(
            String v,
            Map<String, Map<String, String>> edges,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            Set<String> onStack,
            List<Set<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : edges.getOrDefault(v, Map.of()).keySet()) {
            if (!index.containsKey(w)) {
                connect(w, edges, index, low, stack, onStack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(component);
            }
        }
    }

    /** Java source with comments, string and character literals and text blocks blanked out. */
    static String withoutCommentsAndStrings(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                i = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
                out.append(' ');
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                i = end < 0 ? s.length() : end + 3;
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != c) {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Leaf modules (those with sources, not aggregators) listed in the poms' {@code <module>} elements. */
    private static void collectModules(Path root, String dir, List<String> out) throws IOException {
        String pom = Files.readString(root.resolve(dir).resolve("pom.xml"));
        List<String> children = Pattern.compile("<module>([^<]+)</module>")
                .matcher(pom)
                .results()
                .map(m -> m.group(1).trim())
                .collect(Collectors.toList());
        if (children.isEmpty() && !dir.isEmpty()) {
            out.add(dir);
        }
        for (String child : children) {
            collectModules(root, dir.isEmpty() ? child : dir + "/" + child, out);
        }
    }
}
