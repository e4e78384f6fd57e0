package org.qmpi4j.formats.profile;

import java.util.Comparator;
import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * A call site of one MPI function: the function and where the application wrote the call (class,
 * method, source file, line), as the agent reports it. Two calls are at the same site when all
 * five agree, on whatever rank.
 */
public final class SiteKey implements Comparable<SiteKey> {
    /**
     * By class, method, file (none first), line, function. A named comparator: one built from
     * {@code Comparator.comparing} chains spins a class per lambda at a short job's first use.
     */
    private static final Comparator<SiteKey> ORDER = new Comparator<SiteKey>() {
        @Override
        public int compare(SiteKey a, SiteKey b) {
            int c = a.className.compareTo(b.className);
            if (c == 0) {
                c = a.methodName.compareTo(b.methodName);
            }
            if (c == 0) {
                c = (a.fileName == null ? "" : a.fileName).compareTo(b.fileName == null ? "" : b.fileName);
            }
            if (c == 0) {
                c = Integer.compare(a.line, b.line);
            }
            return c != 0 ? c : a.function.compareTo(b.function);
        }
    };

    private final String function;
    private final String className;
    private final String methodName;
    private final @Nullable String fileName;
    private final int line;

    /**
     * @param fileName source file or {@code null} when the class has none
     * @param line     source line or {@code -1} when unknown
     */
    public SiteKey(String function, String className, String methodName, @Nullable String fileName, int line) {
        this.function = Objects.requireNonNull(function, "function");
        this.className = Objects.requireNonNull(className, "className");
        this.methodName = Objects.requireNonNull(methodName, "methodName");
        this.fileName = fileName;
        this.line = line;
    }

    public String function() {
        return function;
    }

    public String className() {
        return className;
    }

    public String methodName() {
        return methodName;
    }

    public @Nullable String fileName() {

        return fileName;
    }

    public int line() {
        return line;
    }

    /** {@code org.example.Ring.main(Ring.java:42)}, as in a stack trace. */
    public String where() {
        return className + "." + methodName + "(" + (fileName == null ? "Unknown Source" : fileName)
                + (line >= 0 ? ":" + line : "") + ")";
    }

    @Override
    public int compareTo(SiteKey o) {
        return ORDER.compare(this, o);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SiteKey)) {
            return false;
        }
        SiteKey k = (SiteKey) o;
        return line == k.line
                && function.equals(k.function)
                && className.equals(k.className)
                && methodName.equals(k.methodName)
                && Objects.equals(fileName, k.fileName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(function, className, methodName, fileName, line);
    }

    @Override
    public String toString() {
        return function + " at " + where();
    }
}
