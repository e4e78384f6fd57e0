package org.qmpi4j.agent.internal.instrument;

import java.io.PrintStream;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;

/**
 * The agent's {@link ClassFileTransformer}: decides which classes are application classes that may
 * call the binding, and has {@link CallSiteRewriter} rewrite them.
 *
 * <p>Never rewritten: classes of the bootstrap and platform loaders and every {@code java/},
 * {@code javax/}, {@code jdk/}, {@code sun/}, {@code com/sun/} class (the JDK does not call MPI);
 * the agent, its API, its bundled tools and its relocated ASM ({@code org/qmpi4j/agent/},
 * {@code org/qmpi4j/api/}, {@code org/qmpi4j/tools/}, {@code org/qmpi4j/formats/}, {@code org/qmpi4j/report/}; also {@code org/objectweb/asm/}, in case
 * the agent runs unshaded); the binding's own classes; classes of discovered tools (by package
 * and by loader), whose MPI calls must not be intercepted (QMPI tools call PMPI); classes older
 * than Java 7, which cannot hold {@code invokedynamic}; classes of loaders that cannot see the
 * linker class (their call sites would throw {@code BootstrapMethodError}). Only classes whose constant pool refers to
 * a method of a binding class (or of a subclass of one) are rewritten; the rest cost a constant
 * pool scan and return {@code null}. Classes of loaders that see no binding are not even scanned.
 *
 * <p>Failure policy: a transformer must not throw, and a broken rewrite must not break the
 * application. Any {@link Throwable} leaves the class exactly as it was (return {@code null}); it
 * is counted in {@link #stats()} and the first one is reported on stderr with a line starting
 * {@code qmpi4j:}. Nothing is printed for normal classes.
 */
public final class CallSiteTransformer implements ClassFileTransformer {
    private static final String[] NEVER = {
        "java/",
        "javax/",
        "jdk/",
        "sun/",
        "com/sun/",
        "org/qmpi4j/agent/",
        "org/qmpi4j/api/",
        "org/qmpi4j/tools/",
        "org/qmpi4j/formats/",
        "org/qmpi4j/report/", // + org/qmpi4j/agent/shaded/
        "org/objectweb/asm/",
    };
    private static final int CLASS_MAGIC = 0xCAFEBABE;

    private final MappingLookup lookup;
    private final BindingMethodResolver resolver;
    private final Predicate<String> excludedClass;
    private final Predicate<ClassLoader> toolLoader;
    private final LinkerContract contract;
    private final ClassLoader platformLoader = ClassLoader.getPlatformClassLoader();
    private final RewriteStats stats = new RewriteStats();
    /** One line per kind of problem (the first class), the others counted in {@link #stats()}. */
    private final Log log;

