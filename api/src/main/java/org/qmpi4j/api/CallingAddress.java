package org.qmpi4j.api;

import java.util.Objects;

/**
 * Where in the application an MPI call was written: class, method, source file and line. Known
 * when the agent rewrote the call site, so obtaining it costs nothing at run time (no stack walk).
 * One instance per call site: tools may use it as a map key (identity or {@link #equals}).
 */
public final class CallingAddress {
    private final String className;
    private final String methodName;
    private final @Nullable String fileName;
    private final int line;

    /**
     * @param className  binary name of the class, e.g. {@code org.example.Ring}
     * @param methodName name of the method that contains the call, e.g. {@code main}
     * @param fileName   source file from the class's debug information, or {@code null} if unknown
     * @param line       source line, or {@code -1} if the class has no line numbers
     */
    public CallingAddress(String className, String methodName, @Nullable String fileName, int line) {
        this.className = Objects.requireNonNull(className, "className");
        this.methodName = Objects.requireNonNull(methodName, "methodName");
        this.fileName = fileName;
        this.line = line;
    }

    public String className() {
        return className;
    }

    public String methodName() {
        return methodName;
    }
    /** Source file name, or {@code null} when the class was compiled without it. */
    public @Nullable String fileName() {
        return fileName;
    }
    /** Source line, or {@code -1} when the class was compiled without line numbers. */
    public int line() {
        return line;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CallingAddress)) {
            return false;
        }
        CallingAddress a = (CallingAddress) o;
        return line == a.line
                && className.equals(a.className)
                && methodName.equals(a.methodName)
                && Objects.equals(fileName, a.fileName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(className, methodName, fileName, line);
    }

    /** Like a stack trace element: {@code org.example.Ring.main(Ring.java:42)}. */
    @Override
    public String toString() {
        return className + "." + methodName + "(" + (fileName == null ? "Unknown Source" : fileName)
                + (line >= 0 ? ":" + line : "") + ")";
    }
}
