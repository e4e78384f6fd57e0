package org.qmpi4j.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;

/** Where the qmpi4j agent jar is, for the commands that run it or attach it. */
final class AgentJar {
    private AgentJar() {}

    /** QMPI4J_AGENT_JAR, or the agent jar beside this command's jar, or the one of this build tree. */
    static Path find() throws UserError {
        String named = System.getenv("QMPI4J_AGENT_JAR");
        if (named != null && !named.isBlank()) {
            Path p = Path.of(named);
            if (!Files.isRegularFile(p)) {
                throw new UserError("QMPI4J_AGENT_JAR=" + named + " is not a file");
            }
            return p.toAbsolutePath();
        }
        Path here;
        try {
            here = Path.of(AgentJar.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException | SecurityException e) {
            here = null;
        }
        List<Path> candidates = new ArrayList<>();
        // here: target/qmpi4j-cli-<v>.jar, or target/classes when run from the build tree
        Path beside = here == null ? null : here.getParent();
        if (beside != null) {
            candidates.add(beside); // agent jar installed beside the command's jar
            Path module = beside.getParent();
            Path tree = module == null ? null : module.getParent();
            if (tree != null) {
                candidates.add(tree.resolve("agent").resolve("target")); // a build tree
            }
        }
        for (Path dir : candidates) {
            Path jar = findIn(dir);
            if (jar != null) {
                return jar.toAbsolutePath();
            }
        }
        throw new UserError("cannot find qmpi4j-agent-<version>.jar (looked in " + candidates
                + "); set QMPI4J_AGENT_JAR to its path");
    }

    private static @Nullable Path findIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "qmpi4j-agent*.jar")) {
            for (Path j : jars) {
                String n = j.getFileName().toString();
                if (!n.startsWith("original-") && !n.endsWith("-sources.jar") && !n.endsWith("-javadoc.jar")) {
                    return j;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
