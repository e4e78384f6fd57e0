package org.qmpi4j.agent;

/**
 * {@code java -jar qmpi4j-agent.jar mpit list [--verbosity LEVEL]}: prints the agent's MPI_T
 * catalogue without an MPI job; {@code java -jar qmpi4j-agent.jar tools}: the tools it finds. The
 * work is done by the agent's internals, in their own loader.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        System.exit(Internals.runCommand(args));
    }
}
