package org.qmpi4j.descriptor;

import org.objectweb.asm.Type;
import org.qmpi4j.api.Nullable;

/**
 * A JVM method descriptor of a descriptor line, read with ASM's {@link Type} and held as the type
 * descriptors the line's checks and messages use. Stricter than {@link Type} alone, which reads
 * some malformed descriptors without complaint: a descriptor must read back to itself, and name
 * no {@code void} parameter and no class outside the internal-name form ({@code mpi/Comm}).
 */
final class MethodSignature {
    /** Parameter type descriptors, e.g. {@code I}, {@code [J}, {@code Lmpi/Comm;}. */
    final String[] params;
    /** The return type descriptor, {@code V} for none. */
    final String ret;

    private MethodSignature(String[] params, String ret) {
        this.params = params;
        this.ret = ret;
    }

    /** Reads {@code (params)ret}, or returns {@code null} if it is malformed. */
    static @Nullable MethodSignature parse(String desc) {
        if (desc.isEmpty() || desc.charAt(0) != '(') {
            return null;
        }
        Type[] args;
        Type ret;
        try {
            args = Type.getArgumentTypes(desc);
            ret = Type.getReturnType(desc);
        } catch (RuntimeException e) { // ASM's way to say "malformed": bounds or illegal-argument errors
            return null;
        }
        if (!Type.getMethodDescriptor(ret, args).equals(desc)) {
            return null;
        }
        String[] params = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            if (!isValueType(args[i])) {
                return null;
            }
            params[i] = args[i].getDescriptor();
        }
        if (ret.getSort() != Type.VOID && !isValueType(ret)) {
            return null;
        }
        return new MethodSignature(params, ret.getDescriptor());
    }

    /** A type a value can have: a primitive, a class by internal name, or an array of those. */
    private static boolean isValueType(Type t) {
        Type element = t.getSort() == Type.ARRAY ? t.getElementType() : t;
        switch (element.getSort()) {
            case Type.VOID:
            case Type.METHOD:
                return false;
            case Type.OBJECT:
                String name = element.getInternalName();
                return !name.isEmpty() && !DescriptorSource.containsAny(name, ".[()<>;");
            default:
                return true;
        }
    }

    static boolean isReference(String type) {
        return type.startsWith("L") || type.startsWith("[");
    }
}
