package org.qmpi4j.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks that a results directory is there before a command reads it. */
final class ResultsDir {
    private ResultsDir() {}

    static Path require(Path dir) throws UserError {
        if (!Files.exists(dir)) {
            throw new UserError(dir + ": no such directory");
        }
        if (!Files.isDirectory(dir)) {
            throw new UserError(dir
                    + ": not a directory (give the results directory the tools wrote, e.g. qmpi4j-20250101-120000)");
        }
        return dir.toAbsolutePath().normalize();
    }
}
