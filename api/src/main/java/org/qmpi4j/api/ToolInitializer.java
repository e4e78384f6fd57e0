package org.qmpi4j.api;

/**
 * A tool's initialisation callback (QMPI's {@code MPI_Tool_init_function}). Called once per instance
 * of the tool that the user listed, when the application initialises MPI, before MPI's own
 * initialisation runs. In it the tool registers its storage ({@link Qmpi#registerToolStorage}) and
 * a handler per function it intercepts ({@link Qmpi#registerToolFunction}).
 */
@FunctionalInterface
public interface ToolInitializer {
    /**
     * @param toolId a fresh id for this instance; ids are unique in the JVM but need not be
     *               consecutive or increasing
     * @throws Exception a failure is reported with the tool's name and the instance is left out
     *                   of the chain; the application continues
     */
    void initialize(int toolId) throws Exception;
}
