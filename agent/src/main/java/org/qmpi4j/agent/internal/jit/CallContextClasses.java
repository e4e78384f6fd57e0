package org.qmpi4j.agent.internal.jit;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicInteger;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.agent.internal.chain.CallContext;
import org.qmpi4j.agent.internal.chain.CallTarget;

/**
 * Context classes of their own for binding methods that tools intercept: a small subclass of
 * {@link CallContext} per binding method, whose {@code CallContext.callBinding} calls the method
 * through a {@code static final} method handle.
 *
 * <p>Why: the JIT inlines a method handle call only when the handle is a constant. With one
 * context class for every function the handle is a field of the call, so the call to MPI stays a
 * real call that the argument array escapes into, and with it the context: an allocation per
 * intercepted call. A call site that creates its own class's context (see {@code SiteLink}) lets the
 * JIT know the exact class all the way through the tools to MPI: the handle is then a constant and
 * escape analysis can remove the context and its arguments.
 *
 * <p>One class per binding method and way of calling it in a process (not per call site), made the
 * first time a site of the method is linked for tools; a process uses a few dozen at most. Not per
 * binding method alone: MPJ Express' multicore mode has one copy of the binding per rank in one
 * JVM, and a site whose receiver is declared as a subclass casts to that subclass.
 */
public final class CallContextClasses {
    private static final String PLAIN = "org/qmpi4j/agent/internal/chain/CallContext";
    private static final String TIMED = "org/qmpi4j/agent/internal/chain/TimedCallContext";
    private static final String TARGET = "Lorg/qmpi4j/agent/internal/chain/CallTarget;";
    private static final String HANDLE = "Ljava/lang/invoke/MethodHandle;";
    private static final String SPREAD = "([Ljava/lang/Object;)Ljava/lang/Object;";
    private static final MethodType FACTORY =
            MethodType.methodType(CallContext.class, CallTarget.class, Object[].class);

    private static final AtomicInteger NAMES = new AtomicInteger();

    private CallContextClasses() {}

    /**
     * {@code (CallTarget, Object[]) -> CallContext}: makes the context of one call through
     * {@code binding}, the spread handle ({@code (Object[])Object}) of a binding method; a
     * {@code TimedCallContext} if {@code timed}. A new class each time: callers keep the factory
     * for every site that calls the same method the same way ({@code CallSites.contextFactory}).
     */
    public static synchronized MethodHandle factory(MethodHandle binding, boolean timed) {
        return define(binding, timed);
    }

    private static MethodHandle define(MethodHandle binding, boolean timed) {
        try {
            // defined in the chain's package: the class overrides its package-private methods
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(CallContext.class, MethodHandles.lookup());
            String name = PLAIN + (timed ? "$BoundTimed" : "$Bound") + NAMES.incrementAndGet();
            Class<?> c = ClassConstants.define(lookup, bytes(name, timed ? TIMED : PLAIN), binding);
            return lookup.findStatic(c, "make", FACTORY);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make the call class of " + binding, e);
        }
    }

    private static byte[] bytes(String name, String superName) {
        ClassWriter cw = ClassConstants.syntheticClass(name, superName);
        cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "BINDING", HANDLE, null, null)
                .visitEnd();

        MethodVisitor init = cw.visitMethod(0, "<init>", "(" + TARGET + "[Ljava/lang/Object;)V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitVarInsn(Opcodes.ALOAD, 1);
        init.visitVarInsn(Opcodes.ALOAD, 2);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "(" + TARGET + "[Ljava/lang/Object;)V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        // a static factory of exactly FACTORY's type: a handle to it needs no asType adapter
        MethodVisitor make = cw.visitMethod(Opcodes.ACC_STATIC, "make", FACTORY.toMethodDescriptorString(), null, null);
        make.visitCode();
        make.visitTypeInsn(Opcodes.NEW, name);
        make.visitInsn(Opcodes.DUP);
        make.visitVarInsn(Opcodes.ALOAD, 0);
        make.visitVarInsn(Opcodes.ALOAD, 1);
        make.visitMethodInsn(Opcodes.INVOKESPECIAL, name, "<init>", "(" + TARGET + "[Ljava/lang/Object;)V", false);
        make.visitInsn(Opcodes.ARETURN);
        make.visitMaxs(0, 0);
        make.visitEnd();

        MethodVisitor clinit = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        clinit.visitCode();
        ClassConstants.emitTake(clinit, name, 0, "BINDING", HANDLE);
        clinit.visitInsn(Opcodes.RETURN);
        clinit.visitMaxs(0, 0);
        clinit.visitEnd();

        MethodVisitor call = cw.visitMethod(0, "callBinding", SPREAD, null, new String[] {"java/lang/Throwable"});
        call.visitCode();
        call.visitFieldInsn(Opcodes.GETSTATIC, name, "BINDING", HANDLE);
        call.visitVarInsn(Opcodes.ALOAD, 1);
        call.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact", SPREAD, false);
        call.visitInsn(Opcodes.ARETURN);
        call.visitMaxs(0, 0);
        call.visitEnd();

        cw.visitEnd();
        return cw.toByteArray();
    }
}
