package org.qmpi4j.formats.check;

import java.util.Objects;
import org.qmpi4j.api.Nullable;

/** Where one rank made the call a finding is about: the MPI function and the calling class, method, file and line. */
public final class FindingSite {
    private final int rank;
    private final String function;
    private final String className;
    private final String method;
    private final @Nullable String file;
    private final int line;

    /**
     * @param rank     the rank in {@code MPI_COMM_WORLD}, or -1 when not known
     * @param file     the source file, or {@code null} when the class has no debug information
     * @param line     the line, or -1 when not known
     */
    public FindingSite(int rank, String function, String className, String method, @Nullable String file, int line) {
        this.rank = rank;
        this.function = Objects.requireNonNull(function, "function");
        this.className = Objects.requireNonNull(className, "className");
        this.method = Objects.requireNonNull(method, "method");
        this.file = file;
        this.line = line;
    }

    public int rank() {
        return rank;
    }

    public String function() {
        return function;
    }

    public String className() {
        return className;
    }

    public String method() {
        return method;
    }

    /** The source file, or {@code null}. */
    public @Nullable String file() {

        return file;
    }

    public int line() {
        return line;
    }

    String key() {
        return rank + " " + function + " " + className + " " + method + " " + file + " " + line;
    }

    /** {@code rank 1 MPI_RECV org.example.App.main(App.java:12)}. */
    @Override
    public String toString() {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        return "rank " + rank + " " + function + " " + simple + "." + method + "("
                + (file == null ? "unknown source" : file) + (line >= 0 ? ":" + line : "") + ")";
    }
}
