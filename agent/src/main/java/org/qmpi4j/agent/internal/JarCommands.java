package org.qmpi4j.agent.internal;

import java.io.PrintStream;
import java.util.Map;
import org.qmpi4j.agent.internal.chain.ToolRegistry;
import org.qmpi4j.agent.internal.config.AgentConfig;

/**
 * The commands of {@code java -jar qmpi4j-agent.jar}, run inside the agent's own class loader:
 * <pre>
 * mpit list [--verbosity LEVEL]   the MPI_T catalogue ({@link MpitListCommand})
 * tools                           the tools this agent finds: the bundled ones and those of the
 *                                 tool path (setting toolpath: QMPI4J_TOOLPATH, -Dqmpi4j.toolpath),
 *                                 one "name<TAB>description" per line
 * </pre>
 */
public final class JarCommands {
    private JarCommands() {}

    /** @return the exit status: 0, or 2 for a usage error */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 1 && args[0].equals("tools")) {
            return listTools(out);
        }
        if (args.length >= 1 && args[0].equals("mpit")) {
            return MpitListCommand.run(args, out, err);
        }
        err.println("usage: java -jar qmpi4j-agent.jar mpit list [--verbosity USER_BASIC|...|MPIDEV_ALL]" + " | tools");
        return 2;
    }

    private static int listTools(PrintStream out) {
        ToolDiscovery.discover(AgentConfig.fromJvm(null).toolPath());
        for (Map.Entry<String, String> tool : ToolRegistry.global().available().entrySet()) {
            out.println(tool.getKey() + "\t" + tool.getValue());
        }
        return 0;
    }
}
