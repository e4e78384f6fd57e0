package org.qmpi4j.formats.trace;

import org.qmpi4j.api.Nullable;

/** A call site named by an {@code S} line of a version-4 shard ({@link TraceFormat}). */
public final class ShardSite {
    private final int id;
    private final String className;
    private final String method;
    private final int line;
    private final @Nullable String file;

    public ShardSite(int id, String className, String method, int line, @Nullable String file) {
        this.id = id;
        this.className = className;
        this.method = method;
        this.line = line;
        this.file = file;
    }

    /** The id E lines name it by (per shard). */
    public int id() {
        return id;
    }

    /** Binary name of the class, e.g. {@code org.example.Ring}. */
    public String className() {
        return className;
    }

    public String method() {
        return method;
    }

    /** Source line, or -1 when unknown. */
    public int line() {
        return line;
    }

    /** Source file name, or {@code null} when unknown. */
    public @Nullable String file() {
        return file;
    }

    /** Like a stack trace element: {@code org.example.Ring.main(Ring.java:42)}. */
    @Override
    public String toString() {
        return className + "." + method + "(" + (file == null ? "Unknown Source" : file) + (line >= 0 ? ":" + line : "")
                + ")";
    }
}
