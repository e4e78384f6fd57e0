package org.qmpi4j.formats.waits;

import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * Where an MPI call is in the program: class, method, source file and line, each possibly unknown
 * ({@code null}, line {@code -1}: a trace that names no call sites).
 */
public final class CallSite {
    /** A call whose place in the program is not known. */
    public static final CallSite UNKNOWN = new CallSite(null, null, null, -1);

    private final @Nullable String className;
    private final @Nullable String methodName;
    private final @Nullable String fileName;
    private final int line;
    /** Computed once: sites are parts of the wait analysis' map keys. */
    private final int hash;

    public CallSite(@Nullable String className, @Nullable String methodName, @Nullable String fileName, int line) {
        this.className = className;
        this.methodName = methodName;
        this.fileName = fileName;
        this.line = line;
        int h = className == null ? 0 : className.hashCode();
        h = h * 31 + (methodName == null ? 0 : methodName.hashCode());
        h = h * 31 + (fileName == null ? 0 : fileName.hashCode());
        this.hash = h * 31 + line;
    }

    /** The class, or {@code null}. */
    public @Nullable String className() {
        return className;
    }

    /** The method, or {@code null}. */
    public @Nullable String methodName() {
        return methodName;
    }

    /** The source file, or {@code null}. */
    public @Nullable String fileName() {

        return fileName;
    }

    /** The source line, or -1. */
    public int line() {
        return line;
    }

    public boolean known() {
        return className != null || fileName != null || line >= 0;
    }

    /** {@code File.java:28} (or the class, or {@code ?}) for reports. */
    public String shortText() {
        String where = fileName != null ? fileName : className != null ? className : "?";
        return line >= 0 ? where + ":" + line : where;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof CallSite)) {
            return false;
        }
        CallSite s = (CallSite) o;
        return hash == s.hash
                && line == s.line
                && Objects.equals(className, s.className)
                && Objects.equals(methodName, s.methodName)
                && Objects.equals(fileName, s.fileName);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return (className == null ? "?" : className) + "." + (methodName == null ? "?" : methodName) + "(" + shortText()
                + ")";
    }
}
