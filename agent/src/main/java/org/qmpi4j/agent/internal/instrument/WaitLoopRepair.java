package org.qmpi4j.agent.internal.instrument;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.api.Nullable;

/**
 * Turns a method's {@code if (condition) wait();} into {@code while (condition) wait();}.
 * {@code Object.wait} may return without any notification (the JVM allows spurious wakeups,
 * and HotSpot has them, rarely, under load), so code that waits once and then acts as if it had
 * been woken for its event acts on an event that did not happen. MPJ Express 0.44's multicore
 * device waits that way for every blocking receive and send ({@code xdev.smpdev.Semaphore}); its
 * TCP device's semaphore loops. A receive woken spuriously returns with an empty buffer, and the
 * next collective of the ranks fails or waits for ever.
 *
 * <p>The rewrite is made only to a method of the expected shape, checked first: everything before
 * its single {@code wait} call only reads (locals, fields, constants) and branches, so running it
 * again is safe; the code after {@code wait} is then a jump back to the method's start, which
 * tests the condition again. A method of another shape is left as it is.
 */
final class WaitLoopRepair {
    private WaitLoopRepair() {}

    /**
     * The class file with method {@code name desc} repaired, or {@code null} when the class has
     * no such method or it is not of the expected shape.
     */
    static @Nullable byte[] apply(byte[] classFile, String name, String desc) {
        ClassReader reader = new ClassReader(classFile);
        Shape shape = new Shape(name, desc);
        reader.accept(shape, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        if (!shape.repairable()) {
            return null;
        }
        // Frames are copied, not computed (no class needs loading): the loop's head gets the frame
        // of the method's entry, and the code after the new jump is already a branch target.
        int major = ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new Repair(writer, name, desc, major >= Opcodes.V1_6), 0);
        return writer.toByteArray();
    }

    private static boolean isWait(int opcode, String owner, String name, String desc) {
        return opcode == Opcodes.INVOKEVIRTUAL
                && name.equals("wait")
                && (desc.equals("()V") || desc.equals("(J)V"))
                && !owner.startsWith("[");
    }

    /** Reads the method once: one wait call, preceded by reads and a conditional branch only. */
    private static final class Shape extends ClassVisitor {
        private final String name;
        private final String desc;
        private boolean found;
        private int waits;
        private boolean onlyReadsBefore = true;
        private boolean branchBefore;

        Shape(String name, String desc) {
            super(Opcodes.ASM9);
            this.name = name;
            this.desc = desc;
        }

        boolean repairable() {
            return found && waits == 1 && onlyReadsBefore && branchBefore;
        }

        @Override
        public @Nullable MethodVisitor visitMethod(
                int access, String n, String d, String signature, String[] exceptions) {
            if (!n.equals(name) || !d.equals(desc) || (access & Opcodes.ACC_STATIC) != 0) {
                return null;
            }
            found = true;
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public void visitInsn(int opcode) {
                    boolean constant = opcode >= Opcodes.ACONST_NULL && opcode <= Opcodes.DCONST_1;
                    before(constant);
                }

                @Override
                public void visitIntInsn(int opcode, int operand) {
                    before(opcode != Opcodes.NEWARRAY);
                }

                @Override
                public void visitVarInsn(int opcode, int var) {
                    before(opcode >= Opcodes.ILOAD && opcode <= Opcodes.ALOAD);
                }

                @Override
                public void visitFieldInsn(int opcode, String owner, String n2, String d2) {
                    before(opcode == Opcodes.GETFIELD || opcode == Opcodes.GETSTATIC);
                }

                @Override
                public void visitJumpInsn(int opcode, Label label) {
                    if (waits == 0) {
                        branchBefore |= opcode != Opcodes.GOTO && opcode != Opcodes.JSR;
                        onlyReadsBefore &= opcode != Opcodes.JSR;
                    }
                }

                @Override
                public void visitLdcInsn(Object value) {
                    before(true);
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String n2, String d2, boolean itf) {
                    if (isWait(opcode, owner, n2, d2)) {
                        waits++;
                    } else {
                        before(false);
                    }
                }

                @Override
                public void visitTypeInsn(int opcode, String type) {
                    before(opcode == Opcodes.INSTANCEOF);
                }

                @Override
                public void visitInvokeDynamicInsn(String n2, String d2, org.objectweb.asm.Handle h, Object... args) {
                    before(false);
                }

                @Override
                public void visitIincInsn(int var, int increment) {
                    before(false);
                }

                @Override
                public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
                    before(false);
                }

                @Override
                public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
                    before(false);
                }

                @Override
                public void visitMultiANewArrayInsn(String d2, int dims) {
                    before(false);
                }

                @Override
                public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                    onlyReadsBefore = false; // a handler could be entered from the repeated part
                }

                private void before(boolean reads) {
                    if (waits == 0) {
                        onlyReadsBefore &= reads;
                    }
                }
            };
        }
    }

    /** Writes the method with a label and frame at its start and a jump back after its wait. */
    private static final class Repair extends ClassVisitor {
        private final String name;
        private final String desc;
        private final boolean frames;

        Repair(ClassVisitor next, String name, String desc, boolean frames) {
            super(Opcodes.ASM9, next);
            this.name = name;
            this.desc = desc;
            this.frames = frames;
        }

        @Override
        public MethodVisitor visitMethod(int access, String n, String d, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, n, d, signature, exceptions);
            if (!n.equals(name) || !d.equals(desc)) {
                return mv;
            }
            return new MethodVisitor(Opcodes.ASM9, mv) {
                private final Label head = new Label();

                @Override
                public void visitCode() {
                    super.visitCode();
                    super.visitLabel(head);
                    if (frames) {
                        super.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                    }
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String n2, String d2, boolean itf) {
                    super.visitMethodInsn(opcode, owner, n2, d2, itf);
                    if (isWait(opcode, owner, n2, d2)) {
                        super.visitJumpInsn(Opcodes.GOTO, head);
                    }
                }
            };
        }
    }
}
