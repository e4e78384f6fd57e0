package org.qmpi4j.cli.otf2;

/** OTF2's C library cannot be loaded; the message says what to install. */
public final class Otf2Unavailable extends Exception {
    private static final long serialVersionUID = 1L;

    Otf2Unavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
