package org.qmpi4j.tools.check;

import java.io.IOException;
import java.io.InputStream;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.Nullable;

/**
 * Whether the program reads the status a call at a site returned, from the class file of the
 * calling method (read only when a {@code message_race} is witnessed, then kept per site). The agent
 * sees MPI calls, not what the program does with their results: Open MPI's {@code Status.getSource()}
 * is a plain Java method and MPJ Express' {@code Status.source} a public field, neither a call the
 * agent rewrites. So the bytecode at the site is looked at instead: the call's result dropped
 * ({@code POP}), or no call on that line returning the binding's status class (a completion such as
 * Open MPI's {@code waitFor()} returns none), is a status not read; one stored in a local variable
 * that the method never loads, too; anything else (stored and loaded, passed on, read at once) is
 * read. A heuristic: a status loaded to be printed counts as read, one read through another
 * variable in a later method counts as not read.
 */
final class StatusUse {
    /** What the bytecode says of a site's status. */
    enum Use {
        READ,
        NOT_READ,
        /** The class file was not found or not understood: taken as read, so that nothing is reported. */
        UNKNOWN
    }

    /** What the bytecode at a site says: whether the status is read, whether the data is looked at at once. */
    static final class Verdict {
        final Use status;
        /**
         * Whether the instructions right after the call (up to the next jump) read an element of an
         * array or call a {@code get} of a {@code java.nio} buffer: the message's data is looked at
         * at once, in the order the messages came.
         */
        final boolean dataLookedAt;

        Verdict(Use status, boolean dataLookedAt) {
            this.status = status;
            this.dataLookedAt = dataLookedAt;
        }
    }

    private static final Verdict UNKNOWN = new Verdict(Use.UNKNOWN, true);

    private static final Map<String, Verdict> KNOWN = new ConcurrentHashMap<>();

    private StatusUse() {}

    /** Whether the status of type {@code status} the call at {@code site} returned is read. */
    static Use at(@Nullable CallingAddress site, @Nullable Class<?> status) {
        return verdict(site, status).status;
    }

    /** What the bytecode at {@code site} does with the status of type {@code status} and the data. */
    static Verdict verdict(@Nullable CallingAddress site, @Nullable Class<?> status) {
        if (site == null || status == null || site.line() < 0) {
            return UNKNOWN;
        }
        String key = site + " " + status.getName();
        Verdict v = KNOWN.get(key);
        if (v == null) {
            v = read(site, status);
            if (KNOWN.size() < 1024) {
                KNOWN.put(key, v);
            }
        }
        return v;
    }

    private static Verdict read(CallingAddress site, Class<?> status) {
        byte[] bytes = classFile(site.className(), status);
        if (bytes == null) {
            return UNKNOWN;
        }
        try {
            return scan(bytes, site.methodName(), site.line(), status.getName().replace('.', '/'));
        } catch (RuntimeException e) {
            return UNKNOWN;
        }
    }

    /** What the method {@code method} of the class file {@code bytes} does at {@code line} with a status of {@code statusClass}. */
    static Use of(byte[] bytes, String method, int line, String statusClass) {
        return scan(bytes, method, line, statusClass).status;
    }

    static Verdict scan(byte[] bytes, String method, int line, String statusClass) {
        Scan scan = new Scan(method, line, "L" + statusClass + ";");
        new ClassReader(bytes).accept(scan, ClassReader.SKIP_FRAMES);
        return new Verdict(scan.verdict(), scan.dataLookedAt);
    }

    private static @Nullable byte[] classFile(String className, Class<?> status) {
        String resource = className.replace('.', '/') + ".class";
        ClassLoader[] loaders = {
            Thread.currentThread().getContextClassLoader(), ClassLoader.getSystemClassLoader(), status.getClassLoader()
        };
        for (ClassLoader l : loaders) {
            if (l == null) {
                continue;
            }
            try (InputStream in = l.getResourceAsStream(resource)) {
                if (in != null) {
                    return in.readAllBytes();
                }
            } catch (IOException e) {
                // the next loader
            }
        }
        return null;
    }

