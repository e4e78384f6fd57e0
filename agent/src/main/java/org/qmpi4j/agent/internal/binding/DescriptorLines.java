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
     * Whether map line {@code i} may be a {@code canonical} one: a cheap filter (the word
     * appears in it), the line itself decides.
     */
    boolean mayBeCanonical(int i) {
        int at = text.indexOf("canonical", maps[3 * i]);
        return at >= 0 && at < maps[3 * i + 1];
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
