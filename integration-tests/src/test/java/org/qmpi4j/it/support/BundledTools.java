package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.qmpi4j.launch.MpiJob;

/**
 * Jobs under the tools shipped in the agent jar, the {@code qmpi4j} command, and the headless
 * browser that checks the matrix page renders.
 */
public final class BundledTools {
    private BundledTools() {}

    /**
     * A job of {@code mainClass} with only the agent jar (no tool path: the bundled tools must be
     * found inside it), results into {@code out} via {@code QMPI4J_OUTPUT}.
     */
    public static MpiJob.Builder job(String mainClass, int ranks, String tools, Path out) {
        return AgentJob.plain(mainClass, ranks)
                .jvmOption("-javaagent:" + ItJars.jar("qmpi4j-agent") + "=tools=" + tools + ";verbose")
                .env("QMPI4J_OUTPUT", out.toString());
    }

    /** Result of running the {@code qmpi4j} command. */
    public static final class Command {
        public final int exitCode;
        public final String stdout;
        public final String stderr;

        public Command(int exitCode, String stdout, String stderr) {
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    /** Runs {@code java -jar qmpi4j-cli.jar args...}, for at most a minute. */
    public static Command qmpi4j(String... args) throws IOException, InterruptedException {
        return qmpi4jWithin(Duration.ofMinutes(1), args);
    }

    /** Runs {@code java -jar qmpi4j-cli.jar args...}, for at most {@code limit}. */
    public static Command qmpi4jWithin(Duration limit, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-jar", ItJars.jar("qmpi4j-cli").toString()));
        cmd.addAll(List.of(args));
        return run(cmd, Map.of(), limit);
    }

    /** Runs this JDK's {@code java args...} with {@code env} added to the environment. */
    public static Command java(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(args));
        return run(cmd, env);
    }

    /** Runs {@code cmd} with {@code env} added to the environment, for at most a minute. */
    public static Command run(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        return run(cmd, env, Duration.ofMinutes(1));
    }

    /**
     * The page's DOM after Chromium loaded it and ran its scripts ({@code --dump-dom}), in a fresh
     * profile directory. Needs Debian's {@code chromium} (scripts/setup-browser.sh installs it).
     */
    public static String renderedDom(Path html) throws IOException, InterruptedException {
        Command c = chromium(html, List.of("--dump-dom"));
        assertThat(c.exitCode).as("chromium %s", c).isZero();
        return c.stdout;
    }

    /**
     * Loads {@code html} in headless Chromium with the browser's log on stderr (console messages
     * and uncaught errors appear there as {@code INFO:CONSOLE} lines) and the DOM after its scripts ran
     * on stdout.
     */
    public static Command renderedWithLog(Path html) throws IOException, InterruptedException {
        return chromium(html, List.of("--enable-logging=stderr", "--v=0", "--dump-dom"));
    }

    /** Window of {@link #renderedAt} and {@link #screenshot}: the same layout in both. */
    private static final List<String> WINDOW = List.of("--window-size=1400,1100", "--hide-scrollbars");

    /**
     * As {@link #renderedWithLog(Path)}, for {@code html#fragment} in a window of 1400×1100 pixels,
     * the same as {@link #screenshot}'s, so that positions the page records in its DOM are those of
     * the screenshot.
     */
    public static Command renderedAt(Path html, String fragment) throws IOException, InterruptedException {
        List<String> flags = new ArrayList<>(WINDOW);
        flags.addAll(List.of("--enable-logging=stderr", "--v=0", "--dump-dom"));
        return chromium(html.toUri() + fragment, flags);
    }

    /**
     * As {@link #renderedWithLog(Path)}, in a window of {@code width}×{@code height} pixels: for
     * layouts that depend on the width.
     */
    public static Command renderedInWindow(Path html, int width, int height) throws IOException, InterruptedException {
        return chromium(
                html,
                List.of(
                        "--window-size=" + width + "," + height,
                        "--hide-scrollbars",
                        "--enable-logging=stderr",
                        "--v=0",
                        "--dump-dom"));
    }

    /** A PNG screenshot of {@code html#fragment} in a window of 1400×1100 pixels. */
    public static java.awt.image.BufferedImage screenshot(Path html, String fragment, Path png)
            throws IOException, InterruptedException {
        List<String> flags = new ArrayList<>(WINDOW);
        flags.add("--screenshot=" + png.toAbsolutePath());
        Command c = chromium(html.toUri() + fragment, flags);
        assertThat(c.exitCode).as("chromium %s", c).isZero();
        return javax.imageio.ImageIO.read(png.toFile());
    }

    /** Headless Chromium with {@code flags} on {@code html}, in a fresh profile directory. */
    private static Command chromium(Path html, List<String> flags) throws IOException, InterruptedException {
        return chromium(html.toUri().toString(), flags);
    }

    private static Command chromium(String url, List<String> flags) throws IOException, InterruptedException {
        Path chromium = Path.of("/usr/bin/chromium");
        assertThat(chromium)
                .as("headless Chromium; run scripts/setup-browser.sh (scripts/test.sh does)")
                .isExecutable();
        Path profile = Files.createTempDirectory("qmpi4j-chromium");
        List<String> cmd = new ArrayList<>(List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile));
        cmd.addAll(flags);
        cmd.add(url);
        return run(cmd, Map.of(), Duration.ofMinutes(2));
    }

    /** Runs {@code cmd} with {@code env} added to the environment, for at most {@code limit}. */
    public static Command run(List<String> cmd, Map<String, String> env, Duration limit)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("qmpi4j-cmd", ".out");
        Path err = Files.createTempFile("qmpi4j-cmd", ".err");
        ProcessBuilder builder =
                new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(env);
        Process p = builder.start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + String.join(" ", cmd));
        }
        Command c = new Command(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return c;
    }
}
