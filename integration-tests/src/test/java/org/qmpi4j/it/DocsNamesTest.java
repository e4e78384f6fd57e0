package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.AgentJob;

/**
 * Every class, member and qmpi4j package the docs name in code spans ({@code `Class`},
 * {@code `Class.method`}, {@code `package.Class`}, {@code `org.qmpi4j.package`}) in README.md,
 * BENCHMARKS.md, docs/*.md and docs/decisions/*.md, and every class a {@code package-info.java}
 * names in {@code {@link}} or {@code {@code}}, exists: as a type of the repository's Java sources
 * (main, tests, samples, benchmarks, fixtures; a member declared in the class's file), as a public
 * type of the JDK (a member by reflection), or on the short list of other projects' names below. A
 * renamed class or method then fails here instead of leaving the docs naming what is gone.
 */
class DocsNamesTest {
    /**
     * Names of other projects the docs speak of that neither the sources, the JDK nor the two
     * bindings' jars hold: ByteBuddy (the prototype of a decision record), HotSpot's flags and
     * internal classes, JFR's, OTF2's, Perfetto's and Caliper's names, MPJ Express' test programs,
     * the methods the user guide says MPJ Express lacks, Slurm's setting {@code KillWait}, and {@code org.example}, the package of the
     * docs' example applications. Keep it to names that are not qmpi4j's.
     */
    private static final Set<String> OTHER_PROJECTS = Set.of(
            "AgentBuilder",
            "AsmVisitorWrapper",
            "MemberSubstitution",
            "MethodCall",
            "StackManipulation",
            "TypeCreation",
            "FieldAccess",
            "org.qmpi4j.agent.shaded.bytebuddy",
            "InlineSmallCode",
            "MaxInlineLevel",
            "MaxRecursiveInlineLevel",
            "LambdaForm",
            "jdk.ObjectAllocationSample",
            "Enter",
            "Leave",
            "MpiSend",
            "MpiIsend",
            "MpiIsendComplete",
            "MpiRecv",
            "MpiIrecv",
            "MpiIrecvRequest",
            "MpiCollectiveBegin",
            "MpiCollectiveEnd",
            "perfetto.protos.Trace",
            "CaliperReader",
            "GraphFrame",
            "ContiguousTest",
            "SeqMatrix",
            "BufferBench1",
            "BufferRoller",
            "Request.Free",
            "Ibarrier",
            "Ibcast",
            "KillWait",
            "org.example");

    private static final Pattern CODE_SPAN = Pattern.compile("`([^`\n]+)`");
    /** Optional package segments, a type, optional members; a trailing argument list is dropped first. */
    private static final Pattern NAME =
            Pattern.compile("((?:[a-z][a-z0-9_]*\\.)*)([A-Z][A-Za-z0-9]*)((?:\\.[A-Za-z_][A-Za-z0-9_]*)*)");

    private static final Pattern QMPI4J_PACKAGE = Pattern.compile("org\\.qmpi4j(?:\\.[a-z][a-z0-9_]*)+");
    private static final Pattern JAVADOC_TAG = Pattern.compile("\\{@(link|linkplain|code)\\s+([^}\\s]+)[^}]*}");

