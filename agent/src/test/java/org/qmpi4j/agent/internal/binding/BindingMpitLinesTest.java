package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;

/**
 * Each descriptor's MPI_T lines name real members of its binding's jar: a class for every kind of
 * object the binding has (Open MPI: all ten; mpiJava 1.2 has no files, windows, messages or info
 * objects), and the public {@code ()Z} method that tells a completed request.
 */
class BindingMpitLinesTest {
    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpj"})
    void objectClassesAndRequestNullExistInTheJar(String id) throws IOException {
        BindingDescriptor openmpi = Objects.requireNonNull(BindingCatalog.load().descriptor(id));
        File file = id.equals("openmpi") ? OpenMpiJar.file() : MpjJar.file();
        EnumSet<BindType> absent = id.equals("openmpi")
                ? EnumSet.of(BindType.NO_OBJECT)
                : EnumSet.of(
                        BindType.NO_OBJECT,
                        BindType.MPI_FILE,
                        BindType.MPI_WIN,
                        BindType.MPI_MESSAGE,
                        BindType.MPI_INFO);
        try (JarFile jar = new JarFile(file)) {
            for (BindType kind : BindType.values()) {
                if (absent.contains(kind)) {
                    assertThat(openmpi.objectClass(kind))
                            .as("%s in %s", kind, id)
                            .isNull();
                    assertThat(jar.getJarEntry("mpi/" + kind.name().substring(4).charAt(0)
                                    + kind.name().substring(5).toLowerCase() + ".class"))
                            .as("no class for %s", kind)
                            .isNull();
                    continue;
                }
                String cls = openmpi.objectClass(kind);
                assertThat(cls).as("object class of %s", kind).isNotNull();
                assertThat(jar.getJarEntry(cls + ".class"))
                        .as("%s in mpi.jar", cls)
                        .isNotNull();
            }
            String[] isNull = openmpi.requestNullMethod();
            assertThat(isNull).isNotNull();
            JarEntry entry = jar.getJarEntry(isNull[0] + ".class");
            assertThat(entry).isNotNull();
            Set<String> publicMethods = new HashSet<>();
            try (InputStream in = jar.getInputStream(entry)) {
                new ClassReader(in.readAllBytes())
                        .accept(
                                new ClassVisitor(Opcodes.ASM9) {
                                    @Override
                                    public @Nullable MethodVisitor visitMethod(
                                            int access, String name, String desc, String sig, String[] ex) {
                                        if ((access & Opcodes.ACC_PUBLIC) != 0 && (access & Opcodes.ACC_STATIC) == 0) {
                                            publicMethods.add(name + desc);
                                        }
                                        return null;
                                    }
                                },
                                ClassReader.SKIP_CODE);
            }
            assertThat(publicMethods).contains(isNull[1] + isNull[2]);
        }
    }
}
