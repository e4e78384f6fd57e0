package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.api.Nullable;

/** {@link ClassFiles#declaresMethod} reads class files by hand: it must agree with ASM on real ones. */
class ClassFilesTest {

    @Test
    void agreesWithAsmOnEveryMethodOfTheRealBindingJars() throws IOException {
        int checked = 0;
        for (File jar : new File[] {OpenMpiJar.file(), MpjJar.file()}) {
            checked += checkEveryClass(jar);
        }
        assertThat(checked).as("methods checked").isGreaterThan(1000);
    }

    @Test
    void agreesWithAsmOnJdkClassesWithEveryKindOfConstant() throws IOException {
        // Long and Double constants (two pool slots), method handles, invokedynamic, non-ASCII names.
        for (Class<?> c : new Class<?>[] {
            Long.class,
            Double.class,
            String.class,
            java.util.HashMap.class,
            java.util.stream.Collectors.class,
            ClassFilesTest.class
        }) {
            String resource = c.getName().replace('.', '/') + ".class";
            try (InputStream in = ClassLoader.getSystemResourceAsStream(resource)) {
                check(in.readAllBytes());
            }
        }
        // Names beyond ASCII (two- and three-byte modified UTF-8, and the NUL character's two bytes).
        String name = "caf\u00e9\u4e2d\u0000x";
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V11, Opcodes.ACC_PUBLIC, "demo/NonAscii", null, "java/lang/Object", null);
        w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT, name, "()V", null, null)
                .visitEnd();
        w.visitEnd();
        byte[] bytes = w.toByteArray();
        check(bytes);
        assertThat(ClassFiles.declaresMethod(bytes, name, "()V")).isTrue();
        assertThat(ClassFiles.declaresMethod(bytes, "caf\u00e9\u4e2d", "()V")).isFalse();
    }

    @Test
    void aTruncatedOrForeignFileDeclaresNothing() throws IOException {
        byte[] bytes = bytesOf(ClassFilesTest.class);
        assertThat(ClassFiles.declaresMethod(bytes, "aTruncatedOrForeignFileDeclaresNothing", "()V"))
                .isTrue();
        for (int cut : new int[] {0, 4, 10, bytes.length / 2, bytes.length - 1}) {
            assertThat(ClassFiles.declaresMethod(
                            Arrays.copyOf(bytes, cut), "aTruncatedOrForeignFileDeclaresNothing", "()V"))
                    .as("cut at " + cut)
                    .isFalse();
        }
        assertThat(ClassFiles.declaresMethod(
                        Arrays.copyOf(bytes, bytes.length + 1), "aTruncatedOrForeignFileDeclaresNothing", "()V"))
                .as("a byte after the end")
                .isFalse();
        byte[] foreign = bytes.clone();
        foreign[0] = 0x50;
        assertThat(ClassFiles.declaresMethod(foreign, "aTruncatedOrForeignFileDeclaresNothing", "()V"))
                .isFalse();
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getClassLoader().getResourceAsStream(c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static int checkEveryClass(File jar) throws IOException {
        int n = 0;
        try (JarFile j = new JarFile(jar)) {
            for (Enumeration<JarEntry> e = j.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (entry.getName().endsWith(".class")) {
                    try (InputStream in = j.getInputStream(entry)) {
                        n += check(in.readAllBytes());
                    }
                }
            }
        }
        return n;
    }

    /** Every method ASM sees is declared; the same names with other descriptors, and other names, are not. */
    private static int check(byte[] bytes) {
        List<String[]> methods = new ArrayList<>();
        new ClassReader(bytes)
                .accept(
                        new ClassVisitor(Opcodes.ASM9) {
                            @Override
                            public @Nullable MethodVisitor visitMethod(
                                    int access, String name, String desc, String signature, String[] exceptions) {
                                methods.add(new String[] {name, desc});
                                return null;
                            }
                        },
                        ClassReader.SKIP_CODE);
        for (String[] m : methods) {
            assertThat(ClassFiles.declaresMethod(bytes, m[0], m[1]))
                    .as(m[0] + m[1])
                    .isTrue();
            String otherDesc = m[1].replace(")", "I)");
            boolean otherDeclared = false;
            for (String[] o : methods) {
                otherDeclared |= o[0].equals(m[0]) && o[1].equals(otherDesc);
            }
            assertThat(ClassFiles.declaresMethod(bytes, m[0], otherDesc)).isEqualTo(otherDeclared);
            assertThat(ClassFiles.declaresMethod(bytes, m[0] + "$none", m[1])).isFalse();
        }
        return methods.size();
    }
}
