package org.qmpi4j.report.export.otf2;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The Java call sites of the job's MPI calls, each an OTF2 region with its source location. */
public final class CallSites {
    /** One call site. */
    public static final class Site {
        private final String className;
        private final String method;
        private final String file;
        private final int line;

        Site(String className, String method, String file, int line) {
            this.className = className;
            this.method = method;
            this.file = file;
            this.line = line;
        }

        /** The region's name: {@code Class.method:line}, one region per site. */
        public String name() {
            return className + "." + method + (line > 0 ? ":" + line : "");
        }

        /** The method as the region's canonical name. */
        public String canonicalName() {
            return className + "." + method;
        }

        public String file() {
            return file;
        }

        public int line() {
            return line;
        }
    }

    private final List<Site> all = new ArrayList<>();

    /** Adds a site; returns its id. {@code file} may be empty, {@code line} 0 when unknown. */
    public int add(String className, String method, String file, int line) {
        all.add(new Site(className, method, file, line));
        return all.size() - 1;
    }

    public List<Site> all() {
        return Collections.unmodifiableList(all);
    }
}