    private final Map<ClassLoader, Boolean> linkerVisibility = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * @param lookup        the binding's classes and mapped methods
     * @param excludedClass internal class names never to rewrite (e.g. classes in the packages of
     *                      discovered tools, see {@link #inPackages}); asked on every class
     * @param toolLoader    loaders whose classes are never rewritten (the tool path's loader)
     */
    public CallSiteTransformer(
            MappingLookup lookup, Predicate<String> excludedClass, Predicate<ClassLoader> toolLoader) {
        this(lookup, excludedClass, toolLoader, LinkerContract.DEFAULT, Log.agent());
    }

    /** As above, with another linker (tests) and another sink for the one-line reports. */
    public CallSiteTransformer(
            MappingLookup lookup,
            Predicate<String> excludedClass,
            Predicate<ClassLoader> toolLoader,
            LinkerContract contract,
            Consumer<String> report) {
        this(
                lookup,
                excludedClass,
                toolLoader,
                contract,
                Log.lines(Objects.requireNonNull(report, "report"), "qmpi4j:"));
    }

    private CallSiteTransformer(
            MappingLookup lookup,
            Predicate<String> excludedClass,
            Predicate<ClassLoader> toolLoader,
            LinkerContract contract,
            Log log) {
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        this.resolver = new BindingMethodResolver(lookup);
        this.excludedClass = Objects.requireNonNull(excludedClass, "excludedClass");
        this.toolLoader = Objects.requireNonNull(toolLoader, "toolLoader");
        this.contract = Objects.requireNonNull(contract, "contract");
        this.log = log;
    }

    /**
     * The agent's transformer: the binding catalog {@code catalog}, and the tools found excluded
     * by package ({@code toolPackages}) and, when there is a tool path, by loader
     * ({@code toolPathLoader}, the system class loader without one). A tool in the
     * unnamed package cannot be excluded by package (that would exclude every application class
     * in it too); it is then excluded only if it came from the tool path.
     */
    public static CallSiteTransformer create(
            BindingCatalog catalog, Collection<String> toolPackages, ClassLoader toolPathLoader) {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        // Without a tool path the "tool loader" is the system loader, which also loads the application.
        Predicate<ClassLoader> isToolLoader = new SameLoader(toolPathLoader == system ? null : toolPathLoader);
        return new CallSiteTransformer(new BindingCatalogLookup(catalog), inPackages(toolPackages), isToolLoader);
    }

    /**
     * A predicate for internal class names directly in one of {@code packages} (internal
     * {@code org/example/tools/} or binary {@code org.example.tools} form), not in their
     * sub-packages: a tool in {@code org.example} must not hide the application's
     * {@code org.example.app} from the rewriter. Empty names are ignored.
     */
    public static Predicate<String> inPackages(Collection<String> packages) {
        Set<String> exact = new HashSet<>();
        for (String p : packages) {
            if (p != null && !p.isEmpty()) {
                String internal = p.replace('.', '/');
                exact.add(internal.endsWith("/") ? internal.substring(0, internal.length() - 1) : internal);
            }
        }
        return new DirectlyIn(exact);
    }

    /** Whether a class is directly in one of a set of packages (internal names, no trailing '/'). */
    private static final class DirectlyIn implements Predicate<String> {
        private final Set<String> packages;

        DirectlyIn(Set<String> packages) {
            this.packages = packages;
        }

        @Override
        public boolean test(String name) {
            if (packages.isEmpty()) {
                return false;
            }
            int slash = name.lastIndexOf('/');
            return slash > 0 && packages.contains(name.substring(0, slash));
        }
    }

    /** Whether a loader is the tool path's ({@code null}: there is none, no loader is). */
    private static final class SameLoader implements Predicate<ClassLoader> {
        private final @Nullable ClassLoader toolLoader;

        SameLoader(@Nullable ClassLoader toolLoader) {
            this.toolLoader = toolLoader;
        }

        @Override
        public boolean test(ClassLoader l) {
            return toolLoader != null && l == toolLoader;
        }
    }

    public RewriteStats stats() {
        return stats;
    }

    @Override
    public @Nullable byte[] transform(
            @Nullable ClassLoader loader, // the bootstrap loader's classes: null
            @Nullable String className, // null for hidden and some generated classes
            @Nullable Class<?> classBeingRedefined,
            @Nullable ProtectionDomain protectionDomain,
            byte[] classfileBuffer) {
        stats.seen();
        try {
            if (className != null && loader != null && loader != platformLoader && !never(className)) {
                java.util.List<String[]> repairs = lookup.repairs(className);
                if (repairs != null) {
                    return repair(className, classfileBuffer, repairs);
                }
            }
            if (className == null || loader == null || !eligible(loader, className)) {
                return null; // hidden/anonymous classes, bootstrap classes, and the rest eligible says
            }
            // Redefinition/retransformation must not add methods: no bridges then.
            return rewrite(loader, className, classfileBuffer, classBeingRedefined == null);
        } catch (Throwable t) {
            failed(className, t);
            return null;
        }
    }

    private boolean eligible(ClassLoader loader, String className) {
        if (loader == platformLoader) {
            return false; // platform (JDK) classes
        }
        return !never(className)
                && !excludedClass.test(className)
                && !toolLoader.test(loader)
                && lookup.seesBinding(loader)
                && !lookup.isBindingClass(loader, className);
    }

    /** The JDK's, the agent's and the tools' own classes: never rewritten nor repaired. */
    private static boolean never(String className) {
        for (String p : NEVER) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private @Nullable byte[] rewrite(ClassLoader loader, String className, byte[] bytes, boolean bridgesAllowed) {
        if (bytes == null || bytes.length < 10 || readInt(bytes, 0) != CLASS_MAGIC) {
            throw new IllegalArgumentException("not a class file");
        }
        int major = ((bytes[6] & 0xFF) << 8) | (bytes[7] & 0xFF);
        ClassReader reader;
        try {
            reader = new ClassReader(bytes);
        } catch (IllegalArgumentException e) {
            // ASM refuses class file versions newer than it knows; that is not a broken class.
            String m = e.getMessage();
            if (m != null && m.startsWith("Unsupported class file major version")) {
                skippedNewVersion(className, major);
                return null;
            }
            throw e;
        }
        Object outer = resolver.beginTransform(reader);
        try {
            if (!CallSiteRewriter.referencesBinding(reader, loader, resolver)) {
                return null;
            }
            if (major < Opcodes.V1_7) {
                skippedOldVersion(className, major);
                return null; // no invokedynamic before Java 7; upgrading the class would need new frames
            }
            if (!linkerVisible(loader)) {
                skippedNoLinker(className, loader);
                return null; // the call sites would fail with BootstrapMethodError: better unobserved
            }
            CallSiteRewriter.Result r = CallSiteRewriter.rewrite(reader, loader, resolver, contract, bridgesAllowed);
            if (r.bytes == null) {
                return null;
            }
            stats.rewritten(r.callSites, r.methodRefs);
            return r.bytes;
        } finally {
            resolver.endTransform(outer);
        }
    }

    /**
     * Whether classes of {@code loader} can resolve the bootstrap class: the agent jar is on the
     * system class path, which most loaders delegate to, but an isolating loader may not. Checked
     * as a resource (never loading a class from a transformer), once per loader.
     */
    private boolean linkerVisible(ClassLoader loader) {
        Boolean v = linkerVisibility.get(loader);
        if (v == null) {
            v = loader.getResource(contract.bootstrapOwner() + ".class") != null;
            linkerVisibility.put(loader, v);
        }
        return v;
    }

    private static int readInt(byte[] b, int i) {
        return ((b[i] & 0xFF) << 24) | ((b[i + 1] & 0xFF) << 16) | ((b[i + 2] & 0xFF) << 8) | (b[i + 3] & 0xFF);
    }

    /**
     * A class of a binding's runtime with methods to repair ({@link WaitLoopRepair}); never
     * rewritten otherwise. A method not of the expected shape is left alone and said once; a
     * repair that fails is a failed class rewrite (the class loads unchanged).
     */
    private @Nullable byte[] repair(String className, byte[] bytes, java.util.List<String[]> repairs) {
        byte[] out = bytes;
        for (String[] r : repairs) {
            byte[] repaired = WaitLoopRepair.apply(out, r[1], r[2]);
            String method = binary(className) + "." + r[1] + r[2];
            if (repaired == null) {
                say(
                        "repair-" + method,
                        "did not repair " + method + ": it is not of the shape the repair"
                                + " expects (a version of the MPI library other than the one described?); it runs unchanged");
            } else {
                out = repaired; // counted in the rewriting summary that verbose prints at exit
                stats.repaired();
            }
        }
        return out == bytes ? null : out;
    }

    private void failed(@Nullable String className, Throwable t) {
        try {
            stats.failed(className);
            if (log.count("rewrite-failed") == 0) {
                say(
                        "rewrite-failed",
                        "could not rewrite the MPI calls of class " + binary(className) + " (" + t
                                + "); it runs unchanged and its MPI calls are not intercepted (further such failures"
                                + " are counted, not shown)");
            }
        } catch (Throwable ignored) {
            // reporting must not fail the class load either (e.g. OutOfMemoryError)
        }
    }

    private void skippedOldVersion(String className, int major) {
        stats.skippedOld();
        if (log.count("old-class-version") == 0) {
            say(
                    "old-class-version",
                    "class " + binary(className) + " calls MPI but its class file (version " + major
                            + ") predates Java 7 and cannot be rewritten; its MPI calls are not intercepted (further such"
                            + " classes are counted, not shown)");
        }
    }

    private void skippedNoLinker(String className, ClassLoader loader) {
        stats.skippedLinkerInvisible();
        if (log.count("no-linker") == 0) {
            say(
                    "no-linker",
                    "class " + binary(className) + " calls MPI but its class loader " + loader
                            + " cannot see the agent ("
                            + contract.bootstrapOwner().replace('/', '.')
                            + "); MPI calls of classes of such loaders are not intercepted (further such classes are"
                            + " counted, not shown)");
        }
    }

    private void skippedNewVersion(String className, int major) {
        stats.skippedUnsupported();
        if (log.count("new-class-version") == 0) {
            say(
                    "new-class-version",
                    "class " + binary(className) + " has class file version " + major
                            + ", newer than this agent can rewrite; MPI calls in such classes are not intercepted"
                            + " (further such classes are counted, not shown)");
        }
    }

    /** One line for the first problem of its kind; a broken sink must not turn into a failed class load. */
    private void say(String kind, String line) {
        try {
            log.once(kind, line);
        } catch (Throwable ignored) {
            // e.g. OutOfMemoryError while building the line
        }
    }

    private static String binary(@Nullable String internalName) {
        return internalName == null ? "<unnamed>" : internalName.replace('/', '.');
    }

    /**
     * The end-of-run summary: always when classes were left unrewritten (failures, versions),
     * otherwise only if {@code verbose}.
     */
    public void reportAtExit(PrintStream err, boolean verbose) {
        if (verbose || stats.missedSomething()) {
            Log.to(err, "qmpi4j:").warn("rewriting: " + stats);
        }
    }
}
