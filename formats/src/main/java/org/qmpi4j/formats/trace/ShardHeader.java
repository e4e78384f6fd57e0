package org.qmpi4j.formats.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.qmpi4j.formats.files.DamagedFileException;
import org.qmpi4j.formats.files.ResultFiles;

/**
 * The first line of a trace shard ({@link TraceFormat}): {@code qmpi4j-trace <version> <rank>
 * <size> <binding>}, checked before anything is sized by it: a supported version, the rank the
 * file's name says, and a job size of at least one more rank than that and at most
 * {@link ResultFiles#MAX_RANKS}.
 */
public final class ShardHeader {
    /** A header line is short; a longer first line is not one (and is not read whole). */
    static final int MAX_LENGTH = 4096;

    public final int version;
    public final int rank;
    public final int size;
    public final String binding;
    /** The rank's host, or empty where the shard does not name one (written before hosts were). */
    public final String host;

    private ShardHeader(int version, int rank, int size, String binding, String host) {
        this.version = version;
        this.rank = rank;
        this.size = size;
        this.binding = binding;
        this.host = host;
    }

    /** The shard file's name as messages give it, {@code ranks/rank-<r>.trace}. */
    static String label(int rank) {
        return ResultFiles.RANKS_DIR + "/"
                + ResultFiles.rankTrace(Path.of(""), rank).getFileName();
    }

    /**
     * Parses the header of rank {@code rank}'s shard.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    static ShardHeader parse(String line, int rank) {
        String[] h = line.split(" ", 6);
        if (h.length < 5 || !h[0].equals(TraceFormat.MAGIC)) {
            throw new IllegalArgumentException(
                    "not a qmpi4j trace (first line \"" + ShardParser.abbreviate(line) + "\")");
        }
        int version;
        switch (h[1]) {
            case "1":
            case "2":
            case "3":
            case "4":
            case "5":
            case "6":
                version = Integer.parseInt(h[1]);
                break;
            default:
                throw new IllegalArgumentException("trace format version " + ShardParser.abbreviate(h[1])
                        + " is not supported (1 to " + TraceFormat.VERSION + ")");
        }
        if (!h[2].equals(Integer.toString(rank))) {
            throw new IllegalArgumentException(
                    "the file says it is rank " + ShardParser.abbreviate(h[2]) + "'s trace, not rank " + rank + "'s");
        }
        int size = ranks(h[3]);
        if (size <= rank) {
            throw new IllegalArgumentException("rank " + rank + " in a job of " + size + " ranks");
        }
        if (h[4].isEmpty()) {
            throw new IllegalArgumentException("no binding named");
        }
        return new ShardHeader(version, rank, size, h[4], h.length > 5 ? h[5] : "");
    }

    private static int ranks(String field) {
        long n = -1;
        if (!field.isEmpty() && field.length() <= 10 && field.chars().allMatch(c -> c >= '0' && c <= '9')) {
            n = Long.parseLong(field);
        }
        if (n < 1 || n > ResultFiles.MAX_RANKS) {
            throw new IllegalArgumentException("job size \"" + ShardParser.abbreviate(field)
                    + "\" is not a number of ranks from 1 to " + ResultFiles.MAX_RANKS);
        }
        return (int) n;
    }

    /** Reads and checks the header of rank {@code rank}'s shard {@code file}. */
    public static ShardHeader read(Path file, int rank) throws IOException {
        byte[] first = new byte[MAX_LENGTH + 1];
        int n = 0;
        try (InputStream in = Files.newInputStream(file)) {
            int r;
            while (n < first.length && (r = in.read(first, n, first.length - n)) > 0) {
                n += r;
            }
        }
        int end = 0;
        while (end < n && first[end] != '\n') {
            end++;
        }
        if (end == n && n > MAX_LENGTH) {
            throw new DamagedFileException(
                    file, "line 1", "not a qmpi4j trace (a first line of more than " + MAX_LENGTH + " bytes)");
        }
        if (end == n) {
            throw new DamagedFileException(file, "line 1", "cut short (" + n + " bytes and no end of line)");
        }
        try {
            return parse(new String(first, 0, end, StandardCharsets.ISO_8859_1), rank);
        } catch (IllegalArgumentException e) {
            throw new DamagedFileException(file, "line 1", String.valueOf(e.getMessage()));
        }
    }
}
