package org.qmpi4j.agent.internal.access;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The binding's methods that the descriptor names (datatype size, canonical method per function,
 * constants), resolved once per process from the binding's own class loader.
 */
public final class ReflectiveBindingAccess implements BindingAccess {
    private final BindingDescriptor binding;
    private final ClassLoader loader;
    private volatile @Nullable MethodHandle sizeOf;
    private volatile @Nullable MethodHandle sizeUnit;
    /** A datatype's size never changes; tools ask on every call. */
    private final DatatypeSizes sizes = new DatatypeSizes();

    private final Map<MpiFunction, CanonicalMethod> canonical = new ConcurrentHashMap<>();

    /**
     * A binding method tools call by function name. Its first calls go through reflection, later
     * ones through a spread method handle made at the {@value #REFLECTIVE_CALLS}th call: tools call
     * most such functions a few times (at initialisation and finalisation), and making the handle
     * spins method-handle adapters (several milliseconds per function in a fresh JVM), while a tool
     * that calls one per MPI call gets the handle's speed after a few calls. Reflection stops short
     * of the JDK's own switch to generated accessors (after 15 calls).
     */
    private static final class CanonicalMethod {
        private final MethodMapping mapping;
        private final java.lang.reflect.Method method;
        private final MethodType type;
        private final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        private volatile @Nullable MethodHandle spread;

        CanonicalMethod(MethodMapping mapping, java.lang.reflect.Method method) {
            this.mapping = mapping;
            this.method = method;
            MethodType t = MethodType.methodType(method.getReturnType(), method.getParameterTypes());
            this.type = java.lang.reflect.Modifier.isStatic(method.getModifiers())
                    ? t
                    : t.insertParameterTypes(0, method.getDeclaringClass());
        }

        MethodHandle spread() {
            MethodHandle h = spread;
            if (h == null) {
                try {
                    h = BindingHandles.spread(MethodHandles.publicLookup().unreflect(method));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot call " + mapping.owner() + "." + mapping.name(), e);
                }
                spread = h;
            }
            return h;
        }

        Object invoke(Object[] args) throws Throwable {
            MethodHandle h = spread;
            if (h != null) {
                return h.invokeExact(args);
            }
            if (calls.incrementAndGet() >= REFLECTIVE_CALLS) {
                return spread().invokeExact(args);
            }
            boolean isStatic = java.lang.reflect.Modifier.isStatic(method.getModifiers());
            Object receiver = isStatic ? null : args[0];
            Object[] rest = isStatic ? args : java.util.Arrays.copyOfRange(args, 1, args.length);
            try {
                return method.invoke(receiver, rest);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause(); // MPI's own exception, unchanged
            }
        }
    }

    /** Calls of one canonical method through reflection before its handle is made. */
    private static final int REFLECTIVE_CALLS = 12;

    public ReflectiveBindingAccess(BindingDescriptor binding, ClassLoader loader) {
        this.binding = binding;
        this.loader = loader;
    }

    @Override
    public long datatypeSize(Object datatype) {
        long known = sizes.get(datatype);
        if (known != DatatypeSizes.UNKNOWN) {
            return known;
        }
        try {
            MethodHandle h = sizeOf;
            if (h == null) {
                h = longMember(
                        Objects.requireNonNull(binding.datatypeSizeMethod(), "the descriptor names no size method"));
                sizeOf = h;
            }
            long size = (long) h.invokeExact(datatype);
            MethodHandle unit = unitHandle();
            if (unit != null) {
                size *= (long) unit.invokeExact(datatype);
            }
            sizes.put(datatype, size);
            return size;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot size datatype " + datatype + " with " + binding.id(), t);
        }
    }

    /**
     * A binding whose size method counts base elements (Open MPI's {@code getSize()}) names the
     * field holding a base element's bytes; it may be protected, hence reflection.
     */
    private @Nullable MethodHandle unitHandle() throws ReflectiveOperationException {
        String[] u = binding.datatypeSizeUnit();
        if (u == null) {
            return null;
        }
        MethodHandle h = sizeUnit;
        if (h == null) {
            h = longMember(u);
            sizeUnit = h;
        }
        return h;
    }

    /** An instance method ({@code desc} starts with '(') or field of the binding, as {@code (Object)long}. */
    private MethodHandle longMember(String[] m) throws ReflectiveOperationException {
        Class<?> owner = load(m[0]);
        MethodHandle h;
        if (m[2].startsWith("(")) {
            java.lang.reflect.Method method = owner.getDeclaredMethod(m[1]);
            method.setAccessible(true);
            h = MethodHandles.lookup().unreflect(method);
        } else {
            java.lang.reflect.Field field = owner.getDeclaredField(m[1]);
            field.setAccessible(true);
            h = MethodHandles.lookup().unreflectGetter(field);
        }
        return h.asType(MethodType.methodType(long.class, Object.class));
    }

