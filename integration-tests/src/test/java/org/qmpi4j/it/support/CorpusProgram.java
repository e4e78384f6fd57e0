package org.qmpi4j.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.qmpi4j.api.Nullable;

/**
 * One program of the bug corpus (module {@code corpus}, or {@code corpus-mpj} for MPJ Express: see
 * {@link CorpusBinding}), read from its source's header:
 * {@code // corpus: category=<c> ranks=<n>}, {@code // intent: ...} and {@code // expect: none} or
 * {@code // expect: <rule> lines <l1>,<l2>}. The rule may be one {@code check} does not have
 * (e.g. {@code buffer_read_early}): such a program counts as a false negative, which is the point.
 */
public final class CorpusProgram {
    /** The Open MPI part's package prefix. */
    public static final String PACKAGE = CorpusBinding.OPEN_MPI.packagePrefix();
    /** The rules {@code check} has; programs expecting another rule measure what it lacks. */
    public static final Set<String> CHECK_RULES = Set.of(
            "deadlock",
            "request_leak",
            "invalid_argument",
            "type_mismatch",
            "truncation",
            "collective_mismatch",
            "buffer_modified",
            "thread_level",
            "active_request_freed",
            "request_misuse",
            "call_after_finalize",
            "object_leak",
            "object_used_after_free",
            "buffering_deadlock",
            "overlapping_buffers",
            "message_race",
            "rma_race",
            "unreachable_buffer",
            "buffer_written_early");

    private static final Pattern CORPUS = Pattern.compile("^// corpus: category=(\\w+) ranks=(\\d+)$");
    private static final Pattern INTENT = Pattern.compile("^// intent: (.*)$");
    private static final Pattern EXPECT = Pattern.compile("^// expect: (none|(\\w+) lines ([\\d,]+))$");

    private final CorpusBinding binding;
    private final String name;
    private final String category;
    private final int ranks;
    private final String intent;
    private final @Nullable String expectedRule;
    private final Set<Integer> lines;

    private CorpusProgram(
            CorpusBinding binding,
            String name,
            String category,
            int ranks,
            String intent,
            @Nullable String expectedRule,
            Set<Integer> lines) {
        this.binding = binding;
        this.name = name;
        this.category = category;
        this.ranks = ranks;
        this.intent = intent;
        this.expectedRule = expectedRule;
        this.lines = lines;
    }

    /** The Open MPI part's sources in the repository. */
    public static Path sourceRoot() {
        return CorpusBinding.OPEN_MPI.sourceRoot();
    }

    /** Every program of the Open MPI part, sorted by category and name. */
    public static List<CorpusProgram> all() {
        return all(CorpusBinding.OPEN_MPI);
    }

    /** Every program of {@code binding}'s part, sorted by category and name. */
    public static List<CorpusProgram> all(CorpusBinding binding) {
        List<CorpusProgram> programs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(binding.sourceRoot())) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java")
                    && !p.getFileName().toString().equals("package-info.java"))::iterator) {
                programs.add(read(binding, f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        programs.sort((a, b) -> a.className().compareTo(b.className()));
        return programs;
    }

    /** The Open MPI program {@code <category>.<Name>}. */
    public static CorpusProgram named(String categoryAndName) {
        return named(CorpusBinding.OPEN_MPI, categoryAndName);
    }

    /** The program {@code <category>.<Name>} of {@code binding}'s part. */
    public static CorpusProgram named(CorpusBinding binding, String categoryAndName) {
        return read(binding, binding.sourceRoot().resolve(categoryAndName.replace('.', '/') + ".java"));
    }

    static CorpusProgram read(CorpusBinding binding, Path source) {
        List<String> head;
        try (Stream<String> l = Files.lines(source)) {
            head = l.limit(3).collect(java.util.stream.Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher c = CORPUS.matcher(head.get(0));
        Matcher i = INTENT.matcher(head.get(1));
        Matcher e = EXPECT.matcher(head.get(2));
        if (head.size() < 3 || !c.matches() || !i.matches() || !e.matches()) {
            throw new IllegalStateException(source + ": no corpus header in its first three lines");
        }
        String file = source.getFileName().toString();
        Set<Integer> lines = new TreeSet<>();
        if (e.group(3) != null) {
            for (String n : e.group(3).split(",")) {
                lines.add(Integer.parseInt(n));
            }
        }
        return new CorpusProgram(
                binding,
                file.substring(0, file.length() - ".java".length()),
                c.group(1),
                Integer.parseInt(c.group(2)),
                i.group(1),
                e.group(2),
                Collections.unmodifiableSet(lines));
    }

    /** The part of the corpus the program belongs to, which says how it runs. */
    public CorpusBinding binding() {
        return binding;
    }

    public String name() {
        return name;
    }

    public String category() {
        return category;
    }

    public String className() {
        return binding.packagePrefix() + category + "." + name;
    }

    public int ranks() {
        return ranks;
    }

    public String intent() {
        return intent;
    }

    /** The rule the program's one error should give, or null for a correct program. */
    public @Nullable String expectedRule() {
        return expectedRule;
    }

    public boolean correct() {
        return expectedRule == null;
    }

    /** Whether {@code check} has the expected rule (false for correct programs). */
    public boolean ruleChecked() {
        return expectedRule != null && CHECK_RULES.contains(expectedRule);
    }

    /** The lines of the error (empty for a correct program). */
    public Set<Integer> lines() {
        return lines;
    }

    @Override
    public String toString() {
        return category + "." + name;
    }
}
