package org.qmpi4j.agent.internal.instrument;

import java.lang.invoke.LambdaMetafactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.qmpi4j.api.Nullable;

/**
 * Rewrites one application class: every call of a mapped binding method becomes an
 * {@code invokedynamic} to the linker (shape in {@link LinkerContract}), and every method reference
 * to one ({@code comm::getRank}, {@code Request::waitAll}) is redirected to a synthetic bridge that
 * contains such a call site.
 *
 * <h2>What is rewritten</h2>
 * <ul>
 *   <li>{@code INVOKEVIRTUAL}, {@code INVOKEINTERFACE}, {@code INVOKESTATIC} whose
 *       {@code owner.name desc} resolves (see {@link BindingMethodResolver}) to a mapped method,
 *       whatever the owner: the binding class itself, a binding subclass ({@code mpi/CartComm}),
 *       an application subclass ({@code MyComm extends mpi.Intracomm}), an interface.</li>
 *   <li>{@code LambdaMetafactory.metafactory}/{@code altMetafactory} call sites whose
 *       implementation handle is {@code H_INVOKEVIRTUAL|H_INVOKEINTERFACE|H_INVOKESTATIC} of a
 *       mapped method: the handle is replaced by {@code H_INVOKESTATIC} of a private static
 *       synthetic bridge {@code lambda$qmpi4j$N(receiver?, params...)} in this class (on
 *       interfaces too: private static interface methods are legal from class file version 52,
 *       the first that has method references, and javac puts its own lambda bodies there). For a
 *       bound reference ({@code comm::getRank}) the bridge's first parameter has exactly the
 *       captured receiver's type from the {@code invokedynamic} descriptor, because
 *       LambdaMetafactory demands an exact type match for captured arguments of a static
 *       implementation; for an unbound one ({@code Comm::getRank}) it is the handle's owner,
 *       to which the functional interface's first parameter is adaptable.</li>
 * </ul>
 *
 * <h2>What is left alone, and why</h2>
 * <ul>
 *   <li>{@code INVOKESPECIAL}: {@code super.send(..)} in an application override of a binding
 *       method, constructors, private methods. The override itself is reached by a rewritten
 *       virtual call site, so intercepting the super call too would report one MPI call twice;
 *       and an {@code invokespecial} cannot be expressed as an {@code invokedynamic} whose target
 *       resolves the same way without giving the linker the caller's private lookup.</li>
 *   <li>Constructors and {@code H_NEWINVOKESPECIAL} references ({@code Status::new}): not MPI
 *       functions.</li>
 *   <li>Serializable lambdas/method references ({@code altMetafactory} with
 *       {@code FLAG_SERIALIZABLE}): the implementation handle is recorded in the
 *       {@code SerializedLambda} and checked by {@code $deserializeLambda$}; changing it would
 *       break deserialisation.</li>
 *   <li>Other {@code invokedynamic}s (string concatenation, records, ...), {@code ldc} of method
 *       handles, reflection: not call sites of the binding written by the application.</li>
 *   <li>Every class the binding owns (checked here too, though the transformer never passes
 *       them): the binding's internal calls are not application calls.</li>
 * </ul>
 *
 * <p>Frames: an {@code invokedynamic} pops and pushes exactly what the original invoke did, so
 * the existing stack map frames stay valid and the writer only recomputes max stack/locals
 * ({@code COMPUTE_MAXS}); {@code COMPUTE_FRAMES} would have to load classes to merge types. The
 * bridges are straight-line code and need no frames.
 *
 * <p>One class because ASM visits a class through one visitor: the method visitor and the
 * method-reference bridges are its inner parts and share the class being rewritten (its name,
 * source file, bridge numbering); a sixth of its length is this comment.
 */
final class CallSiteRewriter extends ClassVisitor {
    private static final String LMF = "java/lang/invoke/LambdaMetafactory";
    private static final int CONSTANT_METHODREF = 10;
    private static final int CONSTANT_INTERFACE_METHODREF = 11;

