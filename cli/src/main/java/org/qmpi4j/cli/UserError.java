package org.qmpi4j.cli;

import java.nio.file.Path;
import org.qmpi4j.formats.files.DamagedFileException;

/** Bad input the user can fix (a missing or corrupt directory): one line on stderr, exit code 2. */
final class UserError extends Exception {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }

    /** The one line of exception {@code e}, which says what was wrong with the input. */
    static UserError of(Exception e) {
        String m = e.getMessage();
        return new UserError(m != null ? m : e.toString());
    }

    /**
     * What reading results folder {@code dir} ran into: a damaged file is its own one line (file,
     * position, what); another failure to read is said of {@code what} ({@code dir/ranks}, say).
     */
    static UserError reading(Path dir, Path what, java.io.IOException e) {
        if (e instanceof DamagedFileException) {
            return of(((DamagedFileException) e).in(dir));
        }
        return new UserError(what + ": " + e.getMessage());
    }
}
