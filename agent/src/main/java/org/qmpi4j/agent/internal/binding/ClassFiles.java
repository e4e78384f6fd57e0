package org.qmpi4j.agent.internal.binding;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Reads a binding's class files as bytes through a class loader's resources, never through
 * {@code loadClass}: loading {@code mpi.MPI} would run its static initialiser, which loads the
 * native MPI library, and recognition runs inside a class file transformer where loading classes
 * is unsafe anyway.
 */
final class ClassFiles {
    private ClassFiles() {}

    /**
     * The bytes of {@code internalName}'s class file as {@code loader} would find them, or
     * {@code null} if it has none (or it cannot be read). A {@code null} loader means the system
     * class loader's resources.
     */
    static byte[] read(ClassLoader loader, String internalName) {
        String path = internalName + ".class";
        URL url = loader == null ? ClassLoader.getSystemResource(path) : loader.getResource(path);
        if (url == null) {
            return null;
        }
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether the class file declares a method {@code name} with JVM descriptor {@code desc}. */
    static boolean declaresMethod(byte[] classFile, String name, String desc) {
        final boolean[] found = new boolean[1];
        try {
            new ClassReader(classFile)
                    .accept(
                            new ClassVisitor(Opcodes.ASM9) {
                                @Override
                                public MethodVisitor visitMethod(
                                        int access, String n, String d, String signature, String[] exceptions) {
                                    if (n.equals(name) && d.equals(desc)) {
                                        found[0] = true;
                                    }
                                    return null;
                                }
                            },
                            ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return false; // not a class file ASM understands: not the binding we know
        }
        return found[0];
    }
}
