package org.qmpi4j.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.qmpi4j.api.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code qmpi4j mpit list}: the MPI_T catalogue of the agent (every control and performance
 * variable and category with its metadata), printed by the agent jar itself
 * ({@code java -jar qmpi4j-agent.jar mpit list}), so the listing is always the agent's own.
 */
@Command(
        name = "mpit",
        mixinStandardHelpOptions = true,
        description = "The agent's MPI_T variables.",
        subcommands = {MpitCommand.ListCommand.class})
final class MpitCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command: list");
    }

    /** {@code qmpi4j mpit list [--verbosity LEVEL]}. */
    @Command(
            name = "list",
            mixinStandardHelpOptions = true,
            description = "Prints every MPI_T control and"
                    + " performance variable and category of the qmpi4j agent and of the MPI library (Open MPI's own"
                    + " MPI_T, when installed), with metadata, without an MPI job."
                    + " The agent jar is QMPI4J_AGENT_JAR, or the one built next to this command.")
    static final class ListCommand implements Callable<Integer> {
        @Option(
                names = "--verbosity",
                paramLabel = "LEVEL",
                description = "show variables up to this verbosity: USER_BASIC ... MPIDEV_ALL (default all)")
        @Nullable
        String verbosity;

        @Option(
                names = "--source",
                paramLabel = "SOURCE",
                description = "whose variables: agent (the agent's and the tools'), library (the MPI library's own,"
                        + " through its C MPI_T, found from the binding's native library) or all (default: agent)")
        @Nullable
        String source;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            Path agent = AgentJar.find();
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-jar");
            cmd.add(agent.toString());
            cmd.add("mpit");
            cmd.add("list");
            if (verbosity != null) {
                cmd.add("--verbosity");
                cmd.add(verbosity);
            }
            if (source != null) {
                cmd.add("--source");
                cmd.add(source);
            }
            Process p = new ProcessBuilder(cmd).start();
            p.getOutputStream().close();
            Thread err = copy(p.getErrorStream(), System.err);
            try (InputStream in = p.getInputStream();
                    PrintWriterStream out =
                            new PrintWriterStream(spec.commandLine().getOut())) {
                in.transferTo(out);
            }
            int status = p.waitFor();
            err.join();
            spec.commandLine().getOut().flush();
            return status;
        }

        private static Thread copy(InputStream in, OutputStream out) {
            Thread t = new Thread(
                    () -> {
                        try (in) {
                            in.transferTo(out);
                            out.flush();
                        } catch (IOException ignored) {
                            // the listing's own exit status says whether it worked
                        }
                    },
                    "qmpi4j-mpit-stderr");
            t.start();
            return t;
        }
    }

    /** Copies bytes to picocli's writer (which tests capture), as UTF-8 text. */
    private static final class PrintWriterStream extends OutputStream {
        private final java.io.PrintWriter out;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

        PrintWriterStream(java.io.PrintWriter out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            line.write(b);
            if (b == '\n') {
                flush();
            }
        }

        @Override
        public void flush() {
            out.print(line.toString(java.nio.charset.StandardCharsets.UTF_8));
            line.reset();
            out.flush();
        }

        @Override
        public void close() {
            flush();
        }
    }
}
