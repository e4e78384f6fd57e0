package org.qmpi4j.api.mpit;

import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * What the builders of control variables, performance variables and event types share: the
 * metadata the text gives all three (verbosity, enumeration, description, binding) with its
 * defaults and checks, in one place so that the three kinds cannot drift apart. Their public
 * builders delegate here and keep their own signatures and documentation.
 */
final class Metadata {
    private Verbosity verbosity = Verbosity.USER_BASIC;
    private @Nullable EnumType enumType;
    private String description = "";
    private BindType bind = BindType.NO_OBJECT;

    Verbosity verbosity() {
        return verbosity;
    }

    void verbosity(Verbosity v) {
        this.verbosity = Objects.requireNonNull(v);
    }

    @Nullable
    EnumType enumType() {
        return enumType;
    }

    void enumType(@Nullable EnumType e) {
        this.enumType = e;
    }

    String description() {
        return description;
    }

    /** {@code null} is the text's "no description", kept as {@code ""}. */
    void description(@Nullable String d) {
        this.description = d == null ? "" : d;
    }

    BindType bind() {
        return bind;
    }

    void bind(BindType b) {
        this.bind = Objects.requireNonNull(b);
    }

    /**
     * @param kind what lacks the name, with its article ("a control variable")
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} for an empty name
     */
    static void requireName(@Nullable String name, String kind) {
        if (name == null || name.isEmpty()) {
            throw new MpitException(ReturnCode.MPI_T_ERR_INVALID_NAME, kind + " needs a name");
        }
    }

    /**
     * @param what the start of the message, naming the variable
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID} for an enumeration of a variable
     *                       other than {@link MpitDatatype#INT}
     */
    void requireIntForEnumeration(MpitDatatype datatype, String what) {
        if (enumType != null && datatype != MpitDatatype.INT) {
            throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, what + "only MPI_INT variables have enumerations");
        }
    }
}
