package org.qmpi4j.agent.internal.jit;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.modifier.FieldManifestation;
import net.bytebuddy.description.modifier.Ownership;
import net.bytebuddy.description.modifier.SyntheticState;
import net.bytebuddy.description.modifier.TypeManifestation;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.implementation.bytecode.ByteCodeAppender;
import net.bytebuddy.implementation.bytecode.Duplication;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.TypeCreation;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.member.FieldAccess;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import org.qmpi4j.agent.internal.chain.CallContext;
import org.qmpi4j.agent.internal.chain.CallTarget;

/**
 * PROTOTYPE (Maven profile {@code bytebuddy} only): the context classes of the ASM
 * {@code CallContextClasses} in {@code src/main}, written with ByteBuddy's typed API instead. Same
 * class shape: a final subclass of {@link CallContext} (or {@code TimedCallContext}) in the chain's
 * package with a {@code static final MethodHandle BINDING} set by its initialiser from
 * {@link ClassConstants#take}, a static factory {@code make} of exactly {@code FACTORY}'s type, and
 * {@code callBinding} calling {@code BINDING.invokeExact(args)}.
 */
public final class CallContextClasses {
    private static final MethodType FACTORY =
            MethodType.methodType(CallContext.class, CallTarget.class, Object[].class);
    private static final String FIELD = "BINDING";
    private static final String TIMED = "org.qmpi4j.agent.internal.chain.TimedCallContext";

    private static final AtomicInteger NAMES = new AtomicInteger();

    private CallContextClasses() {}

    /** As the ASM version: {@code (CallTarget, Object[]) -> CallContext} for calls through {@code binding}. */
    public static synchronized MethodHandle factory(MethodHandle binding, boolean timed) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(CallContext.class, MethodHandles.lookup());
            String name = CallContext.class.getName() + (timed ? "$BoundTimed" : "$Bound") + NAMES.incrementAndGet();
            // TimedCallContext is package-private: reached through the chain package's lookup
            Class<?> superClass = timed ? lookup.findClass(TIMED) : CallContext.class;
            Class<?> c = ClassConstants.define(lookup, bytes(name, superClass), binding);
            return lookup.findStatic(c, "make", FACTORY);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make the call class of " + binding, e);
        }
    }

    static byte[] bytes(String name, Class<?> superClass) throws NoSuchMethodException {
        return new ByteBuddy(ClassFileVersion.JAVA_V11)
                .with(TypeValidation.DISABLED)
                .subclass(superClass, ConstructorStrategy.Default.IMITATE_SUPER_CLASS)
                .name(name)
                .modifiers(Visibility.PACKAGE_PRIVATE, TypeManifestation.FINAL, SyntheticState.SYNTHETIC)
                .defineField(FIELD, MethodHandle.class, Visibility.PRIVATE, Ownership.STATIC, FieldManifestation.FINAL)
                .initializer(new TakeBinding())
                .defineMethod("make", CallContext.class, Ownership.STATIC)
                .withParameters(CallTarget.class, Object[].class)
                .intercept(Implementation.Simple.of(CallContextClasses::construct))
                .method(named("callBinding"))
                .intercept(MethodCall.invoke(MethodHandle.class.getMethod("invokeExact", Object[].class))
                        .onField(FIELD)
                        .withArgument(0))
                .make()
                .getBytes();
    }

    /** {@code return new <this class>(target, args);} */
    private static StackManipulation construct(Implementation.Target target, MethodDescription make) {
        TypeDescription self = target.getInstrumentedType();
        MethodDescription constructor =
                self.getDeclaredMethods().filter(isConstructor()).getOnly();
        return new StackManipulation.Compound(
                TypeCreation.of(self),
                Duplication.SINGLE,
                MethodVariableAccess.allArgumentsOf(make),
                MethodInvocation.invoke(constructor),
                MethodReturn.REFERENCE);
    }

    /** The static initialiser: {@code BINDING = (MethodHandle) ClassConstants.take(0);} */
    private static final class TakeBinding implements ByteCodeAppender {
        @Override
        public Size apply(
                net.bytebuddy.jar.asm.MethodVisitor mv, Implementation.Context context, MethodDescription clinit) {
            FieldDescription field = clinit.getDeclaringType()
                    .asErasure()
                    .getDeclaredFields()
                    .filter(named(FIELD))
                    .getOnly();
            MethodDescription take;
            try {
                take = new MethodDescription.ForLoadedMethod(ClassConstants.class.getMethod("take", int.class));
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e);
            }
            StackManipulation.Size size = new StackManipulation.Compound(
                            IntegerConstant.forValue(0),
                            MethodInvocation.invoke(take),
                            TypeCasting.to(TypeDescription.ForLoadedType.of(MethodHandle.class)),
                            FieldAccess.forField(field).write())
                    .apply(mv, context);
            return new Size(size.getMaximalSize(), clinit.getStackSize());
        }
    }
}
