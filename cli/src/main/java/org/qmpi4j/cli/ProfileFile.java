package org.qmpi4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.qmpi4j.formats.files.DamagedFileException;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.files.ResultText;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;

/** A results directory's {@code profile.json}, read for a command, with one clear line when it cannot be. */
final class ProfileFile {
    private ProfileFile() {}

    /** The profile of {@code dir} (checked by {@link ResultsDir#require}). */
    static Profile read(Path dir) throws UserError {
        Path json = dir.resolve(ResultFiles.PROFILE_JSON);
        if (!Files.isRegularFile(json)) {
            boolean perRank = Files.isDirectory(ResultFiles.ranksDir(dir));
            throw new UserError(dir + ": no " + ResultFiles.PROFILE_JSON
                    + (perRank
                            ? " (the job ended before gathering?): run 'qmpi4j merge " + dir
                                    + "' to build it from ranks/"
                            : " and no per-rank files: not a results directory of the qmpi4j profiler"));
        }
        try {
            return ResultText.readJson(json, ProfileFormat::read);
        } catch (DamagedFileException e) {
            throw UserError.of(e);
        } catch (IOException e) {
            throw new UserError(json + ": cannot read (" + e.getMessage() + ")");
        }
    }
}
