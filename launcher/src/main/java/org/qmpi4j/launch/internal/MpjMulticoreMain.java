package org.qmpi4j.launch.internal;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * Entry point of the JVM of an MPJ multicore job (all ranks are threads of this JVM). Takes the
 * arguments of MPJ's {@code runtime.starter.MulticoreStarter}:
 * {@code <workdir> <np> smpdev useLocalLoader <classpath> <Main> [args]}, and runs the starter with
 * {@link MpjRankMain} in front of {@code Main} in every rank.
 *
 * <p>It ends the JVM with status 0 only when all {@code np} ranks returned normally from their main
 * method, and then writes {@code ok} into the file named by the system property
 * {@value #STATUS_PROPERTY}, if set. The file lets the launcher tell a complete job from one that a
 * rank ended early with {@code System.exit(0)}, which the exit status alone cannot show. A rank that
 * throws ends the JVM with status 1 (see {@link MpjRankMain}), a rank that calls {@code System.exit}
 * with its own status.
 *
 * <p>Must be on the JVM's class path together with MPJ's starter jars, and not on the ranks' class
 * path (it holds the state all ranks share).
 */
public final class MpjMulticoreMain {
    /** System property naming the file that receives {@code ok} when every rank returned. */
    public static final String STATUS_PROPERTY = "qmpi4j.mpj.status";
    /** Content of the status file of a complete job. */
    public static final String STATUS_OK = "ok";

    private static final String STARTER = "runtime.starter.MulticoreStarter";
    private static final int INCOMPLETE = 1;

    private static final Set<Integer> RETURNED = new TreeSet<>();

    private MpjMulticoreMain() {}

    public static void main(String[] args) {
        if (args.length < 6) {
            System.err.println(
                    "usage: MpjMulticoreMain <workdir> <np> smpdev useLocalLoader <classpath> <Main> [args]");
            System.exit(2);
        }
        RankOutput.install();
        // The JVM's main class is this wrapper; the tools name the application by this property.
        System.setProperty(NiodevRankMain.MAIN_CLASS_PROPERTY, args[5]);
        int np = Integer.parseInt(args[1]);
        // MulticoreStarter's arguments with our rank wrapper as the main class; the real main class
        // becomes the wrapper's first argument.
        String[] starterArgs = new String[args.length + 1];
        System.arraycopy(args, 0, starterArgs, 0, 5);
        starterArgs[5] = MpjRankMain.class.getName();
        System.arraycopy(args, 5, starterArgs, 6, args.length - 5);
        try {
            // Reflection: MPJ is a runtime, not a compile-time, dependency of the launcher.
            Class.forName(STARTER).getMethod("main", String[].class).invoke(null, (Object) starterArgs);
        } catch (InvocationTargetException e) {
            System.err.println("qmpi4j: MPJ's MulticoreStarter failed:");
            e.getCause().printStackTrace();
        } catch (ReflectiveOperationException e) {
            System.err.println("qmpi4j: cannot run MPJ's MulticoreStarter (is starter.jar on the class path?): " + e);
        }
        // The starter has joined all rank threads (or given up); decide how the job went.
        Set<Integer> returned = returnedRanks();
        RankOutput.endAllLines();
        if (returned.size() != np) {
            System.err.println("qmpi4j: only ranks " + returned + " of " + np + " returned from main");
            System.exit(INCOMPLETE);
        }
        writeStatus();
        // Explicitly: threads a rank left running must not keep a finished job alive.
        System.exit(0);
    }

    /** Called by {@link MpjRankMain} on the rank's thread when the rank's main returned normally. */
    static void rankReturned(int rank) {
        synchronized (RETURNED) {
            RETURNED.add(rank);
        }
    }

    private static Set<Integer> returnedRanks() {
        synchronized (RETURNED) {
            return new TreeSet<>(RETURNED);
        }
    }

    private static void writeStatus() {
        String file = System.getProperty(STATUS_PROPERTY);
        if (file == null || file.isEmpty()) {
            return;
        }
        try {
            Files.write(Path.of(file), STATUS_OK.getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            System.err.println("qmpi4j: cannot write job status to " + file + ": " + e);
            System.exit(INCOMPLETE);
        }
    }
}
