package org.qmpi4j.formats.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonPosition;

/**
 * Reads the text files the tools write (JSON, UTF-8), so that a damaged one is a
 * {@link DamagedFileException} naming the position of the damage, never a decoder's or a
 * reader's own exception.
 */
public final class ResultText {
    /** Reads a JSON text into what the caller makes of it. */
    @FunctionalInterface
    public interface JsonReader<T> {
        T read(String text) throws JsonFormatException;
    }

    private ResultText() {}

    /** {@code file}'s text; a byte that is not UTF-8 is reported with its offset and line. */
    public static String readUtf8(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (!r.isError()) {
            r = d.flush(out);
        }
        if (r.isError()) {
            int at = in.position();
            int line = 1;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new DamagedFileException(file, "byte " + at + " (line " + line + ")", "not UTF-8 text");
        }
        out.flip();
        return out.toString();
    }

    /**
     * Where {@code file}, which a streaming reader found not to be UTF-8, first is not: read again
     * in chunks (a large file is not held whole) to the first bad byte.
     */
    public static DamagedFileException notUtf8(Path file) throws IOException {
        CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        CharBuffer out = CharBuffer.allocate(1 << 16);
        long before = 0; // bytes decoded before in's start
        long line = 1;
        try (java.io.InputStream s = Files.newInputStream(file)) {
            boolean eof = false;
            while (true) {
                int n = eof ? -1 : s.read(in.array(), in.position(), in.remaining());
                if (n < 0) {
                    eof = true;
                } else {
                    in.position(in.position() + n);
                }
                in.flip();
                CoderResult r = d.decode(in, out, eof);
                for (int i = 0; i < in.position(); i++) {
                    if (in.get(i) == '\n') {
                        line++;
                    }
                }
                if (r.isError()) {
                    return new DamagedFileException(
                            file, "byte " + (before + in.position()) + " (line " + line + ")", "not UTF-8 text");
                }
                before += in.position();
                in.compact();
                out.clear();
                if (eof && in.position() == 0) {
                    return new DamagedFileException(file, "byte " + before, "not UTF-8 text");
                }
            }
        }
    }

    /**
     * {@code file} read as JSON by {@code reader}; a text that is not JSON, or not of the shape the
     * reader wants, is a {@link DamagedFileException} with the line and column.
     */
    public static <T> T readJson(Path file, JsonReader<T> reader) throws IOException {
        String text = readUtf8(file);
        try {
            return reader.read(text);
        } catch (JsonFormatException e) {
            throw damaged(file, text, e);
        }
    }

    /** The damage {@code e} found in {@code file}'s {@code text}, with its position. */
    public static DamagedFileException damaged(Path file, CharSequence text, JsonFormatException e) {
        String m = JsonPosition.describe(text, e);
        int comma = m.indexOf(", column ");
        int colon = m.indexOf(": ", Math.max(comma, 0));
        return colon > 0
                ? new DamagedFileException(file, m.substring(0, colon), m.substring(colon + 2))
                : new DamagedFileException(file, "line 1, column 1", m);
    }
}
