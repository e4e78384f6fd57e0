package org.qmpi4j.report.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.formats.check.Finding;

/**
 * Findings of several ranks (or several flushes) made one list: the same finding (rule and sites,
 * {@link Finding#key()}) once, with the counts added, errors before warnings, then by rule and
 * first site.
 */
public final class CheckMerger {
    private final Map<String, Finding> byKey = new LinkedHashMap<>();

    /** Adds {@code f}, or its count to the same finding already added. */
    public void add(Finding f) {
        Finding old = byKey.get(f.key());
        byKey.put(f.key(), old == null ? f : old.plus(f.count()));
    }

    public void addAll(List<Finding> findings) {
        for (Finding f : findings) {
            add(f);
        }
    }

    /** The findings in order. */
    public List<Finding> result() {
        List<Finding> all = new ArrayList<>(byKey.values());
        all.sort(ORDER);
        return all;
    }

    private static final Comparator<Finding> ORDER = new Comparator<Finding>() {
        @Override
        public int compare(Finding a, Finding b) {
            int c = a.severity().compareTo(b.severity());
            if (c != 0) {
                return c;
            }
            c = a.rule().compareTo(b.rule());
            if (c != 0) {
                return c;
            }
            return a.key().compareTo(b.key());
        }
    };
}
