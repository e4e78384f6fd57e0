package org.qmpi4j.mpit.library;

import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Pattern;
import org.qmpi4j.api.Nullable;

/**
 * Finds the MPI library the binding uses, never from a path the user gives: the binding's JNI
 * library (Open MPI's {@code libmpi_java}) links against {@code libmpi}, so once the binding has
 * loaded it, the process's own memory map ({@code /proc/self/maps}) names the file. For a listing
 * outside an MPI job, {@link #loadBindingLibrary} first loads the binding's JNI library the way the
 * dynamic linker finds it for the binding ({@code System.loadLibrary} searches the same places),
 * which maps its {@code libmpi} too.
 */
public final class LibmpiLocator {
    /** {@code libmpi.so}, {@code libmpi.so.40}, ...: not {@code libmpi_java}, {@code libmpi_mpifh}. */
    private static final Pattern LIBMPI = Pattern.compile("libmpi\\.so(\\.[0-9]+)*");

    private LibmpiLocator() {}

    /** The path of the {@code libmpi} mapped into this process, or {@code null} if none is. */
    public static @Nullable String mappedLibmpi() {
        return mappedLibmpi(Paths.get("/proc/self/maps"));
    }

    static @Nullable String mappedLibmpi(Path maps) {
        List<String> lines;
        try {
            lines = Files.readAllLines(maps, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null; // no /proc (not Linux): nothing can be found this way
        }
        for (String line : lines) {
            int slash = line.indexOf('/');
            if (slash < 0) {
                continue;
            }
            String file = line.substring(slash).trim();
            String base = file.substring(file.lastIndexOf('/') + 1);
            if (LIBMPI.matcher(base).matches()) {
                return file;
            }
        }
        return null;
    }

    /**
     * For the listing command's own process only, before it loads the binding's library: UCX (which
     * Open MPI 5.0's components load during {@code MPI_T_init_thread}) installs handlers for
     * SIGSEGV and friends that print "Caught signal 11" with a backtrace whenever the JVM takes one
     * of its own, expected segmentation faults (it then passes them on, so nothing breaks but the
     * output). An empty {@code UCX_ERROR_SIGNALS} asks UCX to install none; a value the user set is
     * kept. An application's process is left as it is: there the binding loads the library.
     */
    public static void quietUcxSignalHandlers() {
        try {
            NativeLibrary.getInstance("c").getFunction("setenv").invokeInt(new Object[] {"UCX_ERROR_SIGNALS", "", 0});
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            // not glibc: the listing still works, with UCX's messages
        }
    }

    /**
     * Loads the binding's JNI library ({@code name} as {@code System.loadLibrary} takes it) without
     * running any of its code, so that its {@code libmpi} is mapped.
     *
     * @return {@code null} if loaded, else why not
     */
    public static @Nullable String loadBindingLibrary(String name) {
        try {
            NativeLibrary.getInstance(name);
            return null;
        } catch (UnsatisfiedLinkError e) {
            return "the binding's native library lib" + name + ".so was not found (" + firstLine(e.getMessage()) + ")";
        }
    }

    private static String firstLine(@Nullable String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
