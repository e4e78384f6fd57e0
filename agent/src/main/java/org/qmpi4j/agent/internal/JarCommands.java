package org.qmpi4j.agent.internal;

import java.io.PrintStream;
import java.util.Map;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.chain.ToolRegistry;
import org.qmpi4j.agent.internal.chain.UnreachableHandlers;
import org.qmpi4j.agent.internal.config.AgentConfig;

/**
 * The commands of {@code java -jar qmpi4j-agent.jar}, run inside the agent's own class loader:
 * <pre>
 * mpit list [--verbosity LEVEL]   the MPI_T catalogue ({@link MpitListCommand})
 * tools                           the tools this agent finds: the bundled ones and those of the
 *                                 tool path (setting toolpath: QMPI4J_TOOLPATH, -Dqmpi4j.toolpath),
 *                                 one "name<TAB>description" per line; then, as
 *                                 "note: ..." lines, the control functions a binding lacks
 *                                 (a tool's handler for them never runs there)
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
        // Lines without a tab: readers of the listing take only "name<TAB>description" lines as tools.
        for (String note : UnreachableHandlers.notes(BindingCatalog.load())) {
            out.println("note: " + note);
        }
        return 0;
    }
}
