package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.api.mpit.BindType;

/**
 * The descriptor's MPI_T lines name real members of Open MPI's mpi.jar: a class for every kind of
 * object variables can be bound to, and the public {@code ()Z} method that tells a completed request.
 */
class OpenMpiObjectKindsTest {
    @Test
    void objectClassesAndRequestNullExistInTheJar() throws IOException {
        BindingDescriptor openmpi = BindingCatalog.load().descriptor("openmpi");
        try (JarFile jar = new JarFile(OpenMpiJar.file())) {
            for (BindType kind : BindType.values()) {
                if (kind == BindType.NO_OBJECT) {
                    assertThat(openmpi.objectClass(kind)).isNull();
                    continue;
                }
                String cls = openmpi.objectClass(kind);
                assertThat(cls).as("object class of %s", kind).isNotNull();
                assertThat(jar.getJarEntry(cls + ".class")).as("%s in mpi.jar", cls).isNotNull();
            }
            String[] isNull = openmpi.requestNullMethod();
            assertThat(isNull).isNotNull();
            JarEntry entry = jar.getJarEntry(isNull[0] + ".class");
            assertThat(entry).isNotNull();
            Set<String> publicMethods = new HashSet<>();
            try (InputStream in = jar.getInputStream(entry)) {
                new ClassReader(in.readAllBytes()).accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                        if ((access & Opcodes.ACC_PUBLIC) != 0 && (access & Opcodes.ACC_STATIC) == 0) {
                            publicMethods.add(name + desc);
                        }
                        return null;
                    }
                }, ClassReader.SKIP_CODE);
            }
            assertThat(publicMethods).contains(isNull[1] + isNull[2]);
        }
    }
}