    /** The class's methods of that name, looked at line by line. */
    private static final class Scan extends ClassVisitor {
        private final String method;
        private final int line;
        private final String statusDescriptor;
        boolean found;
        boolean read;
        boolean dataLookedAt;
        /** Local variables the status was stored in, and those the method loads. */
        final BitSet stored = new BitSet();

        final BitSet loaded = new BitSet();

        Scan(String method, int line, String statusDescriptor) {
            super(Opcodes.ASM9);
            this.method = method;
            this.line = line;
            this.statusDescriptor = statusDescriptor;
        }

        @Override
        public @Nullable MethodVisitor visitMethod(
                int access, String name, String descriptor, @Nullable String signature, @Nullable String[] exceptions) {
            return name.equals(method) ? new Instructions(this) : null;
        }

        Use verdict() {
            if (!found) {
                return Use.NOT_READ; // no call on that line returns a status
            }
            if (read) {
                return Use.READ;
            }
            return stored.intersects(loaded) ? Use.READ : Use.NOT_READ;
        }

        boolean returnsStatus(String descriptor) {
            int close = descriptor.indexOf(')');
            String returned = descriptor.substring(close + 1);
            return returned.equals(statusDescriptor) || returned.equals("[" + statusDescriptor);
        }
    }

    /** One method: the current line, and what the instruction after a status-returning call does. */
    private static final class Instructions extends MethodVisitor {
        private final Scan scan;
        private int line = -1;
        private boolean afterCall;
        /** From the call to the next jump: whether the data is looked at. */
        private boolean watching;

        private final BitSet storedHere = new BitSet();
        private final BitSet loadedHere = new BitSet();

        Instructions(Scan scan) {
            super(Opcodes.ASM9);
            this.scan = scan;
        }

        @Override
        public void visitLineNumber(int number, Label start) {
            line = number;
        }

        /** The instruction after the call: a drop, a store, or any use. */
        private void next(int opcode, int variable) {
            if (!afterCall) {
                return;
            }
            afterCall = false;
            if (opcode == Opcodes.ASTORE) {
                storedHere.set(variable);
            } else if (opcode != Opcodes.POP) {
                scan.read = true;
            }
        }

        /** The end of the instructions right after the call. */
        private void jump() {
            watching = false;
        }

        @Override
        public void visitInsn(int opcode) {
            next(opcode, -1);
            if (watching && opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD) {
                scan.dataLookedAt = true;
            }
            if ((opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) || opcode == Opcodes.ATHROW) {
                jump();
            }
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            next(opcode, -1);
        }

        @Override
        public void visitVarInsn(int opcode, int variable) {
            next(opcode, variable);
            if (opcode == Opcodes.ALOAD) {
                loadedHere.set(variable);
            }
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            next(opcode, -1);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            next(opcode, -1);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            next(opcode, -1);
            if (watching && owner.startsWith("java/nio/") && name.startsWith("get")) {
                scan.dataLookedAt = true;
            }
            if (line == scan.line && scan.returnsStatus(descriptor)) {
                scan.found = true;
                afterCall = true;
                watching = true;
            }
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            next(Opcodes.INVOKEDYNAMIC, -1);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            next(opcode, -1);
            jump();
        }

        @Override
        public void visitLdcInsn(Object value) {
            next(Opcodes.LDC, -1);
        }

        @Override
        public void visitIincInsn(int variable, int increment) {
            next(Opcodes.IINC, -1);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            next(Opcodes.TABLESWITCH, -1);
            jump();
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            next(Opcodes.LOOKUPSWITCH, -1);
            jump();
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
            next(Opcodes.MULTIANEWARRAY, -1);
        }

        @Override
        public void visitEnd() {
            if (afterCall) {
                scan.read = true;
            }
            scan.stored.or(storedHere);
            // a variable counts as loaded only within the method that stored the status
            BitSet both = (BitSet) storedHere.clone();
            both.and(loadedHere);
            scan.loaded.or(both);
        }
    }
}
