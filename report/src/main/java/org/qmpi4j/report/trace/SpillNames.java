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
    private final List<String> functions = new ArrayList<>();
    private final Map<String, Integer> functionIds = new HashMap<>();
    private final List<CallSite> sites = new ArrayList<>();
    private final Map<CallSite, Integer> siteIds = new HashMap<>();

    int function(String name) {
        Integer id = functionIds.get(name);
        if (id == null) {
            id = functions.size();
            functions.add(name);
            functionIds.put(name, id);
        }
        return id;
    }

    String function(int id) {
        return functions.get(id);
    }

    /** The number of the site with these parts (empty names are unknown, as a trace without sites has them). */
    int site(@Nullable String className, @Nullable String method, @Nullable String file, int line) {
        CallSite s = known(className) == null && line < 0
                ? CallSite.UNKNOWN
                : new CallSite(known(className), known(method), known(file), line);
        Integer id = siteIds.get(s);
        if (id == null) {
            id = sites.size();
            sites.add(s);
            siteIds.put(s, id);
        }
        return id;
    }

    CallSite site(int id) {
        return sites.get(id);
    }

    private static @Nullable String known(@Nullable String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
