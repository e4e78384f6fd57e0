package org.qmpi4j.agent.internal.jit;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.agent.internal.chain.NextFunction;
import org.qmpi4j.agent.internal.chain.ToolInstance;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;

/**
 * A class of its own for each position in the chain: {@link NextFunction} subclasses whose step
 * methods are byte-for-byte copies of {@link NextFunction}'s, made once per position when tools are
 * initialised.
 *
 * <p>Why copies: the JIT profiles each method's bytecode, not each object. With one step method
 * for the whole chain, the step after the last tool (always the binding) and the step before the
 * first tool (always a handler) share one profile that says "sometimes a handler", so the JIT
 * keeps inlining handlers into the step that never calls one until its recursion limit, and the
 * call that is left there takes the call's context: escape analysis then cannot remove it. A
 * class per position gives each step its own profile, and a chain of distinct methods the JIT can
 * inline to the end.
 *
 * <p>If the copy cannot be made (the agent's own class file unreadable), every position uses
 * {@link NextFunction} itself: the same behaviour, only without the separate profiles.
 */
public final class ChainStepClasses {
    /** Positions with a class of their own: the entry and the steps after the first 15 tools. */
    public static final int LIMIT = 16;

    private static final String BASE = "org/qmpi4j/agent/internal/chain/NextFunction";
    private static final MethodType CONSTRUCTOR =
            MethodType.methodType(void.class, MpiFunction.class, ToolInstance.class);
    private static final MethodType FACTORY =
            MethodType.methodType(NextFunction.class, MpiFunction.class, ToolInstance.class);

    private static final MethodHandle[] FACTORIES = new MethodHandle[LIMIT];
    private static @Nullable byte[] template;
    private static boolean unavailable;

    private ChainStepClasses() {}

    /**
     * The next function of {@code owner} ({@code null}: the chain's entry) for {@code f}, of the
     * class of chain position {@code position} (0 for the entry, {@code i + 1} after the
     * {@code i}-th tool instance).
     */
    public static NextFunction create(MpiFunction f, @Nullable ToolInstance owner, int position) {
        MethodHandle factory = factory(position);
        if (factory != null) {
            try {
                return (NextFunction) factory.invokeExact(f, owner);
            } catch (Throwable t) {
                Log.agent().fault("chain-position", "separate chain steps are off", t);
            }
        }
        return NextFunction.generic(f, owner);
    }

    private static synchronized @Nullable MethodHandle factory(int position) {
        if (position < 0 || position >= LIMIT || unavailable) {
            return null;
        }
        MethodHandle f = FACTORIES[position];
        if (f == null) {
            try {
                f = define(position);
            } catch (ReflectiveOperationException | IOException | RuntimeException | LinkageError e) {
                unavailable = true;
                Log.agent().fault("chain-position", "separate chain steps are off", e);
                return null;
            }
            FACTORIES[position] = f;
        }
        return f;
    }

    private static MethodHandle define(int position) throws ReflectiveOperationException, IOException {
        // defined in the chain's package: the copies override package-private methods
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(NextFunction.class, MethodHandles.lookup());
        Class<?> c = lookup.defineClass(copy(BASE + "$At" + position));
        return lookup.findStatic(c, "make", FACTORY);
    }

    /** A subclass named {@code name} holding copies of {@link NextFunction}'s step methods. */
    private static byte[] copy(String name) throws IOException {
        ClassReader reader = new ClassReader(template());
        ClassWriter writer = new ClassWriter(0);
        writer.visit(
                Opcodes.V11, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name, null, BASE, null);
        String ctorDescriptor = CONSTRUCTOR.toMethodDescriptorString();
        MethodVisitor init = writer.visitMethod(0, "<init>", ctorDescriptor, null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitVarInsn(Opcodes.ALOAD, 1);
        init.visitVarInsn(Opcodes.ALOAD, 2);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, BASE, "<init>", ctorDescriptor, false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(3, 3);
        init.visitEnd();
        // a static factory of exactly FACTORY's type: a handle to it needs no asType adapter
        MethodVisitor make =
                writer.visitMethod(Opcodes.ACC_STATIC, "make", FACTORY.toMethodDescriptorString(), null, null);
        make.visitCode();
        make.visitTypeInsn(Opcodes.NEW, name);
        make.visitInsn(Opcodes.DUP);
        make.visitVarInsn(Opcodes.ALOAD, 0);
        make.visitVarInsn(Opcodes.ALOAD, 1);
        make.visitMethodInsn(Opcodes.INVOKESPECIAL, name, "<init>", ctorDescriptor, false);
        make.visitInsn(Opcodes.ARETURN);
        make.visitMaxs(4, 2);
        make.visitEnd();
        reader.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public @Nullable MethodVisitor visitMethod(
                            int access, String method, String descriptor, String signature, String[] exceptions) {
                        if (!"invoke".equals(method) || (access & Opcodes.ACC_STATIC) != 0) {
                            return null;
                        }
                        // same name, descriptor and body: an override with a profile of its own
                        return writer.visitMethod(access, method, descriptor, signature, exceptions);
                    }
                },
                ClassReader.SKIP_DEBUG);
        writer.visitEnd();
        return writer.toByteArray();
    }

    /** NextFunction's class file: a plain class file, or the sealed agent jar's hidden copy of it. */
    private static byte[] template() throws IOException {
        if (template == null) {
            for (String resource : new String[] {"NextFunction.class", "NextFunction.classdata"}) {
                try (InputStream in = NextFunction.class.getResourceAsStream(resource)) {
                    if (in != null) {
                        template = in.readAllBytes();
                        return template;
                    }
                }
            }
            throw new IOException("NextFunction's class file is not readable");
        }
        return template;
    }
}
