package org.qmpi4j.agent.internal.jit;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicInteger;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.qmpi4j.agent.internal.chain.CallTarget;
import org.qmpi4j.agent.internal.chain.Dispatcher;
import org.qmpi4j.api.Nullable;

/**
 * The call sites of {@code MPI_Init}, {@code MPI_Init_thread}, {@code MPI_Finalize} and
 * {@code MPI_Pcontrol} as small classes of their own: a static method of exactly the site's type
 * that puts the arguments in an array and calls the {@link Dispatcher} entry with the site's
 * {@link CallTarget}.
 *
 * <p>Why not method-handle combinators ({@code insertArguments}, {@code asCollector},
 * {@code asType}): in a JVM that has not used them yet they spin a dozen adapter classes and load
 * the JDK's bytecode generator for them, several milliseconds (and as many compilations) every
 * job pays at its first MPI call, while this class is one small definition with the ASM the agent
 * has loaded anyway to rewrite the application. These sites run a few times per process, so
 * nothing else matters here.
 *
 * <p>Only for sites whose types the agent's class loader sees as the application does (primitives
 * and JDK types: {@code String[]}, {@code int}, {@code Object}); {@link #make} answers {@code null}
 * otherwise and the linker falls back to the combinators.
 */
public final class EntrySites {
    /** A {@link Dispatcher} entry point, {@code (CallTarget, Object[])Object}. */
    public enum Entry {
        INIT("init"),
        FINALIZE("finalizeMpi"),
        PCONTROL("pcontrol");

        private final String method;

        Entry(String method) {
            this.method = method;
        }

        /** The name of its static method in {@link Dispatcher}. */
        public String method() {
            return method;
        }
    }

    private static final String DISPATCHER = "org/qmpi4j/agent/internal/chain/Dispatcher";
    private static final String TARGET = "Lorg/qmpi4j/agent/internal/chain/CallTarget;";
    private static final String ENTRY_DESCRIPTOR = "(" + TARGET + "[Ljava/lang/Object;)Ljava/lang/Object;";
    private static final AtomicInteger NAMES = new AtomicInteger();

    private static final String HANDLE = "Ljava/lang/invoke/MethodHandle;";
    private static final String SPREAD = "([Ljava/lang/Object;)Ljava/lang/Object;";

    /** The two handles of a made site. */
    public static final class Made {
        /** Of the site's type: enters the dispatcher. */
        public final MethodHandle site;
        /** {@code (Object[])Object}: the binding method itself (see {@code CallTarget.bindingHandle}). */
        public final MethodHandle binding;

        Made(MethodHandle site, MethodHandle binding) {
            this.site = site;
            this.binding = binding;
        }
    }

    private EntrySites() {}

