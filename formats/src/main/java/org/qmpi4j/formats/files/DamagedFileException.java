package org.qmpi4j.formats.files;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A results file that is there but cannot be what it claims: cut short, overwritten, of another
 * program or another version. Its message is the one line the {@code qmpi4j} command prints: the
 * file, the position in it (line and column, or line of a trace shard, or byte of a text that is
 * not UTF-8) and what is wrong there.
 */
public final class DamagedFileException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String position;
    private final String what;

    /** {@code position}: "line 3, column 8", "line 12", "byte 4096 (line 80)". */
    public DamagedFileException(Path file, String position, String what) {
        super(file + " is corrupt: " + oneLine(position) + ": " + oneLine(what));
        this.file = file;
        this.position = position;
        this.what = what;
    }

    /** {@code s} with control characters (a damaged file's own newlines among them) as '?'. */
    public static String oneLine(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029 ? '?' : c);
        }
        return sb.toString();
    }

    public Path file() {
        return file;
    }

    /** The same damage with a file named relative to a results folder ({@code ranks/rank-3.trace}) named in it. */
    public DamagedFileException in(Path dir) {
        return file.isAbsolute() ? this : new DamagedFileException(dir.resolve(file), position, what);
    }
}
