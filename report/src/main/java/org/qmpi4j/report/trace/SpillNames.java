package org.qmpi4j.report.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.CallSite;

/**
 * The functions and call sites of a job's spilled calls, numbered as the spill meets them: a
 * call's record holds two numbers instead of five names, and every rank's reader shares one
 * {@link CallSite} per site (most ranks call from the same few). Written and read in one JVM, so
 * the table stays in memory and is never written.
 */
final class SpillNames {
    private final Numbered<String> functions = new Numbered<>();
    private final Numbered<CallSite> sites = new Numbered<>();

    int function(String name) {
        return functions.id(name);
    }

    String function(int id) {
        return functions.get(id);
    }

    /** The number of the site with these parts (empty names are unknown, as a trace without sites has them). */
    int site(@Nullable String className, @Nullable String method, @Nullable String file, int line) {
        return sites.id(
                known(className) == null && line < 0
                        ? CallSite.UNKNOWN
                        : new CallSite(known(className), known(method), known(file), line));
    }

    CallSite site(int id) {
        return sites.get(id);
    }

    private static @Nullable String known(@Nullable String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    /** Values numbered 0, 1, 2, ... in the order they are first met. */
    private static final class Numbered<T> {
        private final List<T> byId = new ArrayList<>();
        private final Map<T, Integer> ids = new HashMap<>();

        int id(T value) {
            Integer id = ids.get(value);
            if (id == null) {
                id = byId.size();
                byId.add(value);
                ids.put(value, id);
            }
            return id;
        }

        T get(int id) {
            return byId.get(id);
        }
    }
}