    private final ClassLoader loader;
    private final BindingMethodResolver resolver;
    private final LinkerContract contract;
    private final boolean bridgesAllowed;
    private final Set<String> takenNames;
    private final List<Bridge> bridges = new ArrayList<>();

    private @Nullable String className;
    private @Nullable String binaryName;
    private String sourceFile = LinkerContract.NO_SOURCE_FILE;
    private boolean isInterface;
    private boolean active;
    private int nextBridge;
    private int callSites;
    private int methodRefs;

    /**
     * @param bridgesAllowed  whether method references may be redirected to new bridge methods;
     *                        false when retransforming/redefining a loaded class, which must not
     *                        add methods
     * @param takenNames      names of the class's methods, so bridges never clash with them
     */
    CallSiteRewriter(
            ClassVisitor next,
            ClassLoader loader,
            BindingMethodResolver resolver,
            LinkerContract contract,
            boolean bridgesAllowed,
            Set<String> takenNames) {
        super(Opcodes.ASM9, next);
        this.loader = loader;
        this.resolver = resolver;
        this.contract = contract;
        this.bridgesAllowed = bridgesAllowed;
        this.takenNames = new HashSet<>(takenNames);
    }

    /** The outcome of {@link #rewrite}. */
    static final class Result {
        static final Result UNCHANGED = new Result(null, 0, 0);

        /** The rewritten class, or {@code null} if nothing needed rewriting. */
        final @Nullable byte[] bytes;

        final int callSites;
        final int methodRefs;

        Result(@Nullable byte[] bytes, int callSites, int methodRefs) {
            this.bytes = bytes;
            this.callSites = callSites;
            this.methodRefs = methodRefs;
        }
    }

    /**
     * Rewrites the class in {@code reader}. The class-file version is kept; the caller has checked
     * that it is at least 51 (Java 7), the first with {@code invokedynamic}.
     */
    static Result rewrite(
            ClassReader reader,
            ClassLoader loader,
            BindingMethodResolver resolver,
            LinkerContract contract,
            boolean bridgesAllowed) {
        Set<String> names = bridgesAllowed ? methodNames(reader) : Collections.emptySet();
        // Passing the reader lets the writer copy the constant pool (and unchanged methods' code).
        ClassWriter writer = new NoLoadClassWriter(reader);
        CallSiteRewriter rewriter = new CallSiteRewriter(writer, loader, resolver, contract, bridgesAllowed, names);
        reader.accept(rewriter, 0);
        if (rewriter.callSites == 0 && rewriter.methodRefs == 0) {
            return Result.UNCHANGED;
        }
        return new Result(writer.toByteArray(), rewriter.callSites, rewriter.methodRefs);
    }