    /** The binding's version as this loader sees it ("null" if the descriptor has none); read once. */
    private volatile @Nullable String version;

    @Override
    public BindingMethod canonical(MpiFunction function, @Nullable CallingAddress where) {
        // Versions of one binding may differ in a canonical method's signature (Open MPI 5.0).
        String v = version;
        if (v == null) {
            v = String.valueOf(binding.version(loader));
            version = v;
        }
        MethodMapping m = binding.canonical(function, v);
        if (m == null) {
            throw new UnsupportedOperationException(binding.id() + " has no method for " + function);
        }
        CanonicalMethod c = canonical.get(function);
        if (c == null) {
            c = new CanonicalMethod(m, resolveReflectively(m));
            CanonicalMethod raced = canonical.putIfAbsent(function, c);
            c = raced != null ? raced : c;
        }
        return new NamedMethod(m, c);
    }

    @Override
    public Exception newException(int errorClass, String message) {
        String[] ctor = binding.exceptionConstructor();
        if (ctor == null) {
            throw new UnsupportedOperationException(binding.id() + "'s descriptor names no exception");
        }
        try {
            Class<?> type = load(ctor[0]);
            if (ctor[1].equals(BindingDescriptor.EXCEPTION_WITH_CLASS)) {
                // Open MPI's constructor with an error class is protected in a final class: the
                // binding's classes are in an unnamed module, open to reflection.
                java.lang.reflect.Constructor<?> c = type.getDeclaredConstructor(int.class, int.class, String.class);
                c.setAccessible(true);
                return (Exception) c.newInstance(errorClass, errorClass, message);
            }
            return (Exception)
                    type.getConstructor(String.class).newInstance(message + " (MPI error class " + errorClass + ")");
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot make " + binding.id() + "'s exception " + ctor[0], e);
        }
    }

    @Override
    public Object constant(String name) {
        try {
            return Class.forName(binding.constantsClass().replace('/', '.'), true, loader)
                    .getField(name)
                    .get(null);
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(
                    binding.id() + " has no constant " + name + " in " + binding.constantsClass());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + name + " of " + binding.id(), e);
        }
    }

    private volatile @Nullable MethodHandle requestNull;
    private volatile boolean requestNullUnknown;

    @Override
    public @Nullable Boolean requestIsNull(Object request) {
        if (requestNullUnknown || request == null) {
            return null;
        }
        try {
            MethodHandle h = requestNull;
            if (h == null) {
                String[] m = binding.requestNullMethod();
                if (m == null) {
                    requestNullUnknown = true;
                    return null;
                }
                h = MethodHandles.publicLookup()
                        .findVirtual(load(m[0]), m[1], MethodType.methodType(boolean.class))
                        .asType(MethodType.methodType(boolean.class, Object.class));
                requestNull = h;
            }
            return (boolean) h.invokeExact(request);
        } catch (Throwable t) {
            return null;
        }
    }

    private java.lang.reflect.Method resolveReflectively(MethodMapping m) {
        try {
            Class<?> owner = load(m.owner());
            MethodType type = MethodType.fromMethodDescriptorString(m.descriptor(), loader);
            java.lang.reflect.Method method = owner.getMethod(m.name(), type.parameterArray());
            if (method.getReturnType() != type.returnType()
                    || java.lang.reflect.Modifier.isStatic(method.getModifiers()) != m.isStatic()) {
                throw new NoSuchMethodException(m.owner() + "." + m.name() + m.descriptor() + " as described");
            }
            return method;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot resolve " + m.owner() + "." + m.name() + m.descriptor(), e);
        }
    }

    private Class<?> load(String internalName) throws ClassNotFoundException {
        return Class.forName(internalName.replace('/', '.'), false, loader);
    }

    /** A binding method called by function name (a tool's {@code invokeNext} or {@code pmpi}, the agent's probes). */
    private static final class NamedMethod implements BindingMethod {
        private final MethodMapping mapping;
        private final CanonicalMethod method;

        NamedMethod(MethodMapping mapping, CanonicalMethod method) {
            this.mapping = mapping;
            this.method = method;
        }

        @Override
        public MethodType methodType() {
            return method.type;
        }

        @Override
        public MethodMapping mapping() {
            return mapping;
        }

        @Override
        public MethodHandle bindingHandle() {
            return method.spread();
        }

        @Override
        public Object callBinding(Object[] args) throws Throwable {
            return method.invoke(args);
        }
    }
}
