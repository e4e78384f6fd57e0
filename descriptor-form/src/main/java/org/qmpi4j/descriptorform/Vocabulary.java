package org.qmpi4j.descriptorform;

import java.util.Arrays;

/**
 * The words and numbers of the compiled form beyond its strings: where a role is played other than
 * by a parameter, and the fixed words of {@code repair} and {@code exception} lines. The compiler
 * writes them and the agent reads them by these names, so both sides mean the same.
 */
public final class Vocabulary {
    /** A role played by the receiver ({@code comm=this}). */
    public static final int RECEIVER = -1;
    /** No parameter plays the role. */
    public static final int NONE = -2;
    /** The return value plays the role ({@code request=return}). */
    public static final int RETURN = -3;

    /** The repair that makes a guarded {@code Object.wait} a loop. */
    public static final String REPAIR_WAIT_LOOP = "wait-loop";
    /** Constructor of the binding's exception taking error code, error class and message. */
    public static final String EXCEPTION_WITH_CLASS = "(IILjava/lang/String;)V";
    /** Constructor of the binding's exception taking a message only. */
    public static final String EXCEPTION_WITH_MESSAGE = "(Ljava/lang/String;)V";

    private Vocabulary() {}

    /** One {@link #NONE} per role: a map line before its roles are read. */
    public static int[] noRoles() {
        int[] r = new int[RoleKeyword.values().length];
        Arrays.fill(r, NONE);
        return r;
    }
}
