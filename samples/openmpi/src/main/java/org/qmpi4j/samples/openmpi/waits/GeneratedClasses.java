package org.qmpi4j.samples.openmpi.waits;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Classes made at run time, each a distinct class file defined by a class loader of its own and
 * initialised, so that the JVM parses, verifies, links and initialises every one: what a program
 * that loads many classes in its first iteration (frameworks, generated code) makes its JVM do.
 */
final class GeneratedClasses {
    private GeneratedClasses() {}

    /** Defines and initialises {@code n} new classes; returns how many. */
    static int defineAndInitialise(int n) throws IOException {
        Loader loader = new Loader();
        int done = 0;
        for (int i = 0; i < n; i++) {
            String name = "org/qmpi4j/samples/generated/C" + i;
            Class<?> c = loader.define(name.replace('/', '.'), classFile(name));
            try {
                Class.forName(c.getName(), true, loader);
            } catch (ClassNotFoundException e) {
                throw new IOException(e);
            }
            done++;
        }
        return done;
    }

    /** A public class {@code name} extending Object, with a constructor and an empty static initialiser. */
    static byte[] classFile(String name) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(bytes);
        o.writeInt(0xCAFEBABE);
        o.writeShort(0);
        o.writeShort(52); // Java 8 class files: verified by the type checker
        o.writeShort(11); // constant pool count (10 entries)
        o.writeByte(7); // 1: this class
        o.writeShort(2);
        o.writeByte(1); // 2
        o.writeUTF(name);
        o.writeByte(7); // 3: super class
        o.writeShort(4);
        o.writeByte(1); // 4
        o.writeUTF("java/lang/Object");
        o.writeByte(1); // 5
        o.writeUTF("<init>");
        o.writeByte(1); // 6
        o.writeUTF("()V");
        o.writeByte(1); // 7
        o.writeUTF("Code");
        o.writeByte(12); // 8: name and type <init>()V
        o.writeShort(5);
        o.writeShort(6);
        o.writeByte(10); // 9: Object.<init>()V
        o.writeShort(3);
        o.writeShort(8);
        o.writeByte(1); // 10
        o.writeUTF("<clinit>");
        o.writeShort(0x21); // public super
        o.writeShort(1);
        o.writeShort(3);
        o.writeShort(0); // interfaces
        o.writeShort(0); // fields
        o.writeShort(2); // methods
        o.writeShort(1); // public <init>()V: aload_0, invokespecial Object.<init>, return
        o.writeShort(5);
        o.writeShort(6);
        o.writeShort(1);
        o.writeShort(7);
        o.writeInt(12 + 5);
        o.writeShort(1);
        o.writeShort(1);
        o.writeInt(5);
        o.writeByte(0x2a);
        o.writeByte(0xb7);
        o.writeShort(9);
        o.writeByte(0xb1);
        o.writeShort(0);
        o.writeShort(0);
        o.writeShort(8); // static <clinit>()V: return
        o.writeShort(10);
        o.writeShort(6);
        o.writeShort(1);
        o.writeShort(7);
        o.writeInt(12 + 1);
        o.writeShort(0);
        o.writeShort(0);
        o.writeInt(1);
        o.writeByte(0xb1);
        o.writeShort(0);
        o.writeShort(0);
        o.writeShort(0); // class attributes
        return bytes.toByteArray();
    }

    private static final class Loader extends ClassLoader {
        Loader() {
            super(GeneratedClasses.class.getClassLoader());
        }

        Class<?> define(String name, byte[] b) {
            return defineClass(name, b, 0, b.length);
        }
    }
}