    /**
     * A handle of exactly {@code siteType} that calls {@code entry} for {@code link}, and the
     * binding method {@code original} spread over an array (the same without {@code asSpreader});
     * {@code null} when a type of the site or method is not visible to the agent's class loader.
     */
    public static synchronized @Nullable Made make(
            Entry entry, CallTarget link, MethodType siteType, MethodHandle original)
            throws ReflectiveOperationException {
        if (!visible(siteType) || !visible(original.type())) {
            return null;
        }
        // defined in the chain's package: the class calls the dispatcher's package-private entries
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Dispatcher.class, MethodHandles.lookup());
        String name = DISPATCHER + "$Site" + NAMES.incrementAndGet();
        Class<?> c = ClassConstants.define(lookup, bytes(name, entry, siteType, original.type()), link, original);
        return new Made(
                lookup.findStatic(c, "call", siteType),
                lookup.findStatic(c, "spread", MethodType.methodType(Object.class, Object[].class)));
    }

    private static boolean visible(MethodType type) {
        ClassLoader own = EntrySites.class.getClassLoader();
        for (int i = -1; i < type.parameterCount(); i++) {
            Class<?> c = i < 0 ? type.returnType() : type.parameterType(i);
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.isPrimitive()) {
                continue;
            }
            try {
                if (Class.forName(c.getName(), false, own) != c) {
                    return false;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
        return true;
    }

    private static byte[] bytes(String name, Entry entry, MethodType siteType, MethodType originalType) {
        ClassWriter cw = ClassConstants.syntheticClass(name, "java/lang/Object");
        cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "TARGET", TARGET, null, null)
                .visitEnd();
        cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "ORIGINAL", HANDLE, null, null)
                .visitEnd();

        MethodVisitor clinit = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        clinit.visitCode();
        ClassConstants.emitTake(clinit, name, 0, "TARGET", TARGET);
        ClassConstants.emitTake(clinit, name, 1, "ORIGINAL", HANDLE);
        clinit.visitInsn(Opcodes.RETURN);
        clinit.visitMaxs(0, 0);
        clinit.visitEnd();

        Type method = Type.getType(siteType.toMethodDescriptorString());
        MethodVisitor call = cw.visitMethod(
                Opcodes.ACC_STATIC, "call", method.getDescriptor(), null, new String[] {"java/lang/Throwable"});
        call.visitCode();
        call.visitFieldInsn(Opcodes.GETSTATIC, name, "TARGET", TARGET);
        Type[] params = method.getArgumentTypes();
        pushInt(call, params.length);
        call.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
        int slot = 0;
        for (int i = 0; i < params.length; i++) {
            call.visitInsn(Opcodes.DUP);
            pushInt(call, i);
            call.visitVarInsn(params[i].getOpcode(Opcodes.ILOAD), slot);
            box(call, params[i]);
            call.visitInsn(Opcodes.AASTORE);
            slot += params[i].getSize();
        }
        call.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCHER, entry.method, ENTRY_DESCRIPTOR, false);
        unboxAndReturn(call, method.getReturnType());
        call.visitMaxs(0, 0);
        call.visitEnd();

        // spread: the binding method with the array's elements, its result boxed
        Type binding = Type.getType(originalType.toMethodDescriptorString());
        MethodVisitor spread =
                cw.visitMethod(Opcodes.ACC_STATIC, "spread", SPREAD, null, new String[] {"java/lang/Throwable"});
        spread.visitCode();
        spread.visitFieldInsn(Opcodes.GETSTATIC, name, "ORIGINAL", HANDLE);
        Type[] bindingParams = binding.getArgumentTypes();
        for (int i = 0; i < bindingParams.length; i++) {
            spread.visitVarInsn(Opcodes.ALOAD, 0);
            pushInt(spread, i);
            spread.visitInsn(Opcodes.AALOAD);
            unbox(spread, bindingParams[i]);
        }
        spread.visitMethodInsn(
                Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact", binding.getDescriptor(), false);
        Type result = binding.getReturnType();
        if (result.getSort() == Type.VOID) {
            spread.visitInsn(Opcodes.ACONST_NULL);
        } else {
            box(spread, result);
        }
        spread.visitInsn(Opcodes.ARETURN);
        spread.visitMaxs(0, 0);
        spread.visitEnd();

        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void pushInt(MethodVisitor mv, int value) {
        if (value <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + value);
        } else {
            mv.visitIntInsn(Opcodes.SIPUSH, value);
        }
    }

    private static void box(MethodVisitor mv, Type t) {
        String wrapper = wrapper(t);
        if (wrapper != null) {
            mv.visitMethodInsn(
                    Opcodes.INVOKESTATIC, wrapper, "valueOf", "(" + t.getDescriptor() + ")L" + wrapper + ";", false);
        }
    }

    private static void unboxAndReturn(MethodVisitor mv, Type t) {
        if (t.getSort() == Type.VOID) {
            mv.visitInsn(Opcodes.POP);
            mv.visitInsn(Opcodes.RETURN);
            return;
        }
        unbox(mv, t);
        mv.visitInsn(t.getOpcode(Opcodes.IRETURN));
    }

    /** The {@code Object} on the stack as {@code t}: cast, and unboxed for a primitive. */
    private static void unbox(MethodVisitor mv, Type t) {
        String wrapper = wrapper(t);
        if (wrapper == null) {
            mv.visitTypeInsn(Opcodes.CHECKCAST, t.getInternalName());
        } else {
            mv.visitTypeInsn(Opcodes.CHECKCAST, wrapper);
            mv.visitMethodInsn(
                    Opcodes.INVOKEVIRTUAL, wrapper, t.getClassName() + "Value", "()" + t.getDescriptor(), false);
        }
    }

    /** The wrapper class of a primitive type, {@code null} for references. */
    private static @Nullable String wrapper(Type t) {
        switch (t.getSort()) {
            case Type.BOOLEAN:
                return "java/lang/Boolean";
            case Type.BYTE:
                return "java/lang/Byte";
            case Type.CHAR:
                return "java/lang/Character";
            case Type.SHORT:
                return "java/lang/Short";
            case Type.INT:
                return "java/lang/Integer";
            case Type.LONG:
                return "java/lang/Long";
            case Type.FLOAT:
                return "java/lang/Float";
            case Type.DOUBLE:
                return "java/lang/Double";
            default:
                return null;
        }
    }
}
