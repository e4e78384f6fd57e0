package org.qmpi4j.agent.internal.binding;

import org.qmpi4j.agent.internal.binding.DescriptorSpec.ExcludeLine;
import org.qmpi4j.agent.internal.binding.DescriptorSpec.MapLine;

/**
 * The {@code map} and {@code exclude} lines of a trusted descriptor (one the agent ships), kept as
 * offsets into its text and read one at a time when first needed. A short job calls a handful of
 * the ~300 mapped methods of a binding: reading only those (and the key of each line, to find
 * them) costs a fraction of reading every line, most of it in code the JIT has not compiled yet.
 * A line is read with the same syntax checks as a full parse; the rules across lines
 * ({@link DescriptorChecker}) are not applied here: the unit tests parse every shipped descriptor
 * in full (see {@link BindingCatalog}).
 */
final class DescriptorLines {
    private final String resource;
    private final String text;
    /** Per {@code map} line: start, end (exclusive, without {@code \r}), line number. */
    private final int[] maps;

    private final int mapCount;
    /** Per {@code exclude} line, as {@link #maps}. */
    private final int[] excludes;

    private final int excludeCount;

    DescriptorLines(String resource, String text, int[] maps, int mapCount, int[] excludes, int excludeCount) {
        this.resource = resource;
        this.text = text;
        this.maps = maps;
        this.mapCount = mapCount;
        this.excludes = excludes;
        this.excludeCount = excludeCount;
    }

    int mapCount() {
        return mapCount;
    }

    int excludeCount() {
        return excludeCount;
    }

    /**
     * {@code "owner name descriptor"} of map line {@code i} (its tokens 2 to 4), or {@code null}
     * if it has fewer tokens (reading the line then fails). Cut with {@code indexOf} when the
     * tokens are separated by single spaces, as in the shipped descriptors.
     */
    String mapKey(int i) {
        int start = maps[3 * i];
        int end = maps[3 * i + 1];
        int a = start + 4; // after "map "
        if (text.charAt(start) == 'm' && a < end && text.charAt(a - 1) == ' ') {
            int b = text.indexOf(' ', a);
            int c = b < 0 ? -1 : text.indexOf(' ', b + 1);
            int d = c < 0 ? -1 : text.indexOf(' ', c + 1);
            if (d < 0 || d > end) {
                d = end;
            }
            if (b > a && c > b + 1 && d > c + 1 && c < end) {
                String key = text.substring(a, d);
                if (key.indexOf('\t') < 0 && key.indexOf('\r') < 0) {
                    return key;
                }
            }
        }
        String[] t = DescriptorParser.tokens(text.substring(start, end));
        return t.length < 4 ? null : t[1] + ' ' + t[2] + ' ' + t[3];
    }

    /**
     * The map lines (by index) that hold both {@code function} and {@code canonical} as words: a
     * filter through the text with {@code indexOf}, not a reading; whether such a line maps
     * {@code function} canonically is for the line, read, to say. Every line that does is among
     * them.
     */
    int[] canonicalLinesNaming(String function) {
        int[] found = new int[4];
        int count = 0;
        int last = -1;
        for (int at = text.indexOf(function); at >= 0; at = text.indexOf(function, at + 1)) {
            int end = at + function.length();
            if (!isBlank(at - 1) || (end < text.length() && !isBlank(end))) {
                continue; // part of a longer word (MPI_SEND in MPI_SENDRECV)
            }
            int line = mapLineAt(at);
            if (line < 0 || line == last || !hasWord(line, "canonical")) {
                continue;
            }
            if (count == found.length) {
                found = java.util.Arrays.copyOf(found, 2 * count);
            }
            found[count++] = line;
            last = line;
        }
        return java.util.Arrays.copyOf(found, count);
    }

    private boolean isBlank(int at) {
        return at >= 0 && Character.isWhitespace(text.charAt(at));
    }

    /** The map line that holds text offset {@code at}, or -1. */
    private int mapLineAt(int at) {
        int lo = 0;
        int hi = mapCount - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (maps[3 * mid] > at) {
                hi = mid - 1;
            } else if (maps[3 * mid + 1] < at) {
                lo = mid + 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** Whether map line {@code i} holds {@code word} as a whole word. */
    private boolean hasWord(int i, String word) {
        int start = maps[3 * i];
        int end = maps[3 * i + 1];
        for (int at = text.indexOf(word, start);
                at >= 0 && at + word.length() <= end;
                at = text.indexOf(word, at + 1)) {
            if (isBlank(at - 1) && (at + word.length() == end || isBlank(at + word.length()))) {
                return true;
            }
        }
        return false;
    }

    /** Map line {@code i}, read and checked as a full parse reads it. */
    MapLine map(int i) {
        return DescriptorParser.readMap(resource, maps[3 * i + 2], text.substring(maps[3 * i], maps[3 * i + 1]));
    }

    /** Exclude line {@code i}, read and checked as a full parse reads it. */
    ExcludeLine exclude(int i) {
        return DescriptorParser.readExclude(
                resource, excludes[3 * i + 2], text.substring(excludes[3 * i], excludes[3 * i + 1]));
    }
}
