package org.qmpi4j.api.mpit;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.qmpi4j.api.Nullable;

/** Ready-made sources for control variables that are not bound to an MPI object. */
public final class CvarSources {
    private CvarSources() {}

    /**
     * An {@link MpitDatatype#INT} setting read and written through the given functions; {@code write}
     * may be {@code null} for a setting that never changes.
     */
    public static CvarSource intValue(IntSupplier read, @Nullable IntConsumer write) {
        Objects.requireNonNull(read);
        return object -> new CvarCell() {
            @Override
            public int count() {
                return 1;
            }

            @Override
            public Object read() {
                return new int[] {read.getAsInt()};
            }

            @Override
            public void write(Object value) {
                if (write == null) {
                    throw new MpitException(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, "this setting cannot be changed");
                }
                write.accept(((int[]) value)[0]);
            }
        };
    }

    /**
     * A {@link MpitDatatype#CHAR} setting of at most {@code maxBytes} UTF-8 bytes (the count is
     * {@code maxBytes + 1}); {@code write} may be {@code null} for a setting that never changes.
     */
    public static CvarSource stringValue(int maxBytes, Supplier<String> read, @Nullable Consumer<String> write) {
        Objects.requireNonNull(read);
        return object -> new CvarCell() {
            @Override
            public int count() {
                return maxBytes + 1;
            }

            @Override
            public Object read() {
                return read.get();
            }

            @Override
            public void write(Object value) {
                if (write == null) {
                    throw new MpitException(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, "this setting cannot be changed");
                }
                write.accept((String) value);
            }
        };
    }
}
