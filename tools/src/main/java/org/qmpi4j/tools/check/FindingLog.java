package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.formats.check.Finding;

/**
 * One rank's findings, deduplicated: the same rule at the same sites is one finding whose count
 * grows. Findings are rare (each is an error in the program), so this is a plain synchronized map.
 */
final class FindingLog {
    private final Map<String, Finding> byKey = new LinkedHashMap<>();

    /** Adds {@code f}; true if it is new (not the same rule at the same sites again). */
    synchronized boolean add(Finding f) {
        Finding old = byKey.get(f.key());
        byKey.put(f.key(), old == null ? f : old.plus(f.count()));
        return old == null;
    }

    synchronized List<Finding> snapshot() {
        return new ArrayList<>(byKey.values());
    }
}
