package org.qmpi4j.agent.internal.jit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.qmpi4j.agent.internal.chain.MpiProcess;
import org.qmpi4j.agent.internal.config.AgentConfig;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;

/**
 * Asks HotSpot to inline the agent's call path into the application's call sites, with a compiler
 * directive added at run time ({@code Compiler.directives_add}, the same as {@code jcmd}), then
 * relinks the sites so that code compiled before is compiled again.
 *
 * <p>Why: C2 inlines a method into a caller only if the method's own compiled code is under 2500
 * bytes ({@code InlineSmallCode}) and the call is at most 15 levels deep ({@code MaxInlineLevel}).
 * The path from an application's {@code send} through one tool to MPI is over both limits,
 * method-handle adapters included; the parts that get hot first are compiled on their own, and the
 * call site then calls them. The call's context and its argument array are then passed to a real
 * call, so escape analysis cannot remove them and every call allocates both. With the agent's
 * classes inlined by directive the whole chain is compiled into the call site and neither is
 * allocated (BENCHMARKS.md, "Per-call cost (JMH)", has the figures).
 *
 * <p>The directive only concerns the agent's call-path classes ({@code ...internal.chain}) and the
 * bundled tools' ({@code org.qmpi4j.tools}); it changes no other inlining decision. It needs {@code java.management}, whose platform MBean server
 * takes a burst of CPU to start, so it is added in a background thread a while after
 * {@code MPI_Init} ({@link AgentConfig#JIT_INLINE}, 10 s): short jobs never pay for it, and a job's first seconds
 * (its start-up and the clock measurements of the tracer at {@code MPI_Init}) are not disturbed. Anything that goes wrong is
 * reported once with {@code verbose}; the call path works the same without it, only slower.
 */
public final class InlineDirective {
    /**
     * The first pattern that matches wins. A bundled tool's method whose name ends in
     * {@code OutOfLine} is not forced inline: a tool keeps the large part of its per-call work
     * there (the tracer's writer of a call's record), so that with other tools beside it the
     * inlined path stays within what C2's escape analysis follows and the call object is not
     * allocated.
     */
    static final String DIRECTIVE = "[{ match: \"*.*\", inline: [\"-org/qmpi4j/tools/*.*OutOfLine\","
            + " \"+org/qmpi4j/agent/internal/chain/*.*\", \"+org/qmpi4j/tools/*.*\"] }]";

    /**
     * The processes whose sites are relinked once the directive is added: every process of the JVM
     * that asked (MPJ Express' multicore mode runs all ranks in one JVM), since the directive is
     * the JVM's. One thread for all; {@code null} once the directive has been added.
     */
    private static @Nullable List<MpiProcess> waiting = new ArrayList<>();

    private static boolean started;

    private InlineDirective() {}

    /** The delay in milliseconds that {@code text} asks for, or -1 for off (with a warning if unreadable). */
    public static long delayMillis(@Nullable String text) {
        String t = text == null
                ? AgentConfig.JIT_INLINE.defaultText()
                : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("off") || t.equals("false") || t.equals("no")) {
            return -1;
        }
        try {
            double seconds = Double.parseDouble(t);
            if (seconds >= 0 && !Double.isInfinite(seconds)) {
                return Math.round(seconds * 1000);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        Log.agent()
                .once(
                        "jit-inline",
                        "setting jit-inline=" + text + " is neither a number of seconds nor off; using "
                                + AgentConfig.JIT_INLINE.defaultText());
        return 10_000;
    }

    /**
     * Schedules the directive (once per JVM) and the relinking of {@code process}'s sites after it,
     * unless switched off. A process that asks after the directive was added needs nothing: its
     * code is compiled under the directive.
     */
    public static synchronized void schedule(MpiProcess process, @Nullable String setting) {
        long delay = delayMillis(setting);
        List<MpiProcess> w = waiting;
        if (delay < 0 || w == null) {
            return;
        }
        w.add(process);
        if (!started) {
            started = true;
            Thread t = new Thread(new Apply(delay), "qmpi4j-jit-inline");
            t.setDaemon(true);
            t.start();
        }
    }

    private static synchronized boolean anyRunning() {
        List<MpiProcess> w = waiting;
        if (w == null) {
            return false; // taken: the directive was added
        }
        for (MpiProcess p : w) {
            if (!p.finalized()) {
                return true;
            }
        }
        return false;
    }

    /** The processes to relink, once; later calls of {@link #schedule} then do nothing. */
    private static synchronized @Nullable List<MpiProcess> takeWaiting() {
        List<MpiProcess> w = waiting;
        waiting = null;
        return w;
    }

    /** The background step: wait, add the directive, relink. A named class: no lambda on the start path. */
    private static final class Apply implements Runnable {
        private final long delay;

        Apply(long delay) {
            this.delay = delay;
        }

        @Override
        public void run() {
            try {
                if (delay > 0) {
                    Thread.sleep(delay);
                }
                if (!anyRunning()) {
                    return; // MPI is over everywhere: nothing left to compile for
                }
                String result = add();
                Log.agent().info("compiler directive for the call path: " + result.trim());
                // code compiled before the directive depends on the sites' targets: setting them
                // again has it compiled anew, with the chain inlined
                List<MpiProcess> taken = takeWaiting();
                for (MpiProcess process : taken == null ? List.<MpiProcess>of() : taken) {
                    if (!process.finalized()) {
                        process.recompileSites();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Throwable t) {
                Log.agent().fault("jit-inline", "the call path's compiler directive could not be added", t);
            }
        }
    }

    /** Adds the directive through the JVM's diagnostic command MBean; returns what the JVM answered. */
    public static String add() throws Exception {
        Path file = Files.createTempFile("qmpi4j-inline", ".json");
        try {
            Files.write(file, DIRECTIVE.getBytes(StandardCharsets.UTF_8));
            javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
            Object answer = server.invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "compilerDirectivesAdd",
                    new Object[] {new String[] {file.toString()}},
                    new String[] {String[].class.getName()});
            return String.valueOf(answer);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }
}
