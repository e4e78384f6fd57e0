package org.qmpi4j.api.internal.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PerfDataEntriesTest {
    @Test
    @DisplayName("A counters file of two entries, a long and a string, then one the JVM is still writing: both read, "
            + "the third left out")
    void walksEntries() {
        ByteBuffer file = ByteBuffer.allocate(256); // big-endian, as a file is read at first
        file.putInt(0, 0xcafec0c0); // the magic, in the same order on every machine
        file.put(4, (byte) 1); // the rest little endian
        file.order(ByteOrder.LITTLE_ENDIAN);
        file.putInt(24, 32); // first entry
        file.putInt(28, 3); // entries
        int second = entry(file, 32, "sun.rt.safepointTime", 'J', 0, longBytes(1234));
        int third = entry(file, second, "sun.gc.collector.0.name", 'B', 6, "pauses".getBytes(StandardCharsets.UTF_8));
        file.putInt(third, 10_000); // a length past the file's end: still being written
        file.order(ByteOrder.BIG_ENDIAN);

        PerfDataEntries e = java.util.Objects.requireNonNull(PerfDataEntries.of(file));
        Map<String, Object> read = new HashMap<>();
        while (e.next()) {
            read.put(e.name(), e.isLong() ? (Object) file.getLong(e.data()) : e.string());
        }
        assertThat(read)
                .containsEntry("sun.rt.safepointTime", 1234L)
                .containsEntry("sun.gc.collector.0.name", "pauses");
        assertThat(read).hasSize(2);
    }

    @Test
    @DisplayName("Not a counters file: no walk")
    void notAFile() {
        assertThat(PerfDataEntries.of(ByteBuffer.allocate(64))).isNull();
        assertThat(PerfDataEntries.of(ByteBuffer.allocate(8))).isNull();
    }

    private static byte[] longBytes(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    /** Writes one entry at {@code at} (name, then data, 8-aligned) and returns where the next begins. */
    private static int entry(ByteBuffer f, int at, String name, char type, int vector, byte[] data) {
        byte[] n = (name + "\0").getBytes(StandardCharsets.UTF_8);
        int nameAt = 20;
        int dataAt = (nameAt + n.length + 7) & ~7;
        int length = (dataAt + data.length + 7) & ~7;
        f.putInt(at, length);
        f.putInt(at + 4, nameAt);
        f.putInt(at + 8, vector);
        f.put(at + 12, (byte) type);
        f.putInt(at + 16, dataAt);
        put(f, at + nameAt, n);
        put(f, at + dataAt, data);
        return at + length;
    }

    private static void put(ByteBuffer f, int at, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            f.put(at + i, bytes[i]);
        }
    }
}
