package org.qmpi4j.agent.internal.binding;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.descriptorform.Vocabulary;

/**
 * One binding method that is (the Java binding of) one MPI function, with the parameter index of
 * each {@link Role}. Immutable. Rewritten bytecode refers to a mapping by its {@link #id()}, an
 * {@code int} constant that {@link BindingCatalog#mapping(int)} turns back into this object when
 * the call site is linked, so ids are dense and unique across all descriptors.
 */
public final class MethodMapping {
    /** {@link #role(Role)}: the receiver ({@code this}) of an instance method plays the role. */
    public static final int RECEIVER = Vocabulary.RECEIVER;
    /** {@link #role(Role)}: no parameter plays the role. */
    public static final int NONE = Vocabulary.NONE;
    /** {@link #role(Role)}: the method's return value plays the role (a new request). */
    public static final int RETURN = Vocabulary.RETURN;

    private final int id;
    private final BindingDescriptor binding;
    private final String owner;
    private final String name;
    private final String descriptor;
    private final boolean isStatic;
    private final MpiFunction function;
    private final int[] roles;
    private final boolean canonical;
    private final int parameterCount;
    /** The version its line is limited to ({@code in=}), or {@code null}: every version. */
    final String version;

    MethodMapping(
            int id,
            BindingDescriptor binding,
            String owner,
            String name,
            String descriptor,
            boolean isStatic,
            MpiFunction function,
            int[] roles,
            boolean canonical,
            int parameterCount,
            String version) {
        this.id = id;
        this.binding = binding;
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
        this.isStatic = isStatic;
        this.function = function;
        this.roles = roles.clone();
        this.canonical = canonical;
        this.parameterCount = parameterCount;
        this.version = version;
    }

    /** Global id, unique across all descriptors of a {@link BindingCatalog}, dense from 0. */
    public int id() {
        return id;
    }

    /** The descriptor this mapping comes from. */
    public BindingDescriptor bindingDescriptor() {
        return binding;
    }

    /** Internal name of the declaring class ({@code mpi/Comm}). */
    public String owner() {
        return owner;
    }

    /** Method name; {@code <init>} for a constructor. */
    public String name() {
        return name;
    }

    /** JVM method descriptor ({@code (Ljava/lang/Object;ILmpi/Datatype;II)V}). */
    public String descriptor() {
        return descriptor;
    }

    public boolean isStatic() {
        return isStatic;
    }

    /** Whether this is a constructor ({@code new Win(...)} is {@code MPI_WIN_CREATE}). */
    public boolean isConstructor() {
        return "<init>".equals(name);
    }

    public MpiFunction function() {
        return function;
    }

    /** Number of declared parameters (not counting the receiver). */
    public int parameterCount() {
        return parameterCount;
    }

    /**
     * Where the role is: a 0-based parameter index (not counting the receiver), {@link #RECEIVER},
     * {@link #RETURN} or {@link #NONE}.
     */
    public int role(Role role) {
        return roles[role.ordinal()];
    }

    /** Whether some parameter, the receiver or the return value plays the role. */
    public boolean has(Role role) {
        return roles[role.ordinal()] != NONE;
    }

    /** Whether this is the overload used when a tool invokes {@link #function()} by name. */
    public boolean canonical() {
        return canonical;
    }

    /** {@code owner.name descriptor}, as in error messages and logs. */
    public String methodKey() {
        return owner + '.' + name + descriptor;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append('#')
                .append(id)
                .append(' ')
                .append(binding.id())
                .append(' ')
                .append(methodKey())
                .append(" -> ")
                .append(function);
        for (Role r : Role.values()) {
            int at = roles[r.ordinal()];
            if (at != NONE) {
                sb.append(' ')
                        .append(r.keyword())
                        .append('=')
                        .append(at == RECEIVER ? "this" : at == RETURN ? "return" : Integer.toString(at));
            }
        }
        if (canonical) {
            sb.append(" canonical");
        }
        return sb.toString();
    }
}
