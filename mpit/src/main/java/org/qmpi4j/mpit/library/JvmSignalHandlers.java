package org.qmpi4j.mpit.library;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * The JVM's handlers of the signals it raises on purpose, kept across a call into the MPI library
 * that may load other libraries.
 *
 * <p>HotSpot takes SIGSEGV (and SIGBUS, SIGILL, SIGFPE) in normal operation: an implicit null check
 * in compiled code faults at a small address and the JVM turns the fault into a
 * {@code NullPointerException} or a deoptimisation. Open MPI's {@code MPI_T_init_thread} registers
 * every framework's parameters, which opens every component, among them those linked to UCX; UCX's
 * {@code libucs} installs its own handlers for those signals as it loads, without chaining to the
 * JVM's. The next implicit null check in any Java thread then reaches UCX, which prints "Caught
 * signal 11" and a backtrace on the rank's stderr, puts the previous handler back and returns or
 * re-raises the signal; re-raised, it reaches the JVM as a signal sent by {@code kill}, which the
 * JVM cannot take for a null check, so the JVM dies (SIGABRT, an {@code hs_err} file naming the
 * compiled frame). So the agent puts the JVM's handlers back as soon as such a call returns.
 *
 * <p>Read and written through the C library's own {@code sigaction} (looked up in {@code libc}, not
 * in the process's global scope, where UCX exports a {@code sigaction} that refuses to change these
 * signals). The {@code struct sigaction} is copied as bytes: the agent never needs its fields, only
 * whether the handler changed, and the C library reads no more than its own size.
 */
final class JvmSignalHandlers {
    /** SIGILL, SIGFPE, SIGBUS, SIGSEGV on Linux (x86-64 and AArch64 share these numbers). */
    private static final int[] SIGNALS = {4, 8, 7, 11};

    private static final String[] NAMES = {"SIGILL", "SIGFPE", "SIGBUS", "SIGSEGV"};
    /** Larger than glibc's {@code struct sigaction} (152 bytes on 64-bit Linux). */
    private static final int ACTION_BYTES = 256;

    private final Function sigaction;
    private final Memory[] saved = new Memory[SIGNALS.length];

    private JvmSignalHandlers(Function sigaction) {
        this.sigaction = sigaction;
        for (int i = 0; i < SIGNALS.length; i++) {
            saved[i] = current(SIGNALS[i]);
        }
    }

    /** The handlers in place now, or {@code null} where the C library cannot be asked (not Linux). */
    static @Nullable JvmSignalHandlers save() {
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            return null;
        }
        try {
            return new JvmSignalHandlers(NativeLibrary.getInstance("c").getFunction("sigaction"));
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return null;
        }
    }

    /**
     * Puts back every saved handler that something replaced since {@link #save}.
     *
     * @return the names of the signals whose handlers were put back (empty if none changed)
     */
    List<String> restoreChanged() {
        List<String> restored = new ArrayList<>(0);
        for (int i = 0; i < SIGNALS.length; i++) {
            Memory now = current(SIGNALS[i]);
            if (handler(now) != handler(saved[i])
                    && sigaction.invokeInt(new Object[] {SIGNALS[i], saved[i], null}) == 0) {
                restored.add(NAMES[i]);
            }
        }
        return restored;
    }

    private Memory current(int signal) {
        Memory action = new Memory(ACTION_BYTES);
        action.clear();
        if (sigaction.invokeInt(new Object[] {signal, null, action}) != 0) {
            throw new IllegalStateException("sigaction(" + signal + ") failed");
        }
        return action;
    }

    /** The first member of {@code struct sigaction}: the handler's address (either union member). */
    private static long handler(Memory action) {
        return Pointer.nativeValue(action.getPointer(0));
    }
}
