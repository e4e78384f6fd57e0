package org.qmpi4j.cli;

/** Bad input the user can fix (a missing or corrupt directory): one line on stderr, exit code 2. */
final class UserError extends Exception {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }
}
