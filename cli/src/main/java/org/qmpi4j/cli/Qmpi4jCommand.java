package org.qmpi4j.cli;

import java.io.PrintWriter;
import org.qmpi4j.formats.files.DamagedFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code qmpi4j}: works on the results directory the bundled tools leave behind.
 * <pre>
 * qmpi4j run [--tools A,B] [--toolpath P] [--output DIR] -- &lt;command&gt;
 *                      run an MPI job with the agent attached to every rank
 * qmpi4j report &lt;dir&gt;   render report.txt, report.html, matrix.html and matrix.svg again from profile.json
 * qmpi4j merge &lt;dir&gt;    rebuild profile.json, the renderings and trace.json (trace.pftrace when large) from the per-rank
 *                      files of a job that ended before gathering
 * qmpi4j trace [--ranks 0-15] [--from 10s] [--to 12s] &lt;dir&gt;
 *                      a trace of chosen ranks and a time window from the per-rank shards (Perfetto)
 * qmpi4j mpit list      print the agent's MPI_T variables and categories (no MPI job needed)
 * </pre>
 * Exit codes: 0 done; 2 bad input (missing or corrupt directory, usage), with one line on stderr
 * saying what; 1 an unexpected failure.
 */
@Command(
        name = "qmpi4j",
        mixinStandardHelpOptions = true,
        versionProvider = Qmpi4jCommand.Version.class,
        description = "Runs MPI jobs under the qmpi4j agent, works on the results directory of its bundled tools"
                + " (profiler, tracer), and lists the agent's MPI_T variables.",
        subcommands = {
            RunCommand.class,
            ReportCommand.class,
            MergeCommand.class,
            TraceCommand.class,
            ExportCommand.class,
            DiffCommand.class,
            CompareCommand.class,
            MpitCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Qmpi4jCommand implements Runnable {
    static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "name a command: run, report, merge, trace or mpit");
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = execute(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the command line; returns the exit code. */
    static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Qmpi4jCommand());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof UserError) {
                err.println("qmpi4j: " + DamagedFileException.oneLine(String.valueOf(e.getMessage())));
                return BAD_INPUT;
            }
            err.println("qmpi4j: unexpected failure: " + e);
            return 1;
        });
        return cl.execute(args);
    }

    /** The version from the jar's manifest (the Maven project version). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"qmpi4j " + versionText()};
        }
    }

    /** This qmpi4j's version, from its jar's manifest. */
    static String versionText() {
        String v = Qmpi4jCommand.class.getPackage().getImplementationVersion();
        return v == null ? "(development build)" : v;
    }
}
