package org.qmpi4j.launch.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * What MPJ's {@code MulticoreStarter} runs as each rank's "main class" in jobs started by
 * {@link MpjMulticoreMain}: it runs the real main class and makes the outcome visible.
 *
 * <p>MPJ calls {@code main(rank, np, device, realMain, args...)} on the rank's thread, with the
 * rank's own class loader as context class loader. This class lives on the JVM's class path, so it
 * is shared by all ranks; the real main class is loaded through the rank's loader, as MPJ would.
 * The real main gets {@code (rank, np, device, args...)}, exactly what it would get from MPJ.
 *
 * <p>Why: stock MPJ catches a rank's exception, prints it and ends the JVM with status 0, and it
 * assigns ranks in an order unrelated to thread names. Here the rank is taken from the argument
 * MPJ's shared-memory device uses as the MPI rank ({@code SMPDeviceImpl.init} registers the thread
 * as process {@code args[0]}), a failing rank ends the whole job with status 1 right away (as
 * {@code MPI_Abort} would; the other ranks would otherwise wait for it forever), and a rank that
 * returns normally is counted so that the JVM can tell a complete job from one cut short.
 */
public final class MpjRankMain {
    /** Exit status of the JVM when a rank throws. */
    static final int RANK_FAILED = 1;

    private MpjRankMain() {}

    public static void main(String[] args) {
        int rank = Integer.parseInt(args[0]);
        RankOutput.setRank(rank);
        String[] mpjArgs = new String[args.length - 1];
        System.arraycopy(args, 0, mpjArgs, 0, 3);
        System.arraycopy(args, 4, mpjArgs, 3, args.length - 4);
        try {
            mainMethod(args[3]).invoke(null, (Object) mpjArgs);
        } catch (InvocationTargetException e) {
            fail(rank, e.getCause());
        } catch (Throwable t) {
            fail(rank, t);
        }
        RankOutput.endLine();
        MpjMulticoreMain.rankReturned(rank);
    }

    private static Method mainMethod(String className) throws ReflectiveOperationException {
        ClassLoader rankLoader = Thread.currentThread().getContextClassLoader();
        Class<?> mainClass = Class.forName(className, true, rankLoader);
        Method main = mainClass.getMethod("main", String[].class);
        if (!Modifier.isStatic(main.getModifiers()) || main.getReturnType() != void.class) {
            throw new NoSuchMethodException("public static void main(String[]) in " + className);
        }
        main.setAccessible(true); // main classes need not be public
        return main;
    }

    private static void fail(int rank, Throwable t) {
        System.err.println("qmpi4j: MPJ rank " + rank + " failed, stopping the job:");
        t.printStackTrace();
        RankOutput.endLine();
        System.exit(RANK_FAILED);
    }
}
