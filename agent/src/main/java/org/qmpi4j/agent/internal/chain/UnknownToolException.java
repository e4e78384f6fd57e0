package org.qmpi4j.agent.internal.chain;

/** The user's tool list names a tool nobody registered. */
public final class UnknownToolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnknownToolException(String message) {
        super(message);
    }
}
