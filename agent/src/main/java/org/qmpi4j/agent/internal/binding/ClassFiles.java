package org.qmpi4j.agent.internal.binding;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import org.qmpi4j.api.Nullable;

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
    static @Nullable byte[] read(@Nullable ClassLoader loader, String internalName) {
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

    /**
     * Whether the class file declares a method {@code name} with JVM descriptor {@code desc}. Reads
     * the constant pool and the method table by hand (JVMS 4.1): recognising a binding happens
     * once per class loader, before the JIT has compiled anything, where ASM's {@code ClassReader}
     * (decoding every method's name and descriptor into strings through a visitor) costs several
     * times this. A malformed or truncated file declares nothing.
     */
    static boolean declaresMethod(byte[] classFile, String name, String desc) {
        try {
            return declares(classFile, modifiedUtf8(name), modifiedUtf8(desc));
        } catch (RuntimeException e) { // truncated or malformed: not the binding we know
            return false;
        }
    }

    private static boolean declares(byte[] b, byte[] name, byte[] desc) {
        if (u2(b, 0) != 0xCAFE || u2(b, 2) != 0xBABE) {
            return false;
        }
        int count = u2(b, 8);
        int[] entry = new int[count]; // offset of each constant pool entry's tag
        int p = 10;
        for (int i = 1; i < count; i++) {
            entry[i] = p;
            switch (b[p]) {
                case 1: // Utf8
                    p += 3 + u2(b, p + 1);
                    break;
                case 3: // Integer
                case 4: // Float
                case 9: // Fieldref
                case 10: // Methodref
                case 11: // InterfaceMethodref
                case 12: // NameAndType
                case 17: // Dynamic
                case 18: // InvokeDynamic
                    p += 5;
                    break;
                case 5: // Long
                case 6: // Double: two entries
                    p += 9;
                    i++;
                    break;
                case 7: // Class
                case 8: // String
                case 16: // MethodType
                case 19: // Module
                case 20: // Package
                    p += 3;
                    break;
                case 15: // MethodHandle
                    p += 4;
                    break;
                default:
                    return false;
            }
        }
        p += 6; // access flags, this class, super class
        p += 2 + 2 * u2(b, p); // interfaces
        p = skipMembers(b, p); // fields
        int methods = u2(b, p);
        p += 2;
        boolean found = false;
        for (int m = 0; m < methods; m++) {
            found |= utf8Is(b, entry[u2(b, p + 2)], name) && utf8Is(b, entry[u2(b, p + 4)], desc);
            p = skipAttributes(b, p + 6);
        }
        // Read to the end: a file cut short, or with bytes after its last attribute, is not one
        // the JVM would load.
        return found && skipAttributes(b, p) == b.length;
    }

    /** Past a field or method table that starts at {@code p}. */
    private static int skipMembers(byte[] b, int p) {
        int n = u2(b, p);
        p += 2;
        for (int i = 0; i < n; i++) {
            p = skipAttributes(b, p + 6);
        }
        return p;
    }

    /** Past an attribute table that starts at {@code p}. */
    private static int skipAttributes(byte[] b, int p) {
        int n = u2(b, p);
        p += 2;
        for (int i = 0; i < n; i++) {
            p += 6 + ((u2(b, p + 2) << 16) | u2(b, p + 4));
        }
        return p;
    }

    /** Whether the constant pool entry at {@code at} is the Utf8 entry of exactly these bytes. */
    private static boolean utf8Is(byte[] b, int at, byte[] s) {
        if (at <= 0 || b[at] != 1 || u2(b, at + 1) != s.length) {
            return false;
        }
        for (int i = 0; i < s.length; i++) {
            if (b[at + 3 + i] != s[i]) {
                return false;
            }
        }
        return true;
    }

    private static int u2(byte[] b, int at) {
        return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
    }

    /** A string as a class file's constant pool spells it (JVMS 4.4.7: "modified UTF-8"). */
    static byte[] modifiedUtf8(String s) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 1 && c <= 0x7F) {
                out.write(c);
            } else if (c <= 0x7FF) {
                out.write(0xC0 | (c >> 6));
                out.write(0x80 | (c & 0x3F));
            } else {
                out.write(0xE0 | (c >> 12));
                out.write(0x80 | ((c >> 6) & 0x3F));
                out.write(0x80 | (c & 0x3F));
            }
        }
        return out.toByteArray();
    }
}
