package org.qmpi4j.api.mpit;

import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * A control variable to add with {@link MpiT#registerCvar}. Built with {@link #builder}; the
 * description should say what the scope requires of writers (Section 14.3.6).
 */
public final class CvarDefinition {
    /** Everything {@link MpiT#cvarGetInfo} will answer: one class for both, so they cannot disagree. */
    private final CvarInfo info;

    private final CvarSource source;

    private CvarDefinition(Builder b) {
        Metadata m = b.metadata;
        this.info = new CvarInfo(b.name, m.verbosity(), b.datatype, m.enumType(), m.description(), m.bind(), b.scope);
        this.source = Objects.requireNonNull(b.source, "source"); // checked by build()
    }

    /** A builder; defaults: verbosity {@link Verbosity#USER_BASIC}, not bound, scope {@link Scope#LOCAL}. */
    public static Builder builder(String name, MpitDatatype datatype) {
        return new Builder(name, datatype);
    }

    /** The variable's name (also {@code info().name()}). */
    public String name() {
        return info.name();
    }

    /** What {@link MpiT#cvarGetInfo} returns for the variable: name, verbosity, datatype, enumeration, scope... */
    public CvarInfo info() {
        return info;
    }

    /** Where reads and writes of the variable go. */
    public CvarSource source() {
        return source;
    }

    /** Builds a {@link CvarDefinition}. */
    public static final class Builder {
        private final String name;
        private final MpitDatatype datatype;
        private final Metadata metadata = new Metadata();
        private Scope scope = Scope.LOCAL;
        private @Nullable CvarSource source;

        private Builder(String name, MpitDatatype datatype) {
            this.name = name;
            this.datatype = Objects.requireNonNull(datatype, "datatype");
        }

        // Setters alike in the three builders: each returns its own public Builder; Metadata does the work.
        public Builder verbosity(Verbosity v) {
            metadata.verbosity(v);
            return this;
        }

        public Builder enumType(@Nullable EnumType e) {
            metadata.enumType(e);
            return this;
        }

        public Builder description(@Nullable String d) {
            metadata.description(d);
            return this;
        }

        public Builder bind(BindType b) {
            metadata.bind(b);
            return this;
        }

        public Builder scope(Scope s) {
            this.scope = Objects.requireNonNull(s);
            return this;
        }

        public Builder source(CvarSource s) {
            this.source = s;
            return this;
        }

        /**
         * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} for an empty name,
         *                       {@link ReturnCode#MPI_T_ERR_INVALID} for an inconsistent definition
         */
        public CvarDefinition build() {
            Metadata.requireName(name, "a control variable");
            metadata.requireIntForEnumeration(datatype, "control variable " + name + ": ");
            if (source == null) {
                throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, "control variable " + name + " needs a source");
            }
            return new CvarDefinition(this);
        }
    }
}
