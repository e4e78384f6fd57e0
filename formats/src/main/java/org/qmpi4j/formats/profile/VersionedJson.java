package org.qmpi4j.formats.profile;

import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * What {@code profile.json} and the per-rank profiles share: one JSON object that opens with its
 * {@code "format"} name and {@code "version"}, which a reader checks before anything else so that
 * another file or a newer version is named as such rather than misread.
 */
final class VersionedJson {
    private VersionedJson() {}

    /** Opens the object in {@code out} and writes its format and version; the caller closes it. */
    static JsonWriter begin(Appendable out, String format, int version) {
        JsonWriter w = new JsonWriter(out, true);
        w.beginObject();
        w.member("format", format).member("version", version);
        return w;
    }

    /** Parses {@code json} and checks its format and version. */
    static JsonNode parse(CharSequence json, String format, int version) throws JsonFormatException {
        return parse(json, format, version, version);
    }

    /**
     * Parses {@code json} and checks its format and that its version is one of {@code oldest} to
     * {@code newest}; the caller reads {@code "version"} to tell them apart.
     */
    static JsonNode parse(CharSequence json, String format, int oldest, int newest) throws JsonFormatException {
        JsonNode root = JsonNode.parse(json);
        String found = root.get("format").asString();
        if (!format.equals(found)) {
            throw new JsonFormatException("format: expected \"" + format + "\", found \"" + found + "\"");
        }
        long v = root.get("version").asLong();
        if (v < oldest || v > newest) {
            throw new JsonFormatException("version: " + v + " is not supported (this qmpi4j reads version "
                    + (oldest == newest ? Integer.toString(newest) : oldest + " to " + newest) + ")");
        }
        return root;
    }
}
