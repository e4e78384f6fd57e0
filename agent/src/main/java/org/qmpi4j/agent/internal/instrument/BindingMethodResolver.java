package org.qmpi4j.agent.internal.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.api.Nullable;

/**
 * Decides whether a method reference in application bytecode ({@code owner.name desc}, as written
 * in an invoke instruction or a method handle constant) reaches a mapped binding method, the way
 * the JVM's method resolution would, but WITHOUT loading any class.
 *
 * <p>The owner is often not the declaring class: {@code MPI.COMM_WORLD.getRank()} is written
 * against {@code mpi/Intracomm} but declared in {@code mpi/Comm}; a {@code CartComm}, or the
 * application's own {@code MyComm extends mpi.Intracomm}, inherits it too. So the resolver walks
 * the superclass chain, then the superinterfaces, reading each class file through the requesting
 * class loader's {@code getResourceAsStream} with ASM ({@link ClassReader} header, plus the method
 * table of classes that have a binding supertype). Loading classes instead ({@code Class.forName})
 * is not an option inside a transformer: it can throw {@code ClassCircularityError}, and could
 * initialise {@code mpi.MPI}, which loads the native MPI library.
 *
 * <p>What is read is cached per class loader (weak keys, so unloading a loader frees it). A class
 * without any binding supertype costs one map lookup per call site after its first read.
 *
 * <p>Rules, in the order the JVM resolves:
 * <ol>
 *   <li>Superclass chain from the owner. The first binding class that declares {@code name desc}
 *       decides: mapped id, or {@link MappingLookup#NONE} if the binding declares it unmapped (the
 *       JVM would stop there too).</li>
 *   <li>An application class in the chain that declares {@code name desc} as an instance,
 *       non-private method overrides a binding method: resolution CONTINUES to the binding method
 *       it overrides, so {@code myComm.send(..)} is an {@code MPI_SEND} whether the receiver is
 *       typed {@code MyComm} or {@code Intracomm} (both dispatch to the override at run time).
 *       A static or private method of the application with that name is the application's own
 *       method, not MPI: resolution stops with NONE.</li>
 *   <li>Superinterfaces (breadth first) for instance methods; static interface methods are not
 *       inherited, so static calls look at the owner's superclass chain only.</li>
 * </ol>
 * JDK classes ({@code java/}, {@code javax/}, ...) are never binding subclasses and are not read.
 */
final class BindingMethodResolver {
    /** Guards against cyclic (malformed) hierarchies. */
    private static final int MAX_DEPTH = 64;

    private final MappingLookup lookup;
    private final Map<ClassLoader, ConcurrentMap<String, ClassInfo>> cache =
            Collections.synchronizedMap(new WeakHashMap<>());
    /** The class being transformed on this thread, see {@link #beginTransform}. */
    private final ThreadLocal<Current> current = new ThreadLocal<>();

    BindingMethodResolver(MappingLookup lookup) {
        this.lookup = lookup;
    }

    MappingLookup lookup() {
        return lookup;
    }

