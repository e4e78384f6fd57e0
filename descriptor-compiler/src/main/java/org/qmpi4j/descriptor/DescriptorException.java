package org.qmpi4j.descriptor;

/**
 * A binding descriptor or the descriptor index is malformed. The message starts with
 * {@code resource:line:} like a compiler diagnostic and quotes the offending line, so that the
 * agent's build names where to look.
 */
public final class DescriptorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String resource;
    private final int line;
    private final String detail;

    DescriptorException(String resource, int line, String detail) {
        super(resource + ":" + line + ": " + detail);
        this.resource = resource;
        this.line = line;
        this.detail = detail;
    }

    /** The resource (descriptor or index) that is malformed. */
    public String resource() {
        return resource;
    }

    /** 1-based line number, or 0 when the problem is the file as a whole (a missing line). */
    public int line() {
        return line;
    }

    /** The message without {@code resource:line:}, for a diagnostic that names the source file instead. */
    public String detail() {
        return detail;
    }
}
