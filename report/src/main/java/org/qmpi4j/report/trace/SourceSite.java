package org.qmpi4j.report.trace;

import java.util.Objects;

/**
 * Where in the application an MPI call was made: the calling class, method, source file and line
 * (a line of 0 or less: not known). A trace shows it as the call's source location.
 */
public final class SourceSite {
    private final String className;
    private final String method;
    private final String file;
    private final int line;

    public SourceSite(String className, String method, String file, int line) {
        this.className = Objects.requireNonNull(className);
        this.method = Objects.requireNonNull(method);
        this.file = Objects.requireNonNull(file);
        this.line = line;
    }

    public String className() {
        return className;
    }

    public String method() {
        return method;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    /** {@code Class.method}, the function a trace names. */
    public String function() {
        return className + "." + method;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SourceSite)) {
            return false;
        }
        SourceSite s = (SourceSite) o;
        return line == s.line && className.equals(s.className) && method.equals(s.method) && file.equals(s.file);
    }

    @Override
    public int hashCode() {
        return Objects.hash(className, method, file, line);
    }

    @Override
    public String toString() {
        return function() + "(" + file + ":" + line + ")";
    }
}
