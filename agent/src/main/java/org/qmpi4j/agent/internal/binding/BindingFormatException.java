package org.qmpi4j.agent.internal.binding;

/**
 * The descriptor index or a compiled descriptor cannot be read (a malformed descriptor text fails
 * the build instead). The message starts with {@code resource:line:} like a compiler diagnostic.
 */
public final class BindingFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String resource;
    private final int line;

    BindingFormatException(String resource, int line, String message) {
        super(resource + ":" + line + ": " + message);
        this.resource = resource;
        this.line = line;
    }

    BindingFormatException(String resource, int line, String message, Throwable cause) {
        super(resource + ":" + line + ": " + message, cause);
        this.resource = resource;
        this.line = line;
    }

    /** The resource (descriptor or index) that is malformed. */
    public String resource() {
        return resource;
    }

    /** 1-based line number, or 0 when the problem is the file as a whole (a missing line). */
    public int line() {
        return line;
    }
}
