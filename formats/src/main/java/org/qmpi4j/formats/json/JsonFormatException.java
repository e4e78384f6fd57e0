package org.qmpi4j.formats.json;

/**
 * A JSON document that cannot be parsed, or that does not have the shape a reader expects. The
 * message says where ({@code line 3, column 14} or a path such as {@code functions[2].calls}).
 */
public final class JsonFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public JsonFormatException(String message) {
        super(message);
    }
}
