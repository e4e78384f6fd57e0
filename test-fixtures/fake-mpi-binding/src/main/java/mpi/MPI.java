package mpi;

import java.util.List;
import java.util.stream.Collectors;

/** Environment and constants. {@link #wtick()} doubles as the benchmarks' routing probe. */
public final class MPI {
    public static final Intracomm COMM_WORLD = new Intracomm(0, 1);
    public static final Datatype BYTE = new Datatype(1);
    public static final Datatype INT = new Datatype(4);
    public static final Datatype LONG = new Datatype(8);
    public static final Datatype DOUBLE = new Datatype(8);
    public static final Op MAX = new Op();

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.SHOW_HIDDEN_FRAMES);
    private static volatile List<String> wtickCallers = List.of();
    private static volatile int pcontrolLevel = 1;

    private MPI() {}

    public static String[] Init(String[] args) throws MPIException {
        return args;
    }

    public static void Finalize() throws MPIException {
        // nothing to release
    }

    public static double wtime() throws MPIException {
        return System.nanoTime() / 1e9;
    }

    /**
     * Also records the classes of the frames that called it, hidden method-handle frames included:
     * they tell whether the call came straight from the caller (no agent), through an
     * {@code invokedynamic} linked to this method (agent, no tool on the way) or through the tool
     * chain. Never called in a measured loop.
     */
    public static double wtick() throws MPIException {
        wtickCallers = WALKER.walk(frames -> frames.skip(1)
                .limit(64)
                .map(StackWalker.StackFrame::getClassName)
                .collect(Collectors.toList()));
        return 1e-9;
    }

    public static void pControl(int level, Object obj) {
        pcontrolLevel = level;
    }

    /** Not an Open MPI method: the callers' classes of the last {@link #wtick()}, innermost first. */
    public static List<String> lastWtickCallers() {
        return wtickCallers;
    }

    /** Not an Open MPI method: the level of the last {@link #pControl}. */
    public static int pcontrolLevel() {
        return pcontrolLevel;
    }
}
