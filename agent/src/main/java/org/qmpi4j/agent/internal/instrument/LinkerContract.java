package org.qmpi4j.agent.internal.instrument;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;

/**
 * The bytecode shape of a rewritten call site: the single agreement between the rewriter (this
 * package) and the linker ({@code org.qmpi4j.agent.internal.link.CallSiteLinker}, reached through
 * the visible bootstrap class {@code org.qmpi4j.agent.CallSiteBootstrap}, the one agent class
 * application classes can resolve). Change all three or none.
 *
 * <p>A call {@code INVOKEVIRTUAL|INVOKEINTERFACE|INVOKESTATIC owner.name desc} of a mapped binding
 * method becomes
 * <pre>
 * INVOKEDYNAMIC name (desc, with "Lowner;" prepended for instance methods)
 *   bootstrap: H_INVOKESTATIC {@value #BOOTSTRAP_OWNER}.{@value #BOOTSTRAP_NAME} {@value #BOOTSTRAP_DESCRIPTOR}
 *   static arguments:
 * (each static argument arrives as {@code Object}: {@code int} ones as {@code Integer})
 *     [0] MethodHandle  the original target: Handle(H_INVOKEVIRTUAL|H_INVOKEINTERFACE|H_INVOKESTATIC,
 *                       owner, name, desc, owner-is-interface), so the JVM resolves it exactly as it
 *                       resolved the original instruction (same owner, same access checks)
 *     [1] int           mapping id (the binding catalog's id of the declaring method)
 *     [2] String        calling class, binary name with dots (org.example.Ring$Worker)
 *     [3] String        calling method name (main, lambda$main$0, &lt;clinit&gt;, ...)
 *     [4] String        source file name, or "" when the class has none
 *     [5] int           source line, or -1 when the method has no line numbers
 * </pre>
 * The stack before and after the instruction is the same as for the original call, so stack map
 * frames stay valid. A method reference to a mapped method is redirected to a synthetic bridge
 * ({@value #BRIDGE_PREFIX}N) whose body is such a call site.
 *
 * <p>Instances carry the bootstrap owner and name so that tests can point the rewriter at a test
 * linker; the agent always uses {@link #DEFAULT}.
 */
public final class LinkerContract {
    public static final String BOOTSTRAP_OWNER = "org/qmpi4j/agent/CallSiteBootstrap";
    public static final String BOOTSTRAP_NAME = "link";
    /**
     * {@code (Lookup, String, Object...6)Object} with the static arguments and the site's type as
     * {@code Object}: the shape the JVM invokes bootstrap methods with, so no adapter is spun for it
     * (see {@code CallSiteBootstrap.link}).
     */
    public static final String BOOTSTRAP_DESCRIPTOR = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;"
            + "Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;";

    /** Indexes of the static arguments (after the JVM's own lookup, name and type). */
    public static final int ARG_TARGET = 0;

    public static final int ARG_MAPPING_ID = 1;
    public static final int ARG_CALLER_CLASS = 2;
    public static final int ARG_CALLER_METHOD = 3;
    public static final int ARG_SOURCE_FILE = 4;
    public static final int ARG_LINE = 5;
    public static final int STATIC_ARG_COUNT = 6;

    /** Value of argument [4] when the class was compiled without a SourceFile attribute. */
    public static final String NO_SOURCE_FILE = "";
    /** Value of argument [5] when the method has no line number at the call. */
    public static final int NO_LINE = -1;

    /** Name prefix of the synthetic bridges that method references to binding methods are redirected to. */
    public static final String BRIDGE_PREFIX = "lambda$qmpi4j$";

    public static final LinkerContract DEFAULT = new LinkerContract(BOOTSTRAP_OWNER, BOOTSTRAP_NAME);

    private final String bootstrapOwner;
    private final String bootstrapName;
    private final Handle bootstrap;

    private LinkerContract(String bootstrapOwner, String bootstrapName) {
        this.bootstrapOwner = bootstrapOwner;
        this.bootstrapName = bootstrapName;
        this.bootstrap = new Handle(Opcodes.H_INVOKESTATIC, bootstrapOwner, bootstrapName, BOOTSTRAP_DESCRIPTOR, false);
    }

    /**
     * The same contract with another bootstrap method (same descriptor), for tests.
     *
     * @param owner internal name of a public class visible from the rewritten classes
     * @param name  name of a public static method with {@link #BOOTSTRAP_DESCRIPTOR}
     */
    public static LinkerContract withBootstrap(String owner, String name) {
        return new LinkerContract(owner, name);
    }

    public String bootstrapOwner() {
        return bootstrapOwner;
    }

    public String bootstrapName() {
        return bootstrapName;
    }

    /** The bootstrap method handle every rewritten call site names. */
    public Handle bootstrapHandle() {
        return bootstrap;
    }
}
