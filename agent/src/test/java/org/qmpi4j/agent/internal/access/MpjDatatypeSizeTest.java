package org.qmpi4j.agent.internal.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.binding.BindingCatalog;

/**
 * The agent sizes MPJ Express datatypes as mpj.binding says, on MPJ's real classes: bytes per item
 * of the datatype, for basic and derived types, where MPJ's own {@code Size()} counts base
 * elements. MPJ's datatypes are built here without {@code MPI.Init} (which needs a running job):
 * basic types through their package-private constructor, derived ones through the public static
 * constructors, which only compute sizes in Java.
 */
class MpjDatatypeSizeTest {
    private static URLClassLoader mpj;
    private static ReflectiveBindingAccess access;
    private static Class<?> datatype;

    @BeforeAll
    static void loadMpj() throws Exception {
        File jar = new File(System.getProperty("mpj.jar", ""));
        assertThat(jar)
                .as("MPJ Express jar (system property mpj.jar; run scripts/setup-mpi.sh)")
                .isFile();
        mpj = new URLClassLoader(new URL[] {jar.toURI().toURL()}, ClassLoader.getPlatformClassLoader());
        access = new ReflectiveBindingAccess(
                Objects.requireNonNull(BindingCatalog.load().descriptor("mpj")), mpj);
        datatype = Class.forName("mpi.Datatype", true, mpj);
    }

    @AfterAll
    static void close() throws Exception {
        mpj.close();
    }

    /** What MPI.INT, MPI.DOUBLE, ... are after MPI.Init: a BasicType of Datatype's type code. */
    private static Object basic(String code) throws Exception {
        Field f = datatype.getDeclaredField(code);
        f.setAccessible(true);
        Constructor<?> c = Class.forName("mpi.BasicType", true, mpj).getDeclaredConstructor(int.class);
        c.setAccessible(true);
        return c.newInstance(f.getInt(null));
    }

    private static int mpjSize(Object type) throws Exception {
        return (Integer) datatype.getMethod("Size").invoke(type);
    }

    @Test
    void basicTypesAreSizedInBytes() throws Exception {
        assertThat(access.datatypeSize(basic("INT"))).isEqualTo(4);
        assertThat(access.datatypeSize(basic("DOUBLE"))).isEqualTo(8);
        assertThat(access.datatypeSize(basic("CHAR"))).as("a Java char").isEqualTo(2);
        assertThat(access.datatypeSize(basic("BYTE"))).isEqualTo(1);
        assertThat(access.datatypeSize(basic("LONG"))).isEqualTo(8);
        assertThat(mpjSize(basic("DOUBLE")))
                .as("MPJ's Size(): base elements, not bytes")
                .isEqualTo(1);
    }

    @Test
    void objectsHaveNoSizeBeforeTheyAreSerialised() throws Exception {
        assertThat(access.datatypeSize(basic("OBJECT"))).isZero();
    }

    @Test
    void derivedTypesAreSizedInBytesOfData() throws Exception {
        Object dbl = basic("DOUBLE");
        Object contiguous =
                datatype.getMethod("Contiguous", int.class, datatype).invoke(null, 3, dbl);
        assertThat(access.datatypeSize(contiguous)).isEqualTo(24);
        assertThat(mpjSize(contiguous)).isEqualTo(3);
        // 2 blocks of 3 ints, stride 5: 6 ints of data (the gaps are not sent).
        Object vector = datatype.getMethod("Vector", int.class, int.class, int.class, datatype)
                .invoke(null, 2, 3, 5, basic("INT"));
        assertThat(access.datatypeSize(vector)).isEqualTo(24);
        Object indexed = datatype.getMethod("Indexed", int[].class, int[].class, datatype)
                .invoke(null, new int[] {2, 3}, new int[] {0, 10}, dbl);
        assertThat(access.datatypeSize(indexed)).isEqualTo(40);
    }

    /**
     * A tool's call by function name reaches MPJ's own method: first through reflection, then,
     * from the twelfth call on, through the method handle; the answers are the same either way.
     */
    @Test
    void aToolsCallByFunctionNameGivesTheSameAnswerThroughReflectionAndTheHandle() throws Throwable {
        BindingMethod typeSize = access.canonical(
                org.qmpi4j.api.MpiFunction.MPI_TYPE_SIZE, new org.qmpi4j.api.CallingAddress("T", "m", null, -1));
        Object doubles = basic("DOUBLE");

        for (int i = 0; i < 30; i++) {
            assertThat(typeSize.callBinding(new Object[] {doubles}))
                    .as("call %d", i)
                    .isEqualTo(1);
        }
        assertThat(typeSize.bindingHandle().invokeExact(new Object[] {doubles})).isEqualTo(1);
        assertThat(typeSize.methodType()).isEqualTo(java.lang.invoke.MethodType.methodType(int.class, datatype));
    }
}
