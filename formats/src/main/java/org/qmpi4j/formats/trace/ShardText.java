package org.qmpi4j.formats.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A shard as the lines of the text format ({@link TraceFormat}'s version 4 lines, the header as
 * written): what a person or a test reads of a binary shard. Holds the whole file; meant for small
 * shards. Stops at the first record it cannot frame, the place the {@link ShardParser} reports.
 */
public final class ShardText {
    private ShardText() {}

    /** The lines of {@code shard}: the header line, then one line per record. */
    public static List<String> lines(Path shard) throws IOException {
        byte[] b = Files.readAllBytes(shard);
        int header = 0;
        while (header < b.length && b[header] != '\n') {
            header++;
        }
        String first = new String(b, 0, header, StandardCharsets.ISO_8859_1);
        List<String> lines = new ArrayList<>();
        if (!first.startsWith(TraceFormat.MAGIC + " 5 ") && !first.startsWith(TraceFormat.MAGIC + " 6 ")) {
            for (String l : new String(b, StandardCharsets.ISO_8859_1).split("\n", -1)) {
                if (!l.isEmpty()) {
                    lines.add(l);
                }
            }
            return lines;
        }
        lines.add(first);
        Varints in = new Varints(b, header + 1, b.length);
        while (in.at < b.length) {
            byte tag = b[in.at++];
            if (tag == TraceFormat.TEXT_RECORD && in.at + 4 <= b.length) {
                int length = (int) in.fixed(4);
                if (length < 0 || in.at + length > b.length) {
                    break;
                }
                lines.add(new String(b, in.at, length, StandardCharsets.ISO_8859_1));
                in.at += length;
            } else if (tag == TraceFormat.EVENT_RECORD && in.at + 2 <= b.length) {
                int present = (int) in.fixed(2);
                StringBuilder sb = new StringBuilder("E ");
                sb.append(in.unsigned()).append(' ').append(in.unsigned()).append(' ');
                in.previousStart += in.signed();
                sb.append(in.previousStart).append(' ').append(in.signed());
                for (int bit = 0; bit < 14; bit++) {
                    sb.append(' ');
                    optional(sb, present, bit, in);
                }
                if (in.broken) {
                    break;
                }
                lines.add(sb.toString());
            } else if (tag == TraceFormat.COMPLETION_RECORD && in.at + 1 <= b.length) {
                int present = (int) in.fixed(1);
                StringBuilder sb = new StringBuilder("W");
                for (int bit = 0; bit < TraceFileWriter.COMPLETION_FIELDS; bit++) {
                    sb.append(' ');
                    optional(sb, present, bit, in);
                }
                if (in.broken) {
                    break;
                }
                lines.add(sb.toString());
            } else if (tag == TraceFormat.JVM_RECORD && in.at + 2 <= b.length) {
                int present = (int) in.fixed(2);
                StringBuilder sb = new StringBuilder("J");
                for (int i = 0; i < TraceFormat.JVM_FIELDS; i++) {
                    sb.append(' ').append((present & (1 << i)) != 0 ? in.unsigned() : 0);
                }
                if (in.broken) {
                    break;
                }
                lines.add(sb.toString());
            } else if (tag == TraceFormat.END_RECORD && in.at + TraceFormat.END_RECORD_BYTES - 1 <= b.length) {
                lines.add("X " + in.fixed(8) + " " + in.fixed(8));
                in.at += TraceFormat.END_MARK.length;
            } else {
                break;
            }
        }
        return lines;
    }

    private static void optional(StringBuilder sb, int present, int bit, Varints in) {
        if ((present & (1 << bit)) != 0) {
            sb.append(in.signed());
        } else {
            sb.append('-');
        }
    }

    /** Reads little-endian and varint numbers from a whole file's bytes. */
    private static final class Varints {
        private final byte[] b;
        private final int limit;
        int at;
        long previousStart;
        boolean broken;

        Varints(byte[] b, int at, int limit) {
            this.b = b;
            this.at = at;
            this.limit = limit;
        }

        long fixed(int bytes) {
            long v = 0;
            for (int i = 0; i < bytes; i++) {
                v |= (long) (b[at++] & 0xff) << (8 * i);
            }
            return v;
        }

        long unsigned() {
            long v = 0;
            for (int shift = 0; shift < 64 && at < limit; shift += 7) {
                byte x = b[at++];
                v |= (long) (x & 0x7f) << shift;
                if (x >= 0) {
                    return v;
                }
            }
            broken = true;
            return 0;
        }

        long signed() {
            long u = unsigned();
            return (u >>> 1) ^ -(u & 1);
        }
    }
}
