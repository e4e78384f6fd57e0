package org.qmpi4j.mpit.library;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.mpit.ReturnCode;

class LibmpiLocatorTest {
    @Test
    void findsLibmpiButNotItsJavaOrFortranSiblings(@TempDir Path dir) throws Exception {
        Path maps = dir.resolve("maps");
        Files.writeString(
                maps,
                "7f00-7f01 r-xp 00000000 08:01 1 /usr/lib/x86_64-linux-gnu/libmpi_java.so.40.30.0\n"
                        + "7f02-7f03 r-xp 00000000 08:01 2 /usr/lib/x86_64-linux-gnu/libmpi_mpifh.so.40\n"
                        + "7f04-7f05 r--p 00000000 00:00 0 [heap]\n"
                        + "7f06-7f07 r-xp 00000000 08:01 3 /usr/lib/x86_64-linux-gnu/libmpi.so.40.30.4\n");
        assertThat(LibmpiLocator.mappedLibmpi(maps)).isEqualTo("/usr/lib/x86_64-linux-gnu/libmpi.so.40.30.4");
    }

    @Test
    void noLibmpiMappedMeansNone(@TempDir Path dir) throws Exception {
        Path maps = dir.resolve("maps");
        Files.writeString(maps, "7f00-7f01 r-xp 00000000 08:01 1 /usr/lib/jvm/lib/server/libjvm.so\n");
        assertThat(LibmpiLocator.mappedLibmpi(maps)).isNull();
        assertThat(LibmpiLocator.mappedLibmpi(dir.resolve("missing"))).isNull();
    }

    @Test
    void libraryCodesKeepTheirMeaning() {
        assertThat(LibraryCodes.of(0)).isEqualTo(ReturnCode.SUCCESS);
        assertThat(LibraryCodes.of(65)).isEqualTo(ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP);
        assertThat(LibraryCodes.of(73)).isEqualTo(ReturnCode.MPI_T_ERR_INVALID_NAME);
        assertThat(LibraryCodes.of(13)).isEqualTo(ReturnCode.MPI_T_ERR_INVALID); // MPI_ERR_ARG
        assertThat(LibraryCodes.failure(13, "MPI_T_pvar_read", "x").getMessage())
                .contains("library code 13");
    }
}
