/**
 * A small JSON writer ({@link org.qmpi4j.formats.json.JsonWriter}) and parser
 * ({@link org.qmpi4j.formats.json.JsonParser} into {@link org.qmpi4j.formats.json.JsonNode}), enough
 * for qmpi4j's own files: no dependency enters the application's JVM with them.
 */
package org.qmpi4j.formats.json;
