package org.qmpi4j.formats.profile;

import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * A call site's members in {@code profile.json} and in a rank's profile, alike in both:
 * {@code function, class, method, file} (null when the class has none) and {@code line}.
 */
final class SiteKeyJson {
    private SiteKeyJson() {}

    static void write(JsonWriter w, SiteKey k) {
        w.member("function", k.function())
                .member("class", k.className())
                .member("method", k.methodName())
                .member("file", k.fileName())
                .member("line", k.line());
    }

    static SiteKey read(JsonNode s) throws JsonFormatException {
        return new SiteKey(
                s.get("function").asString(),
                s.get("class").asString(),
                s.get("method").asString(),
                s.get("file").asStringOrNull(),
                s.get("line").asInt());
    }
}
