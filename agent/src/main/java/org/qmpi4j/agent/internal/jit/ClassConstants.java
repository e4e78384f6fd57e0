package org.qmpi4j.agent.internal.jit;

import java.lang.invoke.MethodHandles;
import java.util.Objects;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.qmpi4j.api.Nullable;

/**
 * Gives a class the agent generates ({@link CallContextClasses}, {@link EntrySites}) its
 * {@code static final} constants: its static initialiser takes them from here while
 * {@link #define} holds them. Constants the JIT can fold (a method handle it inlines through, a
 * call target it knows) need {@code static final} fields, which nothing but the class's own
 * initialiser can set.
 */
public final class ClassConstants {
    private static final String SELF = "org/qmpi4j/agent/internal/jit/ClassConstants";

    /** The values of the class being initialised; guarded by this class's lock. */
    private static @Nullable Object[] pending;

    private ClassConstants() {}

    /**
     * Defines {@code bytes} in the package of {@code lookup} and initialises it now, while its
     * initialiser can {@link #take} {@code values} (in the order {@link #emitTake} was given them).
     */
    static synchronized Class<?> define(MethodHandles.Lookup lookup, byte[] bytes, Object... values)
            throws ReflectiveOperationException {
        Class<?> c = lookup.defineClass(bytes);
        pending = values;
        try {
            Class.forName(c.getName(), true, c.getClassLoader());
        } finally {
            pending = null;
        }
        return c;
    }

    /**
     * Called from a generated static initialiser, on the thread (and under the lock) of {@link #define};
     * public because the generated classes live in the chain's package.
     */
    public static Object take(int index) {
        return Objects.requireNonNull(pending, "taken only while define runs")[index];
    }

    /** A writer of the final synthetic class {@code name} (a Java 11 class file) extending {@code superName}. */
    static ClassWriter syntheticClass(String name, String superName) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(
                Opcodes.V11,
                Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC,
                name,
                null,
                superName,
                null);
        return cw;
    }

    /** Emits into a static initialiser: {@code owner.field = (type) take(index)}. */
    static void emitTake(MethodVisitor clinit, String owner, int index, String field, String descriptor) {
        clinit.visitIntInsn(Opcodes.BIPUSH, index);
        clinit.visitMethodInsn(Opcodes.INVOKESTATIC, SELF, "take", "(I)Ljava/lang/Object;", false);
        clinit.visitTypeInsn(Opcodes.CHECKCAST, Type.getType(descriptor).getInternalName());
        clinit.visitFieldInsn(Opcodes.PUTSTATIC, owner, field, descriptor);
    }
}