    /**
     * The mapping id of the binding method that an invoke of {@code owner.name desc} reaches, or
     * {@link MappingLookup#NONE}.
     *
     * @param isStatic whether the instruction (or handle) is a static invoke
     */
    int resolve(ClassLoader loader, String owner, String name, String desc, boolean isStatic) {
        if (owner.startsWith("[") || name.startsWith("<")) {
            return MappingLookup.NONE; // array clone(), constructors, <clinit>: never MPI functions
        }
        ClassInfo start = info(loader, owner, 0);
        if (!start.bindingAncestor) {
            return MappingLookup.NONE; // the common case: no binding class above the owner
        }
        String key = name + desc;
        ArrayDeque<String> interfaces = new ArrayDeque<>();
        String c = owner;
        ClassInfo ci = start;
        for (int depth = 0; ci.bindingAncestor && depth < MAX_DEPTH; depth++) {
            Integer access = ci.methods == null ? null : ci.methods.get(key);
            if (ci.binding && (access != null || ci.methods == null)) {
                // Declared here (mapped or not: the JVM stops here too), or the binding class file
                // is unreadable and only an exact lookup is possible.
                return checked(lookup.find(loader, c, name, desc), access, isStatic);
            }
            if (!ci.binding
                    && access != null
                    && (isStatic || (access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) != 0)) {
                return MappingLookup.NONE; // the application's own method: hides, does not override
            }
            // else: not declared here, or an override in an application subclass (rule 2): go up
            Collections.addAll(interfaces, ci.interfaces);
            c = ci.superName;
            if (c == null) {
                break;
            }
            ci = info(loader, c, 0);
        }
        if (isStatic) {
            return MappingLookup.NONE; // static interface methods are not inherited
        }
        Set<String> seen = new HashSet<>();
        while (!interfaces.isEmpty() && seen.size() < 4 * MAX_DEPTH) {
            String i = interfaces.poll();
            if (!seen.add(i)) {
                continue;
            }
            ClassInfo ii = info(loader, i, 0);
            if (!ii.bindingAncestor) {
                continue;
            }
            Integer access = ii.methods == null ? null : ii.methods.get(key);
            if (ii.binding && (access != null || ii.methods == null)) {
                int id = checked(lookup.find(loader, i, name, desc), access, false);
                if (id != MappingLookup.NONE || access != null) {
                    return id;
                }
                continue; // unreadable binding interface without a mapping: nothing above it is known
            }
            Collections.addAll(interfaces, ii.interfaces);
        }
        return MappingLookup.NONE;
    }

    /** A mapped id, unless the declaration's static-ness contradicts the invoke (an ICCE at run time). */
    private static int checked(int id, @Nullable Integer access, boolean isStatic) {
        if (id != MappingLookup.NONE && access != null && ((access & Opcodes.ACC_STATIC) != 0) != isStatic) {
            return MappingLookup.NONE;
        }
        return id;
    }

    /** Whether {@code internalName} is a binding class or has one among its supertypes. */
    boolean hasBindingAncestor(ClassLoader loader, String internalName) {
        if (internalName.startsWith("[")) {
            return false;
        }
        return info(loader, internalName, 0).bindingAncestor;
    }

    /**
     * Makes the class being transformed on this thread known to resolution from its own bytes
     * until {@link #endTransform}: it may have no class file to read (generated classes), and it
     * is often the owner of its own calls ({@code this.getRank()} in a communicator subclass).
     * Lazy: nothing is read unless resolution asks about that class. Nested transforms on the same
     * thread (class loading triggered while transforming) restore the outer class afterwards.
     *
     * @return what to pass to {@link #endTransform}
     */
    Object beginTransform(ClassReader reader) {
        Object outer = current.get();
        current.set(new Current(reader.getClassName(), reader));
        return outer;
    }

    void endTransform(Object outer) {
        if (outer == null) {
            current.remove();
        } else {
            current.set((Current) outer);
        }
    }

    private @Nullable ClassReader currentReader(String internalName) {
        Current c = current.get();
        return c != null && c.name.equals(internalName) ? c.reader : null;
    }

    private ConcurrentMap<String, ClassInfo> classes(ClassLoader loader) {
        // the map is synchronized; no lambda here: it would be the first one a short job spins
        synchronized (cache) {
            ConcurrentMap<String, ClassInfo> m = cache.get(loader);
            if (m == null) {
                m = new ConcurrentHashMap<>();
                cache.put(loader, m);
            }
            return m;
        }
    }

