package org.qmpi4j.agent.internal.binding;

/**
 * A binding descriptor or the descriptor index is malformed. The agent reads descriptors in
 * {@code premain}, so the message must say exactly where the problem is: it starts with
 * {@code resource:line:} like a compiler diagnostic, and quotes the offending line.
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
