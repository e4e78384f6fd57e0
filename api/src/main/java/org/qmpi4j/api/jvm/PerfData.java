package org.qmpi4j.api.jvm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.jvm.PerfDataEntries;

/**
 * The counters HotSpot keeps in its shared-memory file {@code /tmp/hsperfdata_<user>/<pid>} (the
 * ones {@code jcmd PerfCounter.print} lists), read from the file, which the JVM maps and updates
 * in place. Reading it costs a few milliseconds of CPU the first time (no management beans, no
 * lambdas) and nothing until then; a JVM started with {@code -XX:-UsePerfData} or
 * {@code -XX:+PerfDisableSharedMem} has no such file, and then there is nothing to read.
 */
final class PerfData {
    private final Map<String, Long> longs;
    private final Map<String, String> strings;

    private PerfData(Map<String, Long> longs, Map<String, String> strings) {
        this.longs = longs;
        this.strings = strings;
    }

    /** The counters whose names start with one of {@code prefixes}, or {@code null} if there is no readable file. */
    static @Nullable PerfData read(String... prefixes) {
        try {
            // /proc/self rather than ProcessHandle: its first use starts the JDK's lambda machinery.
            String pid = Files.readSymbolicLink(Path.of("/proc/self")).toString();
            Path file = Path.of("/tmp", "hsperfdata_" + System.getProperty("user.name"), pid);
            return parse(ByteBuffer.wrap(Files.readAllBytes(file)), prefixes);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The counters of a counters file's bytes ({@link PerfDataEntries}); {@code null} if it is not one. */
    static @Nullable PerfData parse(ByteBuffer b, String... prefixes) {
        PerfDataEntries e = PerfDataEntries.of(b);
        if (e == null) {
            return null;
        }
        Map<String, Long> longs = new HashMap<>();
        Map<String, String> strings = new HashMap<>();
        while (e.next()) {
            String name = e.name();
            if (wanted(name, prefixes)) {
                String s = e.string();
                if (e.isLong()) {
                    longs.put(name, b.getLong(e.data()));
                } else if (s != null) {
                    strings.put(name, s);
                }
            }
        }
        return new PerfData(longs, strings);
    }

    private static boolean wanted(String name, String[] prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** The counter's value, or {@code missing} if the JVM does not keep it. */
    long get(String name, long missing) {
        Long v = longs.get(name);
        return v == null ? missing : v;
    }

    @Nullable
    String string(String name) {
        return strings.get(name);
    }
}
