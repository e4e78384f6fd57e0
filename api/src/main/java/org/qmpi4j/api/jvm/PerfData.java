package org.qmpi4j.api.jvm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.qmpi4j.api.Nullable;

/**
 * The counters HotSpot keeps in its shared-memory file {@code /tmp/hsperfdata_<user>/<pid>} (the
 * ones {@code jcmd PerfCounter.print} lists), read from the file, which the JVM maps and updates
 * in place. Reading it costs a few milliseconds of CPU the first time (no management beans, no
 * lambdas) and nothing until then; a JVM started with {@code -XX:-UsePerfData} or
 * {@code -XX:+PerfDisableSharedMem} has no such file, and then there is nothing to read.
 */
final class PerfData {
    private static final int MAGIC = 0xcafec0c0;

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

    /** Parses the file's layout (prologue, then entries); {@code null} if it is not one. */
    static @Nullable PerfData parse(ByteBuffer b, String... prefixes) {
        if (b.limit() < 32 || b.getInt(0) != MAGIC) {
            return null;
        }
        b.order(b.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        int offset = b.getInt(24);
        int entries = b.getInt(28);
        Map<String, Long> longs = new HashMap<>();
        Map<String, String> strings = new HashMap<>();
        for (int i = 0; i < entries && offset + 20 <= b.limit(); i++) {
            int length = b.getInt(offset);
            if (length <= 0 || offset + length > b.limit()) {
                break; // an entry the JVM is still writing
            }
            String name = cString(b, offset + b.getInt(offset + 4), offset + length);
            if (name != null && wanted(name, prefixes)) {
                int vector = b.getInt(offset + 8);
                byte type = b.get(offset + 12);
                int data = offset + b.getInt(offset + 16);
                if (type == 'J' && vector == 0 && data + 8 <= offset + length) {
                    longs.put(name, b.getLong(data));
                } else if (type == 'B' && vector > 0) {
                    String s = cString(b, data, Math.min(data + vector, offset + length));
                    if (s != null) {
                        strings.put(name, s);
                    }
                }
            }
            offset += length;
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

    private static @Nullable String cString(ByteBuffer b, int from, int limit) {
        if (from < 0 || from >= limit) {
            return null;
        }
        int end = from;
        while (end < limit && b.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - from];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = b.get(from + i);
        }
        return new String(bytes, StandardCharsets.UTF_8);
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
