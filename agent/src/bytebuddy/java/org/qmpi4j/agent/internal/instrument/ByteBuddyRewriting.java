package org.qmpi4j.agent.internal.instrument;

import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.Set;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.JavaModule;
import org.qmpi4j.api.internal.log.Log;

/**
 * PROTOTYPE (Maven profile {@code bytebuddy} only): the call-site rewriting installed through
 * ByteBuddy's {@link AgentBuilder} instead of a plain {@code ClassFileTransformer}. The classes to
 * rewrite are chosen by the same rules ({@link CallSiteTransformer#eligible}, as a raw matcher); the
 * rewriting itself is the existing {@link CallSiteRewriter}, handed ByteBuddy's class visitor through
 * an {@link AsmVisitorWrapper} (the profile relocates the agent's ASM onto the copy of ASM inside
 * ByteBuddy, so both name the same classes at run time). ByteBuddy reads, describes and writes every
 * eligible class; the ASM path skips classes whose constant pool names no binding class.
 */
public final class ByteBuddyRewriting {
    private ByteBuddyRewriting() {}

    /** Installs the rewriting of {@code transformer}'s binding into {@code inst}. */
    public static void install(Instrumentation inst, CallSiteTransformer transformer) {
        new AgentBuilder.Default()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.RedefinitionStrategy.DISABLED)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.PoolStrategy.Default.FAST)
                .with(new Failures())
                .ignore(ElementMatchers.none())
                .type(new Eligible(transformer))
                .transform(new Rewrite(transformer))
                .installOn(inst);
    }

    /** The ASM path's choice of classes; no bytes here, so no constant-pool test. */
    private static final class Eligible implements AgentBuilder.RawMatcher {
        private final CallSiteTransformer transformer;

        Eligible(CallSiteTransformer transformer) {
            this.transformer = transformer;
        }

        @Override
        public boolean matches(
                TypeDescription type,
                ClassLoader loader,
                JavaModule module,
                Class<?> classBeingRedefined,
                ProtectionDomain domain) {
            transformer.stats().seen();
            return classBeingRedefined == null
                    && transformer.eligible(loader, type.getInternalName())
                    && transformer.linkerVisible(loader);
        }
    }

    private static final class Rewrite implements AgentBuilder.Transformer {
        private final CallSiteTransformer transformer;

        Rewrite(CallSiteTransformer transformer) {
            this.transformer = transformer;
        }

        @Override
        public DynamicType.Builder<?> transform(
                DynamicType.Builder<?> builder,
                TypeDescription type,
                ClassLoader loader,
                JavaModule module,
                ProtectionDomain domain) {
            return builder.visit(new RewriterWrapper(transformer, loader));
        }
    }

    /** Puts {@link CallSiteRewriter} in front of ByteBuddy's class writer. */
    private static final class RewriterWrapper extends AsmVisitorWrapper.AbstractBase {
        private final CallSiteTransformer transformer;
        private final ClassLoader loader;

        RewriterWrapper(CallSiteTransformer transformer, ClassLoader loader) {
            this.transformer = transformer;
            this.loader = loader;
        }

        @Override
        public int mergeWriter(int flags) {
            return flags | ClassWriter.COMPUTE_MAXS;
        }

        @Override
        public ClassVisitor wrap(
                TypeDescription type,
                ClassVisitor next,
                Implementation.Context context,
                TypePool pool,
                FieldList<FieldDescription.InDefinedShape> fields,
                MethodList<?> methods,
                int writerFlags,
                int readerFlags) {
            Set<String> names = new HashSet<>();
            for (MethodDescription m : methods) {
                names.add(m.getInternalName());
            }
            // one class at run time: the profile relocates org.objectweb.asm onto ByteBuddy's ASM
            org.objectweb.asm.ClassVisitor asmNext = (org.objectweb.asm.ClassVisitor) (Object) next;
            CallSiteRewriter rewriter = new CallSiteRewriter(
                    asmNext, loader, transformer.resolver(), transformer.contract(), true, names);
            Object counted = new org.objectweb.asm.ClassVisitor(org.objectweb.asm.Opcodes.ASM9, rewriter) {
                @Override
                public void visitEnd() {
                    super.visitEnd();
                    if (rewriter.callSitesRewritten() > 0 || rewriter.methodRefsRewritten() > 0) {
                        transformer.stats().rewritten(rewriter.callSitesRewritten(), rewriter.methodRefsRewritten());
                    }
                }
            };
            return (ClassVisitor) counted;
        }
    }

    /** A failed rewrite leaves the class as it was (ByteBuddy's behaviour); the first is reported. */
    private static final class Failures extends AgentBuilder.Listener.Adapter {
        @Override
        public void onError(
                String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable throwable) {
            Log.agent()
                    .once(
                            "rewrite-failed",
                            "could not rewrite the MPI calls of class " + typeName + " (" + throwable
                                    + "); it runs unchanged (further such failures are not shown)");
        }
    }
}