    private ClassInfo info(ClassLoader loader, String internalName, int depth) {
        if (isPlatformName(internalName)) {
            return ClassInfo.PLATFORM;
        }
        ConcurrentMap<String, ClassInfo> m = classes(loader);
        ClassInfo ci = m.get(internalName);
        ClassReader self = ci == null || ci == ClassInfo.MISSING ? currentReader(internalName) : null;
        if (ci != null && self == null) {
            return ci;
        }
        // Not computeIfAbsent: reading recurses into this map (supertypes), and a transformer may
        // be re-entered on this thread by class loading that getResource triggers.
        if (depth > MAX_DEPTH) {
            return ClassInfo.MISSING;
        }
        ClassReader reader = self != null ? self : readClass(loader, internalName);
        ci = reader == null
                ? (lookup.isBindingClass(loader, internalName) ? ClassInfo.bindingUnreadable() : ClassInfo.MISSING)
                : read(loader, internalName, reader, depth);
        if (self != null) {
            m.put(internalName, ci); // the class's own bytes win over an earlier "missing"
            return ci;
        }
        ClassInfo prev = m.putIfAbsent(internalName, ci);
        return prev != null ? prev : ci;
    }

    private ClassInfo read(ClassLoader loader, String internalName, ClassReader reader, int depth) {
        boolean binding = lookup.isBindingClass(loader, internalName);
        String superName = reader.getSuperName();
        String[] interfaces = reader.getInterfaces();
        boolean ancestor = binding;
        if (!ancestor && superName != null) {
            ancestor = info(loader, superName, depth + 1).bindingAncestor;
        }
        for (int i = 0; !ancestor && i < interfaces.length; i++) {
            ancestor = info(loader, interfaces[i], depth + 1).bindingAncestor;
        }
        // Method tables only where resolution needs them: classes with a binding supertype.
        Map<String, Integer> methods = ancestor ? methods(reader) : null;
        return new ClassInfo(binding, ancestor, superName, interfaces, methods);
    }

    private static Map<String, Integer> methods(ClassReader reader) {
        Map<String, Integer> methods = new HashMap<>();
        reader.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public @Nullable MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        methods.put(name + descriptor, access);
                        return null;
                    }
                },
                ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return methods;
    }

    private static @Nullable ClassReader readClass(ClassLoader loader, String internalName) {
        try (InputStream in = loader == null
                ? ClassLoader.getSystemResourceAsStream(internalName + ".class")
                : loader.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : new ClassReader(in.readAllBytes());
        } catch (IOException | RuntimeException e) {
            return null; // unreadable or unparsable: treated as a class we know nothing about
        }
    }

    /** Classes of the JDK: they cannot extend a binding class, and reading them is wasted work. */
    static boolean isPlatformName(String internalName) {
        return internalName.startsWith("java/")
                || internalName.startsWith("javax/")
                || internalName.startsWith("jdk/")
                || internalName.startsWith("sun/")
                || internalName.startsWith("com/sun/");
    }

    private static final class Current {
        final String name;
        final ClassReader reader;

        Current(String name, ClassReader reader) {
            this.name = name;
            this.reader = reader;
        }
    }

    /** What resolution needs of one class. Immutable. */
    static final class ClassInfo {
        static final ClassInfo PLATFORM = new ClassInfo(false, false, null, new String[0], null);
        static final ClassInfo MISSING = new ClassInfo(false, false, null, new String[0], null);

        final boolean binding;
        final boolean bindingAncestor;
        final @Nullable String superName;
        final String[] interfaces;
        /** name+desc to access flags; {@code null} when not needed (no binding supertype) or unknown. */
        final @Nullable Map<String, Integer> methods;

        ClassInfo(
                boolean binding,
                boolean bindingAncestor,
                @Nullable String superName,
                String[] interfaces,
                @Nullable Map<String, Integer> methods) {
            this.binding = binding;
            this.bindingAncestor = bindingAncestor;
            this.superName = superName;
            this.interfaces = interfaces;
            this.methods = methods;
        }

        /** A binding class whose class file cannot be read: only an exact lookup is possible. */
        static ClassInfo bindingUnreadable() {
            return new ClassInfo(true, true, null, new String[0], null);
        }
    }
}
