package org.qmpi4j.report.iterations;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Iterations;

/**
 * The setting {@code tracer.iteration}: {@code auto} (the program's {@code MPI_Pcontrol} marker if
 * it has one, else find the loop), {@code pcontrol} (the marker only), {@code off} (do not look),
 * or {@code Class:line}, the call that ends each iteration, by the class's simple or binary name
 * and the source line (every MPI call on that line).
 */
public final class BoundarySetting {
    /** The setting's default. */
    public static final String AUTO = "auto";

    public static final String OFF = "off";

    /** Iterations marked by the program's {@code MPI_Pcontrol} calls only, without the search. */
    public static final String PCONTROL = "pcontrol";

    private final String className;
    private final int line;

    private BoundarySetting(String className, int line) {
        this.className = className;
        this.line = line;
    }

    /**
     * {@code null} for {@code auto} (or empty); the boundary for {@code Class:line}. Throws for
     * {@code off} and {@code pcontrol} (ask {@link #isOff} and {@link #isPcontrol} first) and for
     * text of neither form.
     */
    public static @Nullable BoundarySetting parse(@Nullable String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty() || t.equalsIgnoreCase(AUTO)) {
            return null;
        }
        int colon = t.lastIndexOf(':');
        if (colon > 0 && colon < t.length() - 1) {
            try {
                int line = Integer.parseInt(t.substring(colon + 1));
                if (line > 0) {
                    return new BoundarySetting(t.substring(0, colon), line);
                }
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
        }
        throw new IllegalArgumentException(
                "tracer.iteration: expected auto, pcontrol, off or Class:line (e.g. Solver:42), got " + t);
    }

    /** Whether {@code text} switches the search off. */
    public static boolean isOff(@Nullable String text) {
        return text != null && text.trim().equalsIgnoreCase(OFF);
    }

    /** Whether {@code text} asks for the {@code MPI_Pcontrol} marker only. */
    public static boolean isPcontrol(@Nullable String text) {
        return text != null && text.trim().equalsIgnoreCase(PCONTROL);
    }

    /** Whether {@code site} is at the named class and line. */
    public boolean matches(Iterations.Boundary site) {
        String c = site.className();
        if (c == null || site.line() != line) {
            return false;
        }
        return c.equals(className) || c.endsWith("." + className) || c.endsWith("$" + className);
    }

    @Override
    public String toString() {
        return className + ":" + line;
    }
}
