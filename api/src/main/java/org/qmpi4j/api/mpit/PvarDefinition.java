package org.qmpi4j.api.mpit;

import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * A performance variable to add with {@link MpiT#registerPvar}. Built with {@link #builder}; the
 * builder checks the text's rules for the class (allowed datatypes; enumerations only for
 * {@link MpitDatatype#INT}; atomic read-reset only for writable variables) and
 * {@link MpiT#registerPvar} checks that (name, class) is new.
 *
 * <p>Classes whose value is the resource's current state (state, level, size, percentage, generic)
 * are read-only: a user cannot set how full a queue is. Counters, aggregates, timers and
 * watermarks may be writable; writes and resets then apply to the handle only.
 *
 * <pre>{@code
 * PvarSources.Counter retries = PvarSources.counter();
 * mpit.registerPvar(PvarDefinition.builder("mytool_retries", PvarClass.COUNTER)
 *         .description("Retries of my tool").source(retries).build());
 * ...
 * retries.increment();   // on the tool's path; free while no handle is started
 * }</pre>
 */
public final class PvarDefinition {
    /** Everything {@link MpiT#pvarGetInfo} will answer: one class for both, so they cannot disagree. */
    private final PvarInfo info;

    private final double unit;
    private final PvarSource source;

    private PvarDefinition(Builder b) {
        Metadata m = b.metadata;
        this.info = new PvarInfo(
                b.name,
                m.verbosity(),
                b.varClass,
                b.datatype,
                m.enumType(),
                m.description(),
                m.bind(),
                b.readonly,
                b.continuous,
                b.atomic);
        this.unit = b.unit;
        this.source = Objects.requireNonNull(b.source, "source"); // checked by build()
    }

    /**
     * A builder with the class's usual defaults: datatype {@link MpitDatatype#UNSIGNED_LONG_LONG}
     * ({@link MpitDatatype#INT} for states, {@link MpitDatatype#DOUBLE} for percentages and timers),
     * verbosity {@link Verbosity#USER_BASIC}, not bound, startable (not continuous), read-only and
     * not atomic for current-value classes, writable and atomic for the others.
     */
    public static Builder builder(String name, PvarClass varClass) {
        return new Builder(name, varClass);
    }

    /** The variable's name (also {@code info().name()}). */
    public String name() {
        return info.name();
    }

    /** What {@link MpiT#pvarGetInfo} returns for the variable: name, class, datatype, binding, flags... */
    public PvarInfo info() {
        return info;
    }

    /** Multiplier from raw {@code long} values to the {@code double} a DOUBLE variable reads. */
    public double unit() {
        return unit;
    }

    /** Where the variable's values come from. */
    public PvarSource source() {
        return source;
    }

    /** Whether the class reports a current value rather than something kept per handle. */
    static boolean currentValueClass(PvarClass c) {
        return !c.accumulates() && !c.isWatermark();
    }

    /** Builds a {@link PvarDefinition}. */
    public static final class Builder {
        private final String name;
        private final PvarClass varClass;
        private final Metadata metadata = new Metadata();
        private MpitDatatype datatype;
        private boolean readonly;
        private boolean continuous;
        private boolean atomic;
        private double unit;
        private @Nullable PvarSource source;

        private Builder(String name, PvarClass varClass) {
            this.name = name;
            this.varClass = Objects.requireNonNull(varClass, "varClass");
            boolean current = currentValueClass(varClass);
            this.readonly = current;
            this.atomic = !current;
            switch (varClass) {
                case STATE:
                    datatype = MpitDatatype.INT;
                    break;
                case PERCENTAGE:
                    datatype = MpitDatatype.DOUBLE;
                    break;
                case TIMER:
                    datatype = MpitDatatype.DOUBLE;
                    break;
                default:
                    datatype = MpitDatatype.UNSIGNED_LONG_LONG;
            }
            this.unit = varClass == PvarClass.TIMER ? 1e-9 : 1.0;
        }

        // Setters alike in the three builders: each returns its own public Builder; Metadata does the work.
        public Builder verbosity(Verbosity v) {
            metadata.verbosity(v);
            return this;
        }

        public Builder datatype(MpitDatatype t) {
            this.datatype = Objects.requireNonNull(t);
            return this;
        }
        /** An enumeration for an {@link MpitDatatype#INT} variable (from {@link MpiT#registerEnum}). */
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

        public Builder readonly(boolean r) {
            this.readonly = r;
            return this;
        }

        public Builder continuous(boolean c) {
            this.continuous = c;
            return this;
        }

        public Builder atomic(boolean a) {
            this.atomic = a;
            return this;
        }

        /**
         * For {@link MpitDatatype#DOUBLE}: what one raw unit is worth. Timers default to 1e-9 (raw
         * nanoseconds read as seconds, the unit of {@code MPI_WTIME}); everything else to 1.
         */
        public Builder unit(double u) {
            this.unit = u;
            return this;
        }

        public Builder source(PvarSource s) {
            this.source = s;
            return this;
        }

        /**
         * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} for an empty name,
         *                       {@link ReturnCode#MPI_T_ERR_INVALID} for a definition the text does
         *                       not allow
         */
        public PvarDefinition build() {
            Metadata.requireName(name, "a performance variable");
            String what = "performance variable " + name + " (" + varClass + "): ";
            if (!varClass.allows(datatype)) {
                throw new MpitException(
                        ReturnCode.MPI_T_ERR_INVALID,
                        what + datatype + " is not allowed; allowed: " + varClass.datatypes());
            }
            metadata.requireIntForEnumeration(datatype, what);
            if (currentValueClass(varClass) && !readonly) {
                throw new MpitException(
                        ReturnCode.MPI_T_ERR_INVALID,
                        what + "reports the resource's current value, so it must be read-only");
            }
            if (atomic && readonly) {
                throw new MpitException(
                        ReturnCode.MPI_T_ERR_INVALID, what + "atomic read-reset needs a writable variable");
            }
            if (!(unit > 0) || Double.isInfinite(unit)) {
                throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, what + "unit must be positive and finite");
            }
            if (source == null) {
                throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, what + "needs a source");
            }
            return new PvarDefinition(this);
        }
    }
}
