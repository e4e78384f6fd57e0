package org.qmpi4j.agent;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/** The bytes of an empty public class of a given name, for a sealed jar made in a test. */
final class HiddenClassBytes {
    private HiddenClassBytes() {}

    static byte[] of(String binaryName) {
        ClassWriter w = new ClassWriter(0);
        w.visit(
                Opcodes.V11,
                Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER,
                binaryName.replace('.', '/'),
                null,
                "java/lang/Object",
                null);
        w.visitEnd();
        return w.toByteArray();
    }
}
