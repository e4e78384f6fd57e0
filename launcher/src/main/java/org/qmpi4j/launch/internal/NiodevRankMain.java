package org.qmpi4j.launch.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

/**
 * Entry point of one rank's JVM in an MPJ niodev job: {@code NiodevRankMain <Main> <rank> <conf>
 * niodev [args]} runs {@code Main.main(<rank>, <conf>, niodev, args...)} and, when that throws, ends
 * the JVM with status 1.
 *
 * <p>Why: once {@code MPI.Init} has run, niodev keeps a non-daemon selector thread alive, so a rank
 * whose main method throws would print the exception and then never exit; its peers would wait for
 * it until the time limit. Here it ends at once, as a Java program whose main throws normally does.
 * A main that returns is left alone (the JVM ends as it would without this class).
 */
public final class NiodevRankMain {
    /**
     * System property naming the application's main class, set by this class and
     * {@link MpjMulticoreMain}: the JVM's own record of its main class ({@code sun.java.command})
     * names the wrapper, and the bundled tools' reports would show the wrapper as the application.
     * The tools read it by this name (their {@code ProcessFacts}).
     */
    public static final String MAIN_CLASS_PROPERTY = "qmpi4j.main-class";

    /** Exit status of a rank whose main method threw, as for any Java program. */
    static final int RANK_FAILED = 1;

    private NiodevRankMain() {}

    public static void main(String[] args) {
        if (args.length < 4) {
            System.err.println("usage: NiodevRankMain <Main> <rank> <conf> niodev [args]");
            System.exit(2);
        }
        System.setProperty(MAIN_CLASS_PROPERTY, args[0]);
        String[] mpjArgs = Arrays.copyOfRange(args, 1, args.length);
        try {
            mainMethod(args[0]).invoke(null, (Object) mpjArgs);
        } catch (InvocationTargetException e) {
            fail(e.getCause());
        } catch (Throwable t) {
            fail(t);
        }
    }

    private static Method mainMethod(String className) throws ReflectiveOperationException {
        Class<?> mainClass = Class.forName(className, true, ClassLoader.getSystemClassLoader());
        Method main = mainClass.getMethod("main", String[].class);
        if (!Modifier.isStatic(main.getModifiers()) || main.getReturnType() != void.class) {
            throw new NoSuchMethodException("public static void main(String[]) in " + className);
        }
        main.setAccessible(true); // main classes need not be public
        return main;
    }

    private static void fail(Throwable t) {
        // The JVM's own wording for an uncaught exception in main.
        System.err.print("Exception in thread \"" + Thread.currentThread().getName() + "\" ");
        t.printStackTrace();
        System.err.flush();
        System.exit(RANK_FAILED);
    }
}
