package org.qmpi4j.descriptor;

import java.util.Arrays;

/**
 * The words and numbers of the compiled form that the agent reads back with its own names for
 * them ({@code MethodMapping}, {@code BindingDescriptor}): the compiler does not depend on the
 * agent, so they are stated here once more, and the agent's tests hold both sides equal.
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

    static int[] noRoles() {
        int[] r = new int[RoleKeyword.values().length];
        Arrays.fill(r, NONE);
        return r;
    }

    /**
     * Whether class {@code internalName} is in {@code entry} of a {@code packages} line: an entry
     * without {@code **} takes no subpackage.
     */
    static boolean inPackage(String internalName, String entry) {
        if (entry.endsWith("/**")) {
            return internalName.startsWith(entry.substring(0, entry.length() - 2));
        }
        return internalName.startsWith(entry) && internalName.indexOf('/', entry.length()) < 0;
    }
}
