package org.qmpi4j.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;

/** The tools an agent jar finds ({@code java -jar qmpi4j-agent.jar tools}), asked before a job starts. */
final class AgentTools {
    private AgentTools() {}

    /** Tool name to description, with the tool path given (or none). */
    static Map<String, String> available(Path agent, @Nullable String toolPath)
            throws UserError, IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", agent.toString(), "tools"));
        builder.environment().remove("QMPI4J_TOOLPATH");
        if (toolPath != null) {
            builder.environment().put("QMPI4J_TOOLPATH", toolPath);
        }
        builder.redirectErrorStream(true);
        Process p = builder.start();
        p.getOutputStream().close();
        String text;
        try (InputStream in = p.getInputStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (p.waitFor() != 0) {
            throw new UserError("the agent " + agent + " could not list its tools: " + text.trim());
        }
        Map<String, String> tools = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                tools.put(line.substring(0, tab), line.substring(tab + 1).trim());
            }
        }
        return tools;
    }
}
