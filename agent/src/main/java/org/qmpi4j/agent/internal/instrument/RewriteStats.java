package org.qmpi4j.agent.internal.instrument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.qmpi4j.api.Nullable;

/**
 * Counters of the transformer, safe to read at any time from any thread. The agent prints them at
 * exit in verbose mode, and always when something was missed (failures, skipped versions).
 */
public final class RewriteStats {
    /** How many names of failed classes are kept, to show the user where to look. */
    static final int KEPT_FAILURE_NAMES = 5;

    private final AtomicLong classesSeen = new AtomicLong();
    private final AtomicLong classesRewritten = new AtomicLong();
    private final AtomicLong runtimeMethodsRepaired = new AtomicLong();
    private final AtomicLong callSitesRewritten = new AtomicLong();
    private final AtomicLong methodRefsRewritten = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong skippedOldVersion = new AtomicLong();
    private final AtomicLong skippedUnsupportedVersion = new AtomicLong();
    private final AtomicLong skippedNoLinker = new AtomicLong();
    private final List<String> failedClasses = new ArrayList<>();

    /** Classes offered to the transformer (every class the JVM loads while it is installed). */
    public long classesSeen() {
        return classesSeen.get();
    }
    /** Classes returned rewritten. */
    public long classesRewritten() {
        return classesRewritten.get();
    }
    /** Invoke instructions replaced by linker call sites (the call sites inside bridges are not counted here). */
    public long callSitesRewritten() {
        return callSitesRewritten.get();
    }
    /** Method references redirected to bridges (each bridge holds one linker call site). */
    public long methodRefsRewritten() {
        return methodRefsRewritten.get();
    }
    /** Classes that call the binding but could not be rewritten; they run unchanged, unobserved. */
    public long failures() {
        return failures.get();
    }
    /** Classes that call the binding but are older than Java 7 (no invokedynamic); run unobserved. */
    public long skippedOldVersion() {
        return skippedOldVersion.get();
    }
    /** Classes newer than the bytecode library understands; run unobserved. */
    public long skippedUnsupportedVersion() {
        return skippedUnsupportedVersion.get();
    }

    /** Classes that call the binding but whose loader cannot see the agent's linker; run unobserved. */
    public long skippedNoLinker() {
        return skippedNoLinker.get();
    }

    /** The first few classes that failed (internal names), in order. */
    public List<String> firstFailedClasses() {
        synchronized (failedClasses) {
            return Collections.unmodifiableList(new ArrayList<>(failedClasses));
        }
    }

    /** Whether some class that may call MPI runs without interception. */
    public boolean missedSomething() {
        return failures() + skippedOldVersion() + skippedUnsupportedVersion() + skippedNoLinker() > 0;
    }

    void seen() {
        classesSeen.incrementAndGet();
    }

    void rewritten(int callSites, int methodRefs) {
        classesRewritten.incrementAndGet();
        callSitesRewritten.addAndGet(callSites);
        methodRefsRewritten.addAndGet(methodRefs);
    }

    /** @return the number of failures so far, this one included */
    long failed(@Nullable String className) {
        long n = failures.incrementAndGet();
        synchronized (failedClasses) {
            if (failedClasses.size() < KEPT_FAILURE_NAMES) {
                failedClasses.add(String.valueOf(className));
            }
        }
        return n;
    }

    void repaired() {
        runtimeMethodsRepaired.incrementAndGet();
    }

    /** Methods of the MPI library's own classes repaired as they loaded ({@code repair} lines). */
    public long runtimeMethodsRepaired() {
        return runtimeMethodsRepaired.get();
    }

    long skippedOld() {
        return skippedOldVersion.incrementAndGet();
    }

    long skippedLinkerInvisible() {
        return skippedNoLinker.incrementAndGet();
    }

    long skippedUnsupported() {
        return skippedUnsupportedVersion.incrementAndGet();
    }

    @Override
    public String toString() {
        return "classes seen " + classesSeen() + ", rewritten " + classesRewritten() + "; call sites rewritten "
                + callSitesRewritten() + ", method references " + methodRefsRewritten() + "; failures " + failures()
                + (failures() > 0 ? " " + firstFailedClasses() : "") + ", skipped (class file before Java 7) "
                + skippedOldVersion() + ", skipped (class file version unsupported) " + skippedUnsupportedVersion()
                + ", skipped (loader cannot see the agent) " + skippedNoLinker()
                + (runtimeMethodsRepaired() > 0 ? "; MPI library methods repaired " + runtimeMethodsRepaired() : "");
    }
}
