package org.qmpi4j.agent.internal.config;

import java.util.List;

/**
 * The settings of one MPI process that may still change after the agent started, through the
 * control variables of MPI_T: the tool list (until MPI_Init reads it) and the output directory.
 * They start from {@link AgentConfig}.
 */
public final class ProcessSettings {
    private volatile List<String> tools;
    private volatile String toolsSource;
    private volatile String outputDirectory;

    public ProcessSettings(AgentConfig config) {
        this.tools = List.copyOf(config.tools());
        this.toolsSource = config.toolsSource();
        this.outputDirectory = config.outputDirectory();
    }

    public List<String> tools() {
        return tools;
    }

    public String toolsSource() {
        return toolsSource;
    }

    public void setTools(List<String> names, String source) {
        this.tools = List.copyOf(names);
        this.toolsSource = source;
    }

    /** Where tools write results; empty for their default (a new {@code qmpi4j-<date-time>} folder). */
    public String outputDirectory() {
        return outputDirectory;
    }

    public void setOutputDirectory(String dir) {
        this.outputDirectory = dir == null ? "" : dir;
    }
}
