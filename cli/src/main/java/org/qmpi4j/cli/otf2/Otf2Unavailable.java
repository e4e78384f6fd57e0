package org.qmpi4j.cli.otf2;

import org.qmpi4j.api.Nullable;

/** OTF2's C library cannot be loaded; the message says what to install. */
public final class Otf2Unavailable extends Exception {
    private static final long serialVersionUID = 1L;

    Otf2Unavailable(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