    /**
     * The cheap test run before {@link #rewrite}: whether any method reference in the constant pool
     * (the owner of a {@code Methodref}/{@code InterfaceMethodref}, which invoke instructions and
     * method handle constants both point at) is a binding class or has one as supertype. Most
     * classes of an application say no after a constant pool scan and cached lookups.
     */
    static boolean referencesBinding(ClassReader reader, ClassLoader loader, BindingMethodResolver resolver) {
        char[] buf = new char[reader.getMaxStringLength()];
        Set<String> checked = new HashSet<>();
        for (int i = 1, n = reader.getItemCount(); i < n; i++) {
            int offset = reader.getItem(i);
            if (offset == 0) {
                continue; // second slot of a long/double
            }
            int tag = reader.readByte(offset - 1);
            if (tag == CONSTANT_METHODREF || tag == CONSTANT_INTERFACE_METHODREF) {
                String owner = reader.readClass(offset, buf);
                if (checked.add(owner)
                        && !BindingMethodResolver.isPlatformName(owner)
                        && resolver.hasBindingAncestor(loader, owner)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Set<String> methodNames(ClassReader reader) {
        Set<String> names = new HashSet<>();
        reader.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public @Nullable MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        names.add(name);
                        return null;
                    }
                },
                ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return names;
    }

    int callSitesRewritten() {
        return callSites;
    }

    int methodRefsRewritten() {
        return methodRefs;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        className = name;
        binaryName = name.replace('/', '.');
        isInterface = (access & Opcodes.ACC_INTERFACE) != 0;
        // (version & 0xFFFF) is the major version; invokedynamic needs 51 (Java 7).
        active = (version & 0xFFFF) >= Opcodes.V1_7 && !resolver.lookup().isBindingClass(loader, name);
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
        sourceFile = source == null ? LinkerContract.NO_SOURCE_FILE : source;
        super.visitSource(source, debug);
    }

    @Override
    public MethodVisitor visitMethod(
            int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
        return mv == null || !active ? mv : new CallSiteMethodVisitor(mv, name);
    }

    @Override
    public void visitEnd() {
        for (Bridge b : bridges) {
            b.emit();
        }
        super.visitEnd();
    }

    /**
     * Emits the call site for an invoke of {@code owner.name desc}: the {@code invokedynamic} of
     * {@link LinkerContract}.
     */
    private void emitCallSite(
            MethodVisitor mv,
            int handleTag,
            String owner,
            String name,
            String desc,
            boolean itf,
            int id,
            String callerMethod,
            int line) {
        String siteDesc = handleTag == Opcodes.H_INVOKESTATIC
                ? desc
                : "(" + Type.getObjectType(owner).getDescriptor() + desc.substring(1);
        mv.visitInvokeDynamicInsn(
                name,
                siteDesc,
                contract.bootstrapHandle(),
                new Handle(handleTag, owner, name, desc, itf),
                id,
                binaryName,
                callerMethod,
                sourceFile,
                line);
    }

    private static int handleTag(int opcode) {
        switch (opcode) {
            case Opcodes.INVOKEVIRTUAL:
                return Opcodes.H_INVOKEVIRTUAL;
            case Opcodes.INVOKEINTERFACE:
                return Opcodes.H_INVOKEINTERFACE;
            case Opcodes.INVOKESTATIC:
                return Opcodes.H_INVOKESTATIC;
            default:
                return -1;
        }
    }

    /**
     * The implementation handle of a LambdaMetafactory call site that could be redirected to a
     * bridge, or {@code null}.
     */
    static @Nullable Handle lambdaImplementation(Handle bootstrap, Object[] args) {
        if (!LMF.equals(bootstrap.getOwner()) || args.length < 3 || !(args[1] instanceof Handle)) {
            return null;
        }
        if ("altMetafactory".equals(bootstrap.getName())) {
            if (args.length < 4
                    || !(args[3] instanceof Integer)
                    || (((Integer) args[3]) & LambdaMetafactory.FLAG_SERIALIZABLE) != 0) {
                return null; // serializable: $deserializeLambda$ matches on the implementation handle
            }
        } else if (!"metafactory".equals(bootstrap.getName())) {
            return null;
        }
        Handle impl = (Handle) args[1];
        int tag = impl.getTag();
        return tag == Opcodes.H_INVOKEVIRTUAL || tag == Opcodes.H_INVOKEINTERFACE || tag == Opcodes.H_INVOKESTATIC
                ? impl
                : null;
    }

    private String bridgeName() {
        String name;
        do {
            name = LinkerContract.BRIDGE_PREFIX + nextBridge++;
        } while (!takenNames.add(name));
        return name;
    }

    /** Rewrites the invokes of one method, tracking the current source line. */
    private final class CallSiteMethodVisitor extends MethodVisitor {
        private final String methodName;
        private int line = LinkerContract.NO_LINE;

        CallSiteMethodVisitor(MethodVisitor mv, String methodName) {
            super(Opcodes.ASM9, mv);
            this.methodName = methodName;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            // ASM visits line numbers right after their label, in code order, so this is the line
            // of the instructions that follow.
            this.line = line;
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            int tag = handleTag(opcode); // -1 for INVOKESPECIAL: left alone, see class comment
            if (tag != -1) {
                int id = resolver.resolve(loader, owner, name, descriptor, opcode == Opcodes.INVOKESTATIC);
                if (id != MappingLookup.NONE) {
                    emitCallSite(mv, tag, owner, name, descriptor, isInterface, id, methodName, line);
                    callSites++;
                    return;
                }
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... args) {
            Handle impl = bridgesAllowed ? lambdaImplementation(bootstrap, args) : null;
            if (impl != null) {
                int id = resolver.resolve(
                        loader,
                        impl.getOwner(),
                        impl.getName(),
                        impl.getDesc(),
                        impl.getTag() == Opcodes.H_INVOKESTATIC);
                Handle bridge = id == MappingLookup.NONE ? null : addBridge(impl, id, descriptor, methodName, line);
                if (bridge != null) {
                    Object[] redirected = args.clone();
                    redirected[1] = bridge;
                    super.visitInvokeDynamicInsn(name, descriptor, bootstrap, redirected);
                    methodRefs++;
                    return;
                }
            }
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, args);
        }
    }

    /** Plans a bridge for a method reference and returns the handle that replaces it, or null. */
    private @Nullable Handle addBridge(Handle impl, int id, String factoryDesc, String callerMethod, int line) {
        String desc;
        if (impl.getTag() == Opcodes.H_INVOKESTATIC) {
            desc = impl.getDesc();
        } else {
            Type[] captured = Type.getArgumentTypes(factoryDesc);
            Type receiver = captured.length > 0 ? captured[0] : Type.getObjectType(impl.getOwner());
            if (receiver.getSort() != Type.OBJECT) {
                return null; // not something javac produces; leave it as it was
            }
            desc = "(" + receiver.getDescriptor() + impl.getDesc().substring(1);
        }
        String name = bridgeName();
        bridges.add(new Bridge(name, desc, impl, id, callerMethod, line));
        return new Handle(Opcodes.H_INVOKESTATIC, className, name, desc, isInterface);
    }

    /**
     * {@code private static synthetic R lambda$qmpi4j$N(args...) { return <call site>(args...); }}
     * The call site's calling address is the method reference's (method and line), not the
     * bridge's; the bridge carries the same line so stack traces through it point there too.
     */
    private final class Bridge {
        private final String name;
        private final String desc;
        private final Handle impl;
        private final int id;
        private final String callerMethod;
        private final int line;

        Bridge(String name, String desc, Handle impl, int id, String callerMethod, int line) {
            this.name = name;
            this.desc = desc;
            this.impl = impl;
            this.id = id;
            this.callerMethod = callerMethod;
            this.line = line;
        }

        void emit() {
            MethodVisitor mv = cv.visitMethod(
                    Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, name, desc, null, null);
            mv.visitCode();
            if (line >= 0) {
                Label start = new Label();
                mv.visitLabel(start);
                mv.visitLineNumber(line, start);
            }
            int slot = 0;
            for (Type t : Type.getArgumentTypes(desc)) {
                mv.visitVarInsn(t.getOpcode(Opcodes.ILOAD), slot);
                slot += t.getSize();
            }
            emitCallSite(
                    mv,
                    impl.getTag(),
                    impl.getOwner(),
                    impl.getName(),
                    impl.getDesc(),
                    impl.isInterface(),
                    id,
                    callerMethod,
                    line);
            mv.visitInsn(Type.getReturnType(desc).getOpcode(Opcodes.IRETURN));
            mv.visitMaxs(0, 0); // computed (COMPUTE_MAXS)
            mv.visitEnd();
        }
    }

    /**
     * A writer that refuses to load classes: with {@code COMPUTE_MAXS} ASM never needs a common
     * super class, but if it ever asked, loading classes from a transformer is exactly what must
     * not happen; failing makes the transformer leave the class as it was.
     */
    private static final class NoLoadClassWriter extends ClassWriter {
        NoLoadClassWriter(ClassReader reader) {
            super(reader, ClassWriter.COMPUTE_MAXS);
        }

        @Override
        protected String getCommonSuperClass(String type1, String type2) {
            throw new IllegalStateException("qmpi4j does not compute frames (" + type1 + ", " + type2 + ")");
        }
    }
}
