package org.qmpi4j.descriptor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.descriptorform.CompiledForm;

/**
 * Compiles the binding descriptors of the agent's build: reads the index and each descriptor it
 * lists from the source folder, parses and checks them, and writes the index and
 * {@code <descriptor>.compiled} for each into the agent's classes. The agent reads only that
 * compiled form; a malformed descriptor fails the build with {@code file:line:}.
 */
public final class DescriptorCompiler {
    /** The name of the index of descriptors, in the source folder and among the agent's resources. */
    public static final String INDEX = CompiledForm.INDEX;
    /** What the compiled resource of a descriptor is named: its name and this suffix. */
    public static final String SUFFIX = CompiledForm.SUFFIX;

    private DescriptorCompiler() {}

    /**
     * Arguments: the source folder (index and descriptor texts), the output folder (the agent's
     * resource folder of descriptors), and the resource path of that folder, which the compiled
     * form records as each descriptor's resource name.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: DescriptorCompiler <source dir> <output dir> <resource dir>");
            System.exit(2);
        }
        Path source = Path.of(args[0]);
        Path output = Path.of(args[1]);
        String resourceDir = args[2].endsWith("/") ? args[2] : args[2] + "/";
        try {
            compileAll(source, output, resourceDir);
        } catch (DescriptorException e) {
            Path file = source.resolve(e.resource().substring(e.resource().lastIndexOf('/') + 1));
            System.err.println(file.toAbsolutePath() + ":" + e.line() + ": " + e.detail());
            System.exit(1);
        }
    }

    /** Compiles every descriptor {@code source}'s index lists into {@code output}. */
    static void compileAll(Path source, Path output, String resourceDir) throws IOException {
        Files.createDirectories(output);
        String index = Files.readString(source.resolve(INDEX), StandardCharsets.UTF_8);
        for (String name : names(index, resourceDir + INDEX)) {
            Path text = source.resolve(name);
            if (!Files.isRegularFile(text)) {
                throw new DescriptorException(resourceDir + INDEX, lineOf(index, name), "no descriptor " + name);
            }
            String resource = resourceDir + name;
            Files.write(
                    output.resolve(name + SUFFIX), compile(resource, Files.readString(text, StandardCharsets.UTF_8)));
        }
        Files.writeString(output.resolve(INDEX), index, StandardCharsets.UTF_8);
    }

    /**
     * The compiled form of a descriptor's text, parsed and checked now; {@code resource} is the
     * name it is known by (the agent's resource path).
     *
     * @throws DescriptorException if the text is malformed
     */
    public static byte[] compile(String resource, String text) {
        return CompiledForm.write(DescriptorParser.parse(resource, text));
    }

    /** The descriptor names of an index: one per line, {@code #} comments and blank lines skipped. */
    static List<String> names(String index, String indexResource) {
        List<String> names = new ArrayList<>();
        int n = 0;
        for (String line : index.split("\n", -1)) {
            n++;
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            if (t.indexOf(' ') >= 0 || t.indexOf('\t') >= 0 || t.indexOf('/') >= 0) {
                throw new DescriptorException(indexResource, n, "expected one descriptor file name per line\n    " + t);
            }
            names.add(t);
        }
        if (names.isEmpty()) {
            throw new DescriptorException(indexResource, 0, "lists no binding descriptors");
        }
        return names;
    }

    private static int lineOf(String index, String name) {
        String[] lines = index.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].trim().equals(name)) {
                return i + 1;
            }
        }
        return 0;
    }
}
