package org.qmpi4j.agent.internal.instrument;

import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test stand-in for {@code CallSiteLinker} with the same bootstrap descriptor: links each site to
 * the original method handle (what the real linker does when no tool intercepts) and records the
 * static arguments and every call through the site.
 */
public final class RecordingLinker {
    static final LinkerContract CONTRACT =
            LinkerContract.withBootstrap("org/qmpi4j/agent/internal/instrument/RecordingLinker", "link");

    private static final List<Link> LINKS = new CopyOnWriteArrayList<>();

    private RecordingLinker() {}

    /** One linked call site. */
    public static final class Link {
        final String name;
        final MethodType type;
        final MethodHandle original;
        final int id;
        final String className;
        final String methodName;
        final String fileName;
        final int line;
        final AtomicInteger calls = new AtomicInteger();

        Link(
                String name,
                MethodType type,
                MethodHandle original,
                int id,
                String className,
                String methodName,
                String fileName,
                int line) {
            this.name = name;
            this.type = type;
            this.original = original;
            this.id = id;
            this.className = className;
            this.methodName = methodName;
            this.fileName = fileName;
            this.line = line;
        }

        public void hit() {
            calls.incrementAndGet();
        }

        @Override
        public String toString() {
            return "#" + id + " " + name + type + " at " + className + "." + methodName + "(" + fileName + ":" + line
                    + ") calls=" + calls;
        }
    }

    public static Object link(
            MethodHandles.Lookup caller,
            String name,
            Object siteType,
            Object originalHandle,
            Object mappingId,
            Object callerClass,
            Object callerMethod,
            Object sourceFile,
            Object sourceLine)
            throws ReflectiveOperationException {
        MethodType type = (MethodType) siteType;
        MethodHandle original = (MethodHandle) originalHandle;
        int id = (Integer) mappingId;
        String className = (String) callerClass;
        String methodName = (String) callerMethod;
        String fileName = (String) sourceFile;
        int line = (Integer) sourceLine;
        Link link = new Link(name, type, original, id, className, methodName, fileName, line);
        LINKS.add(link);
        MethodHandle hit = MethodHandles.lookup()
                .findVirtual(Link.class, "hit", MethodType.methodType(void.class))
                .bindTo(link);
        return new ConstantCallSite(MethodHandles.foldArguments(original.asType(type), hit));
    }

    static List<Link> links() {
        return List.copyOf(LINKS);
    }

    static void reset() {
        LINKS.clear();
    }
}