    private static final Pattern TYPE = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z]\\w*)");
    /** A name declared after its type; the word before it must be a type, not {@code return x(}. */
    private static final Pattern MEMBER = Pattern.compile("([\\w$]+|[>\\]])\\s+([A-Za-z_]\\w*)\\s*[(=;,]");

    private static final Set<String> NOT_TYPES = Set.of("return", "new", "throw", "else", "case", "yield", "assert");
    private static final Pattern CONSTANT = Pattern.compile("\\b([A-Z][A-Z0-9_]*)\\s*[(,;{}]");
    private static final Pattern RECORD = Pattern.compile("\\brecord\\s+\\w+(?:<[^>]*>)?\\s*\\(([^)]*)\\)");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern SHADED = Pattern.compile("<shadedPattern>([\\w.]+)</shadedPattern>");
    /** A file's name, not a class's. */
    private static final Pattern FILE_NAME =
            Pattern.compile(".*\\.(md|java|json|jsonl|txt|jar|html|svg|xml|sh|binding|csv)");

    private static final Pattern EVENT_NAME = Pattern.compile("\"(qmpi4j\\.[A-Z]\\w*)\"");

    @Test
    void everyNameInTheDocsAndPackageInfosExists() throws IOException {
        Path root = AgentJob.repoRoot();
        Path mpj = org.qmpi4j.launch.MpiRuntimes.mpjHome().resolve("lib");
        List<Path> mpjJars = new ArrayList<>();
        try (DirectoryStream<Path> lib = Files.newDirectoryStream(mpj, "*.jar")) {
            lib.forEach(mpjJars::add);
        }
        Sources sources = Sources.read(root, List.of(List.of(org.qmpi4j.launch.MpiRuntimes.openMpiJar()), mpjJars));
        assertThat(sources.types).containsKeys("CallSiteBootstrap", "Dispatcher", "Profiler");
        List<Path> docs = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("BENCHMARKS.md")));
        for (String dir : List.of("docs", "docs/decisions")) {
            if (Files.isDirectory(root.resolve(dir))) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(root.resolve(dir), "*.md")) {
                    files.forEach(docs::add);
                }
            }
        }
        List<String> problems = new ArrayList<>();
        for (Path doc : docs) {
            problems.addAll(markdownProblems(root, doc, sources));
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals("package-info.java"))
                    .filter(p -> !root.relativize(p).toString().contains("/target/"))
                    .sorted()
                    .collect(Collectors.toList())) {
                problems.addAll(packageInfoProblems(root, f, sources));
            }
        }
        assertThat(problems).as("names in the docs that the code does not have").isEmpty();
    }

    /** The check itself: a gone class, a gone method and a gone package are named; the JDK's and others' pass. */
    @Test
    void aNameTheCodeDoesNotHaveIsReported(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("src/org/qmpi4j/x"));
        Files.writeString(
                dir.resolve("src/org/qmpi4j/x/Linker.java"),
                "package org.qmpi4j.x;\n/** {@link Gone} */\npublic final class Linker {\n"
                        + "  public static Object link(String s) { return bootstrap(s); }\n"
                        + "  static final int LIMIT = 3;\n  enum Mode { FAST, SLOW }\n}\n");
        Files.writeString(
                dir.resolve("src/org/qmpi4j/x/package-info.java"),
                "/** {@link Linker#link}, {@link Linker#bootstrap}, {@code Linker.Mode.FAST} */\npackage org.qmpi4j.x;\n");
        Files.writeString(
                dir.resolve("README.md"),
                "`Linker.link`, `x.Linker.LIMIT`, `Linker.Mode.SLOW`, `org.qmpi4j.x`, `String.format`,\n"
                        + "`AgentBuilder`, `MPI_Init`, `mpirun -np 2`\n\n```\n`Nowhere` in a fence\n```\n"
                        + "`Linker.bootstrap`, `Lynker`, `org.qmpi4j.y`, `String.formatted2`\n");
        Sources sources = Sources.read(dir, List.of());
        List<String> problems = new ArrayList<>(markdownProblems(dir, dir.resolve("README.md"), sources));
        problems.addAll(packageInfoProblems(dir, dir.resolve("src/org/qmpi4j/x/package-info.java"), sources));
        assertThat(problems)
                .containsExactly(
                        "README.md:7: `Linker.bootstrap`: Linker has no bootstrap",
                        "README.md:7: `Lynker`: no such class",
                        "README.md:7: `org.qmpi4j.y`: no such package",
                        "README.md:7: `String.formatted2`: String has no formatted2",
                        "src/org/qmpi4j/x/package-info.java: {@link Linker#bootstrap}: Linker has no bootstrap");
    }

    private static List<String> markdownProblems(Path root, Path doc, Sources sources) throws IOException {
        List<String> problems = new ArrayList<>();
        List<String> lines = Files.readAllLines(doc);
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.trim().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = CODE_SPAN.matcher(line);
            while (m.find()) {
                String why = sources.problem(m.group(1), false);
                if (why != null) {
                    problems.add(root.relativize(doc) + ":" + (i + 1) + ": `" + m.group(1) + "`: " + why);
                }
            }
        }
        return problems;
    }

    private static List<String> packageInfoProblems(Path root, Path file, Sources sources) throws IOException {
        String text = Files.readString(file);
        int end = text.indexOf("\npackage ");
        List<String> problems = new ArrayList<>();
        Matcher m = JAVADOC_TAG.matcher(end < 0 ? text : text.substring(0, end));
        while (m.find()) {
            boolean link = !m.group(1).equals("code");
            String name = m.group(2).replace('#', '.');
            if (name.startsWith(".")) {
                continue; // a member of the package-info itself: none
            }
            String why = sources.problem(name, link);
            if (why != null) {
                problems.add(root.relativize(file) + ": " + m.group() + ": " + why);
            }
        }
        return problems;
    }

    /**
     * What names can be checked against: the types of a tree of Java sources, each with the names
     * its file declares, the string constants that name qmpi4j's JFR events, the classes of the
     * binding jars given, and the JDK.
     */
    private static final class Sources {
        /** Simple type name -> for each file declaring it: its package and the names declared in the file. */
        final Map<String, List<Declared>> types = new HashMap<>();

        final Set<String> packages = new TreeSet<>();
        /** String constants of the form {@code "qmpi4j.Name"} (JFR event names). */
        final Set<String> eventNames = new HashSet<>();
        /** Simple name -> the binding jars' classes of that name (each binding's own loader). */
        private final Map<String, List<Class<?>>> bindingClasses = new HashMap<>();

        private final Set<String> bindingMethods = new HashSet<>();
        private final Map<String, List<Class<?>>> jdk = new HashMap<>();

        /** @param bindings each binding's jars (the bindings share the package {@code mpi}, so each gets a loader) */
        static Sources read(Path root, List<List<Path>> bindings) throws IOException {
            Sources s = new Sources();
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java"))
                        .filter(p -> !root.relativize(p).toString().contains("target/"))
                        .collect(Collectors.toList())) {
                    String text = Files.readString(f);
                    s.add(PackageCyclesTest.withoutCommentsAndStrings(text));
                    Matcher e = EVENT_NAME.matcher(text);
                    while (e.find()) {
                        s.eventNames.add(e.group(1));
                    }
                }
            }
            for (List<Path> jars : bindings) {
                s.readBinding(jars);
            }
            // the packages the build relocates other projects' code to (the agent's ASM)
            try (Stream<Path> poms = Files.walk(root)) {
                for (Path pom : poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
                        .filter(p -> !root.relativize(p).toString().contains("target/"))
                        .collect(Collectors.toList())) {
                    Matcher m = SHADED.matcher(Files.readString(pom));
                    while (m.find()) {
                        s.packages.add(m.group(1));
                    }
                }
            }
            return s;
        }

        /** Indexes one binding's classes, and the method names of its {@code mpi} package. */
        private void readBinding(List<Path> jars) throws IOException {
            java.net.URL[] urls = new java.net.URL[jars.size()];
            List<String> names = new ArrayList<>();
            for (int i = 0; i < jars.size(); i++) {
                urls[i] = jars.get(i).toUri().toURL();
                try (java.util.jar.JarFile jar =
                        new java.util.jar.JarFile(jars.get(i).toFile())) {
                    jar.stream()
                            .map(java.util.jar.JarEntry::getName)
                            .filter(n -> n.endsWith(".class") && !n.contains("$") && !n.startsWith("META-INF"))
                            .map(n -> n.substring(0, n.length() - ".class".length())
                                    .replace('/', '.'))
                            .forEach(names::add);
                }
            }
            ClassLoader loader = new java.net.URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
            for (String name : names) {
                Class<?> c;
                try {
                    c = Class.forName(name, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    continue; // a class whose dependencies are not in the jars: not one the docs name
                }
                bindingClasses
                        .computeIfAbsent(last(name), k -> new ArrayList<>())
                        .add(c);
                if (name.startsWith("mpi.")) {
                    for (Method m : c.getDeclaredMethods()) {
                        bindingMethods.add(m.getName());
                    }
                }
            }
        }

        private void add(String code) {
            Matcher p = PACKAGE.matcher(code);
            String pkg = p.find() ? p.group(1) : "";
            packages.add(pkg);
            Set<String> names = new HashSet<>();
            for (Pattern pattern : List.of(TYPE, CONSTANT)) {
                Matcher m = pattern.matcher(code);
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
            Matcher member = MEMBER.matcher(code);
            while (member.find()) {
                if (!NOT_TYPES.contains(member.group(1))) {
                    names.add(member.group(2));
                }
            }
            Matcher r = RECORD.matcher(code);
            while (r.find()) {
                for (String component : r.group(1).split(",")) {
                    String[] words = component.trim().split("\\s+");
                    names.add(words[words.length - 1]);
                }
            }
            Declared d = new Declared(pkg, names);
            Matcher t = TYPE.matcher(code);
            while (t.find()) {
                types.computeIfAbsent(t.group(1), k -> new ArrayList<>()).add(d);
            }
        }

        /**
         * Why {@code text} names nothing that exists, or null when it does or names no class.
         * {@code certain}: the text is meant as a name (a javadoc link), so any form is checked.
         */
        String problem(String text, boolean certain) {
            String name = text.replaceAll("\\(.*\\)$", "");
            if (eventNames.contains(name)
                    || allowed(name)
                    || FILE_NAME.matcher(name).matches()) {
                return null;
            }
            if (QMPI4J_PACKAGE.matcher(name).matches() && !types.containsKey(last(name))) {
                boolean found = packages.stream().anyMatch(p -> p.equals(name) || p.startsWith(name + "."));
                return found ? null : "no such package";
            }
            Matcher m = NAME.matcher(name);
            if (!m.matches()) {
                return certain ? "not a name of a class" : null;
            }
            String prefix = m.group(1).isEmpty()
                    ? ""
                    : m.group(1).substring(0, m.group(1).length() - 1);
            String type = m.group(2);
            List<String> members = m.group(3).isEmpty()
                    ? List.of()
                    : List.of(m.group(3).substring(1).split("\\."));
            boolean looksLikeAType = !prefix.isEmpty() || !members.isEmpty() || type.matches(".*[a-z].*");
            if (!certain && !looksLikeAType) {
                return null; // MPI, JSON, ASM: words, not types
            }
            String why = null;
            List<Declared> declared = new ArrayList<>();
            for (Declared d : types.getOrDefault(type, List.of())) {
                if (prefix.isEmpty() || d.pkg.equals(prefix) || d.pkg.endsWith("." + prefix)) {
                    declared.add(d);
                }
            }
            if (!declared.isEmpty()) {
                why = missingMember(declared, type, members);
                if (why == null) {
                    return null;
                }
            }
            for (Class<?> c : classes(prefix, type)) {
                String missing = missingMember(c, members);
                if (missing == null) {
                    return null;
                }
                why = why == null ? missing : why;
            }
            if (why == null && prefix.isEmpty() && members.isEmpty() && bindingMethods.contains(type)) {
                return null; // a routine in the binding's spelling (MPJ Express' Waitall, Init)
            }
            if (why == null && OTHER_PROJECTS.contains(type)) {
                return null;
            }
            return why == null ? "no such class" : why;
        }

        private static boolean allowed(String name) {
            for (String other : OTHER_PROJECTS) {
                if (name.equals(other) || name.startsWith(other + ".")) {
                    return true;
                }
            }
            return false;
        }

        /** Null if the first member (after nested types) is declared in one of the files, else why not. */
        private static String missingMember(List<Declared> declared, String type, List<String> members) {
            String owner = type;
            for (String member : members) {
                if (declared.stream().noneMatch(d -> d.names.contains(member))) {
                    return owner + " has no " + member;
                }
                if (!Character.isUpperCase(member.charAt(0))
                        || member.equals(member.toUpperCase(java.util.Locale.ROOT))) {
                    return null; // a method or field: what its type declares is not followed
                }
                owner = member;
            }
            return null;
        }

        private static String missingMember(Class<?> c, List<String> members) {
            Class<?> owner = c;
            for (String member : members) {
                Class<?> nested = null;
                boolean found = false;
                for (Class<?> k = owner; k != null && !found; k = k.getSuperclass()) {
                    for (Method m : k.getDeclaredMethods()) {
                        found |= m.getName().equals(member);
                    }
                    for (Field f : k.getDeclaredFields()) {
                        found |= f.getName().equals(member);
                    }
                    for (Class<?> n : k.getDeclaredClasses()) {
                        if (n.getSimpleName().equals(member)) {
                            found = true;
                            nested = n;
                        }
                    }
                }
                if (!found) {
                    return owner.getSimpleName() + " has no " + member;
                }
                if (nested == null) {
                    return null;
                }
                owner = nested;
            }
            return null;
        }

        private static String last(String dotted) {
            return dotted.substring(dotted.lastIndexOf('.') + 1);
        }

        /** The binding jars' and the JDK's public types named so (in {@code prefix} if given). */
        private List<Class<?>> classes(String prefix, String type) {
            List<Class<?>> out = new ArrayList<>();
            for (Class<?> c : bindingClasses.getOrDefault(type, List.of())) {
                String binary = c.getName();
                if (prefix.isEmpty()
                        || binary.equals(prefix + "." + type)
                        || binary.endsWith("." + prefix + "." + type)) {
                    out.add(c);
                }
            }
            out.addAll(jdkTypes(prefix, type));
            return out;
        }

        /** The public types of the JDK's exported packages named so (in {@code prefix} if given). */
        private List<Class<?>> jdkTypes(String prefix, String type) {
            return jdk.computeIfAbsent(prefix + "/" + type, k -> {
                List<Class<?>> found = new ArrayList<>();
                for (Module module : ModuleLayer.boot().modules()) {
                    for (String pkg : module.getPackages()) {
                        if (module.isExported(pkg) && (prefix.isEmpty() || pkg.equals(prefix))) {
                            Class<?> c = Class.forName(module, pkg + "." + type);
                            if (c != null && java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                                found.add(c);
                            }
                        }
                    }
                }
                return found;
            });
        }
    }

    /** One source file: its package and every type, method, field and constant name it declares. */
    private static final class Declared {
        final String pkg;
        final Set<String> names;

        Declared(String pkg, Set<String> names) {
            this.pkg = pkg;
            this.names = names;
        }
    }
}
