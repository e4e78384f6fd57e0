package org.qmpi4j.descriptor;

import org.qmpi4j.api.Nullable;

/**
 * Where the reading of a descriptor is: its resource and the current line, so that every failure,
 * of syntax or of a rule across lines, names {@code resource:line:} and quotes the line.
 */
final class DescriptorSource {
    final String resource;
    int lineNo;
    /** The current line's text; {@code null} where a failure concerns no one line. */
    @Nullable
    String lineText;

    DescriptorSource(String resource) {
        this.resource = resource;
    }

    void at(int line, @Nullable String text) {
        lineNo = line;
        lineText = text;
    }

    DescriptorException fail(String message) {
        return new DescriptorException(
                resource, lineNo, lineText == null ? message : message + "\n    " + lineText.trim());
    }

    static boolean containsAny(String s, String chars) {
        for (int i = 0; i < chars.length(); i++) {
            if (s.indexOf(chars.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }
}
