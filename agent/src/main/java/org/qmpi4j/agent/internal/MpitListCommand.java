package org.qmpi4j.agent.internal;

import java.io.PrintStream;
import java.util.Locale;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.agent.internal.telemetry.MpitListing;
import org.qmpi4j.agent.internal.telemetry.ProcessTelemetry;
import org.qmpi4j.api.mpit.Verbosity;

/**
 * {@code java -jar qmpi4j-agent.jar mpit list [--verbosity LEVEL] [--source agent|library|all]}:
 * prints the MPI_T catalogue (every control and performance variable and category with its
 * metadata) without an MPI job: the agent's, and the MPI library's own when the binding's native
 * library is installed (found as the binding finds it; see BindingLibraryLink). Settings given as usual ({@code QMPI4J_TOOLS}, {@code -Dqmpi4j.output=...}) show as the
 * control variables' values.
 */
public final class MpitListCommand {
    private MpitListCommand() {}

    /** @return the exit status: 0, or 2 for a usage error */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 2 || !args[0].equals("mpit") || !args[1].equals("list")) {
            err.println("usage: java -jar qmpi4j-agent.jar mpit list [--verbosity USER_BASIC|...|MPIDEV_ALL]"
                    + " [--source agent|library|all]");
            return 2;
        }
        Verbosity max = Verbosity.MPIDEV_ALL;
        MpitListing.Source source = MpitListing.Source.AGENT;
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--verbosity") && i + 1 < args.length) {
                try {
                    max = Verbosity.valueOf(args[++i].toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    err.println("qmpi4j: unknown verbosity '" + args[i] + "'; one of "
                            + java.util.Arrays.toString(Verbosity.values()));
                    return 2;
                }
            } else if (args[i].equals("--source") && i + 1 < args.length) {
                try {
                    source = MpitListing.Source.valueOf(args[++i].toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    err.println("qmpi4j: unknown source '" + args[i] + "'; one of agent, library, all");
                    return 2;
                }
            } else {
                err.println("qmpi4j: unknown argument '" + args[i] + "'");
                return 2;
            }
        }
        AgentConfig config = AgentConfig.fromJvm(null);
        ProcessTelemetry telemetry = new ProcessTelemetry(config, ProcessTelemetry.Counters.NONE);
        if (source != MpitListing.Source.AGENT) {
            telemetry.linkLibraryForListing();
        }
        new MpitListing(telemetry.registry(), out, max, source).print("qmpi4j MPI_T catalogue");
        return 0;
    }
}
